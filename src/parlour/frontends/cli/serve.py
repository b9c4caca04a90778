"""`parlour serve`: the web app on this machine, its address printed first."""

from __future__ import annotations

from contextlib import ExitStack
from typing import Annotated

import typer
from rich.markup import escape

from parlour.frontends.cli.common import BAD_INPUT, DbOpt, errors, guarded
from parlour.frontends.web.limits import GAMES_PER_MINUTE, SOCKETS_PER_ADDRESS
from parlour.store.database import default_path, serving


def serve_command(
    host: Annotated[str, typer.Option("--host", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", min=0, max=65535, help="Port (0 picks a free one).")
    ] = 8000,
    db: DbOpt = None,
    games_per_minute: Annotated[
        int,
        typer.Option(
            "--games-per-minute", min=1, help="New games one address may start in a minute."
        ),
    ] = GAMES_PER_MINUTE,
    sockets_per_address: Annotated[
        int,
        typer.Option(
            "--sockets-per-address", min=1, help="Connections one address may hold open at once."
        ),
    ] = SOCKETS_PER_ADDRESS,
    allowed_hosts: Annotated[
        list[str] | None,
        typer.Option(
            "--allowed-host",
            help="A name players reach the server by, besides its addresses and localhost"
            " (repeat for more).",
        ),
    ] = None,
) -> None:
    """Play in the browser: serve the web app and print its address."""
    # Imported here, not above: the web server's libraries take most of a second to load,
    # which every other command (each `parlour solve`, say) would pay for nothing.
    from parlour.frontends.web.app import create_app
    from parlour.frontends.web.server import address, bind, server

    path = db or default_path()
    with ExitStack() as held:
        guarded(lambda: held.enter_context(serving(path)))  # one server per file
        app = guarded(
            lambda: create_app(
                path,
                games_per_minute=games_per_minute,
                sockets_per_address=sockets_per_address,
                host_names=allowed_hosts or (),
            )
        )
        try:
            sock = bind(host, port)
        except OSError as error:
            errors.print(f"parlour: cannot listen on {escape(host)}:{port}: {error.strerror}")
            raise typer.Exit(BAD_INPUT) from None
        typer.echo(f"Parlour is serving at {address(sock)}/  (Ctrl-C stops it)")
        server(app).run(sockets=[sock])
