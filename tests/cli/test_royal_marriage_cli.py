"""Royal Marriage through the real `parlour` command: show, play (a win and a loss, aliases,
refusals, undo, save and resume), replay, and the exit codes."""

from __future__ import annotations

import json
import re
from pathlib import Path

from parlour.core.cards import card_str, cards_str
from parlour.core.game import LOST, WON
from parlour.core.moves import Move
from parlour.games.royal_marriage import ROYAL_MARRIAGE as RM
from parlour.games.royal_marriage import RoyalMarriageParams, RoyalMarriageState
from tests.cli.runner import parlour


def typed_line(state: RoyalMarriageState, move: Move) -> str:
    """What a player types for `move`: d to deal, positions for a discard."""
    if move.action == "deal":
        return "d"
    first = state.row.index(move.cards[0]) + 1
    last = first + len(move.cards) - 1
    return str(first) if first == last else f"{first}-{last}"


def first_move_game(deal: int) -> tuple[list[str], str | None]:
    """The lines of a game that always takes the first legal move, and its outcome."""
    state, lines = RM.new(deal=deal), []
    while RM.outcome(state) is None:
        move = RM.legal_moves(state)[0]
        lines.append(typed_line(state, move))
        state = RM.apply(state, move)
    return lines, RM.outcome(state)


def test_show_gives_the_row_after_the_first_card_and_the_stock_in_dealing_order() -> None:
    middle = RM.deck_for_deal(RoyalMarriageParams(), 21)[1:-1]
    done = parlour("show", "royal-marriage", "--cards", cards_str(middle), "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["piles"]["row"] == ["QH", card_str(middle[0])]
    assert data["piles"]["stock"] == [card_str(c) for c in middle[1:]] + ["KH"]
    assert data["piles"]["discard"] == []
    assert (data["game"], data["deal"], data["outcome"], data["to_move"]) == (
        "royal-marriage",
        None,
        None,
        None,
    )


def test_a_whole_game_is_won_in_the_terminal() -> None:
    deal = next(d for d in range(200) if first_move_game(d)[1] == WON)
    lines, _ = first_move_game(deal)
    done = parlour("play", "royal-marriage", "--deal", str(deal), lines=[*lines, "q"])
    assert done.returncode == 0, done.stderr
    assert "Game over: won" in done.stdout
    assert "Not allowed" not in done.stdout and "Not understood" not in done.stdout


def test_a_whole_game_is_lost_in_the_terminal() -> None:
    deal = next(d for d in range(200) if first_move_game(d)[1] == LOST)
    lines, _ = first_move_game(deal)
    done = parlour("play", "royal-marriage", "--deal", str(deal), lines=lines)
    assert done.returncode == 0, done.stderr
    assert "Game over: lost" in done.stdout


def test_rejected_input_is_explained_and_the_game_goes_on(tmp_path: Path) -> None:
    # Deal 5 begins QH TD KC AS 3D: after three deals KC AS can go, so a deal is refused.
    save = tmp_path / "game.json"
    lines = ["d", "d", "d", "d", "zz", "99", "discard 1X", "u", "r", "3-4", f"save {save}"]
    done = parlour("play", "royal-marriage", "--deal", "5", lines=lines)
    out = done.stdout
    assert done.returncode == 0, done.stderr
    assert "Not allowed: you must discard before dealing (RM-4)" in out
    assert 'Not understood: "zz" is not a move of Royal Marriage' in out
    assert "positions run from 1 to 5" in out
    assert '"1X" is not a card' in out
    assert "Saved to" in out
    record = json.loads(save.read_text())
    assert record["moves"] == ["deal", "deal", "deal", "discard KC AS"]


def test_a_saved_game_replays_and_resumes(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    parlour("play", "royal-marriage", "--deal", "5", lines=["d", "d", "d", "3-4", f"save {save}"])
    replayed = parlour("replay", str(save), "--json")
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout)["piles"]["row"] == ["QH", "TD", "3D"]
    resumed = parlour("play", "--load", str(save), "royal-marriage", lines=["u", "m"])
    assert "Legal moves: discard KC AS" in resumed.stdout


def test_a_game_left_unfinished_and_unsaved_is_kept_and_said(tmp_path: Path) -> None:
    """Nothing a player did is lost by leaving: the end of input (as a Ctrl-D) or q keeps an
    unfinished game whose moves were not saved, and says how to resume it."""
    left = parlour("play", "royal-marriage", "--deal", "5", lines=["d", "d"])
    said = re.search(r"The unfinished game is kept: parlour play --load (\S+)", left.stdout)
    assert left.returncode == 0 and said, left.stdout
    resumed = parlour("play", "--load", said[1], lines=["m", "q"])
    assert resumed.returncode == 0 and "kept" not in resumed.stdout  # nothing new to keep
    assert json.loads(Path(said[1]).read_text())["moves"] == ["deal", "deal"]
    save = tmp_path / "game.json"
    for lines in (["q"], ["d", f"save {save}", "q"]):  # nothing played, or all of it saved
        assert "kept" not in parlour("play", "royal-marriage", "--deal", "5", lines=lines).stdout


def test_a_kept_game_played_to_its_end_is_no_longer_kept() -> None:
    """The unfinished folder holds unfinished games: once a kept game ends, its copy goes."""
    lines, outcome = first_move_game(5)
    assert outcome == LOST and len(lines) > 2
    left = parlour("play", "royal-marriage", "--deal", "5", lines=lines[:2])
    said = re.search(r"The unfinished game is kept: parlour play --load (\S+)", left.stdout)
    assert said, left.stdout
    ended = parlour("play", "--load", said[1], lines=lines[2:])
    assert ended.returncode == 0 and "Game over: lost" in ended.stdout, ended.stdout
    assert not Path(said[1]).exists()


def test_a_saved_game_is_resumed_only_as_it_was_saved(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    parlour("play", "royal-marriage", "--deal", "5", lines=["d", f"save {save}"])
    other = parlour("play", "--load", str(save), "plait", lines=["q"])
    assert other.returncode == 2
    assert "holds a game of royal-marriage, not of plait" in other.stderr
    changed = parlour("play", "--load", str(save), "royal-marriage", "--variant", "push-pin")
    assert changed.returncode == 2
    assert "--load resumes a game as it was saved: leave out --variant" in changed.stderr


def test_games_lists_every_game_with_its_variants() -> None:
    done = parlour("games")
    assert "royal-marriage" in done.stdout
    assert "standard | push-pin | discards" in done.stdout


def test_bad_input_exits_2_with_the_message_on_stderr(tmp_path: Path) -> None:
    cases = [
        (["show", "royal-marriage", "--cards", "1X 2S", "--json"], '"1X" is not a card'),
        (["show", "no-such-game", "--deal", "1"], 'there is no game "no-such-game"'),
        (["show", "royal-marriage", "--deal", "1", "--cards", "2S"], "not both"),
        (["show", "royal-marriage", "--deal", "1", "--variant", "x"], '"x" is not a variant'),
        (["replay", str(tmp_path / "missing.json")], "cannot read saved game"),
        (["show", "royal-marriage", "--deal", "-1"], "is not a deal number"),
        (["play", "wrangle", "--deal", "-1"], "is not a deal number"),
        (["play", "wrangle", "--deal", str(2**64)], "is not a deal number"),
    ]
    for args, message in cases:
        done = parlour(*args)
        assert done.returncode == 2, args
        assert message in done.stderr, (args, done.stderr)
        assert done.stdout == ""
    assert parlour("show", "royal-marriage", "--bogus").returncode == 2
