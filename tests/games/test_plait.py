"""The Plait rulings PL-1…PL-6 and the four-passes variant. Each test would fail under another
reading."""

from __future__ import annotations

from collections import Counter

import pytest

from parlour.core.cards import cards_str, parse_cards, two_packs
from parlour.core.errors import IllegalMove
from parlour.core.game import LOST, WON
from parlour.core.moves import action, parse_move
from parlour.core.session import Session
from parlour.games.plait import AUXILIARIES, CORNERS, FOUNDATIONS, PLAIT, PlaitParams, PlaitState

FILLER = "2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D 6D 7D 8D 2H 3H 4H 5H"  # no knave among them


def deck_of(plait: str, corners: str, aux: str, stock: str) -> tuple[int, ...]:
    """A full deck laid out as given, the remaining cards at the end of the stock."""
    given = parse_cards(" ".join((plait, corners, aux, stock)))
    rest = Counter(two_packs())
    rest.subtract(given)
    return (*given, *sorted(rest.elements()))


def position(
    piles: dict[str, str],
    base: str = "J",
    redeals: int = 2,
    params: PlaitParams = PlaitParams(),  # noqa: B008 - frozen and never changed
) -> PlaitState:
    def pile(name: str) -> tuple[int, ...]:
        return parse_cards(piles.get(name, ""))

    return PlaitState(
        params,
        None,
        pile("plait"),
        tuple(pile(name) for name in CORNERS),
        tuple(pile(name) for name in AUXILIARIES),
        pile("stock"),
        pile("waste"),
        tuple(pile(name) for name in FOUNDATIONS),
        "A23456789TJQK".index(base) + 1,
        redeals,
    )


def moves(state: PlaitState) -> set[str]:
    return {str(m) for m in PLAIT.legal_moves(state)}


# ----- PL-1 Layout ----------------------------------------------------------------------------
def test_PL_1_plait_then_corners_then_auxiliaries_then_the_stock() -> None:
    deck = deck_of(FILLER + " 9C TC", "2S 3S 4S 5S", "6S 7S 8S 9S TS QS KS 6H", "JH 8H")
    state = PLAIT.new(deck=deck)
    assert state.plait == deck[:20] and cards_str(state.plait[-1:]) == "TC"
    assert cards_str(c for (c,) in state.corners) == "2S 3S 4S 5S"
    assert cards_str(c for (c,) in state.auxiliaries) == "6S 7S 8S 9S TS QS KS 6H"
    assert cards_str(state.foundations[0]) == "JH"  # the first stock card, turned up
    assert state.stock == deck[33:]


# ----- PL-2 Foundations -----------------------------------------------------------------------
def test_PL_2_a_player_is_told_what_each_started_foundation_takes_next() -> None:
    state = position(
        {
            "foundation-1": "JS QS KS",
            "foundation-2": "JH QH KH AH 2H 3H 4H 5H 6H 7H 8H 9H TH",
            "foundation-3": "JD",
        }
    )
    takes_next = PLAIT.observe(state, None)["takes_next"]
    assert takes_next == {"foundation-1": "AS", "foundation-2": None, "foundation-3": "QD"}


def test_PL_2_base_cards_go_up_in_order_each_vacancy_refilled_and_examined_at_once() -> None:
    deck = deck_of(FILLER + " 9C JD", "JH 2S 3S 4S", "JC 5S 6S 7S 8S 9S TS QS", "JS 5H 6H")
    state = PLAIT.new(deck=deck)
    assert [cards_str(f) for f in state.foundations[:5]] == ["JS", "JH", "JD", "JC", ""]
    assert cards_str(state.corners[0]) == "9C"  # JH went up, then the free end JD, then 9C came
    assert cards_str(state.auxiliaries[0]) == "5H"  # refilled from the stock
    assert cards_str(state.stock[:1]) == "6H"
    assert cards_str(state.plait) == FILLER


def test_PL_2_a_base_card_coming_to_a_corner_during_the_sweep_goes_up_too() -> None:
    # corner-2's 4S is not a knave; corner-1 takes JD, then 9C from the free end.
    deck = deck_of(FILLER + " 9C JD", "JH 4S 2S 3S", "5S 6S 7S 8S 9S TS QS KS", "JS")
    state = PLAIT.new(deck=deck)
    assert [cards_str(f) for f in state.foundations[:3]] == ["JS", "JH", "JD"]


def test_PL_2_the_sequence_runs_king_then_ace_from_a_knave_base_to_thirteen() -> None:
    state = position({"foundation-1": "JS QS KS", "aux-1": "AS", "aux-2": "AH"})
    assert "aux-1>foundation-1" in moves(state)
    assert "aux-2>foundation-1" not in moves(state)
    full = position({"foundation-1": "JS QS KS AS 2S 3S 4S 5S 6S 7S 8S 9S TS", "aux-1": "JS"})
    assert "aux-1>foundation-1" not in moves(full)  # thirteen cards: no second round


def test_PL_2_a_later_base_card_starts_the_next_empty_foundation_by_a_move() -> None:
    state = position({"foundation-1": "JS", "aux-3": "JH", "stock": "2C"})
    assert "aux-3>foundation-2" in moves(state)
    assert "aux-3>foundation-5" not in moves(state)


# ----- PL-3 Available cards -------------------------------------------------------------------
def test_PL_3_only_the_free_end_of_the_plait_plays_and_only_to_foundations() -> None:
    state = position(
        {"plait": "QS 5H", "foundation-1": "JS", "aux-1": "4H", "corner-1": "9C", "stock": "2C"}
    )
    assert "plait>foundation-1" not in moves(state)  # QS lies under the free end
    assert "aux-1>corner-1" not in moves(state) and "aux-1>aux-2" not in moves(state)
    with pytest.raises(IllegalMove, match="PL-4"):
        PLAIT.apply(state, parse_move("aux-1>corner-1"))


def test_PL_3_the_waste_top_plays() -> None:
    state = position({"foundation-1": "JS", "waste": "QH QS", "stock": "2C"})
    assert "waste>foundation-1" in moves(state)


# ----- PL-4 Refilling -------------------------------------------------------------------------
def test_PL_4_an_emptied_corner_takes_the_free_end_at_once() -> None:
    state = position({"plait": "4H 5H", "corner-2": "QS", "foundation-1": "JS"})
    after = PLAIT.apply(state, parse_move("corner-2>foundation-1"))
    assert cards_str(after.corners[1]) == "5H" and cards_str(after.plait) == "4H"


def test_PL_4_an_emptied_auxiliary_takes_the_next_stock_card_before_the_waste() -> None:
    state = position({"aux-4": "QS", "foundation-1": "JS", "stock": "2C 3C", "waste": "9D"})
    after = PLAIT.apply(state, parse_move("aux-4>foundation-1"))
    assert cards_str(after.auxiliaries[3]) == "2C" and cards_str(after.waste) == "9D"


def test_PL_4_with_the_stock_empty_the_auxiliary_takes_the_waste_top() -> None:
    state = position({"aux-4": "QS", "foundation-1": "JS", "waste": "8D 9D"})
    after = PLAIT.apply(state, parse_move("aux-4>foundation-1"))
    assert cards_str(after.auxiliaries[3]) == "9D" and cards_str(after.waste) == "8D"


def test_PL_4_with_stock_and_waste_empty_the_auxiliary_stays_empty() -> None:
    state = position({"aux-4": "QS", "aux-1": "4H", "foundation-1": "JS"})
    after = PLAIT.apply(state, parse_move("aux-4>foundation-1"))
    assert after.auxiliaries[3] == () and cards_str(after.auxiliaries[0]) == "4H"
    assert not any(m.endswith(">aux-4") for m in moves(after))  # nothing may be moved there


def test_PL_4_once_the_plait_is_gone_an_empty_corner_takes_any_available_card() -> None:
    state = position({"corner-2": "QS", "foundation-1": "JS", "aux-1": "4H", "stock": "2C"})
    after = PLAIT.apply(state, parse_move("corner-2>foundation-1"))
    assert after.corners[1] == ()
    assert "aux-1>corner-2" in moves(after)
    moved = PLAIT.apply(after, parse_move("aux-1>corner-2"))
    assert cards_str(moved.corners[1]) == "4H" and cards_str(moved.auxiliaries[0]) == "2C"


# ----- PL-5 Passes ----------------------------------------------------------------------------
def test_PL_5_the_waste_turned_over_is_the_new_stock() -> None:
    state = position({"waste": "2C 3C 4C", "aux-1": "9D"})
    after = PLAIT.apply(state, action("redeal"))
    assert cards_str(after.stock) == "2C 3C 4C" and after.waste == ()
    with pytest.raises(IllegalMove, match="only when the stock is empty"):
        PLAIT.apply(after, action("redeal"))


def test_PL_5_a_fourth_pass_is_refused_unless_four_passes() -> None:
    assert PLAIT.new(deal=4).redeals_left == 2
    spent = {"waste": "2C 3C", "aux-1": "QS", "foundation-1": "JS", "plait": "5H"}
    third_pass_done = position(spent, redeals=0)
    assert "redeal" not in moves(third_pass_done)
    with pytest.raises(IllegalMove, match="3 passes through the cards in all"):
        PLAIT.apply(third_pass_done, action("redeal"))
    literal = PlaitParams("four-passes")
    assert PLAIT.new(literal, deal=4).redeals_left == 3
    with pytest.raises(IllegalMove, match="4 passes through the cards in all"):
        PLAIT.apply(position(spent, redeals=0, params=literal), action("redeal"))


def test_PL_5_passes_are_counted_through_a_whole_game() -> None:
    state, turned = PLAIT.new(deal=4), 0
    while "redeal" in moves(state) or "deal" in moves(state):
        turned += "deal" in moves(state)
        state = PLAIT.apply(state, action("redeal" if "redeal" in moves(state) else "deal"))
    assert state.redeals_left == 0 and state.stock == ()
    assert turned == 3 * len(PLAIT.new(deal=4).stock)  # three passes through the stock


# ----- PL-6 End -------------------------------------------------------------------------------
def test_PL_6_the_free_end_is_preferred_by_advice_only_so_other_cards_go_up_too() -> None:
    """The text advises playing from the plait's free end first; that is strategy, not a rule:
    a corner's, an auxiliary's and the waste's cards go up beside it."""
    state = position(
        {
            "plait": "9C QS",
            "corner-2": "QH",
            "aux-3": "QD",
            "waste": "QC",
            "foundation-1": "JS",
            "foundation-2": "JH",
            "foundation-3": "JD",
            "foundation-4": "JC",
        }
    )
    ups = {m for m in moves(state) if ">foundation" in m}
    assert {"plait>foundation-1", "corner-2>foundation-2", "aux-3>foundation-3"} <= ups
    assert "waste>foundation-4" in ups


def test_PL_6_lost_when_no_move_is_possible_and_no_pass_is_left() -> None:
    stuck = {"plait": "2C", "aux-1": "4H", "waste": "9D", "foundation-1": "JS"}
    assert PLAIT.outcome(position(stuck, redeals=1)) is None
    assert PLAIT.outcome(position(stuck, redeals=0)) == LOST


def test_PL_6_won_when_all_104_cards_are_on_the_foundations() -> None:
    order = "JQKA23456789T"
    piles = {
        f"foundation-{i + 1}": " ".join(f"{r}{'SHDC'[i % 4]}" for r in order) for i in range(8)
    }
    piles["foundation-8"] = " ".join(f"{r}C" for r in order[:-1])
    piles["aux-2"] = "TC"
    state = position(piles)
    won = PLAIT.apply(state, parse_move("aux-2>foundation-8"))
    assert PLAIT.outcome(won) == WON and PLAIT.legal_moves(won) == ()


def test_automatic_moves_send_cards_up_when_switched_on_and_undo_with_the_move() -> None:
    deal = next(d for d in range(50) if _turn_brings_a_move(d))
    manual, automatic = Session(PLAIT, deal=deal), Session(PLAIT, deal=deal, autoplay=True)
    manual.play("deal")
    automatic.play("deal")
    assert len(automatic.moves) > 1 == len(manual.moves)
    assert all(m.target.startswith("foundation") for m in automatic.moves[1:])
    assert automatic.undo() == automatic.first


def _turn_brings_a_move(deal: int) -> bool:
    after = PLAIT.apply(PLAIT.new(deal=deal), action("deal"))
    return PLAIT.safe_move(after) is not None
