"""Running the app with uvicorn on a socket bound first, so the address (port 0 included) is
known before serving starts; used by `parlour serve`, the tests and the benchmark."""

from __future__ import annotations

import socket

import uvicorn
from fastapi import FastAPI

BACKLOG = 2048  # connections waiting to be accepted (uvicorn's own default)


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
            app, log_level="warning", ws_max_size=1024 * 1024, ws_per_message_deflate=False
        )
    )
