"""One-player games over the websocket of the live server: each message type of docs/web.md."""

from __future__ import annotations

import time
from typing import Any

import pytest

from parlour.core.game import Game
from parlour.core.params import all_params, params_dict
from parlour.core.session import Session
from parlour.games import all_games, get_game
from parlour.games.royal_marriage import RoyalMarriageParams
from tests.conformance.wins import case_key, known_win, load_wins
from tests.web.client import Player, seat_of, stats_of
from tests.web.conftest import LiveServer, StillClock


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


ONE_PLAYER = [g for g in all_games() if not g.info.seats]
CASES = [(g, p) for g in ONE_PLAYER for p in all_params(g.info.params_type)]


@pytest.mark.parametrize(("game", "params"), CASES, ids=[case_key(g, p) for g, p in CASES])
def test_every_game_and_variant_starts_by_deal_number(
    live_server: str, game: Game[Any, Any], params: Any
) -> None:
    with Player(live_server) as player:
        _, state = player.start(game=game.info.id, params=params_dict(params), deal=11)
        assert state["observation"] == game.observe(game.new(params, deal=11))


def test_a_random_deal_is_chosen_and_named_in_the_link(live_server: str) -> None:
    with Player(live_server) as player:
        joined, state = player.start(game="royal-marriage", params={"mode": "open"})
        deal = state["deal"]
        assert isinstance(deal, int)
        assert joined["link"] == f"/play/royal-marriage?variant=standard&mode=open&deal={deal}"
        game = get_game("royal-marriage")
        assert state["observation"] == game.observe(
            game.new(RoyalMarriageParams(mode="open"), deal=deal)
        )


def test_an_explicit_deck_is_dealt_in_its_order(live_server: str) -> None:
    game = get_game("four-corners")
    params = game.info.params_type()
    start, _ = known_win(game, params)
    deck = load_wins(game)[case_key(game, params)]["deck"]
    with Player(live_server) as player:
        joined, state = player.start(game="four-corners", deck=deck)
        assert state["deal"] is None and "deck=" in joined["link"]
        assert state["observation"] == game.observe(start)


def test_autoplay_sends_cards_to_the_foundations_and_can_be_switched(live_server: str) -> None:
    game = get_game("plait")
    local = Session(game, deal=0, autoplay=True)
    local.play("deal")  # on deal 0 the first card dealt goes to a foundation by itself
    with Player(live_server) as player:
        _, state = player.start(game="plait", deal=0, autoplay=True)
        assert state["autoplay"]
        state = player.ask({"type": "move", "move": "deal"})
        assert state["moves"] == [str(m) for m in local.moves] and len(state["moves"]) > 1
        assert state["last"] == "deal"
        assert player.ask({"type": "undo"})["moves"] == []
        off = player.ask({"type": "autoplay", "on": False})
        assert off["autoplay"] is False
        assert player.ask({"type": "move", "move": "deal"})["moves"] == ["deal"]
        on = player.ask({"type": "autoplay", "on": True})  # what waits goes up at once
        assert on["moves"] == [str(m) for m in local.moves]
        assert on["last"] == str(local.moves[1])


def test_a_hint_is_a_legal_move_with_the_solver_s_verdict(live_server: str) -> None:
    game = get_game("royal-marriage")
    with Player(live_server) as player:
        _, state = player.start(game="royal-marriage", deal=0)
        answer = player.ask({"type": "hint"})
        assert answer["type"] == "hint" and answer["result"] == "won"
        assert answer["move"] in state["observation"]["legal_moves"]
        assert answer["text"].startswith(answer["move"])
        assert game.outcome(game.new(deal=0)) is None


def test_resume_on_another_socket_picks_up_the_game(live_server: str) -> None:
    with Player(live_server) as first:
        joined, state = first.start(game="plait", deal=3)
        move = state["observation"]["legal_moves"][0]
        moved = first.ask({"type": "move", "move": move})
    with Player(live_server) as again:
        resumed = again.ask(
            {"type": "resume", "game_id": joined["game_id"], "token": joined["token"]}
        )
        assert resumed["type"] == "joined" and resumed["game_id"] == joined["game_id"]
        state = again.receive()
        assert state["moves"] == [move] and state["observation"] == moved["observation"]
        assert state["can_undo"]


def test_a_known_win_played_over_the_socket_counts_once_in_the_stats(live_server: str) -> None:
    game = get_game("royal-marriage")
    params = RoyalMarriageParams(mode="open")
    start, moves = known_win(game, params)
    played, won = stats_of(live_server, game.info.id, params_dict(params))
    with Player(live_server) as player:
        player.start(game=game.info.id, params=params_dict(params), deal=start.deal)
        for move in moves:
            state = player.ask({"type": "move", "move": move})
        assert state["observation"]["outcome"] == "won"
        player.ask({"type": "undo"})
        assert player.ask({"type": "redo"})["observation"]["outcome"] == "won"
    assert stats_of(live_server, game.info.id, params_dict(params)) == (played + 1, won + 1)


def let_go(live: LiveServer, game_id: str) -> None:
    """Wait until the server has let go of the game nobody is at any longer."""
    deadline = time.monotonic() + 10
    while game_id in live.lobby.rooms:
        assert time.monotonic() < deadline, "the game was kept in memory"
        time.sleep(0.01)


def test_the_clock_runs_until_the_last_socket_leaves_and_not_for_a_refused_resume(
    live: LiveServer, clock: StillClock
) -> None:
    with Player(live.url) as owner:
        joined, state = owner.start(game="plait", deal=3)
        owner.ask({"type": "move", "move": state["observation"]["legal_moves"][0]})
        clock.now += 1.0  # thinking before leaving counts
    let_go(live, joined["game_id"])
    with Player(live.url) as stranger:
        refused = stranger.ask({"type": "resume", "game_id": joined["game_id"], "token": "no"})
        assert refused["type"] == "error"
        clock.now += 5.0  # a refused resume starts nothing
    with Player(live.url) as owner:
        assert owner.ask({"type": "resume", **seat_of(joined)})["type"] == "joined"
        assert owner.receive()["elapsed"] == 1.0


def test_hints_followed_one_by_one_win_where_hints_from_scratch_go_round(
    live_server: str,
) -> None:
    """Heads and Tails deal 3: from scratch, two positions' hints each undo the other's."""
    with Player(live_server) as player:
        _, state = player.start(game="heads-and-tails", deal=3)
        for _ in range(400):
            if state["observation"]["outcome"] is not None:
                break
            answer = player.ask({"type": "hint"})
            assert answer["result"] == "won", answer
            state = player.ask({"type": "move", "move": answer["move"]})
        assert state["observation"]["outcome"] == "won"
