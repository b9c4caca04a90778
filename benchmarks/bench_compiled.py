"""Positions a second of the two-pack games' searches, and steps a second of the Wrangle's
playouts, compiled against interpreted.

The baseline, measured in the same run on the same deals, is the same work with every module
that the build compiles (pyproject's mypyc hook) loaded from its Python source instead. Each
side runs in a process of its own, one after the other. The searches have a budget of
positions and no clock, so both sides search the same positions. The Wrangle's are the strong
player's playouts: whole games of its greedy steps (`strong.greedy_step`), one a deal. The
script checks that both sides give the same answers (results, or the games' ends) and prints
positions or steps a second for each and their ratio.

With `--against DIR` the baseline is instead another checkout's build, compiled too: DIR is a
checkout of an earlier commit set up with its own environment (`git worktree add DIR COMMIT`,
then `uv sync --all-extras` in DIR), and its `.venv` runs the same measure on its own sources.
So a change meant to make the searches faster shows its ratio, and that they answer alike.

Run: uv run python benchmarks/bench_compiled.py [GAME ...] [--deals N] [--nodes N] [--playouts N]
     [--against DIR]
(`--deals` and `--nodes` are for the searches; `wrangle` among the games plays `--playouts`
deals out, 100 by default)
"""

from __future__ import annotations

import argparse
import importlib.abc
import importlib.machinery
import importlib.util
import json
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

SOURCE_ROOT = Path(__file__).resolve().parents[1] / "src"


class SourceFirst(importlib.abc.MetaPathFinder):
    """Loads the named modules from their `.py` files though a compiled one lies beside."""

    def __init__(self, names: set[str], root: Path) -> None:
        self.names = names
        self.root = root

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.names:
            return None
        source = self.root.joinpath(*fullname.split(".")).with_suffix(".py")
        return importlib.util.spec_from_file_location(fullname, source)


def built_modules(root: Path) -> set[str]:
    """The parlour modules with a compiled module beside their source under `root`."""
    return {
        ".".join((*path.relative_to(root).parts[:-1], path.name.split(".")[0]))
        for suffix in importlib.machinery.EXTENSION_SUFFIXES
        for path in root.glob(f"parlour/**/*{suffix}")
    }


def loaded_compiled(root: Path) -> list[str]:
    """The parlour modules this process loaded from extension modules."""
    for name in sorted(built_modules(root)):
        importlib.import_module(name)
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    return sorted(
        name
        for name, module in sys.modules.items()
        if name.startswith("parlour")
        and (getattr(module, "__file__", None) or "").endswith(suffixes)
    )


def measure(games: list[str], deals: int, nodes: int) -> list[dict[str, Any]]:
    from parlour.core.params import all_params, params_dict
    from parlour.games import get_game
    from parlour.solver import Budget, solve

    rows = []
    for game in [get_game(g) for g in games]:
        for params in all_params(game.info.params_type):
            answers, searched, start = [], 0, time.perf_counter()
            for deal in range(1, deals + 1):
                solution = solve(game, game.new(params, deal=deal), Budget(nodes, float("inf")))
                answers.append(solution.result)
                searched += solution.nodes
            seconds = time.perf_counter() - start
            label = game.info.id + " " + " ".join(params_dict(params).values())
            rows.append(
                {
                    "label": label,
                    "deals": deals,
                    "answers": answers,
                    "nodes": searched,
                    "seconds": seconds,
                }
            )
    return rows


def measure_wrangle(deals: int) -> dict[str, Any]:
    """The strong player's playout, greedy steps for both seats, to the end of each deal."""
    from parlour.agents.strong import greedy_step
    from parlour.games.wrangle import WRANGLE, WrangleParams

    ends, steps, start = [], 0, time.perf_counter()
    for deal in range(1, deals + 1):
        state = WRANGLE.new(WrangleParams(), deal=deal)
        while (mover := WRANGLE.to_move(state)) is not None:
            state = greedy_step(WRANGLE, state, mover)
            steps += 1
        ends.append(WRANGLE.outcome(state))
    seconds = time.perf_counter() - start
    label = "wrangle (playout steps)"
    return {"label": label, "deals": deals, "answers": ends, "nodes": steps, "seconds": seconds}


def run_side(
    checkout: Path, interpreted: bool, games: list[str], deals: int, nodes: int, playouts: int
) -> dict[str, Any]:
    """The measure in a process of its own, on the sources of `checkout` with its Python."""
    python = sys.executable if checkout == SOURCE_ROOT.parent else checkout / ".venv/bin/python"
    flag = ["--interpreted"] if interpreted else []
    command = [str(python), __file__, "--side", f"--source={checkout / 'src'}", *flag]
    command += [f"--deals={deals}", f"--nodes={nodes}", f"--playouts={playouts}"]
    done = subprocess.run([*command, *games], check=True, capture_output=True, text=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "games", nargs="*", default=["heads-and-tails", "four-corners", "plait", "wrangle"]
    )
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--nodes", type=int, default=50_000, help="positions per deal")
    parser.add_argument("--playouts", type=int, default=100, help="Wrangle deals played out")
    parser.add_argument(
        "--against", type=Path, help="another checkout with its own .venv, as the baseline"
    )
    parser.add_argument("--side", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--source", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--interpreted", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.side:
        sys.path.insert(0, str(args.source))
        if args.interpreted:
            sys.meta_path.insert(0, SourceFirst(built_modules(args.source), args.source))
        searches = [game for game in args.games if game != "wrangle"]
        rows = measure(searches, args.deals, args.nodes)
        if "wrangle" in args.games:
            rows.append(measure_wrangle(args.playouts))
        side = {"compiled": loaded_compiled(args.source), "rows": rows}
        print(json.dumps(side))
        return
    work = (args.games, args.deals, args.nodes, args.playouts)
    compiled = run_side(SOURCE_ROOT.parent, False, *work)
    baseline = run_side(args.against.resolve(), False, *work) if args.against else None
    other = baseline or run_side(SOURCE_ROOT.parent, True, *work)
    # A baseline is compiled too, though perhaps not the same modules; the plain side is not.
    if not compiled["compiled"] or bool(other["compiled"]) != bool(baseline):
        sys.exit("the build compiled nothing, or the baseline's modules are not as they should be")
    print("compiled: " + ", ".join(compiled["compiled"]))
    if baseline and baseline["compiled"] != compiled["compiled"]:
        print("baseline compiled: " + ", ".join(baseline["compiled"]))
    heading = "base/s" if baseline else "plain/s"
    print(f"{'game':<32}{'deals':>6}{'work':>11}{'compiled/s':>12}{heading:>10}{'ratio':>7}")
    for fast, slow in zip(compiled["rows"], other["rows"], strict=True):
        if (fast["answers"], fast["nodes"]) != (slow["answers"], slow["nodes"]):
            sys.exit(f"{fast['label']}: the two searches answered differently")
        fast_rate, slow_rate = fast["nodes"] / fast["seconds"], slow["nodes"] / slow["seconds"]
        print(
            f"{fast['label']:<32}{fast['deals']:>6}{fast['nodes']:>11}{fast_rate:>12.0f}"
            f"{slow_rate:>10.0f}{fast_rate / slow_rate:>7.2f}"
        )


if __name__ == "__main__":
    main()
