"""The Four Corners' deal (FC-2) on the foundations' heights alone: the engine's deal and its
search's redeals are this one function, compiled with the search, which redeals at a great
many positions.
"""

from __future__ import annotations

from typing import Final

from parlour.core.cards import Card
from parlour.games.twin_foundations import Piles

HEAP_COUNT: Final = 12
CORNERS: Final = frozenset({0, 5, 6, 11})  # heaps 1, 6, 7, 12
# FC-1: the side heap beside each foundation, by suit S H D C: heaps 2-5 by the aces, 8-11 by
# the kings.
BESIDE_ACE: Final = (1, 2, 3, 4)
BESIDE_KING: Final = (7, 8, 9, 10)


def deal_heights(
    cards: tuple[Card, ...], heights: tuple[int, ...]
) -> tuple[Piles, tuple[int, ...]]:
    """FC-2 on the foundations' heights (aces S H D C, then kings): deal `cards` to the heaps in
    order, round and round, a card going up instead when it is the first ace or king of its
    suit, or the next card of a foundation falling on a corner or on the side heap beside that
    foundation (the ace foundation first, for a corner card fitting both); the next card then
    goes to the same heap. The heaps come back bottom to top, with the new heights."""
    up = list(heights)
    heaps: list[list[Card]] = [[] for _ in range(HEAP_COUNT)]
    spot = 0
    for card in cards:
        foundation = _goes_up(card, spot, up)
        if foundation is None:
            heaps[spot].append(card)
            spot = (spot + 1) % HEAP_COUNT
        else:
            up[foundation] += 1
    return tuple(map(tuple, heaps)), tuple(up)


def _goes_up(card: Card, spot: int, up: list[int]) -> int | None:
    """The foundation (index into the heights) a card dealt to `spot` goes to (FC-2): the next
    card of a foundation falling on a corner or on the side heap beside that foundation, the
    ace foundation first; else the first ace or king of its suit from any heap. So a first
    king that the ace foundation wants next, falling where that foundation takes its cards,
    goes to it, and the second king starts the king foundation (docs/design.md)."""
    suit, rank = card // 13, card % 13  # not divmod, whose tuple compiled code has to build
    aces, kings = up[suit], up[4 + suit]
    corner = spot in CORNERS
    if aces and rank == aces and (corner or spot == BESIDE_ACE[suit]):
        return suit
    if rank == 0 and not aces:
        return suit
    if rank == 12 and not kings:
        return 4 + suit
    if kings and rank == 12 - kings and (corner or spot == BESIDE_KING[suit]):
        return 4 + suit
    return None
