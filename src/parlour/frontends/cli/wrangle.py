"""The Wrangle's commands: `parlour duel` between computer players, and `parlour play wrangle`
against one of them (`--vs`) or between two people at one keyboard (`--hot-seat`).

Each person sees only his own view (WR-7); the computer's moves are shown one by one; undo
takes back a person's own moves within his turn only.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from random import Random
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn

from parlour.agents import AGENTS, DEFAULT_AGENT, HUMAN, make_agent
from parlour.agents.base import Agent
from parlour.agents.match import DuelSummary, GameResult, duel_games, summarize
from parlour.core.errors import IllegalMove, NotationError, WorkerLost
from parlour.core.game import DRAW, Game
from parlour.core.moves import parse_move
from parlour.core.session import Session
from parlour.core.words import counted
from parlour.frontends.cli.common import (
    BAD_INPUT,
    INTERRUPTED,
    console,
    errors,
    flag,
    guarded,
    progress_bar,
    stoppable,
)
from parlour.frontends.cli.kept import Changed, keep_ended, unchanged
from parlour.frontends.cli.play import note
from parlour.frontends.cli.presenters.wrangle import WranglePresenter
from parlour.frontends.cli.results import ResultKeeper
from parlour.games import get_game
from parlour.store.stats import StatsStore

GAME_ID = "wrangle"
PERSON, COMPUTER = "north", "south"  # the seats against a computer player, here and in the app
ONE_PLAYER_COMMANDS = ("restart", "hint", "auto", "save")
AgentArg = Annotated[str, typer.Argument(help=f"A computer player: {', '.join(AGENTS)}.")]


def duel_command(
    first: AgentArg,
    second: AgentArg,
    games: Annotated[int, typer.Option("--games", min=1, help="Games to play.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Seed choosing the deals.")] = 0,
    workers: Annotated[int, typer.Option("--workers", min=1, help="Worker processes.")] = 1,
    as_json: Annotated[bool, flag("--json", help="Print one JSON object.")] = False,
) -> None:
    """Measure two computer players of the Wrangle against each other.

    Games are played in pairs on one deal with the seats swapped (an odd last game has no
    pair); the win rate of FIRST over decided games is printed with its 95% Wilson interval."""
    guarded(lambda: [make_agent(name) for name in (first, second)])
    game = get_game(GAME_ID)
    results: list[GameResult] = []
    with progress_bar(
        TextColumn(f"{first} v {second}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        transient=as_json,
    ) as progress:
        task = progress.add_task("games", total=games)

        def played() -> str:
            return f"stopped after {counted(len(results), 'game')} of {games}"

        with stoppable(played):
            try:
                for result in duel_games(game, first, second, games, seed=seed, workers=workers):
                    results.append(result)
                    progress.advance(task)
            except WorkerLost as error:
                errors.print(f"parlour: {error}; {played()}")
                raise typer.Exit(BAD_INPUT) from None
    summary = summarize(results, game.info.seats)
    if as_json:
        typer.echo(
            json.dumps({"first": first, "second": second, "seed": seed, **summary.to_json()})
        )
        return
    console.print(f"{first} against {second}, {tally(summary)}")
    if summary.win_rate is None:
        console.print("No game was decided: no win rate.")
    else:
        console.print(
            f"win rate of decided games {summary.win_rate:.1%} "
            f"(95% Wilson interval {summary.ci_low:.1%} to {summary.ci_high:.1%})"
        )
    console.print(f"{first} thought {summary.seconds_per_turn:.3f} s per turn")


def tally(summary: DuelSummary) -> str:
    """The series in words, e.g. "3 games: 1 win, 2 draws, 0 losses"."""
    games, wins = counted(summary.games, "game"), counted(summary.wins, "win")
    draws, losses = counted(summary.draws, "draw"), counted(summary.losses, "loss", "losses")
    return f"{games}: {wins}, {draws}, {losses}"


def chosen_opponent(vs: str | None, hot_seat: bool) -> str:
    """The Wrangle's opponent as `--vs` or `--hot-seat` name it: a computer player (greedy
    unless chosen) or `HUMAN` (the other person at the keyboard)."""
    if vs is not None and hot_seat:
        errors.print("parlour: choose --vs random|greedy|strong or --hot-seat, not both")
        raise typer.Exit(BAD_INPUT)
    if vs is not None:
        guarded(lambda: make_agent(vs))  # a name of no computer player is refused here
    return HUMAN if hot_seat else DEFAULT_AGENT if vs is None else vs


def play_wrangle(
    session: Session[Any], vs: str | None, hot_seat: bool, stats: StatsStore, loaded: Path | None
) -> None:
    """`parlour play wrangle`: you are north against `vs` (greedy unless chosen), or two
    people take turns; a game against the computer counts in `stats` (one `loaded` ended
    counts only from the kept folder, see `ResultKeeper`)."""
    chosen = chosen_opponent(vs, hot_seat)
    opponent = None if chosen == HUMAN else guarded(lambda: make_agent(chosen))
    computers = {} if opponent is None else {COMPUTER: opponent}
    name = None if opponent is None else opponent.name
    keeper = ResultKeeper(stats, session, opponent=name, seat=PERSON, loaded=loaded)
    console.print("[bold]The Wrangle[/] — type h for help, q to quit.")
    loop = WrangleLoop(session, computers, console, console.input, Random(), keeper)
    loop.run()
    if loop.interrupted:
        raise typer.Exit(INTERRUPTED)


class WrangleLoop:
    """Turns of people (typed lines) and computers (agents) until the game ends or input does."""

    def __init__(
        self,
        session: Session[Any],
        computers: dict[str, Agent],
        console: Console,
        ask: Callable[[str], str],
        rng: Random,
        changed: Changed = unchanged,
    ) -> None:
        self.session = session
        self.changed = changed
        self.game: Game[Any, Any] = session.game
        self.computers = computers
        self.console = console
        self.ask = ask
        self.rng = rng
        self.presenter = WranglePresenter()
        self.interrupted = False  # left by a Ctrl-C, which the command reports in its exit code

    def run(self) -> str | None:
        """Play until the game ends or the person leaves; returns the outcome (None: left
        unfinished). An ended game's result is kept however it is left, a Ctrl-C while the
        end is shown too, before anything more is printed."""
        try:
            if self._turns():
                self._end()
        except KeyboardInterrupt:
            self.interrupted = True
            self.console.print()
        if self.session.outcome is None:
            return None
        kept = keep_ended(self.session, self.changed)
        if kept:
            self.console.print(kept, markup=False, highlight=False)
        return self.session.outcome

    def _turns(self) -> bool:
        """The turns until the game ends (True) or the person leaves it (False)."""
        shown_for = None
        while self.session.outcome is None:
            seat = self.game.to_move(self.session.state)
            if seat is None:  # a game not over always has a seat to move
                raise AssertionError("no seat to move in a game not over")
            if seat in self.computers:
                self.computer_turn(seat)
                shown_for = None
                continue
            if seat != shown_for:
                if len(self.computers) == 0:
                    self.console.print(f"\n[bold]{seat}'s turn[/] (the other player looks away)")
                self.show(seat)
                shown_for = seat
            try:
                line = self.ask(f"{seat}> ").strip()
            except EOFError:
                self.console.print()
                return False
            if line.lower() in ("q", "quit", "exit"):
                return False
            if line and self.handle(line, seat) and self.game.to_move(self.session.state) == seat:
                self.show(seat)
        return True

    def computer_turn(self, seat: str) -> None:
        """The computer's whole turn, each move printed with the card it moved."""
        agent = self.computers[seat]
        while self.session.outcome is None and self.game.to_move(self.session.state) == seat:
            observation = self.game.observe(self.session.state, seat)
            move = agent.choose(self.game, observation, self.rng)
            self.session.play(move)
            note(self.console, self.changed(self.session))
            card = observation["piles"].get(move.source, [])[-1:]  # a face-up card (WR-7)
            shown = f" ({card[0]})" if card else ""
            self.console.print(f"[magenta]{seat} ({agent.name}):[/] {move}{shown}")

    def handle(self, line: str, seat: str) -> bool:
        """Run one typed line; True if the position changed."""
        word = line.lower()
        try:
            if word in ("h", "help", "?"):
                for text in self.presenter.help_lines():
                    self.console.print("  " + text, highlight=False)
                self.console.print("  u, undo         take back your last move of this turn")
                self.console.print("  redo            play again a move taken back this turn")
                self.console.print("  m, moves        list your legal moves")
                self.console.print("  q, quit         leave")
                return False
            command = word.split()[0]
            if command in ONE_PLAYER_COMMANDS:
                raise NotationError(
                    f"{command} is a command of the one-player games, not of the Wrangle"
                )
            if word in ("m", "moves"):
                moves = self.game.observe(self.session.state, seat)["legal_moves"]
                self.console.print("Legal moves: " + ", ".join(moves))
                return False
            if word in ("u", "undo"):
                if not self.session.can_undo:
                    raise IllegalMove(
                        "only your own moves of this turn can be taken back, and none that"
                        " showed a hidden card (WR-7)"
                    )
                self.session.undo()
                return True
            if word == "redo":  # the word alone: `r` is the reserve here
                self.session.redo()
                return True
            observation = self.game.observe(self.session.state, seat)
            move = self.presenter.read(line, observation) or parse_move(line)
            self.session.play(move)
            note(self.console, self.changed(self.session))
            return True
        except IllegalMove as error:
            self.console.print(f"[yellow]Not allowed:[/] {escape(str(error))}")
        except NotationError as error:
            self.console.print(f"[yellow]Not understood:[/] {escape(str(error))}. Type h for help.")
        return False

    def show(self, seat: str) -> None:
        self.console.print()
        self.console.print(self.presenter.render(self.game.observe(self.session.state, seat)))

    def _end(self) -> None:
        for seat in self.game.info.seats:
            if seat not in self.computers:
                self.show(seat)
                break
        self.announce_end()

    def announce_end(self) -> None:
        """Who won, or the draw (WR-6)."""
        outcome = self.session.outcome
        if outcome == DRAW:
            limit = self.game.observe(self.session.state, None)["draw_after"]
            self.console.print(f"[bold]Game over: drawn[/] ({limit} turns without progress, WR-6).")
        else:
            self.console.print(f"[bold green]Game over: {outcome} wins[/] (WR-6).")
