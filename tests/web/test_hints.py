"""Hints run in a worker thread: while the solver thinks, the server goes on serving others."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from parlour.frontends.web.hints import MAX_PER_ADDRESS, MAX_WAITING, Busy, Hinter
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


def test_one_address_asking_past_a_few_hints_is_refused_at_once(tmp_path: Path) -> None:
    """Pages of one address asking without end take only a few places in the queue, and are
    told so; the hints they have asked come, one a second, in turn."""
    brief = Budget(nodes=10**9, seconds=1.0)
    server = LiveServer(tmp_path / "p.db", computer_pause=0.0, hint_budget=brief).start()
    try:
        players = [Player(server.url) for _ in range(MAX_PER_ADDRESS + 1)]
        for player in players:
            player.start(game="four-corners", deal=4)
        for player in players:
            player.send({"type": "hint"})
        answers = [player.receive() for player in players]  # the sockets' order may vary
        refused = [answer for answer in answers if answer["type"] == "error"]
        assert len(refused) == 1 and "your other hints" in refused[0]["message"]
        assert sum(answer["type"] == "hint" for answer in answers) == MAX_PER_ADDRESS
        for player in players:
            player.close()
    finally:
        server.stop()


def test_past_a_few_hints_waiting_from_anyone_the_next_is_refused_at_once() -> None:
    async def asked() -> None:
        hinter = Hinter()
        answer = threading.Event()

        def search() -> str:
            answer.wait(5)
            return "hint"

        waiting = [
            asyncio.create_task(hinter.in_turn(f"10.0.0.{n}", search))
            for n in range(MAX_WAITING + 1)  # one searched, the others waiting
        ]
        await asyncio.sleep(0.1)
        with pytest.raises(Busy, match="busy with other hints"):
            await hinter.in_turn("10.0.0.99", search)
        answer.set()
        assert await asyncio.gather(*waiting) == ["hint"] * (MAX_WAITING + 1)
        assert await hinter.in_turn("10.0.0.99", search) == "hint"  # room again

    with ThreadPoolExecutor(1) as thread:  # a loop of its own, whatever runs in this thread
        thread.submit(asyncio.run, asked()).result()
