"""The Wrangle over the websocket: against the computer, and two people at a table. Every
`state` a client receives must be exactly `observe(true state, its seat)`, the true state being
rebuilt here from the deal and the moves announced one by one (WR-7)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from random import Random
from typing import Any

import httpx
import pytest

from parlour.agents.base import Observation
from parlour.core import session as session_module
from parlour.core.cards import parse_cards
from parlour.core.game import Game, Visibility
from parlour.core.moves import Move, parse_move
from parlour.core.session import Session, shows_more
from parlour.games import get_game
from parlour.games.wrangle import WrangleState
from tests.conformance.wins import load_wins
from tests.web.client import Player, quiet, seat_of, stats_of
from tests.web.conftest import LiveServer, StillClock

WRANGLE = get_game("wrangle")
KNOWN = load_wins(WRANGLE)["wrangle(first=cut)"]
DEAL = 3
NORTH_BEGINS = next(d for d in range(100) if WRANGLE.to_move(WRANGLE.new(deal=d)) == "north")


def other(seat: str) -> str:
    return "south" if seat == "north" else "north"


def seat_to_move(state: WrangleState) -> str:
    """The seat whose turn it is in `state`, a game still under way."""
    seat = WRANGLE.to_move(state)
    assert seat is not None
    return seat


def check_view(state: dict[str, Any], truth: Session[Any], seat: str) -> None:
    """`state` shows `seat` its own observation of `truth`, and nothing hidden from it."""
    assert state["type"] == "state", state
    observation = state["observation"]
    assert observation == WRANGLE.observe(truth.state, seat)
    assert state["seat"] == seat and state["deal"] is None and observation["deal"] is None
    for pile, cards in observation["piles"].items():
        seen = WRANGLE.visibility(truth.state, pile, seat)
        if seen is not Visibility.ALL:
            assert len(cards) <= (1 if seen is Visibility.TOP else 0)


@contextmanager
def table(live: LiveServer, **dealt: Any) -> Iterator[tuple[dict[str, Player], dict[str, Any]]]:
    """Two people seated at a new table, which the server deals as `dealt` says (`deal` or
    `deck`): the players by seat, and north's `joined`."""
    with Player(live.url) as north, Player(live.url) as south:
        with live.dealing(**dealt):
            joined, waiting = north.start(game="wrangle", opponent="human")
        assert joined["seat"] == "north" and joined["join_link"].startswith("/table/")
        assert waiting["waiting"] and not waiting["can_undo"]
        assert waiting["observation"]["legal_moves"] == []
        early = north.ask({"type": "move", "move": "turn"})
        assert early["type"] == "error" and "wait" in early["message"]
        own_table = {"type": "join", "table": joined["join_link"].removeprefix("/table/")}
        twice = north.ask(own_table)  # the second seat is for the second player
        assert (
            twice["type"] == "error"
            and "you sit at this table already, as north" in twice["message"]
        )
        taken = south.ask({"type": "join", "table": joined["join_link"].removeprefix("/table/")})
        assert taken["seat"] == "south" and "join_link" not in taken
        assert taken["token"] != joined["token"]
        yield {"north": north, "south": south}, joined


def test_WR_7_no_client_chooses_the_deal_of_a_table_for_two(live_server: str) -> None:
    with Player(live_server) as north:
        for dealt in ({"deal": DEAL}, {"deck": KNOWN["deck"]}):
            answer = north.ask({"type": "new", "game": "wrangle", "opponent": "human", **dealt})
            assert answer["type"] == "error" and "dealt at random" in answer["message"]


def test_two_people_at_a_table_see_only_their_own_views_and_move_in_turn(
    live: LiveServer,
) -> None:
    truth = Session(WRANGLE, deal=DEAL)
    with table(live, deal=DEAL) as (players, joined):
        for seat, player in players.items():
            state = player.receive()
            assert not state["waiting"]
            check_view(state, truth, seat)
        with Player(live.url) as third:
            table_id = joined["join_link"].removeprefix("/table/")
            assert third.ask({"type": "join", "table": table_id})["type"] == "error"
        movers: set[str] = set()
        for _ in range(120):
            mover = seat_to_move(truth.state)
            movers.add(mover)
            move = str(WRANGLE.legal_moves(truth.state)[-1])
            refused = players[other(mover)].ask({"type": "move", "move": move})
            assert refused["type"] == "error" and "turn" in refused["message"]
            players[mover].send({"type": "move", "move": move})
            truth.play(move)
            for seat, player in players.items():
                state = player.receive()
                assert state["last"] == move
                check_view(state, truth, seat)
        assert movers == {"north", "south"}


def test_a_table_played_to_the_end_counts_in_no_one_s_stats(live: LiveServer) -> None:
    truth = Session(WRANGLE, deck=parse_cards(KNOWN["deck"]))
    with table(live, deck=KNOWN["deck"]) as (players, _):
        for player in players.values():
            player.receive()
        for move in KNOWN["moves"]:
            players[seat_to_move(truth.state)].send({"type": "move", "move": move})
            truth.play(move)
            for seat, player in players.items():
                check_view(player.receive(), truth, seat)
        assert truth.outcome == "north"
        for message in ({"type": "move", "move": "turn"}, {"type": "undo"}, {"type": "redo"}):
            for player in players.values():
                refused = player.ask(message)
                assert refused["type"] == "error" and "the game is over" in refused["message"]
    stats = httpx.get(live.url + "/api/stats").json()
    assert not [s for s in stats if s["params"].get("opponent") == "human"]


def quiet_move(truth: Session[Any]) -> str:
    """A move of the player to move that shows no hidden card and keeps his turn, if he has
    one; else his last legal move."""
    legal = [str(m) for m in WRANGLE.legal_moves(truth.state)]
    mover = WRANGLE.to_move(truth.state)
    for move in legal:
        after = WRANGLE.apply(truth.state, parse_move(move))
        if WRANGLE.to_move(after) == mover and not shows_more(WRANGLE, truth.state, after):
            return move
    return legal[-1]


def test_undo_stays_within_one_s_own_turn(live: LiveServer) -> None:
    truth = Session(WRANGLE, deal=DEAL)
    with table(live, deal=DEAL) as (players, _):
        for player in players.values():
            player.receive()
        kept = taken_back = turns = 0
        while not (kept and taken_back and turns > 2):
            mover = seat_to_move(truth.state)
            move = quiet_move(truth)
            players[mover].send({"type": "move", "move": move})
            before = truth.state
            truth.play(move)
            states = {seat: player.receive() for seat, player in players.items()}
            if WRANGLE.to_move(truth.state) != mover:
                turns += 1
                assert players[mover].ask({"type": "undo"})["type"] == "error"
                next_mover = players[seat_to_move(truth.state)]
                assert next_mover.ask({"type": "undo"})["type"] == "error"  # nothing yet
                continue
            assert not states[other(mover)]["can_undo"]
            assert players[other(mover)].ask({"type": "undo"})["type"] == "error"
            if shows_more(WRANGLE, before, truth.state):  # WR-7: seen, so no taking it back
                assert not states[mover]["can_undo"]
                assert players[mover].ask({"type": "undo"})["type"] == "error"
                kept += 1
                continue
            assert states[mover]["can_undo"]
            taken_back += 1
            players[mover].send({"type": "undo"})
            truth.undo()
            for seat, player in players.items():
                check_view(player.receive(), truth, seat)
            players[mover].send({"type": "redo"})
            truth.redo()
            for seat, player in players.items():
                check_view(player.receive(), truth, seat)


def test_a_reload_rejoins_the_seat_by_its_token(live: LiveServer) -> None:
    truth = Session(WRANGLE, deal=DEAL)
    with table(live, deal=DEAL) as (players, joined):
        players["north"].receive()
        players["south"].receive()
        with Player(live.url) as north_again:
            again = north_again.ask({"type": "resume", **seat_of(joined)})
            assert again["seat"] == "north" and again["game_id"] == joined["game_id"]
            check_view(north_again.receive(), truth, "north")
            assert quiet(players["south"])


def test_against_the_computer_its_moves_come_one_state_at_a_time(live_server: str) -> None:
    truth = Session(WRANGLE, deal=DEAL)
    with Player(live_server) as person:
        joined, state = person.start(game="wrangle", opponent="random", deal=DEAL)
        assert joined["seat"] == "north" and "join_link" not in joined
        assert joined["link"] == f"/wrangle?vs=random&game={joined['game_id']}"
        check_view(state, truth, "north")
        computer_moves = 0
        for _ in range(150):
            mover = WRANGLE.to_move(truth.state)
            if mover == "north":
                person.send({"type": "move", "move": state["observation"]["legal_moves"][-1]})
            state = person.receive()
            assert state["last"] in [str(m) for m in WRANGLE.legal_moves(truth.state)]
            truth.play(state["last"])
            computer_moves += mover == "south"
            check_view(state, truth, "north")
        assert computer_moves > 0


def test_a_win_against_the_computer_counts_in_the_stats_by_opponent(live_server: str) -> None:
    truth = Session(WRANGLE, deck=parse_cards(KNOWN["deck"]))
    params = {"first": "cut", "opponent": "strong"}
    played, won = stats_of(live_server, "wrangle", params)
    with Player(live_server) as person:
        person.start(game="wrangle", opponent="strong", deck=KNOWN["deck"])
        for move in KNOWN["moves"]:  # north wins in his first turn
            truth.play(move)
            check_view(person.ask({"type": "move", "move": move}), truth, "north")
    assert stats_of(live_server, "wrangle", params) == (played + 1, won + 1)


class BrokenComputer:
    """A computer player that fails, naming a card as a failure deep in a search might."""

    name = "random"
    description = "a player that fails"

    def choose(self, game: Game[Any, Any], observation: Observation, rng: Random) -> Move:
        raise RuntimeError("the hidden queen of spades")


def test_a_computer_that_fails_says_so_to_the_person_and_shows_no_card(
    live: LiveServer, caplog: pytest.LogCaptureFixture
) -> None:
    """The person would otherwise wait for a move that never comes, each of his refused as not
    his turn; what failed is logged whole, and the person hears no word of it (WR-7)."""
    with Player(live.url) as person:
        joined, state = person.start(game="wrangle", opponent="random", deal=NORTH_BEGINS)
        live.lobby.computers[joined["game_id"]] = BrokenComputer()
        while state["observation"]["to_move"] == "north":
            state = person.ask({"type": "move", "move": state["observation"]["legal_moves"][-1]})
        told = person.receive()
    assert told == {
        "type": "error",
        "message": "the computer failed to move: reload the page to let it try again",
    }
    assert "the hidden queen of spades" in caplog.text


def test_a_computer_move_the_game_refuses_is_said_to_the_person(
    live: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past `MOST_MOVES` the computer's move is refused like anyone's, and said so."""
    with Player(live.url) as person:
        joined, state = person.start(game="wrangle", opponent="random", deal=NORTH_BEGINS)
        session = live.lobby.rooms[joined["game_id"]].session
        while state["observation"]["to_move"] == "north":
            monkeypatch.setattr(session_module, "MOST_MOVES", session.move_count + 1)
            state = person.ask({"type": "move", "move": state["observation"]["legal_moves"][-1]})
        told = person.receive()
    assert told["type"] == "error"
    assert told["message"].startswith("the computer could not move: a game keeps at most")


def test_restarts_and_automatic_moves_are_refused_in_the_wrangle(live_server: str) -> None:
    with Player(live_server) as person:
        person.start(game="wrangle", opponent="greedy", deck=KNOWN["deck"])
        for message in (
            {"type": "restart"},
            {"type": "autoplay", "on": True},
            {"type": "autoplay", "on": False},  # no switch at all: it would save and send
        ):
            assert person.ask(message)["type"] == "error"


def test_a_wrangle_hint_is_the_strong_player_s_legal_move_and_only_on_one_s_turn(
    live: LiveServer,
) -> None:
    with Player(live.url) as person:
        _, state = person.start(game="wrangle", opponent="greedy", deck=KNOWN["deck"])
        answer = person.ask({"type": "hint"})
        assert answer["type"] == "hint" and answer["result"] == "advice"
        assert answer["move"] in state["observation"]["legal_moves"]
        assert "strong" in answer["text"]
    with table(live, deal=NORTH_BEGINS) as (players, _):
        for player in players.values():
            player.receive()  # the state once both are seated; north begins (WR-1)
        refused = players["south"].ask({"type": "hint"})
        assert refused["type"] == "error" and "turn" in refused["message"]


def test_a_seat_resumed_again_on_its_own_socket_stays_in_the_one_game(live: LiveServer) -> None:
    """Alone in its room (the other player offline), a socket that resumes its seat again must
    not let the room go: a second socket of that seat would be given a copy of the game, where
    a card turned in one could be turned again in the other (WR-7)."""
    with table(live, deal=NORTH_BEGINS) as (players, joined):
        players["north"].receive()
        players["south"].receive()
        players["south"].close()
        first, seat = players["north"], seat_of(joined)
        assert first.receive()["away"] == ["south"]
        assert first.ask({"type": "resume", **seat})["type"] == "joined"
        first.receive()
        with Player(live.url) as second:
            assert second.ask({"type": "resume", **seat})["type"] == "joined"
            second.receive()
            played = first.ask({"type": "move", "move": "turn"})
            seen = second.receive()
            assert seen["move_count"] == played["move_count"] == 1
            assert seen["observation"] == played["observation"]


def test_a_player_hears_when_the_other_leaves_the_table_and_comes_back(live: LiveServer) -> None:
    with Player(live.url) as north, Player(live.url) as south:
        joined, waiting = north.start(game="wrangle", opponent="human")
        assert waiting["away"] == []  # nobody has taken the second seat to be away from
        table_id = joined["join_link"].removeprefix("/table/")
        south_seat = seat_of(south.ask({"type": "join", "table": table_id}))
        assert north.receive()["away"] == south.receive()["away"] == []
        south.close()
        left = north.receive()
        assert left["away"] == ["south"] and not left["waiting"]
        with Player(live.url) as south_again:
            assert south_again.ask({"type": "resume", **south_seat})["seat"] == "south"
            assert south_again.receive()["away"] == []
            assert north.receive()["away"] == []


def test_a_table_s_clock_starts_when_the_second_player_sits_down(
    live: LiveServer, clock: StillClock
) -> None:
    with Player(live.url) as north, Player(live.url) as south:
        joined, _ = north.start(game="wrangle", opponent="human")
        clock.now += 90.0  # the first player waits for the second
        south.ask({"type": "join", "table": joined["join_link"].removeprefix("/table/")})
        assert south.receive()["elapsed"] == 0.0
