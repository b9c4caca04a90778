"""Record a known win of the Wrangle for each choice of who begins.

A two-player game has no solver line: the win is built by hand. The player who begins gets a
pack that plays out in his first turn (his reserve the spades from king down to the ace, the
ace on top; his auxiliary heaps AH AD AC 2H; his stock the rest in order), so sending every
card to a foundation and turning the next one wins before the opponent lays out (WR-1, WR-6).
Regenerated on purpose only: uv run python scripts/record_wrangle_wins.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from parlour.core.cards import cards_str, one_pack, parse_cards
from parlour.core.params import all_params
from parlour.games.wrangle import TURN, WRANGLE
from tests.conformance.wins import case_key, load_wins, wins_file

LAYOUT = parse_cards("KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS AH AD AC 2H")
WINNING_PACK = LAYOUT + tuple(c for c in one_pack() if c not in LAYOUT)


def main() -> None:
    wins = load_wins(WRANGLE)
    for params in all_params(WRANGLE.info.params_type):
        south_begins = params.first == "south"
        deck = one_pack() + WINNING_PACK if south_begins else WINNING_PACK + one_pack()
        state, moves = WRANGLE.new(params, deck=deck), []
        while WRANGLE.outcome(state) is None:
            legal = WRANGLE.legal_moves(state)
            move = next((m for m in legal if m.target.startswith("foundation")), TURN)
            state = WRANGLE.apply(state, move)
            moves.append(str(move))
        print(f"{case_key(WRANGLE, params)}: {WRANGLE.outcome(state)} in {len(moves)} moves")
        wins[case_key(WRANGLE, params)] = {"deck": cards_str(deck), "moves": moves}
    wins_file(WRANGLE).write_text(json.dumps(wins, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
