"""`parlour solve` and `parlour hint`: the solver from the command line."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Iterator
from itertools import accumulate
from pathlib import Path
from typing import Annotated, Any, TextIO

import typer

from parlour.core.cards import parse_cards
from parlour.core.errors import ParlourError
from parlour.core.words import counted
from parlour.frontends.cli.common import (
    BAD_INPUT,
    CardsOpt,
    DealOpt,
    GameArg,
    ModeOpt,
    VariantOpt,
    console,
    errors,
    flag,
    guarded,
    stoppable,
)
from parlour.frontends.cli.options import choose, game_with_params, new_session
from parlour.games import get_game
from parlour.solver import DEFAULT_BUDGET, Budget, hint_onward, require_one_player, solve

NodesOpt = Annotated[int, typer.Option("--nodes", min=1, help="Positions the solver may visit.")]
SecondsOpt = Annotated[
    float, typer.Option("--seconds", min=0.001, help="Seconds the solver may think.")
]

LONGEST_LINE = 4096  # characters: a deck of two packs, written long, takes about 450
ENDLESS_LINE = 1 << 20  # characters of one line past which the input is no file of decks


def solve_command(
    game: GameArg,
    deal: DealOpt = None,
    cards: CardsOpt = None,
    cards_file: Annotated[
        Path | None,
        typer.Option(
            "--cards-file",
            help="Solve one deck per line (cards in dealing order; - reads standard input);"
            " prints one JSON object a line, with or without --json, and exits 2 if a line"
            " held no deck. Every line is one deck: a blank line or a # comment is answered"
            " with an error, in its place.",
        ),
    ] = None,
    variant: VariantOpt = None,
    mode: ModeOpt = None,
    nodes: NodesOpt = DEFAULT_BUDGET.nodes,
    seconds: SecondsOpt = DEFAULT_BUDGET.seconds,
    as_json: Annotated[bool, flag("--json", help="Print JSON.")] = False,
) -> None:
    """Decide whether a deal can be won, and show how (the solver knows every card)."""
    budget = Budget(nodes, seconds)
    if cards_file is not None:
        if deal is not None or cards is not None:
            errors.print(
                "parlour: --cards-file solves the decks in the file: leave out --deal and --cards"
            )
            raise typer.Exit(BAD_INPUT)
        with stoppable(_undecided):
            refused, lines = guarded(lambda: _solve_file(game, cards_file, variant, mode, budget))
        if refused:  # every line is answered, but a script must not take the run for clean
            errors.print(f"parlour: {refused} of {counted(lines, 'line')} held no deck to solve")
            raise typer.Exit(BAD_INPUT)
        return
    with stoppable(_undecided):
        guarded(lambda: require_one_player(get_game(game)))  # before a deck it would refuse
        choice = guarded(lambda: choose(game, deal=deal, cards=cards, variant=variant, mode=mode))
        solution = guarded(lambda: solve(choice.game, choice.new_state(), budget))
    if as_json:
        typer.echo(json.dumps(solution.to_json()))
        return
    # An exact decision searches no positions: it only replays the line it found.
    work = "" if solution.method == "exact" else f" after {counted(solution.nodes, 'position')}"
    console.print(
        f"[bold]{solution.result}[/]{work} in "
        f"{solution.seconds:.3f} s ({solution.method}; {solution.knowledge})"
    )
    if solution.moves:
        console.print(" ; ".join(str(m) for m in solution.moves))


def _solve_file(
    game_id: str, path: Path, variant: str | None, mode: str | None, budget: Budget
) -> tuple[int, int]:
    """One JSON line per line of the file, in order, each with its line number: a line that
    holds no good deck gets an error object, and the rest go on. Returns how many lines were
    errors, of how many."""
    game, params = game_with_params(game_id, variant=variant, mode=mode)
    require_one_player(game)  # before any line, so one error is not a line's error
    refused = lines = 0
    for number, line in enumerate(_deck_lines(path), start=1):
        lines = number
        try:
            _check_line(line)
            state = game.new(params, deck=parse_cards(line))
            result: dict[str, Any] = solve(game, state, budget).to_json()
        except ParlourError as error:
            result = {"result": "error", "error": str(error)}
            refused += 1
        typer.echo(json.dumps({**result, "line": number}))
    return refused, lines


def _check_line(line: str) -> None:
    """A `ParlourError` for a line that cannot hold a deck, for that line alone."""
    if len(line) > LONGEST_LINE:
        raise ParlourError(f"the line is longer than any deck ({LONGEST_LINE:,} characters)")
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:  # bytes that are no UTF-8, kept as lone surrogates
        raise ParlourError("the line is not text (UTF-8)") from None
    if not line.strip():
        raise ParlourError("the line is empty: write the deck's cards in dealing order")


def _deck_lines(path: Path) -> Iterator[str]:
    """The lines of `path`, or of standard input for `-`, each read as it comes: decks that
    another program makes are answered as it makes them, and none is held but the one read.

    A byte-order mark, which some editors write first, is no card; lines are counted as an
    editor counts them (text mode reads \r\n and \r as \n), where `splitlines` would also
    split at a form feed or U+2028 and put off every number after it. Bytes that are no UTF-8
    stay in their line, for `_check_line` to refuse that line alone. A line longer than any
    deck is given cut short, the rest of it passed over unread; past `ENDLESS_LINE` characters
    (endless input with no line's end) the input is refused."""
    try:
        with _opened(path) as text:
            while line := text.readline(LONGEST_LINE + 1):
                if len(line) > LONGEST_LINE and not line.endswith("\n"):
                    _pass_over_line(text, path)
                yield line.removesuffix("\n")
    except OSError as error:
        raise ParlourError(f"cannot read {path}: {error.strerror}") from None


def _pass_over_line(text: TextIO, path: Path) -> None:
    """Read on to the end of a line begun longer than any deck, holding none of it."""
    passed = LONGEST_LINE
    while (part := text.readline(LONGEST_LINE)) and not part.endswith("\n"):
        passed += len(part)
        if passed > ENDLESS_LINE:
            raise ParlourError(
                f"cannot read {path}: a line runs on past {ENDLESS_LINE:,} characters"
            )


def _opened(path: Path) -> TextIO:
    """`path` as text, or standard input for `-` (read as a file is); bytes that are no UTF-8
    kept, as lone surrogates, for their line to be refused."""
    if str(path) == "-":
        return io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8-sig", errors="surrogateescape")
    return path.open(encoding="utf-8-sig", errors="surrogateescape")


def hint_command(
    game: Annotated[str | None, typer.Argument(help="Game id (not needed with --load).")] = None,
    deal: DealOpt = None,
    cards: CardsOpt = None,
    variant: VariantOpt = None,
    mode: ModeOpt = None,
    load: Annotated[
        Path | None, typer.Option("--load", help="The position of a saved game.")
    ] = None,
    nodes: NodesOpt = DEFAULT_BUDGET.nodes,
    seconds: SecondsOpt = DEFAULT_BUDGET.seconds,
) -> None:
    """The next move of a winning line from a deal's start or a saved game's position; never
    one back to a position the saved game has been in, while a winning move onward is found
    (so that hints asked one at a time and played end in a win)."""
    with stoppable(_undecided):
        state, chosen, passed = guarded(lambda: _position(game, deal, cards, variant, mode, load))
        found = guarded(lambda: hint_onward(chosen, state, passed, Budget(nodes, seconds)))
        console.print(found.describe())


def _position(
    game_id: str | None,
    deal: int | None,
    cards: str | None,
    variant: str | None,
    mode: str | None,
    load: Path | None,
) -> tuple[Any, Any, list[Any]]:
    """The position, its game, and the positions it passed through (a saved game's)."""
    if game_id is None and load is None:
        raise ParlourError("name a game, or a saved game with --load")
    if load is None:
        require_one_player(get_game(game_id or ""))  # before a deck it would refuse
        choice = choose(game_id or "", deal=deal, cards=cards, variant=variant, mode=mode)
        return choice.new_state(), choice.game, []
    session = new_session(game_id, deal, cards, {"variant": variant, "mode": mode}, load)
    path = accumulate(session.moves, session.game.apply_unchecked, initial=session.first)
    return session.state, session.game, list(path)[:-1]


def _undecided() -> str:
    return "stopped before the solver had decided"
