"""Heads and Tails through the real `parlour` command."""

from __future__ import annotations

import json

from parlour.core.cards import card_str, cards_str
from parlour.games.heads_and_tails import HEADS_AND_TAILS as HT
from parlour.games.heads_and_tails import HeadsAndTailsParams
from tests.cli.runner import parlour
from tests.conformance.wins import load_wins


def test_show_gives_exactly_the_HT_1_layout() -> None:
    deck = HT.deck_for_deal(HeadsAndTailsParams(), 77)
    done = parlour("show", "heads-and-tails", "--cards", cards_str(deck), "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    expected = HT.new(deck=deck)
    assert data["piles"] == {
        name: [card_str(c) for c in cards] for name, cards in HT.piles(expected).items()
    }
    laid = [c for i, c in enumerate(deck) if not (c % 13 in (0, 12) and deck.index(c) == i)]
    assert [data["piles"][f"head-{n}"][0] for n in range(1, 9)] == [card_str(c) for c in laid[:8]]
    assert [data["piles"][f"tail-{n}"][0] for n in range(1, 9)] == [card_str(c) for c in laid[8:16]]
    assert all(len(data["piles"][f"reserve-{n}"]) == 10 for n in range(1, 9))
    assert data["piles"]["ace-S"] == ["AS"] and data["piles"]["king-C"] == ["KC"]


def test_a_whole_game_is_won_in_the_terminal() -> None:
    entry = load_wins(HT)["heads-and-tails(variant=standard)"]
    lines = list(entry["moves"])
    lines[0] = _alias(lines[0])
    done = parlour("play", "heads-and-tails", "--deal", str(entry["deal"]), lines=lines)
    assert done.returncode == 0, done.stderr
    assert "Not allowed" not in done.stdout and "Not understood" not in done.stdout
    assert "Game over: won" in done.stdout


def _alias(move: str) -> str:
    """`head-3>ace-D` as a player types it: `h3 a`; `tail-2>head-5` as `t2 h5`."""
    source, target = move.split(">")
    short = source[0] + source.split("-")[1]
    if target.startswith(("ace", "king")):
        return f"{short} {target[0]}"
    return f"{short} {target[0]}{target.split('-')[1]}"


def test_automatic_moves_can_be_switched_on_and_a_refusal_changes_nothing() -> None:
    done = parlour(
        "play", "heads-and-tails", "--deal", "4", lines=["auto on", "reserve-1>ace-S", "h9 a"]
    )
    assert "Automatic moves to the foundations: on" in done.stdout
    assert "only the heads and tails are played from (HT-3)" in done.stdout
    assert "there is no pile head-9" in done.stdout
