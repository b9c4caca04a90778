"""Every registered game with every combination of its parameters: the conformance cases."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.core.game import Game
from parlour.core.params import all_params, params_dict
from parlour.games import all_games


def _case_id(game: Game[Any, Any], params: Any) -> str:
    values = "-".join(params_dict(params).values())
    return f"{game.info.id}[{values}]" if values else game.info.id


CASES = [
    pytest.param(game, params, id=_case_id(game, params))
    for game in all_games()
    for params in all_params(game.info.params_type)
]
