"""A hostile client: garbage, wrong types, oversized messages, illegal moves and wrong tokens
each get an `error` for that client alone, and change no game; the server goes on."""

from __future__ import annotations

import json
from typing import Any

import pytest

from parlour.frontends.web.protocol import MAX_MESSAGE_BYTES
from tests.web.client import Player, game_now, quiet, seat_of

HOSTILE: list[Any] = [
    "garbage",
    "",
    "[" * 5000,
    json.dumps([1, 2, 3]),
    json.dumps({"type": "explode"}),
    json.dumps({"type": "move", "move": 42}),
    json.dumps({"type": "move", "move": "foundation-1>waste"}),
    json.dumps({"type": "move", "move": "no such move at all"}),
    json.dumps({"type": "move", "move": "x" * (MAX_MESSAGE_BYTES + 1)}),
    json.dumps({"type": "move", "move": "deal", "padding": "y" * MAX_MESSAGE_BYTES}),
    json.dumps({"type": "autoplay", "on": "yes"}),
    json.dumps({"type": "undo", "times": 1000}) + "trailing",
    json.dumps({"type": "new", "game": "snap"}),
    json.dumps({"type": "new", "game": "plait", "params": {"variant": "nine-passes"}}),
    json.dumps({"type": "new", "game": "plait", "params": {"colour": "red"}}),
    json.dumps({"type": "new", "game": "plait", "deal": -1}),
    json.dumps({"type": "new", "game": "plait", "deal": 2**64}),
    json.dumps({"type": "new", "game": "plait", "deck": "AS AS AS"}),
    json.dumps({"type": "new", "game": "plait", "opponent": "strong"}),
    json.dumps({"type": "join", "table": "no-such-table"}),
    json.dumps({"type": "resume", "game_id": "no-such-game", "token": "x"}),
    b"\x00\x01binary",
    json.dumps({"type": "move", "move": "\ud800"}),
    json.dumps({"type": "new", "game": "plait\udfff"}),
    json.dumps({"type": "resume", "game_id": "\ud800", "token": "x"}),
    '{"type": "new", "game": "plait", "deal": ' + "1" * 5000 + "}",
]


@pytest.mark.parametrize("message", HOSTILE, ids=range(len(HOSTILE)))
def test_a_hostile_message_changes_nothing_and_is_answered_to_its_sender_only(
    live_server: str, message: Any
) -> None:
    with Player(live_server) as owner, Player(live_server) as hostile:
        joined, state = owner.start(game="plait", deal=5)
        owner.ask({"type": "move", "move": state["observation"]["legal_moves"][0]})
        before = game_now(live_server, joined)
        owner_seat = seat_of(joined)
        hostile.ask({"type": "resume", **owner_seat})
        hostile.receive()  # the state after resuming
        if isinstance(message, bytes):
            hostile.socket.send(message)
        else:
            hostile.send(message)
        answer = hostile.receive()
        assert answer["type"] == "error" and answer["message"], answer
        assert quiet(owner)
        assert game_now(live_server, joined) == before
        follow = hostile.ask({"type": "undo"})  # the socket is still open and still serves
        assert follow["type"] in ("state", "error")


def test_a_wrong_token_takes_no_seat(live_server: str) -> None:
    with Player(live_server) as owner, Player(live_server) as stranger:
        joined, _ = owner.start(game="plait", deal=5)
        before = game_now(live_server, joined)
        for token in ("", "guess", joined["token"][:-1], joined["token"] + "x"):
            answer = stranger.ask({"type": "resume", "game_id": joined["game_id"], "token": token})
            assert answer["type"] == "error"
            assert stranger.ask({"type": "move", "move": "deal"}) == {
                "type": "error",
                "message": "start, join or resume a game first",
            }
        assert quiet(owner)
        assert game_now(live_server, joined) == before


@pytest.mark.parametrize(
    "message",
    [
        {"type": "move", "move": "flood" * 2000},
        {"type": "move", "move": "deal " + "QH " * 3000},
        {"type": "flood" * 2000},
        {"type": "new", "game": "flood" * 2000},
    ],
    ids=["move", "cards", "type", "game"],
)
def test_a_flood_is_refused_in_a_message_that_repeats_only_its_start(
    live_server: str, message: dict[str, Any]
) -> None:
    with Player(live_server) as player:
        player.start(game="plait", deal=5)
        answer = player.ask(message)
        assert answer["type"] == "error"
        assert "…" in answer["message"] and len(answer["message"]) < 250, answer
