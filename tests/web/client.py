"""A small websocket client for the tests: JSON messages to and from the live server."""

from __future__ import annotations

import json
from contextlib import ExitStack
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

WAIT = 30.0  # seconds a test waits for a message before failing


class Player:
    """One page's socket."""

    def __init__(self, base_url: str) -> None:
        self._stack = ExitStack()
        url = base_url.replace("http", "ws", 1) + "/ws"
        self.socket: ClientConnection = self._stack.enter_context(connect(url))

    def send(self, message: dict[str, Any] | str) -> None:
        self.socket.send(message if isinstance(message, str) else json.dumps(message))

    def receive(self) -> dict[str, Any]:
        return dict(json.loads(self.socket.recv(timeout=WAIT)))

    def ask(self, message: dict[str, Any] | str) -> dict[str, Any]:
        """Send `message` and return the answer."""
        self.send(message)
        return self.receive()

    def start(self, **new: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        """`new` game: the `joined` and first `state` answers."""
        joined = self.ask({"type": "new", **new})
        assert joined["type"] == "joined", joined
        return joined, self.receive()

    def close(self) -> None:
        self._stack.close()

    def __enter__(self) -> Player:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def quiet(player: Player, seconds: float = 0.3) -> bool:
    """Whether `player` receives nothing for `seconds` (what a bystander should get)."""
    try:
        player.socket.recv(timeout=seconds)
    except TimeoutError:
        return True
    return False


def game_now(base_url: str, joined: dict[str, Any]) -> dict[str, Any]:
    """The game's state as a fresh socket resuming it sees, without the clock."""
    with Player(base_url) as look:
        assert look.ask({"type": "resume", **seat_of(joined)})["type"] == "joined"
        state = look.receive()
    state.pop("elapsed")
    return state


def seat_of(joined: dict[str, Any]) -> dict[str, str]:
    return {"game_id": joined["game_id"], "token": joined["token"]}


def stats_of(base_url: str, game: str, params: dict[str, str]) -> tuple[int, int]:
    """(played, won) of `game` with `params` in the server's statistics; (0, 0) if none."""
    for entry in httpx.get(base_url + "/api/stats").json():
        if (entry["game"], entry["params"]) == (game, params):
            return entry["played"], entry["won"]
    return 0, 0
