"""The search opens the position of most progress first: a winning line that the game's
progress points to is found at once, though the moves listed first lead into a wide dead end."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, replace

from parlour.core.cards import Card
from parlour.core.game import LOST, WON, Game, GameInfo
from parlour.core.moves import Move, action
from parlour.solver import Budget, solve

LEFT, RIGHT = action("left"), action("right")
DEPTH = 18
WAY = (RIGHT, LEFT, RIGHT, RIGHT) * 4 + (LEFT, RIGHT)  # the one winning line, DEPTH moves


@dataclass(frozen=True)
class MazeParams:
    pass


@dataclass(frozen=True, slots=True)
class MazeState:
    params: MazeParams
    deal: int | None
    taken: tuple[Move, ...] = ()


class Maze(Game[MazeState, MazeParams]):
    """Two turns at every step, DEPTH steps, one way out: 2^DEPTH lines in all."""

    info = GameInfo("maze", "Maze", "A test game.", MazeParams, "1")

    def ordered_deck(self, params: MazeParams) -> tuple[Card, ...]:
        return ()

    def start(self, params: MazeParams, deck: tuple[Card, ...], deal: int | None) -> MazeState:
        return MazeState(params, deal)

    def legal_moves(self, state: MazeState) -> tuple[Move, ...]:
        return () if len(state.taken) == DEPTH else (LEFT, RIGHT)

    def apply_unchecked(self, state: MazeState, move: Move) -> MazeState:
        return replace(state, taken=(*state.taken, move))

    def outcome(self, state: MazeState) -> str | None:
        if len(state.taken) < DEPTH:
            return None
        return WON if state.taken == WAY else LOST

    def progress(self, state: MazeState) -> float:
        """How many steps agree with the way out, counted from the start."""
        agreeing = 0
        for move, right in zip(state.taken, WAY, strict=False):
            if move != right:
                break
            agreeing += 1
        return float(agreeing)

    def piles(self, state: MazeState) -> Mapping[str, tuple[Card, ...]]:
        return {}

    def with_piles(self, state: MazeState, piles: Mapping[str, tuple[Card, ...]]) -> MazeState:
        return state

    def key(self, state: MazeState) -> Hashable:
        return state.taken


MAZE = Maze()


def test_the_line_progress_points_to_is_followed_first() -> None:
    solution = solve(MAZE, MAZE.new(deck=()), Budget(nodes=100))
    assert solution.result == "won"
    assert solution.moves == WAY
    assert solution.nodes <= 2 * DEPTH


def test_without_progress_the_same_budget_is_spent_in_the_dead_end() -> None:
    solution = solve(MAZE, MAZE.new(deck=()), Budget(nodes=100), hooks=False)
    assert solution.result == "unknown"


def test_an_exhausted_best_first_search_still_proves_the_loss() -> None:
    lost = MazeState(MazeParams(), None, (LEFT,) * 10)  # the way out turns right first
    solution = solve(MAZE, lost, Budget(nodes=10_000))
    assert solution.result == "lost"
    assert solution.nodes == 2 ** (DEPTH - 10 + 1) - 2  # every line of the last 8 steps
