"""Record a winning line for every game and parameter combination that has none yet.

Random playouts from deals 0, 1, 2 … until one wins: enough for games that random play wins
sometimes. Games that random play never wins get their line from the solver.
Run: uv run python scripts/record_known_wins.py
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from parlour.core.params import all_params
from parlour.games import all_games
from tests.conformance.wins import case_key, load_wins, wins_file

TRIES = 2000


def main() -> None:
    for game in all_games():
        wins = load_wins(game)
        for params in all_params(game.info.params_type):
            key = case_key(game, params)
            if key in wins:
                continue
            rng = random.Random(0)
            for deal in range(TRIES):
                state, moves = game.new(params, deal=deal), []
                while game.outcome(state) is None:
                    move = rng.choice(game.legal_moves(state))
                    state = game.apply(state, move)
                    moves.append(str(move))
                if game.outcome(state) == "won":
                    wins[key] = {"deal": deal, "moves": moves}
                    print(f"{key}: deal {deal}, {len(moves)} moves")
                    break
            else:
                print(f"{key}: no random win in {TRIES} deals", file=sys.stderr)
        wins_file(game).write_text(json.dumps(wins, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
