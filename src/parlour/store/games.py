"""Games in play, kept as their `GameRecord` after every move so that nothing a player did is
lost, not even to a server restart. Seats are kept as hashes of their tokens, never the tokens.

A game in which no move has been played, nor undone (a restart undoes them all, and they can
be redone), holds nothing a player did: only the newest `UNPLAYED_KEPT` of those are kept, so
that no client can fill the file by starting games (or opening tables for two that nobody
joins) without end.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from parlour.core.errors import ParlourError
from parlour.core.record import GameRecord

log = logging.getLogger(__name__)
SOLO = ""  # the seat key of a one-player game
UNPLAYED_KEPT = 1000
FORGET_UNPLAYED = """
    DELETE FROM games WHERE played = 0 AND outcome IS NULL AND game_id NOT IN
    (SELECT game_id FROM games WHERE played = 0 ORDER BY updated DESC, rowid DESC LIMIT ?)
"""
COLUMNS = "game_id, game, record, outcome, seats, opponent, table_id, autoplay, elapsed, updated"


@dataclass(frozen=True)
class SavedGame:
    """A game as the store keeps it."""

    game_id: str
    record: GameRecord
    seats: dict[str, str]  # seat (SOLO in one-player games) -> hash of its token
    opponent: str | None = None  # the Wrangle: a computer player's name or "human"
    table_id: str | None = None  # a two-person table's id, for its join link
    autoplay: bool = False
    elapsed: float = 0.0
    updated: str = ""


class GameStore:
    """Saved games in the database; one writer (the server), safe to call from its threads."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._db = connection
        self._lock = threading.Lock()

    def save(self, game: SavedGame) -> None:
        """Insert or replace `game`, stamped with the time now."""
        now = datetime.now(UTC).isoformat(timespec="seconds")
        played = len(game.record.moves) + len(game.record.undone)  # turns undone can be redone
        with self._lock:
            self._db.execute(
                f"INSERT OR REPLACE INTO games ({COLUMNS}, played)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game.game_id,
                    game.record.game,
                    json.dumps(game.record.to_json()),
                    game.record.outcome,
                    json.dumps(game.seats),
                    game.opponent,
                    game.table_id,
                    int(game.autoplay),
                    game.elapsed,
                    now,
                    played,
                ),
            )
            if not played:
                self._db.execute(FORGET_UNPLAYED, (UNPLAYED_KEPT,))

    def keep_clock(self, game_id: str, elapsed: float) -> None:
        """Keep how long game `game_id` has been played, as it stands when nobody is at it;
        when it was last played stays as it was."""
        with self._lock:
            self._db.execute("UPDATE games SET elapsed = ? WHERE game_id = ?", (elapsed, game_id))

    def load(self, game_id: str) -> SavedGame | None:
        return self._one(f"SELECT {COLUMNS} FROM games WHERE game_id = ?", game_id)

    def by_table(self, table_id: str) -> SavedGame | None:
        return self._one(f"SELECT {COLUMNS} FROM games WHERE table_id = ?", table_id)

    def in_play(self, limit: int = 50, ids: Sequence[str] | None = None) -> list[SavedGame]:
        """Games not yet ended, the most recently played first: of all, or of those `ids`."""
        among = "" if ids is None else f" AND game_id IN ({', '.join('?' * len(ids))})"
        with self._lock:
            rows = self._db.execute(
                f"SELECT {COLUMNS} FROM games WHERE outcome IS NULL{among}"
                " ORDER BY updated DESC, rowid DESC LIMIT ?",
                (*(ids or ()), limit),
            ).fetchall()
        games = []
        for row in rows:
            try:
                games.append(_saved(row))
            except DamagedGame as error:  # the others stay listed
                log.warning("%s", error)
        return games

    def _one(self, query: str, key: str) -> SavedGame | None:
        with self._lock:
            row = self._db.execute(query, (key,)).fetchone()
        return None if row is None else _saved(row)


class DamagedGame(ParlourError):
    """A saved game whose row in the file no longer reads as one."""


def _saved(row: tuple[Any, ...]) -> SavedGame:
    game_id, _, record, _, seats, opponent, table_id, autoplay, elapsed, updated = row
    try:
        return SavedGame(
            game_id=game_id,
            record=GameRecord.from_json(json.loads(record)),
            seats=dict(json.loads(seats)),
            opponent=opponent,
            table_id=table_id,
            autoplay=bool(autoplay),
            elapsed=float(elapsed),
            updated=updated,
        )
    except (ValueError, TypeError) as error:  # bad JSON, or no record (RecordError)
        message = f"the saved game {game_id} is damaged and cannot be resumed: {error}"
        raise DamagedGame(message) from None
