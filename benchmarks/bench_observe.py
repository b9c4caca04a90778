"""What one observation costs, as the web app sends it after every move: its JSON's size and
the CPU time to build and encode it, for each game, variant and mode at the start of deals
1..N (where open Royal Marriage offers its grace over a row of fifty).

The baseline, in the same run, is the same observation with every legal move listed one by
one (`legal_moves`), as before a family of moves could be offered as one card choice
(`Game.offered_moves`); "ratio" is baseline over observation.

Run: uv run python benchmarks/bench_observe.py [--deals N]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from parlour.core.params import all_params, params_dict
from parlour.games import all_games

Encode = Callable[[Any, Any], str]


def measured(encode: Encode, game: Any, states: list[Any]) -> tuple[float, float]:
    """Mean KB and CPU ms of `encode` over `states`."""
    start = time.process_time()
    sizes = [len(encode(game, state).encode()) for state in states]
    seconds = time.process_time() - start
    return sum(sizes) / len(sizes) / 1000, 1000 * seconds / len(states)


def offered(game: Any, state: Any) -> str:
    return json.dumps(game.observe(state, game.to_move(state)))


def all_listed(game: Any, state: Any) -> str:
    observation = game.observe(state, game.to_move(state))
    observation["legal_moves"] = [str(m) for m in game.legal_moves(state)]
    observation["card_choices"] = []
    return json.dumps(observation)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20)
    deals = parser.parse_args().deals
    print(f"{'game':<44} {'KB':>8} {'ms':>8} {'KB all':>9} {'ms all':>8} {'ratio ms':>9}")
    for game in all_games():
        for params in all_params(game.info.params_type):
            states = [game.new(params, deal=deal) for deal in range(1, deals + 1)]
            size, ms = measured(offered, game, states)
            base_size, base_ms = measured(all_listed, game, states)
            name = f"{game.info.id} {' '.join(params_dict(params).values())}"
            print(
                f"{name:<44} {size:>8.1f} {ms:>8.2f} {base_size:>9.1f} {base_ms:>8.2f}"
                f" {base_ms / ms:>9.1f}"
            )


if __name__ == "__main__":
    main()
