"""The SQLite file behind saved games and statistics: where it lives, its schema and version.

One process writes it (the server); WAL lets readers look while it does. The schema version is
SQLite's `user_version`; each migration moves it up by one, so an older file is brought up to
date when opened and a newer one is refused rather than misread.
"""

from __future__ import annotations

import os
import sqlite3
import sys
from pathlib import Path

from parlour.core.errors import ParlourError

SCHEMA_VERSION = 1
FILE_NAME = "parlour.db"

_MIGRATIONS = {
    1: """
    CREATE TABLE games (
        game_id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        record TEXT NOT NULL,
        outcome TEXT,
        seats TEXT NOT NULL,
        opponent TEXT,
        table_id TEXT UNIQUE,
        autoplay INTEGER NOT NULL,
        elapsed REAL NOT NULL,
        updated TEXT NOT NULL
    );
    CREATE INDEX games_in_play ON games (outcome, updated);
    CREATE TABLE results (
        game_id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        params TEXT NOT NULL,
        won INTEGER NOT NULL,
        seconds REAL NOT NULL,
        ended TEXT NOT NULL
    );
    CREATE INDEX results_by_game ON results (game, params, ended);
    """,
}


class DatabaseError(ParlourError):
    """The database file cannot be used."""


def default_path() -> Path:
    """The per-user data folder's database: XDG on Linux, the usual folders elsewhere."""
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "parlour" / FILE_NAME


def connect(path: str | os.PathLike[str]) -> sqlite3.Connection:
    """Open (creating if need be) the database at `path`, migrated to `SCHEMA_VERSION`."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        connection = sqlite3.connect(target, check_same_thread=False, isolation_level=None)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=NORMAL")
        _migrate(connection)
    except sqlite3.DatabaseError as error:
        raise DatabaseError(f"cannot use the database {target}: {error}") from None
    return connection


def _migrate(connection: sqlite3.Connection) -> None:
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise DatabaseError(
            f"the database has schema version {version}, newer than this Parlour ({SCHEMA_VERSION})"
        )
    for step in range(version + 1, SCHEMA_VERSION + 1):
        connection.executescript(
            f"BEGIN; {_MIGRATIONS[step]} PRAGMA user_version = {step}; COMMIT;"
        )
