"""Whatever a person types (a move, an option, a file name) is quoted back as typed: the
terminal's colours are markup that typed text must not take part in."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.core.errors import NotationError
from parlour.core.moves import parse_move
from parlour.frontends.cli.options import new_session
from parlour.frontends.cli.presenters import PRESENTERS
from tests.cli.runner import parlour


def test_a_line_that_looks_like_markup_is_refused_and_quoted_as_typed(tmp_path: Path) -> None:
    db = str(tmp_path / "games.db")
    result = parlour("play", "plait", "--deal", "7", "--db", db, lines=["[/]", "x [red]hi", "q"])
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert '"[/]"' in result.stdout and '"x [red]hi"' in result.stdout


def test_an_option_that_looks_like_markup_is_bad_input_quoted_as_typed() -> None:
    for args in (["show", "[/]"], ["show", "plait", "--deal", "1", "--variant", "[/x]"]):
        result = parlour(*args)
        assert result.returncode == 2, result.stderr
        assert "Traceback" not in result.stderr
        assert args[-1] in result.stderr


def test_a_file_name_is_quoted_as_typed(tmp_path: Path) -> None:
    folder = tmp_path / "[b]x"
    db = str(tmp_path / "games.db")
    save = f"save {folder}/game.json"
    result = parlour("play", "plait", "--deal", "7", "--db", db, lines=[save, "save a\0b", "q"])
    assert f"Saved to {folder}/game.json" in result.stdout
    assert (folder / "game.json").exists()
    assert "Not saved: cannot save to a" in result.stdout
    gone = parlour("replay", str(tmp_path / "[old]" / "game.json"))
    assert gone.returncode == 2 and "[old]" in gone.stderr


def test_a_file_name_too_long_to_save_to_is_quoted_in_part(tmp_path: Path) -> None:
    db = str(tmp_path / "games.db")
    result = parlour("play", "plait", "--deal", "7", "--db", db, lines=["save " + "x" * 5000, "q"])
    (refusal,) = [line for line in result.stdout.splitlines() if "Not saved" in line]
    assert "x" * 250 in refusal and "x" * 400 not in refusal and "…" in refusal


@pytest.mark.parametrize(
    ("game", "line"),
    [
        ("royal-marriage", "²"),
        ("royal-marriage", "1" * 5000),
        ("four-corners", "9" * 100_000),
        ("heads-and-tails", "h" + "9" * 100_000),
        ("plait", "a" + "9" * 100_000),
    ],
)
def test_a_number_no_pile_has_is_refused_in_a_short_message(game: str, line: str) -> None:
    session = new_session(game, 7, None, {})
    observation = session.game.observe(session.state, None)
    with pytest.raises(NotationError) as refusal:
        PRESENTERS[game].read(line, observation) or parse_move(line)
    assert len(str(refusal.value)) < 300


def test_a_superscript_digit_is_not_understood_in_the_terminal(tmp_path: Path) -> None:
    db = str(tmp_path / "games.db")
    result = parlour("play", "royal-marriage", "--deal", "7", "--db", db, lines=["²", "q"])
    assert result.returncode == 0 and "Traceback" not in result.stderr
    assert "Not understood" in result.stdout
