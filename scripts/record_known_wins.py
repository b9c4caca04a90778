"""Record a winning line for every game and parameter combination that has none yet.

The solver tries deals 1, 2, 3 … with a modest budget until one is won; its line, already
replayed through the rules, is kept in tests/conformance/known_wins/GAME.json.
Run: uv run python scripts/record_known_wins.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from parlour.core.params import all_params
from parlour.games import all_games
from parlour.solver import Budget, solve
from tests.conformance.wins import case_key, load_wins, wins_file

DEALS = 200
BUDGET = Budget(nodes=300_000, seconds=20)


def main() -> None:
    for game in all_games():
        if len(game.info.seats) > 1:
            continue
        wins = load_wins(game)
        for params in all_params(game.info.params_type):
            key = case_key(game, params)
            if key in wins:
                continue
            for deal in range(1, DEALS + 1):
                solution = solve(game, game.new(params, deal=deal), BUDGET)
                if solution.result == "won":
                    wins[key] = {"deal": deal, "moves": [str(m) for m in solution.moves]}
                    print(f"{key}: deal {deal}, {len(solution.moves)} moves")
                    break
            else:
                print(f"{key}: no win found in {DEALS} deals", file=sys.stderr)
        wins_file(game).write_text(json.dumps(wins, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
