"""The searching player: determinization with rollouts that reach past the end of the turn.

At each decision the unseen cards (stocks, cards under the reserve and waste tops) are dealt at
random, consistently with the observation, several times (`Determinizable`). On each sample
every distinct candidate move is played, then the rest of this turn and the opponent's whole
next turn by the greedy priority, and the position reached is judged (`wrangle_sense.value`).
The move with the best total over the samples is chosen; the same samples serve every
candidate, so their comparison is fair. Thinking is bounded per turn: past the budget, the
greedy choice is played at once.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from random import Random
from typing import Any

from parlour.agents.base import Determinizable, Observation
from parlour.agents.simple import legal
from parlour.agents.wrangle_sense import place, priority, value
from parlour.core.game import Game
from parlour.core.moves import Move

Clock = Callable[[], float]


class StrongAgent:
    """Determinized flat search over the moves of a turn, within a time budget per turn."""

    name = "strong"

    def __init__(
        self, samples: int = 8, seconds_per_turn: float = 1.0, clock: Clock = time.perf_counter
    ) -> None:
        self.samples = samples
        self.seconds_per_turn = seconds_per_turn
        self.clock = clock
        self._turn: Any = None
        self._spent = 0.0

    def choose(self, game: Game[Any, Any], observation: Observation, rng: Random) -> Move:
        if not isinstance(game, Determinizable):
            raise TypeError(f"{game.info.name} cannot sample unseen cards for the strong player")
        start = self.clock()
        turn = (observation["player"], observation.get("turn"))
        if turn != self._turn:
            self._turn, self._spent = turn, 0.0
        moves = candidates(observation)
        me = observation["player"]
        if len(moves) == 1 or self._spent >= self.seconds_per_turn:
            return max(moves, key=lambda m: priority(m, me, observation["sizes"]))
        deadline = start + min(self.seconds_per_turn - self._spent, self.seconds_per_turn / 2)
        totals = [0.0] * len(moves)
        for done in range(self.samples):
            if done and self.clock() > deadline:
                break
            sample = game.determinize(observation, rng)
            for index, move in enumerate(moves):
                totals[index] += rollout(game, game.apply_unchecked(sample, move), me)
        self._spent += self.clock() - start
        sizes = observation["sizes"]
        best = max(range(len(moves)), key=lambda i: (totals[i], priority(moves[i], me, sizes)))
        return moves[best]


def candidates(observation: Observation) -> list[Move]:
    """The legal moves with those of the same effect folded: the same card onto equal tops of
    the same kind of pile (two foundations at 4S, two empty heaps …) is one choice."""
    piles = observation["piles"]
    chosen: dict[tuple[Any, ...], Move] = {}
    for move in legal(observation):
        if move.is_transfer:
            owner, kind = place(move.target)
            key: tuple[Any, ...] = (move.source, kind, owner if kind != "aux" else "")
            key += (tuple(piles[move.target][-1:]),)
        else:
            key = (move.action,)
        chosen.setdefault(key, move)
    return list(chosen.values())


def rollout(game: Game[Any, Any], state: Any, me: str) -> float:
    """Greedy play to the end of the opponent's next turn, then the value for `me`."""
    turns_left = 2 if game.to_move(state) == me else 1
    mover = game.to_move(state)
    while mover is not None:
        sizes = {name: len(cards) for name, cards in game.piles(state).items()}
        moves = game.legal_moves(state)
        state = game.apply_unchecked(state, max(moves, key=lambda m: priority(m, mover, sizes)))
        now = game.to_move(state)
        if now != mover:
            turns_left -= 1
            if not turns_left:
                break
        mover = now
    sizes = {name: len(cards) for name, cards in game.piles(state).items()}
    return value(me, sizes, game.outcome(state))
