"""Hints for one-player games from the solver, with a budget, in a worker thread so the event
loop goes on serving everyone else; one search at a time, as the machine has few cores."""

from __future__ import annotations

import asyncio
from typing import Any

from parlour.core.errors import IllegalMove
from parlour.frontends.web.rooms import Room
from parlour.solver import Budget, hint

HINT_BUDGET = Budget(nodes=200_000, seconds=2.0)


class Hinter:
    """Answers `hint` messages."""

    def __init__(self, budget: Budget = HINT_BUDGET) -> None:
        self.budget = budget
        self._one_at_a_time = asyncio.Semaphore(1)

    async def hint(self, room: Room) -> dict[str, Any]:
        """The `hint` message for the position `room` is in now."""
        if room.two_player:
            raise IllegalMove(f"{room.game.info.name} has no hints")
        state = room.session.state
        async with self._one_at_a_time:
            found = await asyncio.to_thread(hint, room.game, state, self.budget)
        return {
            "type": "hint",
            "move": None if found.move is None else str(found.move),
            "result": found.solution.result,
            "text": found.describe(),
        }
