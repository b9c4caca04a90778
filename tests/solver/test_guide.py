"""Hints followed one by one win: on deals where a hint from scratch at each position goes
round for ever (a card built one way, then back), the guide keeps to one winning line."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console

from parlour.core.game import WON
from parlour.core.session import Session
from parlour.frontends.cli.play import HINT_BUDGET, PlayLoop
from parlour.frontends.cli.presenters import PRESENTERS
from parlour.games import get_game
from parlour.solver import Guide, hint_onward

# Deals whose hints from scratch alternate between two moves that undo each other.
GOING_ROUND = [("heads-and-tails", 3), ("four-corners", 1)]


@pytest.mark.parametrize(("game_id", "deal"), GOING_ROUND)
def test_hints_of_a_guide_followed_one_by_one_win(game_id: str, deal: int) -> None:
    game = get_game(game_id)
    guide = Guide(game)
    state = game.new(deal=deal)
    first = guide.hint(state, HINT_BUDGET)
    assert first.status == "winning"
    for expected in first.solution.moves:
        advice = guide.hint(state, HINT_BUDGET)
        assert advice.move == expected  # the same line, move by move, no search again
        state = game.apply(state, expected)
    assert game.outcome(state) == WON


@pytest.mark.parametrize(("game_id", "deal"), GOING_ROUND)
def test_hints_asked_afresh_each_time_with_the_games_past_win(game_id: str, deal: int) -> None:
    """`parlour hint --load` remembers nothing between hints: the positions the game has been
    in keep it from going back, where hints from scratch alone went round for ever."""
    game = get_game(game_id)
    state = game.new(deal=deal)
    passed: list[Any] = []
    for _ in range(400):
        advice = hint_onward(game, state, passed, HINT_BUDGET)
        if advice.move is None:
            break
        assert advice.status == "winning"
        passed.append(state)
        state = game.apply(state, advice.move)
        assert state not in passed
    assert game.outcome(state) == WON


def test_a_guide_asks_the_solver_again_once_the_player_leaves_its_line() -> None:
    game = get_game("heads-and-tails")
    guide = Guide(game)
    state = game.new(deal=3)
    line = guide.hint(state, HINT_BUDGET).solution.moves
    other = next(m for m in game.legal_moves(state) if m != line[0])
    elsewhere = game.apply(state, other)
    assert guide.hint(elsewhere, HINT_BUDGET).solution.moves != line[1:]


def test_typing_hint_and_playing_it_again_and_again_wins_in_the_terminal() -> None:
    session = Session(get_game("heads-and-tails"), deal=3)
    output = io.StringIO()
    console = Console(file=output, width=200)

    asked = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        if session.outcome is not None or len(asked) > 1000:  # hints going round: give up
            return "q"
        said = output.getvalue().rsplit("Hint: ", 1)
        if len(said) == 2 and said[1]:
            output.truncate(0)
            output.seek(0)
            return said[1].split(" ", 1)[0]
        return "hint"

    PlayLoop(session, PRESENTERS["heads-and-tails"], console, ask).run()
    assert session.outcome == WON
