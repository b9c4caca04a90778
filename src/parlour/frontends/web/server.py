"""Running the app with uvicorn on a socket bound first, so the address (port 0 included) is
known before serving starts; used by `parlour serve`, the tests and the benchmark."""

from __future__ import annotations

import asyncio
import socket

import uvicorn
from fastapi import FastAPI
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from parlour.frontends.web.clients import client_of, is_proxy
from parlour.frontends.web.limits import SOCKETS_PER_ADDRESS

BACKLOG = 2048  # connections waiting to be accepted (uvicorn's own default)


class TimelyHttp(HttpToolsProtocol):
    """uvicorn's HTTP (httptools), but a connection that has not sent a whole request, its
    headers and any body, within `request_within` seconds of opening, or of its request's
    first byte, is closed: uvicorn sets no such limit, and a client that opened connections
    and trickled out their requests (slowloris) would hold a file descriptor each for as long
    as it liked. And one address may hold `connections_per_address` HTTP connections open at
    once (a websocket no longer counts once upgraded: the app limits those), so that a client
    opening them faster than they time out cannot take every file descriptor the server has
    (a trusted proxy's connections excepted: they carry many clients). `server` sets that
    limit to the app's own for websockets."""

    request_within = 10.0
    connections_per_address = SOCKETS_PER_ADDRESS

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._request_due: asyncio.TimerHandle | None = None
        super().connection_made(transport)
        if self._crowded():
            transport.close()
            return
        self._expect_request()

    def _crowded(self) -> bool:
        """Whether the client's address holds more than its share of this server's open HTTP
        connections, this one included (`connections`, uvicorn's set of its connections,
        websockets too)."""
        if not self.client or is_proxy(self.client[0], self.config.forwarded_allow_ips):
            return False
        me = client_of(self.client[0])
        http = (other for other in self.connections if isinstance(other, HttpToolsProtocol))
        mine = [other for other in http if other.client and client_of(other.client[0]) == me]
        return len(mine) > self.connections_per_address

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._expect_request()

    def on_message_complete(self) -> None:
        self._request_in()
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        self._request_in()  # a websocket, no longer a request on its way
        super().handle_websocket_upgrade()

    def connection_lost(self, exc: Exception | None) -> None:
        self._request_in()
        super().connection_lost(exc)

    def _expect_request(self) -> None:
        if self._request_due is None:
            self._request_due = self.loop.call_later(self.request_within, self.transport.close)

    def _request_in(self) -> None:
        if self._request_due is not None:
            self._request_due.cancel()
            self._request_due = None


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on `host`:`port` (0 picks a free port)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(BACKLOG)
    sock.set_inheritable(True)
    return sock


def address(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def server(app: FastAPI) -> uvicorn.Server:
    """A uvicorn server for `app`, quiet but for warnings; one address may hold as many HTTP
    connections open as the app lets it hold sockets (`parlour serve --sockets-per-address`),
    since each socket is an HTTP connection until its handshake is done."""
    limit = getattr(app.state, "sockets_per_address", TimelyHttp.connections_per_address)
    http = type("TimelyHttp", (TimelyHttp,), {"connections_per_address": limit})
    return uvicorn.Server(
        uvicorn.Config(
            app,
            http=http,
            log_level="warning",
            ws_max_size=1024 * 1024,
            ws_per_message_deflate=False,
        )
    )
