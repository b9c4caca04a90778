"""The SQLite store: saved games and statistics, its schema version and its default place."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from parlour.core.session import Session
from parlour.games import get_game
from parlour.store import games as games_store
from parlour.store.database import (
    _MIGRATIONS,
    APPLICATION_ID,
    SCHEMA_VERSION,
    DatabaseError,
    connect,
    default_path,
)
from parlour.store.games import SOLO, DamagedGame, GameStore, SavedGame
from parlour.store.results import ResultStore
from parlour.store.stats import StatsStore
from tests.sqlite_locks import write_lock_asked


def _saved(game_id: str, moves: int) -> SavedGame:
    session = Session(get_game("plait"), deal=7)
    for _ in range(moves):
        session.play(session.game.legal_moves(session.state)[0])
    return SavedGame(game_id, session.record(), {SOLO: "hash"}, elapsed=12.5)


def test_a_saved_game_reads_back_the_same(tmp_path: Path) -> None:
    store = GameStore(connect(tmp_path / "p.db"))
    game = _saved("g1", moves=3)
    store.save(game)
    loaded = store.load("g1")
    assert loaded is not None and loaded.updated
    assert loaded.record == game.record
    assert (loaded.seats, loaded.elapsed) == (game.seats, game.elapsed)
    assert store.load("nope") is None


def test_saving_again_replaces_and_in_play_lists_unended_games(tmp_path: Path) -> None:
    store = GameStore(connect(tmp_path / "p.db"))
    store.save(_saved("g1", moves=1))
    store.save(_saved("g1", moves=2))
    assert [len(g.record.moves) for g in store.in_play()] == [2]


def test_a_damaged_game_is_said_and_the_others_stay_listed(tmp_path: Path) -> None:
    connection = connect(tmp_path / "p.db")
    store = GameStore(connection)
    for game_id in ("g1", "g2"):
        store.save(_saved(game_id, 2))
    connection.execute("UPDATE games SET record = substr(record, 1, 40) WHERE game_id = 'g1'")
    assert [game.game_id for game in store.in_play()] == ["g2"]
    with pytest.raises(DamagedGame, match="g1 is damaged and cannot be resumed"):
        store.load("g1")


def test_only_the_newest_games_with_nothing_played_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(games_store, "UNPLAYED_KEPT", 2)
    store = GameStore(connect(tmp_path / "p.db"))
    store.save(_saved("played", moves=1))
    for name in ("old", "middle", "new"):
        store.save(_saved(name, moves=0))
    assert store.load("old") is None
    assert [g.game_id for g in store.in_play()] == ["new", "middle", "played"]


def test_a_game_restarted_or_undone_to_its_start_is_kept_as_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(games_store, "UNPLAYED_KEPT", 1)
    store = GameStore(connect(tmp_path / "p.db"))
    session = Session(get_game("plait"), deal=7)
    session.play("deal")
    session.restart()  # its moves can be redone: what the player did is in the save
    store.save(SavedGame("restarted", session.record(), {SOLO: "hash"}))
    store.save(_saved("fresh", moves=0))
    kept = store.load("restarted")
    assert kept is not None and len(kept.record.undone) == 1


def test_a_file_of_schema_1_learns_which_games_were_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "p.db"
    with sqlite3.connect(path) as raw:
        raw.executescript(_MIGRATIONS[1])
        for game_id, moves in (("played", 2), ("unplayed", 0)):
            record = _saved(game_id, moves).record.to_json()
            raw.execute(
                "INSERT INTO games VALUES (?, 'plait', ?, NULL, '{}', NULL, NULL, 0, 0, '2026')",
                (game_id, json.dumps(record)),
            )
        raw.execute("PRAGMA user_version = 1")
    monkeypatch.setattr(games_store, "UNPLAYED_KEPT", 1)
    store = GameStore(connect(path))
    store.save(_saved("now", moves=0))
    assert [g.game_id for g in store.in_play()] == ["now", "played"]


def test_streaks_best_time_and_one_result_per_game(tmp_path: Path) -> None:
    stats = StatsStore(connect(tmp_path / "p.db"))
    params = {"variant": "standard"}
    for number, (won, seconds) in enumerate(
        [(True, 90.0), (True, 60.0), (False, 10.0), (True, 80.0)]
    ):
        assert stats.record(f"g{number}", "plait", params, won, seconds)
    assert not stats.record("g0", "plait", params, False, 1.0)
    (entry,) = stats.all()
    assert entry.to_json() == {
        "game": "plait",
        "params": params,
        "played": 4,
        "won": 3,
        "current_streak": 1,
        "best_streak": 2,
        "best_seconds": 60.0,
        "variant_words": "standard",
    }


def test_variants_are_counted_apart(tmp_path: Path) -> None:
    stats = StatsStore(connect(tmp_path / "p.db"))
    stats.record("a", "plait", {"variant": "standard"}, False, 5.0)
    stats.record("b", "plait", {"variant": "four-passes"}, True, 5.0)
    assert {(s.params["variant"], s.won) for s in stats.all()} == {
        ("standard", 0),
        ("four-passes", 1),
    }


def test_the_file_is_in_wal_mode_with_the_schema_version(tmp_path: Path) -> None:
    connection = connect(tmp_path / "p.db")
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_a_new_file_being_made_by_another_process_is_waited_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two programs opening one new file at once (a game in the terminal and the server, say):
    the second waits while the first makes it, then finds it made, where it used to find it
    empty and make it again."""
    path = tmp_path / "p.db"
    first = sqlite3.connect(path, isolation_level=None)
    first.execute("BEGIN IMMEDIATE")
    first.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    for step in sorted(_MIGRATIONS):
        for statement in _MIGRATIONS[step].split(";"):
            if statement.strip():
                first.execute(statement)
    opened: list[int | BaseException] = []

    def second() -> None:
        try:
            connection = connect(path)
            opened.append(connection.execute("PRAGMA user_version").fetchone()[0])
            connection.close()
        except BaseException as error:  # the test reports what happened
            opened.append(error)

    asked = write_lock_asked(monkeypatch)
    waiting = threading.Thread(target=second)
    waiting.start()
    assert asked.wait(30)  # the second is at the file's lock, which the first holds
    assert not opened
    first.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    first.execute("COMMIT")
    first.close()
    waiting.join()
    assert opened == [SCHEMA_VERSION]


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "p.db"
    with sqlite3.connect(path) as raw:
        raw.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(DatabaseError, match="newer"):
        connect(path)


def test_another_kind_of_sqlite_file_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    results = tmp_path / "odds.sqlite"
    ResultStore(results).close()  # the odds runs' results: schema 1 too, but not this kind
    foreign = tmp_path / "contacts.db"
    with sqlite3.connect(foreign) as raw:
        raw.execute("CREATE TABLE contacts (name TEXT)")
    for path in (results, foreign):
        before = path.read_bytes()
        with pytest.raises(DatabaseError, match="is not a Parlour games database"):
            connect(path)
        assert path.read_bytes() == before


def _schema_1_file(path: Path, record: str) -> None:
    """A file as Parlour's first schema left it, unmarked, holding one game's `record`."""
    with sqlite3.connect(path) as raw:
        raw.executescript(_MIGRATIONS[1])
        raw.execute(
            "INSERT INTO games VALUES ('g', 'plait', ?, NULL, '{}', NULL, NULL, 0, 0, '2026')",
            (record,),
        )
        raw.execute("PRAGMA user_version = 1")


def test_a_file_refused_after_a_look_inside_is_left_byte_for_byte(tmp_path: Path) -> None:
    """Nothing is written before every check has passed: not the mark, not WAL, not half a
    migration (schema 2 reads each record, and a damaged one stops it)."""
    damaged_record = tmp_path / "damaged-record.db"
    _schema_1_file(damaged_record, '{"moves": [')
    newer = tmp_path / "newer.db"
    _schema_1_file(newer, "{}")
    with sqlite3.connect(newer) as raw:
        raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    no_tables = tmp_path / "no-tables.db"
    with sqlite3.connect(no_tables) as raw:
        raw.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    for path, words in (
        (damaged_record, "malformed JSON"),
        (newer, "newer"),
        (no_tables, "its tables are missing"),
    ):
        before = path.read_bytes()
        with pytest.raises(DatabaseError, match=words):
            connect(path)
        assert path.read_bytes() == before, path.name
        assert not Path(f"{path}-wal").exists()


def test_a_file_this_process_may_not_write_is_refused_at_once(tmp_path: Path) -> None:
    """Refused when opened, not when the first game is saved (a server would otherwise start
    and then fail every move)."""
    path = tmp_path / "p.db"
    connect(path).close()
    before = path.read_bytes()
    with unwritable(path), pytest.raises(DatabaseError, match="it is read-only"):
        connect(path)
    assert path.read_bytes() == before


@contextmanager
def unwritable(path: Path) -> Iterator[None]:
    """`path` made read-only even for root, whom file modes do not stop: immutable (Linux)."""
    if os.geteuid() != 0:
        path.chmod(0o444)
        yield
        path.chmod(0o644)
        return
    subprocess.run(["chattr", "+i", str(path)], check=True)
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


def test_a_file_from_before_the_kind_was_marked_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "p.db"
    GameStore(connect(path)).save(_saved("g1", 3))
    with sqlite3.connect(path) as raw:
        raw.execute("PRAGMA application_id = 0")
    kept = GameStore(connect(path)).load("g1")
    assert kept is not None and len(kept.record.moves) == 3
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "p.db"
    path.write_text("hello " * 1000)
    with pytest.raises(DatabaseError, match="cannot use"):
        connect(path)


def test_the_default_file_is_in_the_user_s_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_path() == tmp_path / "parlour" / "parlour.db"
