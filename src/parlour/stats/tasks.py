"""Deciding one chunk of deals: the work a worker process does, from picklable arguments only.

Every policy is deterministic, so a deal's result never depends on the worker, the executor or
the machine's load:

* `solver`: the solver with a node budget and no time limit (a time limit would make the
  answer of a deal near the limit depend on how busy the machine is);
* `greedy`: `parlour.agents.patience.GreedyPatience`, which plays from observations only;
* `strong` (two-player games): the strong player against itself, its random choices seeded by
  the deal number and its per-turn time limit lifted, for the same reason as the solver's.

A row's `nodes` is the solver's positions, or the moves played by the other policies.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from random import Random
from time import perf_counter
from typing import Any

from parlour.agents.match import play_game
from parlour.agents.patience import GreedyPatience
from parlour.agents.strong import StrongAgent
from parlour.core.errors import ParamsError
from parlour.core.game import DRAW, LOST, WON, Game
from parlour.games import get_game
from parlour.solver import Budget, solve

SOLVER, GREEDY, STRONG = "solver", "greedy", "strong"
ODDS_BUDGET = 2_000_000  # the solver's positions a deal when a run names no budget
ONE_PLAYER_POLICIES = (SOLVER, GREEDY)
MAX_GREEDY_MOVES = 100_000  # far beyond any game's length: reaching it is a policy bug

Row = tuple[int, str, int, float]  # deal, result, nodes or moves, seconds


@dataclass(frozen=True)
class Task:
    """What to do with every deal of a run."""

    game: str
    params: Any
    policy: str
    budget: int  # the solver's node budget; 0 for the other policies

    def check(self) -> Task:
        """This task, or a `ParamsError` if the policy does not fit the game."""
        two_players = len(get_game(self.game).info.seats) > 1
        allowed = (STRONG,) if two_players else ONE_PLAYER_POLICIES
        if self.policy not in allowed:
            raise ParamsError(
                f'policy "{self.policy}" does not fit {self.game}: choose from {", ".join(allowed)}'
            )
        return self


def run_chunk(task: Task, deals: Sequence[int]) -> list[Row]:
    """The row of every deal in `deals`, in order."""
    game = get_game(task.game)
    decide = {SOLVER: _solved, GREEDY: _greedy, STRONG: _strong}[task.policy]
    rows = []
    for deal in deals:
        start = perf_counter()
        result, nodes = decide(game, task, deal)
        rows.append((deal, result, nodes, perf_counter() - start))
    return rows


def _solved(game: Game[Any, Any], task: Task, deal: int) -> tuple[str, int]:
    solution = solve(game, game.new(task.params, deal=deal), Budget(task.budget, math.inf))
    return solution.result, solution.nodes


def _greedy(game: Game[Any, Any], task: Task, deal: int) -> tuple[str, int]:
    player = GreedyPatience()
    state = game.new(task.params, deal=deal)
    for moves in range(MAX_GREEDY_MOVES):
        observation = game.observe(state)
        move = player.choose(observation)  # None once the game is over, or given up
        if move is None:
            return (WON if observation["outcome"] == WON else LOST), moves
        state = game.apply_unchecked(state, move)  # a move the observation listed as legal
    raise RuntimeError(f"the greedy player did not finish deal {deal} of {game.info.name}")


def _strong(game: Game[Any, Any], task: Task, deal: int) -> tuple[str, int]:
    first = game.to_move(game.new(task.params, deal=deal))
    moves = []
    agents = [StrongAgent(seconds_per_turn=math.inf) for _ in game.info.seats]
    outcome, _, _ = play_game(
        game, agents, task.params, deal, Random(deal), on_move=lambda _, m: moves.append(m)
    )
    result = DRAW if outcome == DRAW else WON if outcome == first else LOST
    return result, len(moves)
