"""Every parameter of every game can be chosen from the command line, by its field name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlour.core.params import choices
from parlour.core.session import Session
from parlour.frontends.cli.app import app
from parlour.games import all_games, get_game

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


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["play", "plait", "--deal", "1", "--hot-seat"], "played alone: leave out --hot-seat"),
        (["play", "plait", "--deal", "1", "--vs", "greedy"], "played alone: leave out --vs"),
        (["tui", "plait", "--deal", "1", "--vs", "greedy"], "played alone: leave out --vs"),
        (["play", "wrangle", "--auto"], "The Wrangle has no automatic moves"),
        (["tui", "wrangle", "--auto"], "The Wrangle has no automatic moves"),
        (["play", "royal-marriage", "--deal", "1", "--auto"], "has no automatic moves"),
        (["play", "wrangle", "--vs", ""], 'there is no player ""'),
        (["odds", "plait", "--deals", "1", "--policy", ""], 'policy "" does not fit'),
        (["play"], "say which game"),
    ],
)
def test_an_option_that_does_not_apply_is_refused_not_ignored(
    args: list[str], words: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))  # no statistics file of the tester's
    done = CliRunner().invoke(app, args, input="q\n")
    assert done.exit_code == 2, done.output
    assert words in done.output


def test_play_resumes_a_saved_game_without_naming_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    saved = tmp_path / "game.json"
    runner = CliRunner()
    played = runner.invoke(app, ["play", "plait", "--deal", "3"], input=f"d\nsave {saved}\nq\n")
    assert played.exit_code == 0, played.output
    resumed = runner.invoke(app, ["play", "--load", str(saved)], input="q\n")
    assert resumed.exit_code == 0, resumed.output
    assert "stock 70" in resumed.output  # one card dealt, as saved


def test_a_game_with_no_automatic_moves_neither_offers_nor_takes_auto(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    runner = CliRunner()
    played = runner.invoke(app, ["play", "royal-marriage", "--deal", "1"], input="h\nauto on\nq\n")
    assert "Royal Marriage has no automatic moves" in played.output
    assert "auto on|off" not in played.output
    plait = runner.invoke(app, ["play", "plait", "--deal", "1"], input="h\nauto on\nq\n")
    assert (
        "auto on|off" in plait.output and "Automatic moves to the foundations: on" in plait.output
    )


def test_automatic_moves_switched_on_play_what_waits_on_the_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On the Plait's deal 0 the first card dealt can go up: with automatic moves off it
    waits, and `auto on` sends it up at once, where it used to wait for the next move."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    local = Session(get_game("plait"), deal=0, autoplay=True)
    local.play("deal")
    runner = CliRunner()
    played = runner.invoke(app, ["play", "plait", "--deal", "0"], input="deal\nauto on\nq\n")
    assert played.exit_code == 0, played.output
    after = played.output.split("Automatic moves to the foundations: on")[1]
    assert all(f"automatic: {move}" in after for move in local.moves[1:])
