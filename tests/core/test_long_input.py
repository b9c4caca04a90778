"""Refused input is repeated in its refusal only in part: a line of ten thousand characters gets
a refusal a player can read, whose reason still shows after the part repeated."""

from collections.abc import Callable

import pytest

from parlour.core.cards import parse_card, parse_cards
from parlour.core.deals import check_deal_number
from parlour.core.errors import ParlourError
from parlour.core.moves import MAX_MOVE_LENGTH, parse_move
from parlour.core.params import params_from
from parlour.core.words import ECHO_LIMIT, clipped
from parlour.games import get_game
from parlour.games.plait import PlaitParams

FLOOD = "hello" * 2000
LONGEST_REFUSAL = 250


def test_clipped_keeps_short_text_and_cuts_long_text_to_the_limit() -> None:
    assert clipped("QX") == "QX"
    assert clipped("x" * ECHO_LIMIT) == "x" * ECHO_LIMIT
    cut = clipped(FLOOD)
    assert len(cut) == ECHO_LIMIT
    assert cut == FLOOD[: ECHO_LIMIT - 1] + "…"


@pytest.mark.parametrize(
    ("refuse", "reason"),
    [
        (lambda: parse_card(FLOOD), "is not a card: a card is a rank"),
        (lambda: parse_cards(f"QH {FLOOD}S 5D"), "is not a card: a card is a rank"),
        (lambda: parse_move(FLOOD), "a move is written in 200 characters or fewer"),
        (lambda: parse_move(f"{FLOOD}>heap-1"), "a move is written in 200 characters"),
        (lambda: params_from(PlaitParams, {"variant": FLOOD}), "is not a variant of this game"),
        (lambda: get_game(FLOOD), "there is no game"),
        (lambda: check_deal_number(int("9" * 400)), "is not a deal number"),
    ],
)
def test_a_long_refused_input_is_repeated_in_part(
    refuse: Callable[[], object], reason: str
) -> None:
    with pytest.raises(ParlourError) as refused:
        refuse()
    message = str(refused.value)
    assert reason in message
    assert "…" in message
    assert len(message) < LONGEST_REFUSAL


def test_a_move_just_within_the_limit_is_read_and_its_refusal_is_short() -> None:
    """The longest move notation reads, and a game that does not know it says so briefly."""
    name = "a" * MAX_MOVE_LENGTH
    move = parse_move(name)
    assert move.action == name
    plait = get_game("plait")
    refusal = plait.why_illegal(plait.new(PlaitParams(), deal=1), move)
    assert refusal.startswith(f'"{"a" * (ECHO_LIMIT - 1)}…" is not a move of The Plait')
    assert len(refusal) < LONGEST_REFUSAL


def test_a_transfer_from_a_long_unknown_pile_names_it_in_part() -> None:
    pile = "heap-" + "9" * 150
    move = parse_move(f"{pile}>ace-S")
    corners = get_game("four-corners")
    refusal = corners.why_illegal(corners.new(corners.info.params_type(), deal=1), move)
    assert "is not allowed: there is no pile heap-999" in refusal
    assert len(refusal) < LONGEST_REFUSAL
