"""Deciding Heads and Tails by a search over positions folded by what cannot matter.

Three facts of the rules make the game far smaller than its move list suggests:

* Every head and tail holds one suit: a base card and an auxiliary sequence running up or down
  from it (HT-4). A pile is therefore one small int (`entry`): its refill group, its base, its
  direction and its length; the cards of its sequence follow from those.
* Moving a built card onto another pile's top can always be undone (HT-4: the card goes back the
  way it came), so such moves only shuffle a position within a class of positions that reach
  each other. The search keeps one member of each suit's class (the least) and takes as steps
  only the moves that cannot be undone: a card to a foundation, or a base card leaving its pile,
  which empties it and draws from a packet (HT-5).
* Heads and tails that refill from the same packet play alike, and go on doing so as packets
  empty (the nearest packet to the left is the same for both); a pile is known by its group.

In the standard game no step can be undone, so the steps never cycle and a depth-first search
that remembers every position it has made is complete: `lost` means every class reachable was
tried. (In open-spaces a built card moved into a space can come back as a base card moved onto
its old pile; the same memory stops that cycle.) Steps of different suits often commute, so in
the standard game a step already searched is not tried again below its siblings while they
leave its suit alone (`Searcher.solve`). Both games are searched in a series of orders
that share the classes already searched to the end (`Searcher.decide`). Once every
packet is empty in the standard game, each suit plays alone (HT-5: nothing refills), so each is
decided by itself and remembered.

The winning line is found on the folded positions and then played out on the engine's own
state: before each step, the rearranging moves that bring the suit into the member the step was
taken from, found by a small breadth-first search of that suit's piles.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from time import perf_counter
from typing import Final

from parlour.core.building import DOWN, FREE, UP
from parlour.core.cards import Card
from parlour.core.game import OutOfBudget, out_of_time
from parlour.games.drawn_order import shuffle
from parlour.games.twin_foundations import deadlocked

LINES: Final = 8
SUIT_COUNT: Final = 4
ALL_SUITS: Final = (1 << SUIT_COUNT) - 1  # a set of suits as bits
ALL_CARDS: Final = 104
_CLOCK_EVERY: Final = 512  # positions between looks at the clock
FREEING: Final = 0.25e-6  # seconds it takes to free the tables, a position made (docs/design.md)
FIRST_SHARE: Final = 5_000  # positions for each order's first search of a series
ORDERS: Final = 3  # as listed, drawn cards nearest their foundations first, the list reversed
FIXED_ROUNDS: Final = 3  # rounds of a series in those orders; each later search draws its own

# An entry packs one head or tail: (group + 1) << 12 | base << 6 | (direction + 1) << 4 | length.
Entry = int
Arrangement = tuple[Entry, ...]  # one suit's piles, sorted


GROUP_SHIFT: Final = 12  # an entry's group (plus one) lies above its base, direction and length


def entry(group: int, base: Card, direction: int, length: int) -> Entry:
    return (group + 1) << GROUP_SHIFT | base << 6 | (direction + 1) << 4 | length


def group_of(e: Entry) -> int:
    return (e >> GROUP_SHIFT) - 1


def base_of(e: Entry) -> Card:
    return (e >> 6) & 63


def direction_of(e: Entry) -> int:
    return ((e >> 4) & 3) - 1


def length_of(e: Entry) -> int:
    return e & 15


def top_of(e: Entry) -> Card:
    """The top card of the pile: its base moved along its direction by its length."""
    return base_of(e) + direction_of(e) * length_of(e)


def takes(onto: Entry, card: Card) -> int:
    """The direction in which `card` (of the same suit) builds on `onto`'s top, or FREE (HT-4:
    one rank up or down, no wrap, the direction kept while built cards remain)."""
    top = top_of(onto)
    step = card - top
    if step not in (UP, DOWN) or card // 13 != top // 13:
        return FREE
    if length_of(onto) and direction_of(onto) != step:
        return FREE
    return step


def lifted(e: Entry) -> Entry:
    """The pile after its top built card leaves: free again when no built card is left."""
    length = length_of(e) - 1
    direction = direction_of(e) if length else FREE
    return entry(group_of(e), base_of(e), direction, length)


def grown(e: Entry, direction: int) -> Entry:
    return entry(group_of(e), base_of(e), direction, length_of(e) + 1)


class Position:
    """A class of positions: each suit's least arrangement, the packets' sizes, the number of
    empty spaces (open-spaces only), and the eight foundations' heights (aces, then kings).

    Its hash is reckoned once: the search looks each position up in its tables several times,
    and a tuple of tuples would be hashed through again each time."""

    __slots__ = ("_hash", "foundations", "packets", "spaces", "suits")

    def __init__(
        self,
        suits: tuple[Arrangement, ...],
        packets: tuple[int, ...],
        spaces: int,
        foundations: tuple[int, ...],
    ) -> None:
        self.suits = suits
        self.packets = packets
        self.spaces = spaces
        self.foundations = foundations
        self._hash = hash((suits, packets, spaces, foundations))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Position)
            and self._hash == other._hash
            and self.suits == other.suits
            and self.packets == other.packets
            and self.spaces == other.spaces
            and self.foundations == other.foundations
        )

    def __repr__(self) -> str:
        return (
            f"Position(suits={self.suits!r}, packets={self.packets!r}, "
            f"spaces={self.spaces!r}, foundations={self.foundations!r})"
        )


class Step:
    """A move that cannot be undone, from `member` of `suit`'s class: the top of pile `source`
    (an index into `member`) goes to a foundation (`target` -1 ace, -2 king), onto pile
    `target`, or (`target` -3) into an empty space. A plain class, not a NamedTuple, whose
    fields compiled code reads directly. `ends` is the suit's class after the step, before any
    refill, and `emptied` the group of the pile it empties (`moved`), kept once found: the
    same step is taken from every position that shares its suit's class."""

    __slots__ = ("emptied", "ends", "member", "source", "suit", "target")

    def __init__(self, suit: int, member: Arrangement, source: int, target: int) -> None:
        self.suit = suit
        self.member = member
        self.source = source
        self.target = target
        self.ends: Arrangement | None = None
        self.emptied: int | None = None

    def __repr__(self) -> str:
        return f"Step({self.suit!r}, {self.member!r}, {self.source!r}, {self.target!r})"


ACE_SIDE: Final = -1
KING_SIDE: Final = -2
SPACE: Final = -3
Line = tuple[tuple[Position, Step], ...]  # steps, each with the class it is taken from


@dataclass
class Folding:
    """The classes of one suit's arrangements under rearranging moves, found once each."""

    least: dict[Arrangement, Arrangement] = field(default_factory=dict)
    members: dict[Arrangement, list[Arrangement]] = field(default_factory=dict)

    def canonical(self, arrangement: Arrangement) -> Arrangement:
        found = self.least.get(arrangement)
        if found is None:
            members = rearrangements(arrangement)
            found = min(members)
            self.members[found] = members
            for member in members:
                self.least[member] = found
        return found


def rearrangements(start: Arrangement) -> list[Arrangement]:
    """Every arrangement that built cards moved from top to top reach from `start` (HT-4)."""
    reached = [start]
    seen = {start}
    for here in reached:  # grows as it goes
        tops = [top_of(pile) for pile in here]
        for i, source in enumerate(here):
            if not length_of(source):
                continue
            card = tops[i]
            for j, onto in enumerate(here):
                if abs(tops[j] - card) != 1:  # not a neighbour (nor the source): spare `takes`
                    continue
                direction = takes(onto, card)
                if direction == FREE:
                    continue
                piles = list(here)
                piles[i], piles[j] = lifted(source), grown(onto, direction)
                after = tuple(sorted(piles))
                if after not in seen:
                    seen.add(after)
                    reached.append(after)
    return reached


Shape = tuple[tuple[Card, ...], tuple[tuple[int, int], ...], tuple[int, ...]]


def shape(member: Arrangement) -> Shape:
    """What the steps from an arrangement depend on: its piles' top cards, the base cards that
    may go onto another pile's top (pairs of indices), and the piles with built cards."""
    tops = tuple(map(top_of, member))
    base_moves = tuple(
        (i, j)
        for i, pile in enumerate(member)
        if not length_of(pile)
        for j, onto in enumerate(member)
        if j != i and abs(tops[j] - tops[i]) == 1 and takes(onto, tops[i]) != FREE
    )
    built = tuple(i for i, pile in enumerate(member) if length_of(pile))
    return tops, base_moves, built


class _SliceSpent(Exception):
    """One search of a series ran out of its share of the budget."""


class Searcher:
    """A depth-first search over classes of positions for one deal's packets."""

    def __init__(
        self,
        packets: tuple[tuple[Card, ...], ...],
        open_spaces: bool,
        nodes: int,
        seconds: float,
        first_share: int = FIRST_SHARE,
    ) -> None:
        self.packet_cards = packets
        self.open_spaces = open_spaces
        self.budget = nodes
        self.deadline = perf_counter() + seconds
        self.nodes = 0
        self.folding = Folding()
        self.best: tuple[float, tuple[Step, ...]] = (float("-inf"), ())
        self.suit_steps: dict[
            tuple[Arrangement, int, int, bool], tuple[tuple[float, Step], ...]
        ] = {}
        self.suit_lines: dict[Position, Line | None] = {}
        self.dead: set[Position] = set()  # searched to the end without a win, by any order
        # Remembered for one deal only: kept across deals, they would grow without end.
        self.shapes: dict[Arrangement, Shape] = {}
        self.deadlocks: dict[tuple[Arrangement, int, int], bool] = {}
        self.first_share = first_share
        self.order = 0
        self.draw: int | None = None
        self.slice_end = nodes

    # ----- the search ----------------------------------------------------------------------
    def decide(self, root: Position) -> Line | None:
        """`solve` in each of the `ORDERS` in turn with a share of the budget, the shares
        doubling each round, until one search ends. A deal's hard part differs from one order
        to another, so a win one order would find late another may find soon; after the first
        `FIXED_ROUNDS`, each search tries an order drawn afresh (`drawn_order`). A class
        searched to the end is lost whatever the order, and every later search skips it (`solve`
        says which classes count as searched to the end with open spaces): a loss costs about
        one complete search."""
        turn = 0
        while True:
            for order in range(ORDERS):
                self.order, self.slice_end = order, self.nodes + (self.first_share << turn)
                self.draw = None if turn < FIXED_ROUNDS else turn * ORDERS + order
                try:
                    return self.solve(root)
                except _SliceSpent:
                    pass
            turn += 1

    def solve(self, root: Position, *, whole: bool = True) -> Line | None:
        """The steps of a win from `root`, each with the position it is taken from, or None
        when `root` is lost; raises `OutOfBudget`. `whole` is False for one suit alone.

        Depth first, each position's steps in order of gain (a card up before a card drawn),
        a child made only when its turn comes; every position made is remembered, so none is
        searched twice and an exhausted search proves the loss. Every step adds to the promise,
        so this is the order a best-first search on the promise takes too (measured equal).

        A step whose child was searched to the end sleeps below the steps tried after it from
        the same class, as long as they leave its suit untouched (a sleep set): it commutes
        with each of them, so what it would reach there was reached, and lost, through it
        first. In the standard game only, where a class searched to the end is lost."""
        if sum(root.foundations) == ALL_CARDS:
            return ()
        seen = {root}
        line: list[tuple[Position, Step]] = []
        stack: list[tuple[Position, Iterator[tuple[float, Step]], list[Step], list[Step]]] = []
        here: Position | None = root
        asleep: list[Step] = []
        while True:
            if here is not None:
                split = self._by_suit(here)
                if split is None:
                    stack.append((here, iter(self.steps(here)), asleep, []))
                    if whole:
                        self._note(here, line)
                elif split[0]:
                    return (*line, *split[1])
                else:
                    self.dead.add(here)
                    if line:
                        line.pop()
            if not stack:
                return None
            position, steps, sleeping, done = stack[-1]
            here = None
            for _, step in steps:
                if step in sleeping:  # what it reaches was reached through it first, and lost
                    continue
                child, dead = self.after(position, step)
                done.append(step)
                size = len(seen)
                seen.add(child)  # one look-up, where `in` and then `add` took two
                if len(seen) == size or child in self.dead:
                    continue
                if dead:
                    self.dead.add(child)
                    continue
                if sum(child.foundations) == ALL_CARDS:
                    return (*line, (position, step))
                asleep = []
                if not self.open_spaces:
                    untouched = self.untouched_suits(position, step)
                    if untouched:
                        asleep = [other for other in sleeping if untouched >> other.suit & 1]
                        asleep += [other for other in done if untouched >> other.suit & 1]
                line.append((position, step))
                here = child
                break
            else:
                stack.pop()
                # Searched to the end, so lost whatever the order. With open spaces, only while
                # a packet holds cards: the classes still being searched above it have fewer
                # cards drawn and up, and no class it leads to has fewer (each step from it
                # draws a card or sends one up), so it lost without them. Once the packets are
                # empty, a space may lead back to a class still being searched.
                if not self.open_spaces or any(position.packets):
                    self.dead.add(position)
                if line:
                    line.pop()

    def untouched_suits(self, here: Position, step: Step) -> int:
        """The suits whose piles and foundations `step` from `here` leaves as they were, as
        bits: every other suit's, but for the suit of a card it draws; none when it draws the
        last card of a packet (HT-5: that packet's piles then draw from another). A step of
        such a suit from `here` is the very same step after `step`, and the two reach the same
        class in either order (two draws from one packet leave the same two piles, whichever
        draws first: piles are known by their group)."""
        suits = ALL_SUITS & ~(1 << step.suit)
        source = step.member[step.source]
        packet = group_of(source)
        if length_of(source) or packet < 0:
            return suits
        left = here.packets[packet]
        if left == 1:
            return 0
        return suits & ~(1 << self.packet_cards[packet][left - 1] // 13)

    def _note(self, here: Position, line: list[tuple[Position, Step]]) -> None:
        """Keep the line to the most promising class yet: a guess when the budget runs out."""
        promise = _promise(here)
        if promise > self.best[0]:
            self.best = (promise, tuple(step for _, step in line))

    def _by_suit(self, here: Position) -> tuple[bool, Line] | None:
        """With every packet empty in the standard game the suits play apart (HT-5): each is
        decided alone, and the position is won when every suit is. None when it does not split;
        else whether it is won and the suits' lines joined."""
        if self.open_spaces or any(here.packets):
            return None
        if not any(here.suits):  # nothing left to play: won only with every card up
            return sum(here.foundations) == ALL_CARDS, ()
        lines: list[tuple[Position, Step]] = []
        for suit, arrangement in enumerate(here.suits):
            if not arrangement:
                continue
            alone = _alone(here, suit)
            if alone == here:
                return None
            if alone not in self.suit_lines:
                self.suit_lines[alone] = self.solve(alone, whole=False)
            found = self.suit_lines[alone]
            if found is None:
                return False, ()
            lines += found
        return True, tuple(lines)

    def every_step(self, here: Position) -> list[tuple[float, Step]]:
        """Every step from `here`, suit by suit, with what it adds to the promise."""
        spaces = self.open_spaces and here.spaces > 0 and not any(here.packets)
        found = here.foundations
        return [
            pair
            for suit, arrangement in enumerate(here.suits)
            if arrangement
            for pair in self._suit_steps(
                arrangement, suit, found[suit], found[SUIT_COUNT + suit], spaces
            )
        ]

    def steps(self, here: Position) -> list[tuple[float, Step]]:
        """The steps to try from `here`, the most promising first: only the safe one when a
        card can go up safely."""
        steps = self.every_step(here)
        safe = next((pair for pair in steps if _safe(here, pair[1])), None)
        if safe is not None:
            return [safe]
        if self.draw is not None:
            self.draw = shuffle(steps, self.draw)
            return sorted(steps, key=lambda pair: -pair[0])
        if self.order == 1:
            return sorted(steps, key=lambda pair: (-pair[0], self._distance(here, pair[1])))
        return sorted(steps[::-1] if self.order == 2 else steps, key=lambda pair: -pair[0])

    def _distance(self, here: Position, step: Step) -> int:
        """How far in rank the card `step` draws lies from its suit's next foundation cards; 0
        for a step that draws nothing."""
        source = step.member[step.source]
        group = group_of(source)
        if length_of(source) or group < 0:
            return 0
        suit, rank = divmod(self.packet_cards[group][here.packets[group] - 1], 13)
        aces, kings = here.foundations[suit], 12 - here.foundations[SUIT_COUNT + suit]
        return min(abs(rank - aces), abs(rank - kings))

    def _suit_steps(
        self, arrangement: Arrangement, suit: int, aces: int, kings: int, spaces: bool
    ) -> tuple[tuple[float, Step], ...]:
        """The steps of one suit's class with their gains, found once for each class and
        foundation heights: a position's other suits are mostly as its parent's were."""
        key = (arrangement, aces, kings, spaces)
        found = self.suit_steps.get(key)
        if found is None:
            found = self.suit_steps[key] = tuple(
                (_gain(step), step)
                for step in self._distinct_steps(arrangement, suit, aces, kings, spaces)
            )
        return found

    def _distinct_steps(
        self, arrangement: Arrangement, suit: int, aces: int, kings: int, spaces: bool
    ) -> Iterator[Step]:
        """The steps from every member of a class, the first of those that end alike: the
        same step from two members often leaves the suit's piles in one class (HT-4), and the
        child is the same position (a refill adds the same card to either, HT-5, and piles
        that reach each other still do with one more pile beside them)."""
        outcomes: set[tuple[Arrangement, int, int | None]] = set()
        for member in self.folding.members[arrangement]:
            found = self._shape(member)
            for step in member_steps(suit, member, found, aces, kings, spaces):
                piles, emptied = moved(step, found[0])
                outcome = (self.folding.canonical(piles), min(step.target, 0), emptied)
                if outcome not in outcomes:
                    outcomes.add(outcome)
                    step.ends, step.emptied = outcome[0], emptied
                    yield step

    def _shape(self, member: Arrangement) -> Shape:
        found = self.shapes.get(member)
        if found is None:
            found = self.shapes[member] = shape(member)
        return found

    def _deadlocked(self, arrangement: Arrangement, aces: int, kings: int) -> bool:
        """`suit_deadlocked`, each suit's answer remembered."""
        key = (arrangement, aces, kings)
        found = self.deadlocks.get(key)
        if found is None:
            found = self.deadlocks[key] = suit_deadlocked(arrangement, aces, kings)
        return found

    def after(self, here: Position, step: Step) -> tuple[Position, bool]:
        """The class reached by `step` (its suit's piles changed, a pile emptied refilled from
        its group's packet (HT-5), the foundation built on), and whether a suit it changed is
        dead (`suit_deadlocked`; the suits it left alone were not, or `here` would not have
        been kept)."""
        self.nodes += 1
        if self.nodes >= self.budget or (
            self.nodes % _CLOCK_EVERY == 0 and out_of_time(self.deadline, self.nodes * FREEING)
        ):
            raise OutOfBudget
        if self.nodes >= self.slice_end:
            raise _SliceSpent
        foundations = here.foundations
        if step.target in (ACE_SIDE, KING_SIDE):
            side = step.suit + (SUIT_COUNT if step.target == KING_SIDE else 0)
            foundations = (*foundations[:side], foundations[side] + 1, *foundations[side + 1 :])
        ends, emptied = step.ends, step.emptied
        if ends is None:
            piles, emptied = moved(step, self._shape(step.member)[0])
            ends = self.folding.canonical(piles)
            step.ends, step.emptied = ends, emptied
        suits = list(here.suits)
        suits[step.suit] = ends
        packets, spaces = here.packets, here.spaces - (step.target == SPACE)
        changed: set[int] = set()  # suits a refill changed, to be folded again
        if emptied is not None:
            packets, spaces = self._refill(suits, changed, emptied, packets, spaces)
        dead = step.suit not in changed and self._dead_suit(ends, step.suit, foundations)
        for suit in changed:
            suits[suit] = arrangement = self.folding.canonical(tuple(sorted(suits[suit])))
            dead = dead or self._dead_suit(arrangement, suit, foundations)
        return Position(tuple(suits), packets, spaces, foundations), dead

    def _dead_suit(self, arrangement: Arrangement, suit: int, foundations: tuple[int, ...]) -> bool:
        """Whether `suit`'s cards wait on each other for good (the standard game only: with open
        spaces, cards that wait on each other may be parted through a space)."""
        return (
            not self.open_spaces
            and bool(arrangement)
            and self._deadlocked(arrangement, foundations[suit], foundations[SUIT_COUNT + suit])
        )

    def _refill(
        self,
        suits: list[Arrangement],
        changed: set[int],
        group: int,
        packets: tuple[int, ...],
        spaces: int,
    ) -> tuple[tuple[int, ...], int]:
        """HT-5: the emptied pile takes the top of its group's packet; when that packet runs
        out, its group joins the group of the nearest non-empty packet to the left. Adds to
        `changed` the suits whose piles changed."""
        if group < 0:
            return packets, spaces + (1 if self.open_spaces else 0)
        left = packets[group] - 1
        card = self.packet_cards[group][left]
        packets = (*packets[:group], left, *packets[group + 1 :])
        suits[card // 13] = (*suits[card // 13], entry(group, card, FREE, 0))
        changed.add(card // 13)
        if not left:
            joined = source_packet(packets, group)
            for suit in range(SUIT_COUNT):
                suits[suit] = tuple(_regrouped(e, group, joined) for e in suits[suit])
                changed.add(suit)
        return packets, spaces


def moved(step: Step, tops: tuple[Card, ...]) -> tuple[Arrangement, int | None]:
    """The suit's piles after `step` (sorted), before any refill, and the group of the pile it
    emptied (-1 for a pile of no packet), or None when it emptied none. `tops` are the top
    cards of the step's member."""
    piles = list(step.member)
    source = piles[step.source]
    card = tops[step.source]
    if step.target >= 0:
        piles[step.target] = grown(piles[step.target], card - tops[step.target])
    emptied = None
    if length_of(source):
        piles[step.source] = lifted(source)
    else:
        del piles[step.source]
        emptied = group_of(source)
    if step.target == SPACE:
        piles.append(entry(-1, card, FREE, 0))
    return tuple(sorted(piles)), emptied


def _regrouped(e: Entry, old: int, new: int) -> Entry:
    """`e` moved from group `old` to group `new`, its other fields kept."""
    if group_of(e) != old:
        return e
    return (new + 1) << GROUP_SHIFT | e & ((1 << GROUP_SHIFT) - 1)


def source_packet(packets: tuple[int, ...], packet: int) -> int:
    """The packet that refills the piles of `packet` now (HT-5), or -1 when all are empty."""
    for step in range(LINES):
        source = (packet - step) % LINES
        if packets[source]:
            return source
    return -1


def _alone(here: Position, suit: int) -> Position:
    """`here` with only `suit`'s piles, every other suit's foundations complete."""
    suits = tuple(a if s == suit else () for s, a in enumerate(here.suits))
    foundations = tuple(h if s % SUIT_COUNT == suit else 13 for s, h in enumerate(here.foundations))
    return Position(suits, here.packets, here.spaces, foundations)


def _safe(here: Position, step: Step) -> bool:
    """Whether `step` sends a card up that no play could want left where it is: the other copy
    of the card is on the other foundation already, and the step draws nothing.

    Only copies of the two neighbouring ranks could be built on the card (HT-4). The copy of
    the rank beyond it on this foundation's way then goes up right after it, so parking it on
    the card first gains nothing; the other foundation holds the card's rank, so it takes the
    rank before it next (or holds it already), and that copy goes up there rather than onto the
    card. A step that empties a pile draws from a packet now rather than later, when the pile
    might refill from another packet (HT-5), so such steps are never called safe."""
    if step.target not in (ACE_SIDE, KING_SIDE):
        return False
    source = step.member[step.source]
    if not length_of(source) and group_of(source) >= 0:
        return False
    aces, kings = here.foundations[step.suit], here.foundations[SUIT_COUNT + step.suit]
    if step.target == ACE_SIDE:  # takes rank index `aces`: is it on the king foundation?
        return aces >= 13 - kings
    return 12 - kings < aces  # takes rank index 12 - kings: is it on the ace foundation?


def suit_deadlocked(arrangement: Arrangement, aces: int, kings: int) -> bool:
    """Whether cards of one suit wait on each other for good (`twin_foundations.deadlocked`).
    Each pile holds one suit and a card waits only on cards of its own suit, so the test
    splits by suit."""
    piles = tuple(
        bytes([base_of(e) + direction_of(e) * n for n in range(length_of(e) + 1)])
        for e in arrangement
    )
    suit = base_of(arrangement[0]) // 13
    heights = [13] * (2 * SUIT_COUNT)  # the other suits as if finished
    heights[suit], heights[SUIT_COUNT + suit] = aces, kings
    return deadlocked(piles, tuple(heights))


def member_steps(
    suit: int, member: Arrangement, found: Shape, aces: int, kings: int, spaces: bool
) -> Iterator[Step]:
    """The steps that cannot be undone from one arrangement of a suit (of shape `found`): a
    top card up (HT-2), a base card onto another top (HT-4), and with `spaces` a built card
    into a space (HT-5 open-spaces, once every packet is empty)."""
    tops, base_moves, built = found
    for i, card in enumerate(tops):
        rank = card % 13
        if rank == aces:
            yield Step(suit, member, i, ACE_SIDE)
        if rank == 12 - kings:
            yield Step(suit, member, i, KING_SIDE)
    for i, j in base_moves:
        yield Step(suit, member, i, j)
    if spaces:
        for i in built:
            yield Step(suit, member, i, SPACE)


def _gain(step: Step) -> float:
    """What `step` adds to `_promise`: a card up, and half for a card drawn from a packet."""
    source = step.member[step.source]
    drawn = 0.5 if not length_of(source) and group_of(source) >= 0 else 0.0
    return drawn + (1.0 if step.target in (ACE_SIDE, KING_SIDE) else 0.0)


def _promise(position: Position) -> float:
    """How promising a class looks: cards up, and half as much for cards out of the packets."""
    return sum(position.foundations) + 0.5 * (-sum(position.packets))
