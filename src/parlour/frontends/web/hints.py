"""Hints: for one-player games from the solver, with a budget; for the Wrangle from the strong
computer player, which sees only what the asking seat sees (RULES WR-7). Both run in a worker
thread so the event loop goes on serving everyone else, one at a time, as the machine has few
cores."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from random import Random
from typing import Any, ParamSpec, TypeVar
from weakref import WeakKeyDictionary

from parlour.agents import make_agent
from parlour.core.errors import ParlourError
from parlour.frontends.web.rooms import Room
from parlour.solver import Budget, Guide

HINT_BUDGET = Budget(nodes=200_000, seconds=2.0)
ADVISER = "strong"
T = TypeVar("T")
Arguments = ParamSpec("Arguments")
MAX_WAITING = 8  # hints queued behind the one searched: past that, better asked again later
MAX_PER_ADDRESS = 2  # hints one address may have searched or waiting: no one takes the queue


class Busy(ParlourError):
    """Too many hints are waiting already: many pages (or one client with many sockets) asking
    at once must not make everyone wait minutes."""


class Hinter:
    """Answers `hint` messages."""

    def __init__(self, budget: Budget = HINT_BUDGET) -> None:
        self.budget = budget
        self._guides: WeakKeyDictionary[Room, Guide] = WeakKeyDictionary()  # one a room
        self._one_at_a_time = asyncio.Semaphore(1)
        self._asked = 0  # hints being searched or waiting to be
        self._asked_from: Counter[str] = Counter()  # the same, by the address asking

    async def in_turn(
        self,
        address: str,
        work: Callable[Arguments, T],
        *args: Arguments.args,
        **kwargs: Arguments.kwargs,
    ) -> T:
        """`work(*args)` in a worker thread, one search at a time for the whole server, and
        only a few waiting from any one `address`, so that one client asking without end
        leaves room in the queue for everyone else."""
        if self._asked_from[address] >= MAX_PER_ADDRESS:
            raise Busy("your other hints are still being searched: ask again once they come")
        if self._asked > MAX_WAITING:
            raise Busy("the server is busy with other hints: ask again in a moment")
        self._asked += 1
        self._asked_from[address] += 1
        try:
            async with self._one_at_a_time:
                return await asyncio.to_thread(work, *args, **kwargs)
        finally:
            self._asked -= 1
            self._asked_from[address] -= 1
            if not self._asked_from[address]:
                del self._asked_from[address]

    async def hint(self, room: Room, seat: str, address: str) -> dict[str, Any]:
        """The `hint` message for `seat` in the position `room` is in now, asked from
        `address`."""
        if room.two_player:
            return await self._advice(room, seat, address)
        state = room.session.state
        guide = self._guides.setdefault(room, Guide(room.game))
        found = await self.in_turn(address, guide.hint, state, self.budget)
        return {
            "type": "hint",
            "move": None if found.move is None else str(found.move),
            "result": found.solution.result,
            "text": found.describe(),
        }

    async def _advice(self, room: Room, seat: str, address: str) -> dict[str, Any]:
        """What the strong player would play from `seat`'s own observation: advice, not proof."""
        if room.outcome is not None:  # nobody is to move: no turn to advise on
            return {"type": "hint", "move": None, "result": "advice", "text": "the game is over"}
        room.check_turn(seat)
        observation = room.game.observe(room.session.state, seat)
        # A player of its own for each hint: the strong player remembers what it is shown, and
        # one game's or seat's cards must not inform another's advice (WR-7).
        adviser = make_agent(ADVISER)
        move = await self.in_turn(address, adviser.choose, room.game, observation, Random())
        return {
            "type": "hint",
            "move": str(move),
            "result": "advice",
            "text": f"{move}, as the {adviser.name} computer player would play, seeing "
            "only what you see",
        }
