"""How far the strong player should look: its duel against greedy with other look-aheads.

`StrongAgent(replies=R)` plays each candidate out for the rest of its turn and R more whole
turns by the greedy priority before it judges the line. The player as it stands plays 400 turns,
so nearly every line ends, drawn (WR-6) or decided, and is worth its outcome (ties broken by the
race two turns on); with 2 it looks two turns on and judges the race, as it did before.
`--samples N` deals the unseen cards N times a choice (2 as it stands),
so that lines that end alike on few deals can be told apart. The games are those of `parlour
duel strong greedy --games N --seed S --workers K` (the same deals, seats and generators),
with the player so changed standing in the place of `strong`; a line a seed, and one for all
seeds, from its side. The baseline is the player as it stands: `parlour duel strong greedy`
with the same arguments.

Run: uv run python benchmarks/wrangle_lookahead.py --replies R [--samples N] [--games N]
     [--seed S ...] [--workers K]
"""

from __future__ import annotations

import argparse
import sys
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from parlour.agents import AGENTS
from parlour.agents.match import duel_games
from parlour.agents.strong import SAMPLES, StrongAgent
from parlour.games.wrangle import WRANGLE
from wrangle_ceiling import report  # the same lines as the ceiling's

CHANGED = "strong-looking-further"  # a name no player has: the workers make it by name


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--replies", type=int, required=True, help="whole turns played out")
    parser.add_argument(
        "--samples", type=int, default=SAMPLES, help="deals of the unseen cards a choice"
    )
    parser.add_argument("--games", type=int, default=400, help="games per seed (even)")
    parser.add_argument("--seed", type=int, nargs="+", default=[1], help="seeds of the deals")
    parser.add_argument("--workers", type=int, default=2, help="worker processes")
    args = parser.parse_args()
    # registered before the workers start, which inherit it (the duel's processes fork)
    AGENTS[CHANGED] = partial(StrongAgent, replies=args.replies, samples=args.samples)
    report(
        lambda seed: list(
            duel_games(WRANGLE, CHANGED, "greedy", args.games, seed=seed, workers=args.workers)
        ),
        args.seed,
    )


if __name__ == "__main__":
    main()
