"""The Four Corners' own search (FC-1…FC-5): known answers on hand-built positions, agreement
with the generic exhaustive search on many tiny positions, lines that replay to a win, and the
solver using it on real deals."""

from __future__ import annotations

import random

from parlour.core.cards import make_card, two_packs
from parlour.core.deals import shuffled
from parlour.core.game import LOST, UNKNOWN, WON
from parlour.core.moves import Move
from parlour.games import twin_foundations
from parlour.games.four_corners import FOUR_CORNERS as FC
from parlour.games.four_corners import HEAPS, REDEAL, FourCornersState
from parlour.games.four_corners import deal_round as engine_deal_round
from parlour.games.four_corners_search import deadlocked, deal_round, position_of, search
from parlour.games.twin_foundations import Foundations
from parlour.solver import Budget, solve
from parlour.solver.search import solve as generic_solve
from tests.games.test_four_corners import position

RANKS_UP = "A23456789TJQK"
ROOMY = Budget(nodes=5_000_000, seconds=60.0)


def finished(**unfinished: str) -> dict[str, str]:
    """Foundation texts: every one complete except those given (`ace_S="AS 2S"`)."""
    piles = {
        f"{side}-{suit}": " ".join(
            rank + suit for rank in (RANKS_UP if side == "ace" else RANKS_UP[::-1])
        )
        for side in ("ace", "king")
        for suit in "SHDC"
    }
    return {**piles, **{name.replace("_", "-"): text for name, text in unfinished.items()}}


def wins(state: FourCornersState, moves: tuple[Move, ...]) -> bool:
    """Whether `moves`, each checked by the engine, take `state` to a win."""
    for move in moves:
        state = FC.apply(state, move)
    return FC.outcome(state) == WON


def tiny_foundations(rng: random.Random) -> tuple[Foundations, list[int]]:
    """Foundations missing up to two cards at each end of three suits, and the cards out."""
    aces, kings, out = [], [], []
    for suit in range(4):
        up, down = (rng.randint(0, 2), rng.randint(0, 2)) if suit < 3 else (0, 0)
        aces.append(tuple(make_card(r, suit) for r in range(1, 14 - up)))
        kings.append(tuple(make_card(r, suit) for r in range(13, down, -1)))
        out += [make_card(r, suit) for r in range(14 - up, 14)]
        out += [make_card(r, suit) for r in range(1, down + 1)]
    rng.shuffle(out)
    return Foundations(tuple(aces), tuple(kings)), out


def tiny(rng: random.Random) -> FourCornersState:
    """A position with the cards out stacked on two to four heaps, a few random moves played
    so that heaps hold built cards, and zero to two redeals left."""
    found, out = tiny_foundations(rng)
    heaps: list[tuple[int, ...]] = [()] * len(HEAPS)
    used = rng.sample(range(len(HEAPS)), rng.randint(2, 4))
    for card in out:
        heaps[rng.choice(used)] += (card,)
    state = FourCornersState(
        FC.new(deal=0).params, None, tuple(heaps), found, FC.new(deal=0).builds, rng.randint(0, 2)
    )
    for _ in range(rng.randint(0, 3)):
        moves = [m for m in FC.legal_moves(state) if m != REDEAL]
        if moves:
            state = FC.apply(state, rng.choice(moves))
    return state


# ----- the rules on the compact position -------------------------------------------------------
def random_foundations(rng: random.Random) -> Foundations:
    """Foundations of any heights, empty ones included (each runs from its base)."""
    aces = tuple(tuple(make_card(r, s) for r in range(1, rng.randint(1, 14))) for s in range(4))
    kings = tuple(
        tuple(make_card(r, s) for r in range(13, 13 - rng.randint(0, 13), -1)) for s in range(4)
    )
    return Foundations(aces, kings)


def test_FC_2_the_compact_deal_equals_the_engines_deal() -> None:
    """Random cards on random foundations, empty ones included: the first ace or king going up
    from any heap, and a corner card fitting both foundations going to the ace foundation."""
    rng = random.Random("fc-2")
    for _ in range(2000):
        found = random_foundations(rng)
        cards = tuple(rng.sample(two_packs(), rng.randint(0, 40)))
        heaps, after = engine_deal_round(cards, found)
        assert deal_round(cards, found.heights()) == (heaps, after.heights())


def test_FC_2_whole_deals_on_the_compact_position_equal_the_engines() -> None:
    for deal in range(20):
        state = FC.new(deal=deal)
        deck = shuffled(FC.ordered_deck(state.params), deal)
        heaps, heights = deal_round(deck, (0,) * 8)
        assert (heaps, heights) == (state.heaps, state.foundations.heights())
        assert position_of(state) == (heaps, (0,) * len(HEAPS), heights, 2)


def test_FC_5_the_compact_dead_end_equals_twin_foundations_deadlocked() -> None:
    rng = random.Random("fc-5 dead ends")
    called = 0
    for _ in range(300):
        found, out = tiny_foundations(rng)
        heaps: list[tuple[int, ...]] = [()] * len(HEAPS)
        for card in out:
            heaps[rng.randrange(3)] += (card,)
        expected = twin_foundations.deadlocked(tuple(heaps), found)
        assert deadlocked(tuple(heaps), found.heights()) == expected
        called += expected
    assert called > 20


# ----- known answers ---------------------------------------------------------------------------
def test_FC_4_a_redeal_sends_every_card_up_from_a_corner() -> None:
    """Dealt again, QH, AH and KH all fall on heap-1, a corner, each after the one before went
    up (FC-2): one move wins."""
    found = finished(
        ace_H="AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH", king_H="KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
    )
    state = position({"heap-3": "QH AH KH"}, found, redeals=1)
    answer = search(state, 1000, 10.0)
    assert answer.result == WON
    assert [str(m) for m in answer.moves] == ["redeal"]


def test_FC_5_the_same_heap_with_no_redeal_left_is_lost() -> None:
    found = finished(
        ace_H="AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH", king_H="KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
    )
    assert search(position({"heap-3": "QH AH KH"}, found, redeals=0), 1000, 10.0).result == LOST


def test_FC_3_an_eight_moved_onto_the_nine_frees_the_seven() -> None:
    found = finished(ace_S="AS 2S 3S 4S 5S 6S")
    state = position({"heap-2": "7S 8S", "heap-3": "9S", "heap-4": "KS QS JS TS"}, found, 0)
    answer = search(state, 1000, 10.0)
    assert answer.result == WON and wins(state, answer.moves)
    assert str(answer.moves[0]) == "heap-2>heap-3"


def test_FC_4_a_seven_under_its_eight_is_lost_without_a_redeal_and_won_with_one() -> None:
    """Redealt, 7S and 8S fall on heap-2, beside ace-S, and go up as they fall (FC-2)."""
    found = finished(ace_S="AS 2S 3S 4S 5S 6S")
    heaps = {"heap-2": "9S 7S 8S", "heap-4": "KS QS JS TS"}
    assert search(position(heaps, found, redeals=0), 1000, 10.0).result == LOST
    answer = search(position(heaps, found, redeals=1), 1000, 10.0)
    assert answer.result == WON and str(answer.moves[0]) == "redeal"
    assert wins(position(heaps, found, redeals=1), answer.moves)


def test_FC_4_a_position_no_redeal_can_save_is_lost_as_exhaustive_search_finds() -> None:
    found = finished(
        ace_S="AS 2S 3S 4S 5S 6S 7S 8S 9S",
        ace_H="AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
        ace_D="AD 2D 3D 4D 5D 6D 7D 8D 9D",
        king_S="KS QS JS TS 9S 8S 7S 6S 5S",
        king_H="KH QH JH TH 9H 8H 7H 6H 5H 4H",
        king_D="KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    )
    heaps = {"heap-4": "TD 2S 4S KS QS 3H QD JD 2H JS AH", "heap-7": "3S TS KD AD KH AS"}
    state = position(heaps, found, redeals=1)
    assert search(state, 100_000, 10.0).result == LOST
    assert generic_solve(FC, state, ROOMY, hooks=False).result == LOST


def test_FC_5_a_search_out_of_budget_is_unknown_with_a_legal_guess() -> None:
    state = FC.new(deal=1)
    answer = search(state, 30, 10.0)
    assert answer.result == UNKNOWN and answer.nodes == 30
    assert answer.guess in FC.legal_moves(state)


# ----- agreement with exhaustive search --------------------------------------------------------
def test_FC_5_the_search_equals_exhaustive_search_on_tiny_positions() -> None:
    rng = random.Random("four-corners search")
    answers: set[tuple[str, int]] = set()
    for _ in range(300):
        state = tiny(rng)
        expected = generic_solve(FC, state, ROOMY, hooks=False).result
        answer = search(state, 2_000_000, 60.0)
        assert answer.result == expected
        if answer.result == WON:
            assert wins(state, answer.moves)
        answers.add((answer.result, min(state.redeals_left, 1)))
    assert answers >= {(WON, 0), (WON, 1), (LOST, 0)}


# ----- the solver ------------------------------------------------------------------------------
def test_FC_5_the_solver_decides_a_real_deal_by_the_games_own_search() -> None:
    state = FC.new(deal=22)
    solution = solve(FC, state, Budget(nodes=200_000, seconds=10.0))
    assert solution.method == "game search"
    assert solution.result == WON and wins(state, solution.moves)
