"""The computer's turns in the Wrangle: each move chosen in a thread from the computer's own
observation (so the event loop never waits on it), played, saved and sent as its own `state`,
with a short pause so a person can follow."""

from __future__ import annotations

import asyncio
from random import Random
from typing import TYPE_CHECKING

from parlour.agents import Agent
from parlour.core.errors import ParlourError

if TYPE_CHECKING:
    from parlour.frontends.web.lobby import Lobby
    from parlour.frontends.web.rooms import Room


async def computer_turns(room: Room, agent: Agent, lobby: Lobby, pause: float) -> None:
    """Play for `room.computer_seat` while it is that seat's turn and the game goes on. A move
    that cannot be saved is taken back and the computer stops; it plays on when the game is
    next resumed or changed."""
    seat = room.computer_seat
    rng = Random()
    while seat is not None and room.outcome is None and room.to_move == seat:
        observation = room.game.observe(room.session.state, seat)
        move = await asyncio.to_thread(agent.choose, room.game, observation, rng)
        back = room.checkpoint()
        last = room.play(seat, str(move))
        try:
            await lobby.changed(room, last, back)
        except ParlourError:  # not saved, and logged
            return
        await asyncio.sleep(pause)
