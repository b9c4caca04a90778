"""The Wrangle through the real `parlour` command: a duel between computer players, and a
scripted person playing a whole game against the greedy player."""

from __future__ import annotations

import json

import pytest

from parlour.agents.match import DuelSummary
from parlour.core.cards import cards_str
from parlour.frontends.cli.wrangle import tally
from tests.cli.runner import at_terminal, parlour
from tests.games.test_wrangle import deck

# North (the person): the spades in his reserve, ace on top; kings and queens of hearts and
# diamonds on his heaps; his stock KC first, then hearts, diamonds and clubs up to the queens.
NORTH = (
    "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS KH KD QH QD KC "
    "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD "
    "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC"
)
# South (greedy): 5D on top of his reserve and sevens on his heaps fit nowhere, and the first two
# cards he turns, KD and KS, cannot be placed: each of his turns ends at once.
SOUTH = "2S 3S 4S 6S 8S 9S TS JS QS 2H 3H 4H 5D 7D 7C 7S 7H KD KS"


def test_a_duel_between_two_computer_players_reports_its_figures() -> None:
    done = parlour("duel", "greedy", "random", "--games", "2", "--seed", "3", "--json")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # no progress bar in a pipe, not even a blank line
    result = json.loads(done.stdout)
    assert (result.pop("first"), result.pop("second"), result.pop("seed")) == (
        "greedy",
        "random",
        3,
    )
    assert set(result) == {
        "games",
        "wins",
        "draws",
        "losses",
        "win_rate",
        "ci_low",
        "ci_high",
        "seconds_per_turn",
    }
    assert result["games"] == 2 and result["wins"] + result["draws"] + result["losses"] == 2
    text = parlour("duel", "greedy", "random", "--games", "2", "--seed", "3")
    assert text.returncode == 0, text.stderr
    assert (result["wins"], result["draws"], result["losses"]) == (0, 2, 0)
    assert "greedy against random, 2 games: 0 wins, 2 draws, 0 losses" in text.stdout


def test_a_duel_at_a_terminal_shows_its_progress() -> None:
    screen = at_terminal("duel", "random", "random", "--games", "4", "--seed", "2")
    assert "0/4" in screen and "4/4" in screen  # the bar's count, drawn at the start and end
    assert "random v random" in screen and "━" in screen
    assert "random against random, 4 games" in screen  # then the figures


@pytest.mark.parametrize(
    ("games", "wins", "draws", "losses", "words"),
    [
        (3, 1, 2, 0, "3 games: 1 win, 2 draws, 0 losses"),
        (1, 0, 0, 1, "1 game: 0 wins, 0 draws, 1 loss"),
        (4, 2, 1, 1, "4 games: 2 wins, 1 draw, 1 loss"),
    ],
)
def test_a_duel_counts_in_words_that_agree_with_the_number(
    games: int, wins: int, draws: int, losses: int, words: str
) -> None:
    summary = DuelSummary(games, wins, draws, losses, None, None, None, 0.0)
    assert tally(summary) == words


def test_a_duel_refuses_an_unknown_player() -> None:
    done = parlour("duel", "greedy", "clever", "--games", "2")
    assert done.returncode == 2 and 'no player "clever"' in done.stderr


def test_a_person_wins_a_whole_game_against_greedy_in_the_terminal() -> None:
    first_turn = ["r f"] * 13 + ["t", "w"]  # the spades up, then KC to the waste
    # Undo is refused at the start of the turn (the computer's moves are not ours), then a
    # placed card is taken back and placed again, by redo.
    second_turn = ["u", "t", "f", "u", "redo"] + ["t", "f"] * 33 + ["p"]
    third_turn = ["t", "f"]  # the waste turned over: KC goes up, and north has nothing left
    lines = first_turn + second_turn + third_turn
    cards = cards_str(deck(NORTH, SOUTH))
    done = parlour("play", "wrangle", "--cards", cards, "--vs", "greedy", lines=[*lines, "q"])
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "south (greedy): turn" in out and "south (greedy): south-turned>south-waste (KD)" in out
    assert "Not allowed: only your own moves of this turn can be taken back, and none" in out
    assert out.count("Not allowed") == 1 and "Not understood" not in out
    assert "Game over: north wins" in out
    assert "stock 35" not in out.split("south (greedy)")[-1]  # south's stock shows no cards


def test_play_wrangle_refuses_two_kinds_of_opponent() -> None:
    done = parlour("play", "wrangle", "--deal", "3", "--vs", "strong", "--hot-seat")
    assert done.returncode == 2 and "not both" in done.stderr
    nobody = parlour("play", "wrangle", "--deal", "3", "--vs", "people")
    assert nobody.returncode == 2 and 'there is no player "people"' in nobody.stderr


def test_play_wrangle_lets_the_players_choose_who_begins() -> None:
    cards = cards_str(deck(NORTH, SOUTH))
    done = parlour("play", "wrangle", "--cards", cards, "--first", "south", lines=["q"])
    assert done.returncode == 0, done.stderr
    assert done.stdout.index("south (greedy): turn") < done.stdout.index("north>")
    refused = parlour("play", "wrangle", "--deal", "3", "--first", "east")
    assert refused.returncode == 2 and '"east" is not a first' in refused.stderr
