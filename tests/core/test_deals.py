"""Numbered deals and explicit decks (RULES C-2, C-3): the shuffle is pinned by fixed vectors,
so a deal number gives the same deck on every platform and in every future version."""

import pytest

from parlour.core.cards import card_str, cards_str, one_pack, parse_cards, two_packs
from parlour.core.deals import MAX_DEAL, SplitMix64, check_deck, shuffled
from parlour.core.errors import DeckError
from parlour.core.game import SHAREABLE_DEALS
from parlour.games import all_games, get_game

# SplitMix64's published reference outputs for seed 0, and two of ours.
SPLITMIX_VECTORS = {
    0: [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F],
    1234567: [0x599ED017FB08FC85, 0x2C73F08458540FA5, 0x883EBCE5A3F27C77],
}

DEAL_VECTORS = {
    0: "8C JD 9S 2C 2H QH 6C TS 3H AS JS 7S 9D 8S QC KD 5D 2S 3D 5S AD 6S 4C TH 5H 8D 8H AH QD "
    "TC QS JH 3C 4H 2D 9H 3S KH AC 7C 9C 7H JC 6D KC 4S 7D 5C 6H 4D KS TD",
    1: "7H 9S 4H 8D 8H 5C JH 6H 9C JS 5H KH 3S 2H JD 5D 7D 4D 2S AH 6C KS KD TD TC JC TH 8C QS "
    "4C 6S 7S AC 5S AD KC 6D QC QD QH 9H 3H 3C AS 4S 2D 8S TS 3D 2C 9D 7C",
    2**31: "3C 3D 8S 4H JH 6H 3H TD 2C 9C JC 4S AH 2S 5H KC TH 2D 4C 9D KH 5C QD TS 8C 8D 5D KD "
    "JS AC 4D QS QH 6C 7S 5S 6S 8H AS 6D 9H 7H 3S 9S QC KS JD 2H TC AD 7C 7D",
    2**64 - 1: "JS KC 7C 4S AH JD 5H 2D AD 7H 6H 6C 4H AC 4C 7D 3H 2H 9D QD 8H 3C 5C 9C AS 8C QH "
    "TH 7S QC 9S 4D JH KD KS 6D 9H 8D 8S TD 6S KH 2C 3D QS JC 3S 5D TC 2S TS 5S",
}


@pytest.mark.parametrize("seed", SPLITMIX_VECTORS)
def test_C_2_the_generator_matches_its_vectors(seed: int) -> None:
    rng = SplitMix64(seed)
    assert [rng.next64() for _ in range(3)] == SPLITMIX_VECTORS[seed]


@pytest.mark.parametrize("deal", DEAL_VECTORS)
def test_C_2_deal_numbers_give_these_exact_decks(deal: int) -> None:
    assert cards_str(shuffled(one_pack(), deal)) == DEAL_VECTORS[deal]


def test_C_2_a_draw_below_n_is_in_range_and_uses_every_value() -> None:
    rng = SplitMix64(9)
    draws = [rng.below(7) for _ in range(700)]
    assert set(draws) == set(range(7))


@pytest.mark.parametrize("deal", [-1, 2**64, 1.5, True, "3"])
def test_C_2_a_deal_number_is_a_whole_number_below_2_to_the_64(deal: object) -> None:
    with pytest.raises(DeckError, match="is not a deal number"):
        shuffled(one_pack(), deal)  # type: ignore[arg-type]


def test_C_3_an_explicit_deck_names_what_is_missing_and_what_is_there_twice() -> None:
    deck = list(one_pack())
    deck[0] = deck[1]  # AS replaced by a second 2S
    with pytest.raises(DeckError) as error:
        check_deck(deck, one_pack())
    assert str(error.value) == (
        "the deck has 52 cards, the game needs 52; missing AS; 2S is there twice, not once"
    )


def test_C_3_a_card_the_game_does_not_use_is_named_extra() -> None:
    deck = [*one_pack()[1:], one_pack()[0]]
    with pytest.raises(DeckError) as error:
        check_deck(deck, one_pack()[1:])
    assert str(error.value) == "the deck has 52 cards, the game needs 51; extra AS"


def test_C_3_a_deck_of_one_card_is_counted_in_the_singular() -> None:
    with pytest.raises(DeckError) as error:
        check_deck(one_pack()[:1], one_pack())
    assert str(error.value).startswith("the deck has 1 card, the game needs 52; missing 2S ")


def test_C_3_a_deck_far_from_the_game_s_names_a_dozen_cards_and_counts_the_rest() -> None:
    with pytest.raises(DeckError) as error:
        check_deck(one_pack()[:2], one_pack())
    missing = str(error.value).split("; missing ")[1].split()
    assert missing[:12] == [card_str(card) for card in sorted(one_pack()[2:])][:12]
    assert missing[12:] == ["and", "38", "more"]


def test_C_3_a_third_copy_in_two_packs_is_counted() -> None:
    deck = [*two_packs()[:-1], two_packs()[0]]  # KC of the second pack replaced by a third AS
    with pytest.raises(DeckError) as error:
        check_deck(deck, two_packs())
    assert str(error.value).endswith("; missing KC; AS is there 3 times, not twice")


def test_C_3_a_short_two_pack_deck_says_its_size_and_counts_copies() -> None:
    deck = list(two_packs())[:-3]  # without JC QC KC of the second pack
    with pytest.raises(DeckError) as error:
        check_deck(deck, two_packs())
    message = str(error.value)
    assert "101 cards, the game needs 104" in message
    assert "missing JC QC KC" in message


@pytest.mark.parametrize("game_id", [game.info.id for game in all_games()])
@pytest.mark.parametrize("item", [99, 52, -1, True, "AS", None])
def test_C_3_an_item_that_is_no_card_is_named_as_such(game_id: str, item: object) -> None:
    """From Python a deck is numbers, and a number outside 0-51 is no card: a `DeckError` names
    it, where it used to escape as an IndexError or be counted as some other card."""
    game = get_game(game_id)
    deck: list[object] = list(game.ordered_deck(game.info.params_type()))
    deck[5] = item
    with pytest.raises(DeckError, match=f"the deck holds {item!r}, which is not a card"):
        game.new(deck=deck)  # type: ignore[arg-type]


def test_C_3_a_complete_deck_is_kept_in_its_order() -> None:
    deck = parse_cards(DEAL_VECTORS[1])
    assert check_deck(deck, one_pack()) == deck


def test_a_deal_chosen_at_random_is_short_where_shown_and_from_every_deal_where_secret() -> None:
    """A secret deal number from a small range could be guessed, and every hidden card with it
    (WR-7); a shown one is short enough to share."""
    assert all(get_game("plait").random_deal() < SHAREABLE_DEALS for _ in range(50))
    secret = [get_game("wrangle").random_deal() for _ in range(20)]
    assert all(0 <= deal <= MAX_DEAL for deal in secret)
    assert any(deal >= SHAREABLE_DEALS for deal in secret)
