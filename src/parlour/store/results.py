"""Per-deal results of odds runs in SQLite: one row per deal and run.

A run is named by a `RunKey` (game, parameters, rules version, policy, budget); a deal is
stored at most once per run (the primary key), so a resumed run never counts a deal twice.
The file carries an application id and a schema version, so a foreign or newer database is
refused with a message instead of being changed. WAL journaling lets readers look while a run
writes. A file that exists is opened read-only until a run has deals to store, so that a run
whose deals are all stored (a summary, a chart) can read an archived, read-only file.
"""

from __future__ import annotations

import sqlite3
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from parlour.core.errors import ParlourError
from parlour.store.database import read_only, refused_as_read_only

APPLICATION_ID = 0x50524F44  # "PROD": Parlour results of odds runs
SCHEMA_VERSION = 1
MAX_STORED_DEAL = 2**63 - 1  # SQLite integers are signed 64-bit
MAX_BUDGET = MAX_STORED_DEAL  # a budget is kept in the same kind of column
WRITE_WAIT_SECONDS = 300.0  # how long a write waits for a lock another program holds on the file
LOCK_LOOK_SECONDS = 0.05  # how often it looks again: SQLite's own wait holds off a Ctrl-C

_SCHEMA = """
CREATE TABLE results (
    game TEXT NOT NULL,
    params TEXT NOT NULL,
    rules_version TEXT NOT NULL,
    policy TEXT NOT NULL,
    budget INTEGER NOT NULL,
    deal INTEGER NOT NULL,
    result TEXT NOT NULL CHECK (result IN ('won', 'lost', 'unknown', 'draw')),
    nodes INTEGER NOT NULL,
    seconds REAL NOT NULL,
    PRIMARY KEY (game, params, rules_version, policy, budget, deal)
) WITHOUT ROWID
"""
_COLUMNS = [
    "game",
    "params",
    "rules_version",
    "policy",
    "budget",
    "deal",
    "result",
    "nodes",
    "seconds",
]
_KEY = "game = ? AND params = ? AND rules_version = ? AND policy = ? AND budget = ?"

Row = tuple[int, str, int, float]  # deal, result, nodes, seconds


class ResultsError(ParlourError):
    """A results database that cannot be used: unreadable, corrupt, foreign or newer."""


class NotStored(ResultsError):
    """Results that could not be written (the file locked for too long, read-only, full)."""


@dataclass(frozen=True)
class RunKey:
    """What makes two results comparable: the same game, parameters (as sorted JSON), rules
    version, policy and budget (0 when the policy has none)."""

    game: str
    params: str
    rules_version: str
    policy: str
    budget: int

    def values(self) -> tuple[str, str, str, str, int]:
        return (self.game, self.params, self.rules_version, self.policy, self.budget)


@dataclass(frozen=True)
class Tally:
    """Results of a run counted by kind, with the solving time they took."""

    counts: Counter[str]
    seconds: float

    @property
    def deals(self) -> int:
        return sum(self.counts.values())


def waiting_for_lock(write: Callable[[], object]) -> None:
    """`write`, tried again while another program holds the file's lock, for up to
    `WRITE_WAIT_SECONDS`: waiting in Python's own sleep, which a Ctrl-C ends at once, where
    SQLite's wait would hold it off until the lock came free."""
    deadline = time.monotonic() + WRITE_WAIT_SECONDS
    while True:
        try:
            write()
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() >= deadline:
                raise
        time.sleep(LOCK_LOOK_SECONDS)


class ResultStore:
    """A results database, opened (and created if new) with its schema checked."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.writable = not (self.path.is_file() and self.path.stat().st_size)
        with self._guard("open"):
            if self.writable:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._db = sqlite3.connect(self.path, timeout=LOCK_LOOK_SECONDS)
            else:
                self._db = read_only(self.path)
        try:
            with self._guard("open"):
                if self.writable:
                    self._prepare()
                else:
                    self._check_kind()
        except BaseException:
            self._db.close()
            raise

    def to_write(self) -> None:
        """Open the file to write, where it was opened to read; a file this process may not
        write is refused here, before any deal is decided."""
        if self.writable:
            return
        self._db.close()
        with self._guard("write", NotStored):
            self._db = sqlite3.connect(self.path, timeout=LOCK_LOOK_SECONDS)
            self.writable = True
            self._prepare()

    def _prepare(self) -> None:
        """Check the file and, if it is new, make it one of this kind, in one transaction that
        holds the write lock: two runs starting on one new file at once cannot both make it,
        nor one see it half made, and a file that cannot be written is refused before any deal
        is decided. Only then is the journal (a write) set to WAL."""
        waiting_for_lock(lambda: self._db.execute("BEGIN IMMEDIATE"))
        try:
            if self._is_new():
                self._db.execute(_SCHEMA)
                self._db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self._check_kind()
            # a write that changes nothing: a file opened read-only (immutable, say) takes
            # the lock and the commit without a word, and refuses only a real write
            self._db.execute("DELETE FROM results WHERE 0")
            self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:
                self._db.rollback()
            raise
        waiting_for_lock(lambda: self._db.execute("PRAGMA journal_mode = WAL"))

    def _is_new(self) -> bool:
        application = self._db.execute("PRAGMA application_id").fetchone()[0]
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        tables = self._db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        return bool(application == 0 and version == 0 and tables == 0)

    def _check_kind(self) -> None:
        """Refuse a file not of this kind, of another schema, or whose table is not the one
        this schema makes. Reads only."""
        application = self._db.execute("PRAGMA application_id").fetchone()[0]
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if application != APPLICATION_ID:
            raise ResultsError(f"{self.path} is not a Parlour results database")
        if version != SCHEMA_VERSION:
            raise ResultsError(
                f"{self.path} has results schema {version}; this Parlour reads {SCHEMA_VERSION}"
            )
        columns = [row[1] for row in self._db.execute("PRAGMA table_info(results)")]
        if columns != _COLUMNS:
            raise ResultsError(f"{self.path} is damaged: its results table is not this schema's")

    @contextmanager
    def _guard(self, doing: str, kind: type[ResultsError] = ResultsError) -> Iterator[None]:
        try:
            yield
        except (sqlite3.Error, OSError) as error:
            reason = "it is read-only" if refused_as_read_only(error) else str(error)
            raise kind(f"cannot {doing} results database {self.path}: {reason}") from None

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def done_deals(self, key: RunKey, first: int, last: int) -> set[int]:
        """The deals from `first` to `last` (inclusive) already stored for `key`."""
        with self._guard("read"):
            rows = self._db.execute(
                f"SELECT deal FROM results WHERE {_KEY} AND deal BETWEEN ? AND ?",
                (*key.values(), first, last),
            )
            return {deal for (deal,) in rows}

    def add(self, key: RunKey, rows: Iterable[Row]) -> None:
        """Store `rows` in one transaction; a deal already stored for `key` is kept as it was."""
        self.to_write()
        values = [(*key.values(), *row) for row in rows]

        def insert() -> None:
            with self._db:
                self._db.executemany(
                    "INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                    values,
                )

        with self._guard("write", NotStored):
            waiting_for_lock(insert)

    def rows(self, key: RunKey, first: int, last: int) -> list[Row]:
        """The stored rows of `key` from deal `first` to `last`, by deal."""
        with self._guard("read"):
            return list(
                self._db.execute(
                    f"SELECT deal, result, nodes, seconds FROM results WHERE {_KEY} "
                    "AND deal BETWEEN ? AND ? ORDER BY deal",
                    (*key.values(), first, last),
                )
            )

    def tally(self, key: RunKey, first: int = 0, last: int = MAX_STORED_DEAL) -> Tally:
        """Counts by result of the deals `first` to `last` stored for `key`."""
        with self._guard("read"):
            found = self._db.execute(
                f"SELECT result, count(*), sum(seconds) FROM results WHERE {_KEY} "
                "AND deal BETWEEN ? AND ? GROUP BY result",
                (*key.values(), first, last),
            ).fetchall()
        return Tally(Counter({r: n for r, n, _ in found}), sum(s for _, _, s in found))

    def runs(self) -> list[RunKey]:
        """Every run that has results, ordered by game, parameters, policy and budget."""
        with self._guard("read"):
            found = self._db.execute(
                "SELECT DISTINCT game, params, rules_version, policy, budget FROM results "
                "ORDER BY game, params, policy, budget, rules_version"
            ).fetchall()
        return [RunKey(*row) for row in found]
