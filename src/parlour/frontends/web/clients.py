"""Who a client is, for the limits the server sets per client (sockets, hints, new games, HTTP
connections): its IPv4 address, or its IPv6 network's /64, since one host is commonly given a
whole /64 and could spread its connections over it to slip past a limit per address."""

from __future__ import annotations

from ipaddress import IPv6Address, ip_address, ip_network

from uvicorn.middleware.proxy_headers import _TrustedHosts  # uvicorn is pinned by uv.lock


def client_of(host: str) -> str:
    """The key a connection from `host` counts under."""
    try:
        address = ip_address(host)
    except ValueError:  # no address (a test client's name): counted as given
        return host
    if isinstance(address, IPv6Address):
        if address.ipv4_mapped is not None:  # an IPv4 client on a dual-stack socket
            return str(address.ipv4_mapped)
        return str(ip_network(f"{address}/64", strict=False))
    return str(address)


def is_proxy(host: str, proxies: list[str] | str) -> bool:
    """Whether `host` is one of the proxies trusted to name the clients behind them (uvicorn's
    `forwarded_allow_ips`: by default this machine), judged as uvicorn's own middleware judges
    it when it takes a client's address from `X-Forwarded-For`. A proxy's connections carry
    many clients, and the proxy limits those."""
    return host in _TrustedHosts(proxies)
