"""Hints run in a worker thread: while the solver thinks, the server goes on serving others."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from parlour.frontends.web.hints import MAX_WAITING
from parlour.solver import Budget
from tests.web.client import Player, quiet
from tests.web.conftest import LiveServer

THINKING = Budget(nodes=10**9, seconds=3.0)  # Four Corners deal 4 stays undecided far longer


@pytest.fixture(scope="module")
def slow_hints(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    running = LiveServer(
        Path(tmp_path_factory.mktemp("hints")) / "p.db", computer_pause=0.0, hint_budget=THINKING
    ).start()
    yield running.url
    running.stop()


def test_others_are_served_while_a_hint_is_searched(slow_hints: str) -> None:
    with Player(slow_hints) as thinker, Player(slow_hints) as other:
        _, state = thinker.start(game="four-corners", deal=4)
        thinker.send({"type": "hint"})
        _, other_state = other.start(game="plait", deal=2)
        moved = other.ask({"type": "move", "move": other_state["observation"]["legal_moves"][0]})
        assert moved["type"] == "state"
        assert quiet(thinker, 0.0)  # the search is still going on
        answer = thinker.receive()
        assert answer["type"] == "hint" and answer["result"] == "unknown"
        assert answer["move"] in state["observation"]["legal_moves"]
        assert "best guess" in answer["text"]


def test_past_a_few_hints_waiting_the_next_is_refused_at_once(tmp_path: Path) -> None:
    brief = Budget(nodes=10**9, seconds=1.0)
    server = LiveServer(tmp_path / "p.db", computer_pause=0.0, hint_budget=brief).start()
    try:
        players = [Player(server.url) for _ in range(MAX_WAITING + 2)]
        for player in players:
            player.start(game="four-corners", deal=4)
        for player in players:
            player.send({"type": "hint"})
        refused = players[-1].receive()
        assert refused["type"] == "error" and "busy with other hints" in refused["message"]
        answers = [player.receive() for player in players[:-1]]  # one a second, in turn
        assert all(answer["type"] == "hint" for answer in answers)
        for player in players:
            player.close()
    finally:
        server.stop()
