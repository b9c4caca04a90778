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
from collections.abc import Iterator
from contextlib import contextmanager
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


@contextmanager
def serving(path: str | os.PathLike[str]) -> Iterator[None]:
    """Hold the database at `path` for one server for as long as it serves: a second server on
    the same file would keep its own copy of each game in memory, and the two would overwrite
    each other's moves. The hold is a lock on a file beside the database (`….serving`), which
    the system lets go when the process ends, however it ends. The terminal commands take no
    hold: they write only the games they play and the results of games that end."""
    if sys.platform == "win32":  # no advisory locks there: one server per file is up to you
        yield
        return
    import fcntl

    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle = open(f"{target}.serving", "a")  # noqa: SIM115 - held open while serving
    except OSError as error:
        raise DatabaseError(f"cannot use the database {target}: {error.strerror}") from None
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise DatabaseError(
                f"another Parlour server is using {target}: stop it, or give --db another file"
            ) from None
        yield


def connect(path: str | os.PathLike[str]) -> sqlite3.Connection:
    """Open to write (creating if need be) the database at `path`, migrated to `SCHEMA_VERSION`.

    Everything is checked before anything is written, and what is written (the mark, the
    migrations) is one transaction: a file refused is left as it was. A file this process may
    not write is refused at once, not at the first game saved."""
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(target, check_same_thread=False, isolation_level=None)
    except (OSError, sqlite3.DatabaseError) as error:
        raise DatabaseError(f"cannot use the database {target}: {error}") from None
    try:
        # The look and the writing are one transaction, under the write lock: another process
        # making the same new file at once is waited for, never found half made nor made twice.
        connection.execute("BEGIN IMMEDIATE")
        try:
            _write_schema(connection, _check_kind(connection, target))
            connection.execute("COMMIT")
        finally:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=NORMAL")
    except sqlite3.DatabaseError as error:
        connection.close()
        if refused_as_read_only(error):
            raise DatabaseError(
                f"cannot write the database {target}: it is read-only; give --db another file"
            ) from None
        raise DatabaseError(f"cannot use the database {target}: {error}") from None
    except DatabaseError:
        connection.close()
        raise
    return connection


def refused_as_read_only(error: BaseException) -> bool:
    """Whether SQLite refused a write because the file (or its folder) cannot be written."""
    return isinstance(error, sqlite3.Error) and error.sqlite_errorname.startswith("SQLITE_READONLY")


def read_only(path: Path) -> sqlite3.Connection:
    """A connection to the SQLite file at `path` that cannot write it. A file in WAL mode on a
    folder that cannot be written (an archive, a read-only disk) and with no write-ahead log
    beside it is read as unchanging, since SQLite could not make the files it reads WAL by."""
    uri = f"{path.resolve().as_uri()}?mode=ro"
    wal = Path(f"{path}-wal")
    unchanging = not os.access(path.parent, os.W_OK) and not (wal.exists() and wal.stat().st_size)
    connection = sqlite3.connect(
        uri + ("&immutable=1" if unchanging else ""), uri=True, check_same_thread=False
    )
    connection.execute("SELECT count(*) FROM sqlite_master").fetchone()  # opens the file
    return connection


def connect_to_read(path: str | os.PathLike[str]) -> sqlite3.Connection | None:
    """Open the database at `path` read-only, as it is, writing nothing to it (a file of an
    older schema is read as it is: the statistics read only what every version has); None
    when it holds nothing yet."""
    target = Path(path)
    try:
        connection = read_only(target)
    except (OSError, sqlite3.DatabaseError) as error:
        raise DatabaseError(f"cannot read the database {target}: {error}") from None
    try:
        _check_kind(connection, target)
        tables = connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    except sqlite3.DatabaseError as error:
        connection.close()
        raise DatabaseError(f"cannot read the database {target}: {error}") from None
    except DatabaseError:
        connection.close()
        raise
    if tables == 0:
        connection.close()
        return None
    return connection


def _check_kind(connection: sqlite3.Connection, target: Path) -> bool:
    """Refuse any SQLite file but a new one or one of this kind, of a schema this Parlour
    knows and with its tables; True when the file is yet to be marked as this kind (new, or
    from before the mark). Reads only."""
    application = connection.execute("PRAGMA application_id").fetchone()[0]
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    rows = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
    tables = {name for (name,) in rows}
    new = not tables and version == 0
    ours = application == APPLICATION_ID or (
        application == 0 and (new or (tables == OWN_TABLES and version >= 1))
    )
    if not ours:
        raise DatabaseError(
            f"{target} is not a Parlour games database (saved games and statistics):"
            " give --db another file"
        )
    if version > SCHEMA_VERSION:
        raise DatabaseError(
            f"the database has schema version {version}, newer than this Parlour ({SCHEMA_VERSION})"
        )
    if version >= 1 and not tables >= OWN_TABLES:
        raise DatabaseError(f"{target} is damaged: its tables are missing")
    return bool(application == 0)


def _write_schema(connection: sqlite3.Connection, unmarked: bool) -> None:
    """Mark the file and bring it up to date, in the caller's transaction. The version is
    written even when it is unchanged, so that a file this process may not write is found out
    here."""
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    if unmarked:
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    for step in range(version + 1, SCHEMA_VERSION + 1):
        # one statement at a time: `executescript` would commit the transaction first (the
        # migrations hold no ";" but between statements)
        for statement in _MIGRATIONS[step].split(";"):
            if statement.strip():
                connection.execute(statement)
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
