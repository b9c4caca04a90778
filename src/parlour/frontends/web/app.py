"""The web app: the page for every path of docs/web.md, its static files, the JSON API and
the websocket. `create_app` takes the database file, so tests and the benchmark run their own."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import FastAPI, HTTPException, Query, Request, Response, WebSocket
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from parlour.agents import AGENTS, DEFAULT_AGENT, describe
from parlour.core.errors import UnknownGame
from parlour.core.params import choices
from parlour.frontends.web.hints import HINT_BUDGET, Hinter
from parlour.frontends.web.hosts import KnownHostsOnly
from parlour.frontends.web.limits import GAMES_PER_MINUTE, SOCKETS_PER_ADDRESS
from parlour.frontends.web.lobby import Lobby
from parlour.frontends.web.rulebook import rules_html
from parlour.frontends.web.sockets import Conversation, OpenSockets, peer
from parlour.games import all_games, get_game
from parlour.solver import Budget
from parlour.store.database import connect
from parlour.store.games import GameStore
from parlour.store.stats import StatsStore

STATIC = Path(__file__).with_name("static")
PAGES = ("/", "/play/{game}", "/wrangle", "/table/{table_id}", "/stats")
MAX_ASKED = 200  # saved games listed by id at once: more seats than a browser keeps
COMPUTER_PAUSE = 0.4  # seconds between the computer's moves, so a person can follow them


def same_origin(websocket: WebSocket) -> bool:
    """Whether the socket comes from one of this server's own pages, or from a program (which
    sends no Origin): a browser names the page's origin, and a page of another site must not
    start games, hints or results here."""
    origin = websocket.headers.get("origin")
    return origin is None or urlsplit(origin).netloc == websocket.headers.get("host")


def computer_players() -> list[dict[str, str]]:
    """The computer players a lobby offers for a seat, the default first, each with its words."""
    names = sorted(AGENTS, key=lambda name: name != DEFAULT_AGENT)
    return [{"id": name, "words": describe(name)} for name in names]


def create_app(
    db_path: str | os.PathLike[str],
    *,
    computer_pause: float = COMPUTER_PAUSE,
    hint_budget: Budget = HINT_BUDGET,
    games_per_minute: int = GAMES_PER_MINUTE,
    sockets_per_address: int = SOCKETS_PER_ADDRESS,
    host_names: Iterable[str] = (),
) -> FastAPI:
    """The app, keeping its games and statistics in the SQLite file `db_path`; it answers to
    addresses, localhost and `host_names` (`hosts.KnownHostsOnly`)."""
    connection = connect(db_path)
    lobby = Lobby(GameStore(connection), StatsStore(connection), computer_pause, games_per_minute)
    hinter = Hinter(hint_budget)
    open_sockets = OpenSockets(sockets_per_address)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        for room in list(lobby.rooms.values()):
            if room.computer_task is not None:
                room.computer_task.cancel()
        connection.close()

    # No generated API pages (/docs, /redoc, /openapi.json): docs/web.md is the protocol, and
    # those pages would load their scripts from another site.
    app = FastAPI(
        title="Parlour", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None
    )
    app.state.lobby = lobby  # the rooms, for a server's owner in the same process
    app.state.sockets_per_address = sockets_per_address  # HTTP connections too (`server`)
    app.add_middleware(KnownHostsOnly, names=host_names)
    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")

    async def page() -> FileResponse:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    for path in PAGES:
        app.add_api_route(path, page, methods=["GET", "HEAD"], include_in_schema=False)

    @app.get("/api/games")
    def games() -> list[dict[str, Any]]:
        return [
            {
                "id": game.info.id,
                "name": game.info.name,
                "summary": game.info.summary,
                "description": game.info.description,
                "players": game.info.players,
                "params": choices(game.info.params_type),
                "autoplay": game.has_automatic_moves,
                "never_played_from": dict(game.info.never_played_from),
                "opponents": computer_players() if game.info.seats else [],
            }
            for game in all_games()
        ]

    @app.get("/api/rules/{game}")
    def rules(game: str) -> dict[str, str]:
        try:
            return rules_html(game)
        except UnknownGame as error:
            raise HTTPException(404, str(error)) from None

    @app.get("/api/stats")
    def stats() -> list[dict[str, Any]]:
        return [entry.to_json() for entry in lobby.stats.all()]

    @app.get("/api/saved")
    def saved(
        asked: Annotated[list[str] | None, Query(alias="game")] = None,
    ) -> list[dict[str, Any]]:
        """Games in play: the 50 most recent, or those of the ids a browser holds seats in
        (`?game=ID&game=…`), which no number of games started by others can hide."""
        ids = None if asked is None else asked[:MAX_ASKED]
        return [
            {
                "game_id": game.game_id,
                "game": game.record.game,
                "params": game.record.params,
                "deal": game.record.deal if get_game(game.record.game).deal_is_public else None,
                "moves": len(game.record.moves),
                "opponent": game.opponent,
                "updated": game.updated,
            }
            for game in lobby.games.in_play(limit=MAX_ASKED if ids else 50, ids=ids)
        ]

    @app.websocket("/ws")
    async def socket(websocket: WebSocket) -> None:
        if not same_origin(websocket):
            await websocket.close(code=1008, reason="another site's page may not play here")
            return
        conversation = Conversation(websocket, lobby, hinter)
        with open_sockets.held(peer(websocket)) as admitted:
            await (conversation.run() if admitted else conversation.turn_away())

    @app.middleware("http")
    async def not_framed(request: Request, call_next: Any) -> Response:
        """No other site may show the pages inside its own (and click on them unseen)."""
        response: Response = await call_next(request)
        response.headers["X-Frame-Options"] = "DENY"
        response.headers["Content-Security-Policy"] = "frame-ancestors 'none'"
        response.headers["X-Content-Type-Options"] = "nosniff"
        return response

    return app
