"""Running the app with uvicorn on a socket bound first, so the address (port 0 included) is
known before serving starts; used by `parlour serve`, the tests and the benchmark."""

from __future__ import annotations

import asyncio
import socket

import uvicorn
from fastapi import FastAPI
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

BACKLOG = 2048  # connections waiting to be accepted (uvicorn's own default)


class TimelyHttp(HttpToolsProtocol):
    """uvicorn's HTTP (httptools), but a connection that has not sent a whole request's
    headers within `headers_within` seconds of opening, or of its request's first byte, is
    closed: uvicorn sets no such limit, and a client that opened connections and trickled out
    their headers (slowloris) would hold a file descriptor each for as long as it liked."""

    headers_within = 10.0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._headers_due: asyncio.TimerHandle | None = None
        super().connection_made(transport)
        self._expect_headers()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._expect_headers()

    def on_headers_complete(self) -> None:
        self._headers_in()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._headers_in()
        super().connection_lost(exc)

    def _expect_headers(self) -> None:
        if self._headers_due is None:
            self._headers_due = self.loop.call_later(self.headers_within, self.transport.close)

    def _headers_in(self) -> None:
        if self._headers_due is not None:
            self._headers_due.cancel()
            self._headers_due = None


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
    """A uvicorn server for `app`, quiet but for warnings."""
    return uvicorn.Server(
        uvicorn.Config(
            app,
            http=TimelyHttp,
            log_level="warning",
            ws_max_size=1024 * 1024,
            ws_per_message_deflate=False,
        )
    )
