"""The Plait's own search (`plait_search`): its answers against the rulings PL-1…PL-6 and
against the generic exhaustive search. Each test would fail were a ruling misread or a
pruning unsound."""

from __future__ import annotations

import contextlib
import math
from collections import Counter
from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.core.game import LOST, UNKNOWN, WON, OutOfBudget
from parlour.core.moves import Move
from parlour.games.plait import CORNERS, PLAIT, PlaitParams, PlaitState
from parlour.games.plait_search import (
    FIRST_CAPS,
    GLANCE_CAPS,
    WIDENING,
    Searcher,
    added,
    bit,
    choices,
    chosen,
    copies,
    joined,
    layout_and_root,
    multiset,
    removed,
    search,
    settle,
    table_key,
)
from parlour.solver import Budget, solve
from parlour.solver.search import solve as generic_solve
from tests.games.test_plait import position

FOUR = PlaitParams("four-passes")


def foundations(*piles: str) -> dict[str, str]:
    return {f"foundation-{n}": pile for n, pile in enumerate(piles, start=1)}


def full(suit: str, base: str = "J") -> str:
    ranks = "A23456789TJQK"
    start = ranks.index(base)
    return " ".join(ranks[(start + n) % 13] + suit for n in range(13))


def replays_to_a_win(state: PlaitState, moves: tuple[Move, ...]) -> bool:
    for move in moves:
        state = PLAIT.apply(state, move)
    return PLAIT.outcome(state) == WON


# ----- multisets of two packs' cards --------------------------------------------------------
two_packs = st.lists(st.integers(0, 51), max_size=104)


def as_counts(once: int, twice: int) -> Counter[int]:
    return Counter({card: copies(once, twice, card) for card in range(52) if once >> card & 1})


@given(two_packs, st.integers(0, 51))
def test_C_1_a_multiset_of_two_sets_counts_each_card_as_a_counter_does(
    cards: list[int], card: int
) -> None:
    cards = [c for n, c in enumerate(cards) if cards[:n].count(c) < 2]  # two copies at most
    once, twice = multiset(cards)
    assert twice & ~once == 0
    assert as_counts(once, twice) == Counter(cards)
    held = Counter(cards)[card]
    if held < 2:
        assert as_counts(*added(once, twice, bit(card))) == Counter([*cards, card])
    if held:
        assert as_counts(*removed(once, twice, bit(card))) == Counter(cards) - Counter([card])
    half = cards[: len(cards) // 2]
    rest = cards[len(cards) // 2 :]
    assert as_counts(*joined(*multiset(half), *multiset(rest))) == Counter(cards)


# ----- hand-built positions -------------------------------------------------------------------
def test_PL_4_an_auxiliary_going_up_before_or_after_the_redeal_draws_another_card() -> None:
    # 2H in aux-2 follows AH. Sent up at once it draws the waste's top (PL-4); sent up after
    # the redeal it draws 4H, the new stock's first card (PL-5): only that order wins, so
    # sending every card up at once would call this lost.
    state = aux_waits_for_the_redeal()
    found = search(state, 1_000_000, math.inf)
    assert found is not None and found.result == WON
    assert replays_to_a_win(state, found.moves)


def test_PL_4_a_safe_move_never_spoils_a_win() -> None:
    """`Plait.safe_move`, the move the solver plays without trying others and the one played
    by itself for a player who chose automatic moves, keeps every won tiny position won, and
    leaves the auxiliary that must wait for the redeal where it is (the waste's AH goes up)."""
    waiting = aux_waits_for_the_redeal()
    played = []
    while (safe := PLAIT.safe_move(waiting)) is not None:  # as automatic moves would
        played.append(str(safe))
        waiting = PLAIT.apply(waiting, safe)
    assert played == ["waste>foundation-4"]  # AH, whose other copy is up; 2H waits
    found = search(waiting, 1_000_000, math.inf)
    assert found is not None and found.result == WON
    rng = Random("safe moves")
    checked = 0
    while checked < 60:
        state = tiny(rng)
        if state is None or PLAIT.outcome(state) is not None:
            continue
        safe = PLAIT.safe_move(state)
        truth = generic_solve(PLAIT, state, Budget(200_000, math.inf), hooks=False)
        if safe is None or truth.result != WON:
            continue
        after = generic_solve(
            PLAIT, PLAIT.apply(state, safe), Budget(200_000, math.inf), hooks=False
        )
        assert after.result == WON, PLAIT.to_json(state)
        checked += 1


def aux_waits_for_the_redeal() -> PlaitState:
    return position(
        {
            "plait": "6H",
            **dict(zip(CORNERS, ("7D", "9H", "8H", "9H"), strict=True)),
            "aux-2": "2H",
            "aux-4": "TH",
            "aux-5": "TS",
            "aux-6": "7H",
            "stock": "TD",
            "waste": "4H 5D TC 6D 3H 3D 2D 4D 9S 8D 9D TH 5H AH",
            **foundations(
                "JD QD KD AD",
                full("C")[:-3],
                full("C"),
                "JH QH KH",
                full("S"),
                full("S")[:-6],
                full("D"),
                full("H")[:-6],
            ),
        },
        redeals=1,
        params=FOUR,
    )


def test_PL_2_which_copy_goes_up_first_matters() -> None:
    # Both 6S follow 5S on foundation-7: the one in aux-2 must wait for the other foundation
    # of spades, and the plait's goes up, or the plait stays jammed (PL-3, PL-4).
    state = position(
        {
            "plait": "4S 9S 9S 9C 7D 9D 7S 6S 8S 3S 9D 8D 9H",
            **dict(zip(CORNERS, ("7S", "9H", "8H", "5S"), strict=True)),
            "aux-2": "6S",
            "aux-3": "8C",
            "aux-6": "8H",
            "aux-7": "8S",
            **foundations(
                full("H", "T")[:-6],
                full("S", "T")[:-21],
                full("C", "T")[:-6],
                full("D", "T")[:-3],
                full("C", "T"),
                full("H", "T")[:-6],
                full("S", "T")[:-12],
                full("D", "T")[:-9],
            ),
        },
        base="T",
        params=FOUR,
    )
    found = search(state, 1_000_000, math.inf)
    assert found is not None and found.result == WON
    assert replays_to_a_win(state, found.moves)


def test_PL_4_a_corner_card_may_wait_for_the_other_foundation_of_its_suit() -> None:
    # foundation-1 wants 2H: corner-2's copy must wait for foundation-5 while aux-7's goes
    # up, or the hearts jam; so a corner card that could go up may also be kept (PL-2, PL-4).
    state = position(
        {
            "plait": "4C 3H AC",
            **dict(zip(CORNERS, ("KC", "2H", "3S", "2C"), strict=True)),
            "aux-2": "AH",
            "aux-7": "2H",
            "aux-8": "KH",
            "waste": "JC 3H TC 4H QC QH 4S 4H 3C",
            **foundations(
                full("H", "5")[:-9],
                full("C", "5"),
                full("D", "5"),
                full("S", "5")[:-6],
                full("H", "5")[:-18],
                full("C", "5")[:-24],
                full("D", "5"),
                full("S", "5"),
            ),
        },
        base="5",
        redeals=0,
    )
    found = search(state, 1_000_000, math.inf)
    assert found is not None and found.result == WON
    assert replays_to_a_win(state, found.moves)


def test_PL_4_a_jammed_plait_is_proven_lost_whatever_the_passes_left() -> None:
    # 6S lies on the only 5S still to go up; the corners hold spades that follow it, and the
    # plait does not unwind however the stock is turned (PL-3, PL-4, PL-5).
    state = position(
        {
            "plait": "5S 6S",
            **dict(zip(CORNERS, ("7S", "8S", "9S", "TS"), strict=True)),
            "aux-1": "JS",
            "aux-2": "QS",
            "stock": "KS",
            **foundations(full("S", "A"), "AS 2S 3S 4S", *(full(suit, "A") for suit in "HHDDCC")),
        },
        base="A",
        redeals=2,
    )
    found = search(state, 1_000_000, math.inf)
    assert found is not None and found.result == LOST


def test_PL_6_a_position_played_out_is_won_with_no_moves() -> None:
    state = position(foundations(*(full(suit) for suit in "SSHHDDCC")))
    found = search(state, 10, math.inf)
    assert found is not None and (found.result, found.moves) == (WON, ())


def test_PL_2_a_foundation_not_built_from_the_base_rank_is_left_to_the_generic_search() -> None:
    state = position({"foundation-1": "5S 6S"}, base="J")
    assert search(state, 10, math.inf) is None


# ----- against the generic exhaustive search ------------------------------------------------
def tiny(rng: Random) -> PlaitState | None:
    """Eight foundations nearly built from a random base rank, the few cards left dealt at
    random to the plait, corners, auxiliaries, stock and waste; None when too many are left."""
    base = rng.randrange(13)
    piles: list[tuple[int, ...]] = []
    loose: list[int] = []
    for suit in (0, 0, 1, 1, 2, 2, 3, 3):
        height = rng.choice((13, 13, *range(13)))
        if rng.random() < 0.5:
            height = max(height, 13 - rng.randrange(6))
        cards = [suit * 13 + (base + n) % 13 for n in range(13)]
        piles.append(tuple(cards[:height]))
        loose += cards[height:]
    if not 0 < len(loose) <= 20:
        return None
    piles.sort(key=lambda pile: not pile)  # started ones first, as play fills them
    rng.shuffle(loose)
    plait = loose[: rng.randrange(min(4, len(loose)) + 1)]
    rest = loose[len(plait) :]
    corners = rest[: 4 if plait else rng.randrange(5)]
    rest = rest[len(corners) :]
    aux = rest[: rng.randrange(min(8, len(rest)) + 1)]
    rest = rest[len(aux) :]
    waste_size = rng.randrange(len(rest) + 1)
    params = PlaitParams(rng.choice(("standard", "four-passes")))
    return PlaitState(
        params,
        None,
        tuple(plait),
        tuple((c,) for c in corners) + ((),) * (4 - len(corners)),
        tuple((c,) for c in aux) + ((),) * (8 - len(aux)),
        tuple(rest[waste_size:]),
        tuple(rest[:waste_size]),
        tuple(piles),
        base + 1,
        rng.choice((0, 0, 0, 1, 2)),
    )


def test_PL_1_to_PL_6_tiny_positions_agree_with_the_generic_exhaustive_search() -> None:
    rng = Random(20261123)
    results = set()
    compared = 0
    while compared < 150:
        state = tiny(rng)
        if state is None or PLAIT.outcome(state) is not None:
            continue
        truth = generic_solve(PLAIT, state, Budget(200_000, math.inf), hooks=False)
        if truth.result == UNKNOWN:
            continue
        found = search(state, 1_000_000, math.inf)
        assert found is not None and found.result == truth.result, PLAIT.to_json(state)
        if found.result == WON:
            assert replays_to_a_win(state, found.moves)
        results.add(found.result)
        compared += 1
    assert results == {WON, LOST}


# ----- through the solver ---------------------------------------------------------------------
def test_PL_1_a_dealt_game_is_solved_by_the_game_search_and_its_line_wins() -> None:
    state = PLAIT.new(deal=3)
    solution = solve(PLAIT, state)
    assert (solution.result, solution.method) == (WON, "game search")
    assert replays_to_a_win(state, solution.moves)


def test_the_table_tells_every_position_apart() -> None:
    """The table holds each position as one bytes object, which two positions share only when
    they are the same: checked on random lines of play through three deals."""
    rng = Random(7)
    met: dict[bytes, tuple[int, ...]] = {}
    for deal in (1, 2, 3):
        packed = layout_and_root(PLAIT.new(deal=deal))
        assert packed is not None
        layout, root = packed
        for _ in range(40):
            here = settle(layout, root, False)
            while options := choices(layout, here, False):
                assert met.setdefault(table_key(here), here) == here
                here = settle(layout, chosen(layout, here, rng.choice(options)), False)
    assert len(met) > 10_000


@pytest.mark.parametrize("deal", [2, 17])
def test_the_same_node_budget_gives_the_same_answer(deal: int) -> None:
    state = PLAIT.new(deal=deal)
    first = search(state, 3_000, math.inf)
    second = search(state, 3_000, math.inf)
    assert first == second


def test_PL_5_a_stage_that_gave_a_pass_up_proves_no_loss() -> None:
    # Standard deal 1 is won, but not within a pass of one position after each redeal.
    state = PLAIT.new(deal=1)
    packed = layout_and_root(state)
    assert packed is not None
    layout, root = packed
    stage = Searcher(layout, 1_000_000, math.inf, eager=False, caps=(1, 1))
    assert stage.solve(settle(layout, root, False)) is None
    assert stage.capped


def test_PL_5_widening_stages_win_what_one_complete_search_leaves_unknown() -> None:
    # One depth-first search spends 400,000 positions on the last passes of its first lines
    # and finds no win for standard deal 1; the stages try the earlier passes more widely.
    state = PLAIT.new(deal=1)
    found = search(state, 400_000, math.inf)
    assert found is not None and found.result == WON
    assert replays_to_a_win(state, found.moves)
    packed = layout_and_root(state)
    assert packed is not None
    layout, root = packed
    complete = Searcher(layout, 400_000, math.inf, eager=False)
    with pytest.raises(OutOfBudget):
        complete.solve(settle(layout, root, False))


def four_pass_stage(deal: int, caps: tuple[int, ...], nodes: int) -> Searcher:
    """A complete search of four-pass `deal` with `caps` that has run until it ended or spent
    `nodes` positions."""
    packed = layout_and_root(PLAIT.new(FOUR, deal=deal))
    assert packed is not None
    layout, root = packed
    stage = Searcher(layout, nodes, math.inf, eager=False, caps=caps)
    with contextlib.suppress(OutOfBudget):
        assert stage.solve(settle(layout, root, False)) is None
    return stage


def test_PL_5_the_four_pass_stages_try_many_second_passes_shallowly() -> None:
    # Four-pass deal 219 is won in 256,000 positions when the first stage gives up each second
    # pass beyond 500 positions; giving them 10,000 each, as the glance does, finds no win in
    # 300,000 (nor in 2,000,000).
    state = PLAIT.new(FOUR, deal=219)
    found = search(state, 300_000, math.inf)
    assert found is not None and found.result == WON
    assert replays_to_a_win(state, found.moves)
    assert four_pass_stage(219, GLANCE_CAPS, 300_000).nodes == 300_000


def test_PL_5_the_four_pass_glance_wins_what_shallow_second_passes_give_up() -> None:
    # Four-pass deal 754 is won within the glance; the first stage gives it up after 3,341
    # positions, and the stages left it unknown at 2,000,000.
    state = PLAIT.new(FOUR, deal=754)
    found = search(state, 10_000, math.inf)
    assert found is not None and found.result == WON
    assert replays_to_a_win(state, found.moves)
    stage = four_pass_stage(754, FIRST_CAPS, 10_000)
    assert stage.capped and stage.nodes < 10_000


def test_PL_5_a_spent_budget_is_unknown_with_a_legal_guess() -> None:
    state = PLAIT.new(FOUR, deal=2)
    found = search(state, 50, math.inf)
    assert found is not None and found.result == UNKNOWN and found.nodes <= 50
    assert found.guess in PLAIT.legal_moves(state)


def test_PL_5_the_four_pass_stages_take_turns_with_many_shallow_third_passes() -> None:
    # Four-pass deal 583's first pass ends one way only, and the stages of the first stage's
    # caps alone left it unknown at 2,000,000 positions: one of them with 128,000 positions for
    # its second pass finds no win in 40,000. Taking turns with stages that begin many third
    # passes, each given up early, the search wins it within 40,000.
    state = PLAIT.new(FOUR, deal=583)
    found = search(state, 40_000, math.inf)
    assert found is not None and found.result == WON
    assert replays_to_a_win(state, found.moves)
    wide = tuple(cap * WIDENING**4 for cap in FIRST_CAPS)
    assert four_pass_stage(583, wide, 40_000).nodes == 40_000
