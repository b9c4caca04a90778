"""Every room the server holds: starting games, taking seats, resuming from the store, and what
happens after each change (saved at once, the result kept when a game ends, the state sent to
every seat, the computer's turn started).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import sqlite3
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from parlour.agents import DEFAULT_AGENT, HUMAN, Agent, make_agent
from parlour.core.cards import Card, parse_cards
from parlour.core.errors import IllegalMove, ParlourError
from parlour.core.game import Game
from parlour.core.params import params_from
from parlour.core.session import Session
from parlour.frontends.web.computer import computer_turns
from parlour.frontends.web.limits import GAMES_PER_MINUTE
from parlour.frontends.web.protocol import Message, ProtocolError
from parlour.frontends.web.rooms import HOME_SEAT, Client, Room, seat_holding
from parlour.games import get_game
from parlour.store.games import SOLO, GameStore, SavedGame
from parlour.store.stats import StatsStore

Dealt = tuple[int | None, tuple[Card, ...] | None]  # a deal number or an explicit deck
log = logging.getLogger(__name__)
MAX_ADDRESSES = 10_000  # addresses remembered before the quiet ones are forgotten


class NotSaved(ParlourError):
    """A change that could not be written to the file, and so was taken back."""


def random_deal(game: Game[Any, Any]) -> Dealt:
    """A deal at random, as the game chooses one (`Game.random_deal`)."""
    return game.random_deal(), None


class Lobby:
    """The rooms in memory, backed by the store; used from the event loop only."""

    def __init__(
        self,
        games: GameStore,
        stats: StatsStore,
        computer_pause: float,
        games_per_minute: int = GAMES_PER_MINUTE,
    ) -> None:
        self.games = games
        self.games_per_minute = games_per_minute
        self._started: dict[str, deque[float]] = {}  # by address: when its last games began
        self.stats = stats
        self.computer_pause = computer_pause
        self.rooms: dict[str, Room] = {}
        # One computer player per room while it is in memory: it remembers the cards it has
        # seen from one turn to the next (a room loaded again starts a new one).
        self.computers: dict[str, Agent] = {}
        # Where the deals no client chose come from (a test may deal its own).
        self.unchosen_deal: Callable[[Game[Any, Any]], Dealt] = random_deal
        # The games' clocks (a test may keep its own time).
        self.clock: Callable[[], float] = time.monotonic

    # ----- finding a room and a seat --------------------------------------------------------
    def new_game(self, message: Message, address: str = "") -> tuple[Room, str, str]:
        """A new room for `message` (a checked `new`) from a client at `address`; returns it,
        the seat and its token. Only a game opened counts towards the address's limit: a
        refused request changes nothing, its count included."""
        game = get_game(message.get("game"))
        params = params_from(game.info.params_type, message.get("params", {}))
        opponent = message.get("opponent")
        if game.info.seats:
            opponent = opponent or DEFAULT_AGENT
        elif opponent is not None:
            raise ProtocolError(f"{game.info.name} is played alone: it takes no opponent")
        deal, deck = message.get("deal"), message.get("deck")
        if opponent == HUMAN and (deal is not None or deck is not None):
            raise ProtocolError(
                "a table for two is dealt at random: a player who chose the deal would know"
                " every hidden card (WR-7)"
            )
        dealt: Dealt = (deal, None if deck is None else parse_cards(deck))
        if deck is None and deal is None:
            dealt = self.unchosen_deal(game)
        session = Session(
            game,
            params,
            deal=dealt[0],
            deck=dealt[1],
            autoplay=bool(message.get("autoplay")),
            clock=self.clock,
        )
        self._count_new(address)
        return self.open_room(session, opponent)

    def _count_new(self, address: str) -> None:
        """Refuse a game past `games_per_minute` from one address: a client starting games
        without end would fill the file with games that have a move played (kept for good)."""
        now = time.monotonic()
        started = self._started.setdefault(address, deque())
        while started and started[0] < now - 60:
            started.popleft()
        if len(started) >= self.games_per_minute:
            raise ProtocolError("too many new games at once: wait a minute, then start one")
        started.append(now)
        if len(self._started) > MAX_ADDRESSES:  # forget the quiet ones
            self._started = {a: s for a, s in self._started.items() if s and s[-1] > now - 60}

    def open_room(self, session: Session[Any], opponent: str | None) -> tuple[Room, str, str]:
        """A room for a new `session`, its first seat taken; returns it, the seat, the token."""
        room = Room(
            game_id=secrets.token_urlsafe(9),
            session=session,
            seats={},
            opponent=opponent,
            table_id=secrets.token_urlsafe(12) if opponent == HUMAN else None,
        )
        seat = HOME_SEAT if session.game.info.seats else SOLO
        token = room.take_seat(seat)
        self.rooms[room.game_id] = room
        return room, seat, token

    def join(self, table_id: str) -> tuple[Room, str, str]:
        """The free seat of a two-person table, with a new token."""
        room = next((r for r in self.rooms.values() if r.table_id == table_id), None)
        if room is None:
            saved = self.games.by_table(table_id)
            if saved is None:
                raise ProtocolError("there is no such table: ask for a new link")
            if len(saved.seats) >= len(get_game(saved.record.game).info.seats):  # no replay
                raise IllegalMove("this table already has two players")
            room = self._loaded(saved)
        seat = room.free_seat()
        if seat is None:
            raise IllegalMove("this table already has two players")
        self.rooms[room.game_id] = room
        token = room.take_seat(seat)
        room.start_clock()  # the game starts now, not when its first player sat down
        return room, seat, token

    async def resume(self, game_id: str, token: str) -> tuple[Room, str]:
        """The room and seat that `token` holds in game `game_id`. A game replayed from the
        store is replayed on a worker thread: a long one (up to `MOST_MOVES`) takes a few
        tenths of a second, which the other players' messages need not wait for."""
        room = self.rooms.get(game_id)
        saved = None if room is not None else self.games.load(game_id)
        # the token is checked before the game is replayed: a wrong one costs nothing
        while saved is not None and seat_holding(saved.seats, token) is not None:
            session = await asyncio.to_thread(self._replayed, saved)
            # another socket may have resumed the game meanwhile: one room a game
            room = self.rooms.get(game_id)
            if room is not None:
                break
            latest = self.games.load(game_id)
            if latest == saved:
                room = self._room_for(saved, session)
                break
            # Played, joined or let go again meanwhile: the replay is of an older game, which
            # would undo what was done since (a move that showed a hidden card, WR-7).
            saved = latest
        seat = None if room is None else room.seat_for(token)
        if room is None or seat is None:
            raise ProtocolError("no game with that id and token: start a new one")
        self.rooms[room.game_id] = room
        return room, seat

    def _loaded(self, saved: SavedGame) -> Room:
        """A room for a saved game, held in memory only once someone is let in: a refused
        token or a full table leaves nothing running (its clock would go on)."""
        return self._room_for(saved, self._replayed(saved))

    def _replayed(self, saved: SavedGame) -> Session[Any]:
        game = get_game(saved.record.game)
        # saved with automatic moves on before they were refused to a game that has none
        automatic = saved.autoplay and game.has_automatic_moves
        return Session.from_record(game, saved.record, autoplay=automatic, clock=self.clock)

    def _room_for(self, saved: SavedGame, session: Session[Any]) -> Room:
        room = Room(
            game_id=saved.game_id,
            session=session,
            seats=dict(saved.seats),
            opponent=saved.opponent,
            table_id=saved.table_id,
            elapsed_before=saved.elapsed - session.elapsed,  # its clock goes on from a move
        )
        if session.outcome is not None:
            room.ended_seconds = saved.elapsed
        return room

    # ----- sockets coming and going ----------------------------------------------------------
    async def enter(self, client: Client, room: Room, seat: str) -> bool:
        """`client` takes `seat` in `room`, leaving the room it was in; returns whether the
        others at `room` should hear of it (a seat of a table for two is back). Entering before
        leaving: a client alone in a room it enters again must not let the room go meanwhile
        (the next to resume would be given a copy of the game)."""
        before, away = client.room, room.away
        left = None if before is None or before is room else (before, before.away)
        room.clients.add(client)
        client.room, client.seat = room, seat
        if left is not None:
            await self._gone(client, *left)
        return room.away != away

    async def leave(self, client: Client) -> None:
        """`client` leaves its room."""
        room = client.room
        if room is not None:
            away = room.away
            client.room = client.seat = None
            await self._gone(client, room, away)

    async def _gone(self, client: Client, room: Room, away: frozenset[str]) -> None:
        """`client` is no longer at `room`, where `away` were the seats away before: a room
        nobody watches and nothing plays is let go (the store has it); at a table for two, the
        other player hears that a seat is away."""
        room.clients.discard(client)
        self._release_if_idle(room)
        if room.away != away:
            await room.broadcast()

    def _release_if_idle(self, room: Room) -> None:
        """Let go of a room nobody is at, saved with its clock as it stands: the time since
        the last move counts when the game is resumed."""
        if not room.clients and room.computer_task is None:
            if self.rooms.get(room.game_id) is room:  # never another room of the same game
                del self.rooms[room.game_id]
                self.games.keep_clock(room.game_id, room.elapsed)
            self.computers.pop(room.game_id, None)

    # ----- after every change ------------------------------------------------------------------
    async def changed(
        self, room: Room, last: str | None = None, back: Callable[[], None] | None = None
    ) -> None:
        """Save `room`, keep its result if it has ended, send every seat its state, and let the
        computer play if it is its turn. Where the game cannot be saved, `back` (a room's
        checkpoint from before the change) takes the change back, and the player is told:
        a move shown as played must be one kept."""
        try:
            self.save(room)
        except sqlite3.Error as error:
            if back is not None:
                back()
            log.warning("game %s could not be saved: %s", room.game_id, error)
            raise NotSaved(
                f"the game could not be saved ({error}), so nothing was changed: try again"
            ) from None
        await room.broadcast(last)
        self.wake_computer(room)

    def wake_computer(self, room: Room) -> None:
        """Start the computer's turn if it is the computer's to play and it is not playing."""
        computer = room.computer_seat
        if computer is not None and room.to_move == computer and room.computer_task is None:
            room.computer_task = asyncio.create_task(self._computer(room))

    def save(self, room: Room) -> None:
        """Save the game; then keep its result if it has ended. A result that cannot be kept
        now is kept at the game's next save, as the game first ended (a result counts once,
        when first kept)."""
        self.games.save(room.saved())
        try:
            room.ending.keep(self.stats, room.session, room.elapsed)
        except sqlite3.Error as error:
            log.warning("the result of game %s could not be kept: %s", room.game_id, error)

    async def _computer(self, room: Room) -> None:
        try:
            if room.game_id not in self.computers:
                self.computers[room.game_id] = make_agent(str(room.opponent))
            await computer_turns(room, self.computers[room.game_id], self, self.computer_pause)
        except ParlourError as error:  # a move the game refused: the person must hear why
            await room.tell(f"the computer could not move: {error}")
        except Exception:  # its words could hold cards a seat may not see (WR-7): logged only
            log.exception("the computer failed in game %s", room.game_id)
            await room.tell("the computer failed to move: reload the page to let it try again")
        finally:
            room.computer_task = None
            self._release_if_idle(room)
