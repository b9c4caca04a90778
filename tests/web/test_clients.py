"""Whom the server's limits per client count together: an IPv4 address, or an IPv6 /64."""

from __future__ import annotations

from typing import Any

from starlette.websockets import WebSocket

from parlour.frontends.web.clients import client_of, is_proxy
from parlour.frontends.web.sockets import peer


def test_an_ipv4_address_is_a_client_of_its_own() -> None:
    assert client_of("203.0.113.7") == "203.0.113.7"
    assert client_of("203.0.113.7") != client_of("203.0.113.8")


def test_the_addresses_of_one_ipv6_64_are_one_client() -> None:
    """A host given a /64 could otherwise open sockets from 2**64 addresses."""
    one = client_of("2001:db8:1:2::1")
    assert one == client_of("2001:db8:1:2:ffff:ffff:ffff:ffff") == "2001:db8:1:2::/64"
    assert one != client_of("2001:db8:1:3::1")


def test_an_ipv4_client_on_a_dual_stack_socket_is_its_ipv4_address() -> None:
    assert client_of("::ffff:203.0.113.7") == "203.0.113.7"


def test_a_client_named_otherwise_is_counted_as_named() -> None:
    assert client_of("testclient") == "testclient"


def test_the_sockets_limits_count_a_socket_by_its_client() -> None:
    """`peer`, where every limit per address reads a socket's address."""

    async def nothing(*_: Any) -> Any:
        raise AssertionError("not read")

    def socket_from(host: str) -> WebSocket:
        scope = {"type": "websocket", "client": (host, 40000), "path": "/ws", "headers": []}
        return WebSocket(scope, receive=nothing, send=nothing)

    assert peer(socket_from("2001:db8:1:2::5")) == peer(socket_from("2001:db8:1:2::6"))
    assert peer(socket_from("203.0.113.7")) == "203.0.113.7"


def test_a_proxy_is_trusted_as_uvicorn_is_told() -> None:
    assert is_proxy("127.0.0.1", "127.0.0.1,::1") and is_proxy("::1", "127.0.0.1, ::1")
    assert not is_proxy("203.0.113.7", "127.0.0.1,::1")
    assert is_proxy("10.1.2.3", ["10.0.0.0/8"]) and is_proxy("203.0.113.7", "*")
    assert is_proxy("/run/proxy.sock", "/run/proxy.sock")
    assert not is_proxy("testclient", "127.0.0.1")
