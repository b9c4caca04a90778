"""The Plait through the real `parlour` command."""

from __future__ import annotations

import json

from parlour.core.cards import cards_str
from parlour.games.plait import PLAIT
from tests.cli.runner import parlour
from tests.conformance.wins import load_wins
from tests.games.test_plait import FILLER, deck_of


def test_show_gives_exactly_the_PL_1_and_PL_2_result() -> None:
    deck = deck_of(FILLER + " 9C JD", "JH 2S 3S 4S", "JC 5S 6S 7S 8S 9S TS QS", "JS 5H 6H")
    done = parlour("show", "plait", "--cards", cards_str(deck), "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    piles = data["piles"]
    assert piles["plait"] == FILLER.split()
    assert [piles[f"foundation-{n}"] for n in range(1, 6)] == [["JS"], ["JH"], ["JD"], ["JC"], []]
    assert piles["corner-1"] == ["9C"] and piles["aux-1"] == ["5H"]
    assert piles["stock"][0] == "6H" and piles["waste"] == []
    assert len(piles["stock"]) == 104 - 20 - 4 - 8 - 2  # JS turned up, 5H to aux-1
    assert data["base_rank"] == "J" and data["redeals_left"] == 2


def test_a_whole_game_is_won_in_the_terminal() -> None:
    entry = load_wins(PLAIT)["plait(variant=standard)"]
    lines = ["d" if move == "deal" else move for move in entry["moves"]]
    done = parlour("play", "plait", "--deal", str(entry["deal"]), lines=[*lines, "q"])
    assert done.returncode == 0, done.stderr
    assert "Not allowed" not in done.stdout and "Not understood" not in done.stdout
    assert "Game over: won" in done.stdout


def test_a_move_outside_the_rules_is_explained() -> None:
    done = parlour("play", "plait", "--deal", "3", lines=["aux-1>aux-2", "redeal"])
    assert "cards play only to the foundations (PL-3)" in done.stdout
    assert "the waste is turned over only when the stock is empty (PL-5)" in done.stdout
