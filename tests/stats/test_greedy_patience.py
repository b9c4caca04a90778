"""The greedy one-player strategy: its tiers, its memory, and whole games played by it."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from parlour.agents.patience import GreedyPatience
from parlour.core.params import all_params
from parlour.games import all_games, get_game
from parlour.stats.tasks import Task, run_chunk

ROYAL_MARRIAGE = get_game("royal-marriage")
FOUR_CORNERS = get_game("four-corners")


def _view(moves: list[str], piles: dict[str, list[str]], sizes: dict[str, int]) -> dict[str, Any]:
    return {"legal_moves": moves, "piles": piles, "sizes": sizes}


def _choose(observation: dict[str, Any]) -> str | None:
    move = GreedyPatience().choose(observation)
    return None if move is None else str(move)


def test_royal_marriage_discards_most_cards_then_deals_and_never_takes_a_grace() -> None:
    row = {"row": ["QH", "5S", "7D", "5C", "9S"], "stock": [], "discard": []}
    sizes = {"row": 5, "stock": 3, "discard": 0}
    assert _choose(_view(["discard 7D", "discard 5S 7D", "deal"], row, sizes)) == "discard 5S 7D"
    assert _choose(_view(["deal"], row, sizes)) == "deal"
    assert _choose(_view(["swap 5S 7D", "swap 7D 5C"], row, sizes)) is None


HEAPS = {"heap-1": ["5S"], "heap-2": ["6S"], "heap-3": ["4S"], "ace-S": ["AS", "2S", "3S"]}


def test_a_foundation_move_comes_first_and_one_that_uncovers_before_others() -> None:
    piles = {**HEAPS, "heap-1": ["9D", "5S"]}  # every card of heap-1 seen
    sizes = {"heap-1": 2, "heap-2": 4, "heap-3": 4, "ace-S": 3}
    moves = ["heap-1>heap-2", "heap-1>ace-S", "heap-3>ace-S", "redeal"]
    assert _choose(_view(moves, piles, sizes)) == "heap-3>ace-S"
    assert _choose(_view(moves[:2] + moves[3:], piles, sizes)) == "heap-1>ace-S"


def test_builds_must_uncover_or_empty_a_pile_and_land_on_a_card() -> None:
    piles = {**HEAPS, "heap-4": []}
    sizes = {"heap-1": 3, "heap-2": 1, "heap-3": 1, "heap-4": 0, "ace-S": 3}
    shown = {**piles, "heap-1": ["4S", "9D", "5S"]}  # all of heap-1 is seen: nothing uncovered
    assert _choose(_view(["heap-1>heap-2", "redeal"], shown, sizes)) == "redeal"
    assert _choose(_view(["heap-1>heap-2", "heap-2>heap-1"], shown, sizes)) == "heap-2>heap-1"
    assert _choose(_view(["heap-2>heap-4"], piles, sizes)) is None  # into a space: never
    hidden = {**sizes, "heap-1": 3}
    assert _choose(_view(["heap-1>heap-2", "redeal"], piles, hidden)) == "heap-1>heap-2"


def test_in_a_position_seen_before_it_plays_no_builds() -> None:
    player = GreedyPatience()
    sizes = {"heap-1": 3, "heap-2": 4, "heap-3": 4, "ace-S": 3}
    observation = _view(["heap-1>heap-2", "redeal"], HEAPS, sizes)
    assert str(player.choose(observation)) == "heap-1>heap-2"
    assert str(player.choose(observation)) == "redeal"
    assert player.choose(_view(["heap-1>heap-2"], HEAPS, sizes)) is None


SLOW = {("royal-marriage", "push-pin", "open"), ("royal-marriage", "discards", "open")}


def _quick_variants() -> list[tuple[str, Any]]:
    found = []
    for game in all_games():
        if game.info.seats:
            continue
        for params in all_params(game.info.params_type):
            if (game.info.id, *vars_of(params)) not in SLOW:
                found.append((game.info.id, params))
    return found


def vars_of(params: Any) -> tuple[str, ...]:
    return tuple(getattr(params, name) for name in params.__dataclass_fields__)


@pytest.mark.parametrize("game_id, params", _quick_variants())
def test_greedy_finishes_every_game_the_same_way_every_time(game_id: str, params: Any) -> None:
    task = Task(game_id, params, "greedy", 0)
    first = run_chunk(task, [11, 12])
    assert {result for _, result, _, _ in first} <= {"won", "lost"}
    assert [row[:3] for row in first] == [row[:3] for row in run_chunk(task, [11, 12])]


def test_greedy_wins_only_deals_the_solver_wins_and_sees_no_hidden_card() -> None:
    params = ROYAL_MARRIAGE.info.params_type()
    deals = list(range(1, 41))
    greedy = run_chunk(Task("royal-marriage", params, "greedy", 0), deals)
    solver = dict(
        (d, r) for d, r, _, _ in run_chunk(Task("royal-marriage", params, "solver", 10**6), deals)
    )
    wins = [deal for deal, result, _, _ in greedy if result == "won"]
    assert wins and all(solver[deal] == "won" for deal in wins)
    state = ROYAL_MARRIAGE.new(params, deal=3)
    other = ROYAL_MARRIAGE.shuffle_hidden(state, None, Random(1))
    assert ROYAL_MARRIAGE.piles(other) != ROYAL_MARRIAGE.piles(state)
    seen = [GreedyPatience().choose(ROYAL_MARRIAGE.observe(s)) for s in (state, other)]
    assert seen[0] == seen[1]
