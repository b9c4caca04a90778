"""A chart of win rates with their intervals (matplotlib, Agg backend: no display needed)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from parlour.core.errors import ParamsError
from parlour.stats.rates import Rate

FORMATS = (".png", ".svg")


def check_format(path: Path) -> Path:
    """`path` if its suffix names a format the chart is written in, else a `ParamsError`."""
    if path.suffix.lower() not in FORMATS:
        raise ParamsError(f"--plot {path}: the chart is written as {' or '.join(FORMATS)}")
    return path


def plot_rates(rates: Sequence[tuple[str, Rate]], path: Path) -> None:
    """One horizontal bar a run: its win rate, with the interval as an error bar."""
    check_format(path)
    shown = [(label, r) for label, r in rates if r.win_rate is not None]
    if not shown:
        raise ParamsError("no results to plot yet")
    import matplotlib  # heavy: loaded only when a chart is asked for

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.fonttype"] = "none"  # labels stay text: searchable, smaller
    from matplotlib import pyplot

    figure, axes = pyplot.subplots(figsize=(11, 0.45 * len(shown) + 1.4))
    values = [100 * (r.win_rate or 0.0) for _, r in shown]
    below = [v - 100 * (r.ci_low or 0.0) for v, (_, r) in zip(values, shown, strict=True)]
    above = [100 * (r.ci_high or 0.0) - v for v, (_, r) in zip(values, shown, strict=True)]
    rows = range(len(shown))
    axes.barh(rows, values, xerr=[below, above], capsize=3, color="#6a8caf")
    axes.set_yticks(list(rows), [f"{label} ({r.deals:,} deals)" for label, r in shown])
    axes.invert_yaxis()
    axes.set_xlim(0, 100)
    axes.set_xlabel("win rate, %\n(95% Wilson interval; unknown deals widen it)")
    figure.tight_layout()
    try:
        figure.savefig(path)
    except OSError as error:
        raise ParamsError(f"cannot write {path}: {error.strerror}") from None
    finally:
        pyplot.close(figure)
