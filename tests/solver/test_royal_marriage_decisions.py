"""Royal Marriage is decided without search (the as-dealt decision of RM-4 on plain rows, the
intervals and the graces' shortcuts): on whole deals it must give exactly the won/lost of the
plain search, and of the stored results of deals 1-300 that the odds database holds."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.core.game import Exact
from parlour.core.params import all_params
from parlour.games.royal_marriage import (
    ROYAL_MARRIAGE as RM,
)
from parlour.games.royal_marriage import (
    RoyalMarriage,
    RoyalMarriageParams,
    RoyalMarriageState,
)
from parlour.games.royal_marriage_rows import Variant
from parlour.solver import solve

STORED = Path(__file__).parent / "data" / "royal_marriage_deals_1_300.txt"
"""Deals 1-300 of every variant and mode as the search-based solver decided them (commit
303869b, which the odds runs used): a line ``variant/mode`` then ``w`` or ``l`` a deal."""


class SearchedWhileDealing(RoyalMarriage):
    """The game with the dealing phase left to the generic search, as before the as-dealt
    decision: only positions with every card dealt are decided without searching."""

    def solve_exact(self, state: RoyalMarriageState) -> Exact | None:
        return None if state.stock else super().solve_exact(state)


def results(
    game: RoyalMarriage, params: RoyalMarriageParams, deals: range, *, hooks: bool = True
) -> str:
    return "".join(solve(game, game.new(params, deal=d), hooks=hooks).result[0] for d in deals)


def stored() -> dict[str, str]:
    lines = (line.split() for line in STORED.read_text().splitlines())
    return {name: decided for name, decided in lines}


@pytest.mark.parametrize("params", all_params(RoyalMarriageParams), ids=str)
def test_every_deal_of_1_to_300_keeps_its_stored_result(params: RoyalMarriageParams) -> None:
    expected = stored()[f"{params.variant}/{params.mode}"]
    assert len(expected) == 300
    assert results(RM, params, range(1, 301)) == expected


@pytest.mark.parametrize(
    ("variant", "count"), [("standard", 300), ("push-pin", 300), ("discards", 10)]
)
def test_RM_4_as_dealt_decisions_equal_plain_search(variant: Variant, count: int) -> None:
    # Plain search takes about 2 ms a deal, 4 ms in Push-pin and 0.2 s in Discards (its throw
    # has thousands of choices); in the open mode whole deals are beyond its budget.
    params = RoyalMarriageParams(variant)
    deals = range(301, 301 + count)
    assert results(RM, params, deals) == results(RM, params, deals, hooks=False)


@pytest.mark.parametrize("variant", ["standard", "push-pin", "discards"])
def test_RM_4_as_dealt_decisions_equal_the_search_over_the_deal_on_300_deals(
    variant: Variant,
) -> None:
    params = RoyalMarriageParams(variant)
    deals = range(601, 901)
    assert results(RM, params, deals) == results(SearchedWhileDealing(), params, deals)


@pytest.mark.parametrize("params", all_params(RoyalMarriageParams), ids=str)
def test_every_winning_line_is_replayed_to_a_win_by_the_checked_engine(
    params: RoyalMarriageParams,
) -> None:
    won = 0
    for deal in range(1, 41):
        state = RM.new(params, deal=deal)
        solution = solve(RM, state)
        if solution.result == "won":
            for move in solution.moves:
                state = RM.apply(state, move)
            assert RM.outcome(state) == "won"
            won += 1
    assert won > 0
