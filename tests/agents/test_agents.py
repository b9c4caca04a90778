"""The computer players: legal moves from observations alone, the strong player's budget, and
the figures of a duel."""

from __future__ import annotations

import os
import random
from itertools import islice
from typing import Any

import pytest

from parlour.agents import AGENTS, make_agent, match
from parlour.agents.match import GameResult, duel_games, summarize, wilson
from parlour.agents.strong import PLANNING, StrongAgent, candidates
from parlour.agents.wrangle_judge import WIN, judge
from parlour.agents.wrangle_sense import priority
from parlour.core.cards import parse_cards
from parlour.core.errors import ParlourError, WorkerLost
from parlour.games.wrangle import SEATS, WRANGLE
from tests.games.test_wrangle import end_turn, position, random_states


@pytest.mark.parametrize("name", list(AGENTS))
def test_every_player_chooses_a_legal_move_from_the_observation(name: str) -> None:
    agent = make_agent(name)
    for state in random_states(40, seed=5):
        seat = WRANGLE.to_move(state)
        observation = WRANGLE.observe(state, seat)
        move = agent.choose(WRANGLE, observation, random.Random(1))
        assert str(move) in observation["legal_moves"]


def test_the_strong_player_sees_only_the_observation() -> None:
    rng = random.Random(4)
    for state in random_states(30, seed=9):
        seat = WRANGLE.to_move(state)
        other = WRANGLE.shuffle_hidden(state, seat, rng)  # the same view, other hidden cards
        choices = [
            StrongAgent(samples=3).choose(WRANGLE, WRANGLE.observe(s, seat), random.Random(2))
            for s in (state, other)
        ]
        assert choices[0] == choices[1]


def test_the_strong_player_stops_thinking_when_the_turn_budget_is_spent() -> None:
    ticks = iter(range(1000))
    agent = StrongAgent(samples=50, seconds_per_turn=3.0, clock=lambda: float(next(ticks)))
    observation = race(BEHIND, "3H")  # three plays to weigh
    assert len(candidates(observation)) == 3
    agent.choose(WRANGLE, observation, random.Random(0))
    used = next(ticks)
    assert used <= 5  # a decision may take half the turn's budget, then it stops
    agent.choose(WRANGLE, observation, random.Random(0))  # the same turn: budget nearly spent
    agent.choose(WRANGLE, observation, random.Random(0))
    assert next(ticks) - used <= 6


BEHIND = "KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D 9S"  # thirteen cards still to come out


def race(north_reserve: str, south_reserve: str) -> dict[str, Any]:
    """North to place a turned 2H: on AH, which frees south's reserve top 3H for the
    foundation, loaded onto that 3H (from where 2H and 3H go up together), or to the waste."""
    state = position(
        {
            "north-turned": "2H",
            "north-reserve": north_reserve,
            "south-reserve": south_reserve,
            "foundation-1": "AH",
        }
    )
    return WRANGLE.observe(state, "north")


@pytest.mark.parametrize("north_reserve", [BEHIND, "5S"], ids=["level", "ahead"])
def test_the_strong_player_refuses_a_foundation_play_that_frees_the_opponent(
    north_reserve: str,
) -> None:
    """2H to the foundation would let south play his reserve top 3H after it; the greedy
    priority takes it, the strong player, planning south's answer, puts 2H on its waste."""
    observation = race(north_reserve, BEHIND[:-2] + "3H")
    greedy = max(candidates(observation), key=lambda m: priority(m, "north", observation["sizes"]))
    assert str(greedy) == "north-turned>foundation-1"
    move = StrongAgent().choose(WRANGLE, observation, random.Random(0))
    assert str(move) == "north-turned>north-waste"


def test_the_strong_player_places_a_turned_card_rather_than_end_its_turn() -> None:
    state = position({"north-turned": "QC", "north-reserve": "5H", "south-reserve": "8D"})
    observation = WRANGLE.observe(state, "north")
    assert "north-turned>north-waste" in observation["legal_moves"]
    move = StrongAgent(samples=4).choose(WRANGLE, observation, random.Random(3))
    assert move.target.endswith(("aux-1", "aux-2", "aux-3", "aux-4"))


def test_a_line_that_ends_in_a_win_is_worth_a_win() -> None:
    """North's last card goes up: greedy play ends the game at once, won for north."""
    state = position({"north-stock": "", "north-reserve": "2H", "foundation-1": "AH"})
    for agent in (StrongAgent(), StrongAgent(replies=2)):
        assert agent.playout(WRANGLE, state, "north") == (WIN, WIN)
        assert agent.playout(WRANGLE, state, "south") == (-WIN, -WIN)


def test_a_line_played_out_to_its_end_keeps_the_race_two_turns_on_for_ties() -> None:
    """Nothing can ever go up or leave a reserve: played out, the line ends drawn (WR-6) and
    is worth nothing, and two turns on north is a reserve card behind in the race; a player
    looking two turns ahead only sees the race."""
    state = position({"north-reserve": "5S 6S", "south-reserve": "5D"})
    race = judge("north", WRANGLE.piles(state), None, PLANNING)
    assert race < 0
    assert StrongAgent().playout(WRANGLE, state, "north") == (0.0, race)
    assert StrongAgent(replies=2).playout(WRANGLE, state, "north") == (race, race)


def test_candidates_fold_moves_of_the_same_effect() -> None:
    observation = {
        "player": "north",
        "piles": {"north-turned": ["AS"], "north-waste": ["9C"]}
        | {f"{s}-aux-{n}": [] for s in SEATS for n in range(1, 5)},
        "legal_moves": [
            "north-turned>north-aux-1",
            "north-turned>south-aux-3",
            "north-turned>north-waste",
        ],
    }
    assert [str(m) for m in candidates(observation)] == [
        "north-turned>north-aux-1",
        "north-turned>north-waste",
    ]


def test_the_computer_players_start_a_foundation_on_the_first_empty_place() -> None:
    """WR-2 lets an ace start any empty place; which one changes nothing, so the players
    take the first, and the strong player folds the others into it."""
    state = position({"north-reserve": "AH", "foundation-1": "AS 2S", "foundation-2": "AS"})
    observation = WRANGLE.observe(state, "north")
    assert "north-reserve>foundation-7" in observation["legal_moves"]
    for seed in range(20):
        move = make_agent("greedy").choose(WRANGLE, observation, random.Random(seed))
        assert str(move) == "north-reserve>foundation-3"
    ups = [str(m) for m in candidates(observation) if m.target.startswith("foundation")]
    assert ups == ["north-reserve>foundation-3"]


# The greedy priority, case by case: the piles of a position where north is to move (each
# other auxiliary heap holds KC, each stock 9C), and the move greedy makes there.
GREEDY_CHOICES = {
    "the reserve before an auxiliary's card to a foundation": (
        {"north-reserve": "7H", "north-aux-1": "8H", "south-aux-1": "2S", "foundation-1": "AS"},
        "north-reserve>north-aux-1",
    ),
    "a turned card to a foundation before loading the opponent": (
        {"north-turned": "2S", "foundation-1": "AS", "south-reserve": "3S"},
        "north-turned>foundation-1",
    ),
    "loading the opponent's reserve before an auxiliary heap": (
        {"north-turned": "5D", "south-reserve": "6D", "north-aux-2": "6D"},
        "north-turned>south-reserve",
    ),
    "the opponent's reserve before his waste": (
        {"north-turned": "5D", "south-reserve": "6D", "south-waste": "4D"},
        "north-turned>south-reserve",
    ),
    "the opponent's waste before an auxiliary heap": (
        {"north-turned": "5D", "south-waste": "4D", "north-aux-2": "6D"},
        "north-turned>south-waste",
    ),
    "an auxiliary heap before one's own reserve": (
        {"north-turned": "5D", "north-reserve": "6D", "south-aux-3": "6D"},
        "north-turned>south-aux-3",
    ),
    "one's own reserve when nothing else takes the card, not the waste": (
        {"north-turned": "5D", "north-reserve": "6D"},
        "north-turned>north-reserve",
    ),
}


@pytest.mark.parametrize("case", list(GREEDY_CHOICES))
def test_the_greedy_priority(case: str) -> None:
    piles, expected = GREEDY_CHOICES[case]
    observation = WRANGLE.observe(position(piles), "north")
    assert expected in observation["legal_moves"]
    for seed in range(5):
        assert str(make_agent("greedy").choose(WRANGLE, observation, random.Random(seed))) == (
            expected
        )


def test_a_duel_swaps_seats_on_each_deal_and_counts_from_the_first_player() -> None:
    results = list(duel_games(WRANGLE, "greedy", "random", 4, seed=1))
    assert [r.seats for r in results] == [("greedy", "random"), ("random", "greedy")] * 2
    assert results[0].deal == results[1].deal != results[2].deal == results[3].deal
    made = [
        GameResult(0, 1, ("a", "b"), "north", (3, 3), (0.3, 0.0)),
        GameResult(1, 1, ("b", "a"), "north", (3, 2), (0.0, 0.2)),
        GameResult(2, 2, ("a", "b"), "draw", (5, 5), (0.5, 0.0)),
    ]
    summary = summarize(made, SEATS)
    assert (summary.wins, summary.draws, summary.losses) == (1, 1, 1)
    assert summary.win_rate == 0.5
    assert summary.seconds_per_turn == pytest.approx(1.0 / 10)


def test_a_duel_of_any_length_starts_without_listing_its_games() -> None:
    first_two = list(islice(duel_games(WRANGLE, "greedy", "random", 10**15, seed=1), 2))
    assert [r.seats for r in first_two] == [("greedy", "random"), ("random", "greedy")]


def test_the_wilson_interval_matches_its_formula() -> None:
    low, high = wilson(70, 100)
    assert low == pytest.approx(0.6041, abs=1e-4) and high == pytest.approx(0.7811, abs=1e-4)


def test_an_unknown_player_is_refused_by_name() -> None:
    with pytest.raises(ParlourError, match="random, greedy, strong"):
        make_agent("clever")


def test_the_strong_player_remembers_its_turned_over_waste_from_turn_to_turn() -> None:
    """North (strong) can only lay 2D, 7S and 9H on his waste, one a turn; when the waste is
    turned over, the player knows its new stock's order, which it plans with."""
    state = position({"north-stock": "2D 7S 9H", "south-stock": "4C 8D", "north-reserve": "KH"})
    agent = StrongAgent()
    rng = random.Random(0)
    while state.turn < 9:
        if WRANGLE.to_move(state) == "north":
            move = agent.choose(WRANGLE, WRANGLE.observe(state, "north"), rng)
            state = WRANGLE.apply(state, move)
        else:
            state = end_turn(state)
    assert WRANGLE.to_move(state) == "north" and state.stocks[0] == parse_cards("2D 7S 9H")
    agent.choose(WRANGLE, WRANGLE.observe(state, "north"), rng)
    assert agent.memories["north"].known()["north-stock"] == parse_cards("2D 7S 9H")


def _die(task: object) -> GameResult:
    """A game whose worker process dies, as one the system kills does."""
    os._exit(1)


def test_a_duel_whose_worker_dies_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """The workers are forked after the patch, so they play `_die`."""
    monkeypatch.setattr(match, "_play_one", _die)
    with pytest.raises(WorkerLost, match="ended abruptly"):
        list(duel_games(WRANGLE, "greedy", "random", 4, seed=1, workers=2))
