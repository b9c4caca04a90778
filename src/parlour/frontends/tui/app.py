"""`parlour tui`: the games in a full-screen terminal app.

The lobby lists every game with its variants and modes, and a deal number (blank for a random
deal). A game's screen draws the board as `parlour play` does, keeps a log of what happened, and
lists the legal moves: choose one with the mouse or the arrow keys, or type a move, an alias or
a command (`h` lists them) in the line at the bottom, which also narrows the list. The app holds
no rules: the board and the moves come from the observation, and every line goes to the same
loop as in `parlour play`.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import traceback
from collections import deque
from dataclasses import asdict
from datetime import datetime
from pathlib import Path
from typing import Any, ClassVar

from rich.markup import escape
from rich.text import Text
from textual import events, on, work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, ScrollableContainer, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, Input, Label, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from parlour.agents import AGENTS, DEFAULT_AGENT, HUMAN, describe, make_agent
from parlour.core.errors import ParlourError
from parlour.core.game import CardChoice
from parlour.core.params import all_params
from parlour.core.session import Session
from parlour.core.words import counted
from parlour.frontends.cli.kept import Changed, unchanged
from parlour.frontends.cli.options import new_session
from parlour.frontends.cli.play import choice_words
from parlour.frontends.cli.results import ResultKeeper
from parlour.frontends.cli.wrangle import PERSON
from parlour.frontends.tui.drivers import Driver, drained, driver_for
from parlour.games import all_games
from parlour.store.database import data_folder
from parlour.store.stats import StatsStore

BOARD_WIDTH_LIMIT = 1000  # columns a board may take, scrolled where the terminal is narrower
MOVES_SHOWN = 300  # a list cut there, for speed; what is typed in the line narrows it
QUIT_WORDS = ("q", "quit", "exit")


def kept_failure() -> str:
    """Writes the failure being handled, with its traceback, at the end of the terminal app's
    failures log in the data folder (a full screen has no room for it); where it went."""
    path = data_folder() / "tui-failures.log"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as log:
            log.write(f"{datetime.now().isoformat(timespec='seconds')}\n{traceback.format_exc()}\n")
    except OSError as error:
        return f"lost: {path} could not be written ({error.strerror})"
    return f"in {path}"


class MoveList(OptionList):
    """The legal moves: a click plays one; the second click of a double click is not another
    move (the list has changed under it by then)."""

    async def _on_click(self, event: events.Click) -> None:
        if event.chain > 1:
            event.prevent_default()  # the list's own handler, which would select, is skipped


class GameScreen(Screen[None]):
    """One game: the board, the log, the legal moves and the command line."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+z", "line('u')", "Undo", priority=True),
        Binding("ctrl+y", "line('redo')", "Redo", priority=True),  # the word: `r` is a reserve
        Binding("f2", "line('hint')", "Hint"),
        Binding("f3", "line('auto')", "Auto"),
        Binding("f5", "line('restart')", "Restart"),
        Binding("f1", "line('h')", "Help"),
        Binding("escape", "leave", "Games"),
        Binding("up", "highlight(-1)", "Move up", show=False),
        Binding("down", "highlight(1)", "Move down", show=False),
    ]

    def __init__(self, driver: Driver) -> None:
        super().__init__()
        self.driver = driver
        self.busy = False
        self.legal: list[str] = []  # the legal moves shown, kept while the line narrows them
        self.choices: list[str] = []  # families of moves (a grace), said: they are typed
        self.picked = False  # a move chosen with up or down since the line was last typed in
        self.typed_ahead: deque[str] = deque()  # lines entered while the last one ran
        self.warned = False  # told what leaving would lose, since the last line played

    def compose(self) -> ComposeResult:
        yield Header()
        with ScrollableContainer(id="board-box"):  # the board is drawn whole, scrolled if larger
            yield Static(id="board")
        with Horizontal(id="below"):
            yield RichLog(id="log", wrap=True, markup=False, min_width=20)
            with Vertical(id="side"):
                yield Label("Legal moves", id="moves-title")
                yield MoveList(id="moves")
        yield Input(placeholder="a move, an alias or a command (h for help)", id="line")
        yield Footer()

    def on_mount(self) -> None:
        info = self.driver.session.game.info
        deal = self.driver.observation().get("deal")
        self.title = info.name
        self.sub_title = "" if deal is None else f"deal {deal}"
        self._run(None)

    # ----- input ------------------------------------------------------------------------
    @on(Input.Submitted, "#line")
    def submitted(self, event: Input.Submitted) -> None:
        line = event.value.strip()
        if self.busy:
            if line and not self.picked:  # typed ahead: played in its turn, in order
                event.input.clear()
                self.typed_ahead.append(line)
                self.query_one("#log", RichLog).write(Text(f"(waiting) {line}", style="dim"))
            else:  # a move of a list about to change
                self.notify("Still thinking about the last one.", severity="warning")
            return
        event.input.clear()
        listing = self.query_one("#moves", OptionList)
        if (self.picked or not line) and listing.highlighted is not None:
            # the move chosen in the list (narrowed by what was typed), or highlighted there
            chosen = listing.get_option_at_index(listing.highlighted).id
            if chosen is not None:
                self._run(chosen)
        elif line:
            self._take(line)

    def _take(self, line: str) -> None:
        """A typed line: leave, or hand it to the game."""
        if line.lower() in QUIT_WORDS:
            self.action_leave()
        else:
            self._run(line)

    def action_highlight(self, step: int) -> None:
        """Up and down in the command line move through the list of moves."""
        listing = self.query_one("#moves", OptionList)
        last = listing.option_count - 1
        if last >= 0:
            now = listing.highlighted
            listing.highlighted = 0 if now is None else max(0, min(last, now + step))
            self.picked = True

    @on(Input.Changed, "#line")
    def narrowed(self, event: Input.Changed) -> None:
        self.picked = False
        self._list_moves(event.value.strip())

    @on(OptionList.OptionSelected, "#moves")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.query_one("#line", Input).clear()
            self._run(event.option.id)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys for commands the game does not take (hint in the Wrangle …) are hidden."""
        if action == "line":
            return parameters[0] in self.driver.commands
        return True

    def action_line(self, command: str) -> None:
        if command == "auto":
            command = "auto off" if self.driver.session.autoplay else "auto on"
        self._run(command)

    def on_unmount(self) -> None:
        """However the game is left (Esc, or the app closing), an unfinished one is kept."""
        kept = self.driver.leave()
        if kept is not None and isinstance(self.app, ParlourApp):
            self.app.kept.append(kept)
            self.app.notify(kept, markup=False)

    def action_leave(self) -> None:
        if not self.may_leave("Esc"):
            return
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()

    def may_leave(self, key: str) -> bool:
        """Whether the game may be left now: at once where leaving loses nothing, else once
        the person, told what would be lost, presses `key` again."""
        lost = self.driver.lost_by_leaving()
        if lost is None or self.warned:
            return True
        self.warned = True
        self.notify(f"{lost}: press {key} again to leave it.", severity="warning")
        return False

    # ----- playing ----------------------------------------------------------------------
    def _run(self, line: str | None) -> None:
        """Hand `line` (None: the start) to the driver off the event loop, one at a time."""
        if self.busy:
            self.notify("Still thinking about the last one.", severity="warning")
            return
        self.busy = True
        self.warned = False
        if line is not None:
            self.query_one("#log", RichLog).write(Text(f"> {line}", style="dim"))
        self._handle(line)

    @work
    async def _handle(self, line: str | None) -> None:
        """The line is played on a daemon thread of its own, not one of the event loop's pool,
        which is waited for at exit: leaving during a hint does not wait for its search."""
        loop = asyncio.get_running_loop()
        played: asyncio.Future[None] = loop.create_future()

        def play() -> None:
            try:
                self._play(line)
            finally:
                with contextlib.suppress(RuntimeError):  # the app has closed since
                    loop.call_soon_threadsafe(played.set_result, None)

        threading.Thread(target=play, name="parlour-line", daemon=True).start()
        await played
        self._shown()

    def _play(self, line: str | None) -> None:
        try:
            if line is None:
                self.driver.start()
            else:
                self.driver.handle(line)
        except Exception as error:  # the game is kept; what went wrong is said, and kept whole
            self.driver.console.print(
                f"[red]Something went wrong[/] ({escape(type(error).__name__)}): the game is"
                f" kept, and the details are {escape(kept_failure())}"
            )

    def _shown(self) -> None:
        printed = drained(self.driver.console)
        if printed is not None:
            self.query_one("#log", RichLog).write(printed)
        observation = self.driver.observation()
        self.legal = observation["legal_moves"]
        self.choices = [choice_words(CardChoice.from_json(c)) for c in observation["card_choices"]]
        board = self.driver.presenter.render(observation)
        unbounded = self.app.console.options.update_width(BOARD_WIDTH_LIMIT)
        widest = self.app.console.measure(board, options=unbounded).maximum  # wider ones scroll
        self.query_one("#board", Static).update(board)
        self.query_one("#board", Static).styles.width = widest + 2  # and its padding
        self._list_moves(self.query_one("#line", Input).value.strip())
        self.busy = False
        self.query_one("#line", Input).focus()
        if self.typed_ahead:
            self._take(self.typed_ahead.popleft())

    def _list_moves(self, typed: str) -> None:
        wanted = typed.lower()
        shown = [move for move in self.legal if wanted in move.lower()]
        listing = self.query_one("#moves", OptionList)
        listing.clear_options()
        listing.add_options(Option(move, id=move) for move in shown[:MOVES_SHOWN])
        choices = [words for words in self.choices if wanted in words.lower()]
        listing.add_options(Option(f"type: {words}", disabled=True) for words in choices)
        more = len(shown) - MOVES_SHOWN
        title = f"Moves with “{typed}”" if wanted else "Legal moves"
        title += f" ({len(shown)})"
        if more > 0:
            title += f", first {MOVES_SHOWN} shown"
        if choices:
            title += f", and {counted(len(choices), 'choice')} to type"
        self.query_one("#moves-title", Label).update(Text(title))  # typed text is not markup


class LobbyScreen(Screen[None]):
    """Every game, variant and mode; a deal number; the Wrangle's opponent."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.quit", "Quit")]

    def __init__(self, stats: StatsStore | None) -> None:
        super().__init__()
        self.stats = stats

    def compose(self) -> ComposeResult:
        yield Header()
        yield Label("Choose a game (Enter or a click); the deal number is optional.")
        yield Input(placeholder="deal number (blank: a random deal)", id="deal", type="integer")
        yield OptionList(*lobby_options(), id="games")
        yield Label("", id="error")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Parlour"
        self.sub_title = "five Victorian games of patience"
        self.query_one("#games", OptionList).focus()

    @on(OptionList.OptionSelected, "#games")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self._start(event.option.id or "")

    @on(Input.Submitted, "#deal")
    def dealt(self) -> None:
        """Enter in the deal box starts the game highlighted in the list."""
        games = self.query_one("#games", OptionList)
        if games.highlighted is None:
            self.query_one("#error", Label).update("Choose a game in the list.")
            games.focus()
            return
        self._start(games.get_option_at_index(games.highlighted).id or "")

    def _start(self, choice: str) -> None:
        game_id, _, fields = choice.partition("|")
        chosen = dict(field.split("=", 1) for field in fields.split(",") if field)
        vs = chosen.pop("vs", None)
        text = self.query_one("#deal", Input).value.strip()
        error = self.query_one("#error", Label)
        try:
            deal = int(text) if text else None
        except ValueError:
            error.update(f"Not started: {text} is not a deal number (0 to 2**64-1)")
            return
        try:
            session = new_session(game_id, deal, None, dict(chosen))
            screen = game_screen(session, vs, self.stats)
        except ParlourError as refusal:
            error.update(f"Not started: {refusal}")
            return
        error.update("")
        self.app.push_screen(screen)


def lobby_options() -> list[Option]:
    """One entry a game, variant and mode (`game|name=value,…`); the Wrangle once for each
    computer opponent (`…|vs=greedy`)."""
    options = []
    for game in all_games():
        info = game.info
        if info.seats:
            for vs in AGENTS:
                title = f"{info.name}: against {describe(vs)}"
                options.append(Option(title, id=f"{info.id}|vs={vs}"))
            people = f"{info.name}: two people at one keyboard"
            options.append(Option(people, id=f"{info.id}|vs={HUMAN}"))
            continue
        for params in all_params(info.params_type):
            values = asdict(params)
            label = ", ".join(str(value) for value in values.values())
            fields = ",".join(f"{name}={value}" for name, value in values.items())
            title = f"{info.name} ({label})" if label else info.name
            options.append(Option(title, id=f"{info.id}|{fields}"))
    return options


def game_screen(
    session: Session[Any],
    vs: str | None,
    stats: StatsStore | None,
    loaded: Path | None = None,
) -> GameScreen:
    """The screen for `session`: the Wrangle against `vs` (greedy unless chosen; `HUMAN`:
    no computer), the result kept in `stats` (None: not kept; a game between people counts for
    no one; one `loaded` ended counts only from the kept folder, see `ResultKeeper`)."""
    opponent = None
    if session.game.info.seats and vs != HUMAN:
        opponent = make_agent(DEFAULT_AGENT if vs is None else vs)
    changed: Changed = unchanged
    if stats is not None:
        name = None if opponent is None else opponent.name
        changed = ResultKeeper(stats, session, opponent=name, seat=PERSON, loaded=loaded)
    return GameScreen(driver_for(session, opponent, changed))


class ParlourApp(App[None]):
    """The lobby, then a game; started on a game, Esc still leads back to the lobby."""

    CSS = """
    #board-box { height: auto; max-height: 60%; }
    #games { height: 1fr; }
    #board { width: auto; height: auto; padding: 0 1; }
    #below { height: 1fr; border-top: solid $primary; }
    #log { width: 2fr; height: 1fr; }
    #side { width: 1fr; min-width: 30; }
    #moves { height: 1fr; text-wrap: nowrap; text-overflow: ellipsis; }
    #error { color: $error; }
    """
    TITLE = "Parlour"

    def __init__(self, first: GameScreen | None = None, stats: StatsStore | None = None) -> None:
        super().__init__()
        self.first = first
        self.stats = stats  # where finished games are counted (None: nowhere)
        self.kept: list[str] = []  # where unfinished games were kept, to say after the app

    def on_mount(self) -> None:
        self.push_screen(LobbyScreen(self.stats))
        if self.first is not None:
            self.push_screen(self.first)

    async def action_quit(self) -> None:
        """Ctrl-Q: out of the app, once a game that leaving would lose is confirmed lost."""
        screen = self.screen
        if not isinstance(screen, GameScreen) or screen.may_leave("Ctrl-Q"):
            await super().action_quit()
