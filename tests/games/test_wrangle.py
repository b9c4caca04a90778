"""The Wrangle rulings WR-1…WR-7. Each test would fail under another reading of the text."""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.core.cards import cards_str, one_pack, parse_cards, two_packs
from parlour.core.errors import DeckError, IllegalMove
from parlour.core.game import DRAW
from parlour.core.moves import parse_move
from parlour.core.session import Session
from parlour.games.wrangle import (
    AUXILIARIES,
    FOUNDATIONS,
    PASS,
    SEATS,
    TURN,
    WRANGLE,
    Wrangle,
    WrangleParams,
    WrangleState,
)
from tests.conformance.wins import load_wins

SPADES_DOWN = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"


def position(
    piles: dict[str, str],
    *,
    mover: str = "north",
    turn: int = 3,
    first: str = "north",
    idle: int = 0,
    progress: bool = False,
) -> WrangleState:
    """A position from pile texts (stocks in dealing order). Unless given, each stock holds 9C,
    so that nobody has won, and each auxiliary heap a KC, so that no heap is empty."""
    texts = {"north-stock": "9C", "south-stock": "9C", **dict.fromkeys(AUXILIARIES, "KC"), **piles}

    def pile(name: str) -> tuple[int, ...]:
        return parse_cards(texts.get(name, ""))

    def pair(kind: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return (pile(f"north-{kind}"), pile(f"south-{kind}"))

    return WrangleState(
        WrangleParams(),
        None,
        SEATS.index(first),
        SEATS.index(mover),
        turn,
        pair("reserve"),
        pair("stock"),
        pair("waste"),
        pile(f"{mover}-turned"),
        tuple(pile(name) for name in AUXILIARIES),
        tuple(pile(name) for name in FOUNDATIONS),
        idle,
        progress,
    )


def moves(state: WrangleState) -> set[str]:
    return {str(m) for m in WRANGLE.legal_moves(state)}


def play(state: WrangleState, *texts: str) -> WrangleState:
    for text in texts:
        state = WRANGLE.apply(state, parse_move(text))
    return state


def refused(state: WrangleState, text: str, ruling: str) -> None:
    assert text not in moves(state)
    with pytest.raises(IllegalMove, match=ruling):
        WRANGLE.apply(state, parse_move(text))


def deck(north: str, south: str = "") -> tuple[int, ...]:
    """North's pack beginning with `north`, then south's beginning with `south`."""

    def pack(start: str) -> tuple[int, ...]:
        given = parse_cards(start)
        return given + tuple(c for c in one_pack() if c not in given)

    return pack(north) + pack(south)


def end_turn(state: WrangleState) -> WrangleState:
    """Turn a card and lay it on the waste (WR-4), or pass with the stock empty (WR-5)."""
    me = WRANGLE.to_move(state)
    if not state.stocks[state.mover]:
        return WRANGLE.apply(state, PASS)
    return play(WRANGLE.apply(state, TURN), f"{me}-turned>{me}-waste")


# ----- WR-1 Setup -----------------------------------------------------------------------------
def test_WR_1_the_first_player_lays_out_reserve_auxiliaries_then_stock() -> None:
    cards = deck(SPADES_DOWN + " 9H 8D 7C 6H 5D")
    state = WRANGLE.new(deck=cards)
    assert state.mover == 0 and WRANGLE.to_move(state) == "north"
    assert state.reserves[0] == cards[:13] and cards_str(state.reserves[0][-1:]) == "AS"
    assert cards_str(c for (c,) in state.auxiliaries[:4]) == "9H 8D 7C 6H"
    assert state.stocks[0] == cards[17:52] and cards_str(state.stocks[0][:1]) == "5D"
    assert state.stocks[1] == cards[52:]  # south's heaps do not exist yet
    assert state.reserves[1] == () and state.auxiliaries[4:] == ((),) * 4


def test_WR_1_the_second_player_lays_out_at_the_start_of_his_first_turn() -> None:
    cards = deck("2H", "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D AD 9S 8S 7S 6S")
    state = WRANGLE.new(deck=cards)
    assert not any("south" in m for m in moves(state))
    refused(state, "north-reserve>south-aux-1", "WR-1")  # an empty heap would take any card
    after = end_turn(state)
    assert WRANGLE.to_move(after) == "south"
    assert after.reserves[1] == cards[52:65] and cards_str(after.reserves[1][-1:]) == "AD"
    assert cards_str(c for (c,) in after.auxiliaries[4:]) == "9S 8S 7S 6S"
    assert after.stocks[1] == cards[69:]
    assert "south-reserve>foundation-1" in moves(after)


def test_WR_1_the_deal_decides_who_begins_unless_the_players_choose() -> None:
    begins = Counter(WRANGLE.to_move(WRANGLE.new(deal=d)) for d in range(40))
    assert begins["north"] > 5 and begins["south"] > 5
    for deal in range(10):
        assert WRANGLE.to_move(WRANGLE.new(WrangleParams("south"), deal=deal)) == "south"
        assert WRANGLE.to_move(WRANGLE.new(WrangleParams("north"), deal=deal)) == "north"
    assert WRANGLE.to_move(WRANGLE.new(deck=deck(""))) == "north"  # an explicit deck
    south = WRANGLE.new(WrangleParams("south"), deck=deck("", SPADES_DOWN))
    assert cards_str(south.reserves[1]) == SPADES_DOWN and south.reserves[0] == ()


def test_WR_1_each_player_has_a_whole_pack_of_his_own() -> None:
    both = two_packs()  # the right 104 cards, but north's half is not one pack
    mixed = both[:51] + both[52:53] + both[51:52] + both[53:]
    with pytest.raises(DeckError, match="north's pack"):
        WRANGLE.new(deck=mixed)
    dealt = WRANGLE.deck_for_deal(WrangleParams(), 5)
    assert sorted(dealt[:52]) == sorted(dealt[52:]) == list(one_pack())


# ----- WR-2 Foundations -----------------------------------------------------------------------
def test_WR_2_any_ace_starts_one_on_any_empty_place_and_it_builds_up_in_suit() -> None:
    state = position({"north-reserve": "AH", "foundation-1": "AS 2S", "foundation-2": "AS"})
    ups = {m for m in moves(state) if m.startswith("north-reserve>foundation-")}
    assert ups == {f"north-reserve>foundation-{n}" for n in range(3, 9)}  # any empty place
    refused(state, "north-reserve>foundation-1", "WR-2")  # a place taken by spades
    three = position({"north-reserve": "3H", "foundation-1": "AS"})
    refused(three, "north-reserve>foundation-5", "WR-2")  # only an ace starts one
    twos = position({"north-reserve": "2S", "foundation-1": "AS", "foundation-2": "AS"})
    assert {"north-reserve>foundation-1", "north-reserve>foundation-2"} <= moves(twos)
    down = position({"north-reserve": "2S", "foundation-1": "AS 2S 3S"})
    refused(down, "north-reserve>foundation-1", "WR-2")  # up only
    other_suit = position({"north-reserve": "2H", "foundation-1": "AS"})
    refused(other_suit, "north-reserve>foundation-1", "WR-2")


def test_WR_2_a_foundation_ends_with_the_king() -> None:
    full = "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"
    state = position({"north-reserve": "AS", "foundation-1": full})
    assert moves(state) >= {"north-reserve>foundation-2"}
    assert "north-reserve>foundation-1" not in moves(state)


# ----- WR-3 Auxiliary heaps -------------------------------------------------------------------
def test_WR_3_both_players_build_down_in_suit_on_all_eight_heaps() -> None:
    state = position(
        {"south-reserve": "7H", "north-aux-2": "8H", "south-aux-1": "8H", "south-aux-2": "6H"},
        mover="south",
    )
    assert {"south-reserve>north-aux-2", "south-reserve>south-aux-1"} <= moves(state)
    refused(state, "south-reserve>south-aux-2", "WR-3")  # never up
    north = position({"north-reserve": "7H", "south-aux-4": "8H"})
    assert "north-reserve>south-aux-4" in moves(north)


def test_WR_3_a_heap_emptied_by_south_is_refilled_from_souths_waste() -> None:
    state = position(
        {
            "north-aux-2": "2C",
            "foundation-1": "AC",
            "north-waste": "5D",
            "south-waste": "9H JS",
        },
        mover="south",
    )
    after = play(state, "north-aux-2>foundation-1")
    assert cards_str(after.auxiliaries[1]) == "JS"  # not north's 5D, though the heap is north's
    assert cards_str(after.wastes[1]) == "9H" and cards_str(after.wastes[0]) == "5D"


def test_WR_3_with_the_movers_waste_empty_the_heap_stays_empty_and_takes_any_card() -> None:
    state = position(
        {"north-aux-3": "2C", "foundation-1": "AC", "south-waste": "9H", "north-reserve": "QD"}
    )
    after = play(state, "north-aux-3>foundation-1")
    assert after.auxiliaries[2] == () and cards_str(after.wastes[1]) == "9H"
    assert "north-reserve>north-aux-3" in moves(after)
    turned = play(position({"north-stock": "KS 9C", "south-aux-1": ""}), "turn")
    assert "north-turned>south-aux-1" in moves(turned)


def test_WR_3_only_a_play_to_a_foundation_empties_a_heap_and_refills_it() -> None:
    state = position({"north-reserve": "3C", "north-waste": "8D", "north-aux-1": "4C"})
    after = play(state, "north-reserve>north-aux-1")
    assert cards_str(after.auxiliaries[0]) == "4C 3C" and cards_str(after.wastes[0]) == "8D"


# ----- WR-4 A turn ----------------------------------------------------------------------------
def test_WR_4_free_plays_then_a_turned_card_must_be_placed_before_anything_else() -> None:
    state = position({"north-reserve": "2S", "foundation-1": "AS", "north-stock": "KD 9C"})
    assert {"north-reserve>foundation-1", "turn"} <= moves(state)
    turned = play(state, "turn")
    assert cards_str(turned.turned) == "KD"
    refused(turned, "north-reserve>foundation-1", "must be placed first.*WR-4")
    refused(turned, "turn", "WR-4")
    assert moves(turned) == {"north-turned>north-waste"}


def test_WR_4_a_turned_card_goes_to_foundation_heap_or_own_reserve_else_the_waste() -> None:
    state = position(
        {
            "north-stock": "6H 9C",
            "north-reserve": "5H",
            "foundation-1": "AH 2H 3H 4H 5H",
            "north-aux-1": "7H",
            "south-aux-2": "3C",
        }
    )
    turned = play(state, "turn")
    assert moves(turned) == {
        "north-turned>foundation-1",
        "north-turned>north-aux-1",
        "north-turned>north-reserve",
        "north-turned>north-waste",
    }
    kept = play(turned, "north-turned>north-reserve")
    assert WRANGLE.to_move(kept) == "north" and cards_str(kept.reserves[0]) == "5H 6H"
    ended = play(turned, "north-turned>north-waste")
    assert WRANGLE.to_move(ended) == "south" and cards_str(ended.wastes[0]) == "6H"


def test_WR_4_loading_the_opponent_is_refused_in_the_first_turn_and_allowed_in_the_second() -> None:
    piles = {"north-reserve": "4S", "north-waste": "8D", "south-stock": "5S 7D 9C"}
    second = play(position(piles, mover="south", turn=2), "turn")
    assert "south-turned>north-reserve" in moves(second)  # in his very first turn
    loaded = play(second, "south-turned>north-reserve")
    assert cards_str(loaded.reserves[0]) == "4S 5S" and WRANGLE.to_move(loaded) == "south"
    waste = play(loaded, "turn", "south-turned>north-waste")
    assert cards_str(waste.wastes[0]) == "8D 7D"
    first = play(position(piles, mover="south", turn=1, first="south"), "turn")
    refused(first, "south-turned>north-reserve", "WR-")
    refused(first, "south-turned>north-waste", "WR-")
    game = WRANGLE.new(deck=deck(""))  # a real first turn: nothing of south's can be loaded
    for _ in range(40):
        assert not any(m.startswith("north-turned>south") for m in moves(game))
        game = play(game, "turn" if "turn" in moves(game) else "north-turned>north-waste")
        if WRANGLE.to_move(game) != "north":
            break


def test_WR_4_only_a_turned_card_loads_and_only_in_suit_one_rank_away() -> None:
    state = position(
        {"north-reserve": "5S", "south-reserve": "4S", "south-waste": "6S", "north-stock": "5H"}
    )
    refused(state, "north-reserve>south-reserve", "only a turned card")
    turned = play(state, "turn")
    refused(turned, "north-turned>south-reserve", "WR-4")  # hearts on spades
    assert "north-turned>north-reserve" not in moves(turned)


def test_WR_4_auxiliary_cards_play_only_to_the_foundations() -> None:
    state = position({"north-aux-1": "5S", "south-aux-1": "6S", "north-reserve": "KD"})
    refused(state, "north-aux-1>south-aux-1", "only to a foundation")
    refused(state, "north-aux-1>north-reserve", "only to a foundation")


def test_WR_4_a_card_is_turned_from_one_s_own_stock_and_a_move_from_the_other_s_says_so() -> None:
    state = position({"north-stock": "9C", "south-stock": "AH"})
    refused(state, "south-stock>foundation-1", "your own stock, not south's")
    refused(state, "north-stock>foundation-1", "with: turn")


# ----- WR-5 Waste -----------------------------------------------------------------------------
def test_WR_5_a_players_waste_cannot_be_played_from() -> None:
    state = position({"north-waste": "AH", "north-aux-1": "3C", "north-stock": "9C"})
    refused(state, "north-waste>foundation-1", "WR-5")  # an ace, which would fit
    refused(state, "north-waste>north-aux-1", "WR-5")


def test_WR_5_a_player_passes_only_with_his_stock_empty() -> None:
    refused(position({"north-stock": "9C"}), "pass", "WR-5")
    empty = position({"north-stock": "", "north-waste": "3D", "north-reserve": "KH"})
    refused(empty, "turn", "WR-5")
    assert "pass" in moves(empty)


def test_WR_5_the_waste_is_turned_over_at_the_start_of_the_owners_next_turn() -> None:
    state = position(
        {
            "north-stock": "",
            "north-waste": "3D 8C JH",
            "north-reserve": "KH",
            "south-stock": "QH 9C",
        }
    )
    passed = play(state, "pass")
    assert cards_str(passed.wastes[0]) == "3D 8C JH"  # left while the opponent plays
    assert "south-turned>north-waste" in moves(play(passed, "turn"))
    back = end_turn(play(passed, "turn", "south-turned>north-waste"))
    assert WRANGLE.to_move(back) == "north" and back.wastes[0] == ()
    assert cards_str(back.stocks[0]) == "3D 8C JH QH"  # the bottom card is dealt first
    kept = position({"north-stock": "5C", "north-waste": "3D"}, mover="south")
    assert cards_str(end_turn(kept).wastes[0]) == "3D"  # a stock still in hand: no turn-over


# ----- WR-6 End -------------------------------------------------------------------------------
def test_WR_6_a_player_wins_when_reserve_stock_and_waste_are_empty() -> None:
    state = position(
        {"north-reserve": "2S", "foundation-1": "AS", "north-stock": "", "south-reserve": "5D"}
    )
    won = play(state, "north-reserve>foundation-1")
    assert WRANGLE.outcome(won) == "north" and WRANGLE.legal_moves(won) == ()
    assert WRANGLE.to_json(won)["outcome"] == "north"
    reserve_only = position({"north-reserve": "", "north-stock": "5C"})
    assert WRANGLE.outcome(reserve_only) is None  # an empty reserve alone does not win
    last = play(position({"north-stock": "3S", "foundation-2": "AS 2S"}), "turn")
    assert WRANGLE.outcome(last) is None  # the turned card is still in hand
    assert WRANGLE.outcome(play(last, "north-turned>foundation-2")) == "north"


def test_WR_6_a_hundred_turns_in_a_row_without_progress_are_a_draw() -> None:
    state = position({"north-stock": "9C", "south-stock": "9D"}, idle=98)
    state = end_turn(state)
    assert state.idle == 99 and WRANGLE.outcome(state) is None  # turns, not rounds of two
    assert WRANGLE.outcome(end_turn(state)) == DRAW
    assert WRANGLE.legal_moves(end_turn(state)) == ()
    seen = WRANGLE.observe(state, "south")
    assert (seen["turns_without_progress"], seen["draw_after"]) == (99, 100)


def test_WR_6_a_reserve_shrinking_is_progress_as_much_as_a_foundation_play() -> None:
    shrink = position({"south-reserve": "7H", "north-aux-1": "8H", "south-stock": "9D"}, idle=99)
    shrink = play(replace(shrink, mover=1), "south-reserve>north-aux-1")
    after = end_turn(shrink)
    assert after.idle == 0 and WRANGLE.outcome(after) is None
    played = position({"north-aux-1": "AH", "north-stock": "9D"}, idle=99)
    assert end_turn(play(played, "north-aux-1>foundation-1")).idle == 0
    grown = position({"north-reserve": "7H", "north-stock": "8H 9D"}, idle=99)
    grown = play(grown, "turn", "north-turned>north-reserve")
    assert WRANGLE.outcome(end_turn(grown)) == DRAW  # a reserve growing is no progress


def test_WR_6_a_card_taken_off_a_reserve_is_progress_though_the_reserve_grows_back() -> None:
    """The reading of docs/design.md: the reserve shrank when the card left it, whatever is
    laid on it later in the turn."""
    piles = {"north-reserve": "5C 8H", "north-aux-1": "9H", "north-stock": "6C 9D"}
    state = play(position(piles, idle=99), "north-reserve>north-aux-1", "turn")
    state = play(state, "north-turned>north-reserve")
    after = end_turn(state)
    assert len(after.reserves[0]) == 2
    assert after.idle == 0 and WRANGLE.outcome(after) is None


# ----- WR-7 Information -----------------------------------------------------------------------
def random_states(count: int, seed: int) -> list[WrangleState]:
    """States reached by random play over several deals, both players and both starts."""
    rng = random.Random(seed)
    states: list[WrangleState] = []
    deal = 0
    while len(states) < count:
        state = WRANGLE.new(WrangleParams(rng.choice(("cut", "north", "south"))), deal=deal)
        while WRANGLE.outcome(state) is None and len(states) < count:
            state = WRANGLE.apply_unchecked(state, rng.choice(WRANGLE.legal_moves(state)))
            if rng.random() < 0.3:
                states.append(state)
        deal += 1
    return states


def observations(state: WrangleState) -> list[str]:
    return [json.dumps(WRANGLE.observe(state, seat), sort_keys=True) for seat in SEATS]


def rehide(state: WrangleState, rng: random.Random) -> WrangleState:
    """Every stock in another order and every card under a reserve's or a waste's top changed,
    by exchanging them among all those hidden places."""
    hidden = [
        *state.stocks[0],
        *state.stocks[1],
        *state.reserves[0][:-1],
        *state.reserves[1][:-1],
        *state.wastes[0][:-1],
        *state.wastes[1][:-1],
    ]
    rng.shuffle(hidden)
    sizes = [len(state.stocks[0]), len(state.stocks[1])]
    under = [max(0, len(p) - 1) for p in (*state.reserves, *state.wastes)]
    cut = iter(hidden)

    def take(n: int) -> tuple[int, ...]:
        return tuple(next(cut) for _ in range(n))

    stocks = (take(sizes[0]), take(sizes[1]))
    reserves = (
        take(under[0]) + state.reserves[0][-1:],
        take(under[1]) + state.reserves[1][-1:],
    )
    wastes = (take(under[2]) + state.wastes[0][-1:], take(under[3]) + state.wastes[1][-1:])
    return replace(state, stocks=stocks, reserves=reserves, wastes=wastes)


def test_WR_7_observations_do_not_change_when_any_hidden_card_does() -> None:
    rng = random.Random(7)
    states = random_states(1000, seed=3)
    changed = 0
    for state in states:
        seen = observations(state)
        for other in (WRANGLE.shuffle_hidden(state, rng.choice(SEATS), rng), rehide(state, rng)):
            assert Counter(c for p in WRANGLE.piles(other).values() for c in p) == Counter(
                two_packs()
            )
            changed += other != state
            assert observations(other) == seen
    assert changed > 1500  # the hidden cards really were changed


def test_WR_7_an_observation_holds_only_the_visible_cards_and_no_deal_number() -> None:
    state = end_turn(WRANGLE.new(deal=11))
    for seat in SEATS:
        seen = WRANGLE.observe(state, seat)
        assert seen["deal"] is None
        assert seen["piles"]["north-stock"] == [] and seen["piles"]["south-stock"] == []
        assert len(seen["piles"]["north-reserve"]) == 1 and seen["sizes"]["north-reserve"] == 13
        assert set(seen) - {"piles", "sizes", "legal_moves"} >= set(WRANGLE.extras(state))
        extras = json.dumps(WRANGLE.public_extras(state, seat))
        assert not any(f'"{c}"' in extras for c in cards_str(one_pack()).split())
    assert WRANGLE.observe(state, "north")["legal_moves"] == []  # south is to move
    assert WRANGLE.observe(state, "south")["legal_moves"]


@given(st.integers(0, 10_000), st.integers(0, 200), st.sampled_from(SEATS))
def test_WR_7_a_sample_made_from_an_observation_shows_the_same_observation(
    deal: int, steps: int, seat: str
) -> None:
    rng = random.Random(deal)
    state = WRANGLE.new(deal=deal)
    for _ in range(steps):
        if WRANGLE.outcome(state) is not None:
            break
        state = WRANGLE.apply_unchecked(state, rng.choice(WRANGLE.legal_moves(state)))
    seen = WRANGLE.observe(state, seat)
    sample = WRANGLE.determinize(seen, rng)
    assert WRANGLE.observe(sample, seat) == {**seen}
    assert Counter(c for p in WRANGLE.piles(sample).values() for c in p) == Counter(two_packs())


def test_WR_7_undo_stays_within_the_turn_of_the_player_to_move() -> None:
    """Not even the player whose move passed the turn takes it back: the other player has the
    cards to move now. A game for two cannot be restarted either."""
    session = Session(WRANGLE, WrangleParams(first="north"), deal=1)
    rng = random.Random(3)
    while WRANGLE.to_move(session.state) == "north":
        session.play(rng.choice(WRANGLE.legal_moves(session.state)))
    assert not session.can_undo
    with pytest.raises(IllegalMove, match="cannot be restarted"):
        session.restart()
    resumed = Session.from_record(WRANGLE, session.record())
    assert resumed.state == session.state and not resumed.can_undo


def test_a_won_game_for_two_cannot_be_undone() -> None:
    """The result stands once both have seen it: nobody is to move."""
    known = load_wins(WRANGLE)["wrangle(first=cut)"]
    session = Session(WRANGLE, deck=parse_cards(known["deck"]))
    for move in known["moves"]:
        session.play(move)
    assert session.outcome == "north" and WRANGLE.to_move(session.state) is None
    assert not session.can_undo
    assert not Session.from_record(WRANGLE, session.record()).can_undo


def test_WR_7_a_game_resumed_mid_turn_undoes_that_turn_s_own_moves_only() -> None:
    session = Session(WRANGLE, WrangleParams(first="north"), deal=1)
    session.play("turn")
    session.play("north-turned>north-aux-3")
    resumed = Session.from_record(WRANGLE, session.record())
    assert resumed.can_undo
    resumed.undo()
    assert not resumed.can_undo and [str(m) for m in resumed.moves] == ["turn"]


def test_WR_7_a_move_that_shows_a_hidden_card_cannot_be_undone() -> None:
    session = Session(WRANGLE, WrangleParams(first="north"), deal=1)
    session.play("turn")  # north's next stock card is seen: no taking it back to turn again
    assert session.moves and not session.can_undo
    session.play("north-turned>north-aux-3")  # a card in view moves, and nothing new shows
    assert session.can_undo
    session.undo()
    assert [str(move) for move in session.moves] == ["turn"]
    with pytest.raises(IllegalMove, match="nothing to undo"):
        session.undo()
    free = Session(WRANGLE, WrangleParams(first="north"), deal=22)
    free.play("north-reserve>foundation-1")  # the card under north's reserve top shows
    assert not free.can_undo


def test_a_state_is_a_value_that_pickle_and_copy_keep() -> None:
    """The state class is compiled (docs/design.md, "Compiled searches"), where pickle's and
    copy's default way of setting frozen fields fails."""
    for state in random_states(50, seed=8):
        for kept in (pickle.loads(pickle.dumps(state)), copy.copy(state), copy.deepcopy(state)):
            assert kept == state and type(kept) is WrangleState
            assert WRANGLE.key(kept) == WRANGLE.key(state)


def test_a_subclass_written_in_python_overrides_the_compiled_game() -> None:
    """Studies of the game subclass it (benchmarks/wrangle_ceiling.py), and the compiled
    methods call the subclass's own."""

    class AlwaysOver(Wrangle):
        def outcome(self, state: WrangleState) -> str | None:
            return DRAW

    state = WRANGLE.new(WrangleParams(), deal=1)
    assert WRANGLE.legal_moves(state)
    assert AlwaysOver().legal_moves(state) == ()
