"""Game records: what was played, as text that replays to the same final state.

A record names the game, its parameters and rules version, the deal (a number, or the explicit
deck), every move in notation (automatic foundation moves included, so replay needs no
settings), how many moves each of the player's turns made (a move with the automatic moves it
set off, which undo takes back together, C-6), whether automatic moves were on, the outcome,
the timings, and the turns undone and not yet played again, so that redo survives a save.
Reading and writing files is the store's job; here a record turns into JSON text and back, with
a clear `RecordError` for anything malformed.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
from dataclasses import dataclass
from typing import Any

from parlour.core.cards import Card, cards_str, parse_cards
from parlour.core.errors import ParlourError, RecordError
from parlour.core.game import Game
from parlour.core.moves import parse_move
from parlour.core.params import params_from
from parlour.core.words import clipped

FORMAT = "parlour-record-1"
# The most moves a game keeps, played and undone together: far beyond any game played to its
# end (a long Wrangle takes about 1,200), and a bound on what one game costs to save, send and
# replay, however long its cards are moved back and forth.
MOST_MOVES = 10_000
# The longest time a record may hold, in seconds (about 31 years): a clock that ran longer was
# not a game's, and a larger number, if kept, would only fill the statistics with nonsense.
LONGEST = 1e9
TIMES = f"times must be numbers of seconds from 0 to {LONGEST:,.0f}"
_ID = re.compile(r"[A-Za-z0-9_-]{0,64}")


@dataclass(frozen=True)
class UndoneTurn:
    """A turn taken back that redo can play again: its moves in notation, and when it was made."""

    moves: tuple[str, ...]
    seconds: float


@dataclass(frozen=True)
class GameRecord:
    """One game as played; `moves` are in notation, `times` the seconds at which each was made."""

    game: str
    params: dict[str, str]
    rules_version: str
    deal: int | None
    deck: tuple[Card, ...] | None
    moves: tuple[str, ...] = ()
    times: tuple[float, ...] = ()
    outcome: str | None = None
    started: str = ""
    id: str = ""  # the game's own, kept across saves, so that it counts once; "" in older records
    turns: tuple[int, ...] = ()  # moves in each turn; empty: one a turn (older records)
    autoplay: bool = False
    undone: tuple[UndoneTurn, ...] = ()  # the next turn to redo first

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "params": self.params,
            "rules_version": self.rules_version,
            "deal": self.deal,
            "deck": None if self.deck is None else cards_str(self.deck),
            "moves": list(self.moves),
            "times": list(self.times),
            "outcome": self.outcome,
            "started": self.started,
            "id": self.id,
            "turns": list(self.turns),
            "autoplay": self.autoplay,
            "undone": [{"moves": list(t.moves), "seconds": t.seconds} for t in self.undone],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n"

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        """Read a record, rejecting anything that is not one with a `RecordError`."""
        try:
            data = json.loads(text)
        except (ValueError, UnicodeDecodeError) as error:  # JSONDecodeError is a ValueError
            raise RecordError(f"not a saved game: the file is not valid JSON ({error})") from None
        except RecursionError:
            raise RecordError("not a saved game: the file nests too deeply") from None
        return cls.from_json(data)

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f'not a saved game: expected an object with "format": "{FORMAT}"')
        try:
            deck_text = _typed(data, "deck", (str, type(None)))
            record = cls(
                game=_typed(data, "game", str),
                params={str(k): str(v) for k, v in _typed(data, "params", dict).items()},
                rules_version=_typed(data, "rules_version", str),
                deal=_typed(data, "deal", (int, type(None))),
                deck=None if deck_text is None else parse_cards(deck_text),
                moves=tuple(_strings(data, "moves")),
                times=tuple(_seconds(t) for t in _typed(data, "times", list)),
                outcome=_typed(data, "outcome", (str, type(None))),
                started=_typed(data, "started", str),
                id=_game_id(data.get("id", "")),
                turns=tuple(_counts(data.get("turns", []))),
                autoplay=_flag(data.get("autoplay", False)),
                undone=tuple(_undone(data.get("undone", []))),
            )
        except (ParlourError, TypeError, ValueError) as error:
            raise RecordError(f"not a saved game: {error}") from None
        if (record.deal is None) == (record.deck is None):
            raise RecordError("not a saved game: it needs either a deal number or a deck")
        if any(later < earlier for earlier, later in itertools.pairwise(record.times)):
            raise RecordError("not a saved game: its moves' times go backwards")
        if len(record.moves) + sum(len(turn.moves) for turn in record.undone) > MOST_MOVES:
            raise RecordError(f"not a saved game: it holds more than {MOST_MOVES:,} moves")
        if record.turns and sum(record.turns) != len(record.moves):
            raise RecordError("not a saved game: its turns do not add up to its moves")
        return record


def lasting_id(record: GameRecord) -> str:
    """The game's id; for a record from before ids were kept, one made from how it began (the
    game, its params, deal or deck, and when it started), the same at every load, so that its
    result still counts once however often it is loaded and finished."""
    if record.id:
        return record.id
    start = record.to_json()
    began = [start[key] for key in ("game", "params", "deal", "deck", "started")]
    return "old-" + hashlib.sha256(json.dumps(began, sort_keys=True).encode()).hexdigest()[:32]


def _counts(values: Any) -> list[int]:
    """The moves in each turn: whole numbers from 1."""
    if not isinstance(values, list) or not all(type(v) is int and v >= 1 for v in values):
        raise RecordError('the field "turns" must be a list of whole numbers from 1')
    return values


def _undone(values: Any) -> list[UndoneTurn]:
    """The turns that can be redone: objects with a non-empty list of moves and a time."""
    shape = 'the field "undone" must be a list of {"moves": [...], "seconds": ...} objects'
    if not isinstance(values, list) or not all(isinstance(v, dict) for v in values):
        raise RecordError(shape)
    turns = []
    for value in values:
        moves, seconds = value.get("moves"), value.get("seconds")
        if not isinstance(moves, list) or not moves or not all(isinstance(m, str) for m in moves):
            raise RecordError(shape)
        turns.append(UndoneTurn(tuple(moves), _seconds(seconds)))
    return turns


def _seconds(value: Any) -> float:
    """A time of the record: a number of seconds from 0 to `LONGEST`. The comparison refuses
    NaN and the infinities too, and an integer too large for a float before it is made one."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= LONGEST:
        raise RecordError(TIMES)
    return float(value)


def _game_id(value: Any) -> str:
    """A game's id: letters, digits, `-` and `_` only, since it names the file that keeps
    the game (a `/` or `..` in a hand-edited save would reach outside its folder)."""
    if not isinstance(value, str) or not _ID.fullmatch(value):
        raise RecordError('the field "id" must be at most 64 letters, digits, "-" or "_"')
    return value


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise RecordError('the field "autoplay" must be true or false')
    return value


def _typed(data: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in data:
        raise RecordError(f'the field "{key}" is missing')
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, kind):
        raise RecordError(f'the field "{key}" has the wrong type')
    return value


def _strings(data: dict[str, Any], key: str) -> list[str]:
    values = _typed(data, key, list)
    if not all(isinstance(v, str) for v in values):
        raise RecordError(f'the field "{key}" must be a list of strings')
    return list(values)


def start_of(game: Game[Any, Any], record: GameRecord) -> Any:
    """The starting state a record was played from."""
    if record.game != game.info.id:
        raise RecordError(f"this record is of {record.game}, not {game.info.id}")
    params = params_from(game.info.params_type, record.params)
    if record.deal is not None:
        return game.new(params, deal=record.deal)
    assert record.deck is not None
    return game.new(params, deck=record.deck)


def replay(game: Game[Any, Any], record: GameRecord) -> Any:
    """The final state of `record`, checking every move and the recorded outcome."""
    state = start_of(game, record)
    for number, text in enumerate(record.moves, start=1):
        try:
            state = game.apply(state, parse_move(text))
        except ParlourError as error:
            raise RecordError(
                f"move {number} ({clipped(text)}) does not replay: {error}{_rules_of(game, record)}"
            ) from None
    outcome = game.outcome(state)
    if record.outcome is not None and outcome != record.outcome:
        raise RecordError(
            f"the record says {record.outcome} but its moves end {outcome or 'in play'}"
            + _rules_of(game, record)
        )
    return state


def _rules_of(game: Game[Any, Any], record: GameRecord) -> str:
    """Why a record may not replay: it was played under other rules than these, if so."""
    if record.rules_version == game.info.rules_version:
        return ""
    return (
        f" (it was saved under rules version {clipped(record.rules_version)} of"
        f" {game.info.name}; this Parlour plays version {game.info.rules_version})"
    )
