"""The Four Corners through the real `parlour` command."""

from __future__ import annotations

import json

from parlour.core.cards import card_str, parse_cards
from parlour.games.four_corners import FOUR_CORNERS as FC
from tests.cli.runner import parlour
from tests.conformance.wins import load_wins

KNOWN = load_wins(FC)["four-corners()"]


def test_show_gives_exactly_the_FC_2_deal() -> None:
    done = parlour("show", "four-corners", "--cards", KNOWN["deck"], "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    state = FC.new(deck=parse_cards(KNOWN["deck"]))
    assert data["piles"] == {
        name: [card_str(c) for c in cards] for name, cards in FC.piles(state).items()
    }
    # The deck opens with both packs' spades in order, so all 26 go up from the corner heap-1.
    assert data["piles"]["ace-S"] == [f"{r}S" for r in "A23456789TJQK"]
    assert data["piles"]["king-S"] == [f"{r}S" for r in "KQJT98765432A"]
    assert data["redeals_left"] == 2
    assert sum(len(cards) for cards in data["piles"].values()) == 104


def test_a_whole_game_is_won_in_the_terminal_with_a_redeal() -> None:
    lines = [_alias(move) for move in KNOWN["moves"]]
    done = parlour("play", "four-corners", "--cards", KNOWN["deck"], lines=[*lines, "q"])
    assert done.returncode == 0, done.stderr
    assert "Not allowed" not in done.stdout and "Not understood" not in done.stdout
    assert "redeals left 1" in done.stdout
    assert "Game over: won" in done.stdout


def _alias(move: str) -> str:
    """`heap-3>ace-D` as a player types it: `3 a`; `heap-3>heap-9` as `3 9`; `redeal` as `rd`."""
    if move == "redeal":
        return "rd"
    source, target = (part.split("-")[1] for part in move.split(">"))
    return f"{source} {target if target.isdigit() else move.split('>')[1][0]}"


def test_a_third_redeal_is_refused_in_words() -> None:
    done = parlour("play", "four-corners", "--deal", "5", lines=["rd", "rd", "rd"])
    assert "no redeal is left: the heaps may be dealt again twice at most (FC-4)" in done.stdout
