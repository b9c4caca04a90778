"""The steps the search takes from a position: single moves, or for games that group their moves
(`Game.move_group`) one group's rearrangements followed by a move that is not a rearrangement.

Grouped games build their positions up suit by suit; played one move at a time, the search
would visit every interleaving of the suits' rearrangements. A step here instead explores one
group's rearrangements alone (a small space), and ends with one of that group's other moves:
the game's promise that rearrangements commute with the other groups' moves means every
winning line can be reordered into such steps, so nothing is lost.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from itertools import product
from typing import Any

from parlour.core.game import Game, MoveGroup
from parlour.core.moves import Move

Line = tuple[Move, ...]
Step = tuple[Line, Any]  # the moves of one step and the position they reach
MAX_COMBINATIONS = 4096  # rearrangements of every group tried before a move of no group


@dataclass
class Expander:
    """Steps from positions of one game, counting each move applied through `count`."""

    game: Game[Any, Any]
    count: Callable[[], None]
    hooks: bool = True
    complete: bool = True  # False once a step list was cut short: a loss is then not proven

    def steps(self, state: Any) -> Iterator[Step]:
        """The steps from `state`, the most promising first: its safe move alone if it has one,
        else single moves in the game's order, or grouped steps when the game groups moves."""
        game = self.game
        if not self.hooks:
            return (((m,), self._apply(state, m)) for m in game.legal_moves(state))
        safe = game.safe_move(state)
        if safe is not None:
            return iter((((safe,), self._apply(state, safe)),))
        moves = game.legal_moves(state)
        groups = {m: game.move_group(state, m) for m in moves}
        if all(g is None for g in groups.values()):
            ordered = game.order_moves(state, moves)
            return (((m,), self._apply(state, m)) for m in ordered)
        return iter(self._grouped_steps(state, moves, groups))

    def _apply(self, state: Any, move: Move) -> Any:
        self.count()
        return self.game.apply_unchecked(state, move)

    def _grouped_steps(
        self, state: Any, moves: tuple[Move, ...], groups: dict[Move, MoveGroup | None]
    ) -> list[Step]:
        game = self.game
        found: list[Step] = []
        arrangements: list[list[Step]] = []
        for group in dict.fromkeys(g.group for g in groups.values() if g is not None):
            arrangements.append(self._rearrangements(state, moves, group, found))
        found.sort(key=lambda step: (-game.progress(step[1]), len(step[0])))
        if any(groups[m] is None for m in moves):  # tried last: they reshape the whole game
            found += self._ungrouped_steps(state, arrangements)
        return found

    def _rearrangements(
        self, state: Any, moves: tuple[Move, ...], group: Hashable, found: list[Step]
    ) -> list[Step]:
        """Every position `group`'s rearrangements reach from `state` (breadth first, so by the
        fewest moves), adding to `found` the steps that end with another move of the group."""
        game = self.game
        seen = {game.canonical_key(state)}
        reached: list[Step] = [((), state)]
        for line, here in reached:  # grows as it goes
            ends: list[Move] = []
            for move in game.legal_moves(here) if line else moves:
                kind = game.move_group(here, move)
                if kind is None or kind.group != group:
                    continue
                if not kind.rearranging:
                    ends.append(move)
                    continue
                after = self._apply(here, move)
                key = game.canonical_key(after)
                if key not in seen:
                    seen.add(key)
                    reached.append(((*line, move), after))
            safe = game.safe_move(here) if line else None
            if safe is not None and safe in ends:
                ends = [safe]
            found += [((*line, end), self._apply(here, end)) for end in ends]
        return reached

    def _ungrouped_steps(self, state: Any, arrangements: list[list[Step]]) -> list[Step]:
        """Moves of no group after every combination of the groups' rearrangements."""
        game = self.game
        found: list[Step] = []
        for number, combination in enumerate(product(*arrangements)):
            if number == MAX_COMBINATIONS:
                self.complete = False
                break
            line: Line = ()
            here = state
            for part, _ in combination:
                for move in part:
                    here = self._apply(here, move)
                line += part
            for move in game.legal_moves(here):
                if game.move_group(here, move) is None:
                    found.append(((*line, move), self._apply(here, move)))
        return found
