"""What a page of another site, or a client bent on slowing the server, cannot do: play through
a visitor's browser, show the pages in a frame, make the server replay a game for a wrong
token, or hold up the others by not reading."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

from parlour.agents import HUMAN
from parlour.core.session import Session
from parlour.frontends.web import sockets
from parlour.frontends.web.rooms import MOVES_SHOWN, Client, Room, token_hash
from parlour.frontends.web.server import TimelyHttp
from parlour.frontends.web.sockets import Conversation
from parlour.games import get_game
from parlour.store.games import SOLO, SavedGame
from tests.web.client import Player, seat_of
from tests.web.conftest import LiveServer


def socket_url(base_url: str) -> str:
    return base_url.replace("http", "ws", 1) + "/ws"


def test_a_page_of_another_site_may_not_open_the_socket(live_server: str) -> None:
    with pytest.raises(InvalidStatus):
        connect(socket_url(live_server), origin=Origin("http://evil.example"))
    own = live_server.removeprefix("http://")
    with connect(socket_url(live_server), origin=Origin(f"http://{own}")) as socket:
        socket.send('{"type": "new", "game": "plait", "deal": 3}')
        assert '"joined"' in str(socket.recv(timeout=30))


def test_a_page_whose_name_was_pointed_at_this_server_is_refused(live_server: str) -> None:
    """DNS rebinding: a page of evil.example, its name pointed at this machine once loaded,
    is the same origin as the server to the browser; its Host header still says evil.example,
    so neither the pages, the saved games nor the socket answer it."""
    port = live_server.rsplit(":", 1)[1]
    evil = {"Host": f"evil.example:{port}", "Origin": f"http://evil.example:{port}"}
    for path in ("/", "/api/saved", "/api/stats"):
        refused = httpx.get(live_server + path, headers=evil)
        assert refused.status_code == 400 and "--allowed-host" in refused.text
    handshake = {
        "Connection": "Upgrade",
        "Upgrade": "websocket",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
    }
    assert httpx.get(live_server + "/ws", headers={**handshake, **evil}).status_code == 400
    own = {"Host": f"127.0.0.1:{port}", "Origin": f"http://127.0.0.1:{port}"}
    assert httpx.get(live_server + "/ws", headers={**handshake, **own}).status_code == 101
    for name in (f"localhost:{port}", f"127.0.0.1:{port}", f"game.localhost:{port}"):
        assert httpx.get(live_server + "/api/saved", headers={"Host": name}).status_code == 200


def test_a_name_given_to_the_server_is_answered(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "p.db", host_names=["parlour.lan"]).start()
    try:
        asked = httpx.get(server.url + "/api/stats", headers={"Host": "Parlour.LAN:8000"})
        assert asked.status_code == 200
    finally:
        server.stop()


def test_no_other_site_may_show_the_pages_in_a_frame(live_server: str) -> None:
    page = httpx.get(live_server + "/")
    assert page.headers["x-frame-options"] == "DENY"
    assert "frame-ancestors 'none'" in page.headers["content-security-policy"]


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The games the server replays from the store, by game."""
    seen: list[str] = []
    replay = Session.from_record

    def counted(game: Any, record: Any, **options: Any) -> Session[Any]:
        seen.append(record.game)
        return replay(game, record, **options)

    monkeypatch.setattr(Session, "from_record", counted)
    yield seen


def test_a_wrong_token_is_refused_before_the_game_is_replayed(
    live: LiveServer, replays: list[str]
) -> None:
    with Player(live.url) as player:
        joined, state = player.start(game="plait", deal=3)
        player.ask({"type": "move", "move": state["observation"]["legal_moves"][0]})
    wrong = {"game_id": joined["game_id"], "token": "not the token"}
    with Player(live.url) as stranger:
        assert stranger.ask({"type": "resume", **wrong})["type"] == "error"
    assert replays == []
    with Player(live.url) as again:
        assert again.ask({"type": "resume", **seat_of(joined)})["type"] == "joined"
    assert replays == ["plait"]


def test_a_game_saved_with_automatic_moves_it_has_not_resumes_without_them(
    live: LiveServer,
) -> None:
    session = Session(get_game("royal-marriage"), deal=3)
    session.play("deal")
    saved = SavedGame("old-marriage", session.record(), {SOLO: token_hash("t")}, autoplay=True)
    live.lobby.games.save(saved)
    with Player(live.url) as player:
        assert (
            player.ask({"type": "resume", "game_id": "old-marriage", "token": "t"})["seat"] is None
        )
        state = player.receive()
        assert state["autoplay"] is False and state["move_count"] == 1


def test_a_game_played_back_and_forth_sends_only_its_last_moves() -> None:
    session = Session(get_game("four-corners"), deal=0)
    for move in ["redeal", "heap-7>heap-4"] + ["heap-4>heap-11", "heap-11>heap-4"] * 300:
        session.play(move)
    state = Room("g", session, {SOLO: "hash"}).state_message(SOLO)
    assert state["move_count"] == 602 and len(state["moves"]) == MOVES_SHOWN
    assert state["moves"][-1] == "heap-11>heap-4"


class Unread:
    """A websocket whose reader has stopped: a message sent to it never goes."""

    def __init__(self) -> None:
        self.closed_with: int | None = None

    async def send_json(self, message: dict[str, Any]) -> None:
        await asyncio.Event().wait()

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed_with = code


def test_a_socket_that_does_not_read_is_closed_and_holds_up_no_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sockets, "SEND_PATIENCE", 0.05)
    unread = Unread()
    conversation = Conversation(unread, lobby=None, hinter=None)  # type: ignore[arg-type]

    async def twice() -> None:
        await conversation.send({"type": "state"})
        await conversation.send({"type": "state"})  # gone: nothing more is tried

    with ThreadPoolExecutor(1) as thread:  # a loop of its own, whatever runs in this thread
        thread.submit(asyncio.run, asyncio.wait_for(twice(), 5)).result()
    assert not conversation.open and unread.closed_with == 1008


def test_a_state_goes_to_every_seat_at_once() -> None:
    """Each seat's send waits until the other's has begun: sent one after another, the first
    would wait for ever (here, a second), as a change waited for every slow reader in turn."""
    room = Room("g", Session(get_game("wrangle"), deal=3), {}, opponent=HUMAN, table_id="t")
    got: list[str] = []

    async def everyone() -> None:
        both_sending = asyncio.Barrier(2)

        async def send(message: dict[str, Any]) -> None:
            await asyncio.wait_for(both_sending.wait(), 1)
            got.append(message["seat"])

        room.clients = {Client(send, room, "north"), Client(send, room, "south")}
        await room.broadcast()

    with ThreadPoolExecutor(1) as thread:  # a loop of its own, whatever runs in this thread
        thread.submit(asyncio.run, everyone()).result()
    assert sorted(got) == ["north", "south"]


def test_one_address_starting_games_without_end_is_told_to_wait(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "p.db", computer_pause=0.0, games_per_minute=3).start()
    try:
        with Player(server.url) as player:
            first, _ = player.start(game="plait", deal=1)
            for deal in (2, 3):
                player.start(game="plait", deal=deal)
            refused = player.ask({"type": "new", "game": "plait", "deal": 4})
            assert refused["type"] == "error" and "too many new games" in refused["message"]
            assert player.ask({"type": "resume", **seat_of(first)})["type"] == "joined"
    finally:
        server.stop()


def test_a_refused_request_for_a_new_game_takes_nothing_from_the_limit(tmp_path: Path) -> None:
    """A refusal changes nothing, the address's count of new games included: typing a game's
    name wrong three times leaves the three games a minute it may start."""
    server = LiveServer(tmp_path / "p.db", computer_pause=0.0, games_per_minute=3).start()
    try:
        with Player(server.url) as player:
            for wrong in ("plaitt", "snap", "plait"):
                refused = player.ask({"type": "new", "game": wrong, "deal": -1})
                assert refused["type"] == "error" and "too many" not in refused["message"]
            for deal in (1, 2, 3):
                player.start(game="plait", deal=deal)
    finally:
        server.stop()


def closed_while_trickling(host: str, port: int) -> bool:
    """Whether the server closes a connection whose request's body comes a byte at a time,
    a byte every 0.2 s, within 50 bytes (answered or not: a route may answer at once)."""
    with socket.create_connection((host, port)) as bodied:
        bodied.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n")
        bodied.settimeout(0.2)
        for _ in range(50):
            try:
                if not bodied.recv(65536):
                    return True
            except TimeoutError:
                try:
                    bodied.sendall(b"x")
                except OSError:  # closed under the byte being sent
                    return True
    return False


def test_a_connection_that_never_finishes_its_request_is_closed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Slowloris: connections opened and their headers or a body trickled out, or nothing
    sent at all, are closed once their time is up, where they used to hold a file descriptor
    each for ever; a request sent whole, and a websocket once open, are not cut short."""
    monkeypatch.setattr(TimelyHttp, "request_within", 0.5)
    server = LiveServer(tmp_path / "p.db").start()
    host, port = server.url.removeprefix("http://").split(":")
    try:
        with Player(server.url) as player:
            trickling = socket.create_connection((host, int(port)))
            trickling.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            silent = socket.create_connection((host, int(port)))
            for waiting in (trickling, silent):
                waiting.settimeout(10)
                assert waiting.recv(1024) == b""  # closed by the server, not by the timeout
                waiting.close()
            assert closed_while_trickling(host, int(port))
            time.sleep(1.5)  # three times the limit, with the websocket open
            assert player.start(game="plait", deal=2)[0]["type"] == "joined"
        assert httpx.get(server.url + "/api/games").status_code == 200
    finally:
        server.stop()


def test_one_address_may_hold_only_so_many_http_connections_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Connections opened faster than they time out would take every file descriptor: past
    the limit (the one for sockets) the server closes a new one at once; the ones before it
    stay open, a websocket does not count once upgraded, and a connection closed makes room
    for another."""
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "192.0.2.1")  # this machine is no proxy here
    server = LiveServer(tmp_path / "p.db", sockets_per_address=3).start()
    host, port = server.url.removeprefix("http://").split(":")
    try:
        with Player(server.url) as player:  # a websocket, no longer an HTTP connection
            assert player.start(game="plait", deal=2)[0]["type"] == "joined"
            held = [socket.create_connection((host, int(port))) for _ in range(3)]
            extra = socket.create_connection((host, int(port)))  # taken in after them
            extra.settimeout(10)
            assert extra.recv(1024) == b""  # closed by the server at once
            for kept in held:
                kept.settimeout(0.2)
                with pytest.raises(TimeoutError):  # still open, waiting for a request
                    kept.recv(1024)
            held.pop().close()
            deadline = time.monotonic() + 10  # the server counts it gone once it has seen it go
            while True:
                with socket.create_connection((host, int(port))) as again:
                    again.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                    again.settimeout(10)
                    answer = again.recv(1024)
                if answer.startswith(b"HTTP/1.1 200") or time.monotonic() > deadline:
                    break
                time.sleep(0.05)
            assert answer.startswith(b"HTTP/1.1 200"), answer
            for kept in held:
                kept.close()
    finally:
        server.stop()


def test_a_trusted_proxy_may_hold_more_http_connections(tmp_path: Path) -> None:
    """A proxy on this machine (uvicorn trusts it to name its clients, by default) carries
    many clients' connections: they are not held to one client's share."""
    server = LiveServer(tmp_path / "p.db", sockets_per_address=2).start()
    host, port = server.url.removeprefix("http://").split(":")
    try:
        held = [socket.create_connection((host, int(port))) for _ in range(4)]
        for kept in held:
            kept.settimeout(0.2)
            with pytest.raises(TimeoutError):  # still open, waiting for a request
                kept.recv(1024)
            kept.close()
    finally:
        server.stop()


def test_one_address_may_hold_only_so_many_sockets_open(tmp_path: Path) -> None:
    """Each socket costs the server a file descriptor: one client may not take them all. The
    socket past the limit is closed with "try again later" and the reason; once one closes,
    the next is let in."""
    server = LiveServer(tmp_path / "p.db", sockets_per_address=2).start()
    url = socket_url(server.url)
    try:
        with connect(url) as first, connect(url) as second:
            for socket in (first, second):
                socket.send('{"type": "new", "game": "plait", "deal": 3}')
                assert '"joined"' in str(socket.recv(timeout=30))
            with connect(url) as third, pytest.raises(ConnectionClosed) as closed:
                third.recv(timeout=30)
            told = closed.value.rcvd
            assert told is not None and told.code == 1013 and "too many" in told.reason
        deadline = time.monotonic() + 30  # the server counts a socket closed once it has seen it go
        while True:
            with connect(url) as again:
                try:
                    again.send('{"type": "new", "game": "plait", "deal": 4}')
                    answer = json.loads(again.recv(timeout=30))
                except ConnectionClosed as turned_away:
                    answer = {"type": "closed", "reason": str(turned_away)}
            if answer["type"] == "joined" or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert answer["type"] == "joined", answer
    finally:
        server.stop()
