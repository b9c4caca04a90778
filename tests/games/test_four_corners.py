"""The Four Corners rulings FC-1…FC-5. Each test would fail under another reading."""

from __future__ import annotations

import pytest

from parlour.core.building import DOWN, NO_BUILD, Build
from parlour.core.cards import cards_str, parse_cards, two_packs
from parlour.core.errors import IllegalMove
from parlour.core.game import LOST, WON
from parlour.core.moves import action, parse_move
from parlour.core.session import Session
from parlour.games.four_corners import (
    FOUR_CORNERS as FC,
)
from parlour.games.four_corners import (
    HEAPS,
    FourCornersParams,
    FourCornersState,
    deal_round,
)
from parlour.games.four_corners_deal import BESIDE_ACE, BESIDE_KING, CORNERS
from parlour.games.twin_foundations import ACES, KINGS, Foundations


def foundations(piles: dict[str, str] | None = None) -> Foundations:
    """Every foundation at its base, unless given."""
    given = piles or {}
    return Foundations(
        tuple(parse_cards(given.get(name, f"A{name[-1]}")) for name in ACES),
        tuple(parse_cards(given.get(name, f"K{name[-1]}")) for name in KINGS),
    )


def dealt(cards: str, found: Foundations | None = None) -> tuple[tuple[str, ...], Foundations]:
    heaps, after = deal_round(parse_cards(cards), found or foundations())
    return tuple(cards_str(h) for h in heaps), after


def position(
    heaps: dict[str, str], found: dict[str, str] | None = None, redeals: int = 2, **builds: Build
) -> FourCornersState:
    return FourCornersState(
        FourCornersParams(),
        None,
        tuple(parse_cards(heaps.get(name, "")) for name in HEAPS),
        foundations(found),
        tuple(builds.get(name.replace("-", "_"), NO_BUILD) for name in HEAPS),
        redeals,
    )


def moves(state: FourCornersState) -> set[str]:
    return {str(m) for m in FC.legal_moves(state)}


# ----- FC-1 Layout ----------------------------------------------------------------------------
def test_FC_1_corners_and_the_side_heaps_beside_each_foundation() -> None:
    assert {HEAPS[i] for i in CORNERS} == {"heap-1", "heap-6", "heap-7", "heap-12"}
    assert [HEAPS[i] for i in BESIDE_ACE] == ["heap-2", "heap-3", "heap-4", "heap-5"]
    assert [HEAPS[i] for i in BESIDE_KING] == ["heap-8", "heap-9", "heap-10", "heap-11"]


# ----- FC-2 The deal --------------------------------------------------------------------------
def test_FC_2_a_card_for_ace_H_falling_on_heap_2_beside_ace_S_stays_on_the_heap() -> None:
    heaps, after = dealt("9C 2H")
    assert heaps[1] == "2H"
    assert cards_str(after.aces[1]) == "AH"


def test_FC_2_the_same_card_falling_on_a_corner_goes_up() -> None:
    heaps, after = dealt("2H")
    assert heaps[0] == ""
    assert cards_str(after.aces[1]) == "AH 2H"


def test_FC_2_the_same_card_beside_its_own_foundation_goes_up() -> None:
    heaps, after = dealt("9C 9C 2H")  # the third card falls on heap-3, beside ace-H
    assert cards_str(after.aces[1]) == "AH 2H" and heaps[2] == ""
    heaps, after = dealt("9C 9C 9C 9C 9C 9C 9C 9C QH")  # heap-9, beside king-H
    assert cards_str(after.kings[1]) == "KH QH" and heaps[8] == ""


def test_FC_2_after_a_card_goes_up_the_next_card_goes_to_the_same_heap() -> None:
    heaps, _ = dealt("2H 9C 8D")
    assert heaps[0] == "9C" and heaps[1] == "8D"


def test_FC_2_nothing_else_moves_during_a_deal() -> None:
    heaps, after = dealt("3H 9C 9C 9C 9C 9C 2H")  # 2H goes up from heap-7, a corner
    assert cards_str(after.aces[1]) == "AH 2H"
    assert heaps[0] == "3H"  # now playable, but only the card dealt is examined


def test_FC_2_the_first_ace_or_king_goes_up_from_any_heap() -> None:
    empty = Foundations(((),) * 4, ((),) * 4)
    heaps, after = dealt("9C AS 9C KD", empty)
    assert cards_str(after.aces[0]) == "AS" and cards_str(after.kings[2]) == "KD"
    assert heaps[:3] == ("9C", "9C", "")


def test_FC_2_the_second_ace_is_dealt_like_any_card() -> None:
    heaps, after = dealt("9C AS")
    assert heaps[1] == "AS" and cards_str(after.aces[0]) == "AS"


def test_FC_2_a_corner_card_fitting_both_foundations_goes_to_the_ace() -> None:
    both = foundations({"ace-S": "AS 2S 3S 4S 5S 6S", "king-S": "KS QS JS TS 9S 8S"})
    _, after = dealt("7S", both)
    assert cards_str(after.aces[0]).endswith("6S 7S")
    assert cards_str(after.kings[0]).endswith("8S")


# The ace foundation of spades wants a king next; the king foundation is not begun.
SPADES_TO_QUEEN = Foundations(
    (parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS"),) + ((),) * 3, ((),) * 4
)


def test_FC_2_a_first_king_on_a_corner_goes_to_the_ace_foundation_that_wants_it() -> None:
    """It fits both foundations of its suit, and the ace foundation takes such a card; the
    second king then starts the king foundation."""
    heaps, after = dealt("KS", SPADES_TO_QUEEN)
    assert heaps[0] == ""
    assert cards_str(after.aces[0]).endswith("QS KS") and after.kings[0] == ()
    heaps, after = dealt("KS 9C 9C 9C 9C 9C KS", SPADES_TO_QUEEN)  # the second one on heap-6
    assert cards_str(after.kings[0]) == "KS" and heaps[5] == ""


def test_FC_2_a_first_king_beside_the_ace_foundation_that_wants_it_goes_there_too() -> None:
    _, after = dealt("9C KS", SPADES_TO_QUEEN)  # heap-2, beside ace-S
    assert cards_str(after.aces[0]).endswith("QS KS") and after.kings[0] == ()


def test_FC_2_a_first_king_elsewhere_starts_its_king_foundation() -> None:
    heaps, after = dealt("9C 9C KS", SPADES_TO_QUEEN)  # heap-3, beside ace-H
    assert cards_str(after.kings[0]) == "KS" and heaps[2] == ""
    assert cards_str(after.aces[0]).endswith("JS QS")


def test_FC_2_a_whole_deal_holds_every_card() -> None:
    state = FC.new(deal=3)
    assert sorted(c for pile in FC.piles(state).values() for c in pile) == sorted(two_packs())


# ----- FC-3 Play ------------------------------------------------------------------------------
def test_FC_3_after_the_deal_any_heap_top_goes_to_a_foundation_it_fits() -> None:
    state = position({"heap-2": "2H", "heap-10": "QS"})
    assert {"heap-2>ace-H", "heap-10>king-S"} <= moves(state)


def test_FC_3_building_keeps_the_direction_of_HT_4() -> None:
    state = position({"heap-1": "9D 8D", "heap-2": "9D", "heap-3": "7D"}, heap_1=Build(1, DOWN))
    assert "heap-3>heap-1" in moves(state)  # 7D continues down
    assert "heap-2>heap-1" not in moves(state)  # 9D would run up
    with pytest.raises(IllegalMove, match="FC-3"):
        FC.apply(state, parse_move("heap-2>heap-1"))


def test_FC_3_an_emptied_heap_stays_empty_until_the_next_deal() -> None:
    state = position({"heap-2": "2H", "heap-3": "9C"})
    after = FC.apply(state, parse_move("heap-2>ace-H"))
    assert after.heaps[1] == ()
    assert "heap-3>heap-2" not in moves(after)
    with pytest.raises(IllegalMove, match="stays empty"):
        FC.apply(after, parse_move("heap-3>heap-2"))


# ----- FC-4 Redeal ----------------------------------------------------------------------------
def test_FC_4_the_heaps_are_gathered_heap_1_first_bottom_card_first() -> None:
    state = position({"heap-1": "9C 8D", "heap-2": "7S", "heap-12": "5H"})
    again = FC.apply(state, action("redeal"))
    # gathered: 9C 8D 7S 5H, dealt again from heap-1
    assert [cards_str(h) for h in again.heaps[:4]] == ["9C", "8D", "7S", "5H"]
    assert again.redeals_left == 1
    assert all(b == NO_BUILD for b in again.builds)


def test_FC_4_a_redeal_deals_again_under_FC_2() -> None:
    state = position({"heap-1": "9C", "heap-2": "2H"})
    again = FC.apply(state, action("redeal"))
    # 9C to heap-1, then 2H falls on heap-2 again, beside ace-S: it stays.
    assert cards_str(again.heaps[1]) == "2H"
    state = position({"heap-1": "2H"})
    assert cards_str(FC.apply(state, action("redeal")).foundations.aces[1]) == "AH 2H"


def test_FC_4_a_third_redeal_is_refused() -> None:
    state = FC.new(deal=2)
    state = FC.apply(FC.apply(state, action("redeal")), action("redeal"))
    assert state.redeals_left == 0
    assert "redeal" not in moves(state)
    with pytest.raises(IllegalMove, match="FC-4"):
        FC.apply(state, action("redeal"))


# ----- FC-5 End -------------------------------------------------------------------------------
def test_FC_5_lost_only_when_no_move_and_no_redeal_is_left() -> None:
    stuck = {"heap-1": "9C", "heap-2": "5D"}
    assert FC.outcome(position(stuck, redeals=1)) is None
    assert FC.outcome(position(stuck, redeals=0)) == LOST


def test_FC_5_won_when_all_104_cards_are_on_the_foundations() -> None:
    up = {f"ace-{s}": " ".join(f"{r}{s}" for r in "A23456789TJQK") for s in "SHDC"}
    down = {f"king-{s}": " ".join(f"{r}{s}" for r in "KQJT98765432A") for s in "HDC"}
    down["king-S"] = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    state = position({"heap-7": "AS"}, {**up, **down})
    won = FC.apply(state, parse_move("heap-7>king-S"))
    assert FC.outcome(won) == WON and FC.legal_moves(won) == ()


def test_FC_4_a_redeal_undoes_as_one_move() -> None:
    session = Session(FC, deal=6)
    before = session.state
    session.play("redeal")
    assert session.state.redeals_left == 1 and session.state.heaps != before.heaps
    assert session.undo() == before
