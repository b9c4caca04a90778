"""The results database: one row per deal and run, and refusals that change nothing."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from parlour.store.results import (
    _SCHEMA,
    APPLICATION_ID,
    SCHEMA_VERSION,
    ResultsError,
    ResultStore,
    RunKey,
)
from tests.sqlite_locks import write_lock_asked

KEY = RunKey("royal-marriage", '{"mode": "as-dealt", "variant": "standard"}', "1", "solver", 10)
OTHER = RunKey("royal-marriage", '{"mode": "open", "variant": "standard"}', "1", "solver", 10)


def test_a_deal_is_stored_once_and_the_first_result_kept(tmp_path: Path) -> None:
    with ResultStore(tmp_path / "odds.sqlite") as store:
        store.add(KEY, [(1, "won", 5, 0.1), (2, "lost", 7, 0.2)])
        store.add(KEY, [(2, "won", 9, 0.3), (3, "unknown", 10, 0.4)])
        store.add(OTHER, [(1, "lost", 3, 0.5)])
        assert store.rows(KEY, 1, 3) == [
            (1, "won", 5, 0.1),
            (2, "lost", 7, 0.2),
            (3, "unknown", 10, 0.4),
        ]
        tally = store.tally(KEY)
        assert dict(tally.counts) == {"won": 1, "lost": 1, "unknown": 1}
        assert tally.deals == 3
        assert tally.seconds == pytest.approx(0.7)
        assert store.done_deals(KEY, 2, 9) == {2, 3}
        assert store.runs() == [KEY, OTHER]


def test_results_persist_across_openings(tmp_path: Path) -> None:
    path = tmp_path / "odds.sqlite"
    with ResultStore(path) as store:
        store.add(KEY, [(1, "won", 5, 0.1)])
    with ResultStore(path) as store:
        assert store.done_deals(KEY, 0, 10) == {1}


def _unchanged_refusal(path: Path, message: str) -> None:
    before = path.read_bytes()
    with pytest.raises(ResultsError, match=message):
        ResultStore(path)
    assert path.read_bytes() == before


def test_a_corrupt_file_is_refused_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "odds.sqlite"
    path.write_bytes(b"this is not a database at all, just some text " * 100)
    _unchanged_refusal(path, "cannot open results database")


def test_a_foreign_database_is_refused_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE people (name TEXT)")
    db.close()
    _unchanged_refusal(path, "is not a Parlour results database")


def test_a_newer_schema_is_refused_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "odds.sqlite"
    ResultStore(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    _unchanged_refusal(path, f"has results schema {SCHEMA_VERSION + 1}")


def test_a_table_not_of_this_schema_is_refused_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "odds.sqlite"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE results (deal INTEGER)")
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    db.close()
    _unchanged_refusal(path, "its results table is not this schema's")


def test_a_file_being_made_by_another_run_is_waited_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two runs starting on one new file: the second waits while the first makes it, then
    finds it made, where it used to find it empty and make it again (or half made)."""
    path = tmp_path / "odds.sqlite"
    first = sqlite3.connect(path, isolation_level=None)
    first.execute("BEGIN IMMEDIATE")
    first.execute(_SCHEMA)
    stored: list[set[int] | BaseException] = []

    def second() -> None:
        try:
            with ResultStore(path) as store:
                store.add(KEY, [(1, "won", 5, 0.1)])
                stored.append(store.done_deals(KEY, 1, 1))
        except BaseException as error:  # the test reports what happened
            stored.append(error)

    asked = write_lock_asked(monkeypatch)
    waiting = threading.Thread(target=second)
    waiting.start()
    assert asked.wait(30)  # the second run is at the file's lock, which the first holds
    assert not stored
    first.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    first.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    first.execute("COMMIT")
    first.close()
    waiting.join()
    assert stored == [{1}]


def test_an_unknown_result_kind_is_refused(tmp_path: Path) -> None:
    with ResultStore(tmp_path / "odds.sqlite") as store:
        with pytest.raises(ResultsError, match="cannot write"):
            store.add(KEY, [(1, "maybe", 1, 0.1)])
        assert store.runs() == []
