"""Deciding The Plait by a search of its own on positions packed into a few ints.

What the search rests on:

* The stock and the waste are one sequence, the talon: a card leaves it only from the waste's
  top or as the stock's next card, and a redeal only turns the waste back into the stock in the
  same order (PL-5). The talon is the root's sequence, a bitmask of the cards still in it and a
  pointer just past the waste's top.
* The two copies of a card are the same card (C-1), and a card plays alike from any corner or
  any auxiliary, so corners, auxiliaries, the cards the foundations want next and the cards not
  yet up are multisets: a position is its own canonical key. A multiset holds each card at
  most twice, so it is two sets of a bit a card, the cards held once or more and those held
  twice: each fits a machine word, which compiled code works on in place, where one int of two
  bits a card (104 bits) would be one of Python's own integers, made anew at every operation.
* Not every move to a foundation is safe. The two foundations of a suit may take the two
  copies of a card at different times, so which copy goes up first can matter (PL-2); and the
  moment an auxiliary's card goes up decides which card refills it (PL-4: the stock's next, the
  waste's top, or after a redeal the old waste's bottom). A card goes up at once only when no
  other foundation can want it (its other copy is up), when both foundations of its suit want
  it now, or when it has the base rank; and from an auxiliary only once the talon is empty.
  Every other move to a foundation is a choice.
* A card at the free end or in a corner that could go up but not safely either goes up now or
  waits for the other foundation of its suit: going up later to the same foundation gains
  nothing, since nothing waits on its place but the plait (PL-4).
* `PlaitTest` proves dead ends: positions whose plait cannot be unwound even with every other
  card at hand.

Every move sends a card up, takes one from the talon or the plait, fills a corner, reserves a
card or moves the pointer on within a pass, so play never comes back to a position: a
depth-first search that remembers every position it has tried is complete, and `lost` means
all of them were tried. A quick search that sends every card up at once runs first: its wins
are wins (their lines are played through the engine), its losses prove nothing. Then the
complete search runs in stages: each pass after a redeal is given up beyond so many positions,
four times as many in each stage as in the one before, until a stage wins or gives nothing up
(so its loss is proven). A depth-first search left alone spends its budget in the last pass of
the first lines it tries; the stages try many lines of the earlier passes shallowly first. The
four-pass game glances first with wider second passes, within a budget of its own, and its
stages then take turns between two shapes of caps: few third passes in many second passes, and
many third passes in fewer second passes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from struct import Struct
from time import perf_counter
from typing import Final, NamedTuple, cast

from parlour.core.cards import Card
from parlour.core.game import LOST, UNKNOWN, WON, OutOfBudget, OwnSearch, out_of_time
from parlour.core.moves import Move, transfer
from parlour.games.plait import (
    AUXILIARIES,
    CORNERS,
    DEAL,
    FOUNDATIONS,
    FULL,
    PLAIT,
    REDEAL,
    PlaitState,
)

CARDS: Final = 52
_CLOCK_EVERY: Final = 1024  # positions between looks at the clock (and for a Ctrl-C)
FREEING: Final = 0.08e-6  # seconds it takes to free the table, a position made (docs/design.md)
CORNER_COUNT: Final = len(CORNERS)  # read at every position: a static, not a look-up

# A choice at a settled position is kind << 6 | card. Kinds: a turn (deal, or redeal when the
# stock is empty, PL-5); a card up from the free end, a corner, an auxiliary or the waste; a
# card into an empty corner from an auxiliary or the waste (PL-4); or no move, only the
# promise that a card at the free end or in a corner waits for the other foundation of its suit.
TURN: Final = 0
FREE_END_UP: Final = 1
CORNER_UP: Final = 2
AUX_UP: Final = 3
WASTE_UP: Final = 4
AUX_TO_CORNER: Final = 5
WASTE_TO_CORNER: Final = 6
RESERVE: Final = 7
UP_KINDS: Final = (FREE_END_UP, CORNER_UP, AUX_UP, WASTE_UP)

# (plait length, corners once, corners twice, corner count, auxiliaries once, auxiliaries
# twice, wanted once, wanted twice, empty foundations, out once, out twice, talon bits,
# pointer, redeals left, reserved once, reserved twice): the corners, the auxiliaries, the
# cards the foundations want next, the cards not yet up and the reserved ones are multisets,
# each as the set of cards it holds once or more and the set it holds twice.
Position = tuple[int, int, int, int, int, int, int, int, int, int, int, int, int, int, int, int]
# where a position holds each of them, for the functions that read only a few
LENGTH: Final = 0
CORNERS_ONCE: Final = 1
CORNERS_TWICE: Final = 2
FILLED: Final = 3
AUX_ONCE: Final = 4
AUX_TWICE: Final = 5
WANTED_ONCE: Final = 6
WANTED_TWICE: Final = 7
EMPTY: Final = 8
OUT_ONCE: Final = 9
OUT_TWICE: Final = 10
TALON: Final = 11
POINTER: Final = 12
REDEALS: Final = 13
RESERVED_ONCE: Final = 14
RESERVED_TWICE: Final = 15


class Layout(NamedTuple):
    """What stays fixed during one search: the plait and the talon of the root, the base-rank
    cards, and for each card the bit of the card that follows it on its foundation (0 for the
    last of the thirteen, PL-2)."""

    plait: tuple[Card, ...]
    talon: tuple[Card, ...]
    bases: int
    follower: tuple[int, ...]


def bit(card: Card) -> int:
    return 1 << card


def added(once: int, twice: int, card_bit: int) -> tuple[int, int]:
    """The multiset (`once`, `twice`) with one more copy of the card of `card_bit`."""
    if once & card_bit:
        return once, twice | card_bit
    return once | card_bit, twice


def removed(once: int, twice: int, card_bit: int) -> tuple[int, int]:
    """The multiset (`once`, `twice`) with one copy fewer of the card of `card_bit`."""
    if twice & card_bit:
        return once, twice ^ card_bit
    return once ^ card_bit, twice


def joined(once: int, twice: int, other: int, other_twice: int) -> tuple[int, int]:
    """Two multisets together, no card more than twice in all."""
    return once | other, twice | other_twice | once & other


def copies(once: int, twice: int, card: Card) -> int:
    """How many copies of `card` the multiset (`once`, `twice`) holds."""
    return (once >> card & 1) + (twice >> card & 1)


def multiset(cards: Iterable[Card]) -> tuple[int, int]:
    """The multiset of `cards`, each there at most twice."""
    once = twice = 0
    for card in cards:
        once, twice = added(once, twice, bit(card))
    return once, twice


def cards_of(cards: int) -> list[Card]:
    """The cards of a set of card bits, lowest first."""
    found = []
    while cards:
        low = cards & -cards
        found.append(low.bit_length() - 1)
        cards ^= low
    return found


def below(talon: int, index: int) -> int:
    """The pointer once the waste's top, at `index`, is gone: just past the card under it."""
    return (talon & ((1 << index) - 1)).bit_length()


def refilled(
    layout: Layout, once: int, twice: int, talon: int, pointer: int
) -> tuple[int, int, int, int]:
    """An emptied auxiliary takes the stock's next card, else the waste's top (PL-4): the
    auxiliaries (`once`, `twice`), the talon and the pointer after it."""
    stock = talon >> pointer
    if stock:
        index = (stock & -stock).bit_length() - 1 + pointer
    elif pointer:
        index = pointer - 1
        pointer = below(talon, index)
    else:
        return once, twice, talon, pointer
    once, twice = added(once, twice, bit(layout.talon[index]))
    return once, twice, talon ^ 1 << index, pointer


def fitting(
    bases: int, wanted: int, doubly: int, empty: int, out: int, out_twice: int
) -> tuple[int, int]:
    """The cards that go up now (`wanted` next, or of the base rank, `bases`, while a
    foundation is `empty`, PL-2), and of those the ones that go up safely: the last copy not
    yet up (`out` but not `out_twice`: no other foundation can want it), one both foundations
    of its suit want now (`doubly`), or a base card (its only use is to start a foundation).
    Where any other copy goes up first may matter."""
    fits = wanted | bases if empty else wanted
    return fits, fits & (out & ~out_twice | doubly | bases)


def sent_up(layout: Layout, position: Position, kind: int, card: Card) -> Position:
    """The position after `card` goes up from the place `kind` names, that place refilled as
    PL-4 says: a corner from the free end while the plait lasts, an auxiliary from the talon."""
    (length, corners, corners2, filled, aux, aux2, wanted, wanted2, empty, out, out2, talon,
     pointer, redeals, reserved, reserved2) = position  # fmt: skip
    card_bit = bit(card)
    if kind == FREE_END_UP:
        length -= 1
    elif kind == CORNER_UP:
        corners, corners2 = removed(corners, corners2, card_bit)
        if length:
            length -= 1
            corners, corners2 = added(corners, corners2, bit(layout.plait[length]))
        else:
            filled -= 1
    elif kind == AUX_UP:
        aux, aux2 = removed(aux, aux2, card_bit)
        aux, aux2, talon, pointer = refilled(layout, aux, aux2, talon, pointer)
    else:
        talon ^= 1 << pointer - 1
        pointer = below(talon, pointer - 1)
    wanted, wanted2, empty = raised(layout, wanted, wanted2, empty, card)
    out, out2 = removed(out, out2, card_bit)
    if copies(reserved, reserved2, card) > held(layout, length, corners, corners2, card):
        reserved, reserved2 = removed(reserved, reserved2, card_bit)
    return (length, corners, corners2, filled, aux, aux2, wanted, wanted2, empty, out, out2,
            talon, pointer, redeals, reserved, reserved2)  # fmt: skip


def raised(
    layout: Layout, wanted: int, wanted2: int, empty: int, card: Card
) -> tuple[int, int, int]:
    """What the foundations want (once and twice), and how many are empty, once `card` has
    gone up (PL-2)."""
    follower = layout.follower[card]
    if wanted >> card & 1:
        wanted, wanted2 = removed(wanted, wanted2, bit(card))
    else:  # a base-rank card starts the next empty foundation
        empty -= 1
    if follower:
        wanted, wanted2 = added(wanted, wanted2, follower)
    return wanted, wanted2, empty


def held(layout: Layout, length: int, corners: int, corners2: int, card: Card) -> int:
    """How many copies of `card` are at the free end or in a corner."""
    return copies(corners, corners2, card) + (length > 0 and layout.plait[length - 1] == card)


def ups(layout: Layout, position: Position, fits: int, aux_too: bool) -> list[int]:
    """The cards among `fits` that go up from where they lie, as choices; those of the
    auxiliaries only with `aux_too`."""
    length, corners, aux = position[LENGTH], position[CORNERS_ONCE], position[AUX_ONCE]
    pointer = position[POINTER]
    found = []
    if length and fits >> layout.plait[length - 1] & 1:
        found.append(FREE_END_UP << 6 | layout.plait[length - 1])
    found += [CORNER_UP << 6 | card for card in cards_of(corners & fits)]
    if pointer and fits >> layout.talon[pointer - 1] & 1:
        found.append(WASTE_UP << 6 | layout.talon[pointer - 1])
    if aux_too:
        found += [AUX_UP << 6 | card for card in cards_of(aux & fits)]
    return found


def fits_of(layout: Layout, position: Position) -> tuple[int, int]:
    """`fitting` at `position`."""
    return fitting(
        layout.bases,
        position[WANTED_ONCE],
        position[WANTED_TWICE],
        position[EMPTY],
        position[OUT_ONCE],
        position[OUT_TWICE],
    )


def settle(
    layout: Layout, position: Position, eager: bool, steps: list[int] | None = None
) -> Position:
    """`position` after every card that goes up safely has gone up, the free end first; with
    `eager`, every card that goes up at all. The moves are added to `steps` when given."""
    while True:
        fits, safe = fits_of(layout, position)
        if eager:
            found = ups(layout, position, fits, True)
        else:  # with nothing left to refill from, an auxiliary's card is like the others
            found = ups(layout, position, safe, not position[TALON])
        if not found:
            return position
        position = sent_up(layout, position, found[0] >> 6, found[0] & 63)
        if steps is not None:
            steps.append(found[0])


def choices(layout: Layout, position: Position, eager: bool) -> list[int]:
    """The choices at a settled position, the one to try first last. Unless `eager`, a card
    at the free end or in a corner that goes up though not safely is decided first, alone: it
    goes up now, or is reserved for the other foundation of its suit (going up later to the
    same foundation could only be worse: nothing waits on its place but the plait, PL-4).
    Else a card into an empty corner once the plait is gone (PL-4), the turn (PL-5), then
    unless `eager` the cards of the waste and the auxiliaries that go up though not safely:
    where the other copy goes, and when an auxiliary is refilled (PL-4), may matter."""
    length, corners, corners2 = position[LENGTH], position[CORNERS_ONCE], position[CORNERS_TWICE]
    filled, aux, talon = position[FILLED], position[AUX_ONCE], position[TALON]
    pointer, redeals = position[POINTER], position[REDEALS]
    reserved, reserved2 = position[RESERVED_ONCE], position[RESERVED_TWICE]
    fits = 0 if eager else fits_of(layout, position)[0]
    for up in ups(layout, position, fits, False):
        card = up & 63
        if up >> 6 != WASTE_UP and held(layout, length, corners, corners2, card) > copies(
            reserved, reserved2, card
        ):
            return [RESERVE << 6 | card, up]
    found: list[int] = []
    if not length and filled < CORNER_COUNT:
        found += [AUX_TO_CORNER << 6 | card for card in cards_of(aux)]
        if pointer:
            found.append(WASTE_TO_CORNER << 6 | layout.talon[pointer - 1])
    if talon >> pointer or (pointer and redeals):
        found.append(TURN << 6)
    if pointer and fits >> layout.talon[pointer - 1] & 1:
        found.append(WASTE_UP << 6 | layout.talon[pointer - 1])
    return found + [AUX_UP << 6 | card for card in cards_of(aux & fits)]


def chosen(layout: Layout, position: Position, choice: int) -> Position:
    """The position after `choice`, before it settles."""
    kind, card = choice >> 6, choice & 63
    if kind in UP_KINDS:
        return sent_up(layout, position, kind, card)
    (length, corners, corners2, filled, aux, aux2, wanted, wanted2, empty, out, out2, talon,
     pointer, redeals, reserved, reserved2) = position  # fmt: skip
    if kind == RESERVE:
        reserved, reserved2 = added(reserved, reserved2, bit(card))
    elif kind == TURN:
        stock = talon >> pointer
        if stock:
            pointer += (stock & -stock).bit_length()
        else:  # PL-5: the waste turned over, its bottom card first
            pointer, redeals = 0, redeals - 1
    elif kind == WASTE_TO_CORNER:
        talon ^= 1 << pointer - 1
        pointer = below(talon, pointer - 1)
    else:
        aux, aux2 = removed(aux, aux2, bit(card))
        aux, aux2, talon, pointer = refilled(layout, aux, aux2, talon, pointer)
    if kind in (AUX_TO_CORNER, WASTE_TO_CORNER):
        corners, corners2 = added(corners, corners2, bit(card))
        filled += 1
    return (length, corners, corners2, filled, aux, aux2, wanted, wanted2, empty, out, out2,
            talon, pointer, redeals, reserved, reserved2)  # fmt: skip


def is_won(position: Position) -> bool:
    """Every foundation has its thirteen cards: none wants a card and none is empty."""
    return not position[WANTED_ONCE] and not position[EMPTY]


def left(position: Position) -> int:
    """How many cards are not yet on the foundations."""
    return position[OUT_ONCE].bit_count() + position[OUT_TWICE].bit_count()


# plait length, corners once and twice, wanted once and twice, empty, out once and twice
Relaxed = tuple[int, int, int, int, int, int, int, int]


class PlaitTest:
    """A proof of a dead end: the plait cannot be unwound even were every card of the talon
    and the auxiliaries always at hand. Plait cards leave only from the free end, up or into
    a corner a card going up has emptied (PL-3, PL-4), so that can fail; and whatever the real
    game can do, this easier one can too, so its failure proves the position lost. Answers
    are remembered: they depend on the plait, the corners and the foundations alone."""

    def __init__(self, layout: Layout, count: Callable[[], None]) -> None:
        self.layout = layout
        self.count = count
        self.prefix = [multiset(layout.plait[:n]) for n in range(len(layout.plait) + 1)]
        self.known: dict[Relaxed, bool] = {}

    def blocked(self, position: Position) -> bool:
        relaxed = (
            position[LENGTH],
            position[CORNERS_ONCE],
            position[CORNERS_TWICE],
            position[WANTED_ONCE],
            position[WANTED_TWICE],
            position[EMPTY],
            position[OUT_ONCE],
            position[OUT_TWICE],
        )
        return bool(relaxed[0]) and not self._unwinds(relaxed)

    def _unwinds(self, relaxed: Relaxed) -> bool:
        if not relaxed[0]:
            return True
        known = self.known.get(relaxed)
        if known is None:
            known = self.known[relaxed] = any(map(self._unwinds, self._steps(relaxed)))
        return known

    def _steps(self, relaxed: Relaxed) -> list[Relaxed]:
        """The easier game's moves; only one when it is safe: a card at hand whose other copy
        is not in the plait or a corner, or a card of the plait or a corner whose other copy
        is not (either way the copy left stays at hand for the other foundation)."""
        length, corners, corners2, wanted, wanted2, empty, out, out2 = relaxed
        self.count()
        plait, plait2 = self.prefix[length]
        hidden, hidden2 = joined(plait, plait2, corners, corners2)
        at_hand = out & ~hidden | out2 & ~hidden2  # held once or more once `hidden` is gone
        fits, safe = fitting(self.layout.bases, wanted, wanted2, empty, out, out2)
        free_end = self.layout.plait[length - 1]
        moves = [(FREE_END_UP, free_end)] if fits >> free_end & 1 else []
        moves += [(CORNER_UP, card) for card in cards_of(corners & fits)]
        moves += [(AUX_UP, card) for card in cards_of(at_hand & fits)]
        lone = safe | hidden & ~hidden2  # the other copy up, or at hand
        alone = safe | fits & ~hidden  # no copy in the plait or a corner
        for kind, card in moves:
            if (alone if kind == AUX_UP else lone) >> card & 1:
                return [self._after(relaxed, kind, card)]
        return [self._after(relaxed, kind, card) for kind, card in moves]

    def _after(self, relaxed: Relaxed, kind: int, card: Card) -> Relaxed:
        length, corners, corners2, wanted, wanted2, empty, out, out2 = relaxed
        if kind == FREE_END_UP:
            length -= 1
        elif kind == CORNER_UP:
            length -= 1
            corners, corners2 = removed(corners, corners2, bit(card))
            corners, corners2 = added(corners, corners2, bit(self.layout.plait[length]))
        wanted, wanted2, empty = raised(self.layout, wanted, wanted2, empty, card)
        out, out2 = removed(out, out2, bit(card))
        return length, corners, corners2, wanted, wanted2, empty, out, out2


class Searcher:
    """A depth-first search over settled positions, remembering every one it has tried. With
    `eager` every card that goes up goes up at once: a quick search whose wins are wins but
    whose losses prove nothing; else a complete one, its dead ends cut by `PlaitTest`. With
    `caps`, a pass begun by a redeal is given up beyond `caps[redeals left]` positions, and
    the search is then complete only if it gave none up (`capped`)."""

    def __init__(
        self,
        layout: Layout,
        nodes: int,
        deadline: float,
        eager: bool,
        caps: tuple[int, ...] | None = None,
    ) -> None:
        self.layout = layout
        self.budget = nodes
        self.deadline = deadline
        self.eager = eager
        self.caps = caps  # positions a pass may take, by redeals left when it starts
        self.capped = False  # whether some pass was given up, so a loss is not proven
        self.nodes = 0
        self.best = (2 * CARDS + 1, list[int]())  # fewest cards left, the choices there
        self.test = None if eager else PlaitTest(layout, self._count)

    def solve(self, root: Position) -> list[int] | None:
        """The choices of a win from the settled `root`, or None when it is lost; raises
        `OutOfBudget`."""
        if is_won(root):
            return []
        layout, eager = self.layout, self.eager
        if self._dead(root):
            return None
        # Compiled code holds a position as sixteen plain ints; as an object (on the stack) it
        # is a tuple and a dozen ints' objects, and the table holds it as one (`table_key`).
        seen: set[bytes] = {table_key(root)}
        # each frame: a position, the choice that reached it, the choices still to try there
        stack: list[tuple[object, int, list[int]]] = [(root, -1, choices(layout, root, eager))]
        passes: list[tuple[int, int]] = []  # each pass started: its frame, its last position
        while stack:
            frame = stack[-1]
            untried = frame[2]
            if not untried:
                stack.pop()
                if passes and passes[-1][0] == len(stack):
                    passes.pop()
                continue
            if passes and self.nodes >= passes[-1][1]:  # give the pass up (or an outer one)
                given_up = next(n for n, (_, last) in enumerate(passes) if self.nodes >= last)
                del stack[passes[given_up][0] :], passes[given_up:]
                self.capped = True
                continue
            choice = untried.pop()
            self._count()
            here = cast(Position, frame[0])
            child = settle(layout, chosen(layout, here, choice), eager)
            if is_won(child):
                return [frame[1] for frame in stack[1:]] + [choice]
            size = len(seen)
            seen.add(table_key(child))  # one hash, where `in` and then `add` took two
            if len(seen) == size:
                continue
            if not _unchanged_for_the_test(here, child) and self._dead(child):
                continue
            if (
                self.caps is not None and child[REDEALS] < here[REDEALS]
            ):  # a redeal starts a pass (PL-5)
                last = self.nodes + self.caps[child[REDEALS]]
                passes.append((len(stack), min(last, passes[-1][1]) if passes else last))
            stack.append((child, choice, choices(layout, child, eager)))
            self._note(child, stack)
        return None

    def _dead(self, position: Position) -> bool:
        """Whether `PlaitTest` proves `position` a dead end."""
        return self.test is not None and self.test.blocked(position)

    def _count(self) -> None:
        self.nodes += 1
        if self.nodes >= self.budget:
            raise OutOfBudget
        if self.nodes % _CLOCK_EVERY == 0 and out_of_time(self.deadline, self.nodes * FREEING):
            raise OutOfBudget

    def _note(self, position: Position, stack: list[tuple[object, int, list[int]]]) -> None:
        cards = left(position)
        if cards < self.best[0]:
            self.best = (cards, [frame[1] for frame in stack[1:]])


_PACK: Final = Struct("<13Q").pack
_LOW: Final = (1 << 64) - 1


def table_key(position: Position) -> bytes:
    """`position` as one object of 104 bytes, for the table: a tuple of sixteen ints is up to a
    dozen objects, and freeing millions of them takes seconds."""
    small = (
        position[LENGTH]
        | position[FILLED] << 8
        | position[EMPTY] << 16
        | position[POINTER] << 24
        | position[REDEALS] << 32
    )
    talon = position[TALON]
    return _PACK(
        small,
        talon & _LOW,
        talon >> 64,
        position[CORNERS_ONCE],
        position[CORNERS_TWICE],
        position[AUX_ONCE],
        position[AUX_TWICE],
        position[WANTED_ONCE],
        position[WANTED_TWICE],
        position[OUT_ONCE],
        position[OUT_TWICE],
        position[RESERVED_ONCE],
        position[RESERVED_TWICE],
    )


def _unchanged_for_the_test(parent: Position, child: Position) -> bool:
    """Whether `child` has `parent`'s plait, corners and foundations, all that `PlaitTest`
    reads, so that the parent, not a dead end, answers for it: no card went up (the cards out
    are the same, so the plait's length and the foundations are too) and none went into a
    corner. A turn of the stock with nothing to send up makes most such children."""
    return (
        child[OUT_ONCE] == parent[OUT_ONCE]
        and child[OUT_TWICE] == parent[OUT_TWICE]
        and child[CORNERS_ONCE] == parent[CORNERS_ONCE]
        and child[CORNERS_TWICE] == parent[CORNERS_TWICE]
    )


# ----- from the engine's state and back --------------------------------------------------------
def layout_and_root(state: PlaitState) -> tuple[Layout, Position] | None:
    """The packed form of `state`, or None for a position no deal reaches (a foundation that
    does not run up in suit from the base rank)."""
    base = state.base_rank - 1
    last = (base + 12) % 13
    for pile in state.foundations:
        suit = pile[0] // 13 if pile else 0
        if pile != tuple(suit * 13 + (base + n) % 13 for n in range(len(pile))):
            return None
    follower = tuple(0 if card % 13 == last else bit(_next(card)) for card in range(CARDS))
    bases = sum(bit(suit * 13 + base) for suit in range(4))
    talon = state.waste + state.stock
    layout = Layout(state.plait, talon, bases, follower)
    building = [pile for pile in state.foundations if 0 < len(pile) < FULL]
    wanted, wanted2 = multiset(_next(pile[-1]) for pile in building)
    corners, corners2 = multiset(card for pile in state.corners for card in pile)
    aux, aux2 = multiset(card for pile in state.auxiliaries for card in pile)
    out, out2 = multiset(
        (
            *state.plait,
            *talon,
            *(card for pile in (*state.corners, *state.auxiliaries) for card in pile),
        )
    )
    empty = state.foundations.count(())
    filled = sum(map(len, state.corners))
    return layout, (
        len(state.plait), corners, corners2, filled, aux, aux2, wanted, wanted2, empty, out,
        out2, (1 << len(talon)) - 1, len(state.waste), state.redeals_left, 0, 0,
    )  # fmt: skip


def replayed(layout: Layout, root: Position, line: list[int], eager: bool) -> list[int]:
    """Every move, as a choice, of the line of choices `line` from the unsettled `root`."""
    steps: list[int] = []
    here = settle(layout, root, eager, steps)
    for choice in line:
        if choice >> 6 != RESERVE:
            steps.append(choice)
        here = settle(layout, chosen(layout, here, choice), eager, steps)
    return steps


def engine_moves(state: PlaitState, steps: list[int]) -> tuple[Move, ...]:
    """`steps` as the engine's moves, naming the piles they take cards from and give them."""
    moves: list[Move] = []
    for step in steps:
        move = _engine_move(state, step >> 6, step & 63)
        state = PLAIT.apply_unchecked(state, move)
        moves.append(move)
    return tuple(moves)


def _engine_move(state: PlaitState, kind: int, card: Card) -> Move:
    if kind == TURN:
        return DEAL if state.stock else REDEAL
    if kind in (FREE_END_UP, WASTE_UP, WASTE_TO_CORNER):
        source = "plait" if kind == FREE_END_UP else "waste"
    else:
        names, piles = (
            (CORNERS, state.corners) if kind == CORNER_UP else (AUXILIARIES, state.auxiliaries)
        )
        source = next(name for name, pile in zip(names, piles, strict=True) if pile == (card,))
    if kind in UP_KINDS:
        return transfer(source, _foundation_for(state, card))
    return transfer(source, CORNERS[state.corners.index(())])


def _foundation_for(state: PlaitState, card: Card) -> str:
    """The foundation `card` follows on, else the next empty one for a base card (PL-2)."""
    for name, pile in zip(FOUNDATIONS, state.foundations, strict=True):
        if pile and len(pile) < FULL and _next(pile[-1]) == card:
            return name
    return FOUNDATIONS[state.foundations.index(())]


def _next(card: Card) -> Card:
    """The card after `card` in its suit, king followed by ace (PL-2)."""
    return card - card % 13 + (card % 13 + 1) % 13


QUICK_SHARE: Final = 4  # the quick search may spend a quarter of the positions
# positions a pass may take in the first stage, by redeals left at its start (docs/design.md)
FIRST_CAPS: Final[tuple[int, ...]] = (100, 2000, 500)
# The four-pass game first glances with its second passes given up beyond 10,000 positions, not
# 500: that wins some deals at once which the stages win late or not at all (docs/design.md).
GLANCE_CAPS: Final[tuple[int, ...]] = (100, 2000, 10_000)
GLANCE: Final = 100_000  # positions the glance may take
# After the glance, the four-pass game's stages take turns with a second shape of caps: within
# second passes of 500 positions, the first shape's third passes (2,000) are never given up, so
# it tries few of them; this one begins many, each given up beyond 100 positions and its last
# passes beyond 25, within second passes of 8,000 (docs/design.md).
MANY_THIRD_PASSES_CAPS: Final[tuple[int, ...]] = (25, 100, 8000)
WIDENING: Final = 4  # how much more each stage allows a pass than the one before


def search(state: PlaitState, nodes: int, seconds: float) -> OwnSearch | None:
    """Decide `state` within `nodes` positions and `seconds`: the quick search first, for
    wins, then the complete one (`_staged`) with what is left of the budget. None for a
    position no deal reaches (left to the generic search)."""
    packed = layout_and_root(state)
    if packed is None:
        return None
    layout, root = packed
    deadline = perf_counter() + seconds
    searchers: list[Searcher] = []
    spent = 0
    if nodes >= QUICK_SHARE:  # else a quick search of no positions would still count one
        quick = Searcher(layout, nodes // QUICK_SHARE, deadline, eager=True)
        searchers.append(quick)
        line = _solved(quick, root)
        if line:
            return OwnSearch(WON, _played(state, layout, root, line[0], True), quick.nodes)
        spent = quick.nodes
    line = _staged(layout, root, nodes - spent, deadline, searchers)
    spent = sum(searcher.nodes for searcher in searchers)
    if line is None:
        return OwnSearch(UNKNOWN, (), spent, _guess(state, layout, root, tuple(searchers)))
    if not line:
        return OwnSearch(LOST, (), spent)
    return OwnSearch(WON, _played(state, layout, root, line[0], False), spent)


def _staged(
    layout: Layout, root: Position, nodes: int, deadline: float, searchers: list[Searcher]
) -> tuple[list[int], ...] | None:
    """The complete search's answer within `nodes`, as `_solved` gives it: the glance where its
    caps differ from the first stage's, then stages of widening caps, each with what is left of
    the budget, until one wins or gives nothing up; where a pass may begin with two redeals
    left (the four-pass game), stages of the first stage's caps and of
    `MANY_THIRD_PASSES_CAPS` take turns, each shape widening at its own turn. Each search is
    added to `searchers`."""
    spent = 0
    passes = root[REDEALS]  # the caps a deal uses: the standard game starts no pass with two left
    if GLANCE_CAPS[:passes] != FIRST_CAPS[:passes]:
        glance = Searcher(layout, min(GLANCE, nodes), deadline, eager=False, caps=GLANCE_CAPS)
        searchers.append(glance)
        line = _solved(glance, root)
        if line or (line is not None and not glance.capped):
            return line
        spent = glance.nodes
    shapes = [FIRST_CAPS, MANY_THIRD_PASSES_CAPS] if passes > 2 else [FIRST_CAPS]
    while spent < nodes:
        for turn, caps in enumerate(shapes):
            stage = Searcher(layout, nodes - spent, deadline, eager=False, caps=caps)
            searchers.append(stage)
            line = _solved(stage, root)
            spent += stage.nodes
            if line is None or line or not stage.capped:
                return line
            shapes[turn] = tuple(cap * WIDENING for cap in caps)
    return None


def _solved(searcher: Searcher, root: Position) -> tuple[list[int], ...] | None:
    """The winning choices (one line) or no line when lost; None when the budget ran out."""
    try:
        line = searcher.solve(settle(searcher.layout, root, searcher.eager))
    except OutOfBudget:
        return None
    return () if line is None else (line,)


def _played(
    state: PlaitState, layout: Layout, root: Position, line: list[int], eager: bool
) -> tuple[Move, ...]:
    return engine_moves(state, replayed(layout, root, line, eager))


def _guess(
    state: PlaitState, layout: Layout, root: Position, searchers: tuple[Searcher, ...]
) -> Move | None:
    """The first move towards the fewest cards left that either search saw."""
    best = min(searchers, key=lambda searcher: searcher.best[0])
    moves = _played(state, layout, root, best.best[1], best.eager)
    if not moves:
        first = choices(layout, settle(layout, root, True), True)
        moves = _played(state, layout, root, first[-1:], True)
    return moves[0] if moves else None
