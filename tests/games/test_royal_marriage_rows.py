"""The quick questions about a row's discards (RM-3 and the variants' shapes) agree with the
full list of discards on many random rows."""

from __future__ import annotations

import random

import pytest

from parlour.core.cards import Card, parse_cards
from parlour.games.royal_marriage_rows import (
    Variant,
    discard_spans,
    discard_until_stuck,
    has_discard,
    spans_across,
    spans_onto,
    without,
)

VARIANTS: list[Variant] = ["standard", "push-pin", "discards"]


def random_rows(variant: Variant, count: int) -> list[tuple[Card, ...]]:
    """Rows of 2-12 cards; a third of them open with a run of one suit, for Push-pin's shape."""
    rng = random.Random(variant)
    rows = []
    for _ in range(count):
        run: tuple[Card, ...] = ()
        if rng.random() < 0.3:
            suit = rng.randrange(4)
            run = tuple(suit * 13 + rank for rank in rng.sample(range(13), 4))
        others = rng.sample([c for c in range(52) if c not in run], rng.randint(2, 8))
        rows.append((others[0], *run, *others[1:]))
    return rows


@pytest.mark.parametrize("variant", VARIANTS)
def test_has_discard_and_spans_across_agree_with_the_full_list(variant: Variant) -> None:
    for row in random_rows(variant, 3000):
        spans = discard_spans(row, variant)
        assert has_discard(row, variant) == bool(spans), row
        for cut in range(1, len(row)):
            across = [s for s in spans if s[0] - 1 < cut <= s[1]]
            assert sorted(spans_across(row, cut, variant)) == sorted(across), (row, cut)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_card_dealt_onto_a_row_without_discards_makes_exactly_spans_onto(
    variant: Variant,
) -> None:
    rng = random.Random(variant)
    checked = 0
    for row in random_rows(variant, 3000):
        if discard_spans(row, variant):
            continue
        card = rng.choice([c for c in range(52) if c not in row])
        expected = discard_spans((*row, card), variant)
        assert sorted(spans_onto(row, card, variant)) == sorted(expected), (row, card)
        checked += bool(expected)
    assert checked > 100


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_discards_after_a_discard_are_those_of_the_shorter_row(variant: Variant) -> None:
    for row in random_rows(variant, 3000):
        spans = discard_spans(row, variant)
        for span in spans:
            rest, after = without(row, spans, span, variant)
            assert rest == row[: span[0]] + row[span[1] :]
            assert sorted(after) == sorted(discard_spans(rest, variant)), (row, span)


def test_push_pin_three_cards_of_one_suit_in_a_row_always_give_a_discard() -> None:
    # Why `has_discard` and `spans_onto` never look for longer runs: 2S and 9S bracket 5S.
    row = parse_cards("QH 2S 5S 9S 4D KH")
    assert (2, 3) in discard_spans(row, "push-pin")
    assert has_discard(row, "push-pin")


@pytest.mark.parametrize("variant", VARIANTS)
def test_discarding_until_stuck_replays_legally_and_leaves_no_discard(variant: Variant) -> None:
    for row in random_rows(variant, 500):
        groups, stuck = discard_until_stuck(row, variant)
        replayed = row
        for group in groups:
            start = replayed.index(group[0])
            assert (start, start + len(group)) in discard_spans(replayed, variant)
            replayed = replayed[:start] + replayed[start + len(group) :]
        assert replayed == stuck and not discard_spans(stuck, variant)
