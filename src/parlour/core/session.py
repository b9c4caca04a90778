"""A game being played: its states, undo and redo, optional automatic foundation moves, and
the record that saves it.

Each player's move is one *turn* of the session together with the automatic moves it set off,
so undo reverts them together (RULES C-6). States are immutable, so undo is only a step back
through kept values. In a game for several players, undo stays within the turn of the player
to move, a restart is refused, and a move that shows a player a card he did not see before
cannot be undone (WR-7): taking it back would let him look under a reserve or into a stock and
choose again.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Generic
from uuid import uuid4

from parlour.core.cards import Card
from parlour.core.errors import IllegalMove, ParlourError, RecordError
from parlour.core.game import Game, S
from parlour.core.moves import Move, parse_move
from parlour.core.params import params_dict
from parlour.core.record import (
    MOST_MOVES,
    GameRecord,
    UndoneTurn,
    lasting_id,
    replay,
    start_of,
)

AUTOPLAY_LIMIT = 1000  # far above any game's card count: a guard against a faulty hook


@dataclass(frozen=True)
class Turn(Generic[S]):
    """A player's move, the automatic moves it set off, and where they left the game."""

    moves: tuple[Move, ...]
    state: S
    seconds: float


class Session(Generic[S]):
    """Play one deal: moves, undo, redo and the record, for every front end alike."""

    def __init__(
        self,
        game: Game[S, Any],
        params: Any = None,
        *,
        deal: int | None = None,
        deck: Sequence[Card] | None = None,
        autoplay: bool = False,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.game = game
        self.first: S = game.new(params, deal=deal, deck=deck)
        self.deck = None if deck is None else game.accept_deck(self.first.params, deck)
        self._autoplay = False
        if autoplay:
            self.autoplay = autoplay
        self.undo_floor = 0
        self.started = datetime.now(UTC).isoformat(timespec="seconds")
        self.id = uuid4().hex  # the same across saves and loads, so a result counts once
        self._clock = clock
        self._t0 = clock()
        self._turns: list[Turn[S]] = []
        self._undone: list[Turn[S]] = []

    @classmethod
    def from_record(cls, game: Game[S, Any], record: GameRecord, **options: Any) -> Session[S]:
        """Resume a saved game: its moves replayed, in the turns they were played in (each
        move a turn in a record from before turns were kept), with automatic moves as they
        were unless `options` say otherwise, its clock going on from the last move's, and
        the turns it had undone ready to be redone."""
        replay(game, record)  # checks every move and the outcome before anything is kept
        first = start_of(game, record)
        # a game saved with them on before it was known to have none plays without them
        options.setdefault("autoplay", record.autoplay and game.has_automatic_moves)
        session = cls(game, first.params, deal=record.deal, deck=record.deck, **options)
        session.started = record.started or session.started
        session.id = lasting_id(record)
        state = session.first
        moves = [parse_move(text) for text in record.moves]
        times = _padded(record.times, len(moves))
        done = 0
        for count in record.turns or (1,) * len(moves):
            turn, before = tuple(moves[done : done + count]), state
            for move in turn:
                state = game.apply_unchecked(state, move)
            done += count
            session._turns.append(Turn(turn, state, times[done - 1]))
            session._keep_undo_fair(before, state)
        if times:  # the clock goes on from the last move saved
            session._t0 -= times[-1]
        session._undone = _redoable(game, state, record.undone)
        return session

    # ----- the game as it stands -------------------------------------------------------
    @property
    def state(self) -> S:
        return self._turns[-1].state if self._turns else self.first

    @property
    def moves(self) -> list[Move]:
        """Every move played so far, automatic ones included, in order."""
        return [move for turn in self._turns for move in turn.moves]

    @property
    def move_count(self) -> int:
        return sum(len(turn.moves) for turn in self._turns)

    def last_moves(self, count: int) -> list[Move]:
        """The last `count` moves played (fewer if fewer were), in order, without listing the
        others."""
        last: list[Move] = []
        for turn in reversed(self._turns):
            if len(last) >= count:
                break
            last[:0] = turn.moves
        return last[-count:] if count else []

    @property
    def outcome(self) -> str | None:
        return self.game.outcome(self.state)

    @property
    def elapsed(self) -> float:
        return self._clock() - self._t0

    @property
    def autoplay(self) -> bool:
        """Whether automatic moves to the foundations follow each move (C-6)."""
        return self._autoplay

    @autoplay.setter
    def autoplay(self, on: bool) -> None:
        """A game with no automatic moves takes no switch for them, on or off: a change that
        changes nothing would still be saved and shown as one."""
        if not self.game.has_automatic_moves:
            raise IllegalMove(f"{self.game.info.name} has no automatic moves")
        self._autoplay = on

    @property
    def can_undo(self) -> bool:
        return len(self._turns) > self.undo_floor

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)

    # ----- changing it -----------------------------------------------------------------
    def start_clock(self) -> None:
        """Count the time from now, before the first move (a game that waited for its
        players)."""
        if self._turns:
            raise IllegalMove("the clock starts again only before the first move")
        self._t0 = self._clock()

    def play(self, move: Move | str) -> S:
        """Play `move` (checked by the rules), then any automatic foundation moves."""
        chosen = parse_move(move) if isinstance(move, str) else move
        state = self.game.apply(self.state, chosen)
        automatic: tuple[Move, ...] = ()
        if self.autoplay:
            automatic, state = self._automatic_from(state)
        self._keep_turn((chosen, *automatic), state)
        return state

    def switch_autoplay(self, on: bool) -> tuple[Move, ...]:
        """Automatic moves on or off. Switched on, they act on the table as it stands: the
        automatic moves it offers now are played at once, as a turn of their own that undo
        takes back, where they would otherwise wait for the next move. Returns them. A switch
        refused (no automatic moves in the game, or none more allowed) changes nothing."""
        automatic, state = self._automatic_from(self.state) if on else ((), self.state)
        if automatic:
            self._keep_turn(automatic, state)
        self.autoplay = on
        return automatic

    def _automatic_from(self, state: S) -> tuple[tuple[Move, ...], S]:
        """The automatic moves to the foundations from `state` (C-6 aside: these are the
        player's convenience), and the state they lead to."""
        played: list[Move] = []
        for _ in range(AUTOPLAY_LIMIT):
            auto = self.game.autoplay_move(state)
            if auto is None:
                break
            state = self.game.apply(state, auto)
            played.append(auto)
        return tuple(played), state

    def _keep_turn(self, moves: tuple[Move, ...], state: S) -> None:
        if self.move_count + len(moves) > MOST_MOVES:  # the moves undone go with a new turn
            raise IllegalMove(
                f"a game keeps at most {MOST_MOVES:,} moves, and this one has"
                f" {self.move_count:,}: undo, restart, or start a new game"
            )
        before = self.state
        self._turns.append(Turn(moves, state, self.elapsed))
        self._undone.clear()
        self._keep_undo_fair(before, state)

    def _keep_undo_fair(self, before: S, after: S) -> None:
        """Between players, the turn last played is the floor of undo once the turn passes to
        the other player, or once it showed a card someone had not seen (WR-7)."""
        info, game = self.game.info, self.game
        if not info.seats:
            return
        passed = game.to_move(after) != game.to_move(before)
        if passed or (info.information == "hidden" and shows_more(game, before, after)):
            self.undo_floor = len(self._turns)

    def undo(self) -> S:
        """Take back the last turn with its automatic moves."""
        if not self.can_undo:
            raise IllegalMove("there is nothing to undo")
        self._undone.append(self._turns.pop())
        return self.state

    def redo(self) -> S:
        """Play again the turn last undone."""
        if not self._undone:
            raise IllegalMove("there is nothing to redo")
        self._turns.append(self._undone.pop())
        return self.state

    def restart(self) -> S:
        """Back to the first state of the same deal; the undone turns can be redone. A game
        between players cannot go back: each player's moves stand."""
        if self.game.info.seats:
            raise IllegalMove(f"a game of {self.game.info.name} cannot be restarted")
        while self._turns:
            self._undone.append(self._turns.pop())
        self.undo_floor = 0
        return self.state

    def checkpoint(self) -> Callable[[], None]:
        """A way back to the session as it stands now, for a front end that could not keep
        what came next (its file failed): what the player is shown and what is kept must not
        part."""
        turns, undone = list(self._turns), list(self._undone)
        floor, autoplay = self.undo_floor, self._autoplay

        def back() -> None:
            self._turns[:], self._undone[:] = turns, undone
            self.undo_floor, self._autoplay = floor, autoplay

        return back

    def record(self) -> GameRecord:
        """The game so far, as a record that replays to the current state."""
        return GameRecord(
            game=self.game.info.id,
            params=params_dict(self.first.params),
            rules_version=self.game.info.rules_version,
            deal=self.first.deal,
            deck=self.deck,
            moves=tuple(str(m) for m in self.moves),
            times=tuple(round(t.seconds, 3) for t in self._turns for _ in t.moves),
            outcome=self.outcome,
            started=self.started,
            id=self.id,
            turns=tuple(len(turn.moves) for turn in self._turns),
            autoplay=self.autoplay,
            undone=tuple(
                UndoneTurn(tuple(str(m) for m in turn.moves), round(turn.seconds, 3))
                for turn in reversed(self._undone)
            ),
        )


def shows_more(game: Game[S, Any], before: S, after: S) -> bool:
    """Whether some seat sees in `after` a card it did not see in `before` (counted by copies:
    a second copy of a card turned up is news too)."""
    for seat in game.info.seats:
        seen = _visible(game.observe(before, seat))
        if _visible(game.observe(after, seat)) - seen:
            return True
    return False


def _visible(observation: dict[str, Any]) -> Counter[str]:
    return Counter(card for cards in observation["piles"].values() for card in cards)


def _redoable(game: Game[S, Any], state: S, undone: Sequence[UndoneTurn]) -> list[Turn[S]]:
    """The undone turns of a record as a redo stack (the next to redo last), each move checked
    by the rules from where the played moves end."""
    turns = []
    for number, turn in enumerate(undone, start=1):
        try:
            moves = tuple(parse_move(text) for text in turn.moves)
            for move in moves:
                state = game.apply(state, move)
        except ParlourError as error:
            raise RecordError(f"undone turn {number} does not replay: {error}") from None
        turns.append(Turn(moves, state, turn.seconds))
    return turns[::-1]


def _padded(times: Sequence[float], count: int) -> list[float]:
    return [*times[:count], *([0.0] * (count - len(times)))]
