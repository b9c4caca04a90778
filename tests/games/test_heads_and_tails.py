"""Heads and Tails rulings HT-1…HT-6 and the open-spaces variant. Each test would fail under the
other reading RULES.md names."""

from __future__ import annotations

import pytest

from parlour.core.building import DOWN, NO_BUILD, UP, Build
from parlour.core.cards import card_str, cards_str, parse_cards, two_packs
from parlour.core.errors import IllegalMove
from parlour.core.game import LOST, WON
from parlour.core.moves import parse_move
from parlour.games.heads_and_tails import (
    HEADS_AND_TAILS as HT,
)
from parlour.games.heads_and_tails import (
    PACKETS,
    TABLEAU,
    HeadsAndTailsParams,
    HeadsAndTailsState,
)
from parlour.games.heads_and_tails_search import source_packet
from parlour.games.twin_foundations import ACES, KINGS, Foundations

STANDARD = HeadsAndTailsParams()
OPEN_SPACES = HeadsAndTailsParams("open-spaces")


def position(
    piles: dict[str, str], params: HeadsAndTailsParams = STANDARD, **builds: Build
) -> HeadsAndTailsState:
    """A position from pile texts; foundations default to their base card alone."""

    def pile(name: str, default: str = "") -> tuple[int, ...]:
        return parse_cards(piles.get(name, default))

    return HeadsAndTailsState(
        params,
        None,
        tuple(pile(name) for name in TABLEAU),
        tuple(pile(name) for name in PACKETS),
        Foundations(
            tuple(pile(name, f"A{name[-1]}") for name in ACES),
            tuple(pile(name, f"K{name[-1]}") for name in KINGS),
        ),
        tuple(builds.get(name.replace("-", "_"), NO_BUILD) for name in TABLEAU),
    )


def moves(state: HeadsAndTailsState) -> set[str]:
    return {str(m) for m in HT.legal_moves(state)}


def play(state: HeadsAndTailsState, text: str) -> HeadsAndTailsState:
    return HT.apply(state, parse_move(text))


# ----- HT-1 Layout ----------------------------------------------------------------------------
def layout_deck() -> tuple[int, ...]:
    """Two packs with the first ace of spades fourth and the first king of hearts twentieth."""
    rest = [c for c in two_packs()]
    for card in parse_cards("AS KH"):
        rest.remove(card)
    body = [c for c in rest if c % 13 not in (0, 12)]  # no aces or kings at first
    others = [c for c in rest if c % 13 in (0, 12)]
    deck = [*body[:3], parse_cards("AS")[0], *body[3:18], parse_cards("KH")[0], *body[18:]]
    return tuple(deck + others)


def test_HT_1_first_ace_and_king_go_up_as_dealt_and_the_next_card_takes_the_slot() -> None:
    deck = layout_deck()
    state = HT.new(deck=deck)
    assert card_str(state.foundations.aces[0][0]) == "AS"
    assert card_str(state.foundations.kings[1][0]) == "KH"
    assert state.tableau[3] == (deck[4],)  # head-4 took the card after the ace
    assert state.packets[2][0] == deck[20]  # reserve-3's first card came after the king


def test_HT_1_heads_then_tails_then_round_the_packets_ten_each() -> None:
    deck = HT.deck_for_deal(HeadsAndTailsParams(), 11)
    state = HT.new(deck=deck)
    assert [len(p) for p in state.packets] == [10] * 8
    assert all(len(p) == 1 for p in state.tableau)
    assert all(len(f) == 1 for f in state.foundations.aces + state.foundations.kings)
    bases = {deck.index(card) for card in deck if card % 13 in (0, 12)}  # first copies only
    laid = [card for index, card in enumerate(deck) if index not in bases]
    assert len(laid) == 96
    assert [p[0] for p in state.tableau] == laid[:16]
    assert [p[0] for p in state.packets] == laid[16:24]
    assert [p[-1] for p in state.packets] == laid[-8:]


def test_HT_1_the_second_ace_of_a_suit_is_laid_out_like_any_card() -> None:
    state = HT.new(deal=5)
    aces_laid = [c for pile in state.tableau + state.packets for c in pile if c % 13 == 0]
    assert len(aces_laid) == 4  # the second copies


# ----- HT-2 Foundations -----------------------------------------------------------------------
def test_HT_2_aces_build_up_and_kings_build_down_in_suit() -> None:
    state = position({"head-1": "2S", "head-2": "QS", "head-3": "3S", "head-4": "2H"})
    legal = moves(state)
    assert {"head-1>ace-S", "head-2>king-S"} <= legal
    assert "head-3>ace-S" not in legal and "head-4>ace-S" not in legal
    assert "head-1>king-S" not in legal


# ----- HT-3 Available cards -------------------------------------------------------------------
def test_HT_3_reserve_packets_are_never_played_from() -> None:
    state = position({"head-1": "9C", "head-2": "8C", "reserve-1": "2S"})
    with pytest.raises(IllegalMove, match="HT-3"):
        play(state, "reserve-1>ace-S")


def test_HT_3_the_game_declares_every_packet_never_played_from_for_the_front_ends() -> None:
    declared = dict(HT.info.never_played_from)
    assert set(declared) == set(PACKETS) and "never played from" in declared["reserve-1"]
    state = HT.new(deal=3)
    assert not any(move.source in declared for move in HT.legal_moves(state))


def test_HT_3_nothing_is_built_on_a_reserve_packet_and_the_refusal_says_so() -> None:
    state = position({"head-1": "2S", "head-2": "9D", "reserve-3": "8D"})
    assert "head-2>reserve-3" not in moves(state)
    with pytest.raises(IllegalMove, match="nothing is built on the reserve packets"):
        play(state, "head-2>reserve-3")


def test_a_card_moved_onto_its_own_pile_is_refused_in_those_words() -> None:
    state = position({"head-1": "9D", "head-2": "2S"})
    with pytest.raises(IllegalMove, match="cannot move onto its own pile"):
        play(state, "head-1>head-1")


def test_HT_3_only_the_top_card_of_a_head_moves() -> None:
    state = position({"head-1": "2S 9C", "head-2": "TD"})
    assert "head-1>ace-S" not in moves(state)


# ----- HT-4 Auxiliary sequences ---------------------------------------------------------------
def test_HT_4_a_pile_with_a_built_card_refuses_the_other_direction() -> None:
    state = position({"head-1": "6D 7D", "tail-1": "6D", "tail-2": "8D"}, head_1=Build(1, UP))
    assert "tail-1>head-1" not in moves(state)  # 6D would run down onto an up sequence
    assert "tail-2>head-1" in moves(state)  # 8D continues up
    with pytest.raises(IllegalMove, match="one rank above it, the way the pile's sequence runs"):
        play(state, "tail-1>head-1")
    built = play(state, "tail-2>head-1")
    assert built.builds[0] == Build(2, UP)


def test_HT_4_a_card_refused_by_a_pile_with_no_sequence_is_told_both_ranks_it_may_take() -> None:
    state = position({"head-1": "3S", "tail-1": "9S", "head-2": "2S"})
    with pytest.raises(IllegalMove) as refused:
        play(state, "tail-1>head-1")
    assert str(refused.value).endswith(
        "9S must be of the suit of 3S and one rank above or below it (HT-4)"
    )


def test_HT_4_the_direction_is_free_again_once_the_built_cards_have_left() -> None:
    state = position({"head-1": "6D 7D", "head-2": "8D", "tail-1": "5D"}, head_1=Build(1, UP))
    assert "tail-1>head-1" not in moves(state)
    freed = play(state, "head-1>head-2")  # 7D leaves, going down onto 8D
    assert freed.builds[0] == NO_BUILD
    assert freed.builds[1] == Build(1, DOWN)
    assert "tail-1>head-1" in moves(freed)  # 5D may now go down onto the dealt 6D


def test_HT_4_a_dealt_card_takes_either_direction() -> None:
    state = position({"head-1": "7D", "tail-1": "6D", "tail-2": "8D"})
    assert {"tail-1>head-1", "tail-2>head-1"} <= moves(state)


def test_HT_4_no_wrap_between_king_and_ace() -> None:
    state = position({"head-1": "KD", "head-2": "AD"})
    assert "head-2>head-1" not in moves(state) and "head-1>head-2" not in moves(state)


def test_HT_4_a_sequence_is_reversed_card_by_card_onto_a_pile_of_the_other_direction() -> None:
    state = position(
        {"head-1": "5D 6D 7D 8D", "tail-1": "9D", "reserve-1": "2C 2C 2C"}, head_1=Build(3, UP)
    )
    for _ in range(3):
        state = play(state, "head-1>tail-1")
    assert cards_str(state.tableau[8]) == "9D 8D 7D 6D"
    assert state.builds[8] == Build(3, DOWN)
    assert state.builds[0] == NO_BUILD


# ----- HT-5 Refilling -------------------------------------------------------------------------
def test_HT_5_an_emptied_head_takes_the_top_of_its_own_packet() -> None:
    state = position({"head-3": "2S", "reserve-3": "9C 4H", "reserve-2": "JD"})
    after = play(state, "head-3>ace-S")
    assert cards_str(after.tableau[2]) == "4H"
    assert cards_str(after.packets[2]) == "9C"


def test_HT_5_an_empty_packet_passes_to_the_nearest_non_empty_on_its_left() -> None:
    state = position({"tail-3": "2S", "reserve-1": "JD", "reserve-4": "QC"})
    after = play(state, "tail-3>ace-S")
    assert cards_str(after.tableau[10]) == "JD"  # packet 2 empty, packet 1 next on the left


def test_HT_5_refilling_wraps_from_the_first_packet_to_the_last() -> None:
    assert source_packet((0, 0, 0, 0, 0, 0, 1, 1), 0) == 7  # the nearest to the left, wrapping
    assert source_packet((0, 1, 0, 0, 0, 0, 0, 0), 0) == 1  # … all the way round
    assert source_packet((0,) * 8, 3) == -1
    state = position({"head-1": "2S", "reserve-8": "QC", "reserve-2": "JD"})
    after = play(state, "head-1>ace-S")
    assert cards_str(after.tableau[0]) == "QC"


def test_HT_5_with_every_packet_empty_a_space_stays_empty() -> None:
    state = position({"head-1": "2S", "head-2": "9C", "head-3": "8H", "head-4": "9H"})
    after = play(state, "head-1>ace-S")
    assert after.tableau[0] == ()
    assert "head-2>head-1" not in moves(after)
    with pytest.raises(IllegalMove, match="open-spaces"):
        play(after, "head-2>head-1")


def test_HT_5_open_spaces_an_empty_space_takes_any_available_card() -> None:
    state = position({"head-1": "2S", "head-2": "9C"}, params=OPEN_SPACES)
    after = play(state, "head-1>ace-S")
    assert "head-2>head-1" in moves(after)
    moved = play(after, "head-2>head-1")
    assert cards_str(moved.tableau[0]) == "9C" and moved.builds[0] == NO_BUILD


def test_HT_5_open_spaces_waits_until_every_packet_is_empty() -> None:
    state = position({"head-1": "", "head-2": "9C", "reserve-5": "3D"}, params=OPEN_SPACES)
    assert "head-2>head-1" not in moves(state)


# ----- HT-6 End -------------------------------------------------------------------------------
def test_HT_6_won_when_all_104_cards_are_on_the_foundations() -> None:
    full = {f"ace-{s}": " ".join(f"{r}{s}" for r in "A23456789TJQK") for s in "SHDC"}
    kings = {f"king-{s}": " ".join(f"{r}{s}" for r in "KQJT98765432A") for s in "HDC"}
    spades = {"king-S": " ".join(f"{r}S" for r in "KQJT98765432")}
    state = position({**full, **kings, **spades, "head-1": "AS"})
    won = play(state, "head-1>king-S")
    assert HT.outcome(won) == WON


def test_HT_6_lost_when_no_move_is_possible() -> None:
    state = position({"head-1": "9C", "head-2": "5D"})
    assert HT.outcome(state) == LOST
    assert HT.outcome(position({"head-1": "9C", "head-2": "8C"})) is None


def test_automatic_moves_wait_until_the_card_can_want_nothing_more() -> None:
    state = position({"head-1": "3S", "ace-S": "AS 2S", "king-S": "KS"})
    assert HT.autoplay_move(state) is None  # the other 2S may still want 3S as a base
    ready = position(
        {"head-1": "3S", "ace-S": "AS 2S", "king-S": "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"}
    )
    assert str(HT.autoplay_move(ready)) == "head-1>ace-S"
