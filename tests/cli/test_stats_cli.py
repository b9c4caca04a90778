"""Statistics from the terminal: a game played with `parlour play` counts once when it ends,
in the same file as the web app's, and `parlour stats` reads them."""

from __future__ import annotations

import io
import json
import re
import shlex
import sqlite3
import subprocess
import threading
import time
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from random import Random
from typing import Any

import pytest
from rich.console import Console

from parlour.core.cards import cards_str, parse_cards
from parlour.core.game import LOST, WON
from parlour.core.session import Session
from parlour.frontends.cli.play import PlayLoop
from parlour.frontends.cli.presenters import PRESENTERS
from parlour.frontends.cli.results import ResultKeeper
from parlour.frontends.cli.wrangle import WrangleLoop
from parlour.games import get_game
from parlour.store.database import connect, connect_to_read
from parlour.store.stats import FirstEnding, StatsStore
from tests.cli.runner import DATA_HOME, PARLOUR, command_env, parlour
from tests.cli.test_royal_marriage_cli import first_move_game
from tests.cli.test_wrangle_cli import NORTH, SOUTH
from tests.conformance.wins import load_wins
from tests.games.test_wrangle import deck
from tests.web.test_store import unwritable


def stats(db: Path) -> list[dict[str, Any]]:
    done = parlour("stats", "--db", str(db), "--json")
    assert done.returncode == 0, done.stderr
    rows: list[dict[str, Any]] = json.loads(done.stdout)
    return rows


def test_a_finished_game_counts_once_and_stats_reads_it(tmp_path: Path) -> None:
    db = tmp_path / "parlour.db"
    assert stats(db) == []
    assert "No game has been finished yet" in parlour("stats", "--db", str(db)).stdout
    won = next(d for d in range(200) if first_move_game(d)[1] == WON)
    lines, _ = first_move_game(won)
    # won, taken back and won again: one game, one result
    typed = [*lines, "u", "r", "q"]
    played = parlour("play", "royal-marriage", "--deal", str(won), "--db", str(db), lines=typed)
    assert played.returncode == 0, played.stderr
    lost = next(d for d in range(200) if first_move_game(d)[1] == LOST)
    lines, _ = first_move_game(lost)
    played = parlour("play", "royal-marriage", "--deal", str(lost), "--db", str(db), lines=lines)
    assert played.returncode == 0, played.stderr
    (row,) = stats(db)
    assert row["game"] == "royal-marriage"
    assert row["params"] == {"variant": "standard", "mode": "as-dealt"}
    assert (row["played"], row["won"], row["current_streak"], row["best_streak"]) == (2, 1, 0, 1)
    text = parlour("stats", "--db", str(db)).stdout
    assert "Royal Marriage" in text and "standard, as-dealt" in text and "50%" in text


def test_a_wrangle_won_against_the_computer_counts_with_its_opponent(tmp_path: Path) -> None:
    db = tmp_path / "parlour.db"
    lines = ["r f"] * 13 + ["t", "w"] + ["t", "f"] * 34 + ["p", "t", "f", "q"]
    cards = cards_str(deck(NORTH, SOUTH))
    done = parlour("play", "wrangle", "--cards", cards, "--db", str(db), lines=lines)
    assert "Game over: north wins" in done.stdout
    (row,) = stats(db)
    assert row["game"] == "wrangle" and row["params"]["opponent"] == "greedy"
    assert (row["played"], row["won"]) == (1, 1)
    # `first` is who began, by its name: a bare "cut" or "north" would read as the seat played
    assert row["variant_words"] == "first: cut, against greedy"
    assert "first: cut, against greedy" in parlour("stats", "--db", str(db)).stdout


def test_stats_sent_to_a_file_or_a_pipe_keep_each_row_on_one_line(tmp_path: Path) -> None:
    """A pipe has no width: wrapping at 80 columns there would split names over lines."""
    db = tmp_path / "parlour.db"
    store = StatsStore(connect(db))
    params = {"first": "cut", "opponent": "strong"}
    for number, won in enumerate([True, False, True]):
        store.record(f"game-{number}", "wrangle", params, won, 754.0)
    store.record("game-3", "royal-marriage", {"variant": "discards", "mode": "as-dealt"}, True, 1)
    unsized = {name: value for name, value in command_env().items() if name != "COLUMNS"}
    done = subprocess.run(
        [PARLOUR, "stats", "--db", str(db)], capture_output=True, text=True, env=unsized
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert any(
        "The Wrangle" in line and "first: cut, against strong" in line and "67%" in line
        for line in lines
    )
    assert any("Royal Marriage" in line and "discards, as-dealt" in line for line in lines)
    assert len(lines) == 6  # two rows, three rules and the heading


def test_a_game_between_two_people_counts_for_no_one(tmp_path: Path) -> None:
    wrangle = get_game("wrangle")
    known = load_wins(wrangle)["wrangle(first=cut)"]
    session = Session(wrangle, deck=parse_cards(known["deck"]))
    for move in known["moves"]:
        session.play(move)
    assert session.outcome == "north"
    store = StatsStore(connect(tmp_path / "parlour.db"))
    FirstEnding("a-table", opponent=None, seat="north").keep(store, session, 1.0)
    assert store.all() == []
    FirstEnding("a-match", opponent="strong", seat="south").keep(store, session, 1.0)
    (row,) = store.all()
    assert (row.params["opponent"], row.played, row.won) == ("strong", 1, 0)


def test_a_game_loaded_when_it_was_over_counts_no_more(tmp_path: Path) -> None:
    db, saved = tmp_path / "parlour.db", tmp_path / "won.json"
    won = next(d for d in range(200) if first_move_game(d)[1] == WON)
    lines, _ = first_move_game(won)
    parlour(
        "play",
        "royal-marriage",
        "--deal",
        str(won),
        "--db",
        str(db),
        lines=[*lines, f"save {saved}"],
    )
    again = parlour("play", "--load", str(saved), "royal-marriage", "--db", str(db), lines=["m"])
    assert "Game over: won" in again.stdout
    (row,) = stats(db)
    assert (row["played"], row["won"]) == (1, 1)


def test_a_saved_game_finished_again_from_its_save_counts_once(tmp_path: Path) -> None:
    db, saved = tmp_path / "parlour.db", tmp_path / "almost.json"
    won = next(d for d in range(200) if first_move_game(d)[1] == WON)
    lines, _ = first_move_game(won)
    options = ["--deal", str(won), "--db", str(db)]
    parlour("play", "royal-marriage", *options, lines=[*lines[:-1], f"save {saved}", "q"])
    for _ in range(3):
        again = parlour(
            "play", "--load", str(saved), "royal-marriage", "--db", str(db), lines=lines[-1:]
        )
        assert "Game over: won" in again.stdout
    (row,) = stats(db)
    assert (row["played"], row["won"]) == (1, 1)


def test_a_damaged_statistics_file_is_said_in_a_line(tmp_path: Path) -> None:
    db = tmp_path / "parlour.db"
    connection = connect(db)
    store = StatsStore(connection)
    for number in range(5000):
        store.record(f"game-{number}", "plait", {"variant": "standard"}, number % 2 == 0, 60.0)
    connection.close()  # written through to the file before it is damaged
    with db.open("r+b") as damaged:
        damaged.seek(db.stat().st_size // 2)
        damaged.write(b"\xff" * 4096)
    for json_too in ([], ["--json"]):
        done = parlour("stats", "--db", str(db), *json_too)
        assert done.returncode == 2, done.stderr
        assert "Traceback" not in done.stderr
        assert "parlour: cannot read the statistics:" in done.stderr


def test_a_statistics_file_named_that_is_not_there_is_said_and_not_made(tmp_path: Path) -> None:
    done = parlour("stats", "--db", str(tmp_path / "typo.db"))
    assert done.returncode == 0
    assert f"No game has been finished yet: there is no file {tmp_path / 'typo.db'}." in (
        done.stdout.replace("\n", "")
    )
    assert not (tmp_path / "typo.db").exists()


def test_a_folder_given_as_the_statistics_file_is_refused(tmp_path: Path) -> None:
    done = parlour("stats", "--db", str(tmp_path))
    assert done.returncode == 2 and "is not a file" in done.stderr


def test_reading_the_statistics_writes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "parlour.db"
    connection = connect(db)
    StatsStore(connection).record("g", "plait", {"variant": "standard"}, True, 60.0)
    connection.close()
    before = db.read_bytes()
    (row,) = stats(db)
    assert row["won"] == 1 and db.read_bytes() == before


def test_an_empty_file_has_no_games_and_stays_empty(tmp_path: Path) -> None:
    empty = tmp_path / "empty.db"
    empty.touch()
    assert stats(empty) == []
    assert empty.stat().st_size == 0


def test_a_statistics_file_that_cannot_be_used_is_said_before_the_game(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    done = parlour("play", "plait", "--deal", "1", "--db", str(blocked / "parlour.db"))
    assert done.returncode == 2 and "cannot use the database" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_result_that_cannot_be_kept_is_a_note_and_the_game_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "parlour.db"
    connection = connect(path)
    connection.execute("PRAGMA busy_timeout = 50")  # give up on a held file at once
    store = StatsStore(connection)
    known = load_wins(get_game("wrangle"))["wrangle(first=cut)"]
    session = Session(get_game("wrangle"), deck=parse_cards(known["deck"]))
    keeper = ResultKeeper(store, session, opponent="greedy", seat="north")
    for move in known["moves"]:
        session.play(move)
    with sqlite3.connect(path) as other:
        other.execute("BEGIN IMMEDIATE")  # another writer holds the file
        warning = keeper(session)
        other.rollback()
    assert warning is not None and "could not be kept" in warning
    assert keeper(session) is None and len(store.all()) == 1  # kept once the file is free


def test_saving_to_a_folder_of_no_such_user_is_refused_in_words() -> None:
    done = parlour("play", "plait", "--deal", "1", lines=["save ~nosuchuser1234/g.json", "q"])
    assert done.returncode == 0, done.stderr
    assert "Not saved: cannot save to ~nosuchuser1234/g.json" in done.stdout


def test_saving_onto_a_folder_is_refused_and_the_game_goes_on(tmp_path: Path) -> None:
    lines = [f"save {tmp_path}", "save /", "m", "q"]
    done = parlour("play", "plait", "--deal", "1", lines=lines)
    assert done.returncode == 0, done.stderr
    assert f"Not saved: cannot save to {tmp_path}: Is a directory" in done.stdout
    assert "Not saved: cannot save to /: Is a directory" in done.stdout
    assert "Legal moves: deal" in done.stdout
    assert list(tmp_path.iterdir()) == []  # no temporary file left behind


def _impatient_store(path: Path) -> tuple[StatsStore, sqlite3.Connection]:
    """Statistics in `path` that give up at once on a file another program holds."""
    connection = connect(path)
    connection.execute("PRAGMA busy_timeout = 50")
    return StatsStore(connection), connection


def _won_session(
    clock: Callable[[], float] = time.monotonic,
) -> tuple[Session[Any], list[str]]:
    """A Royal Marriage game one move from its win, and that move."""
    won = next(d for d in range(200) if first_move_game(d)[1] == WON)
    game = get_game("royal-marriage")
    session = Session(game, deal=won, clock=clock)
    moves = []
    while game.outcome(session.state) is None:
        moves.append(str(game.legal_moves(session.state)[0]))
        session.play(moves[-1])
    session.undo()
    return session, moves[-1:]


def test_a_result_not_kept_when_the_game_ended_counts_as_it_ended_after_an_undo(
    tmp_path: Path,
) -> None:
    """The first end counts, once, as it was: undoing it while the file is held neither loses
    the result nor lets the clock run on in its time."""
    path = tmp_path / "parlour.db"
    store, _ = _impatient_store(path)
    now = [0.0]  # the session's clock, moved by hand so that the end's time is exact
    session, last = _won_session(lambda: now[0])
    keeper = ResultKeeper(store, session)
    with sqlite3.connect(path) as other:
        other.execute("BEGIN IMMEDIATE")  # another writer holds the file
        now[0] = 12.5
        session.play(last[0])
        assert keeper(session) is not None  # not kept when the game ended
        session.undo()
        other.rollback()
    now[0] = 40.0
    assert keeper(session) is None
    (row,) = store.all()
    assert (row.played, row.won, row.best_seconds) == (1, 1, 12.5)


def test_a_ctrl_c_while_the_won_board_is_shown_keeps_the_result(tmp_path: Path) -> None:
    """The winning move is played and its board is being printed when Ctrl-C comes: the
    result is kept all the same, and the loop says it was interrupted (exit code 130)."""
    store = StatsStore(connect(tmp_path / "parlour.db"))
    session, last = _won_session()
    lines = iter(last)
    console = Console(file=io.StringIO())
    loop = PlayLoop(
        session,
        PRESENTERS["royal-marriage"],
        console,
        lambda _: next(lines),
        ResultKeeper(store, session),
    )
    shown = loop.show

    def show_until_the_end() -> None:
        if session.outcome is not None:
            raise KeyboardInterrupt
        shown()

    loop.show = show_until_the_end  # type: ignore[method-assign]
    assert loop.run() == WON and loop.interrupted
    (row,) = store.all()
    assert (row.played, row.won) == (1, 1)


def test_leaving_an_ended_game_waits_for_the_statistics_to_keep_its_result(
    tmp_path: Path,
) -> None:
    """The result the file could not take when the game ended is kept as the game is left,
    once the other program lets the file go."""
    path = tmp_path / "parlour.db"
    store, connection = _impatient_store(path)
    session, last = _won_session()
    keeper = ResultKeeper(store, session)
    asked = threading.Event()
    connection.set_trace_callback(lambda text: asked.set() if "INSERT" in text else None)
    with sqlite3.connect(path) as other:
        other.execute("BEGIN IMMEDIATE")  # another writer holds the file
        session.play(last[0])
        assert keeper(session) is not None  # not kept when the game ended
        asked.clear()
        left: list[str | None] = []
        leaving = threading.Thread(target=lambda: left.append(keeper.last_try(session, tmp_path)))
        leaving.start()
        assert asked.wait(30)  # the last try is at the file's lock, which the other holds
        other.rollback()
        leaving.join()
    assert left == [None]
    assert [(row.played, row.won) for row in store.all()] == [(1, 1)]


def test_an_ended_game_whose_result_cannot_be_kept_is_kept_until_it_counts(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A file that cannot take the result even as the game is left: the ended game is kept
    with the unfinished ones, and the command said counts it once and lets the copy go."""
    monkeypatch.setenv("XDG_DATA_HOME", DATA_HOME)  # the commands' data folder
    path = tmp_path / "parlour.db"
    connection = connect(path)
    connection.execute("PRAGMA busy_timeout = 50")
    session, last = _won_session()
    keeper = ResultKeeper(StatsStore(connection), session, patience=0.05)
    typed = iter([*last, "q"])

    def ask(prompt: str) -> str:
        return next(typed)

    output = io.StringIO()
    loop = PlayLoop(
        session, PRESENTERS["royal-marriage"], Console(file=output, width=1000), ask, keeper
    )
    with sqlite3.connect(path) as other:
        other.execute("BEGIN IMMEDIATE")  # held until the game is left
        assert loop.run() == WON
        other.rollback()
    said = " ".join(output.getvalue().split())
    found = re.search(r"counts once the file can be written: (parlour play --load .*)", said)
    assert found, said
    assert "the result could not be kept in the statistics: database is locked" in said
    assert stats(path) == []
    command = shlex.split(found.group(1))
    kept = Path(command[command.index("--load") + 1])
    assert kept.parent == Path(DATA_HOME) / "parlour" / "unfinished" and kept.exists()
    again = parlour(*command[1:], lines=["q"])
    assert again.returncode == 0 and "Game over: won" in again.stdout, again.stderr
    assert not kept.exists()
    assert [(row["played"], row["won"]) for row in stats(path)] == [(1, 1)]


def _one_result(path: Path, journal: str) -> None:
    """A statistics file holding one result, in `journal` mode, its connection closed."""
    connection = connect(path)
    StatsStore(connection).record("g", "plait", {"variant": "standard"}, True, 60.0)
    connection.execute(f"PRAGMA journal_mode = {journal}")
    connection.close()


def test_reading_the_statistics_leaves_a_rollback_journal_file_as_it_was(tmp_path: Path) -> None:
    db = tmp_path / "parlour.db"
    _one_result(db, "DELETE")
    before = db.read_bytes()
    (row,) = stats(db)
    assert row["won"] == 1 and db.read_bytes() == before
    assert sorted(tmp_path.iterdir()) == [db]  # no journal nor WAL made beside it
    with closing(sqlite3.connect(db)) as look:
        assert look.execute("PRAGMA journal_mode").fetchone()[0] == "delete"


def test_the_statistics_are_read_through_a_connection_that_cannot_write(tmp_path: Path) -> None:
    db = tmp_path / "parlour.db"
    _one_result(db, "WAL")
    reading = connect_to_read(db)
    assert reading is not None
    with closing(reading), pytest.raises(sqlite3.OperationalError, match="readonly"):
        reading.execute("DELETE FROM results")


@pytest.mark.parametrize("journal", ["DELETE", "WAL"])
def test_a_read_only_statistics_file_is_read_and_not_played_into(
    tmp_path: Path, journal: str
) -> None:
    db = tmp_path / "parlour.db"
    _one_result(db, journal)
    with unwritable(db):
        (row,) = stats(db)
        done = parlour("play", "plait", "--deal", "1", "--db", str(db), lines=["q"])
    assert row["won"] == 1
    assert done.returncode == 2
    assert f"cannot write the database {db}: it is read-only" in done.stderr


class _Unkept:
    """Hears of a Wrangle whose result the file never takes: notes the last try."""

    def __init__(self) -> None:
        self.last_tries = 0

    def __call__(self, session: Session[Any]) -> str | None:
        return None if session.outcome is None else "database is locked"

    def last_try(self, session: Session[Any], kept: Path) -> str | None:
        self.last_tries += 1
        return None

    def resume_options(self) -> list[str]:
        return []


def test_a_ctrl_c_while_the_wrangle_s_end_is_shown_still_makes_the_last_try() -> None:
    """The last move ends the game, its result not kept yet, and Ctrl-C comes while the end
    is shown: the result still gets its last try as the game is left."""
    wrangle = get_game("wrangle")
    known = load_wins(wrangle)["wrangle(first=cut)"]
    session = Session(wrangle, deck=parse_cards(known["deck"]))
    for move in known["moves"][:-1]:
        session.play(move)
    lines = iter(known["moves"][-1:])
    changed = _Unkept()
    loop = WrangleLoop(
        session, {}, Console(file=io.StringIO()), lambda _: next(lines), Random(1), changed
    )

    def interrupted(seat: str) -> None:
        if session.outcome is not None:
            raise KeyboardInterrupt

    loop.show = interrupted  # type: ignore[method-assign]
    assert loop.run() == "north" and loop.interrupted
    assert changed.last_tries == 1


def test_a_game_left_unfinished_with_its_own_statistics_file_is_resumed_with_it(
    tmp_path: Path,
) -> None:
    """The command said to resume a kept game names the statistics file it was played with,
    so that its result, once it ends, counts there and not in the per-user file."""
    db = tmp_path / "own.db"
    lines, outcome = first_move_game(5)
    left = parlour("play", "royal-marriage", "--deal", "5", "--db", str(db), lines=lines[:2])
    said = re.search(r"The unfinished game is kept: (.+)", left.stdout)
    assert said, left.stdout
    command = shlex.split(said[1])
    assert command[:3] == ["parlour", "play", "--load"] and command[-2:] == ["--db", str(db)]
    ended = parlour(*command[1:], lines=lines[2:])
    assert ended.returncode == 0, ended.stderr
    assert outcome == LOST and [(row["played"], row["won"]) for row in stats(db)] == [(1, 0)]
