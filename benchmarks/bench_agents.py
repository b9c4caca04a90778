"""Seconds of thought per turn of each computer player of the Wrangle.

Each player plays `--games` games against the greedy player (seats swapped in pairs, the same
deals for every player); its thinking time is summed over its own turns. The greedy player,
measured in the same run on the same deals, is the baseline: the ratio is a player's seconds
per turn over greedy's.

Run: uv run python benchmarks/bench_agents.py [--games N] [--seed S]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from parlour.agents import AGENTS
from parlour.agents.match import duel_games, summarize
from parlour.games import get_game

BASELINE = "greedy"


def seconds_per_turn(name: str, games: int, seed: int) -> float:
    game = get_game("wrangle")
    results = list(duel_games(game, name, BASELINE, games, seed=seed))
    return summarize(results, game.info.seats).seconds_per_turn


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4, help="games per player (even)")
    parser.add_argument("--seed", type=int, default=1, help="seed choosing the deals")
    args = parser.parse_args()
    timings = {name: seconds_per_turn(name, args.games, args.seed) for name in AGENTS}
    print(f"{'player':8} {'s per turn':>12} {'x greedy':>10}")
    for name, seconds in timings.items():
        print(f"{name:8} {seconds:12.6f} {seconds / timings[BASELINE]:10.1f}")


if __name__ == "__main__":
    main()
