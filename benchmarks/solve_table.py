"""Won, lost and unknown over numbered deals for one game, every variant, with times.

Every `won` line is replayed through the checked engine by `solve` before it is counted. The
deals left unknown are listed after the line, ready for `--only`. With `--stop-after` no new
deal is started once that many seconds have passed, and the line says how many deals were run.
With `--jsonl FILE` each deal's parameters, number, result, seconds and positions are added to
FILE, one JSON object a line, to compare one version's deals with another's.

Run: uv run python benchmarks/solve_table.py GAME [--deals N | --only D,D,…] [--nodes N]
     [--seconds S] [--variant V] [--workers W] [--stop-after S] [--jsonl FILE]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from parlour.core.params import all_params, params_dict
from parlour.games import get_game
from parlour.solver import DEFAULT_BUDGET, Budget, solve


def decide(job: tuple[str, Any, int, Budget]) -> tuple[int, str, float, int]:
    """The deal, its result, the seconds it took and the positions it searched."""
    game_id, params, deal, budget = job
    game = get_game(game_id)
    solution = solve(game, game.new(params, deal=deal), budget)
    return deal, solution.result, solution.seconds, solution.nodes


def table_line(
    game_id: str, params: Any, results: list[tuple[int, str, float, int]], spent: float
) -> str:
    counts = Counter(result for _, result, _, _ in results)
    decided = [seconds for _, result, seconds, _ in results if result != "unknown"]
    times = (
        f"mean {1000 * statistics.fmean(decided):.1f} ms, "
        f"median {1000 * statistics.median(decided):.1f} ms"
        if decided
        else "nothing decided"
    )
    unknown = ",".join(str(deal) for deal, result, _, _ in results if result == "unknown")
    return (
        f"{game_id} {params_dict(params)}: {len(results)} deals, won {counts['won']}, "
        f"lost {counts['lost']}, unknown {counts['unknown']}; {times}; {spent:.0f} s in all"
        + (f"\n  unknown: {unknown}" if unknown else "")
    )


def keep_deals(path: Path, params: Any, results: list[tuple[int, str, float, int]]) -> None:
    """Add one line a deal to `path`."""
    with path.open("a", encoding="utf-8") as out:
        for deal, result, seconds, nodes in results:
            answer = {"params": params_dict(params), "deal": deal, "result": result}
            answer.update(seconds=seconds, nodes=nodes)
            out.write(json.dumps(answer) + "\n")


def deal_list(text: str) -> list[int]:
    """Deal numbers separated by commas, such as the deals a table left unknown."""
    try:
        return [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of deal numbers: {text!r}") from None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--deals", type=int, default=200, help="deals 1 … N")
    parser.add_argument("--only", type=deal_list, help="these deals instead, e.g. 4,7,26")
    parser.add_argument("--nodes", type=int, default=DEFAULT_BUDGET.nodes)
    parser.add_argument("--seconds", type=float, default=DEFAULT_BUDGET.seconds)
    parser.add_argument("--variant", help="only this variant (default: every one)")
    parser.add_argument("--workers", type=int, default=1, help="processes solving at once")
    parser.add_argument("--stop-after", type=float, default=float("inf"), help="seconds")
    parser.add_argument("--jsonl", type=Path, help="keep each deal's answer here")
    args = parser.parse_args()
    game = get_game(args.game)
    budget = Budget(args.nodes, args.seconds)
    deals = args.only or range(1, args.deals + 1)
    chosen = [
        p
        for p in all_params(game.info.params_type)
        if args.variant is None or args.variant in params_dict(p).values()
    ]
    with ProcessPoolExecutor(args.workers) as pool:
        for params in chosen:
            start = time.perf_counter()
            jobs = [(game.info.id, params, deal, budget) for deal in deals]
            futures = [pool.submit(decide, job) for job in jobs]
            for _ in as_completed(futures):
                if time.perf_counter() - start > args.stop_after:
                    for future in futures:
                        future.cancel()  # those not started yet
                    break
            results = [future.result() for future in futures if not future.cancelled()]
            print(table_line(game.info.id, params, results, time.perf_counter() - start))
            sys.stdout.flush()
            if args.jsonl is not None:
                keep_deals(args.jsonl, params, results)


if __name__ == "__main__":
    main()
