"""What the agents know of the Wrangle, read from its interface alone: pile names
(`north-reserve`, `south-aux-3`, `foundation-5` …), pile sizes and the moves on offer.

`priority` is the hand-written order of the greedy player (and of the searching player's
playouts). It does not import the game: it works on names and sizes, so it serves an
observation and a sampled state alike.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import cache

from parlour.core.cards import Card
from parlour.core.moves import Move

SEATS = ("north", "south")


@cache
def place(pile: str) -> tuple[str, str]:
    """`north-aux-3` → (`north`, `aux`); `foundation-5` → (``, `foundation`)."""
    owner, _, rest = pile.partition("-")
    if owner not in SEATS:
        return "", owner
    return owner, rest.partition("-")[0]


def opponent(seat: str) -> str:
    return SEATS[1 - SEATS.index(seat)]


def priority(move: Move, me: str, sizes: Mapping[str, int]) -> int:
    """Higher is better. Free plays: the reserve first (the text's advice), then the
    auxiliaries to the foundations, turning last. A turned card: a foundation, then loading
    the opponent's reserve, then his waste, then an auxiliary heap; one's own reserve is fed
    only when nothing else takes the card, and the waste ends the turn. An ace starts the
    first empty foundation rather than another (which one changes nothing, WR-2)."""
    if not move.is_transfer:
        return 1 if move.action == "turn" else 0
    worth = _worth(move, me, sizes)
    if place(move.target)[1] == "foundation" and _later_empty(move.target, sizes):
        return worth - 1
    return worth


def _worth(move: Move, me: str, sizes: Mapping[str, int]) -> int:
    source = place(move.source)[1]
    owner, target = place(move.target)
    if source == "reserve":
        if target == "foundation":
            return 100
        return 90 if sizes[move.target] else 70
    if source == "aux":
        return 80
    if target == "foundation":
        return 60
    if target == "reserve":
        return 55 if owner != me else 20
    if target == "waste":
        return 50 if owner != me else 10
    return 40 if sizes[move.target] else 30


def _later_empty(foundation: str, sizes: Mapping[str, int]) -> bool:
    """Whether `foundation` is empty while one numbered before it is empty too."""
    number = int(foundation.rpartition("-")[2])
    earlier = (sizes[f"foundation-{n}"] for n in range(1, number))
    return not sizes[foundation] and not all(earlier)


class PileSizes(Mapping[str, int]):
    """The sizes of a state's piles, each counted when asked for: the priority and the race
    judge read a few of the twenty-six."""

    def __init__(self, piles: Mapping[str, Sequence[Card]]) -> None:
        self._piles = piles

    def __getitem__(self, name: str) -> int:
        return len(self._piles[name])

    def __iter__(self) -> Iterator[str]:
        return iter(self._piles)

    def __len__(self) -> int:
        return len(self._piles)
