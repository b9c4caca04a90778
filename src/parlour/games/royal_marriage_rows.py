"""Which cards of a Royal Marriage row may be discarded (RM-3 and the variants' shapes).

A row is a tuple of card ints, a discard a half-open span ``(start, stop)`` of row positions
whose brackets are the cards at ``start - 1`` and ``stop``. The rules, the interval deciders
and the as-dealt decision all ask these questions, thousands of times a deal, so whether two
cards are alike is a table lookup rather than a division.
"""

from __future__ import annotations

from itertools import pairwise
from operator import and_
from typing import Literal

from parlour.core.cards import Card, one_pack, rank_of, suit_of

Variant = Literal["standard", "push-pin", "discards"]
Span = tuple[int, int]
GRACE_THROWS = 3  # cards the Discards grace throws out (variant `discards`)

ALIKE: tuple[tuple[bool, ...], ...] = tuple(
    tuple(suit_of(a) == suit_of(b) or rank_of(a) == rank_of(b) for b in one_pack())
    for a in one_pack()
)
"""``ALIKE[a][b]``: cards `a` and `b` share a suit or a rank."""
ALIKE_PAIRS = frozenset((a, b) for a in one_pack() for b in one_pack() if ALIKE[a][b])


def discard_spans(row: tuple[Card, ...], variant: Variant) -> list[Span]:
    """Every legal discard, left bracket by left bracket.

    Standard (RM-3): one or two cards between two alike. Push-pin adds a run of any length of
    cards of one suit between two alike. Discards: one card between two alike, or two cards
    alike with each other between two alike.
    """
    return [span for left in range(len(row) - 2) for span in spans_after(row, left, variant)]


def has_discard(row: tuple[Card, ...], variant: Variant) -> bool:
    """Whether any discard is legal (RM-4 forbids dealing then), without listing them.

    Push-pin's longer runs need no look of their own: three cards of one suit in a row already
    give a discard, the outer two bracketing the middle one.
    """
    if not ALIKE_PAIRS.isdisjoint(zip(row, row[2:], strict=False)):
        return True
    outer = map(ALIKE_PAIRS.__contains__, zip(row, row[3:], strict=False))
    if variant != "discards":
        return any(outer)
    inner = map(ALIKE_PAIRS.__contains__, pairwise(row[1:]))
    return any(map(and_, outer, inner))


def spans_onto(row: tuple[Card, ...], card: Card, variant: Variant) -> list[Span]:
    """The discards that dealing `card` onto `row`, a row with no discard, makes possible: its
    last one or two cards between `card` and a card alike to it (no longer run, as above)."""
    n = len(row)
    alike = ALIKE[card]
    spans: list[Span] = []
    if n >= 3 and alike[row[-3]] and (variant != "discards" or ALIKE[row[-2]][row[-1]]):
        spans.append((n - 2, n))
    if n >= 2 and alike[row[-2]]:
        spans.append((n - 1, n))
    return spans


def spans_after(row: tuple[Card, ...], left: int, variant: Variant) -> list[Span]:
    """The legal discards whose left bracket is the card at `left` (see `discard_spans`)."""
    spans: list[Span] = []
    n = len(row)
    alike = ALIKE[row[left]]
    if alike[row[left + 2]]:
        spans.append((left + 1, left + 2))
    if (
        left + 3 < n
        and alike[row[left + 3]]
        and (variant != "discards" or ALIKE[row[left + 1]][row[left + 2]])
    ):
        spans.append((left + 1, left + 3))
    if variant == "push-pin":
        suit = row[left + 1] // 13
        right = left + 2
        while right < n and row[right - 1] // 13 == suit:
            if right - left > 3 and alike[row[right]]:
                spans.append((left + 1, right))
            right += 1
    return spans


def spans_across(row: tuple[Card, ...], cut: int, variant: Variant) -> list[Span]:
    """The legal discards with the card at ``cut - 1`` or one left of it as a bracket or inside,
    and the card at `cut` or one right of it: those a new neighbourhood at `cut` can create
    (a card dealt to the right end, or two cards brought together by a discard)."""
    lowest = max(0, cut - 3)
    if variant == "push-pin":  # a run of one suit may reach further left
        suit = row[cut - 1] // 13
        first = cut - 1
        while first > 1 and row[first - 1] // 13 == suit:
            first -= 1
        lowest = min(lowest, max(0, first - 1))
    return [
        span
        for left in range(lowest, min(cut, len(row) - 2))
        for span in spans_after(row, left, variant)
        if span[1] >= cut
    ]


def without(
    row: tuple[Card, ...], spans: list[Span], span: Span, variant: Variant
) -> tuple[tuple[Card, ...], list[Span]]:
    """`row` after the discard `span`, and its discards: those of `spans` (all of `row`'s)
    clear of it, moved along, and those its two new neighbours make."""
    start, stop = span
    gone = stop - start
    rest = row[:start] + row[stop:]
    kept = [s for s in spans if s[1] < start] + [(a - gone, b - gone) for a, b in spans if a > stop]
    return rest, kept + spans_across(rest, start, variant)


def discard_until_stuck(
    row: tuple[Card, ...], variant: Variant
) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """The groups thrown out by taking the first discard listed until none is left, in
    order, and the row left then."""
    groups = []
    spans = discard_spans(row, variant)
    while spans:
        start, stop = spans[0]
        groups.append(row[start:stop])
        row, spans = without(row, spans, spans[0], variant)
    return groups, row
