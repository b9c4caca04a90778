"""Deals decided per second by the odds runner with 1 and with 2 worker processes.

The same deals are solved both ways through the path of `parlour odds` (process pool,
chunks, results stored in a fresh SQLite database by the driver; not the progress bar nor
its interval); the baseline is 1 worker, measured in the same run, and the ratio is 2 workers
over 1 (2.0 would be perfect scaling).
The two are measured in turn `--repeats` times and the best of each is kept, so a burst of
other work on a shared machine weighs less; the ratio still shows how much of a second core
was free.

Run: uv run python benchmarks/bench_odds.py [--game G] [--variant V] [--mode M] [--deals N]
                                            [--repeats R]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from parlour.core.params import params_dict
from parlour.frontends.cli.odds import LARGEST_CHUNK, make_task
from parlour.stats.executors import open_executor
from parlour.stats.runner import chunk_size, run
from parlour.stats.tasks import Task
from parlour.store.results import ResultStore, RunKey


def deals_per_second(task: Task, key: RunKey, deals: range, workers: int) -> float:
    """Solve `deals` with `workers` processes, storing every row; deals per second of wall time
    (the pool's start-up included, as a user would see it)."""
    with tempfile.TemporaryDirectory() as folder, ResultStore(Path(folder) / "b.sqlite") as db:
        start = time.perf_counter()
        with open_executor(workers) as pool:
            size = chunk_size(len(deals), pool.size, LARGEST_CHUNK)
            store = lambda rows: db.add(key, rows)  # noqa: E731
            run(task, deals, pool.executor, store, workers=pool.size, size=size)
        elapsed = time.perf_counter() - start
        assert db.tally(key).deals == len(deals)
    return len(deals) / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="royal-marriage")
    parser.add_argument("--variant")
    parser.add_argument("--mode")
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--budget", type=int, default=2_000_000, help="solver node budget")
    parser.add_argument("--repeats", type=int, default=3, help="measurements of each, in turn")
    args = parser.parse_args()
    task, key = make_task(args.game, args.variant, args.mode, "solver", args.budget)
    deals = range(1, args.deals + 1)
    one = two = 0.0
    for _ in range(args.repeats):
        one = max(one, deals_per_second(task, key, deals, 1))
        two = max(two, deals_per_second(task, key, deals, 2))
    label = "/".join(params_dict(task.params).values())
    print(f"best of {args.repeats} runs of each")
    print("| game | params | deals | 1 worker deals/s | 2 workers deals/s | ratio |")
    print("|---|---|--:|--:|--:|--:|")
    print(f"| {task.game} | {label} | {len(deals)} | {one:.0f} | {two:.0f} | {two / one:.2f} |")


if __name__ == "__main__":
    main()
