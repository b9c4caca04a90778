"""`parlour odds`: how often a game can be won, over numbered deals, resumable.

Deals K … K+N-1 are decided in worker processes (or on Dask) and each result is stored in a
SQLite database as its chunk arrives, by this process only. Run the same command again after
a stop and it continues: deals already stored are skipped, never counted twice.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable, Iterator, Set
from contextlib import AbstractContextManager, ExitStack, nullcontext, suppress
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Column

from parlour.agents.match import load_statistics
from parlour.core.errors import ParamsError, ParlourError, WorkerLost
from parlour.core.params import params_dict, params_from
from parlour.core.words import counted
from parlour.frontends.cli.common import (
    GameArg,
    ModeOpt,
    VariantOpt,
    console,
    flag,
    guarded,
    progress_bar,
    stoppable,
)
from parlour.frontends.cli.options import game_with_params
from parlour.games import get_game
from parlour.stats.executors import Workers, check_choice, open_executor
from parlour.stats.plot import check_format, plot_rates
from parlour.stats.rates import Rate, rate
from parlour.stats.runner import chunk_size, run
from parlour.stats.tasks import ODDS_BUDGET, SOLVER, STRONG, Row, Task
from parlour.store.database import data_folder
from parlour.store.results import (
    MAX_BUDGET,
    MAX_STORED_DEAL,
    NotStored,
    ResultStore,
    RunKey,
    Tally,
)

LARGEST_CHUNK = 500
T = TypeVar("T")


def default_db() -> Path:
    """The per-user results database, beside the saved games."""
    return data_folder() / "odds.sqlite"


def odds_command(
    game: GameArg,
    deals: Annotated[int, typer.Option("--deals", min=1, help="How many deals to decide.")],
    first_deal: Annotated[
        int, typer.Option("--first-deal", min=0, help="The first deal number.")
    ] = 1,
    variant: VariantOpt = None,
    mode: ModeOpt = None,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            min=1,
            help="Worker processes (default 1). With --address the cluster's own workers"
            " decide: this is for how many chunks of deals are kept in flight (default: the"
            " workers' threads).",
        ),
    ] = None,
    address: Annotated[
        str | None, typer.Option("--address", help="A Dask scheduler, e.g. tcp://HOST:8786.")
    ] = None,
    dask_local: Annotated[
        bool, flag("--dask-local", help="Run on a local Dask cluster of processes.")
    ] = False,
    db: Annotated[
        Path | None, typer.Option("--db", help="Results database (default: your data folder).")
    ] = None,
    budget: Annotated[
        int | None,
        typer.Option(
            "--budget",
            min=1,  # the most, 2**63-1 (an SQLite integer), would flood the help: checked here
            help=f"Positions the solver may visit per deal [default: {ODDS_BUDGET:,}].",
        ),
    ] = None,
    policy: Annotated[
        str | None,
        typer.Option(
            "--policy",
            help="One-player games: solver (knows every card) or greedy (sees what you see);"
            " the Wrangle: strong.",
        ),
    ] = None,
    as_json: Annotated[bool, flag("--json", help="Print one JSON object.")] = False,
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot", help="Chart every stored run's rate (PNG or SVG; its folders are made)."
        ),
    ] = None,
) -> None:
    """Win rate of a game over deals K…K+N-1, with its 95% interval; resumable.

    For the Wrangle: the first player's rate, the strong player against itself; each deal's
    cut decides who begins (WR-1). Stop at any time; run the same command again to continue."""
    task, key = guarded(lambda: make_task(game, variant, mode, policy, budget))
    last = guarded(lambda: _last_deal(first_deal, deals))
    guarded(lambda: check_choice(workers, address, dask_local))
    if plot is not None:
        guarded(lambda: check_format(plot))
    with ExitStack() as held:
        with stoppable(lambda: "stopped before any deal was decided"):
            pools = guarded(lambda: _pools(held, workers, address, dask_local))
            store = held.enter_context(guarded(lambda: ResultStore(db or default_db())))
        start = time.perf_counter()

        def tally() -> Tally:  # a file damaged inside is said as one that does not open
            return guarded(lambda: store.tally(key, first_deal, last))

        def kept() -> str:
            return f"stopped with {tally().deals} of {deals} deals stored; rerun to go on"

        if tally().deals < deals:  # said before deciding any
            with stoppable(kept):
                guarded(store.to_write)
        with stoppable(kept):
            used, chunks_for = guarded(
                lambda: _stopped_saying_what_was_stored(
                    kept, lambda: _run(store, task, key, first_deal, last, pools)
                )
            )
        wall = time.perf_counter() - start
        stored = tally()
        summary = {
            "game": task.game,
            "params": params_dict(task.params),
            "policy": task.policy,
            "budget": key.budget,
            "first_deal": first_deal,
            **rate(stored.counts).to_json(),
            "seconds": round(stored.seconds, 3),
            "wall_seconds": round(wall, 3),
            "workers": used,
        }
        chart = guarded(lambda: _chart(store) if plot is not None else [])
    if as_json:
        typer.echo(json.dumps(summary))
    else:
        _print_summary(summary, chunks_for)
    if plot is not None:  # after the summary, which a chart that cannot be written keeps
        guarded(lambda: plot_rates(chart, plot))


def _chart(store: ResultStore) -> list[tuple[str, Rate]]:
    """Every stored run's name and rate, for the chart."""
    return [(_label(key), rate(store.tally(key).counts)) for key in store.runs()]


def _last_deal(first: int, deals: int) -> int:
    last = first + deals - 1
    if last > MAX_STORED_DEAL:
        raise ParamsError(
            f"the last deal would be {last}; stored deal numbers stop at {MAX_STORED_DEAL}"
        )
    return last


def make_task(
    game_id: str, variant: str | None, mode: str | None, policy: str | None, budget: int | None
) -> tuple[Task, RunKey]:
    """The work of a run and the key its results are stored under; the policy defaults to the
    solver (the strong player for a two-player game), whose budget alone is kept in the key:
    a budget given for another policy is refused, not silently ignored."""
    game, params = game_with_params(game_id, variant=variant, mode=mode)
    info = game.info
    chosen = policy if policy is not None else STRONG if info.seats else SOLVER
    if chosen != SOLVER and budget is not None:
        raise ParamsError(f"--budget counts the solver's positions; the {chosen} policy has none")
    if budget is not None and budget > MAX_BUDGET:
        raise ParamsError(f"--budget {budget} is too large: at most {MAX_BUDGET} (2**63-1)")
    nodes = ODDS_BUDGET if budget is None else budget
    task = Task(info.id, params, chosen, nodes if chosen == SOLVER else 0).check()
    stored = json.dumps(params_dict(params), sort_keys=True)
    return task, RunKey(info.id, stored, info.rules_version, task.policy, task.budget)


def _pools(
    held: ExitStack, workers: int | None, address: str | None, dask_local: bool
) -> Callable[[int], AbstractContextManager[Workers]]:
    """What opens the workers for the deals left, no more workers than deals; a Dask scheduler
    is reached at once, so that one out of reach is refused before the results file is made."""
    if address is None:
        return lambda left: open_executor(workers and min(workers, left), None, dask_local)
    remote = held.enter_context(open_executor(workers, address))
    return lambda left: nullcontext(remote)


def _stopped_saying_what_was_stored(kept: Callable[[], str], work: Callable[[], T]) -> T:
    """`work`, stopped as an interrupted run is when results cannot be written or a worker
    process is lost: what was stored is said (`kept()`), and a rerun goes on."""
    try:
        return work()
    except (NotStored, WorkerLost) as error:
        raise ParlourError(f"{error}; {kept()}") from None


def _run(
    store: ResultStore,
    task: Task,
    key: RunKey,
    first: int,
    last: int,
    pools: Callable[[int], AbstractContextManager[Workers]],
) -> tuple[int, int]:
    """Decide the deals of `first`-`last` not stored yet; how many workers decided them, and
    for how many chunks were kept in flight (none when every deal was stored)."""
    done = store.done_deals(key, first, last)
    left, todo = deals_left(first, last, done)
    counts = store.tally(key, first, last).counts
    with progress_bar(
        BarColumn(bar_width=None, table_column=Column(ratio=1)),  # what the figures leave
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        transient=True,
        expand=True,
        title=_heading(task.game, params_dict(task.params), task.policy, key.budget, first, last),
    ) as progress:
        bar = progress.add_task("deals", total=last - first + 1, completed=len(done), rate="")

        def store_rows(rows: list[Row]) -> None:
            store.add(key, rows)
            counts.update(Counter(result for _, result, _, _ in rows))
            progress.update(bar, advance=len(rows), rate=_short(rate(counts)))

        if not left:
            return 0, 0
        load_statistics()  # for the bar's interval after each chunk
        with pools(left) as pool:
            size = chunk_size(left, pool.size, LARGEST_CHUNK)
            run(task, todo, pool.executor, store_rows, workers=pool.size, size=size)
            return pool.workers, pool.size


def deals_left(first: int, last: int, done: Set[int]) -> tuple[int, Iterator[int]]:
    """How many deals of `first`-`last` are not `done`, and those deals, listed only as they
    are handed out: a range of any length costs no memory."""
    todo = (deal for deal in range(first, last + 1) if deal not in done)
    return last - first + 1 - len(done), todo


def _short(r: Rate) -> str:
    if r.win_rate is None:
        return ""
    return f"{r.win_rate:.2%} (95% CI {r.ci_low:.2%}–{r.ci_high:.2%})"


def _label(key: RunKey) -> str:
    """A run's name in the game's order of parameters, e.g. `plait four-passes greedy`; a run
    of a game or parameters this version does not know (from another version) by the values
    stored; a run under other rules than this version's says which, as two such runs of one
    game would otherwise share a name."""
    stored: dict[str, str] = json.loads(key.params)
    current = None
    with suppress(ParlourError):
        info = get_game(key.game).info
        current = info.rules_version
        stored = params_dict(params_from(info.params_type, stored))
    values = "/".join(stored.values())
    budget = f" {key.budget:,} nodes" if key.budget else ""
    rules = f" (rules {key.rules_version})" if key.rules_version != current else ""
    return " ".join(part for part in (key.game, values, key.policy + budget) if part) + rules


def _heading(
    game: str, params: dict[str, str], policy: str, budget: int, first: int, last: int
) -> str:
    """What a run is, in one line: `royal-marriage discards/open — solver, budget 2,000,000
    positions; deals 1–3000`."""
    name = " ".join(part for part in (game, "/".join(params.values())) if part)
    return (
        f"{name} — {policy}"
        + (f", budget {budget:,} positions" if policy == SOLVER else "")
        + (f"; deals {first}–{last}" if last > first else f"; deal {first}")
    )


def _print_summary(s: dict[str, Any], chunks_for: int) -> None:
    first, last = s["first_deal"], s["first_deal"] + s["deals"] - 1
    console.print(
        _heading(s["game"], s["params"], s["policy"], s["budget"], first, last), style="bold"
    )
    console.print(
        f"{counted(s['deals'], 'deal')}: "
        f"{s['won']:,} won, {s['lost']:,} lost, {s['unknown']:,} unknown"
        + (f", {s['draw']:,} drawn" if s["draw"] else "")
    )
    if s["win_rate"] is None:
        console.print("No deal decided: no win rate.")
    else:
        who = "first player's win rate of decided games" if s["policy"] == STRONG else "win rate"
        unknown = "; unknown deals counted as lost below, won above" if s["unknown"] else ""
        console.print(
            f"{who} {s['win_rate']:.2%} (95% Wilson interval {s['ci_low']:.2%} to "
            f"{s['ci_high']:.2%}{unknown})"
        )
    given = f", chunks in flight as for {counted(chunks_for, 'worker')}"
    given = given if chunks_for != s["workers"] else ""
    run = (
        f"this run {s['wall_seconds']:,.1f} s with {counted(s['workers'], 'worker')}{given}"
        if chunks_for
        else "every deal asked for was stored already"
    )
    console.print(f"{s['seconds']:,.1f} s of deciding stored; {run}")
