"""Nothing is lost when the server restarts: saved games resume where they were, with their
undo, and statistics stay, all from the same database file."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx

from parlour.core.params import params_dict
from parlour.core.session import Session
from parlour.frontends.web.lobby import Lobby
from parlour.frontends.web.rooms import token_hash
from parlour.games import get_game
from parlour.games.royal_marriage import RoyalMarriageParams
from parlour.store.database import connect
from parlour.store.games import SOLO, GameStore, SavedGame
from parlour.store.stats import StatsStore
from tests.conformance.wins import known_win
from tests.web.client import Player, seat_of
from tests.web.conftest import LiveServer


def test_games_and_statistics_survive_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "parlour.db"
    game = get_game("royal-marriage")
    params = RoyalMarriageParams(mode="open")
    start, moves = known_win(game, params)
    first = LiveServer(db, computer_pause=0.0).start()
    try:
        with Player(first.url) as player:
            won, _ = player.start(game=game.info.id, params=params_dict(params), deal=start.deal)
            for move in moves:
                player.ask({"type": "move", "move": move})
            joined, state = player.start(game="plait", deal=3)
            for _ in range(3):
                move = state["observation"]["legal_moves"][0]
                state = player.ask({"type": "move", "move": move})
            table, _ = player.start(game="wrangle", opponent="human")
        stats_before = httpx.get(first.url + "/api/stats").json()
        saved_before = httpx.get(first.url + "/api/saved").json()
    finally:
        first.stop()
    assert [s["won"] for s in stats_before] == [1]
    assert {s["game_id"] for s in saved_before} == {joined["game_id"], table["game_id"]}

    second = LiveServer(db, computer_pause=0.0).start()
    try:
        assert httpx.get(second.url + "/api/stats").json() == stats_before
        assert httpx.get(second.url + "/api/saved").json() == saved_before
        with Player(second.url) as player:
            assert player.ask({"type": "resume", **seat_of(joined)})["game_id"] == joined["game_id"]
            resumed = player.receive()
            assert resumed["moves"] == state["moves"] and resumed["can_undo"]
            assert resumed["observation"] == state["observation"]
            assert player.ask({"type": "undo"})["moves"] == state["moves"][:-1]
            finished = player.ask({"type": "resume", **seat_of(won)})
            assert finished["type"] == "joined"
            assert player.receive()["observation"]["outcome"] == "won"
            taken = player.ask(
                {"type": "join", "table": table["join_link"].removeprefix("/table/")}
            )
            assert taken["seat"] == "south"
    finally:
        second.stop()


def test_a_restart_can_still_be_redone_after_the_page_reconnects(live_server: str) -> None:
    """The room is saved when its last socket leaves; what redo could bring back is kept."""
    with Player(live_server) as player:
        joined, state = player.start(game="plait", deal=17)
        for _ in range(5):
            state = player.ask({"type": "move", "move": state["observation"]["legal_moves"][0]})
        restarted = player.ask({"type": "restart"})
        assert restarted["moves"] == [] and restarted["can_redo"]
    with Player(live_server) as player:
        player.ask({"type": "resume", **seat_of(joined)})
        resumed = player.receive()
        assert resumed["moves"] == [] and resumed["can_redo"]
        while resumed["can_redo"]:
            resumed = player.ask({"type": "redo"})
        assert resumed["moves"] == state["moves"]
        assert resumed["observation"] == state["observation"]


def test_a_move_that_cannot_be_saved_is_taken_back_and_said(tmp_path: Path) -> None:
    """What a player is shown as played is what the file holds: a failed save (the file held
    by another program, a full disk) takes the move back, with a message, and it can be made
    again once the file is free."""
    server = LiveServer(tmp_path / "parlour.db", computer_pause=0.0).start()
    games = server.lobby.games
    try:
        with Player(server.url) as player:
            joined, state = player.start(game="plait", deal=3)
            move = state["observation"]["legal_moves"][0]

            def failing(game: SavedGame) -> None:
                raise sqlite3.OperationalError("database is locked")

            games.save = failing  # type: ignore[method-assign]
            refused = player.ask({"type": "move", "move": move})
            assert refused["type"] == "error" and "could not be saved" in refused["message"]
            del games.save  # the file is free again
            again = player.ask({"type": "move", "move": move})
            assert again["type"] == "state" and again["move_count"] == 1
        stored = games.load(joined["game_id"])
        assert stored is not None and list(stored.record.moves) == [again["last"]]
    finally:
        server.stop()


def test_a_saved_game_resumed_twice_at_once_is_one_room(tmp_path: Path) -> None:
    """A resumed game is replayed off the event loop, so two resumes can overlap: both seats
    must land in one room, or their moves would part."""
    connection = connect(tmp_path / "parlour.db")
    lobby = Lobby(GameStore(connection), StatsStore(connection), computer_pause=0.0)
    session = Session(get_game("plait"), get_game("plait").info.params_type(), deal=3)
    session.play("deal")
    token = "a-token"
    lobby.games.save(SavedGame("g1", session.record(), {SOLO: token_hash(token)}))

    async def both() -> list[tuple[object, str]]:
        return list(await asyncio.gather(*(lobby.resume("g1", token) for _ in range(2))))

    with ThreadPoolExecutor(1) as thread:  # a loop of its own, whatever runs in this thread
        (first, _), (second, _) = thread.submit(asyncio.run, both()).result()
    assert first is second and lobby.rooms == {"g1": first}


def _lobby_with_slow_first_replay(tmp_path: Path) -> tuple[Lobby, threading.Event]:
    """A lobby whose first replay waits for the event returned, so that the test can change
    the game while a resume is replaying it."""
    connection = connect(tmp_path / "parlour.db")
    lobby = Lobby(GameStore(connection), StatsStore(connection), computer_pause=0.0)
    gate, replay, calls = threading.Event(), lobby._replayed, []

    def replayed(saved: SavedGame) -> Session[Any]:
        calls.append(saved)
        if len(calls) == 1:
            gate.wait(10)
        return replay(saved)

    lobby._replayed = replayed  # type: ignore[method-assign]
    return lobby, gate


def _resumed_after(
    lobby: Lobby, gate: threading.Event, game_id: str, token: str, meanwhile: Any
) -> Any:
    """Resume `game_id` while `meanwhile` runs between the replay's start and its end."""

    async def both() -> Any:
        slow = asyncio.create_task(lobby.resume(game_id, token))
        await asyncio.sleep(0.05)  # the slow resume is replaying
        await meanwhile()
        gate.set()
        return await slow

    with ThreadPoolExecutor(1) as thread:  # a loop of its own, whatever runs in this thread
        return thread.submit(asyncio.run, both()).result()


def test_a_resume_replaying_while_the_game_is_played_and_let_go_gets_the_game_as_played(
    tmp_path: Path,
) -> None:
    """A move made on another socket while a resume replays the saved game, the room then let
    go, is not undone by the older replay: with the card it showed, WR-7 would be broken."""
    lobby, gate = _lobby_with_slow_first_replay(tmp_path)
    session = Session(get_game("plait"), get_game("plait").info.params_type(), deal=3)
    session.play("deal")
    token = "a-token"
    lobby.games.save(SavedGame("g1", session.record(), {SOLO: token_hash(token)}))

    async def played_and_let_go() -> None:
        room, _ = await lobby.resume("g1", token)
        room.session.play("deal")
        lobby.save(room)
        lobby._release_if_idle(room)  # nobody at it: the store has it
        assert "g1" not in lobby.rooms

    room, _ = _resumed_after(lobby, gate, "g1", token, played_and_let_go)
    assert [str(move) for move in room.session.moves] == ["deal", "deal"]
    assert lobby.rooms == {"g1": room}


def test_a_seat_taken_while_a_resume_replays_stays_taken(tmp_path: Path) -> None:
    """The second player joins a waiting table and leaves while its first player's resume
    replays it: the table resumed is full, and the second player's seat is his."""
    lobby, gate = _lobby_with_slow_first_replay(tmp_path)
    wrangle = get_game("wrangle")
    room, seat, token = lobby.open_room(
        Session(wrangle, wrangle.info.params_type(), deal=5), "human"
    )
    lobby.save(room)
    lobby._release_if_idle(room)
    joined: list[str] = []

    async def joined_and_gone() -> None:
        table, _, their_token = lobby.join(str(room.table_id))
        joined.append(their_token)
        lobby.save(table)
        lobby._release_if_idle(table)

    resumed, _ = _resumed_after(lobby, gate, room.game_id, token, joined_and_gone)
    assert resumed.free_seat() is None
    assert resumed.seat_for(joined[0]) == "south" and seat == "north"


def test_a_result_the_file_could_not_take_counts_as_the_game_ended_after_an_undo(
    tmp_path: Path,
) -> None:
    """Won while the statistics could not be written, then undone: the next save keeps the
    win, not the game as it stands."""
    connection = connect(tmp_path / "parlour.db")
    lobby = Lobby(GameStore(connection), StatsStore(connection), computer_pause=0.0)
    game = get_game("royal-marriage")
    start, moves = known_win(game, RoyalMarriageParams(mode="open"))
    session = Session(game, start.params, deal=start.deal)
    room, _, _ = lobby.open_room(session, None)
    for move in moves:
        session.play(move)

    def failing(game_id: str, game: str, params: dict[str, str], won: bool, seconds: float) -> bool:
        raise sqlite3.OperationalError("database is locked")

    lobby.stats.record = failing  # type: ignore[method-assign]
    lobby.save(room)
    del lobby.stats.record  # the file is free again
    session.undo()
    lobby.save(room)
    (row,) = lobby.stats.all()
    assert (row.played, row.won) == (1, 1)
