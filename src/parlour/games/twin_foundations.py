"""What Heads and Tails and The Four Corners share: for each suit an ace foundation building up
and a king foundation building down (HT-2, FC-1), and a tableau whose top cards build on each
other in suit, one rank up or down, in the direction the first built card fixed (HT-4, FC-3).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from parlour.core.building import (
    DOWN,
    FREE,
    UP,
    Build,
    after_removal,
    build_direction,
    built_on,
)
from parlour.core.cards import SUITS, Card, card_str, make_card
from parlour.core.game import MoveGroup
from parlour.core.moves import Move, moving

ACES = tuple(f"ace-{suit}" for suit in SUITS)
KINGS = tuple(f"king-{suit}" for suit in SUITS)
DIRECTION_NAMES = {UP: "up", DOWN: "down", FREE: None}

Piles = tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class Foundations:
    """The eight foundations, by suit S H D C."""

    aces: Piles
    kings: Piles

    def targets(self, card: Card) -> list[str]:
        """The foundations `card` may go to now, the ace foundation first: a foundation of n
        cards takes the rank n steps from its base, ace up (HT-2) or king down."""
        suit, rank = divmod(card, 13)
        names = [ACES[suit]] if len(self.aces[suit]) == rank else []
        if len(self.kings[suit]) == 12 - rank:
            names.append(KINGS[suit])
        return names

    def add(self, name: str, card: Card) -> Foundations:
        suit = card // 13
        if name == ACES[suit]:
            return Foundations(_appended(self.aces, suit, card), self.kings)
        return Foundations(self.aces, _appended(self.kings, suit, card))

    def count(self) -> int:
        return sum(map(len, self.aces)) + sum(map(len, self.kings))

    def heights(self) -> tuple[int, ...]:
        """How many cards each foundation holds: all that tells the foundations apart."""
        return (*map(len, self.aces), *map(len, self.kings))

    def only(self, suit: int) -> Foundations:
        """These foundations with every other suit's built to the end."""
        aces = tuple(
            pile if other == suit else tuple(make_card(r, other) for r in range(1, 14))
            for other, pile in enumerate(self.aces)
        )
        kings = tuple(
            pile if other == suit else tuple(make_card(r, other) for r in range(13, 0, -1))
            for other, pile in enumerate(self.kings)
        )
        return Foundations(aces, kings)

    def piles(self) -> dict[str, tuple[Card, ...]]:
        """The foundations by pile name (RULES C-4)."""
        return {
            **dict(zip(ACES, self.aces, strict=True)),
            **dict(zip(KINGS, self.kings, strict=True)),
        }

    @staticmethod
    def of_heights(heights: Sequence[int]) -> Foundations:
        """The foundations of these heights: each holds a run from its base (HT-2, FC-1)."""
        return Foundations(
            tuple(tuple(range(13 * s, 13 * s + heights[s])) for s in range(4)),
            tuple(tuple(range(13 * s + 12, 13 * s + 12 - heights[4 + s], -1)) for s in range(4)),
        )

    @staticmethod
    def from_piles(piles: Mapping[str, tuple[Card, ...]]) -> Foundations:
        return Foundations(
            tuple(piles[name] for name in ACES), tuple(piles[name] for name in KINGS)
        )

    def is_safe(self, name: str, card: Card) -> bool:
        """Playing `card` to `name` cannot spoil a win: both copies of the one card that could
        still want it as a base (the next towards its foundation's start) are already up."""
        suit, rank = card // 13, card % 13 + 1
        wanting = make_card(rank - 1, suit) if name == ACES[suit] else make_card(rank + 1, suit)
        return (self.aces[suit] + self.kings[suit]).count(wanting) == 2


def deadlocked(piles: Piles, heights: tuple[int, ...], *, complete: bool = False) -> bool:
    """Whether some cards wait on each other for good, so the position is lost: every card
    must reach a foundation (HT-6, FC-5). Only for play where a card leaves a pile for a
    foundation or for another pile's top, never for an empty space (standard HT-5; FC-3 after
    the last redeal). `heights` are the foundations' heights (aces S H D C, then kings);
    `complete` says that every card off the foundations lies in `piles` (as in The Four
    Corners), which spares counting them.

    A card leaves only for a foundation that takes it next, or onto a copy of a neighbouring
    rank on a pile's top (HT-4, FC-3). Take a set of cards, and the first of them to leave:
    until then the cards below any of them stay covered, and none of them has reached a
    foundation. So if for each card of the set every free copy (not on a foundation) of both
    neighbouring ranks lies below a card of the set, and each foundation of its suit has passed
    its rank or needs first a rank whose every free copy is in the set or below one of it, no
    card of the set can be the first to leave, and none ever leaves. The largest such set is
    found by starting from every card and dropping those that might leave, until none does;
    the position is deadlocked when it is not empty. A single card with the cards it needs
    below it is the simplest case.

    Only the highest card of the set in each pile matters to the others (every card under it
    lies below the set), and the set only shrinks, so each pile keeps a cut that falls while
    the card at it might leave, and the cards under the cuts are counted as they change. For
    the same reason each foundation's path only clears: the first card of a suit blocking its
    ace foundation (and the last blocking its king foundation) moves one way, and is found by
    walking on from where it was last seen."""
    piles = tuple(pile for pile in piles if pile)
    cuts = [len(pile) - 1 for pile in piles]
    free = [n for suit in range(4) for n in _FREE[heights[suit]][heights[4 + suit]]]
    if complete:
        held = free[:]  # free copies waiting, or lying below a waiting card
    else:
        held = [0] * 52
        for pile in piles:
            for card in pile:
                held[card] += 1
    below = held[:]  # ... lying below a waiting card
    for pile in piles:
        below[pile[-1]] -= 1
    paths = _Paths(heights, held, free)
    falling = True
    while falling:
        falling = False
        for index, pile in enumerate(piles):
            cut = cuts[index]
            while cut >= 0:  # the card at the cut might leave: onto a neighbour or up
                card = pile[cut]
                rank = card % 13
                if not (
                    (rank and below[card - 1] < free[card - 1])
                    or (rank < 12 and below[card + 1] < free[card + 1])
                    or paths.clear(card)
                ):
                    break
                held[card] -= 1
                cut -= 1
                if cut >= 0:
                    below[pile[cut]] -= 1
                falling = True
            cuts[index] = cut
    return any(cut >= 0 for cut in cuts)


def _free_copies(aces: int, kings: int) -> tuple[int, ...]:
    """Copies of each rank of a suit not on its foundations of `aces` and `kings` cards."""
    return tuple(2 - (aces > rank) - (kings > 12 - rank) for rank in range(13))


_FREE: Final = tuple(tuple(_free_copies(aces, kings) for kings in range(14)) for aces in range(14))


class _Paths:
    """For each suit, how far its foundations' paths are clear of the waiting set: a card may
    go up once every rank its foundation needs first has a free copy outside the set."""

    __slots__ = ("ace_front", "aces", "free", "held", "king_front", "kings")

    def __init__(self, heights: tuple[int, ...], held: list[int], free: list[int]) -> None:
        self.aces = heights[:4]
        self.kings = heights[4:]
        self.ace_front = [13 * suit + heights[suit] for suit in range(4)]  # first maybe blocking
        self.king_front = [13 * suit + 12 - heights[4 + suit] for suit in range(4)]  # last
        self.held = held
        self.free = free

    def clear(self, card: Card) -> bool:
        """Whether a foundation of `card`'s suit needs only cards with a copy outside the set."""
        suit = card // 13  # not divmod, whose tuple compiled code has to build and free
        rank = card % 13
        held, free = self.held, self.free
        if self.aces[suit] <= rank:
            front = self.ace_front[suit]
            while front < card and held[front] < free[front]:
                front += 1
            self.ace_front[suit] = front
            if front >= card:
                return True
        if rank <= 12 - self.kings[suit]:
            front = self.king_front[suit]
            while front > card and held[front] < free[front]:
                front -= 1
            self.king_front[suit] = front
            return front <= card
        return False


def _appended(piles: Piles, index: int, card: Card) -> Piles:
    return (*piles[:index], (*piles[index], card), *piles[index + 1 :])


def build_targets(tableau: Piles, builds: Sequence[Build]) -> list[list[int]]:
    """For each tableau pile, the piles whose top its top card may build on (HT-4, FC-3)."""
    spots_by_top: dict[Card, list[int]] = {}
    for spot, pile in enumerate(tableau):
        if pile:
            spots_by_top.setdefault(pile[-1], []).append(spot)
    targets: list[list[int]] = [[] for _ in tableau]
    for spot, pile in enumerate(tableau):
        if not pile:
            continue
        card = pile[-1]
        rank = card % 13
        below = spots_by_top.get(card - 1, ()) if rank else ()
        above = spots_by_top.get(card + 1, ()) if rank < 12 else ()
        if below or above:  # most tops have no neighbour: skip the sorting
            targets[spot] = sorted(
                target
                for onto, spots in ((card - 1, below), (card + 1, above))
                for target in spots
                if build_direction(card, onto, builds[target]) != FREE
            )
    return targets


def carried(
    tableau: Piles,
    builds: tuple[Build, ...],
    foundations: Foundations,
    spots: Mapping[str, int],
    move: Move,
) -> tuple[Piles, tuple[Build, ...], Foundations]:
    """A transfer played: the top card of the tableau pile `move.source` lifted off, then put
    on the tableau pile `move.target` (fixing that pile's direction when it lands on a card)
    or sent up to that foundation. `spots` gives each tableau pile's index."""
    spot = spots[move.source]
    card = tableau[spot][-1]
    piles, after = list(tableau), list(builds)
    piles[spot] = piles[spot][:-1]
    after[spot] = after_removal(after[spot])
    target = spots.get(move.target)
    if target is None:
        return tuple(piles), tuple(after), foundations.add(move.target, card)
    onto = piles[target]
    if onto:
        after[target] = built_on(after[target], build_direction(card, onto[-1], after[target]))
    piles[target] = (*onto, card)
    return tuple(piles), tuple(after), foundations


def foundation_moves(names: Sequence[str], tableau: Piles, foundations: Foundations) -> list[Move]:
    return [
        moving(names[spot], target)
        for spot, pile in enumerate(tableau)
        if pile
        for target in foundations.targets(pile[-1])
    ]


def safe_foundation_move(
    names: Sequence[str], tableau: Piles, foundations: Foundations
) -> Move | None:
    for spot, pile in enumerate(tableau):
        if pile:
            for target in foundations.targets(pile[-1]):
                if foundations.is_safe(target, pile[-1]):
                    return moving(names[spot], target)
    return None


def tableau_move_group(
    move: Move, spots: Mapping[str, int], tableau: Piles, builds: Sequence[Build]
) -> MoveGroup:
    """The solver's group of a move from a tableau pile: the suit of the card moved. Moving a
    built card onto another pile's top only rearranges: it leaves every pile whose top is of
    another suit, the foundations and the reserves as they were, and another suit's move neither
    uses nor changes the two piles involved (both keep a top of this suit), so the two moves
    may be played in either order (HT-4, FC-3)."""
    source = spots[move.source]
    target = spots.get(move.target)
    rearranging = builds[source].length > 0 and target is not None and bool(tableau[target])
    return MoveGroup(tableau[source][-1] // 13, rearranging)


def sequences(names: Sequence[str], builds: Sequence[Build]) -> dict[str, dict[str, Any]]:
    """Each tableau pile's auxiliary sequence, for the JSON state: built cards and direction."""
    return {
        names[spot]: {"built": build.length, "direction": DIRECTION_NAMES[build.direction]}
        for spot, build in enumerate(builds)
        if build.length
    }


def why_not_moved(
    move: Move, card: Card, onto: tuple[Card, ...] | None, build: Build, rule: str, empty: str
) -> str:
    """Words for a refused move of `card` to a tableau pile (`onto`, its cards, with `build`
    its sequence) or, with `onto` None, to a foundation; `empty` says why an empty pile
    refuses it."""
    if onto is None:
        return f"{move} is not allowed: {card_str(card)} does not follow on {move.target} ({rule})"
    if not onto:
        return f"{move} is not allowed: {empty}"
    rank = (
        "one rank above or below it"
        if not build.length
        else f"one rank {'above' if build.direction == UP else 'below'} it, the way the"
        " pile's sequence runs"
    )
    return (
        f"{move} is not allowed: {card_str(card)} must be of the suit of {card_str(onto[-1])}"
        f" and {rank} ({rule})"
    )
