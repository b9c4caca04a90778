"""The random player and the greedy player (a hand-written priority, `wrangle_sense.priority`)."""

from __future__ import annotations

from random import Random
from typing import Any

from parlour.agents.base import Observation
from parlour.agents.wrangle_sense import priority
from parlour.core.game import Game
from parlour.core.moves import Move, parse_move


def legal(observation: Observation) -> list[Move]:
    return [parse_move(text) for text in observation["legal_moves"]]


class RandomAgent:
    """Any legal move, uniformly."""

    name = "random"
    description = "a random player"

    def choose(self, game: Game[Any, Any], observation: Observation, rng: Random) -> Move:
        return rng.choice(legal(observation))


class GreedyAgent:
    """The move of highest priority; ties broken at random."""

    name = "greedy"
    description = "a greedy player"

    def choose(self, game: Game[Any, Any], observation: Observation, rng: Random) -> Move:
        me, sizes = observation["player"], observation["sizes"]
        moves = legal(observation)
        ranks = [priority(m, me, sizes) for m in moves]
        best = max(ranks)
        return rng.choice([m for m, r in zip(moves, ranks, strict=True) if r == best])
