"""What every `parlour` command shares: consoles, options, and how bad input ends a command."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console, RenderableType
from rich.markup import escape
from rich.progress import Progress, ProgressColumn
from rich.text import Text
from typer.core import TyperCommand, TyperGroup, TyperOption

from parlour.core.errors import ParlourError
from parlour.frontends.cli.entry import INTERRUPTED as INTERRUPTED  # one code, said here for all

console = Console(highlight=False, soft_wrap=True)
errors = Console(stderr=True, highlight=False, soft_wrap=True)

BAD_INPUT = 2
T = TypeVar("T")


def flag(*names: str, help: str) -> Any:
    """A `typer.Option` that takes no value, shown in help as such: typer would write `<bool>`
    beside it, as if a value followed (`--json true` is refused)."""
    return typer.Option(*names, metavar="", help=help)


class _ValuelessHelp:
    """typer's own --help shown as taking no value, without the `<bool>` typer gives it, as
    `flag` shows the others."""

    def get_help_option(self, ctx: Any) -> TyperOption | None:
        help_option: TyperOption | None = super().get_help_option(ctx)  # type: ignore[misc]
        if help_option is not None:
            help_option.metavar = ""
        return help_option


class Command(_ValuelessHelp, TyperCommand):
    """A `parlour` command."""


class Group(_ValuelessHelp, TyperGroup):
    """`parlour` itself."""


GameArg = Annotated[str, typer.Argument(help="Game id, e.g. royal-marriage (see: parlour games).")]
DealOpt = Annotated[int | None, typer.Option("--deal", help="Deal number (0 to 2**64-1).")]
CardsOpt = Annotated[
    str | None, typer.Option("--cards", help='Explicit deck in dealing order, e.g. "QH 5S …".')
]
VariantOpt = Annotated[str | None, typer.Option("--variant", help="Variant (see: parlour games).")]
ModeOpt = Annotated[
    str | None, typer.Option("--mode", help="Mode, e.g. open (see: parlour games).")
]
FirstOpt = Annotated[
    str | None, typer.Option("--first", help="Who begins, e.g. south (see: parlour games).")
]

LoadOpt = Annotated[
    Path | None, typer.Option("--load", help="Resume a game saved with 'save FILE'.")
]
AutoOpt = Annotated[
    bool | None,
    flag(
        "--auto/--no-auto",
        help="Automatic moves to the foundations (default: off, or as a loaded game had them).",
    ),
]
VsOpt = Annotated[str | None, typer.Option("--vs", help="Wrangle: random|greedy|strong.")]
HotSeatOpt = Annotated[bool, flag("--hot-seat", help="Wrangle: two people.")]
DbOpt = Annotated[
    Path | None,
    typer.Option(
        "--db",
        help="SQLite file of statistics, and of the web app's saved games (default: per user).",
    ),
]


class _TitledProgress(Progress):
    """A progress bar under a line of its own naming the work, if it has a title: the bar's
    line is left whole for the figures."""

    def __init__(self, title: str, *columns: str | ProgressColumn, **options: Any) -> None:
        self.title = title  # before the display, which may be drawn as it is made
        super().__init__(*columns, **options)

    def get_renderables(self) -> Iterable[RenderableType]:
        if self.title:
            yield Text(self.title)
        yield from super().get_renderables()


def progress_bar(
    *columns: str | ProgressColumn, transient: bool, title: str = "", expand: bool = False
) -> Progress:
    """A progress bar on stderr, drawn only for a person at a terminal: a pipe or a log gets
    nothing from it, not even a blank line. A `title` goes on a line above it; `expand` fills
    the line, giving what the other columns leave to those with a ratio."""
    screen = Console(stderr=True)
    return _TitledProgress(
        title,
        *columns,
        console=screen,
        transient=transient,
        disable=not screen.is_terminal,
        expand=expand,
    )


@contextmanager
def stoppable(said: Callable[[], str]) -> Iterator[None]:
    """A Ctrl-C stops the command: `said()` (what was done by then) on stderr, and exit code
    130, as a shell reports a command so stopped."""
    try:
        yield
    except KeyboardInterrupt:
        errors.print(f"parlour: {said()}")
        raise typer.Exit(INTERRUPTED) from None


def guarded(work: Callable[[], T]) -> T:
    """Run `work`; bad input becomes a message on stderr and exit code 2."""
    try:
        return work()
    except ParlourError as error:
        errors.print(f"parlour: {escape(str(error))}")
        raise typer.Exit(BAD_INPUT) from None
