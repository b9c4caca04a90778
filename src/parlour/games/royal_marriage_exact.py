"""The exact decision for a Royal Marriage row that is played freely with no grace left.

Whether the cards strictly between row positions ``i`` and ``j`` can all be thrown out while
``i`` and ``j`` stay depends on nothing outside ``[i, j]``: a discard removes cards lying
between two cards still present, so every discard inside ``(i, j)`` has its brackets inside
``[i, j]``. The last discard that makes ``i`` and ``j`` neighbours has them as brackets, and each
card of its group was made a neighbour of the next by earlier, independent clearings. So with
``clear(i, j)`` meaning "``i`` and ``j`` can become neighbours":

    clear(i, i+1)
    clear(i, j) = alike(i, j) and some group g1 < … < gm of a legal shape has
                  clear(i, g1), clear(g1, g2), …, clear(gm, j)

where a legal group is one or two cards (RM-3), two cards alike (Discards), or any number of
cards of one suit (Push-pin). Rows are kept as bit masks, ``reach[i]`` holding every ``j`` with
``clear(i, j)``, computed for ``i`` from right to left. Beside it ``closes[k]`` holds every
``j`` at which a legal group whose first card is ``k`` can close, so finding ``reach[i]``
visits only the positions it holds: a step for each pair that can clear, about a fifth of a
millisecond for a whole pack.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations, pairwise

from parlour.core.cards import Card
from parlour.games.royal_marriage_rows import GRACE_THROWS, Variant


class Clearing:
    """`clear(i, j)` for every pair of a row under one variant's discard shapes."""

    def __init__(self, row: Sequence[Card], variant: Variant) -> None:
        self.row = tuple(row)
        self.variant = variant
        n = len(self.row)
        by_suit, by_rank = [0] * 4, [0] * 13
        for position, card in enumerate(self.row):
            by_suit[card // 13] |= 1 << position
            by_rank[card % 13] |= 1 << position
        self.suited = [by_suit[card // 13] for card in self.row]
        self.alike = [by_suit[card // 13] | by_rank[card % 13] for card in self.row]
        self.reach = [0] * n  # reach[i]: every j > i with clear(i, j)
        self.closes = [0] * n  # closes[k]: every j a legal group whose first card is k can close
        self.runs = [0] * n  # runs[k]: every j a one-suit run from k can close (Push-pin)
        for i in range(n - 1, -1, -1):
            self.reach[i] = self._reach_from(i)
            self.closes[i] = self._closes_from(i)

    def _reach_from(self, i: int) -> int:
        """Every j with clear(i, j); `reach` and `closes` are known right of `i`.

        Only the positions of `clear(i, ·)` are visited, left to right: each k found adds the
        positions where a group starting at k can close, and those alike to `i` are found.
        """
        if i + 1 >= len(self.row):
            return 0
        closes, alike_i = self.closes, self.alike[i]
        found = bit = 1 << i + 1
        ends = 0  # j closing a group whose first card is in `found`
        while bit:
            found |= bit
            ends |= closes[bit.bit_length() - 1]
            later = ends & alike_i & ~(2 * bit - 1)
            bit = later & -later
        return found

    def _closes_from(self, k: int) -> int:
        """Where a group starting at `k` (with clear(·, k) for its left bracket) can close:
        after k alone, after a second card m with clear(k, m) (alike to k in Discards), or
        after a one-suit run from k (Push-pin)."""
        reach, reach_k = self.reach, self.reach[k]
        closes = reach_k
        seconds = reach_k & self.alike[k] if self.variant == "discards" else reach_k
        while seconds:
            low = seconds & -seconds
            closes |= reach[low.bit_length() - 1]
            seconds ^= low
        if self.variant == "push-pin":
            runs, nexts = reach_k, reach_k & self.suited[k]
            while nexts:
                low = nexts & -nexts
                runs |= self.runs[low.bit_length() - 1]
                nexts ^= low
            self.runs[k] = runs
            closes |= runs
        return closes

    def clear(self, i: int, j: int) -> bool:
        return bool(self.reach[i] >> j & 1)

    def won(self) -> bool:
        """The whole row can be thrown out down to its two ends."""
        return len(self.row) < 2 or self.clear(0, len(self.row) - 1)

    def discards(self, i: int = 0, j: int | None = None) -> list[tuple[Card, ...]]:
        """The groups thrown out, in an order that works, to make `i` and `j` neighbours."""
        j = len(self.row) - 1 if j is None else j
        if j == i + 1:
            return []
        group = self._last_group(i, j)
        stops = [i, *group, j]
        order: list[tuple[Card, ...]] = []
        for left, right in pairwise(stops):
            order += self.discards(left, right)
        return [*order, tuple(self.row[g] for g in group)]

    def _last_group(self, i: int, j: int) -> list[int]:
        reach, before_j = self.reach, (1 << j) - 1
        firsts = reach[i] & before_j
        for k in positions(firsts):
            if reach[k] >> j & 1:
                return [k]
        for k in positions(firsts):
            seconds = reach[k] & before_j
            if self.variant == "discards":
                seconds &= self.alike[k]
            for m in positions(seconds):
                if reach[m] >> j & 1:
                    return [k, m]
        for k in positions(firsts):  # Push-pin: a run of one suit
            run = self._run(k, j)
            if run:
                return run
        raise AssertionError("no last group for a pair marked clear")

    def _run(self, k: int, j: int) -> list[int] | None:
        """A one-suit run from `k` whose last card is a neighbour-to-be of `j`."""
        if self.reach[k] >> j & 1:
            return [k]
        for m in positions(self.reach[k] & self.suited[k] & (1 << j) - 1):
            rest = self._run(m, j)
            if rest:
                return [k, *rest]
        return None


@cache
def lane_shifts(width: int) -> dict[int, list[int]]:
    """For each set of lanes of `width` bits (bit 0 of each lane present), the shifts to those
    lanes."""
    return {
        sum(1 << t * width for t in chosen): [t * width for t in chosen]
        for size in range(GRACE_THROWS + 2)
        for chosen in combinations(range(GRACE_THROWS + 1), size)
    }


def positions(mask: int) -> Iterator[int]:
    """The positions of the bits set in `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class ThrowClearing:
    """Discards with its grace still to come: can the row clear if three cards (or all that are
    left between the ends, when fewer) are thrown out at one moment of the player's choosing?

    Every discard happens before or after that moment. With ``D(i, j)`` the numbers ``t`` of
    thrown cards strictly between ``i`` and ``j`` for which the two can become neighbours:

    * ``0`` when `Clearing` says so (only discards);
    * ``t`` when the cards between them at the throw are exactly ``t`` thrown cards, each gap
      between those having been cleared by discards before (no alike ends needed);
    * ``t1 + t2 + …`` when ``i`` and ``j`` are alike and close over a legal group after the throw,
      each gap of the group making its own count.

    The row clears with the grace when ``3`` is in ``D(0, n-1)``, or when fewer than three cards
    stood between the ends at the throw. Counts are kept as four bit masks per row position.
    """

    def __init__(self, clearing: Clearing) -> None:
        self.base = clearing
        n = len(clearing.row)
        # Counts 0-3 are four lanes of `n` bits in one int, so one shift moves a set of ends
        # from count t2 to count t1 + t2 for every t2 at once.
        self.width = n
        self.lanes = sum(1 << t * n for t in range(GRACE_THROWS + 1))  # bit 0 of every lane
        self.counts = [0] * n  # counts[i], lane t: every j with t in D(i, j)
        self.hops = [0] * n  # hops[i], lane t: every j reached from i by t + 1 clearings
        self.closes = [0] * n  # closes[k], lane t: j a group from k closes on past t throws
        self.lane_shifts = lane_shifts(n)
        self.full = (1 << n * (GRACE_THROWS + 1)) - 1
        for i in range(n - 1, -1, -1):
            self._counts_from(i)
        first_lane = (1 << n) - 1
        self.alone = [h & ~first_lane for h in self.hops]  # lane t: t throws alone, t >= 1

    def _counts_from(self, i: int) -> None:
        """`D(i, ·)`: the positions with a count, left to right, each adding where the groups
        starting there close (shifted by its counts); then `hops[i]` and `closes[i]`."""
        width, lanes, full = self.width, self.lanes, self.full
        reach, closes, lane_shifts = self.base.reach, self.closes, self.lane_shifts
        hops = reach[i]  # the t cards reached by clearings alone are thrown together
        nexts = hops
        while nexts:
            low = nexts & -nexts
            hops |= self.hops[low.bit_length() - 1] << width & full
            nexts ^= low
        self.hops[i] = hops
        alike_i = self.base.alike[i] * lanes
        found = ends = 0
        above = (1 << width) - (2 << i)  # positions right of the last one visited
        while True:
            present = hops | ends & alike_i
            folded = present | present >> width | present >> 2 * width | present >> 3 * width
            folded &= above
            if not folded:
                break
            low = folded & -folded
            above &= -2 * low
            j = low.bit_length() - 1
            here = present >> j & lanes
            found |= here << j
            for shift in lane_shifts[here]:
                ends |= closes[j] << shift & full
        self.counts[i] = found
        closes_i = found
        seconds = found & alike_i  # a two-card group's second card, alike to its first
        while seconds:
            low = seconds & -seconds
            t, m = divmod(low.bit_length() - 1, width)
            closes_i |= self.counts[m] << t * width & full
            seconds ^= low
        closes[i] = closes_i

    def _has(self, t: int, i: int, j: int) -> bool:
        return bool(self.counts[i] >> t * self.width + j & 1)

    def _alone(self, t: int, i: int, j: int) -> bool:
        return bool(self.alone[i] >> t * self.width + j & 1)

    def plan(
        self,
    ) -> tuple[list[tuple[Card, ...]], tuple[Card, ...], list[tuple[Card, ...]]] | None:
        """Discards before the throw, the cards thrown, discards after; None if none works."""
        last = len(self.base.row) - 1
        if self._has(GRACE_THROWS, 0, last):
            return self._plan(0, last, GRACE_THROWS)
        for t in range(1, GRACE_THROWS):
            if self._alone(t, 0, last):
                return self._plan(0, last, t, alone=True)
        return None

    def _plan(
        self, i: int, j: int, t: int, alone: bool = False
    ) -> tuple[list[tuple[Card, ...]], tuple[Card, ...], list[tuple[Card, ...]]]:
        if t == 0:
            return self.base.discards(i, j), (), []
        if alone or self._alone(t, i, j):
            thrown = self._thrown_run(i, j, t)
            if thrown is not None:
                stops = [i, *thrown, j]
                discards = [d for a, b in pairwise(stops) for d in self.base.discards(a, b)]
                return discards, tuple(self.base.row[k] for k in thrown), []
        found = self._split_group(i, j, t)
        if found is not None:
            group, split = found
            before: list[tuple[Card, ...]] = []
            thrown_cards: tuple[Card, ...] = ()
            after: list[tuple[Card, ...]] = []
            for (a, b), part in zip(pairwise([i, *group, j]), split, strict=True):
                pre, gone, post = self._plan(a, b, part)
                before, thrown_cards, after = before + pre, thrown_cards + gone, after + post
            return before, thrown_cards, [*after, tuple(self.base.row[g] for g in group)]
        raise AssertionError("no plan for a count marked reachable")

    def _thrown_run(self, i: int, j: int, t: int) -> list[int] | None:
        if t == 0:
            return [] if self.base.clear(i, j) else None
        for k in positions(self.base.reach[i] & (1 << j) - 1):
            rest = self._thrown_run(k, j, t - 1)
            if rest is not None:
                return [k, *rest]
        return None

    def _split_group(self, i: int, j: int, t: int) -> tuple[list[int], list[int]] | None:
        """A legal Discards group between `i` and `j` (one card, or two cards alike) and the
        counts of its gaps, adding up to `t`; None if there is none."""
        if not self.base.alike[i] >> j & 1:
            return None
        for k, t1 in self._counted(i, j, t):
            if self._has(t - t1, k, j):
                return [k], [t1, t - t1]
        for k, t1 in self._counted(i, j, t):
            for m, t2 in self._counted(k, j, t - t1, self.base.alike[k]):
                if self._has(t - t1 - t2, m, j):
                    return [k, m], [t1, t2, t - t1 - t2]
        return None

    def _counted(self, i: int, j: int, t: int, among: int = -1) -> Iterator[tuple[int, int]]:
        """Every k between `i` and `j` (and in `among`) with a count up to `t` in D(i, k)."""
        counts, width, before_j = self.counts[i], self.width, among & (1 << j) - 1
        for count in range(t + 1):
            for k in positions(counts >> count * width & before_j):
                yield k, count
