"""Best-first search with a transposition table, safe moves, move ordering and budgets.

Results are `won` (with moves that are replayed through the checked engine before they are
reported), `lost` (proven: every reachable position was tried) or `unknown` (the budget ran
out first). The search is *thoughtful*: it knows every card's place, the stock order and the
cards under others included, as published solitaire studies do.
"""

from __future__ import annotations

import gc
from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from heapq import heappop, heappush
from itertools import chain
from time import perf_counter
from typing import Any, Literal, NamedTuple

from parlour.core.errors import ParamsError
from parlour.core.game import (
    LOST,
    UNKNOWN,
    WON,
    Exact,
    Game,
    OutOfBudget,
    SearchResult,
    out_of_time,
)
from parlour.core.moves import Move
from parlour.core.words import counted
from parlour.solver.expand import Expander, Line

Method = Literal["search", "game search", "exact"]  # whose search, or the exact algorithm
KNOWLEDGE = "thoughtful: every card's place known, the stock order and covered cards included"
_CLOCK_EVERY = 1024  # nodes between looks at the clock
FREEING = 1e-6  # seconds it takes to free the table and the frontier, a node (docs/design.md)


@dataclass(frozen=True)
class Budget:
    """How much the solver may spend on one position. By default ten seconds: the limit of
    positions only bounds the table's memory (a few hundred bytes a position), above the
    2.0 to 6.6 million that the games' searches were measured to open in ten seconds
    (docs/design.md, "The default budget is ten seconds")."""

    nodes: int = 8_000_000
    seconds: float = 10.0


DEFAULT_BUDGET = Budget()


@dataclass(frozen=True)
class Solution:
    """The solver's answer for one position."""

    result: SearchResult
    moves: tuple[Move, ...]  # the winning line when `won`
    nodes: int
    seconds: float
    method: Method
    guess: Move | None = None  # when `unknown`: the first move towards the most progress seen
    knowledge: str = KNOWLEDGE

    def to_json(self) -> dict[str, Any]:
        return {
            "result": self.result,
            "moves": [str(m) for m in self.moves],
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
            "method": self.method,
            "knowledge": self.knowledge,
        }


def solve(
    game: Game[Any, Any], state: Any, budget: Budget = DEFAULT_BUDGET, *, hooks: bool = True
) -> Solution:
    """Decide whether `state` can be won, within `budget`. Without `hooks` the game's exact
    algorithm, safe moves and move ordering are left out: plain search, for comparison."""
    require_one_player(game)
    with _cyclic_gc_paused():
        return _decided(game, state, budget, hooks)


def require_one_player(game: Game[Any, Any]) -> None:
    """The solver knows every card and plays alone: a game for two is refused, in words."""
    if len(game.info.seats) > 1:
        raise ParamsError(f"the solver plays one-player games; {game.info.name} has two players")


@contextmanager
def _cyclic_gc_paused() -> Iterator[None]:
    """A search makes millions of tuples and keeps them in its table, but no cycles worth
    collecting before it ends, so the cyclic collector would only walk that growing table again
    and again (12-18% of The Four Corners' and Heads and Tails' search time): it waits until the
    search is over, while reference counting frees as ever."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _decided(game: Game[Any, Any], state: Any, budget: Budget, hooks: bool) -> Solution:
    start = perf_counter()
    exact = game.solve_exact(state) if hooks else None
    if exact is not None:
        moves = _verified(game, state, exact.moves) if exact.won else ()
        return Solution(
            WON if exact.won else LOST, moves, len(moves), perf_counter() - start, "exact"
        )
    own = game.search(state, budget.nodes, budget.seconds) if hooks else None
    if own is not None:
        moves = _verified(game, state, own.moves) if own.result == WON else ()
        seconds = perf_counter() - start
        return Solution(own.result, moves, own.nodes, seconds, "game search", own.guess)
    search = _Search(game, budget, start, hooks)
    try:
        line = search.run(state)
    except OutOfBudget:
        line = None
        search.complete = False
    if line is None:
        seconds = perf_counter() - start
        if not search.complete:
            return Solution(UNKNOWN, (), search.nodes, seconds, "search", search.guess)
        return Solution(LOST, (), search.nodes, seconds, "search")
    moves = _verified(game, state, line)
    return Solution(WON, moves, search.nodes, perf_counter() - start, "search")


def _verified(game: Game[Any, Any], state: Any, moves: tuple[Move, ...]) -> tuple[Move, ...]:
    """`moves` after replaying them through the checked engine to a win."""
    for move in moves:
        state = game.apply(state, move)
    if game.outcome(state) != WON:
        raise AssertionError(f"the solver's line does not win {game.info.name}: a solver bug")
    return moves


class _Search:
    def __init__(self, game: Game[Any, Any], budget: Budget, start: float, hooks: bool) -> None:
        self.game = game
        self.hooks = hooks
        self.budget = budget
        self.deadline = start + budget.seconds
        self.nodes = 0
        self.guess: Move | None = None
        self.expander = Expander(game, self._count, hooks)
        self.complete = True  # whether an exhausted search proves the loss
        self.part_lines: dict[Hashable, tuple[Move, ...] | None] = {}
        self._best_progress = float("-inf")

    def run(self, root: Any, *, whole: bool = True) -> tuple[Move, ...] | None:
        """A winning line from `root`, or None; `whole` is False for a part of a position.

        Best first: the open position of most progress is expanded next; among equals, the
        children of the latest expansion, in the order the steps came. So the search dives
        along its most promising line and, when that line stalls, resumes from the best
        position seen anywhere rather than from the deepest one. Every reachable position is
        still opened once, so an exhausted search proves the loss."""
        game = self.game
        outcome = game.outcome(root)
        if outcome is not None:
            return () if outcome == WON else None
        split = self._from_parts(root) if self.hooks else None
        if split is not None:
            return split.moves if split.won else None
        seen: set[Hashable] = {game.canonical_key(root)}
        # (minus progress, minus the expansion that opened it, its place among its siblings)
        frontier: list[tuple[float, int, int, Any, _Trail | None]] = [(0.0, 0, 0, root, None)]
        expansions = 0
        while frontier:
            *_, state, trail = heappop(frontier)
            expansions += 1
            for place, (line, child) in enumerate(self.expander.steps(state)):
                key = game.canonical_key(child)
                if key in seen:
                    continue
                seen.add(key)
                exact = self._decided(child)
                if exact is not None:
                    if exact.won:
                        return (*_moves(trail), *line, *exact.moves)
                    continue
                outcome = game.outcome(child)
                if outcome == WON:
                    return (*_moves(trail), *line)
                if outcome == LOST:
                    continue
                progress = game.progress(child) if self.hooks else 0.0
                heappush(frontier, (-progress, -expansions, place, child, _Trail(line, trail)))
                if whole:
                    self._note_progress(progress, line, trail)
        self.complete = self.expander.complete
        return None

    def _decided(self, state: Any) -> Exact | None:
        """A decision without searching on from `state`: the game's proof of a dead end, its
        exact algorithm, or its independent parts each decided by a search of their own
        (remembered, as parts recur)."""
        if not self.hooks:
            return None
        if self.game.hopeless(state):
            return Exact(False)
        exact = self.game.solve_exact(state)
        return self._from_parts(state) if exact is None else exact

    def _from_parts(self, state: Any) -> Exact | None:
        parts = self.game.parts(state)
        if parts is None:
            return None
        moves: list[Move] = []
        for part in parts:
            key = self.game.key(part)
            if key not in self.part_lines:
                self.part_lines[key] = self.run(part, whole=False)
            line = self.part_lines[key]
            if line is None:
                return Exact(False)
            moves += line
        return Exact(True, tuple(moves))

    def _count(self) -> None:
        self.nodes += 1
        if self.nodes >= self.budget.nodes:
            raise OutOfBudget
        if self.nodes % _CLOCK_EVERY == 0 and out_of_time(self.deadline, self.nodes * FREEING):
            raise OutOfBudget

    def _note_progress(self, progress: float, line: Line, trail: _Trail | None) -> None:
        if progress > self._best_progress:
            self._best_progress = progress
            self.guess = _moves(trail)[0] if trail is not None else line[0]


class _Trail(NamedTuple):
    """The steps that led to an open position, last first, sharing their common start."""

    line: Line
    before: _Trail | None


def _moves(trail: _Trail | None) -> tuple[Move, ...]:
    """The moves of `trail` from the root on."""
    lines: list[Line] = []
    while trail is not None:
        lines.append(trail.line)
        trail = trail.before
    return tuple(chain.from_iterable(reversed(lines)))


@dataclass(frozen=True)
class Hint:
    """What to play next, and how sure the solver is."""

    move: Move | None
    status: Literal["winning", "no winning line", "best guess", "game over"]
    solution: Solution

    def describe(self) -> str:
        if self.status == "winning":
            return f"{self.move} (a winning line: {counted(len(self.solution.moves), 'move')})"
        if self.status == "no winning line":
            return "no winning line from here"
        if self.status == "game over":
            return "the game is over"
        return f"{self.move} (best guess: the solver ran out of budget before deciding)"


def hint(game: Game[Any, Any], state: Any, budget: Budget = DEFAULT_BUDGET) -> Hint:
    """The next move of a winning line, "no winning line" when proven, else a best guess."""
    if game.outcome(state) is not None:
        return Hint(None, "game over", solve(game, state, budget))
    solution = solve(game, state, budget)
    if solution.result == WON:
        return Hint(solution.moves[0], "winning", solution)
    if solution.result == LOST:
        return Hint(None, "no winning line", solution)
    fallback = solution.guess or game.order_moves(state, game.legal_moves(state))[0]
    return Hint(fallback, "best guess", solution)
