"""The `parlour` command: play, show, replay and list the games.

Exit codes: 0 on success, 2 for bad usage or bad input (the message on stderr).
"""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Annotated, Any

import typer

from parlour.core.game import describe_outcome
from parlour.core.params import choices
from parlour.core.record import replay as replay_record
from parlour.core.session import Session
from parlour.frontends.cli.common import (
    CardsOpt,
    DealOpt,
    FirstOpt,
    GameArg,
    ModeOpt,
    VariantOpt,
    console,
    guarded,
)
from parlour.frontends.cli.odds import odds_command
from parlour.frontends.cli.options import choose
from parlour.frontends.cli.play import PlayLoop
from parlour.frontends.cli.presenters import PRESENTERS
from parlour.frontends.cli.serve import serve_command
from parlour.frontends.cli.solving import hint_command, solve_command
from parlour.frontends.cli.wrangle import duel_command, play_wrangle
from parlour.games import all_games, get_game
from parlour.store.records import load_record

app = typer.Typer(
    help="Parlour: five Victorian games of patience, faithful to their books.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.command()
def games() -> None:
    """List the games with their variants and modes."""
    for game in all_games():
        info = game.info
        console.print(f"[bold]{info.id}[/]  {info.name}: {info.summary}")
        for name, values in choices(info.params_type).items():
            console.print(f"    --{name} {' | '.join(values)}   (default {values[0]})")


@app.command()
def show(
    game: GameArg,
    deal: DealOpt = None,
    cards: CardsOpt = None,
    variant: VariantOpt = None,
    mode: ModeOpt = None,
    first: FirstOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the state as JSON (C-7).")] = False,
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


@app.command()
def play(
    game: GameArg,
    deal: DealOpt = None,
    cards: CardsOpt = None,
    variant: VariantOpt = None,
    mode: ModeOpt = None,
    first: FirstOpt = None,
    load: Annotated[
        Path | None, typer.Option("--load", help="Resume a game saved with 'save FILE'.")
    ] = None,
    auto: Annotated[
        bool, typer.Option("--auto/--no-auto", help="Automatic moves to the foundations.")
    ] = False,
    vs: Annotated[str | None, typer.Option("--vs", help="Wrangle: random|greedy|strong.")] = None,
    hot_seat: Annotated[bool, typer.Option("--hot-seat", help="Wrangle: two people.")] = False,
) -> None:
    """Play a game in the terminal. Without --deal or --cards a random deal is chosen."""
    if game == "wrangle":
        return play_wrangle(deal, cards, vs, hot_seat, first)
    options = {"variant": variant, "mode": mode, "first": first}
    session = guarded(lambda: _session(game, deal, cards, options, load, auto))
    presenter = PRESENTERS[session.game.info.id]
    console.print(f"[bold]{session.game.info.name}[/] — type h for help, q to quit.")
    PlayLoop(session, presenter, console, console.input).run()


def _session(
    game_id: str,
    deal: int | None,
    cards: str | None,
    options: dict[str, str | None],
    load: Path | None,
    auto: bool,
) -> Session[Any]:
    if load is not None:
        record = load_record(load)
        return Session.from_record(get_game(record.game), record, autoplay=auto)
    default = secrets.randbelow(10**9) if deal is None and cards is None else None
    choice = choose(game_id, deal=deal, cards=cards, default_deal=default, **options)
    return Session(choice.game, choice.params, deal=choice.deal, deck=choice.deck, autoplay=auto)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game saved with 'save FILE'.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the final state as JSON.")] = False,
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
    console.print(f"{len(record.moves)} moves; outcome: {describe_outcome(game.outcome(state))}")


app.command("solve")(solve_command)
app.command("hint")(hint_command)
app.command("duel")(duel_command)
app.command("serve")(serve_command)
app.command("odds")(odds_command)


def main() -> None:
    app()
