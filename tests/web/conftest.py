"""The web app for tests: `live_server`, the real app served by uvicorn in a background thread
on a free loopback port with its own temporary database."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from parlour.core.cards import parse_cards
from parlour.frontends.web.app import create_app
from parlour.frontends.web.lobby import Lobby
from parlour.frontends.web.server import address, bind, server

START_LIMIT = 20.0  # seconds allowed for the server to start before the fixture gives up


class LiveServer:
    """The app running on a loopback port until `stop`."""

    def __init__(self, db_path: Path, **options: Any) -> None:
        self.db_path = db_path
        self._sock = bind("127.0.0.1", 0)
        self.url = address(self._sock)
        # The tests start games from one address far faster than a person does.
        options.setdefault("games_per_minute", 100_000)
        self.app = create_app(db_path, **options)
        self._server = server(self.app)
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [self._sock]}, daemon=True
        )

    def start(self) -> LiveServer:
        self._thread.start()
        deadline = time.monotonic() + START_LIMIT
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the web app did not start")
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        self._server.should_exit = True
        self._thread.join(timeout=START_LIMIT)
        self._sock.close()

    @property
    def lobby(self) -> Lobby:
        """The server's rooms: where tests choose the deal of a table for two, which the
        protocol lets no client do (WR-7)."""
        lobby = self.app.state.lobby
        assert isinstance(lobby, Lobby)
        return lobby

    @contextmanager
    def dealing(self, deal: int | None = None, deck: str | None = None) -> Iterator[None]:
        """Every game the server deals at random is dealt `deal` (or `deck`) while this lasts."""
        lobby = self.lobby
        chooser = lobby.unchosen_deal
        lobby.unchosen_deal = lambda game: (deal, None if deck is None else parse_cards(deck))
        try:
            yield
        finally:
            lobby.unchosen_deal = chooser


@pytest.fixture(scope="session")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The app serving a fresh temporary database on a loopback port."""
    running = LiveServer(tmp_path_factory.mktemp("web") / "parlour.db", computer_pause=0.05).start()
    yield running
    running.stop()


@pytest.fixture(scope="session")
def live_server(live: LiveServer) -> str:
    """The base URL (`http://127.0.0.1:PORT`) of `live`."""
    return live.url


class StillClock:
    """The games' time, which moves only when the test moves it."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(live: LiveServer) -> Iterator[StillClock]:
    still = StillClock()
    live.lobby.clock = still
    try:
        yield still
    finally:
        live.lobby.clock = time.monotonic
