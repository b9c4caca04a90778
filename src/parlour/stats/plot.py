"""A chart of win rates with their intervals (matplotlib, Agg backend: no display needed)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from parlour.core.errors import ParamsError
from parlour.core.words import counted
from parlour.stats.rates import Rate

FORMATS = (".png", ".svg")


def check_format(path: Path) -> Path:
    """`path` if its suffix names a format the chart is written in and a file can be written
    there, in folders that may be made when it is (checked before a run of hours, not after
    it, and making nothing), else a `ParamsError`."""
    if path.suffix.lower() not in FORMATS:
        raise ParamsError(f"--plot {path}: the chart is written as {' or '.join(FORMATS)}")
    if path.is_dir():
        raise ParamsError(f"--plot {path} is a folder: name the chart's file")
    there = next(folder for folder in path.parents if folder.exists())
    if not there.is_dir():
        raise ParamsError(f"--plot {path}: {there} is not a folder")
    if not os.access(there, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise ParamsError(f"--plot {path}: this process may not write there")
    return path


def plot_rates(rates: Sequence[tuple[str, Rate]], path: Path) -> None:
    """One horizontal bar a run: its win rate, with the interval as an error bar; a run with
    no deal decided (the Wrangle's draws, say) keeps its row, with no bar."""
    check_format(path)
    shown = list(rates)
    if not shown:
        raise ParamsError("no results to plot yet")
    import matplotlib  # heavy: loaded only when a chart is asked for

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.fonttype"] = "none"  # labels stay text: searchable, smaller
    from matplotlib import pyplot

    figure, axes = pyplot.subplots(figsize=(11, 0.45 * len(shown) + 1.4))
    values, below, above = zip(*(_bar(r) for _, r in shown), strict=True)
    rows = range(len(shown))
    axes.barh(rows, values, xerr=[list(below), list(above)], capsize=3, color="#6a8caf")
    axes.set_yticks(list(rows), [f"{label} ({_counted(r)})" for label, r in shown])
    axes.invert_yaxis()
    axes.set_xlim(0, 100)
    axes.set_xlabel("win rate, % (draws left out)\n(95% Wilson interval; unknown deals widen it)")
    figure.tight_layout()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        figure.savefig(path)
    except OSError as error:
        raise ParamsError(f"cannot write {path}: {error.strerror}") from None
    finally:
        pyplot.close(figure)


def _bar(run: Rate) -> tuple[float, float, float]:
    """A run's win rate and its interval's reach below and above it, in %; none undecided."""
    if run.win_rate is None or run.ci_low is None or run.ci_high is None:
        return 0.0, 0.0, 0.0
    value = 100 * run.win_rate
    return value, value - 100 * run.ci_low, 100 * run.ci_high - value


def _counted(run: Rate) -> str:
    """The deals a bar stands for: those not drawn, where draws leave the rate."""
    if run.win_rate is None:
        return counted(run.deals, "deal") + ", none decided"
    undrawn = f", {run.deals - run.draw:,} not drawn" if run.draw else ""
    return counted(run.deals, "deal") + undrawn
