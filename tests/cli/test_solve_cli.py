"""`parlour solve` and `parlour hint` through the real command."""

from __future__ import annotations

import json
import select
import subprocess
import sys
from pathlib import Path

from parlour.core.cards import cards_str
from parlour.core.moves import parse_move
from parlour.core.session import Session
from parlour.games import get_game
from parlour.games.royal_marriage import ROYAL_MARRIAGE as RM
from parlour.games.royal_marriage import RoyalMarriageParams
from parlour.solver import hint, solve
from parlour.store.records import save_record
from tests.cli.runner import PARLOUR, command_env, parlour


def test_solve_json_gives_a_winning_line_that_replays() -> None:
    done = parlour("solve", "royal-marriage", "--deal", "0", "--json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["result"] == "won"
    assert set(answer) >= {"result", "moves", "nodes", "seconds"}
    state = RM.new(deal=0)
    for text in answer["moves"]:
        state = RM.apply(state, parse_move(text))
    assert RM.outcome(state) == "won"


def test_solve_prints_the_moves_in_notation() -> None:
    """The line printed under a win, read back as notation, wins the deal."""
    done = parlour("solve", "royal-marriage", "--deal", "1", "--mode", "open")
    assert done.returncode == 0
    verdict, line = done.stdout.splitlines()
    assert verdict.startswith("won") and "thoughtful" in verdict
    params = RoyalMarriageParams(mode="open")
    session = Session(RM, params, deal=1)
    for move in line.split(" ; "):
        session.play(parse_move(move))
    assert session.outcome == "won"


def test_cards_file_solves_one_deck_per_line_in_order(tmp_path: Path) -> None:
    decks = [RM.deck_for_deal(RoyalMarriageParams(), d)[1:-1] for d in range(6)]
    lines = [cards_str(deck) for deck in decks]
    lines.insert(3, "QH 1X")
    lines.insert(5, "")
    path = tmp_path / "decks.txt"
    path.write_text("\n".join(lines) + "\n")
    done = parlour("solve", "royal-marriage", "--cards-file", str(path), "--json")
    assert done.returncode == 2  # every line answered, but the run was not clean
    assert "2 of 8 lines held no deck to solve" in done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["line"] for a in answers] == list(range(1, 9))  # one answer a line, blank too
    assert answers[3]["result"] == "error" and '"1X" is not a card' in answers[3]["error"]
    assert answers[5]["result"] == "error" and "the line is empty" in answers[5]["error"]
    expected = ["won" if _solved(d) else "lost" for d in range(6)]
    assert [a["result"] for i, a in enumerate(answers) if i not in (3, 5)] == expected


def test_cards_file_lines_are_numbered_as_an_editor_numbers_them(tmp_path: Path) -> None:
    """A form feed or U+2028 inside a line is no line break: the lines after it keep their
    numbers. CRLF endings are line breaks."""
    deck = cards_str(RM.deck_for_deal(RoyalMarriageParams(), 2)[1:-1])
    path = tmp_path / "decks.txt"
    path.write_bytes(f"{deck}\r\nQH\x0c7D\r\nQH\u20287D\n{deck}".encode())
    done = parlour("solve", "royal-marriage", "--cards-file", str(path), "--json")
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [(a["line"], a["result"]) for a in answers] == [
        (1, "won"),
        (2, "error"),
        (3, "error"),
        (4, "won"),
    ]


def test_a_cards_file_of_dash_is_standard_input() -> None:
    """Decks another program makes, piped in: `--cards-file -`."""
    decks = [cards_str(RM.deck_for_deal(RoyalMarriageParams(), d)[1:-1]) for d in range(3)]
    done = parlour("solve", "royal-marriage", "--cards-file", "-", "--json", lines=decks)
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    expected = [(d + 1, "won" if _solved(d) else "lost") for d in range(3)]
    assert [(a["line"], a["result"]) for a in answers] == expected


def test_decks_piped_in_are_answered_as_they_come() -> None:
    """A program making decks one by one hears each answer before it makes the next."""
    decks = [cards_str(RM.deck_for_deal(RoyalMarriageParams(), d)[1:-1]) for d in range(2)]
    command = [PARLOUR, "solve", "royal-marriage", "--cards-file", "-", "--json"]
    with subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=command_env()
    ) as process:
        assert process.stdin and process.stdout
        process.stdin.write(decks[0] + "\n")
        process.stdin.flush()
        ready, _, _ = select.select([process.stdout], [], [], 60)
        assert ready, "no answer came before the next deck"
        assert json.loads(process.stdout.readline())["line"] == 1
        process.stdin.write(decks[1] + "\n")
        process.stdin.close()
        assert json.loads(process.stdout.read())["line"] == 2
        assert process.wait(timeout=60) == 0


def test_solving_loads_none_of_the_web_servers_or_the_terminal_apps_libraries() -> None:
    """Each `parlour solve` pays its start-up again: the web server's libraries, which only
    `serve` needs, took most of it while every command loaded them (`tui` loads its own)."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", PARLOUR, "solve", "royal-marriage", "--deal", "1"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=command_env(),
    )
    assert done.returncode == 0, done.stderr
    loaded = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()}
    assert "parlour.solver" in loaded  # the list is the whole of what was imported
    assert not loaded & {"fastapi", "starlette", "uvicorn", "textual", "markdown_it"}


def test_endless_input_with_no_line_end_is_refused_unread() -> None:
    done = parlour("solve", "royal-marriage", "--cards-file", "/dev/zero", "--json")
    assert done.returncode == 2 and done.stdout == ""
    assert (
        done.stderr == "parlour: cannot read /dev/zero: a line runs on past 1,048,576 characters\n"
    )


def _solved(deal: int) -> bool:
    return solve(RM, RM.new(deal=deal)).result == "won"


def test_hint_from_a_deal_and_from_a_saved_game(tmp_path: Path) -> None:
    assert "winning line" in parlour("hint", "royal-marriage", "--deal", "0").stdout
    assert parlour("hint", "royal-marriage", "--deal", "1").stdout.strip() == (
        "no winning line from here"
    )
    save = tmp_path / "g.json"
    parlour("play", "royal-marriage", "--deal", "0", lines=["d", f"save {save}"])
    assert "winning line" in parlour("hint", "--load", str(save)).stdout


def test_hint_inside_play() -> None:
    done = parlour("play", "royal-marriage", "--deal", "0", lines=["hint"])
    assert "Hint: deal (a winning line" in done.stdout


def test_solve_rejects_bad_budgets_and_decks() -> None:
    assert parlour("solve", "royal-marriage", "--deal", "0", "--nodes", "0").returncode == 2
    bad = parlour("solve", "royal-marriage", "--cards", "QH", "--json")
    assert bad.returncode == 2 and "missing" in bad.stderr


def test_a_line_not_text_or_longer_than_any_deck_is_refused_alone(tmp_path: Path) -> None:
    """The lines around it are still answered, each in its place."""
    deck = cards_str(RM.deck_for_deal(RoyalMarriageParams(), 0)[1:-1])
    decks = tmp_path / "decks.txt"
    lines = [deck.encode(), b"caf\xe9", b"AS " * 2000, deck.encode()]
    decks.write_bytes(b"\n".join(lines) + b"\n")
    done = parlour("solve", "royal-marriage", "--cards-file", str(decks), "--json")
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["line"] for a in answers] == [1, 2, 3, 4]
    assert [a["result"] for a in answers] == ["won", "error", "error", "won"]
    assert answers[1]["error"] == "the line is not text (UTF-8)"
    assert answers[2]["error"].startswith("the line is longer than any deck")
    assert done.returncode == 2 and "Traceback" not in done.stderr


def test_a_cards_file_that_comes_with_a_deal_is_refused(tmp_path: Path) -> None:
    binary = tmp_path / "decks.txt"
    binary.write_bytes(b"\xff\xfe\n")
    both = parlour("solve", "royal-marriage", "--cards-file", str(binary), "--deal", "3")
    assert both.returncode == 2 and "leave out --deal and --cards" in both.stderr


def test_a_cards_file_for_the_wrangle_is_refused_before_any_line(tmp_path: Path) -> None:
    path = tmp_path / "decks.txt"
    path.write_text("AS 2S\n", encoding="utf-8")
    done = parlour("solve", "wrangle", "--cards-file", str(path), "--json")
    assert done.returncode == 2, done.stdout
    assert done.stdout == "" and "one-player games" in done.stderr


def test_the_wrangle_is_refused_as_a_game_for_two_before_its_deck_is_read() -> None:
    for command in ("solve", "hint"):
        done = parlour(command, "wrangle", "--cards", "AS")
        assert done.returncode == 2, done.stdout
        assert "the solver plays one-player games" in done.stderr and "missing" not in done.stderr


def test_an_exact_decision_counts_no_positions_and_a_search_counts_its_own() -> None:
    exact = parlour("solve", "royal-marriage", "--deal", "7").stdout
    assert exact.startswith("won in ") and "positions" not in exact.splitlines()[0]
    searched = parlour("solve", "plait", "--deal", "3", "--nodes", "200000").stdout
    assert searched.startswith("won after 535 positions in ")


def test_a_cards_file_that_begins_with_a_byte_order_mark_reads_its_first_deck(
    tmp_path: Path,
) -> None:
    deck = cards_str(RM.deck_for_deal(RoyalMarriageParams(), 7)[1:-1])
    path = tmp_path / "decks.txt"
    path.write_text(deck + "\n", encoding="utf-8-sig")
    done = parlour("solve", "royal-marriage", "--cards-file", str(path), "--json")
    (answer,) = [json.loads(line) for line in done.stdout.splitlines()]
    assert answer["result"] == ("won" if _solved(7) else "lost"), answer


def test_hint_from_a_saved_game_never_goes_back_to_where_it_has_been(tmp_path: Path) -> None:
    """The Four Corners' deal 1, played by hints from scratch, goes round between two
    positions; `parlour hint --load` knows the game's past and hints onward instead."""
    game = get_game("four-corners")
    session = Session(game, deal=1)
    passed = []
    while session.state not in passed:
        passed.append(session.state)
        session.play(hint(game, session.state).move or "")
    save = save_record(tmp_path / "round.json", session.record())
    done = parlour("hint", "--load", str(save))
    assert done.returncode == 0, done.stderr
    move, _, said = done.stdout.partition(" ")
    assert said.startswith("(a winning line")
    assert game.apply(session.state, parse_move(move)) not in passed
