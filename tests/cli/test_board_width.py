"""Every game's board, as `parlour play` and the terminal app draw it, fits a terminal of 80
columns, from the first position to late in a game."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from rich.console import Console

from parlour.core.params import all_params
from parlour.frontends.cli.presenters import PRESENTERS
from parlour.frontends.cli.presenters.wrangle import heap_text
from parlour.games import all_games, get_game

COLUMNS = 80


def widest_line(game_id: str, observation: dict[str, object]) -> int:
    drawn = io.StringIO()
    Console(file=drawn, width=1000).print(PRESENTERS[game_id].render(observation))
    return max(len(line.rstrip()) for line in drawn.getvalue().splitlines())


EVERY_GAME = [
    (game.info.id, params) for game in all_games() for params in all_params(game.info.params_type)
]


@pytest.mark.parametrize(("game_id", "params"), EVERY_GAME, ids=str)
def test_a_board_fits_80_columns_all_game_long(game_id: str, params: Any) -> None:
    game = get_game(game_id)
    widest = 0
    for deal in range(1, 5):
        state, chooser = game.new(params, deal=deal), random.Random(deal)
        for _ in range(300):
            seat = game.to_move(state) if game.info.seats else None
            widest = max(widest, widest_line(game_id, game.observe(state, seat)))
            if game.outcome(state) is not None:
                break
            state = game.apply(state, chooser.choice(game.legal_moves(state)))
    assert widest <= COLUMNS


def test_a_long_wrangle_heap_is_said_by_its_two_ends() -> None:
    assert heap_text(["KC", "QC", "JC", "TC", "9C", "8C"]).plain == "K♣…8♣"
    assert heap_text(["5H", "4H"]).plain == " 5♥  4♥"
