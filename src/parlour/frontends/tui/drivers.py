"""What the terminal app plays through: the line game's own loops, so that a typed command
means the same in `parlour play` and in `parlour tui`, with their messages written to a buffer
that the app shows in its log rather than to the screen.

A driver's `handle` may take seconds (a hint runs the solver; the strong player thinks for up
to a second a turn), so the app calls it off its event loop, one line at a time.
"""

from __future__ import annotations

import io
from random import Random
from typing import Any, Protocol

from rich.console import Console
from rich.text import Text

from parlour.agents.base import Agent
from parlour.core.session import Session
from parlour.frontends.cli.kept import Changed, keep_ended, unchanged
from parlour.frontends.cli.play import PlayLoop
from parlour.frontends.cli.presenters import PRESENTERS
from parlour.frontends.cli.presenters.base import Presenter
from parlour.frontends.cli.wrangle import PERSON, WrangleLoop

LOG_WIDTH = 100


def buffered_console() -> Console:
    """A console that keeps what is printed, with its colours, until `drained`."""
    return Console(
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        width=LOG_WIDTH,
        soft_wrap=True,  # the log wraps lines to its own width
        highlight=False,
    )


def drained(console: Console) -> Text | None:
    """What `console` printed since the last call, or None if nothing was."""
    buffer = console.file
    assert isinstance(buffer, io.StringIO)
    printed = buffer.getvalue().strip("\n")
    buffer.seek(0)
    buffer.truncate()
    return Text.from_ansi(printed) if printed else None


class Driver(Protocol):
    """A game as the app plays it: the view of the person at the keyboard, and typed lines."""

    session: Session[Any]
    presenter: Presenter
    console: Console
    commands: frozenset[str]  # the session commands it takes, for the app's keys

    def observation(self) -> dict[str, Any]:
        """What the person at the keyboard may see, with the legal moves."""

    def handle(self, line: str) -> None:
        """Run one typed line (a move, an alias or a command); messages go to `console`."""

    def start(self) -> None:
        """Whatever happens before the person's first move (the computer may begin)."""

    def leave(self) -> str | None:
        """The game is left: what to tell the person (where an unfinished game was kept)."""

    def lost_by_leaving(self) -> str | None:
        """What leaving now would lose for good, for the person to confirm first; None when
        leaving loses nothing."""


class PatienceDriver(PlayLoop):
    """A one-player game: `PlayLoop`, whose board the app draws itself."""

    def __init__(self, session: Session[Any], changed: Changed = unchanged) -> None:
        presenter = PRESENTERS[session.game.info.id]
        super().__init__(session, presenter, buffered_console(), input, changed)
        automatic = {"auto"} if session.game.has_automatic_moves else set()
        self.commands = frozenset({"u", "redo", "hint", "restart", "h", *automatic})

    def lost_by_leaving(self) -> str | None:
        return None  # an unfinished game is kept as it is left

    def show(self) -> None:
        ending = self.ending()
        if ending is not None:
            self.console.print(ending)

    def start(self) -> None:
        self.console.print(f"[bold]{self.session.game.info.name}[/] — type h for help.")
        self.show()  # a game loaded when it was over says so

    def leave(self) -> str | None:
        return self.keep_unsaved()


class WrangleDriver:
    """The Wrangle against a computer player, the person north and shown north's view only
    (WR-7), each computer move in the log; or between two people at one keyboard
    (`opponent` None), the board showing the view of the seat to move while the other looks
    away. Undo takes back the person's own moves of this turn only."""

    commands = frozenset({"u", "redo", "h"})

    def __init__(
        self, session: Session[Any], opponent: Agent | None, changed: Changed = unchanged
    ) -> None:
        seats = session.game.info.seats
        computers = {} if opponent is None else {s: opponent for s in seats if s != PERSON}
        self.session = session
        self.console = buffered_console()
        self.loop = WrangleLoop(session, computers, self.console, input, Random(), changed)
        self.presenter: Presenter = self.loop.presenter

    @property
    def two_people(self) -> bool:
        return not self.loop.computers

    def _viewer(self) -> str:
        """Whose view is shown: the person's, or between two people the seat to move's."""
        mover = self.session.game.to_move(self.session.state)
        return mover if self.two_people and mover is not None else PERSON

    def observation(self) -> dict[str, Any]:
        return self.session.game.observe(self.session.state, self._viewer())

    def start(self) -> None:
        if self.two_people:
            self.console.print("[bold]The Wrangle[/], two people — type h for help.")
            self._say_whose_turn()
        else:
            self.console.print("[bold]The Wrangle[/] — you are north. Type h for help.")
        self._computers_move()

    def lost_by_leaving(self) -> str | None:
        if self.session.outcome is not None or not self.session.moves:
            return None
        return "This Wrangle is not over, and a Wrangle left unfinished is not kept"

    def leave(self) -> str | None:
        """A game not over is not kept: the computer's memory of the cards it saw would not
        come back. One over whose result the statistics could not take is kept until they can
        (`keep_ended`), as the terminal game keeps it."""
        if self.session.outcome is None:
            return None
        return keep_ended(self.session, self.loop.changed)

    def handle(self, line: str) -> None:
        if self.session.outcome is not None:
            self.console.print("The game is over. Esc goes back to the games.")
            return
        seat = self._viewer()
        if self.loop.handle(line, seat):
            if self.two_people and self._viewer() != seat and self.session.outcome is None:
                self._say_whose_turn()
            self._computers_move()

    def _say_whose_turn(self) -> None:
        self.console.print(f"[bold]{self._viewer()}'s turn[/] (the other player looks away)")

    def _computers_move(self) -> None:
        game = self.session.game
        while (
            self.session.outcome is None and game.to_move(self.session.state) in self.loop.computers
        ):
            seat = game.to_move(self.session.state)
            assert seat is not None  # a game not over has a seat to move
            self.loop.computer_turn(seat)
        if self.session.outcome is not None:
            self.loop.announce_end()


def driver_for(
    session: Session[Any], opponent: Agent | None, changed: Changed = unchanged
) -> Driver:
    """The driver for `session`: the Wrangle against `opponent`, or between two people at
    one keyboard (None); patience has none. `changed` hears of the session after every line
    and every computer move."""
    if session.game.info.seats:
        return WrangleDriver(session, opponent, changed)
    return PatienceDriver(session, changed)
