"""Statistics from the terminal: a game's result kept when it first ends, in the same SQLite
file as the web app's (`--db`, by default the per-user one), and `parlour stats` to read them.
"""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from parlour.core.errors import ParlourError
from parlour.core.session import Session
from parlour.frontends.cli.common import BAD_INPUT, DbOpt, console, errors, flag, guarded
from parlour.frontends.cli.kept import in_kept_folder, resume_command
from parlour.games import get_game
from parlour.store.database import connect, connect_to_read, default_path
from parlour.store.stats import FirstEnding, Stats, StatsStore

LAST_TRY_SECONDS = 20.0  # how long leaving a game waits for a lock held on the statistics


def open_stats(db: Path | None) -> StatsStore:
    """The statistics in `db` (None: the per-user file), made if need be."""
    return StatsStore(connect(db or default_path()))


class ResultKeeper:
    """Keeps one terminal game's result the first time it ends (undoing and ending again, or
    loading its save and ending again, counts once), as the web app does: the Wrangle only
    against a computer (`opponent`, its name), for the person at `seat`. A game loaded when
    it had already ended was counted then, not now, unless it was `loaded` from the kept
    folder, where an ended game waits because its result could not be counted. A result the
    file cannot take is tried again after each line, and once more, waiting `patience`
    seconds for a lock, as the game is left."""

    def __init__(
        self,
        stats: StatsStore,
        session: Session[Any],
        *,
        opponent: str | None = None,
        seat: str | None = None,
        loaded: Path | None = None,
        patience: float = LAST_TRY_SECONDS,
    ) -> None:
        self.stats = stats
        self.opponent = opponent
        self.ending = FirstEnding(
            f"terminal-{session.id}",
            opponent=opponent,
            seat=seat,
            counts=session.outcome is None or (loaded is not None and in_kept_folder(loaded)),
        )
        self.patience = patience

    def __call__(self, session: Session[Any]) -> str | None:
        """Keep the result if the game has ended; a warning if it could not be kept."""
        failure = self._keep(session)
        return (
            None
            if failure is None
            else f"the result could not be kept in the statistics: {failure}"
        )

    def last_try(self, session: Session[Any], kept: Path) -> str | None:
        """As the game is left: keep its result, waiting for a lock; if it still cannot be
        kept, what to tell the player, whose ended game is then kept in `kept`."""
        with self.stats.waiting(self.patience):
            failure = self._keep(session)
        if failure is None:
            return None
        against = [] if self.opponent is None else ["--vs", self.opponent]
        again = resume_command(kept, *against, *self.resume_options())
        return (
            f"The result could not be kept in the statistics ({failure}). The ended game is"
            f" kept, and counts once the file can be written: {again}"
        )

    def resume_options(self) -> list[str]:
        """`--db` when the statistics are not in the per-user file."""
        path = self.stats.path
        return [] if path.resolve() == default_path().resolve() else ["--db", str(path)]

    def _keep(self, session: Session[Any]) -> str | None:
        """Keep the result as the game first ended, once; why not, if it could not be kept."""
        try:
            self.ending.keep(self.stats, session, session.elapsed)
        except (sqlite3.Error, ParlourError) as error:
            return str(error)
        return None


def stats_command(
    db: DbOpt = None,
    as_json: Annotated[bool, flag("--json", help="Print a JSON list.")] = False,
) -> None:
    """Statistics per game and variant: played, won, streaks and the fastest win.

    They count the games played in the terminal and in the browser alike."""
    path = db or default_path()
    if path.exists() and not path.is_file():
        errors.print(f"parlour: {escape(str(path))} is not a file: give --db a database file")
        raise typer.Exit(BAD_INPUT)
    # Nothing is written here (the file is opened read-only): an empty file, or none, holds
    # no games yet.
    exists = path.is_file() and path.stat().st_size > 0
    rows = guarded(lambda: _read(path)) if exists else []
    if as_json:
        typer.echo(json.dumps([row.to_json() for row in rows]))
        return
    if not rows:
        missing = db is not None and not db.exists()  # a path mistyped shows itself
        console.print(
            "No game has been finished yet"
            + (f": there is no file {escape(str(db))}." if missing else ".")
        )
        return
    table = Table("Game", "Variant", "Played", "Won", "Won %", "Streak", "Best streak", "Best time")
    for row in rows:
        table.add_row(
            _name(row.game),
            row.variant_words() or "–",
            str(row.played),
            str(row.won),
            f"{round(100 * row.won / row.played)}%" if row.played else "–",
            str(row.current_streak),
            str(row.best_streak),
            _clock(row.best_seconds),
        )
    if not console.is_terminal:  # a file or a pipe has no width to wrap to: a row a line
        unbounded = console.options.update_width(10_000)
        console.width = max(console.width, console.measure(table, options=unbounded).maximum)
    console.print(table)


def _read(path: Path) -> list[Stats]:
    connection = connect_to_read(path)
    if connection is None:
        return []
    with closing(connection):
        return StatsStore(connection).all()


def _name(game_id: str) -> str:
    try:
        return get_game(game_id).info.name
    except ParlourError:  # a game of another version
        return game_id


def _clock(seconds: float | None) -> str:
    if seconds is None:
        return "–"
    whole = round(seconds)
    return f"{whole // 60}:{whole % 60:02d}"
