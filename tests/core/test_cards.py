"""Cards and their text forms (RULES C-1)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.core.cards import card_str, make_card, parse_card, parse_cards, rank_of, suit_of
from parlour.core.errors import CardError


@given(st.integers(0, 51))
def test_C_1_text_form_round_trips(card: int) -> None:
    assert parse_card(card_str(card)) == card
    assert make_card(rank_of(card), suit_of(card)) == card


@pytest.mark.parametrize(
    ("text", "expected"),
    [("QH", "QH"), ("TS", "TS"), ("10S", "TS"), ("10s", "TS"), ("qh", "QH"), ("7♣", "7C"),
     ("A♠", "AS"), ("k♥", "KH"), (" 2♦ ", "2D")],
)  # fmt: skip
def test_C_1_accepts_ten_lower_case_and_suit_symbols(text: str, expected: str) -> None:
    assert card_str(parse_card(text)) == expected


@pytest.mark.parametrize("text", ["1X", "", "Q", "QX", "11S", "1S", "ZH", "QHH", "♠", "10"])
def test_C_1_a_bad_card_has_one_clear_error(text: str) -> None:
    with pytest.raises(CardError) as error:
        parse_card(text)
    assert str(error.value).startswith(f'"{text}" is not a card: ')


def test_cards_parse_in_the_order_given_with_spaces_or_commas() -> None:
    assert [card_str(c) for c in parse_cards("QH, 5S 10d")] == ["QH", "5S", "TD"]
