"""A game being played on the server: its `Session`, its seats and their tokens, the sockets
watching it, and who may do what.

Rules stay in the core: a room asks the session to play, undo, redo, restart or switch
automatic moves, and the game whose turn it is. What a room adds is who holds which seat (a
seat is held by its token alone).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from parlour.agents import HUMAN
from parlour.core.cards import cards_str
from parlour.core.errors import IllegalMove
from parlour.core.game import Game
from parlour.core.moves import parse_move
from parlour.core.params import params_dict
from parlour.core.session import Session
from parlour.store.games import SOLO, SavedGame
from parlour.store.stats import FirstEnding

HOME_SEAT = "north"  # a person's seat against the computer, and a table's creator's
TWO_PLAYER_MOVES_SHOWN = 20  # a game between players sends its last moves only
MOVES_SHOWN = 500  # a one-player game's: a game moved back and forth for ever stays cheap

Send = Callable[[dict[str, Any]], Awaitable[None]]


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def seat_holding(seats: dict[str, str], token: str) -> str | None:
    """The seat of `seats` (seat -> token hash) that `token` holds, or None."""
    wanted = token_hash(token)
    for seat, held in seats.items():
        if hmac.compare_digest(held, wanted):
            return seat
    return None


@dataclass(eq=False)
class Client:
    """One websocket: how to send to it, and the seat it holds in its current room."""

    send: Send
    room: Room | None = None
    seat: str | None = None


@dataclass(eq=False)
class Room:
    """One game in play and the people at it."""

    game_id: str
    session: Session[Any]
    seats: dict[str, str]  # seat (SOLO for one-player games) -> its token's hash
    opponent: str | None = None  # the Wrangle: a computer player's name or HUMAN
    table_id: str | None = None
    elapsed_before: float = 0.0  # seconds played before the server last loaded this game
    clients: set[Client] = field(default_factory=set)
    ended_seconds: float | None = None
    computer_task: asyncio.Task[None] | None = None
    _outcome_of: Any = None
    _outcome: str | None = None
    ending: FirstEnding = field(init=False)  # its result, kept as it first ended

    def __post_init__(self) -> None:
        computer = None if self.opponent == HUMAN else self.opponent
        self.ending = FirstEnding(self.game_id, opponent=computer, seat=HOME_SEAT)

    # ----- facts -----------------------------------------------------------------------------
    @property
    def game(self) -> Game[Any, Any]:
        return self.session.game

    @property
    def two_player(self) -> bool:
        return bool(self.game.info.seats)

    @property
    def outcome(self) -> str | None:
        """The session's outcome, worked out once per position (it can cost a move search)."""
        state = self.session.state
        if self._outcome_of is not state:
            self._outcome_of, self._outcome = state, self.session.outcome
        return self._outcome

    @property
    def to_move(self) -> str | None:
        return self.game.to_move(self.session.state)

    @property
    def computer_seat(self) -> str | None:
        """The seat the computer plays, when the opponent is a computer."""
        return None if self.opponent in (None, HUMAN) else self._unheld_seat()

    @property
    def waiting(self) -> bool:
        """A two-person table whose second seat nobody has taken yet."""
        return self.opponent == HUMAN and len(self.seats) < len(self.game.info.seats)

    @property
    def elapsed(self) -> float:
        if self.ended_seconds is not None:
            return self.ended_seconds
        return self.elapsed_before + self.session.elapsed

    @property
    def away(self) -> frozenset[str]:
        """At a table for two, the seats taken whose player has no page open on the game."""
        if self.opponent != HUMAN:
            return frozenset()
        return frozenset(self.seats) - {client.seat for client in self.clients}

    def link(self) -> str:
        """The page that shows this game: shareable for a one-player deal; against the
        computer, naming the game, so that a browser holding several finds each one (the
        seat's token, not the link, lets a player in)."""
        if self.opponent == HUMAN:
            return f"/table/{self.table_id}"
        if self.two_player:
            return f"/wrangle?{urlencode({'vs': self.opponent, 'game': self.game_id})}"
        first, deck = self.session.first, self.session.deck
        chosen = {"deal": first.deal} if deck is None else {"deck": cards_str(deck)}
        query = {**params_dict(first.params), **chosen}
        return f"/play/{self.game.info.id}?{urlencode(query)}"

    def seat_for(self, token: str) -> str | None:
        """The seat `token` holds here, or None."""
        return seat_holding(self.seats, token)

    def free_seat(self) -> str | None:
        """The seat a second person may take at a waiting table."""
        return self._unheld_seat() if self.waiting else None

    def _unheld_seat(self) -> str:
        return next(seat for seat in self.game.info.seats if seat not in self.seats)

    def take_seat(self, seat: str) -> str:
        """Give `seat` a new token and return it."""
        token = new_token()
        self.seats[seat] = token_hash(token)
        return token

    # ----- what a client sees ----------------------------------------------------------------
    def state_message(self, seat: str, last: str | None = None) -> dict[str, Any]:
        """The `state` message for the holder of `seat` (docs/web.md)."""
        session = self.session
        player = None if seat == SOLO else seat
        shown = TWO_PLAYER_MOVES_SHOWN if self.two_player else MOVES_SHOWN
        mine = self._may_act(seat)
        observation = self.game.observe(session.state, player)
        if self.waiting:  # no move is taken until the second player sits down
            observation["legal_moves"] = []
        return {
            "type": "state",
            "game_id": self.game_id,
            "seat": player,
            "observation": observation,
            "can_undo": session.can_undo and mine,
            "can_redo": session.can_redo and mine,
            "autoplay": session.autoplay,
            "moves": [str(m) for m in session.last_moves(shown)],
            "move_count": session.move_count,  # a count shows no card (WR-7)
            "elapsed": round(self.elapsed, 1),
            "deal": observation["deal"],  # none where the number would tell secrets
            "link": self.link(),
            "waiting": self.waiting,
            "away": sorted(self.away),
            "last": last,
        }

    async def broadcast(self, last: str | None = None) -> None:
        """Send every client here its own seat's state, to all at once: a client slow to read
        holds up the others (and the change that is sent) no longer than its own patience,
        where one after another, each such client would add its own."""
        sending = [
            client.send(self.state_message(client.seat, last))
            for client in list(self.clients)
            if client.seat is not None
        ]
        await asyncio.gather(*sending)

    async def tell(self, message: str) -> None:
        """Say `message` to every client here, as a refusal is said."""
        await asyncio.gather(
            *(client.send({"type": "error", "message": message}) for client in list(self.clients))
        )

    # ----- changes, checked ----------------------------------------------------------------
    def _may_act(self, seat: str) -> bool:
        if seat == SOLO:
            return True
        return not self.waiting and self.to_move == seat

    def check_turn(self, seat: str) -> None:
        if self.waiting:
            raise IllegalMove("wait for the other player to join the table")
        if seat != SOLO and self.outcome is not None:
            raise IllegalMove("the game is over")
        if not self._may_act(seat):
            raise IllegalMove(f"it is {self.to_move}'s turn, not yours")

    def play(self, seat: str, move: str) -> str:
        """Play `move` for the holder of `seat`; returns the move as the core wrote it."""
        self.check_turn(seat)
        chosen = parse_move(move)
        self.session.play(chosen)
        self._after_change()
        return str(chosen)

    def undo(self, seat: str) -> None:
        self.check_turn(seat)
        self.session.undo()
        self._after_change()

    def redo(self, seat: str) -> None:
        self.check_turn(seat)
        self.session.redo()
        self._after_change()

    def restart(self, seat: str) -> None:
        self.check_turn(seat)
        self.session.restart()
        self._after_change()

    def start_clock(self) -> None:
        """The game's time counts from now: a table for two starts when both are seated."""
        self.elapsed_before = 0.0
        self.session.start_clock()

    def set_autoplay(self, on: bool) -> str | None:
        """Switch automatic moves; returns the first move it played at once, if any."""
        played = self.session.switch_autoplay(on)
        self._after_change()
        return str(played[0]) if played else None

    def checkpoint(self) -> Callable[[], None]:
        """A way back to the room's game as it stands (`Session.checkpoint`), its clock too."""
        back, ended = self.session.checkpoint(), self.ended_seconds

        def room_back() -> None:
            back()
            self.ended_seconds = ended

        return room_back

    def _after_change(self) -> None:
        """Keep the clock still once the game has ended."""
        if self.outcome is None:
            self.ended_seconds = None
        elif self.ended_seconds is None:
            self.ended_seconds = self.elapsed_before + self.session.elapsed

    # ----- persistence ---------------------------------------------------------------------
    def saved(self) -> SavedGame:
        return SavedGame(
            game_id=self.game_id,
            record=self.session.record(),
            seats=dict(self.seats),
            opponent=self.opponent,
            table_id=self.table_id,
            autoplay=self.session.autoplay,
            elapsed=self.elapsed,
        )
