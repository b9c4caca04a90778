"""The `parlour` command: play, show, replay and list the games.

Exit codes: 0 on success, 2 for bad usage or bad input (the message on stderr).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from parlour.core.game import describe_outcome
from parlour.core.params import choices
from parlour.core.record import replay as replay_record
from parlour.core.words import counted
from parlour.frontends.cli.common import (
    BAD_INPUT,
    INTERRUPTED,
    AutoOpt,
    CardsOpt,
    Command,
    DbOpt,
    DealOpt,
    FirstOpt,
    GameArg,
    Group,
    HotSeatOpt,
    LoadOpt,
    ModeOpt,
    VariantOpt,
    VsOpt,
    console,
    errors,
    flag,
    guarded,
)
from parlour.frontends.cli.odds import odds_command
from parlour.frontends.cli.options import choose, new_session
from parlour.frontends.cli.play import PlayLoop
from parlour.frontends.cli.presenters import PRESENTERS
from parlour.frontends.cli.results import ResultKeeper, open_stats, stats_command
from parlour.frontends.cli.serve import serve_command
from parlour.frontends.cli.solving import hint_command, solve_command
from parlour.frontends.cli.wrangle import chosen_opponent, duel_command, play_wrangle
from parlour.games import all_games, get_game
from parlour.store.records import load_record

app = typer.Typer(
    cls=Group,
    help="Parlour: five Victorian games of patience, faithful to their books.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",  # a docstring's wrapped lines flow as one paragraph
)


@app.command(cls=Command)
def games() -> None:
    """List the games with their variants and modes."""
    for game in all_games():
        info = game.info
        console.print(f"[bold]{info.id}[/]  {info.name}: {info.summary}")
        for name, values in choices(info.params_type).items():
            console.print(f"    --{name} {' | '.join(values)}   (default {values[0]})")


@app.command(cls=Command)
def show(
    game: GameArg,
    deal: DealOpt = None,
    cards: CardsOpt = None,
    variant: VariantOpt = None,
    mode: ModeOpt = None,
    first: FirstOpt = None,
    as_json: Annotated[bool, flag("--json", help="Print the state as JSON (C-7).")] = False,
) -> None:
    """Print the starting state of a deal (Royal Marriage: after the first card)."""
    choice = guarded(
        lambda: choose(game, deal=deal, cards=cards, variant=variant, mode=mode, first=first)
    )
    state = guarded(choice.new_state)
    data = choice.game.to_json(state)
    if as_json:
        typer.echo(json.dumps(data))
    else:
        console.print_json(data=data)


@app.command(cls=Command)
def play(
    game: Annotated[
        str | None,
        typer.Argument(
            help="Game id, e.g. royal-marriage (with --load, if given, the saved game's)."
        ),
    ] = None,
    deal: DealOpt = None,
    cards: CardsOpt = None,
    variant: VariantOpt = None,
    mode: ModeOpt = None,
    first: FirstOpt = None,
    load: LoadOpt = None,
    auto: AutoOpt = None,
    vs: VsOpt = None,
    hot_seat: HotSeatOpt = False,
    db: DbOpt = None,
) -> None:
    """Play a game in the terminal. Without --deal or --cards a random deal is chosen."""
    options = {"variant": variant, "mode": mode, "first": first}
    session = guarded(lambda: new_session(game, deal, cards, options, load, auto))
    stats = guarded(lambda: open_stats(db))
    if session.game.info.seats:
        return play_wrangle(session, vs, hot_seat, stats, load)
    refuse_opponent(vs, hot_seat)
    presenter = PRESENTERS[session.game.info.id]
    keeper = ResultKeeper(stats, session, loaded=load)
    console.print(f"[bold]{session.game.info.name}[/] — type h for help, q to quit.")
    loop = PlayLoop(session, presenter, console, console.input, keeper)
    loop.run()
    if loop.interrupted:
        raise typer.Exit(INTERRUPTED)


@app.command(cls=Command)
def tui(
    game: Annotated[
        str | None, typer.Argument(help="Start on this game (else the list of games).")
    ] = None,
    deal: DealOpt = None,
    cards: CardsOpt = None,
    variant: VariantOpt = None,
    mode: ModeOpt = None,
    first: FirstOpt = None,
    load: LoadOpt = None,
    auto: AutoOpt = None,
    vs: VsOpt = None,
    hot_seat: HotSeatOpt = False,
    db: DbOpt = None,
) -> None:
    """Play in a full-screen terminal app: every game, moves by mouse, keys or typing."""
    from parlour.frontends.tui.app import ParlourApp, game_screen

    if game is None and load is None:
        given = (deal, cards, variant, mode, first, auto, vs, hot_seat or None)
        flags = (
            "--deal",
            "--cards",
            "--variant",
            "--mode",
            "--first",
            "--auto",
            "--vs",
            "--hot-seat",
        )
        named = [flag for flag, value in zip(flags, given, strict=True) if value is not None]
        if named:
            errors.print(f"parlour: {', '.join(named)}: say which game (parlour tui GAME …)")
            raise typer.Exit(BAD_INPUT)
    stats = guarded(lambda: open_stats(db))
    screen = None
    if game is not None or load is not None:
        options = {"variant": variant, "mode": mode, "first": first}
        session = guarded(lambda: new_session(game, deal, cards, options, load, auto))
        if session.game.info.seats:
            vs = chosen_opponent(vs, hot_seat)
        else:
            refuse_opponent(vs, hot_seat)
        screen = guarded(lambda: game_screen(session, vs, stats, loaded=load))
    app = ParlourApp(screen, stats)
    app.run()
    for kept in app.kept:  # said on the screen too, which is gone now
        console.print(kept, markup=False, highlight=False)


def refuse_opponent(vs: str | None, hot_seat: bool) -> None:
    """--vs and --hot-seat choose the Wrangle's opponent; a one-player game has none."""
    named = [flag for flag, given in (("--vs", vs is not None), ("--hot-seat", hot_seat)) if given]
    if named:
        errors.print(f"parlour: this game is played alone: leave out {' and '.join(named)}")
        raise typer.Exit(BAD_INPUT)


@app.command(cls=Command)
def replay(
    file: Annotated[Path, typer.Argument(help="A game saved with 'save FILE'.")],
    as_json: Annotated[bool, flag("--json", help="Print the final state as JSON.")] = False,
) -> None:
    """Replay a saved game and print its final state and outcome."""
    record = guarded(lambda: load_record(file))
    game = guarded(lambda: get_game(record.game))
    state: Any = guarded(lambda: replay_record(game, record))
    data = game.to_json(state)
    if as_json:
        typer.echo(json.dumps(data))
        return
    console.print_json(data=data)
    console.print(
        f"{counted(len(record.moves), 'move')}; outcome: {describe_outcome(game.outcome(state))}"
    )


app.command("solve", cls=Command)(solve_command)
app.command("hint", cls=Command)(hint_command)
app.command("duel", cls=Command)(duel_command)
app.command("serve", cls=Command)(serve_command)
app.command("odds", cls=Command)(odds_command)
app.command("stats", cls=Command)(stats_command)


def main() -> None:
    app()
