"""`parlour --help` lists each command by one line of summary, and a command's own help reads
as paragraphs, however its docstring is wrapped in the source."""

from __future__ import annotations

import re

from tests.cli.runner import parlour

COMMANDS = ("games", "show", "play", "tui", "replay", "solve", "hint", "duel", "serve", "odds")


def squeezed(text: str) -> str:
    """The help's words, without the boxes' borders and the padding."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", text).split())


def test_the_command_list_gives_each_command_its_summary_alone() -> None:
    done = parlour("--help")
    assert done.returncode == 0
    listed = squeezed(done.stdout)
    for command in (*COMMANDS, "stats"):
        assert f" {command} " in listed
    assert "duel Measure two computer players of the Wrangle against each other. serve" in listed
    assert "seats swapped" not in listed  # the detail is left to `parlour duel --help`


def test_a_commands_help_keeps_its_paragraphs_whole() -> None:
    done = parlour("odds", "--help")
    assert done.returncode == 0
    lines = [line.strip() for line in done.stdout.splitlines()]
    assert "Win rate of a game over deals K…K+N-1, with its 95% interval; resumable." in lines
    # the docstring breaks its line after "Stop at any"; the help flows on to the width
    assert any("Stop at any time; run the same command" in line for line in lines)


def test_a_flag_is_shown_as_taking_no_value() -> None:
    """`--json`, `--dask-local`, `--hot-seat`, `--auto` and `--help` take no value (`--json
    true` is refused), so their help shows none, where typer would write `<bool>`."""
    for command in ((), *((name,) for name in (*COMMANDS, "stats"))):
        done = parlour(*command, "--help")
        assert done.returncode == 0
        assert "--help " in done.stdout
        assert [line for line in done.stdout.splitlines() if "<bool>" in line] == []


def test_odds_help_gives_the_budgets_bound_readably_and_says_the_cut_begins() -> None:
    help_text = squeezed(parlour("odds", "--help").stdout)
    assert "--budget <int range> [x>=1]" in help_text
    assert "9223372036854775807" not in help_text
    assert "each deal's cut decides who begins (WR-1)" in help_text


def test_solve_help_says_every_line_of_a_cards_file_is_one_deck() -> None:
    help_text = squeezed(parlour("solve", "--help").stdout)
    assert "Every line is one deck: a blank line or a # comment is answered with an error" in (
        help_text
    )
