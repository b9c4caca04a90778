"""The names the server answers to (`hosts.known_host`): addresses, localhost, names given."""

from __future__ import annotations

import pytest

from parlour.frontends.web.hosts import known_host

GIVEN = frozenset({"parlour.lan"})


@pytest.mark.parametrize(
    ("header", "known"),
    [
        ("127.0.0.1:8000", True),
        ("192.168.1.20:8000", True),  # a player on the network types the address
        ("[::1]:8000", True),
        ("localhost:8000", True),
        ("LOCALHOST", True),
        ("cards.localhost:8000", True),
        ("parlour.lan:8000", True),
        (None, True),  # a program that sends no Host
        ("evil.example:8000", False),
        ("localhost.evil.example", False),
        ("127.0.0.1.evil.example", False),
        ("parlour.lan.evil.example", False),
        ("[not-an-address]:8000", False),
        ("[::1", False),
        ("", False),
    ],
)
def test_a_host_is_known_when_an_address_localhost_or_a_name_given(
    header: str | None, known: bool
) -> None:
    assert known_host(header, GIVEN) is known
