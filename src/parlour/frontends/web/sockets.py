"""One websocket's conversation (docs/web.md): each message checked, acted on through the lobby
and its room, and answered; anything refused is an `error` to this socket alone, with nothing
changed."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import Counter
from collections.abc import Iterator
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from parlour.core.errors import IllegalMove, ParlourError
from parlour.frontends.web.clients import client_of
from parlour.frontends.web.hints import Hinter
from parlour.frontends.web.limits import SOCKETS_PER_ADDRESS
from parlour.frontends.web.lobby import Lobby
from parlour.frontends.web.protocol import Message, ProtocolError, parse_message
from parlour.frontends.web.rooms import HOME_SEAT, Client, Room

log = logging.getLogger(__name__)
SEND_PATIENCE = 5.0  # seconds a socket may leave a message unread before it is closed
TOO_MANY = "too many of Parlour's pages are open from your address"  # a close reason: short


class OpenSockets:
    """The sockets open from each address, so that no one client can take every connection the
    server can hold (each costs a file descriptor, of which a process has a limited number)."""

    def __init__(self, per_address: int = SOCKETS_PER_ADDRESS) -> None:
        self.per_address = per_address
        self._open: Counter[str] = Counter()

    @contextlib.contextmanager
    def held(self, address: str) -> Iterator[bool]:
        """Count a socket from `address` while it is open; False (and nothing counted) when
        that address already has `per_address` open."""
        if self._open[address] >= self.per_address:
            yield False
            return
        self._open[address] += 1
        try:
            yield True
        finally:
            self._open[address] -= 1
            if not self._open[address]:
                del self._open[address]


class Conversation:
    """The messages of one socket, in order."""

    def __init__(self, socket: WebSocket, lobby: Lobby, hinter: Hinter) -> None:
        self.socket = socket
        self.lobby = lobby
        self.hinter = hinter
        self.client = Client(self.send)
        self._sending = asyncio.Lock()
        self.open = True

    async def send(self, message: dict[str, Any]) -> None:
        """Send `message`; a socket already gone is only marked closed, and one that has not
        read what it was sent for `SEND_PATIENCE` seconds is closed, so that a client that stops
        reading cannot hold up the others at its table."""
        if not self.open:
            return
        async with self._sending:
            try:
                await asyncio.wait_for(self.socket.send_json(message), SEND_PATIENCE)
            except TimeoutError:
                self.open = False
                await self._drop()
            except (WebSocketDisconnect, RuntimeError, OSError):
                self.open = False

    async def _drop(self) -> None:
        """Close a socket that does not read; it may rejoin with its token."""
        with contextlib.suppress(Exception):  # whatever state the stalled socket is in
            await asyncio.wait_for(self.socket.close(code=1008, reason="not reading"), 1.0)

    async def turn_away(self) -> None:
        """Close with "try again later" (1013) and the reason, which the page shows while it
        retries: its address has too many sockets open. No `error` message is sent: a page
        takes one in answer to its first request as a refusal of that request."""
        await self.socket.accept()
        await self.socket.close(code=1013, reason=TOO_MANY)

    async def run(self) -> None:
        await self.socket.accept()
        try:
            while self.open:
                event = await self.socket.receive()
                if event["type"] == "websocket.disconnect":
                    break
                text = event.get("text")
                await self.answer(text if text is not None else event.get("bytes") or b"")
        finally:
            self.open = False
            await self.lobby.leave(self.client)

    async def answer(self, text: str | bytes) -> None:
        try:
            message = parse_message(text)
            await self.act(message)
        except ParlourError as error:
            await self.send({"type": "error", "message": str(error)})
        except Exception:
            log.exception("a message could not be handled")
            await self.send({"type": "error", "message": "the server failed on that message"})

    async def act(self, message: Message) -> None:
        kind = message.type
        if kind == "new":
            room, seat, token = self.lobby.new_game(message, peer(self.socket))
            await self._entered(room, seat, token)
        elif kind == "join":
            held = self.client.room
            if held is not None and held.table_id == message.get("table"):
                raise IllegalMove(f"you sit at this table already, as {self.client.seat}")
            room, seat, token = self.lobby.join(message.get("table"))
            await self._entered(room, seat, token)
        elif kind == "resume":
            token = message.get("token")
            room, seat = await self.lobby.resume(message.get("game_id"), token)
            await self._entered(room, seat, token, alone=True)
        elif kind == "hint":
            room, seat = self._held()
            await self.send(await self.hinter.hint(room, seat, peer(self.socket)))
        else:
            await self._change(message)

    async def _entered(self, room: Room, seat: str, token: str, alone: bool = False) -> None:
        """Answer `joined` and the state; the other seats hear of it unless nothing changed
        for them (`alone`: a seat resumed, which they hear of only when it was away)."""
        heard = await self.lobby.enter(self.client, room, seat)
        joined: dict[str, Any] = {
            "type": "joined",
            "game_id": room.game_id,
            "token": token,
            "seat": seat or None,
            "link": room.link(),
        }
        if room.waiting and seat == HOME_SEAT:
            joined["join_link"] = f"/table/{room.table_id}"
        await self.send(joined)
        if not alone:
            await self.lobby.changed(room)
            return
        if heard:
            await room.broadcast()
        else:
            await self.send(room.state_message(seat))
        self.lobby.wake_computer(room)

    def _held(self) -> tuple[Room, str]:
        room, seat = self.client.room, self.client.seat
        if room is None or seat is None:
            raise ProtocolError("start, join or resume a game first")
        return room, seat

    async def _change(self, message: Message) -> None:
        room, seat = self._held()
        back = room.checkpoint()
        last = None
        if message.type == "move":
            last = room.play(seat, message.get("move"))
        elif message.type == "undo":
            room.undo(seat)
        elif message.type == "redo":
            room.redo(seat)
        elif message.type == "restart":
            room.restart(seat)
        elif message.type == "autoplay":
            last = room.set_autoplay(message.get("on"))
        await self.lobby.changed(room, last, back)


def peer(socket: WebSocket) -> str:
    """The client a socket comes from, as the limits count it (`clients.client_of`; "" where
    the server is not told)."""
    return client_of(socket.client.host) if socket.client else ""
