"""The strong player's judge of a Wrangle position: what each player holds, reserve cards
weighing more, an emptied reserve, the shared foundations, and who leads the race."""

from __future__ import annotations

from parlour.agents.wrangle_judge import WIN, Weights, judge, lead
from parlour.core.game import DRAW
from parlour.games.wrangle import WRANGLE
from tests.games.test_wrangle import position

WEIGHTS = Weights(reserve=2.0, cleared=10.0, progress=3.0, mine=1.0)


def value(piles: dict[str, str], outcome: str | None = None) -> float:
    return judge("north", WRANGLE.piles(position(piles)), outcome, WEIGHTS)


def test_a_reserve_card_weighs_more_than_a_stock_card() -> None:
    base = {"north-stock": "9C", "south-stock": "9C"}
    in_reserve = value({**base, "north-reserve": "5H 6D", "south-reserve": "7S"})
    in_stock = value({**base, "north-reserve": "5H", "north-stock": "9C 6D", "south-reserve": "7S"})
    assert in_stock - in_reserve == 1.0
    loaded = value({**base, "north-reserve": "5H", "south-reserve": "7S 6D"})
    assert loaded - in_reserve == 4.0  # the same card on the opponent's reserve instead


def test_an_emptied_reserve_is_worth_a_bonus() -> None:
    kept = value({"north-reserve": "5H", "south-reserve": "7S"})
    emptied = value({"north-reserve": "", "north-stock": "9C 5H", "south-reserve": "7S"})
    assert emptied - kept == 1.0 + 10.0  # one card lighter, and the bonus


def test_cards_on_the_foundations_count_for_both_players() -> None:
    piles = {"north-reserve": "5H", "south-reserve": "7S"}
    built = value({**piles, "foundation-1": "AS 2S", "north-stock": "9C"})
    assert built - value({**piles, "north-stock": "9C AS 2S"}) == 2 + 2 * 3.0
    mirrored = judge(
        "south", WRANGLE.piles(position({**piles, "foundation-1": "AS"})), None, WEIGHTS
    )
    assert mirrored - judge("south", WRANGLE.piles(position(piles)), None, WEIGHTS) == 3.0


def test_a_finished_game_is_a_win_a_loss_or_nothing() -> None:
    assert value({}, "north") == WIN
    assert value({}, "south") == -WIN
    assert value({}, DRAW) == 0.0


def test_the_lead_is_the_difference_of_the_burdens_read_from_sizes() -> None:
    observation = WRANGLE.observe(
        position({"north-reserve": "5H 6D 7C", "south-reserve": "7S", "south-waste": "2C"}),
        "north",
    )
    # north: 3 reserve cards (x2) and a stock card; south: 1 reserve card (x2), stock and waste
    assert lead("north", observation["sizes"]) == (2 + 1 + 1) - (6 + 1)
    assert lead("south", observation["sizes"]) == 3


def test_weights_can_count_only_the_opponents_burden_and_foundations_against() -> None:
    piles = {"north-reserve": "5H", "south-reserve": "7S"}
    defence = Weights(progress=-4.0, mine=0.0)
    base = judge("north", WRANGLE.piles(position(piles)), None, defence)
    mine = judge("north", WRANGLE.piles(position({**piles, "north-stock": "9C 2D"})), None, defence)
    his = judge("north", WRANGLE.piles(position({**piles, "south-stock": "9C 2D"})), None, defence)
    built = judge("north", WRANGLE.piles(position({**piles, "foundation-1": "AS"})), None, defence)
    assert (base - mine, his - base, built - base) == (0.0, 1.0, -4.0)
