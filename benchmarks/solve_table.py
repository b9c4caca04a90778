"""Won, lost and unknown over numbered deals for one game, every variant, with times.

Run: uv run python benchmarks/solve_table.py GAME [--deals N] [--nodes N] [--seconds S]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from parlour.core.params import all_params, params_dict
from parlour.games import get_game
from parlour.solver import DEFAULT_BUDGET, Budget, solve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--deals", type=int, default=200, help="deals 1 … N")
    parser.add_argument("--nodes", type=int, default=DEFAULT_BUDGET.nodes)
    parser.add_argument("--seconds", type=float, default=DEFAULT_BUDGET.seconds)
    args = parser.parse_args()
    game = get_game(args.game)
    budget = Budget(args.nodes, args.seconds)
    for params in all_params(game.info.params_type):
        counts: Counter[str] = Counter()
        decided_seconds = []
        start = time.perf_counter()
        for deal in range(1, args.deals + 1):
            solution = solve(game, game.new(params, deal=deal), budget)
            counts[solution.result] += 1
            if solution.result != "unknown":
                decided_seconds.append(solution.seconds)
        times = (
            f"mean {1000 * statistics.fmean(decided_seconds):.1f} ms, "
            f"median {1000 * statistics.median(decided_seconds):.1f} ms"
            if decided_seconds
            else "nothing decided"
        )
        print(
            f"{game.info.id} {params_dict(params)}: won {counts['won']}, lost {counts['lost']}, "
            f"unknown {counts['unknown']}; {times}; {time.perf_counter() - start:.0f} s in all"
        )


if __name__ == "__main__":
    main()
