"""A greedy player of the one-player games, playing from what the player sees (`Game.observe`).

It knows no unseen card: not the stock, not what lies under a reserve's or heap's top. Each
turn it takes the first listed move of the highest tier, and gives the game up when only
moves of no tier are left:

1. a discard (Royal Marriage), the one removing most cards; a move to a foundation, one that
   uncovers or empties its pile first;
2. a build onto a card that uncovers an unseen card or empties its pile;
3. dealing or redealing.

Grace moves, builds that uncover nothing and moves into spaces are never played: they could
undo each other for ever, and deciding when they help takes foresight the player lacks. A
build may still bring back a card seen before (taking a card back to the heap it came from), so
the player remembers the positions it has seen: in one seen before it plays no builds. Every
other tiered move adds a foundation card, discards or spends the stock, so play always ends.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping

from parlour.agents.base import Observation
from parlour.agents.simple import legal
from parlour.core.moves import Move

FOUNDATION_PREFIXES = ("ace-", "king-", "foundation-")
STOCK_ACTIONS = frozenset({"deal", "redeal"})
DISCARD = "discard"
BUILD = 2


class GreedyPatience:
    """The tiered greedy strategy above, for one game; deterministic (ties go to the first
    listed move). A policy of `parlour odds`, not an `Agent`: a patience player may give the
    game up, which a computer opponent of the Wrangle never does."""

    def __init__(self) -> None:
        self._seen: set[Hashable] = set()

    def choose(self, observation: Observation) -> Move | None:
        """The move to play, or None to give the game up."""
        piles, sizes = observation["piles"], observation["sizes"]
        view = tuple((name, tuple(cards), sizes[name]) for name, cards in piles.items())
        builds = view not in self._seen
        self._seen.add(view)
        best: tuple[int, int] | None = None
        chosen = None
        for move in legal(observation):  # the listed moves: never a grace's card choice
            tier = _tier(move, piles, sizes)
            if tier is not None and (builds or tier[0] != BUILD) and (best is None or tier > best):
                best, chosen = tier, move
        return chosen


def _tier(
    move: Move, piles: Mapping[str, list[str]], sizes: Mapping[str, int]
) -> tuple[int, int] | None:
    if move.is_transfer:
        frees = sizes[move.source] == 1 or sizes[move.source] > len(piles[move.source])
        if move.target.startswith(FOUNDATION_PREFIXES):
            return (3, int(frees))
        return (BUILD, 0) if frees and sizes[move.target] else None
    if move.action == DISCARD:
        return (3, len(move.cards))
    return (1, 0) if move.action in STOCK_ACTIONS else None
