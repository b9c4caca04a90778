"""The interactive game in the terminal: one loop for every one-player game.

The loop shows the observation, reads a line, and either runs a session command (undo, redo,
save …) or asks the presenter and then the move notation for a move, which the session plays.
Every refusal is one clear line and the game goes on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from parlour.core.cards import card_str
from parlour.core.errors import IllegalMove, NotationError, ParlourError
from parlour.core.game import WON, CardChoice, describe_outcome
from parlour.core.moves import Move, parse_move
from parlour.core.session import Session
from parlour.core.words import PATH_ECHO_LIMIT, clipped, counted
from parlour.frontends.cli.kept import (
    Changed,
    keep_ended,
    kept_path,
    resume_command,
    unchanged,
)
from parlour.frontends.cli.presenters.base import Presenter
from parlour.solver import Budget, Guide
from parlour.store.records import save_record

HINT_BUDGET = Budget(nodes=500_000, seconds=5.0)

AUTO_HELP = "auto on|off     automatic moves to the foundations"
COMMON_HELP = [
    "u, undo         take back the last move",
    "r, redo         play again a move taken back",
    "m, moves        list the legal moves in notation",
    AUTO_HELP,
    "hint            the next move of a winning line (the solver sees every card)",
    "restart         back to the start of this deal",
    "save FILE       save the game (parlour play --load FILE resumes it)",
    "h, help, ?      this help",
    "q, quit         leave",
]


class NotSaved(ParlourError):
    """The game could not be written where the player said; it goes on as it was."""


def choice_words(choice: CardChoice) -> str:
    """A family of moves in words: "throw any 3 of 8C 7C … (the grace, once a game: …)", its
    cards in notation."""
    family = f"{choice.verb} any {choice.size} of {' '.join(map(card_str, choice.cards))}"
    return f"{family} ({choice.note})" if choice.note else family


def note(console: Console, warning: str | None) -> None:
    """A warning that changes nothing in the game (a result not kept, say), if there is one."""
    if warning:
        console.print(f"[yellow]Note:[/] {escape(warning)}")


class PlayLoop:
    """Drives a `Session` from typed lines; `ask` reads a line and raises EOFError at the end;
    `changed` hears of the session after every line that was taken (to keep its result)."""

    def __init__(
        self,
        session: Session[Any],
        presenter: Presenter,
        console: Console,
        ask: Callable[[str], str],
        changed: Changed = unchanged,
    ) -> None:
        self.session = session
        self.guide = Guide(session.game)  # hints followed one by one keep to one line
        self.presenter = presenter
        self.console = console
        self.ask = ask
        self.changed = changed
        self._safe = session.record()  # as it is kept already: nothing new, or its save file
        self.interrupted = False  # left by a Ctrl-C, which the command reports in its exit code

    def run(self) -> str | None:
        """Play until the player quits or input ends; returns the outcome (None: unfinished).
        An unfinished game is kept if it was not saved, and an ended one's result (if not
        kept yet), however it is left: a Ctrl-C while a line is played or the board is shown
        too (`keep_unsaved`), before anything more is printed."""
        quit_typed = False
        try:
            self.show()
            while not quit_typed:
                try:
                    line = self.ask("> ").strip()
                except EOFError:
                    break
                quit_typed = line.lower() in ("q", "quit", "exit")
                if line and not quit_typed:
                    self.handle(line)
        except KeyboardInterrupt:
            self.interrupted = True
        kept = self.keep_unsaved()
        if not quit_typed:  # left mid-line
            self.console.print()
        if kept:
            self.console.print(kept, markup=False, highlight=False)
        return self.session.outcome

    def keep_unsaved(self) -> str | None:
        """Leaving a game unfinished with moves not saved, however it is left (quit, the end of
        input, Ctrl-C, the terminal app's Esc), keeps it in the data folder, so that leaving
        loses nothing; returns what to tell the player, or None if nothing needed keeping.
        A kept game that is then played to its end is no longer unfinished: its copy goes."""
        if self.session.outcome is not None:
            return keep_ended(self.session, self.changed)
        record = self.session.record()
        path = kept_path(record)
        if record == self._safe or not (record.moves or record.undone):
            return None
        try:
            save_record(path, record)
        except OSError as error:
            return f"The unfinished game could not be kept in {path}: {error.strerror}"
        self._safe = record
        again = resume_command(path, *self.changed.resume_options())
        return f"The unfinished game is kept: {again}"

    def handle(self, line: str) -> None:
        """Run one typed line; a refused line prints why and changes nothing."""
        try:
            if not self.command(line):
                self.play(line)
        except IllegalMove as error:
            self.console.print(f"[yellow]Not allowed:[/] {escape(str(error))}")
        except NotSaved as error:
            self.console.print(f"[yellow]Not saved:[/] {escape(str(error))}")
        except ParlourError as error:
            self.console.print(f"[yellow]Not understood:[/] {escape(str(error))}. Type h for help.")
        else:
            note(self.console, self.changed(self.session))

    def command(self, line: str) -> bool:
        """Session commands; True if `line` was one."""
        word, _, rest = line.partition(" ")
        word = word.lower()
        if word in ("h", "help", "?"):
            automatic = self.session.game.has_automatic_moves
            common = [line for line in COMMON_HELP if automatic or line != AUTO_HELP]
            for text in self.presenter.help_lines() + common:
                self.console.print("  " + text, highlight=False)
        elif word in ("u", "undo"):
            self.session.undo()
            self.show()
        elif word in ("r", "redo"):
            self.session.redo()
            self.show()
        elif word == "restart":
            self.session.restart()
            self.show()
        elif word in ("m", "moves"):
            listed, choices = self.session.game.offered_moves(self.session.state)
            offered = [str(move) for move in listed] + [choice_words(c) for c in choices]
            self.console.print("Legal moves: " + (", ".join(offered) or "none"))
        elif word == "auto":
            self._autoplay(rest.strip().lower())
        elif word == "save":
            self._save(rest.strip())
        elif word == "hint":
            self._hint()
        else:
            return False
        return True

    def play(self, line: str) -> None:
        observation = self.observation()
        move = self.presenter.read(line, observation)
        if move is None:
            move = parse_move(line)
        before = len(self.session.moves)
        self.session.play(move)
        self._said_automatic(self.session.moves[before + 1 :])
        self.show()

    def _said_automatic(self, moves: Sequence[Move]) -> None:
        for automatic in moves:
            self.console.print(f"[dim]automatic: {automatic}[/]")

    def observation(self) -> dict[str, Any]:
        return self.session.game.observe(self.session.state, None)

    def show(self) -> None:
        self.console.print()
        self.console.print(self.presenter.render(self.observation()))
        ending = self.ending()
        if ending is not None:
            self.console.print(ending)

    def ending(self) -> str | None:
        """The line saying the game is over, in console markup; None while it goes on."""
        outcome = self.session.outcome
        if outcome is None:
            return None
        style = "bold green" if outcome == WON else "bold red"
        return (
            f"[{style}]Game over: {describe_outcome(outcome)}[/] "
            f"in {counted(len(self.session.moves), 'move')}. Undo, save or quit."
        )

    def _hint(self) -> None:
        """The solver's advice; a Ctrl-C while it searches stops the search, not the game."""
        try:
            found = self.guide.hint(self.session.state, HINT_BUDGET)
        except KeyboardInterrupt:
            self.console.print("Hint stopped; the game goes on.")
            return
        self.console.print(f"Hint: {found.describe()}")

    def _autoplay(self, setting: str) -> None:
        if setting not in ("on", "off"):
            raise NotationError("say auto on or auto off")
        played = self.session.switch_autoplay(setting == "on")
        self.console.print(f"Automatic moves to the foundations: {setting}")
        if played:
            self._said_automatic(played)
            self.show()

    def _save(self, name: str) -> None:
        if not name:
            raise NotationError("say where: save FILE")
        shown = clipped(name, PATH_ECHO_LIMIT)
        try:
            path = save_record(Path(name).expanduser(), self.session.record())
        except OSError as error:
            raise NotSaved(f"cannot save to {shown}: {error.strerror}") from None
        except (RuntimeError, ValueError) as error:  # `~user` of no such user; a NUL
            raise NotSaved(
                f"cannot save to {shown}: {clipped(str(error), PATH_ECHO_LIMIT)}"
            ) from None
        self._safe = self.session.record()
        self.console.print(f"Saved to {escape(str(path))}")
