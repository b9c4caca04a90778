"""The SQLite file behind saved games and statistics: where it lives, its schema and version.

One process writes it (the server); WAL lets readers look while it does. The schema version is
SQLite's `user_version`; each migration moves it up by one, so an older file is brought up to
date when opened and a newer one is refused rather than misread. SQLite's `application_id`
marks the file as this kind, so that another SQLite file (the odds runs' results, another
program's) is refused and left as it was, not written into.
"""

from __future__ import annotations

import os
import sqlite3
import sys
from pathlib import Path

from parlour.core.errors import ParlourError

SCHEMA_VERSION = 2
FILE_NAME = "parlour.db"
APPLICATION_ID = 0x50474D53  # "PGMS": Parlour's saved games and statistics
OWN_TABLES = {"games", "results"}  # what a file of this kind held before it was marked

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
    2: """
    ALTER TABLE games ADD COLUMN played INTEGER NOT NULL DEFAULT 0;
    UPDATE games SET played = json_array_length(record, '$.moves')
        + coalesce(json_array_length(record, '$.undone'), 0);
    CREATE INDEX games_unplayed ON games (played, updated);
    """,
}


class DatabaseError(ParlourError):
    """The database file cannot be used."""


def data_folder() -> Path:
    """The per-user data folder: XDG on Linux, the usual folders elsewhere."""
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "parlour"


def default_path() -> Path:
    """The per-user database of saved games and statistics."""
    return data_folder() / FILE_NAME


def connect(path: str | os.PathLike[str]) -> sqlite3.Connection:
    """Open (creating if need be) the database at `path`, migrated to `SCHEMA_VERSION`."""
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(target, check_same_thread=False, isolation_level=None)
    except (OSError, sqlite3.DatabaseError) as error:
        raise DatabaseError(f"cannot use the database {target}: {error}") from None
    try:
        _claim(connection, target)
        _check_version(connection)  # before anything is written
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=NORMAL")
        _migrate(connection)
    except sqlite3.DatabaseError as error:
        connection.close()
        raise DatabaseError(f"cannot use the database {target}: {error}") from None
    except DatabaseError:
        connection.close()
        raise
    return connection


def _claim(connection: sqlite3.Connection, target: Path) -> None:
    """Mark a new file (or one of this kind from before the mark) as this kind; refuse any
    other SQLite file."""
    application = connection.execute("PRAGMA application_id").fetchone()[0]
    if application == APPLICATION_ID:
        return
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    rows = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
    tables = {name for (name,) in rows}
    new = not tables and version == 0
    if application == 0 and (new or (tables == OWN_TABLES and version >= 1)):
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        return
    raise DatabaseError(
        f"{target} is not a Parlour games database (saved games and statistics):"
        " give --db another file"
    )


def _check_version(connection: sqlite3.Connection) -> None:
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise DatabaseError(
            f"the database has schema version {version}, newer than this Parlour ({SCHEMA_VERSION})"
        )


def _migrate(connection: sqlite3.Connection) -> None:
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    for step in range(version + 1, SCHEMA_VERSION + 1):
        connection.executescript(
            f"BEGIN; {_MIGRATIONS[step]} PRAGMA user_version = {step}; COMMIT;"
        )
