"""The Four Corners' own search: a depth-first search with a transposition table on a compact
position made of ints, bytes and tuples, exact under FC-1…FC-5 as `four_corners` implements
them.

A position is (heaps, builds, heights, redeals left): the twelve heaps bottom to top as bytes,
a byte a card, each heap's auxiliary sequence as a signed count of built cards (+ up, - down,
0 free: FC-3 keeps the direction while built cards remain), and how many cards each foundation
holds (aces S H D C, then kings S H D C), which is all that tells foundations apart. The table
holds positions as they are: folding the heaps' order after the last redeal found no repeat it
did not already find, and cost a sort a position (docs/design.md).

From the second stage on, the moves after the last redeal are tried in an order drawn afresh
for each stage: how long a depth-first search takes to win a last layout depends wildly on its
first choices, and a shallow search in a random order wins a winnable layout far sooner than
the best fixed order found (docs/design.md). The first stage keeps that fixed order, whose
lines read naturally, for the easy deals and the hints it settles. The orders are drawn from
the stage's number, so a deal is searched the same way on every run, and no order changes what
an exhausted stage proves.
"""

from __future__ import annotations

from time import perf_counter
from typing import Final, NamedTuple

from parlour.core.cards import Card
from parlour.core.game import (
    LOST,
    UNKNOWN,
    WON,
    OutOfBudget,
    OwnSearch,
    SearchResult,
    out_of_time,
)
from parlour.core.moves import Move, moving
from parlour.games.drawn_order import shuffle
from parlour.games.four_corners import HEAPS, REDEAL, FourCornersState
from parlour.games.four_corners_deal import HEAP_COUNT, deal_heights
from parlour.games.twin_foundations import ACES, KINGS, deadlocked, packed

Heaps = tuple[bytes, ...]  # each heap's cards bottom first, a byte a card: bytes keep their hash
Position = tuple[Heaps, tuple[int, ...], tuple[int, ...], int]
Step = tuple[int, int]  # (source heap, target): heaps 0-11, ace foundations 12-15, kings 16-19

ACE_BASE: Final = 12  # target of suit s's ace foundation: ACE_BASE + s
KING_BASE: Final = 16
REDEAL_STEP: Final[Step] = (-1, -1)
ALL_UP: Final = 104
_CLOCK_EVERY: Final = 512
FREEING: Final = 0.65e-6  # seconds it takes to free the table, a position made (docs/design.md)
Caps = tuple[int, int]  # positions tried on a layout dealt with 0, 1 redeals left
FIRST_CAPS: Final[Caps] = (200, 200_000)  # chosen again at 10 s a deal (docs/design.md)
WIDENING: Final = 4  # how much more each stage allows a layout than the one before
_ALONE: Final = tuple(bytes((card,)) for card in range(52))  # a card as a heap's bytes


class Found(NamedTuple):
    """What the search found: `won` with its steps, `lost` once everything reachable was
    tried, or `unknown` when the budget ran out (with the first step towards the most cards
    on the foundations seen, if any)."""

    result: SearchResult
    steps: tuple[Step, ...]
    nodes: int
    guess: Step | None = None
    ran_out: bool = False  # the budget ran out (not only some layouts' caps), so stop here


def search(state: FourCornersState, nodes: int, seconds: float) -> OwnSearch:
    """The search from an engine state, its line in the engine's moves."""
    found = staged(position_of(state), nodes, perf_counter() + seconds)
    guess = None if found.guess is None else engine_move(found.guess)
    return OwnSearch(found.result, tuple(map(engine_move, found.steps)), found.nodes, guess)


def staged(root: Position, nodes: int, deadline: float) -> Found:
    """Searches that give up each redealt layout beyond a few positions, then beyond a few
    times more, and so on, each with what the ones before left of the budget: a winning line
    is found sooner when many layouts are tried shallowly, and a deal whose first layout
    offers few positions soon goes on to deeper searches of its redeals. A stage that ends
    without giving up any layout is complete, so a loss it finds is proven."""
    spent = 0
    caps = FIRST_CAPS
    stage = 0
    while True:
        stage += 1
        draw = None if stage == 1 else stage
        found = Searcher(nodes - spent, deadline, caps, draw).run(root)
        spent += found.nodes
        if found.result != UNKNOWN or found.ran_out:
            return found._replace(nodes=spent)
        caps = (caps[0] * WIDENING, caps[1] * WIDENING)


def position_of(state: FourCornersState) -> Position:
    """The compact position of an engine state."""
    builds = tuple(build.length * build.direction for build in state.builds)
    return packed(state.heaps), builds, state.foundations.heights(), state.redeals_left


def engine_move(step: Step) -> Move:
    """The engine's move for a step, so that lines replay through `FourCorners.apply`."""
    if step == REDEAL_STEP:
        return REDEAL
    source, target = step
    if target < HEAP_COUNT:
        return moving(HEAPS[source], HEAPS[target])
    if target < KING_BASE:
        return moving(HEAPS[source], ACES[target - ACE_BASE])
    return moving(HEAPS[source], KINGS[target - KING_BASE])


# ----- the rules on the compact position --------------------------------------------------
def redealt(position: Position) -> Position:
    """FC-4: heap-1's cards first, bottom card first, then heap-2's …, dealt under FC-2, with
    every auxiliary sequence gone."""
    heaps, _, heights, redeals = position
    gathered = tuple(card for heap in heaps for card in heap)
    new_heaps, new_heights = deal_heights(gathered, heights)
    return packed(new_heaps), (0,) * HEAP_COUNT, new_heights, redeals - 1


def applied(position: Position, step: Step) -> Position:
    """The position after `step`: a heap's top card to a foundation or onto another heap's
    top, where it becomes a built card running in the direction it moved (FC-3)."""
    if step == REDEAL_STEP:
        return redealt(position)
    heaps, builds, heights, redeals = position
    source, target = step
    pile = heaps[source]
    card = pile[-1]
    new_heaps = list(heaps)
    new_heaps[source] = pile[:-1]
    new_builds = list(builds)
    built = builds[source]
    new_builds[source] = built - 1 if built > 0 else built + 1 if built < 0 else 0
    if target < HEAP_COUNT:
        onto = heaps[target]
        length = abs(builds[target]) + 1
        new_builds[target] = length if card > onto[-1] else -length
        new_heaps[target] = onto + _ALONE[card]
        return tuple(new_heaps), tuple(new_builds), heights, redeals
    up = list(heights)
    up[target - ACE_BASE] += 1
    return tuple(new_heaps), tuple(new_builds), tuple(up), redeals


def cards_up(position: Position) -> int:
    """The cards on the foundations. Not `sum`, which compiled code calls through Python."""
    total = 0
    for height in position[2]:
        total += height
    return total


def foundation_targets(card: Card, heights: tuple[int, ...]) -> list[int]:
    """The foundations `card` fits: the ace foundation takes the rank after its height, the
    king foundation the rank before 13 minus its height (FC-3)."""
    suit, rank = card // 13, card % 13  # not divmod, whose tuple compiled code has to build
    targets = [ACE_BASE + suit] if heights[suit] == rank else []
    if heights[4 + suit] == 12 - rank:
        targets.append(KING_BASE + suit)
    return targets


def build_steps(heaps: Heaps, builds: tuple[int, ...]) -> list[Step]:
    """Every heap top onto another heap's top of its suit one rank away, keeping the
    direction of the built cards already there (FC-3, as HT-4; no wrap, an empty heap takes
    nothing)."""
    tops = [pile[-1] if pile else -2 for pile in heaps]  # -2: no card is its neighbour
    showing = 0  # the cards on top, as bits: most tops have no neighbour among them
    for card in tops:
        if card >= 0:
            showing |= 1 << card
    steps: list[Step] = []
    for spot, card in enumerate(tops):
        if card < 0:
            continue
        rank = card % 13
        if rank and (showing >> (card - 1)) & 1:  # built upwards
            steps += [(spot, t) for t, top in enumerate(tops) if top == card - 1 and builds[t] >= 0]
        if rank < 12 and (showing >> (card + 1)) & 1:  # built downwards
            steps += [(spot, t) for t, top in enumerate(tops) if top == card + 1 and builds[t] <= 0]
    return steps


def placed(card: Card, heights: tuple[int, ...]) -> int:
    """How many copies of `card` lie on the foundations: each holds a run from its base."""
    suit, rank = card // 13, card % 13
    return (heights[suit] > rank) + (heights[4 + suit] > 12 - rank)


def is_safe(card: Card, target: int, heights: tuple[int, ...]) -> bool:
    """As `Foundations.is_safe`: playing `card` up cannot spoil a win once both copies of the
    one card that could still want it as a base (the next towards its foundation's start) are
    up; an ace going to its ace foundation or a king to its king foundation is never called
    safe."""
    suit, rank = card // 13, card % 13
    wanting = rank - 1 if target < KING_BASE else rank + 1
    return 0 <= wanting <= 12 and placed(suit * 13 + wanting, heights) == 2


# ----- the search -----------------------------------------------------------------------
class Trail:
    """The steps that led to a position, last first, sharing their common start. A plain class,
    not a NamedTuple, whose objects compiled code makes itself rather than through Python."""

    __slots__ = ("before", "step")

    def __init__(self, step: Step, before: Trail | None) -> None:
        self.step = step
        self.before = before


def unwound(trail: Trail | None) -> tuple[Step, ...]:
    """The steps of `trail` from the start on."""
    steps: list[Step] = []
    while trail is not None:
        steps.append(trail.step)
        trail = trail.before
    return tuple(reversed(steps))


def play_steps(position: Position) -> list[Step]:
    """The moves worth trying within a deal, the most promising first: once no redeal is
    left the first foundation move that cannot spoil a win, alone; else foundation moves,
    then moves that uncover a card (the card nearest to going up first), then moves of built
    cards, which only rearrange. (After the last redeal the searcher draws its own order.)"""
    heaps, builds, heights, redeals = position
    steps = [
        (spot, target)
        for spot, pile in enumerate(heaps)
        if pile
        for target in foundation_targets(pile[-1], heights)
    ]
    if not redeals:  # as `safe_foundation_move`; while a redeal is left, a card up reshapes it
        for spot, target in steps:
            if is_safe(heaps[spot][-1], target, heights):
                return [(spot, target)]
    moves = build_steps(heaps, builds)
    uncovering = [step for step in moves if not builds[step[0]]]
    if len(uncovering) > 1:  # a stable sort: alike ones keep their order
        uncovering.sort(key=lambda step: _distance(heaps[step[0]], heights))
    steps += uncovering
    steps += [step for step in moves if builds[step[0]]]
    return steps


def _distance(pile: bytes, heights: tuple[int, ...]) -> int:
    """How far the card a move would uncover is from going up: the cards its suit's nearer
    foundation needs first (13 for none)."""
    if len(pile) < 2:
        return 0
    suit, rank = pile[-2] // 13, pile[-2] % 13
    ace_gap = rank - heights[suit]
    king_gap = 12 - heights[4 + suit] - rank
    return min(ace_gap if ace_gap >= 0 else 13, king_gap if king_gap >= 0 else 13)


def stuck(position: Position, steps: list[Step]) -> bool:
    """Whether only built cards can move: nothing goes up and no card can be uncovered, the
    moment the text redeals at ("when no further use can be made")."""
    builds = position[1]
    return all(target < HEAP_COUNT and builds[source] for source, target in steps)


def dead_end(position: Position, step: Step) -> bool:
    """Whether `position`, made by `step`, is a dead end (`deadlocked`, FC-5). A card built
    onto a heap often locks that heap alone, its cards waiting on each other: the heap and the
    foundations show it without the rest. The whole position's check need not count the cards
    in play: all are in the heaps."""
    heaps, _, heights, _ = position
    target = step[1]
    if 0 <= target < HEAP_COUNT and deadlocked((heaps[target],), heights):
        return True
    return deadlocked(heaps, heights, complete=True)


class _OverCap(Exception):
    pass


class Searcher:
    """One search within a budget of positions generated and seconds. Each deal's positions
    are searched depth first; the redeal (FC-4), which may be taken from any of them, is
    tried at once from positions where play is stuck, and from all the others once the
    deal's positions are exhausted, so every reachable position is still opened. A redealt
    layout is given up beyond so many positions (`caps`), and a loss is then not proven. With
    a `draw`, the moves after the last redeal are tried in an order drawn from it."""

    def __init__(
        self,
        nodes: int,
        deadline: float,
        caps: Caps,
        draw: int | None = None,
    ) -> None:
        self.limit = nodes
        self.deadline = deadline
        self.caps = caps
        self.capped = False  # whether some deal was given up, so a loss is not proven
        self.stop = nodes
        self.nodes = 0
        self.seen: set[Position] = set()
        self.best = -1
        self.guess: Step | None = None
        self.draw = draw

    def run(self, root: Position) -> Found:
        """Won with a line, lost once every reachable position was opened without a win (the
        table skips repeats) and no last deal was given up, or unknown."""
        if cards_up(root) == ALL_UP:
            return Found(WON, (), 0)
        self.seen.add(root)
        try:
            trail = self._deal(root, None)
        except OutOfBudget:
            return Found(UNKNOWN, (), self.nodes, self.guess, ran_out=True)
        if trail is not None:
            return Found(WON, unwound(trail), self.nodes)
        if self.capped:
            return Found(UNKNOWN, (), self.nodes, self.guess)
        return Found(LOST, (), self.nodes)

    def _deal(self, root: Position, start: Trail | None) -> Trail | None:
        """A winning trail from `root`, fresh from a deal, or None once everything reachable
        from it was tried."""
        later: list[tuple[int, Position, Trail | None]] = []
        stack: list[tuple[Position, Trail | None, list[Step]]] = []
        won = self._enter(root, start, stack, later)
        while stack and won is None:
            position, trail, todo = stack[-1]
            if not todo:
                stack.pop()
                continue
            step = todo.pop()
            child = self._opened(position, step, trail)
            if child is None:
                continue
            child_trail = Trail(step, trail)
            if cards_up(child) == ALL_UP:
                return child_trail
            won = self._enter(child, child_trail, stack, later)
        if won is not None:
            return won
        later.sort(key=lambda entry: -entry[0])
        for _, position, trail in later:
            won = self._redeal(position, trail)
            if won is not None:
                return won
        return None

    def _enter(
        self,
        position: Position,
        trail: Trail | None,
        stack: list[tuple[Position, Trail | None, list[Step]]],
        later: list[tuple[int, Position, Trail | None]],
    ) -> Trail | None:
        """Queue `position`'s moves; redeal from it now when stuck, else later."""
        steps = play_steps(position)
        if not position[3] and self.draw is not None:
            self.draw = shuffle(steps, self.draw)
        stack.append((position, trail, steps[::-1]))
        if not position[3]:
            return None
        if stuck(position, steps):
            return self._redeal(position, trail)
        later.append((cards_up(position), position, trail))
        return None

    def _redeal(self, position: Position, trail: Trail | None) -> Trail | None:
        child = self._opened(position, REDEAL_STEP, trail)
        if child is None:
            return None
        child_trail = Trail(REDEAL_STEP, trail)
        if cards_up(child) == ALL_UP:
            return child_trail
        return self._capped_deal(child, child_trail, self.caps[child[3]])

    def _capped_deal(self, root: Position, start: Trail, cap: int) -> Trail | None:
        """`_deal` within `cap` more positions, given up beyond them."""
        outer = self.stop
        self.stop = min(outer, self.nodes + cap)
        try:
            return self._deal(root, start)
        except _OverCap:
            self.capped = True
            return None
        finally:
            self.stop = outer

    def _opened(self, position: Position, step: Step, trail: Trail | None) -> Position | None:
        """The position `step` reaches, or None when it was seen before or is a dead end."""
        self.nodes += 1
        if self.nodes >= self.stop:
            raise OutOfBudget if self.nodes >= self.limit else _OverCap
        if self.nodes % _CLOCK_EVERY == 0 and out_of_time(self.deadline, self.nodes * FREEING):
            raise OutOfBudget
        child = applied(position, step)
        seen = self.seen
        size = len(seen)
        seen.add(child)  # one hash of the child, where `in` and then `add` took two
        if len(seen) == size:
            return None
        up = cards_up(child)
        if up > self.best:
            self.best = up
            self.guess = unwound(trail)[0] if trail is not None else step
        if not child[3] and not _rearranging(position, step) and dead_end(child, step):
            return None
        return child


def _rearranging(position: Position, step: Step) -> bool:
    """Whether `step` moves a built card onto another heap: it can be moved back, so the
    position before it, already tried for a dead end, stands for it."""
    source, target = step
    return 0 <= target < HEAP_COUNT and bool(position[1][source])
