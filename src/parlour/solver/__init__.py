"""Deciding deals: whether a one-player deal can be won, how, and the hint it gives.

The solver works on the game interface alone and imports no game; games help it through the
hooks of `parlour.core.game.Game` (canonical keys, safe moves, move ordering, progress, exact
algorithms).
"""

from parlour.solver.guide import Guide, hint_onward
from parlour.solver.search import (
    DEFAULT_BUDGET,
    KNOWLEDGE,
    Budget,
    Hint,
    Solution,
    hint,
    require_one_player,
    solve,
)

__all__ = [
    "DEFAULT_BUDGET",
    "KNOWLEDGE",
    "Budget",
    "Guide",
    "Hint",
    "Solution",
    "hint",
    "hint_onward",
    "require_one_player",
    "solve",
]
