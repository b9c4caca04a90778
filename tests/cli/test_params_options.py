"""Every parameter of every game can be chosen from the command line, by its field name."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from parlour.core.params import choices
from parlour.frontends.cli.app import app
from parlour.games import all_games

SETTINGS = [
    (game.info.id, name, value)
    for game in all_games()
    for name, values in choices(game.info.params_type).items()
    for value in values
]


@pytest.mark.parametrize(("game", "name", "value"), SETTINGS)
def test_show_and_play_offer_an_option_for_every_parameter(
    game: str, name: str, value: str
) -> None:
    runner = CliRunner()
    shown = runner.invoke(app, ["show", game, "--deal", "5", f"--{name}", value, "--json"])
    assert shown.exit_code == 0, shown.output
    assert json.loads(shown.output)["params"][name] == value
    assert f"--{name}" in runner.invoke(app, ["play", "--help"]).output


def test_a_parameter_the_game_does_not_have_is_refused() -> None:
    done = CliRunner().invoke(app, ["show", "plait", "--deal", "5", "--first", "south"])
    assert done.exit_code == 2 and "this game has no first option" in done.output
