"""Royal Marriage: CPU milliseconds a deal through the odds path, against plain search.

For each variant and mode, the solver as `parlour odds` runs it (`parlour.stats.tasks.run_chunk`,
with the game's hooks) decides deals 1..N, and the baseline, in the same run, is the solver
without hooks (plain search) on the first K of those deals, with a time limit a deal (deals it
leaves undecided are counted and timed at the limit). Times are CPU time
(`time.process_time`), since the machine is shared; the odds path is timed before and after
the baseline and the two are averaged. "ratio" is plain ms over odds-path ms; "same" says
whether the two decided every deal alike (undecided ones aside).

Run: uv run python benchmarks/bench_rm.py [--deals N] [--plain-deals K] [--plain-seconds S]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from parlour.core.params import all_params
from parlour.games.royal_marriage import ROYAL_MARRIAGE as RM
from parlour.games.royal_marriage import RoyalMarriageParams
from parlour.solver import Budget, solve
from parlour.stats.tasks import SOLVER, Task, run_chunk

BUDGET = 2_000_000  # positions, as `parlour odds` uses by default


def odds_path(params: RoyalMarriageParams, deals: range) -> tuple[float, str]:
    """CPU ms a deal through `run_chunk`, and the results as a string of w/l/u."""
    task = Task(RM.info.id, params, SOLVER, BUDGET)
    start = time.process_time()
    rows = run_chunk(task, deals)
    elapsed = time.process_time() - start
    return 1000 * elapsed / len(deals), "".join(result[0] for _, result, _, _ in rows)


def plain(params: RoyalMarriageParams, deals: range, seconds: float) -> tuple[float, str]:
    """CPU ms a deal of the solver without hooks, and its results."""
    start = time.process_time()
    results = "".join(
        solve(RM, RM.new(params, deal=d), Budget(BUDGET, seconds), hooks=False).result[0]
        for d in deals
    )
    elapsed = time.process_time() - start
    return 1000 * elapsed / len(deals), results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--plain-deals", type=int, default=10)
    parser.add_argument("--plain-seconds", type=float, default=5.0)
    args = parser.parse_args()
    deals = range(1, args.deals + 1)
    few = range(1, args.plain_deals + 1)
    print(
        f"{'variant':<10}{'mode':<10}{'deals':>7}{'won':>6}{'ms/deal':>9}"
        f"{'plain deals':>12}{'undecided':>10}{'plain ms':>10}{'ratio':>8}{'same':>6}"
    )
    for params in all_params(RoyalMarriageParams):
        before, results = odds_path(params, deals)
        plain_ms, plain_results = plain(params, few, args.plain_seconds)
        after, _ = odds_path(params, deals)
        ms = (before + after) / 2
        same = all(p in ("u", r) for p, r in zip(plain_results, results, strict=False))
        print(
            f"{params.variant:<10}{params.mode:<10}{len(deals):>7}{results.count('w'):>6}"
            f"{ms:>9.3f}{len(few):>12}{plain_results.count('u'):>10}{plain_ms:>10.1f}"
            f"{plain_ms / ms:>8.0f}{'yes' if same else 'NO':>6}",
            flush=True,
        )


if __name__ == "__main__":
    main()
