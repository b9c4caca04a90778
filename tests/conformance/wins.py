"""Known winning lines, one per game and parameter combination, in `known_wins/GAME.json`.

They are regenerated on purpose only, with ``uv run python scripts/record_known_wins.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from parlour.core.cards import parse_cards
from parlour.core.game import Game
from parlour.core.params import params_dict

WINS_FOLDER = Path(__file__).with_name("known_wins")


def case_key(game: Game[Any, Any], params: Any) -> str:
    values = ",".join(f"{k}={v}" for k, v in params_dict(params).items())
    return f"{game.info.id}({values})"


def wins_file(game: Game[Any, Any]) -> Path:
    return WINS_FOLDER / f"{game.info.id}.json"


def load_wins(game: Game[Any, Any]) -> dict[str, Any]:
    path = wins_file(game)
    return dict(json.loads(path.read_text(encoding="utf-8"))) if path.exists() else {}


def known_win(game: Game[Any, Any], params: Any) -> tuple[Any, list[str]]:
    """The starting state and winning moves recorded for this case.

    An entry is ``{"deal": N, "moves": [...]}`` or ``{"deck": "AS 2S …", "moves": [...]}``.
    """
    entry = load_wins(game).get(case_key(game, params))
    assert entry is not None, f"no known win for {case_key(game, params)} in {wins_file(game)}"
    if "deck" in entry:
        start = game.new(params, deck=parse_cards(entry["deck"]))
    else:
        start = game.new(params, deal=int(entry["deal"]))
    return start, list(entry["moves"])
