"""Results of ended games and the statistics drawn from them, per game and variant.

A result is written once per game (its id is the key), so undoing after the end and winning
again does not count twice.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

from parlour.core.errors import ParlourError
from parlour.core.game import WON
from parlour.core.params import choices, params_dict
from parlour.core.session import Session
from parlour.games import get_game
from parlour.store.database import DatabaseError

BARE = ("variant", "mode")  # parameters whose values say what they are ("open", "push-pin")


@dataclass(frozen=True)
class Stats:
    """One game and variant's record: played, won, streaks of wins, fastest win."""

    game: str
    params: dict[str, str]
    played: int
    won: int
    current_streak: int
    best_streak: int
    best_seconds: float | None

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "variant_words": self.variant_words()}

    def variant_words(self) -> str:
        """The parameters in words, in the game's own order, the opponent last: a variant or
        a mode by its value, the opponent as "against greedy", any other by its name too
        ("first: north", who began, not the player's seat); "" for a game without any."""
        try:
            order = [*choices(get_game(self.game).info.params_type), "opponent"]
        except ParlourError:  # a game of another version
            order = []
        names = [n for n in order if n in self.params]
        names += [n for n in self.params if n not in order]
        return ", ".join(_param_words(name, self.params[name]) for name in names)


def _param_words(name: str, value: str) -> str:
    if name in BARE:
        return value
    return f"against {value}" if name == "opponent" else f"{name}: {value}"


class StatsStore:
    """Results in the database; safe to call from the server's threads."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._db = connection
        self._lock = threading.Lock()

    @property
    def path(self) -> Path:
        """The database file the statistics are in."""
        with self._lock:
            rows = self._db.execute("PRAGMA database_list").fetchall()
        return Path(next(file for _, name, file in rows if name == "main"))

    @contextmanager
    def waiting(self, seconds: float) -> Iterator[None]:
        """Writes made within wait up to `seconds` for a lock another program holds on the
        file (the last try to keep a result, as its game is left), where they usually give up
        after SQLite's default of 5 s."""
        with self._lock:
            before = self._db.execute("PRAGMA busy_timeout").fetchone()[0]
            self._db.execute(f"PRAGMA busy_timeout = {round(seconds * 1000)}")
        try:
            yield
        finally:
            with self._lock:
                self._db.execute(f"PRAGMA busy_timeout = {before}")

    def record(
        self, game_id: str, game: str, params: dict[str, str], won: bool, seconds: float
    ) -> bool:
        """Keep the result of game `game_id`; False if it was already kept."""
        ended = datetime.now(UTC).isoformat(timespec="microseconds")
        with self._lock:
            cursor = self._db.execute(
                "INSERT OR IGNORE INTO results VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, game, _key(params), int(won), round(seconds, 3), ended),
            )
        return cursor.rowcount == 1

    def all(self) -> list[Stats]:
        """Statistics of every game and variant played, in a stable order."""
        with self._lock:
            try:
                rows = self._db.execute(
                    "SELECT game, params, won, seconds FROM results ORDER BY game, params, ended"
                ).fetchall()
            except sqlite3.DatabaseError as error:  # a damaged file opens, then fails to read
                raise DatabaseError(f"cannot read the statistics: {error}") from None
        groups: dict[tuple[str, str], list[tuple[bool, float]]] = {}
        for game, params, won, seconds in rows:
            groups.setdefault((game, params), []).append((bool(won), seconds))
        return [_stats(game, params, results) for (game, params), results in groups.items()]


class Result(NamedTuple):
    """An ended game's result, as `StatsStore.record` takes it after the game's id."""

    game: str
    params: dict[str, str]
    won: bool
    seconds: float


def result_of(
    session: Session[Any], seconds: float, *, opponent: str | None = None, seat: str | None = None
) -> Result | None:
    """The result of `session` if it has ended and counts: a one-player game under its
    params; the Wrangle against a computer player (`opponent`, its name) as the person at
    `seat` fared, under the params and the opponent; a game between people counts for no one
    (`opponent` None)."""
    outcome = session.outcome
    two_player = bool(session.game.info.seats)
    if outcome is None or (two_player and opponent is None):
        return None
    params: dict[str, str] = params_dict(session.first.params)
    if two_player:
        params["opponent"] = str(opponent)
    won = outcome == (seat if two_player else WON)
    return Result(session.game.info.id, params, won, seconds)


class FirstEnding:
    """Keeps a game's result as it first ended, once. A result the file cannot take waits
    here unchanged for the next try, whatever the game does meanwhile: undone and ended
    otherwise, it still counts as it first ended, with the time it took then."""

    def __init__(
        self,
        game_id: str,
        *,
        opponent: str | None = None,
        seat: str | None = None,
        counts: bool = True,
    ) -> None:
        self.game_id = game_id
        self.opponent = opponent
        self.seat = seat
        self.counts = counts  # False once kept, or for a game whose result was kept before
        self.waiting: Result | None = None

    def keep(self, stats: StatsStore, session: Session[Any], seconds: float) -> None:
        """Keep the result waiting, or else that of `session` (played `seconds`) if it has
        ended; raises the file's error when it cannot, and the result waits."""
        if self.counts and self.waiting is None:
            self.waiting = result_of(session, seconds, opponent=self.opponent, seat=self.seat)
        if self.waiting is None:
            return
        stats.record(self.game_id, *self.waiting)
        self.waiting, self.counts = None, False


def _key(params: dict[str, str]) -> str:
    return json.dumps(params, sort_keys=True)


def _stats(game: str, params: str, results: list[tuple[bool, float]]) -> Stats:
    best = current = 0
    for won, _ in results:
        current = current + 1 if won else 0
        best = max(best, current)
    times = [seconds for won, seconds in results if won]
    return Stats(
        game=game,
        params=json.loads(params),
        played=len(results),
        won=sum(won for won, _ in results),
        current_streak=current,
        best_streak=best,
        best_seconds=min(times) if times else None,
    )
