"""One-player games over the websocket of the live server: each message type of docs/web.md."""

from __future__ import annotations

from parlour.core.session import Session
from parlour.games import get_game
from tests.web.client import Player


def test_new_answers_joined_then_the_deal_s_observation(live_server: str) -> None:
    with Player(live_server) as player:
        joined, state = player.start(game="plait", deal=7)
        assert joined["seat"] is None and joined["token"] and joined["game_id"]
        assert joined["link"] == "/play/plait?variant=standard&deal=7"
        game = get_game("plait")
        assert state["observation"] == game.observe(game.new(deal=7))
        assert state["deal"] == 7 and state["moves"] == [] and state["last"] is None
        assert not state["can_undo"] and not state["can_redo"]


def test_move_undo_redo_restart_follow_the_session(live_server: str) -> None:
    game = get_game("plait")
    local = Session(game, deal=7)
    with Player(live_server) as player:
        _, state = player.start(game="plait", deal=7)
        first = state["observation"]["legal_moves"][0]
        local.play(first)
        moved = player.ask({"type": "move", "move": first})
        assert moved["last"] == first and moved["moves"] == [first] and moved["can_undo"]
        assert moved["observation"] == game.observe(local.state)
        undone = player.ask({"type": "undo"})
        assert undone["moves"] == [] and undone["can_redo"] and not undone["can_undo"]
        redone = player.ask({"type": "redo"})
        assert redone["observation"] == moved["observation"]
        restarted = player.ask({"type": "restart"})
        assert restarted["moves"] == [] and restarted["observation"] == state["observation"]


def test_an_illegal_move_is_an_error_and_changes_nothing(live_server: str) -> None:
    with Player(live_server) as player:
        _, state = player.start(game="plait", deal=7)
        error = player.ask({"type": "move", "move": "waste>foundation-1"})
        assert error["type"] == "error" and "not allowed" in error["message"]
        undo = player.ask({"type": "undo"})
        assert undo == {"type": "error", "message": "there is nothing to undo"}
        again = player.ask({"type": "redo"})
        assert again["type"] == "error"
        assert player.ask({"type": "restart"})["observation"] == state["observation"]
