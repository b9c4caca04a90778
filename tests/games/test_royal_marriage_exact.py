"""The exact interval decision for free discarding agrees with exhaustive search, and its
discards replay legally."""

from __future__ import annotations

import random
from functools import cache

import pytest

from parlour.core.cards import Card
from parlour.games.royal_marriage_exact import Clearing
from parlour.games.royal_marriage_rows import Variant, discard_spans


def clears_exhaustively(row: tuple[Card, ...], variant: Variant) -> bool:
    @cache
    def can(cards: tuple[Card, ...]) -> bool:
        return len(cards) <= 2 or any(
            can(cards[:a] + cards[b:]) for a, b in discard_spans(cards, variant)
        )

    return can(row)


@pytest.mark.parametrize("variant", ["standard", "push-pin", "discards"])
def test_clearing_equals_exhaustive_search_on_many_small_rows(variant: Variant) -> None:
    rng = random.Random(variant)
    for _ in range(600):
        row = tuple(rng.sample(range(52), rng.randint(2, 10)))
        clearing = Clearing(row, variant)
        assert clearing.won() == clears_exhaustively(row, variant), row
        if clearing.won():
            replayed = list(row)
            for group in clearing.discards():
                start = replayed.index(group[0])
                assert (start, start + len(group)) in discard_spans(tuple(replayed), variant)
                del replayed[start : start + len(group)]
            assert len(replayed) == 2
