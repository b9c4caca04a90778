"""The solver: known answers on hand-built positions, agreement with plain exhaustive search,
budgets, and hints that win when followed."""

from __future__ import annotations

import gc
import random
from functools import cache
from typing import Any

import pytest

from parlour.core.cards import parse_cards
from parlour.core.errors import ParamsError
from parlour.core.game import Game, OwnSearch
from parlour.core.params import all_params
from parlour.core.playout import random_playout
from parlour.games import all_games, get_game
from parlour.games.royal_marriage import ROYAL_MARRIAGE as RM
from parlour.games.royal_marriage import RoyalMarriageParams, RoyalMarriageState
from parlour.solver import Budget, hint, solve
from tests.core.toy_game import TOY, TURN, UP_MOVE, Toy, ToyState
from tests.games.test_royal_marriage import position


def exhaustive(game: Game[Any, Any], state: Any) -> bool:
    """Whether `state` can be won, by trying every line (tiny positions only)."""

    @cache
    def won(key: Any, current: Any) -> bool:
        outcome = game.outcome(current)
        if outcome is not None:
            return outcome == "won"
        return any(
            won(game.key(nxt), nxt)
            for nxt in (game.apply(current, m) for m in game.legal_moves(current))
        )

    return won(game.key(state), state)


def test_a_toy_deal_in_order_is_won_in_26_moves() -> None:
    solution = solve(TOY, TOY.new(deck=tuple(range(13))))
    assert solution.result == "won"
    assert solution.moves == (TURN, UP_MOVE) * 13


def test_a_toy_deal_with_the_three_over_the_two_is_proven_lost() -> None:
    solution = solve(TOY, TOY.new(deck=(1, 2, 0, *range(3, 13))))
    assert solution.result == "lost" and solution.moves == ()


def test_the_cyclic_collector_waits_while_the_solver_searches_and_resumes_after() -> None:
    seen: list[bool] = []

    class Watched(Toy):
        def search(self, state: ToyState, nodes: int, seconds: float) -> OwnSearch | None:
            seen.append(gc.isenabled())
            return None

    assert gc.isenabled()
    watched = Watched()
    assert solve(watched, watched.new(deck=tuple(range(13)))).result == "won"
    assert seen == [False]
    assert gc.isenabled()


def test_a_row_one_discard_from_the_marriage_is_won_in_one() -> None:
    solution = solve(RM, position("QH 5H KH"))
    assert solution.result == "won"
    assert [str(m) for m in solution.moves] == ["discard 5H"]


def test_a_row_with_no_discard_and_no_grace_is_lost() -> None:
    assert solve(RM, position("QH 5S 7D 2C KH")).result == "lost"


def test_the_one_winning_order_of_discards_is_found() -> None:
    # Throwing out JS (between QH and QC) is a dead end; QC AC first wins.
    state = position("QH JS QC AC 3S 7H KH")
    assert exhaustive(RM, state)
    assert [str(m) for m in RM.legal_moves(state)] == ["discard JS", "discard QC AC"]
    assert not exhaustive(RM, RM.apply(state, RM.legal_moves(state)[0]))
    solution = solve(RM, state)
    assert solution.result == "won"
    assert str(solution.moves[0]) == "discard QC AC"


def small_positions(params: RoyalMarriageParams, count: int) -> list[RoyalMarriageState]:
    """Tiny deals: the row and stock of a few random cards between QH and KH."""
    rng = random.Random(str(params))
    queen, king = parse_cards("QH KH")
    others = [c for c in range(52) if c not in (queen, king)]
    states = []
    for _ in range(count):
        cards = rng.sample(others, rng.randint(2, 8))
        dealt = len(cards) + 2 if params.mode == "open" else rng.randint(2, len(cards) + 1)
        line = (queen, *cards, king)
        rest = tuple(c for c in range(52) if c not in line)
        states.append(RoyalMarriageState(params, None, line[:dealt], line[dealt:], rest))
    return states


@pytest.mark.parametrize("params", all_params(RoyalMarriageParams), ids=str)
def test_the_solver_equals_exhaustive_search_on_tiny_positions(params: RoyalMarriageParams) -> None:
    for state in small_positions(params, 120):
        expected = "won" if exhaustive(RM, state) else "lost"
        assert solve(RM, state).result == expected


@pytest.mark.parametrize("params", all_params(RoyalMarriageParams), ids=str)
def test_hints_followed_from_a_winnable_deal_win(params: RoyalMarriageParams) -> None:
    deal = next(d for d in range(50) if solve(RM, RM.new(params, deal=d)).result == "won")
    state = RM.new(params, deal=deal)
    while RM.outcome(state) is None:
        advice = hint(RM, state)
        assert advice.status == "winning"
        assert advice.move is not None
        state = RM.apply(state, advice.move)
    assert RM.outcome(state) == "won"


@pytest.mark.parametrize(("row", "length"), [("QH 5H KH", "1 move"), ("QH 5S 2D 7S KH", "2 moves")])
def test_a_hint_counts_the_moves_of_its_winning_line(row: str, length: str) -> None:
    advice = hint(RM, position(row))
    assert advice.status == "winning"
    assert advice.describe() == f"{advice.move} (a winning line: {length})"


def test_hint_says_when_no_winning_line_exists() -> None:
    advice = hint(RM, position("QH 5S 7D 2C", "KH"))
    assert advice.status == "no winning line" and advice.move is None
    assert advice.describe() == "no winning line from here"


def test_a_spent_budget_gives_unknown_and_a_best_guess() -> None:
    # Royal Marriage is decided without search, so the budget is spent on The Plait.
    plait = get_game("plait")
    state = plait.new(deal=0)
    solution = solve(plait, state, Budget(nodes=3))
    assert solution.result == "unknown"
    advice = hint(plait, state, Budget(nodes=3))
    assert advice.status == "best guess"
    assert advice.move is not None
    assert plait.is_legal(state, advice.move)


def test_the_solver_refuses_two_player_games() -> None:
    class TwoSeats(type(TOY)):  # type: ignore[misc]
        info = type(TOY).info.__class__("two", "Two", "", TOY.info.params_type, "1", ("a", "b"))

    with pytest.raises(ParamsError, match="one-player games"):
        solve(TwoSeats(), TOY.new(deck=tuple(range(13))))


ONE_PLAYER = [g for g in all_games() if len(g.info.seats) <= 1]


@pytest.mark.parametrize("game", ONE_PLAYER, ids=lambda g: g.info.id)
def test_the_hooks_never_change_a_decision_on_late_positions(game: Game[Any, Any]) -> None:
    """Exact algorithms and safe moves only prune: on positions near the end of random games,
    where plain search can finish, the solver with them never decides otherwise."""
    rng = random.Random(game.info.id)
    compared = 0
    for params in all_params(game.info.params_type):
        for deal in range(4):
            states = random_playout(game, game.new(params, deal=deal), rng, 5000)
            for state in states[-12::4]:
                if game.outcome(state) is not None:
                    continue
                plain = solve(game, state, Budget(nodes=10_000, seconds=5), hooks=False)
                if plain.result == "unknown":
                    continue
                hooked = solve(game, state, Budget(nodes=50_000, seconds=5))
                if hooked.result != "unknown":  # another order may spend the budget elsewhere
                    assert hooked.result == plain.result
                    compared += 1
    assert compared >= 4
