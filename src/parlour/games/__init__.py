"""The registry of games: every front end, the solver's command and the tests find games here."""

from __future__ import annotations

from typing import Any

from parlour.core.errors import UnknownGame
from parlour.core.game import Game
from parlour.core.words import clipped
from parlour.games.four_corners import FOUR_CORNERS
from parlour.games.heads_and_tails import HEADS_AND_TAILS
from parlour.games.plait import PLAIT
from parlour.games.royal_marriage import ROYAL_MARRIAGE
from parlour.games.wrangle import WRANGLE

_GAMES: dict[str, Game[Any, Any]] = {
    game.info.id: game
    for game in (
        ROYAL_MARRIAGE,
        HEADS_AND_TAILS,
        FOUR_CORNERS,
        PLAIT,
        WRANGLE,
    )
}


def all_games() -> list[Game[Any, Any]]:
    """Every registered game, in the order of the book's chapters as Parlour presents them."""
    return list(_GAMES.values())


def get_game(game_id: str) -> Game[Any, Any]:
    """The game called `game_id`, or `UnknownGame` listing the ones there are."""
    try:
        return _GAMES[game_id]
    except KeyError:
        raise UnknownGame(
            f'there is no game "{clipped(game_id)}": choose from {", ".join(_GAMES)}'
        ) from None
