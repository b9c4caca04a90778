"""The HTTP side of the app: every page path serves the one page, its static files, and the
JSON API of docs/web.md."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from parlour.frontends.web.app import STATIC, create_app
from parlour.games import all_games, get_game
from parlour.games.heads_and_tails import PACKETS, PACKETS_STAY


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    # its games all come from one address, far faster than a person starts them
    app = create_app(tmp_path / "parlour.db", games_per_minute=100_000, host_names=["testserver"])
    with TestClient(app) as running:  # which names itself testserver
        yield running


@pytest.mark.parametrize(
    "path", ["/", "/play/plait?deal=7", "/wrangle?vs=strong", "/table/abc", "/stats"]
)
def test_every_page_path_serves_the_page(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 200
    assert answer.text == (STATIC / "index.html").read_text(encoding="utf-8")
    assert client.head(path).status_code == 200  # a HEAD asks what a GET would give


def test_no_generated_api_pages_are_served(client: TestClient) -> None:
    """docs/web.md is the protocol; FastAPI's own pages would load scripts from elsewhere."""
    for path in ("/docs", "/redoc", "/openapi.json"):
        assert client.get(path).status_code == 404


def test_static_files_are_served_and_unknown_paths_are_not(client: TestClient) -> None:
    assert client.get("/static/style.css").text == (STATIC / "style.css").read_text("utf-8")
    assert client.get("/static/nothing.js").status_code == 404
    assert client.get("/nowhere").status_code == 404


def test_games_lists_every_game_with_its_choices(client: TestClient) -> None:
    listed = client.get("/api/games").json()
    assert [g["id"] for g in listed] == [game.info.id for game in all_games()]
    assert {g["id"]: g["params"] for g in listed} == {
        "royal-marriage": {
            "variant": ["standard", "push-pin", "discards"],
            "mode": ["as-dealt", "open"],
        },
        "heads-and-tails": {"variant": ["standard", "open-spaces"]},
        "four-corners": {},
        "plait": {"variant": ["standard", "four-passes"]},
        "wrangle": {"first": ["cut", "north", "south"]},
    }  # the first of each is the default
    assert {g["id"]: g["players"] for g in listed if g["players"] != 1} == {"wrangle": 2}
    assert all(g["description"] == get_game(g["id"]).info.description != "" for g in listed)


def test_games_offer_their_seats_the_computer_players_the_default_first(
    client: TestClient,
) -> None:
    """The lobby's list of opponents comes from `parlour.agents`, in the players' own words."""
    listed = {g["id"]: g["opponents"] for g in client.get("/api/games").json()}
    assert listed.pop("wrangle") == [
        {"id": "greedy", "words": "a greedy player"},
        {"id": "random", "words": "a random player"},
        {"id": "strong", "words": "a strong player (looks ahead)"},
    ]
    assert all(opponents == [] for opponents in listed.values())  # one-player games


def test_games_say_which_have_automatic_moves(client: TestClient) -> None:
    listed = {g["id"]: g["autoplay"] for g in client.get("/api/games").json()}
    assert listed == {
        "royal-marriage": False,
        "heads-and-tails": True,
        "four-corners": True,
        "plait": True,
        "wrangle": False,
    }


def test_games_name_the_piles_never_played_from_with_the_game_s_words(client: TestClient) -> None:
    listed = {g["id"]: g["never_played_from"] for g in client.get("/api/games").json()}
    assert listed.pop("heads-and-tails") == dict.fromkeys(PACKETS, PACKETS_STAY)  # HT-3
    assert all(piles == {} for piles in listed.values())


def test_rules_give_the_book_s_text_and_that_game_s_rulings(client: TestClient) -> None:
    rules = client.get("/api/rules/plait").json()
    assert "<h1>54. The Plait</h1>" in rules["text_html"]
    assert "Common conventions" in rules["rulings_html"] and "The Plait" in rules["rulings_html"]
    assert "The Wrangle" not in rules["rulings_html"]
    refused = client.get("/api/rules/snap")
    assert refused.status_code == 404 and "no game" in refused.json()["detail"]


def test_stats_and_saved_start_empty(client: TestClient) -> None:
    assert client.get("/api/stats").json() == []
    assert client.get("/api/saved").json() == []


def test_saved_lists_a_game_in_play(client: TestClient) -> None:
    with client.websocket_connect("/ws") as socket:
        socket.send_json({"type": "new", "game": "plait", "deal": 7})
        joined = socket.receive_json()
        socket.receive_json()
    (saved,) = client.get("/api/saved").json()
    assert saved["game_id"] == joined["game_id"]
    assert (saved["game"], saved["deal"], saved["moves"]) == ("plait", 7, 0)
    assert saved["params"] == {"variant": "standard"} and saved["opponent"] is None


def test_saved_never_shows_the_deal_of_a_wrangle(client: TestClient) -> None:
    with client.websocket_connect("/ws") as socket:
        socket.send_json({"type": "new", "game": "wrangle", "opponent": "human"})
        socket.receive_json()
        socket.receive_json()
    (saved,) = client.get("/api/saved").json()
    assert (saved["game"], saved["deal"], saved["opponent"]) == ("wrangle", None, "human")


def test_saved_games_asked_for_by_id_are_listed_however_many_others_start(
    client: TestClient,
) -> None:
    with client.websocket_connect("/ws") as socket:
        socket.send_json({"type": "new", "game": "plait", "deal": 7})
        mine = socket.receive_json()["game_id"]
        socket.receive_json()
        for deal in range(60):  # others' games, all newer
            socket.send_json({"type": "new", "game": "plait", "deal": deal})
            socket.receive_json()
            socket.receive_json()
    assert mine not in {s["game_id"] for s in client.get("/api/saved").json()}
    (saved,) = client.get("/api/saved", params={"game": [mine, "no-such-game"]}).json()
    assert (saved["game_id"], saved["deal"]) == (mine, 7)
