"""Which names the server answers to: a defence against DNS rebinding.

A page of another site may point its own name at this machine once loaded; to the browser it
is then the same origin as the server, and the Origin check lets it in. Such a page sends its
own name as `Host`, so a request is answered only when its `Host` is an address (which no site
can lend a page), `localhost` or a name under it, or a name the server was given
(`parlour serve --allowed-host NAME`, for players who reach it by a name on their network).
"""

from __future__ import annotations

from collections.abc import Iterable
from ipaddress import ip_address
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Receive, Scope, Send

REFUSED = "this server does not answer to that name: give it with parlour serve --allowed-host"


def known_host(header: str | None, names: frozenset[str]) -> bool:
    """Whether a request's `Host` header names this server; a program may send none."""
    if header is None:
        return True
    try:
        hostname = urlsplit(f"//{header}").hostname  # lower case, without port or brackets
    except ValueError:  # brackets that open no IPv6 address
        return False
    if not hostname:
        return False
    try:
        ip_address(hostname)
    except ValueError:
        return hostname == "localhost" or hostname.endswith(".localhost") or hostname in names
    return True


class KnownHostsOnly:
    """Refuses (HTTP 400, the websocket's handshake too) a request whose `Host` is a name
    this server was not given."""

    def __init__(self, app: ASGIApp, names: Iterable[str] = ()) -> None:
        self.app = app
        self.names = frozenset(name.lower() for name in names)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        checked = scope["type"] in ("http", "websocket")
        if checked and not known_host(Headers(scope=scope).get("host"), self.names):
            await PlainTextResponse(REFUSED, status_code=400)(scope, receive, send)
            return
        await self.app(scope, receive, send)
