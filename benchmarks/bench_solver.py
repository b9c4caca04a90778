"""Deals decided per second and positions searched per second, per game and parameters.

The baseline, measured in the same run on the same deals, is the same search without the
game's hooks (exact algorithm, safe moves, move ordering); the ratio is decided deals per
second with hooks over without. (`bench_cards_file.py` times Royal Marriage's `parlour solve
--cards-file`.)

Run: uv run python benchmarks/bench_solver.py [GAME ...] [--deals N] [--seconds S]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from parlour.core.game import Game
from parlour.core.params import all_params, params_dict
from parlour.games import all_games, get_game
from parlour.solver import Budget, solve


def measure(
    game: Game[Any, Any], params: Any, deals: int, budget: Budget, hooks: bool
) -> dict[str, float]:
    times, nodes, decided = [], 0, 0
    start = time.perf_counter()
    for deal in range(1, deals + 1):
        solution = solve(game, game.new(params, deal=deal), budget, hooks=hooks)
        times.append(solution.seconds)
        nodes += solution.nodes
        decided += solution.result != "unknown"
    elapsed = time.perf_counter() - start
    return {
        "decided": decided,
        "per_second": decided / elapsed,
        "nodes_per_second": nodes / elapsed,
        "mean_ms": 1000 * statistics.fmean(times),
        "median_ms": 1000 * statistics.median(times),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: all)")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=10.0, help="budget per deal")
    args = parser.parse_args()
    budget = Budget(nodes=2_000_000, seconds=args.seconds)
    header = f"{'game':<40}{'decided':>9}{'deals/s':>9}{'nodes/s':>10}{'mean ms':>9}"
    print(header + f"{'median':>8}{'plain/s':>9}{'ratio':>8}")
    for game in [get_game(g) for g in args.games] or all_games():
        if len(game.info.seats) > 1:
            continue
        for params in all_params(game.info.params_type):
            label = game.info.id + " " + " ".join(params_dict(params).values())
            fast = measure(game, params, args.deals, budget, hooks=True)
            plain = measure(game, params, args.deals, budget, hooks=False)
            # With no deal decided by the baseline there is no ratio to print.
            ratio = fast["per_second"] / plain["per_second"] if plain["decided"] else float("nan")
            print(
                f"{label:<40}{fast['decided']:>5.0f}/{args.deals:<3}{fast['per_second']:>9.1f}"
                f"{fast['nodes_per_second']:>10.0f}{fast['mean_ms']:>9.2f}{fast['median_ms']:>8.2f}"
                f"{plain['per_second']:>9.1f}{ratio:>8.2f}"
            )


if __name__ == "__main__":
    main()
