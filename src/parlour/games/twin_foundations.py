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
PackedPiles = tuple[bytes, ...]  # each pile's cards bottom first, a byte a card


def packed(piles: Piles) -> PackedPiles:
    """Piles as `deadlocked` and The Four Corners' search hold them: bytes index fast in
    compiled code, and keep their hash, so a position that shares most of its piles with
    another hashes quickly."""
    return tuple(bytes(pile) for pile in piles)


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


def deadlocked(piles: PackedPiles, heights: tuple[int, ...], *, complete: bool = False) -> bool:
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
    the card at it might leave. All the test asks of a card is whether some free copy of it
    lies below no card of the set (a neighbour to leave onto), and whether some lies neither in
    the set nor below it (a card a foundation's path may pass): both only become true as the
    set shrinks, so each is a set of a bit a card, kept in a machine word."""
    cuts = [len(pile) - 1 for pile in piles]
    spare = 0  # cards with a free copy below no card of the set: a neighbour at hand
    for pile in piles:
        if pile:
            spare |= 1 << pile[-1]
    if complete:
        outside = 0  # cards with a free copy neither in the set nor below it: none yet
    else:
        outside = _outside(piles, heights)
        spare |= outside
    falling = True
    while falling:
        falling = False
        for index, cut in enumerate(cuts):
            pile = piles[index]
            while cut >= 0:  # the card at the cut might leave: onto a neighbour or up
                card = pile[cut]
                rank = card % 13
                if not (
                    (rank and (spare >> (card - 1)) & 1)
                    or (rank < 12 and (spare >> (card + 1)) & 1)
                    or _path_clear(card, heights, outside)
                ):
                    break
                outside |= 1 << card
                cut -= 1
                if cut >= 0:
                    spare |= 1 << pile[cut]
                falling = True
            cuts[index] = cut
    return any(cut >= 0 for cut in cuts)


def _outside(piles: PackedPiles, heights: tuple[int, ...]) -> int:
    """The cards with more free copies than `piles` hold, those the piles hold counted as two
    sets: the cards they hold once or more, and those they hold twice."""
    once = twice = 0
    for pile in piles:
        for card in pile:
            bit = 1 << card
            if once & bit:
                twice |= bit
            once |= bit
    outside = 0
    for suit in range(4):
        one, two = _FREE_SETS[heights[suit]][heights[4 + suit]]
        outside |= ((two & ~(twice >> 13 * suit)) | (one & ~(once >> 13 * suit))) << 13 * suit
    return outside


def _path_clear(card: Card, heights: tuple[int, ...], outside: int) -> bool:
    """Whether a foundation of `card`'s suit needs first only cards with a free copy in
    `outside` (neither in the set nor below it): the ace foundation the ranks from its height
    up to the card's, the king foundation those from the card's down to its height."""
    suit = card // 13  # not divmod, whose tuple compiled code has to build and free
    rank = card % 13
    aces = heights[suit]
    if aces <= rank:
        needed = (1 << (rank - aces)) - 1
        if (outside >> (card - rank + aces)) & needed == needed:
            return True
    kings = heights[4 + suit]
    if rank <= 12 - kings:
        needed = (1 << (12 - kings - rank)) - 1
        return (outside >> (card + 1)) & needed == needed
    return False


def _free_sets(aces: int, kings: int) -> tuple[int, int]:
    """The ranks of a suit with a free copy, and those with two, as bits, on foundations of
    `aces` and `kings` cards."""
    free = [2 - (aces > rank) - (kings > 12 - rank) for rank in range(13)]
    one = sum(1 << rank for rank in range(13) if free[rank] >= 1)
    two = sum(1 << rank for rank in range(13) if free[rank] == 2)
    return one, two


_FREE_SETS: Final = tuple(
    tuple(_free_sets(aces, kings) for kings in range(14)) for aces in range(14)
)


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
