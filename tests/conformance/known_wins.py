"""Known winning lines, one per game and parameter combination, in `known_wins.json`.

They are regenerated on purpose only, with ``uv run python scripts/record_known_wins.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from parlour.core.game import Game
from parlour.core.params import params_dict

WINS_FILE = Path(__file__).with_name("known_wins.json")


def case_key(game: Game[Any, Any], params: Any) -> str:
    values = ",".join(f"{k}={v}" for k, v in params_dict(params).items())
    return f"{game.info.id}({values})"


def load_wins() -> dict[str, Any]:
    return dict(json.loads(WINS_FILE.read_text(encoding="utf-8"))) if WINS_FILE.exists() else {}


def known_win(game: Game[Any, Any], params: Any) -> tuple[int, list[str]]:
    """The deal number and winning moves recorded for this case."""
    entry = load_wins().get(case_key(game, params))
    assert entry is not None, f"no known win for {case_key(game, params)} in {WINS_FILE.name}"
    return int(entry["deal"]), list(entry["moves"])
