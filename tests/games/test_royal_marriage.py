"""Royal Marriage rulings RM-1…RM-5, the `open` mode, and the Push-pin and Discards variants.
Each test would fail under the other reading that RULES.md names."""

from __future__ import annotations

import json

import pytest

from parlour.core.cards import card_str, cards_str, one_pack, parse_cards
from parlour.core.errors import DeckError, IllegalMove, NotationError
from parlour.core.game import LOST, WON, CardChoice
from parlour.core.moves import Move, action, parse_move
from parlour.games.royal_marriage import (
    ROYAL_MARRIAGE as RM,
)
from parlour.games.royal_marriage import (
    RoyalMarriageParams,
    RoyalMarriageState,
)
from parlour.games.royal_marriage_rows import Variant

STANDARD = RoyalMarriageParams()
OPEN = RoyalMarriageParams(mode="open")
PUSH_PIN = RoyalMarriageParams(variant="push-pin")
DISCARDS = RoyalMarriageParams(variant="discards")


def position(
    row: str, stock: str = "", params: RoyalMarriageParams = STANDARD, **kw: bool
) -> RoyalMarriageState:
    """A position with the given row and stock; the other cards of the pack are discarded."""
    row_cards, stock_cards = parse_cards(row), parse_cards(stock)
    rest = tuple(c for c in one_pack() if c not in row_cards + stock_cards)
    return RoyalMarriageState(params, None, row_cards, stock_cards, rest, **kw)


def moves(state: RoyalMarriageState) -> list[str]:
    return [str(m) for m in RM.legal_moves(state)]


def middle_50(deal: int = 3) -> tuple[int, ...]:
    return RM.deck_for_deal(STANDARD, deal)[1:-1]


# ----- RM-1 Deck ------------------------------------------------------------------------------
@pytest.mark.parametrize("deal", [0, 1, 99, 2**40])
def test_RM_1_queen_first_king_last_and_the_other_fifty_shuffled(deal: int) -> None:
    deck = RM.deck_for_deal(STANDARD, deal)
    assert (card_str(deck[0]), card_str(deck[-1])) == ("QH", "KH")
    assert sorted(deck) == sorted(one_pack())


def test_RM_1_an_explicit_deck_of_the_fifty_middle_cards() -> None:
    middle = middle_50()
    state = RM.new(deck=middle)
    assert state.row == (parse_cards("QH")[0], middle[0])
    assert state.stock == (*middle[1:], parse_cards("KH")[0])


def test_RM_1_an_explicit_deck_of_all_52_must_put_QH_first_and_KH_last() -> None:
    full = RM.deck_for_deal(STANDARD, 3)
    assert RM.new(deck=full) == RM.new(deck=full[1:-1])
    with pytest.raises(DeckError, match="must begin with QH and end with KH"):
        RM.new(deck=full[::-1])


def test_RM_1_a_short_deck_without_the_queen_and_king_is_told_against_the_fifty() -> None:
    """49 of the middle cards lack one of the 50, not the queen and king that go round them."""
    with pytest.raises(DeckError) as refused:
        RM.new(deck=middle_50()[:-1])
    assert str(refused.value) == (
        f"the deck has 49 cards, the game needs 50; missing {card_str(middle_50()[-1])}"
    )


def test_RM_1_fifty_cards_holding_the_queen_name_what_is_wrong() -> None:
    middle = list(middle_50())
    middle[0] = parse_cards("QH")[0]
    with pytest.raises(DeckError) as error:
        RM.new(deck=middle)
    assert "extra QH" in str(error.value)


# ----- RM-2 Deal ------------------------------------------------------------------------------
def test_RM_2_cards_are_dealt_one_at_a_time_to_the_right_end_of_the_row() -> None:
    state = position("QH 5S", "7D 9C KH")
    after = RM.apply(state, action("deal"))
    assert cards_str(after.row) == "QH 5S 7D"
    assert cards_str(after.stock) == "9C KH"


def test_RM_2_discards_go_to_the_discard_pile_in_row_order() -> None:
    state = position("QH 5S 7D 9C 5C", "KH")
    after = RM.apply(state, parse_move("discard 7D 9C"))
    assert cards_str(after.row) == "QH 5S 5C"
    assert cards_str(after.discard[-2:]) == "7D 9C"


# ----- RM-3 Discard ---------------------------------------------------------------------------
def test_RM_3_one_card_between_two_of_a_suit_is_discarded() -> None:
    assert moves(position("QH 5S 7D 9S", "KH")) == ["discard 7D"]


def test_RM_3_two_cards_between_two_of_a_rank_are_discarded_together() -> None:
    assert moves(position("QH 9D 5S 7C 9H", "KH")) == ["discard 5S 7C"]


def test_RM_3_one_card_between_two_of_a_rank_is_discarded() -> None:
    assert moves(position("QH 5S 7D 5C", "KH")) == ["discard 7D"]


def test_RM_3_two_cards_between_two_of_a_suit_are_discarded_together() -> None:
    assert moves(position("QH 9D 5S 7C 2D", "KH")) == ["discard 5S 7C"]


def test_RM_3_three_cards_between_are_too_many() -> None:
    state = position("QH 9D 5S 7C 2H 9H", "KH")
    assert moves(state) == ["deal"]
    with pytest.raises(IllegalMove, match="RM-3"):
        RM.apply(state, parse_move("discard 5S 7C 2H"))


def test_a_discard_naming_no_card_asks_which() -> None:
    with pytest.raises(IllegalMove, match="say which cards to discard"):
        RM.apply(position("QH 5S 7D 9S", "KH"), parse_move("discard"))


def test_RM_3_neighbours_alike_discard_nothing() -> None:
    assert moves(position("QH 9D 9S", "KH")) == ["deal"]


# ----- RM-4 As dealt --------------------------------------------------------------------------
def test_RM_4_dealing_while_a_discard_is_possible_is_illegal() -> None:
    state = position("QH 5S 7D 9S", "2C KH")
    with pytest.raises(IllegalMove, match="RM-4"):
        RM.apply(state, action("deal"))


def test_the_open_mode_deals_every_card_at_once_so_no_deal_is_offered() -> None:
    state = position("QH 5S 7D 9S", "2C KH", params=OPEN)
    assert "deal" not in moves(state)  # open: everything is dealt at once
    full = RM.new(OPEN, deal=5)
    assert full.stock == () and len(full.row) == 52


def test_RM_4_the_player_chooses_which_discard_comes_first_and_it_matters() -> None:
    # 7D (between 5D and 9D) or 9D 2S (between 7D and 4D): taking one removes the other.
    state = position("QH 5D 7D 9D 2S 4D", "KH")
    assert moves(state) == ["discard 7D", "discard 9D 2S", "discard 2S"]
    first = RM.apply(state, parse_move("discard 7D"))
    second = RM.apply(state, parse_move("discard 9D 2S"))
    assert cards_str(first.row) != cards_str(second.row)


def test_RM_4_every_discard_is_made_before_the_next_card() -> None:
    state = RM.new(deal=0)
    deals = 0
    while RM.outcome(state) is None:
        legal = RM.legal_moves(state)
        if action("deal") in legal:
            assert legal == (action("deal"),), "a deal is offered only when no discard is"
            deals += 1
        state = RM.apply(state, legal[0])
    assert deals > 10  # the rule was put to the test all along the deal


# ----- RM-5 End -------------------------------------------------------------------------------
def test_RM_5_won_when_the_deck_is_dealt_and_the_king_reaches_the_queen() -> None:
    state = position("QH 5H KH")
    assert RM.outcome(state) is None
    won = RM.apply(state, parse_move("discard 5H"))
    assert RM.outcome(won) == WON
    assert RM.legal_moves(won) == ()


def test_RM_5_lost_when_the_deck_is_dealt_and_no_discard_is_possible() -> None:
    assert RM.outcome(position("QH 5S 7D 2C KH")) == LOST
    assert RM.outcome(position("QH 5S 7D 2C", "KH")) is None


# ----- the open mode --------------------------------------------------------------------------
def test_open_mode_discards_freely_in_any_order() -> None:
    state = position("QH 5D 7D 9D 2S 4D KH", params=OPEN)
    assert set(moves(state)) == {"discard 7D", "discard 9D 2S", "discard 2S"}
    assert RM.outcome(state) is None


# ----- Push-pin -------------------------------------------------------------------------------
RUN_OF_FOUR = "QH 5S 2C 7C 9C JC 5D"


def test_push_pin_a_four_card_run_of_one_suit_is_discardable() -> None:
    state = position(RUN_OF_FOUR, "KH", params=PUSH_PIN)
    assert "discard 2C 7C 9C JC" in moves(state)


def test_push_pin_the_same_run_is_not_discardable_in_the_standard_game() -> None:
    state = position(RUN_OF_FOUR, "KH")
    assert "discard 2C 7C 9C JC" not in moves(state)
    with pytest.raises(IllegalMove):
        RM.apply(state, parse_move("discard 2C 7C 9C JC"))


def test_push_pin_a_mixed_run_of_three_is_not_discardable() -> None:
    state = position("QH 5S 2C 7D 9C 5D", "KH", params=PUSH_PIN)
    assert "discard 2C 7D 9C" not in moves(state)


def test_push_pin_grace_swaps_two_middle_cards_once_after_the_last_card() -> None:
    state = position("QH 5S 7D 2C KH", params=PUSH_PIN)
    assert RM.outcome(state) is None
    assert moves(state) == ["swap 5S 7D", "swap 5S 2C", "swap 7D 2C"]
    swapped = RM.apply(state, parse_move("swap 5S 2C"))
    assert cards_str(swapped.row) == "QH 2C 7D 5S KH"
    assert swapped.grace_used
    assert not any(m.startswith("swap") for m in moves(swapped))


def test_push_pin_grace_never_moves_the_ends_nor_comes_before_the_last_card() -> None:
    with pytest.raises(IllegalMove):
        RM.apply(position("QH 5S 7D 2C KH", params=PUSH_PIN), parse_move("swap QH 5S"))
    with pytest.raises(IllegalMove, match="after the last card"):
        RM.apply(position("QH 5S 7D 2C", "KH", params=PUSH_PIN), parse_move("swap 5S 7D"))


def test_push_pin_grace_waits_until_no_discard_is_left_as_dealt() -> None:
    state = position("QH 5S 7D 5C 2C KH", params=PUSH_PIN)
    with pytest.raises(IllegalMove, match="no discard is left"):
        RM.apply(state, parse_move("swap 5S 2C"))
    open_state = position("QH 5S 7D 5C 2C KH", params=RoyalMarriageParams("push-pin", "open"))
    assert RM.is_legal(open_state, parse_move("swap 5S 2C"))


def test_standard_game_has_no_grace() -> None:
    state = position("QH 5S 7D 2C KH")
    assert RM.outcome(state) == LOST
    with pytest.raises(IllegalMove, match="game is over"):
        RM.apply(state, parse_move("swap 5S 7D"))
    assert "not a grace" in RM.why_illegal(position("QH 5S 7D 2C", "KH"), parse_move("swap 5S 7D"))


# ----- Discards (Dr. Pole) --------------------------------------------------------------------
@pytest.mark.parametrize("deal", range(40))
def test_discards_deal_is_cut_so_top_and_bottom_share_a_suit(deal: int) -> None:
    deck = RM.deck_for_deal(DISCARDS, deal)
    assert deck[0] // 13 == deck[-1] // 13
    assert sorted(deck) == list(one_pack())


def test_discards_an_explicit_deck_must_begin_and_end_in_one_suit() -> None:
    deck = RM.deck_for_deal(DISCARDS, 4)
    assert RM.new(DISCARDS, deck=deck).row == deck[:2]
    with pytest.raises(DeckError, match="begin and end with cards of one suit"):
        RM.new(DISCARDS, deck=deck[1:] + deck[:1])


def discards_position(row: str, stock: str = "") -> RoyalMarriageState:
    return position(row, stock, params=DISCARDS)


def test_discards_a_one_card_between_two_alike() -> None:
    assert moves(discards_position("4S 5S 7D 9S 2C")) == ["discard 7D"]


def test_discards_b_two_alike_cards_between_two_alike() -> None:
    assert moves(discards_position("4S 9S 5D 5C 9H 2H")) == ["discard 5D 5C"]


def test_discards_two_cards_not_alike_are_not_discardable_as_in_the_standard_game() -> None:
    row = "4S 9S 5D 7C 9H 2C"
    assert "discard 5D 7C" not in moves(discards_position(row, "3C"))
    assert "discard 5D 7C" in moves(position(row, "3C"))


def test_discards_grace_throws_out_any_three_cards_then_play_goes_on() -> None:
    state = discards_position("4S 9D 2C 7H 3D JC 6S")
    assert RM.outcome(state) is None
    after = RM.apply(state, parse_move("throw 9D 7H JC"))
    assert cards_str(after.row) == "4S 2C 3D 6S"
    assert after.grace_used
    assert moves(after) == []
    assert RM.outcome(after) == LOST


def test_discards_won_when_only_the_two_ends_remain() -> None:
    state = discards_position("4S 9D 6S")
    won = RM.apply(state, parse_move("discard 9D"))
    assert RM.outcome(won) == WON


def test_discards_grace_with_fewer_than_three_middle_cards_throws_them_all() -> None:
    state = discards_position("4S 9D 2C 6S")
    assert moves(state) == ["throw 9D 2C"]
    assert RM.outcome(RM.apply(state, parse_move("throw 9D 2C"))) == WON


@pytest.mark.parametrize("variant", ["standard", "push-pin", "discards"])
def test_variants_combine_with_the_open_mode(variant: Variant) -> None:
    state = RM.new(RoyalMarriageParams(variant, "open"), deal=8)
    assert state.stock == () and len(state.row) == 52


def test_an_observation_offers_the_open_discards_grace_once() -> None:
    """Some 20,000 throws are one choice of any three inner cards, not 20,000 moves."""
    state = RM.new(RoyalMarriageParams("discards", "open"), deal=5)
    observation = RM.observe(state, None)
    (choice,) = observation["card_choices"]
    assert choice == {
        "action": "throw",
        "size": 3,
        "cards": [card_str(c) for c in state.row[1:-1]],
        "note": "the grace, once a game: 3 cards thrown out",
    }
    assert not any(m.startswith("throw") for m in observation["legal_moves"])
    assert len(json.dumps(observation)) < 5_000


def test_a_move_refused_at_the_open_discards_grace_lists_no_throw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Saying why a move is refused needs the discards, not the grace's 20,000 throws: listing
    them took a tenth of a second for each mistyped move."""
    state = RM.new(RoyalMarriageParams("discards", "open"), deal=5)

    def listed(choice: CardChoice) -> tuple[Move, ...]:
        raise AssertionError(f"the {choice.verb} choice was listed")

    monkeypatch.setattr(CardChoice, "moves", listed)
    refused = parse_move(f"throw {card_str(state.row[1])}")
    assert RM.why_illegal(state, refused) == (
        "the grace takes 3 different cards of the row, not its two ends, listed left to right"
    )
    assert "cannot be discarded" in RM.why_illegal(state, parse_move("discard 2C"))


def test_a_rejected_move_gives_the_reason_and_changes_nothing() -> None:
    state = position("QH 5S 7D 9S", "2C KH")
    before = RM.to_json(state)
    for move in [action("deal"), parse_move("discard 5S")]:
        with pytest.raises(IllegalMove):
            RM.apply(state, move)
    with pytest.raises(NotationError, match="not a move of Royal Marriage"):
        RM.apply(state, Move(">", "row", "discard"))  # no move of this game at all
    assert RM.to_json(state) == before
