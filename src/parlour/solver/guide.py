"""Hints a player can follow to the end.

Each hint from scratch is the first move of whatever winning line the solver finds from there,
and two positions may each find a line through the other (a card built one way, then back), so
hints followed one by one could go round for ever. A `Guide` remembers the last winning line
and the positions along it: while the player stays on it, the next hint is the line's next
move, so following hints wins. Leaving the line (another move, an automatic move the line did
not make, an undo to elsewhere) asks the solver again.

Where nothing is remembered between hints (`parlour hint --load`, one process a hint), the
game's own past stands in for the line: `hint_onward` never hints a move back to a position
the game has been in while a winning move to a new one is found.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from parlour.core.game import WON, Game
from parlour.solver.search import DEFAULT_BUDGET, Budget, Hint, Solution, hint, solve


class Guide:
    """The hints of one game being played, kept to one winning line once one is found."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game
        self._line: Solution | None = None
        self._states: list[Any] = []  # the positions before each move of the line

    def hint(self, state: Any, budget: Budget = DEFAULT_BUDGET) -> Hint:
        """The next move of the winning line `state` is on, else the solver's hint from it."""
        place = self._place(state)
        if self._line is not None and place is not None:
            rest = self._line.moves[place:]
            return Hint(rest[0], "winning", replace(self._line, moves=rest))
        found = hint(self.game, state, budget)
        self._follow(state, found.solution)
        return found

    def _place(self, state: Any) -> int | None:
        return next((i for i, seen in enumerate(self._states) if seen == state), None)

    def _follow(self, state: Any, solution: Solution) -> None:
        self._line, self._states = None, []
        if solution.result != WON or not solution.moves:
            return
        self._line = solution
        for move in solution.moves:
            self._states.append(state)
            state = self.game.apply_unchecked(state, move)


def hint_onward(
    game: Game[Any, Any], state: Any, passed: Sequence[Any], budget: Budget = DEFAULT_BUDGET
) -> Hint:
    """The solver's hint from `state`, a position of a game that has been through `passed`;
    where it leads back to one of them, the first other move to a new position from which a
    win is found (those searches share one more `budget`). Followed one call at a time, such
    hints never come back to a position, so they end; where no new position is found won,
    the solver's hint stands."""
    found = hint(game, state, budget)
    if found.move is None or game.apply_unchecked(state, found.move) not in passed:
        return found
    onward = [
        (move, after)
        for move in game.legal_moves(state)
        if move != found.move and (after := game.apply_unchecked(state, move)) not in passed
    ]
    share = Budget(
        max(1, budget.nodes // max(1, len(onward))), budget.seconds / max(1, len(onward))
    )
    for move, after in onward:
        line = solve(game, after, share)
        if line.result == WON:
            return Hint(move, "winning", replace(line, moves=(move, *line.moves)))
    return found
