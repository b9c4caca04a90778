"""Random legal games played to the end, per game and parameter combination.

A random game never repeats a position and ends when every move would (see
`parlour.core.playout`). Prints games per second on the engine's fast path (`legal_moves` +
`apply_unchecked`, as the solver and the odds runner use it) and, as the baseline measured in
the same run, the same games replayed through the checked path every front end uses
(`Session.play`, which validates each move and keeps history); the ratio is fast over baseline.

Run: uv run python benchmarks/bench_playouts.py [GAME ...] [--seconds S]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from parlour.core.game import Game
from parlour.core.params import all_params, params_dict
from parlour.core.playout import random_line, random_playout
from parlour.core.session import Session
from parlour.games import all_games, get_game

LIMIT = 20_000


def fast_playout(game: Game[Any, Any], params: Any, deal: int, rng: random.Random) -> int:
    return len(random_playout(game, game.new(params, deal=deal), rng, LIMIT)) - 1


def checked_playout(game: Game[Any, Any], params: Any, deal: int, rng: random.Random) -> int:
    """The same random games, each move then played through a `Session` as front ends do."""
    line = random_line(game, game.new(params, deal=deal), rng, LIMIT)
    session = Session(game, params, deal=deal)
    for _, move in line[1:]:
        assert move is not None  # only the first state has no move before it
        session.play(move)
    return len(session.moves)


def rate(playout: Any, game: Game[Any, Any], params: Any, seconds: float) -> tuple[float, float]:
    """Games per second and moves per game over about `seconds` of play."""
    rng = random.Random(1)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or games < 3:
        moves += playout(game, params, games, rng)
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: all)")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    args = parser.parse_args()
    chosen = [get_game(g) for g in args.games] or all_games()
    print(f"{'game':<44}{'games/s':>10}{'baseline':>10}{'ratio':>8}{'moves':>8}")
    for game in chosen:
        for params in all_params(game.info.params_type):
            label = game.info.id + " " + " ".join(params_dict(params).values())
            fast, length = rate(fast_playout, game, params, args.seconds)
            checked, _ = rate(checked_playout, game, params, args.seconds)
            print(f"{label:<44}{fast:>10.1f}{checked:>10.1f}{fast / checked:>8.2f}{length:>8.0f}")


if __name__ == "__main__":
    main()
