"""Move notation (RULES C-5): parse(str(move)) == move, and clear errors for anything else."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.core.errors import NotationError
from parlour.core.moves import Move, action, parse_move, transfer

# As the games write them: words and numbers in lower case, a suit letter in upper case.
pile_names = st.from_regex(
    r"[a-z][a-z0-9]{0,6}(-([a-z0-9]{2,3}|[0-9]|[SHDC])){0,2}", fullmatch=True
)
action_names = st.from_regex(r"[a-z][a-z-]{0,8}", fullmatch=True)


@given(pile_names, pile_names)
def test_C_5_transfers_round_trip(source: str, target: str) -> None:
    move = transfer(source, target)
    assert parse_move(str(move)) == move


@given(action_names, st.lists(st.integers(0, 51), max_size=4))
def test_C_5_actions_round_trip(name: str, cards: list[int]) -> None:
    move = action(name, *cards)
    assert parse_move(str(move)) == move


def test_notation_reads_the_forms_players_type() -> None:
    assert parse_move("tail-3>ace-D") == Move(">", "tail-3", "ace-D")
    assert parse_move(" tail-3 > ace-D ") == transfer("tail-3", "ace-D")
    assert str(parse_move("discard 5s 10d")) == "discard 5S TD"
    assert parse_move("deal") == action("deal")


def test_notation_reads_pile_names_and_actions_in_any_case() -> None:
    assert parse_move("TAIL-3>ACE-d") == transfer("tail-3", "ace-D")
    assert parse_move("North-Aux-1>foundation-2") == transfer("north-aux-1", "foundation-2")
    assert str(parse_move("Discard jh")) == "discard JH"


@pytest.mark.parametrize("text", ["", ">", "a>", "tail 3>x", "3>4", "discard 1X", "!!", "a>b>c"])
def test_C_5_anything_else_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError, match="is not a move"):
        parse_move(text)
