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
``clear(i, j)``, and computed for ``i`` from right to left, ``j`` left to right: O(n²) big-int
steps, a millisecond for a whole pack.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from parlour.core.cards import Card, same_suit_or_rank


class Clearing:
    """`clear(i, j)` for every pair of a row under one variant's discard shapes."""

    def __init__(self, row: Sequence[Card], variant: str) -> None:
        self.row = tuple(row)
        self.variant = variant
        n = len(self.row)
        self.alike = [
            sum(1 << j for j in range(n) if same_suit_or_rank(self.row[i], self.row[j]))
            for i in range(n)
        ]
        self.suited = [
            sum(1 << j for j in range(n) if self.row[i] // 13 == self.row[j] // 13)
            for i in range(n)
        ]
        self.reach = [0] * n  # reach[i]: every j > i with clear(i, j)
        self.chain = [0] * n  # chain[k]: every l >= k joined to k by a one-suit run (Push-pin)
        for i in range(n - 1, -1, -1):
            self.reach[i] = self._reach_from(i)
            self.chain[i] = self._chain_from(i)

    def _reach_from(self, i: int) -> int:
        """Every j with clear(i, j); `reach` and `chain` are known for positions right of i."""
        reach, alike_i = self.reach, self.alike[i]
        pairs_alike = self.variant == "discards"
        found = 0  # k with clear(i, k): a last group's first card
        one_ends = 0  # j with clear(k, j) for such a k: a one-card group closes at j
        seconds = 0  # m that can be a two-card group's second card
        two_ends = 0  # j closing a two-card group
        run_cards = 0  # l ending a one-suit run that starts at such a k (Push-pin)
        run_ends = 0  # j closing such a run
        for j in range(i + 1, len(self.row)):
            bit = 1 << j
            if j == i + 1 or (alike_i & bit and (one_ends | two_ends | run_ends) & bit):
                found |= bit
                one_ends |= reach[j]
                seconds |= reach[j] & self.alike[j] if pairs_alike else reach[j]
                run_cards |= self.chain[j]
            if seconds & bit:
                two_ends |= reach[j]
            if self.variant == "push-pin" and run_cards & bit:
                run_ends |= reach[j]
        return found

    def _chain_from(self, k: int) -> int:
        chain = 1 << k
        nexts = self.reach[k] & self.suited[k]
        while nexts:
            low = nexts & -nexts
            chain |= self.chain[low.bit_length() - 1]
            nexts ^= low
        return chain

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
        between = range(i + 1, j)
        for k in between:
            if self.clear(i, k) and self.clear(k, j):
                return [k]
        for k in between:
            for m in range(k + 1, j):
                pair_ok = self.variant != "discards" or same_suit_or_rank(self.row[k], self.row[m])
                if pair_ok and self.clear(i, k) and self.clear(k, m) and self.clear(m, j):
                    return [k, m]
        for k in between:  # Push-pin: a run of one suit
            if self.clear(i, k):
                run = self._run(k, j)
                if run:
                    return run
        raise AssertionError("no last group for a pair marked clear")

    def _run(self, k: int, j: int) -> list[int] | None:
        """A one-suit run from `k` whose last card is a neighbour-to-be of `j`."""
        if self.clear(k, j):
            return [k]
        for m in range(k + 1, j):
            if self.row[m] // 13 == self.row[k] // 13 and self.clear(k, m):
                rest = self._run(m, j)
                if rest:
                    return [k, *rest]
        return None
