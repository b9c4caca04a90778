"""Why The Plait's undecided deals are not proven lost: three measures of its search.

* `relaxed`: each deal with its plait laid into the corners, so that every plait card is at
  hand from the start (the packed position lets a corner hold any number; an empty corner is
  counted as in the real game, so it opens only once all but three of those cards are up).
  Every line of the real game is a line of this easier one, so a loss here would prove the deal
  lost; a win proves nothing.
* `first-passes`: the complete search with every last pass given up at its first position. The
  positions it opens are those of the passes before the last, which any complete search, and so
  any proof of a loss by search, has to open as well.
* `passes`: pass by pass, the positions that pass opens from every position at which the pass
  before it ended in a redeal (one table for all), how many redeals it ends in, and the fewest
  cards left that it reaches, until `--nodes` positions are open or a line wins. How many ways
  the first pass can end shows how much an order of the first pass's choices can matter.

Run: uv run python benchmarks/plait_bounds.py relaxed|first-passes|passes [--deals N | --only D …]
     [--nodes N] [--variant V]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from parlour.core.game import OutOfBudget
from parlour.games.plait import PLAIT, PlaitParams
from parlour.games.plait_search import (
    REDEALS,
    Layout,
    PlaitTest,
    Position,
    Searcher,
    choices,
    chosen,
    is_won,
    joined,
    layout_and_root,
    left,
    multiset,
    settle,
    table_key,
)


def plait_in_corners(layout: Layout, root: Position) -> Position:
    """`root` with its plait's cards moved into the corners (PL-4 relaxed)."""
    length, corners, corners2, filled = root[:4]
    corners, corners2 = joined(corners, corners2, *multiset(layout.plait[:length]))
    return (0, corners, corners2, filled + length, *root[4:])


def searched(searcher: Searcher, root: Position) -> str:
    """`won`, `lost`, `out of budget`, or `exhausted` for a search that gave some pass up."""
    try:
        line = searcher.solve(settle(searcher.layout, root, eager=False))
    except OutOfBudget:
        return "out of budget"
    if line is not None:
        return "won"
    return "exhausted" if searcher.capped else "lost"


def pass_by_pass(layout: Layout, root: Position, nodes: int) -> list[str]:
    """For each pass in turn, from every position at which the one before ended in a redeal:
    the positions it opens, the redeals it ends in and the fewest cards left it reaches, until
    `nodes` positions are open (said as "cut") or a line wins (PL-5, PL-6)."""
    test = PlaitTest(layout, lambda: None)
    start = settle(layout, root, eager=False)
    seen = {table_key(start)}
    starts: list[Position] = [start]
    told: list[str] = []
    while starts:
        opened, fewest = len(seen), min(map(left, starts))
        ended: list[Position] = []
        for here in starts:
            stack = [(here, choices(layout, here, False))]
            while stack and len(seen) < nodes:
                position, untried = stack[-1]
                if not untried:
                    stack.pop()
                    continue
                child = settle(layout, chosen(layout, position, untried.pop()), eager=False)
                if is_won(child):
                    return [*told, "won"]
                size = len(seen)
                seen.add(table_key(child))
                if len(seen) == size or test.blocked(child):
                    continue
                fewest = min(fewest, left(child))
                if child[REDEALS] < position[REDEALS]:
                    ended.append(child)
                else:
                    stack.append((child, choices(layout, child, False)))
        cut = " (cut)" if len(seen) >= nodes else ""
        told.append(f"{len(seen) - opened:,} positions, {len(ended):,} redeals, {fewest} left{cut}")
        if cut:
            break
        starts = ended
    return told


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("measure", choices=("relaxed", "first-passes", "passes"))
    parser.add_argument("--deals", type=int, default=100, help="deals 1 … N")
    parser.add_argument("--only", type=int, nargs="+", help="these deals instead, e.g. 2 4 13")
    parser.add_argument("--nodes", type=int, default=200_000, help="positions a deal")
    parser.add_argument("--variant", default="standard", choices=("standard", "four-passes"))
    args = parser.parse_args()
    counts: Counter[str] = Counter()
    for deal in args.only or range(1, args.deals + 1):
        packed = layout_and_root(PLAIT.new(PlaitParams(args.variant), deal=deal))
        assert packed is not None, "a dealt position is always packed"
        layout, root = packed
        if args.measure == "passes":
            print(f"deal {deal}: " + "; ".join(pass_by_pass(layout, root, args.nodes)), flush=True)
            continue
        if args.measure == "relaxed":
            root = plait_in_corners(layout, root)
            caps = None
        else:  # the last pass given up at once, the others never
            caps = (1,) + (args.nodes,) * root[REDEALS]
        searcher = Searcher(layout, args.nodes, float("inf"), eager=False, caps=caps)
        start = time.perf_counter()
        result = searched(searcher, root)
        counts[result] += 1
        seconds = time.perf_counter() - start
        print(f"deal {deal}: {result}, {searcher.nodes} positions, {seconds:.1f} s", flush=True)
    print(", ".join(f"{name} {n}" for name, n in sorted(counts.items())))


if __name__ == "__main__":
    main()
