"""The solver on Heads and Tails and The Four Corners: known answers on hand-built positions,
agreement with an exhaustive search of every reachable position on many tiny ones, the
promise behind its grouped steps checked move by move, and hints that win when followed."""

from __future__ import annotations

import random
from typing import Any

import pytest

import parlour.solver.search as generic
from parlour.core.building import DOWN, NO_BUILD, Build
from parlour.core.cards import make_card
from parlour.core.game import Game
from parlour.core.moves import Move
from parlour.core.playout import random_playout
from parlour.games import four_corners_search, get_game, heads_and_tails_search, plait_search
from parlour.games.four_corners import FOUR_CORNERS as FC
from parlour.games.four_corners import HEAPS, FourCornersParams, FourCornersState
from parlour.games.heads_and_tails import HEADS_AND_TAILS as HT
from parlour.games.heads_and_tails import (
    TABLEAU,
    HeadsAndTailsParams,
    HeadsAndTailsState,
)
from parlour.games.heads_and_tails_search import LINES, Searcher
from parlour.games.heads_and_tails_solving import position_of
from parlour.games.plait import PLAIT, PlaitParams
from parlour.games.twin_foundations import Foundations
from parlour.solver import Budget, hint, solve
from tests.games.test_four_corners import position as fc_position
from tests.games.test_heads_and_tails import position as ht_position

STANDARD = HeadsAndTailsParams()
OPEN_SPACES = HeadsAndTailsParams("open-spaces")
RANKS_UP = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]


def finished(**unfinished: str) -> dict[str, str]:
    """Foundation texts: every one complete except those given (`king_S="KS QS"`)."""
    piles = {
        f"{side}-{suit}": " ".join(
            rank + suit for rank in (RANKS_UP if side == "ace" else RANKS_UP[::-1])
        )
        for side in ("ace", "king")
        for suit in "SHDC"
    }
    return {**piles, **{name.replace("_", "-"): text for name, text in unfinished.items()}}


def exhaustively_won(game: Game[Any, Any], state: Any) -> bool:
    """Whether any position reachable through the checked engine is won (tiny positions only)."""
    seen, todo = {game.key(state)}, [state]
    while todo:
        here = todo.pop()
        if game.outcome(here) == "won":
            return True
        for move in game.legal_moves(here):
            after = game.apply(here, move)
            if game.key(after) not in seen:
                seen.add(game.key(after))
                todo.append(after)
    return False


def names(moves: tuple[Move, ...]) -> list[str]:
    return [str(m) for m in moves]


# ----- known answers ---------------------------------------------------------------------------
def test_HT_4_a_two_moved_aside_frees_the_three_under_it_won_in_four() -> None:
    state = ht_position(
        {"head-1": "3S 2S", "head-2": "AS", **finished(king_S="KS QS JS TS 9S 8S 7S 6S 5S 4S")},
        head_1=Build(1, DOWN),
    )
    solution = solve(HT, state)
    assert solution.result == "won"
    assert names(solution.moves) == [
        "head-1>head-2",
        "head-1>king-S",
        "head-2>king-S",
        "head-2>king-S",
    ]


def test_HT_6_a_suit_buried_under_its_own_ace_is_lost_though_hearts_still_play() -> None:
    state = ht_position(
        {
            "head-1": "3S 2S AS",
            "tail-4": "4H",
            "tail-5": "5H",
            **finished(king_S="KS QS JS TS 9S 8S 7S 6S 5S 4S", ace_H="AH 2H 3H"),
        },
        head_1=Build(2, DOWN),
    )
    assert HT.legal_moves(state)
    assert solve(HT, state).result == "lost"


def test_FC_4_a_redeal_that_sends_both_cards_up_from_a_corner_wins_in_one() -> None:
    found = finished(king_S="KS QS JS TS 9S 8S 7S 6S 5S 4S 3S")
    state = fc_position({"heap-2": "2S AS"}, found, redeals=1)
    solution = solve(FC, state)
    assert solution.result == "won"
    assert names(solution.moves) == ["redeal"]


def test_FC_5_the_same_heap_with_no_redeal_left_is_lost() -> None:
    found = finished(king_S="KS QS JS TS 9S 8S 7S 6S 5S 4S 3S")
    assert solve(FC, fc_position({"heap-2": "2S AS"}, found, redeals=0)).result == "lost"


# ----- tiny positions against exhaustive search ------------------------------------------------
def tiny_foundations(rng: random.Random, most: int) -> tuple[Foundations, list[int]]:
    """Foundations with at most `most` cards of two suits still out, and those cards."""
    missing = [(rng.randint(0, 3), rng.randint(0, 2)) for _ in range(2)]
    while sum(map(sum, missing)) > most:
        missing = [(rng.randint(0, 3), rng.randint(0, 2)) for _ in range(2)]
    return foundations_missing(rng, [*missing, (0, 0), (0, 0)])


def foundations_missing(
    rng: random.Random, missing: list[tuple[int, int]]
) -> tuple[Foundations, list[int]]:
    """Foundations of each suit missing (up, down) cards at the ace and king ends, and those
    cards shuffled."""
    aces, kings, out = [], [], []
    for suit, (up, down) in enumerate(missing):
        aces.append(tuple(make_card(r, suit) for r in range(1, 14 - up)))
        kings.append(tuple(make_card(r, suit) for r in range(13, down, -1)))
        out += [make_card(r, suit) for r in range(14 - up, 14)]
        out += [make_card(r, suit) for r in range(1, down + 1)]
    rng.shuffle(out)
    return Foundations(tuple(aces), tuple(kings)), out


def tiny_heads_and_tails(rng: random.Random, params: HeadsAndTailsParams) -> HeadsAndTailsState:
    found, out = tiny_foundations(rng, 3 if params == OPEN_SPACES else 6)
    tableau: list[tuple[int, ...]] = [()] * len(TABLEAU)
    packets: list[tuple[int, ...]] = [()] * LINES
    spots = rng.sample(range(len(TABLEAU)), len(out))
    for card, spot in zip(out, spots, strict=True):
        if rng.random() < 0.3:
            packets[spot % LINES] += (card,)
        else:
            tableau[spot] = (card,)
    return HeadsAndTailsState(
        params, None, tuple(tableau), tuple(packets), found, (NO_BUILD,) * len(TABLEAU)
    )


def tiny_four_corners(rng: random.Random) -> FourCornersState:
    found, out = tiny_foundations(rng, 6)
    heaps: list[tuple[int, ...]] = [()] * len(HEAPS)
    used = rng.sample(range(len(HEAPS)), 3)  # few heaps, so cards lie on each other
    for card in out:
        heaps[rng.choice(used)] += (card,)
    redeals = rng.choice((0, 0, 1, 2))
    return FourCornersState(
        FourCornersParams(), None, tuple(heaps), found, (NO_BUILD,) * len(HEAPS), redeals
    )


@pytest.mark.parametrize("params", [STANDARD, OPEN_SPACES], ids=lambda p: p.variant)
def test_HT_6_the_solver_equals_exhaustive_search_on_tiny_positions(
    params: HeadsAndTailsParams,
) -> None:
    rng = random.Random(params.variant)
    answers = []
    for _ in range(40):
        state = tiny_heads_and_tails(rng, params)
        expected = "won" if exhaustively_won(HT, state) else "lost"
        assert solve(HT, state).result == expected
        answers.append(expected)
    assert {"won", "lost"} <= set(answers)


@pytest.mark.parametrize("params", [STANDARD, OPEN_SPACES], ids=lambda p: p.variant)
def test_HT_6_a_series_of_the_smallest_shares_still_equals_exhaustive_search(
    params: HeadsAndTailsParams,
) -> None:
    """Each search of a series skips the classes an earlier one searched to the end. With
    shares of one position and up, most searches are cut short and most classes are met by
    several searches in several orders; a class taken as lost before its search ended would
    show."""
    rng = random.Random(f"series {params.variant}")
    answers = []
    for _ in range(60):
        state = tiny_heads_and_tails(rng, params)
        searcher = Searcher(state.packets, params == OPEN_SPACES, 10**6, 60.0, first_share=1)
        won = searcher.decide(position_of(state, searcher.folding)) is not None
        assert won == exhaustively_won(HT, state)
        answers.append(won)
    assert {True, False} <= set(answers)


def test_FC_5_the_solver_equals_exhaustive_search_on_tiny_positions() -> None:
    rng = random.Random("four-corners")
    answers = []
    for _ in range(60):
        state = tiny_four_corners(rng)
        expected = "won" if exhaustively_won(FC, state) else "lost"
        assert solve(FC, state).result == expected
        answers.append(expected)
    assert {"won", "lost"} <= set(answers)


# ----- dead ends ------------------------------------------------------------------------------
def stacked_tiny(game: Game[Any, Any], rng: random.Random) -> Any:
    """A tiny position with every card still out stacked on few piles, none in a packet, no
    redeal left: cards lie on cards they may need, as in a dead end. A Heads and Tails pile
    holds one suit, as in play (HT-4)."""
    found, out = tiny_foundations(rng, 6)
    piles: list[tuple[int, ...]] = [()] * (len(HEAPS) if game is FC else len(TABLEAU))
    used = rng.sample(range(len(piles)), 4)
    for card in out:
        suit_piles = used if game is FC else used[card // 13 % 2 :: 2]
        piles[rng.choice(suit_piles)] += (card,)
    builds = (NO_BUILD,) * len(piles)
    if game is FC:
        return FourCornersState(FourCornersParams(), None, tuple(piles), found, builds, 0)
    return HeadsAndTailsState(STANDARD, None, tuple(piles), ((),) * LINES, found, builds)


@pytest.mark.parametrize("game", [HT, FC], ids=lambda g: g.info.id)
def test_HT_6_FC_5_every_position_called_hopeless_is_lost_by_exhaustive_search(
    game: Game[Any, Any],
) -> None:
    rng = random.Random(f"dead ends {game.info.id}")
    hopeless, answers = 0, set()
    for _ in range(150):
        state = stacked_tiny(game, rng)
        won = exhaustively_won(game, state)
        if game.hopeless(state):
            assert not won
            hopeless += 1
        assert solve(game, state).result == ("won" if won else "lost")
        answers.add(won)
    assert hopeless > 10 and answers == {True, False}


def test_HT_4_an_ace_built_on_its_own_two_is_stuck_for_good() -> None:
    """The two below the ace is the last spade the ace could go on or follow (HT-2, HT-4)."""
    kings = "KS QS JS TS 9S 8S 7S 6S 5S 4S"
    state = ht_position({"head-1": "3S 2S AS", **finished(king_S=kings)})
    assert HT.hopeless(state)
    assert not HT.hopeless(ht_position({"head-1": "AS 2S 3S", **finished(king_S=kings)}))
    open_state = ht_position({"head-1": "3S 2S AS", **finished(king_S=kings)}, OPEN_SPACES)
    assert not HT.hopeless(open_state)  # an open space may take the ace (HT-5)


def test_FC_4_a_stuck_card_is_no_dead_end_while_a_redeal_is_left() -> None:
    found = finished(king_S="KS QS JS TS 9S 8S 7S 6S 5S 4S 3S")
    assert FC.hopeless(fc_position({"heap-2": "2S AS"}, found, redeals=0))
    assert not FC.hopeless(fc_position({"heap-2": "2S AS"}, found, redeals=1))


def test_FC_3_two_aces_each_on_the_two_the_other_needs_wait_for_each_other_for_good() -> None:
    """Neither ace is stuck by its own heap: each needs the two under the other (FC-3, FC-5)."""
    found = finished(
        king_S="KS QS JS TS 9S 8S 7S 6S 5S 4S 3S", king_H="KH QH JH TH 9H 8H 7H 6H 5H 4H 3H"
    )
    state = fc_position({"heap-1": "2H AS", "heap-2": "2S AH"}, found, redeals=0)
    assert FC.hopeless(state) and not exhaustively_won(FC, state)
    freed = fc_position({"heap-1": "2H AS", "heap-2": "AH 2S"}, found, redeals=0)
    assert not FC.hopeless(freed) and exhaustively_won(FC, freed)


# ----- the promise behind grouped steps -------------------------------------------------------
@pytest.mark.parametrize(
    ("game", "params"),
    [(HT, STANDARD), (HT, OPEN_SPACES), (FC, FourCornersParams())],
    ids=["heads-and-tails", "open-spaces", "four-corners"],
)
def test_HT_4_a_rearranging_move_commutes_with_every_move_of_another_suit(
    game: Game[Any, Any], params: Any
) -> None:
    """`move_group`'s promise, checked on positions from random games: after a rearranging
    move, every move of another group was legal before it and both orders meet."""
    rng = random.Random(str(params))
    checked = 0
    for deal in range(6):
        for state in random_playout(game, game.new(params, deal=deal), rng, 400):
            for first in game.legal_moves(state):
                kind = game.move_group(state, first)
                if kind is None or not kind.rearranging:
                    continue
                after = game.apply(state, first)
                assert game.progress(after) == game.progress(state)  # it never ends the game
                for second in game.legal_moves(after):
                    other = game.move_group(after, second)
                    if other is None or other.group == kind.group:
                        continue
                    assert game.is_legal(state, second)
                    swapped = game.apply(game.apply(state, second), first)
                    assert game.key(swapped) == game.key(game.apply(after, second))
                    checked += 1
    assert checked > 100


def test_HT_5_with_every_packet_empty_the_suits_are_solved_apart_and_the_lines_joined() -> None:
    state = ht_position(
        {
            "head-1": "3S 2S",
            "head-2": "AS",
            "tail-3": "QH",
            "tail-4": "KH",
            **finished(
                king_S="KS QS JS TS 9S 8S 7S 6S 5S 4S", ace_H="AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH"
            ),
        },
        head_1=Build(1, DOWN),
    )
    parts = HT.parts(state)
    assert parts is not None and len(parts) == 2
    assert solve(HT, state).result == "won"
    assert HT.parts(HT.apply(state, HT.legal_moves(state)[0])) is not None
    assert HT.parts(ht_position({"head-1": "3S", "tail-3": "QH"}, OPEN_SPACES)) is None


# ----- hints -----------------------------------------------------------------------------------
def winnable_tiny(game: Game[Any, Any], seed: str) -> Any:
    """A tiny position the solver wins in more than four moves."""
    rng = random.Random(seed)
    while True:
        state = tiny_four_corners(rng) if game is FC else tiny_heads_and_tails(rng, STANDARD)
        solution = solve(game, state)
        if solution.result == "won" and len(solution.moves) > 4:
            return state


@pytest.mark.parametrize("game", [HT, FC], ids=lambda g: g.info.id)
def test_hints_followed_from_a_winnable_position_win(game: Game[Any, Any]) -> None:
    state = winnable_tiny(game, "hints")
    while game.outcome(state) is None:
        advice = hint(game, state)
        assert advice.status == "winning" and advice.move is not None
        state = game.apply(state, advice.move)
    assert game.outcome(state) == "won"


@pytest.mark.parametrize("params", [PlaitParams("standard"), PlaitParams("four-passes")])
def test_plait_hints_followed_from_a_winnable_deal_win(params: PlaitParams) -> None:
    """Deal 3 is won in both variants; each hint is asked afresh from where the last one led."""
    state = PLAIT.new(params, deal=3)
    hints = 0
    while PLAIT.outcome(state) is None:
        advice = hint(PLAIT, state)
        assert advice.status == "winning" and advice.move is not None
        state = PLAIT.apply(state, advice.move)
        hints += 1
    assert PLAIT.outcome(state) == "won" and hints > 100


# Deals that each game's search leaves undecided after 10 s (README, "Measured").
HARD_DEALS = [
    (HT, HeadsAndTailsParams(), 63),
    (FC, FourCornersParams(), 4),
    (PLAIT, PlaitParams(), 2),
]


@pytest.mark.parametrize(
    ("game", "params", "deal"), HARD_DEALS, ids=["heads-and-tails", "four-corners", "plait"]
)
def test_the_seconds_budget_stops_a_search_before_its_positions_run_out(
    game: Game[Any, Any], params: Any, deal: int
) -> None:
    budget = Budget(nodes=10**12, seconds=0.3)
    solution = solve(game, game.new(params, deal=deal), budget)
    assert solution.result == "unknown" and solution.method == "game search"
    assert 0 < solution.nodes < budget.nodes and solution.seconds > budget.seconds / 2


SEARCHES = {HT: heads_and_tails_search, FC: four_corners_search, PLAIT: plait_search}


@pytest.mark.parametrize(
    ("game", "params", "deal"), HARD_DEALS, ids=["heads-and-tails", "four-corners", "plait"]
)
def test_a_search_stops_in_time_to_free_its_table_by_the_deadline(
    game: Game[Any, Any], params: Any, deal: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Freeing a table of millions of positions can take seconds, and the answer waits for it:
    with the clock stood still, a search stops once its table would take longer to free than
    the 0.01 s left, long before its positions run out."""
    search = SEARCHES[game]
    monkeypatch.setattr(search, "out_of_time", lambda deadline, freeing=0.0: freeing > 0.01)
    held = round(0.01 / search.FREEING)  # positions whose table takes 0.01 s to free
    budget = Budget(nodes=10 * held, seconds=10**6)
    solution = solve(game, game.new(params, deal=deal), budget)
    assert solution.result == "unknown"
    assert held <= solution.nodes < budget.nodes


def test_the_generic_search_stops_in_time_to_free_its_table_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(generic, "out_of_time", lambda deadline, freeing=0.0: freeing > 0.01)
    held = round(0.01 / generic.FREEING)
    budget = Budget(nodes=10 * held, seconds=10**6)
    solution = solve(PLAIT, PLAIT.new(deal=2), budget, hooks=False)
    assert (solution.result, solution.method) == ("unknown", "search")
    assert held <= solution.nodes < budget.nodes


@pytest.mark.parametrize(
    ("game_id", "variant"), [("plait", "standard"), ("heads-and-tails", "open-spaces")]
)
def test_a_tiny_budget_is_never_overspent(game_id: str, variant: str) -> None:
    """A search that shares its budget out gives no share of nothing a position of its own."""
    game = get_game(game_id)
    state = game.new(game.info.params_type(variant=variant), deal=1)
    for nodes in (1, 2, 3, 10, 15):
        assert solve(game, state, Budget(nodes, 10)).nodes <= nodes
