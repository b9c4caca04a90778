"""The Wrangle (seed `the-wrangle.md`): a race between two players, `north` and `south`, each
with his own pack, to get rid of his reserve, stock and waste onto eight shared foundations,
eight shared auxiliary heaps, and the opponent's reserve and waste (WR-1…WR-7).

A turn is free plays (reserve or auxiliary tops to the foundations, the reserve top to an
auxiliary heap) and stock cards turned one at a time; a turned card is placed at once or goes to
the player's waste, which ends the turn. What each player may see is part of the engine (WR-7):
stocks are face down, reserves and wastes show only their tops.

The package: `params` (the choice of who begins), `rules` (names, state, where cards fit),
`game` (the `Game`), `refusals` (why a move is refused).
"""

from parlour.games.wrangle.game import WRANGLE, Wrangle
from parlour.games.wrangle.params import WrangleParams
from parlour.games.wrangle.rules import (
    AUX_PER_SEAT,
    AUXILIARIES,
    DRAW_TURNS,
    FOUNDATIONS,
    PASS,
    RESERVES,
    SEATS,
    STOCKS,
    TURN,
    TURNED,
    WASTES,
    WrangleState,
    laid_out,
)

__all__ = [
    "AUXILIARIES",
    "AUX_PER_SEAT",
    "DRAW_TURNS",
    "FOUNDATIONS",
    "PASS",
    "RESERVES",
    "SEATS",
    "STOCKS",
    "TURN",
    "TURNED",
    "WASTES",
    "WRANGLE",
    "Wrangle",
    "WrangleParams",
    "WrangleState",
    "laid_out",
]
