"""`parlour tui` through its public surface: keys, clicks and typed lines in a headless app."""

from __future__ import annotations

import asyncio
import io
import sqlite3
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Input, Label, OptionList, RichLog, Static
from typer.testing import CliRunner

from parlour.agents import HUMAN, make_agent
from parlour.core.cards import parse_cards
from parlour.core.params import params_from
from parlour.core.session import Session
from parlour.frontends.cli import play as play_loop
from parlour.frontends.cli.app import app as cli
from parlour.frontends.cli.kept import kept_path
from parlour.frontends.cli.options import new_session
from parlour.frontends.cli.presenters import PRESENTERS
from parlour.frontends.cli.results import ResultKeeper
from parlour.frontends.tui.app import GameScreen, LobbyScreen, ParlourApp, game_screen
from parlour.frontends.tui.drivers import driver_for
from parlour.games import get_game
from parlour.solver import Budget
from parlour.store.database import connect
from parlour.store.records import load_record, save_record
from parlour.store.stats import StatsStore
from tests.cli.runner import parlour
from tests.conformance.wins import load_wins

Steps = Callable[[ParlourApp, Pilot[None]], Awaitable[None]]


def run(app: ParlourApp, steps: Steps, size: tuple[int, int] = (140, 44)) -> None:
    """Run `app` headless through `steps`, on a thread of its own: the browser tests' sync
    Playwright keeps an event loop running on the main thread."""

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await settled(app, pilot)
            await steps(app, pilot)

    failures: list[BaseException] = []

    def play() -> None:
        try:
            asyncio.run(main())
        except BaseException as failure:  # handed back to the test's thread
            failures.append(failure)

    thread = threading.Thread(target=play)
    thread.start()
    thread.join()
    if failures:
        raise failures[0]


async def settled(app: ParlourApp, pilot: Pilot[None]) -> None:
    """Wait until the line handed to the game has been played and shown."""
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


async def typed(app: ParlourApp, pilot: Pilot[None], line: str) -> None:
    """Enter `line` at the command line (keys are typed one by one where that matters)."""
    app.screen.query_one("#line", Input).value = line
    await pilot.press("enter")
    await settled(app, pilot)


def started_on(game_id: str, deal: int, vs: str | None = None, **options: str) -> ParlourApp:
    session = new_session(game_id, deal, None, dict(options))
    opponent = None if vs is None else make_agent(vs)
    return ParlourApp(GameScreen(driver_for(session, opponent)))


def session_of(app: ParlourApp) -> Session[Any]:
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return screen.driver.session


def log_text(app: ParlourApp) -> str:
    return "\n".join(line.text for line in app.screen.query_one("#log", RichLog).lines)


def shown_moves(app: ParlourApp) -> list[str]:
    listing = app.screen.query_one("#moves", OptionList)
    return [str(listing.get_option_at_index(i).id) for i in range(listing.option_count)]


def plain(renderable: Any) -> str:
    buffer = io.StringIO()
    Console(width=138, file=buffer).print(renderable)
    return buffer.getvalue()


def test_the_lobby_lists_every_game_and_starts_the_chosen_variant_and_deal() -> None:
    async def steps(app: ParlourApp, pilot: Pilot[None]) -> None:
        assert isinstance(app.screen, LobbyScreen)
        listing = app.screen.query_one("#games", OptionList)
        ids = [listing.get_option_at_index(i).id for i in range(listing.option_count)]
        assert len(ids) == 6 + 2 + 1 + 2 + 4  # Royal Marriage 3×2, then 2, 1, 2; Wrangle ×4
        assert "royal-marriage|variant=discards,mode=open" in ids
        assert "wrangle|vs=strong" in ids and f"wrangle|vs={HUMAN}" in ids
        strong = listing.get_option_at_index(ids.index("wrangle|vs=strong")).prompt
        assert strong == "The Wrangle: against a strong player (looks ahead)"
        app.screen.query_one("#deal", Input).value = "7"
        listing.highlighted = ids.index("plait|variant=four-passes")
        listing.focus()
        await pilot.press("enter")
        await settled(app, pilot)
        session = session_of(app)
        plait = get_game("plait")
        four_passes = params_from(plait.info.params_type, {"variant": "four-passes"})
        expected = plait.new(four_passes, deal=7)
        assert plait.key(session.first) == plait.key(expected)
        assert "deal 7" in plain(app.screen.query_one("#board", Static).content)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)

    run(ParlourApp(), steps)


def test_a_deal_number_the_game_refuses_is_said_and_nothing_starts() -> None:
    async def steps(app: ParlourApp, pilot: Pilot[None]) -> None:
        app.screen.query_one("#deal", Input).value = str(2**64)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        assert "Not started" in str(app.screen.query_one("#error").render())

    run(ParlourApp(), steps)


def test_a_whole_game_is_won_by_typing_its_moves() -> None:
    known = load_wins(get_game("royal-marriage"))["royal-marriage(variant=standard,mode=open)"]
    app = started_on("royal-marriage", known["deal"], variant="standard", mode="open")

    async def steps(app: ParlourApp, pilot: Pilot[None]) -> None:
        for move in known["moves"]:
            await typed(app, pilot, move)
        assert "Game over: won" in log_text(app)
        assert "Not allowed" not in log_text(app)
        assert shown_moves(app) == []

    run(app, steps)


def test_a_move_chosen_from_the_list_is_played_and_typing_narrows_the_list() -> None:
    app = started_on("four-corners", 12)

    async def steps(app: ParlourApp, pilot: Pilot[None]) -> None:
        session = session_of(app)
        assert shown_moves(app) == session.game.observe(session.state, None)["legal_moves"]
        await pilot.press(*"rede")
        await pilot.pause()
        assert shown_moves(app) == ["redeal"]
        listing = app.screen.query_one("#moves", OptionList)
        listing.highlighted = 0
        listing.focus()
        await pilot.press("enter")
        await settled(app, pilot)
        assert [str(move) for move in session.moves] == ["redeal"]
        assert "redeals left 1" in plain(app.screen.query_one("#board", Static).content)
        assert app.screen.query_one("#line", Input).value == ""

    run(app, steps)


def test_undo_and_redo_keys_and_a_refused_line_changes_nothing() -> None:
    app = started_on("four-corners", 12)

    async def steps(app: ParlourApp, pilot: Pilot[None]) -> None:
        session = session_of(app)
        await pilot.press(*"heap-1>heap-6", "enter")
        await settled(app, pilot)
        assert [str(move) for move in session.moves] == ["heap-1>heap-6"]
        await pilot.press("ctrl+z")
        await settled(app, pilot)
        assert session.moves == []
        await pilot.press("ctrl+y")
        await settled(app, pilot)
        assert [str(move) for move in session.moves] == ["heap-1>heap-6"]
        before = session.state
        await typed(app, pilot, "heap-2>ace-S")
        assert session.state is before
        assert "Not allowed" in log_text(app)
        await typed(app, pilot, "3 x y z")
        assert session.state is before
        assert "Not understood" in log_text(app)

    run(app, steps)


def test_text_that_looks_like_markup_is_shown_as_typed() -> None:
    app = started_on("plait", 7)

    async def steps(app: ParlourApp, pilot: Pilot[None]) -> None:
        session = session_of(app)
        await pilot.press("left_square_bracket", "slash")
        await pilot.pause()
        title = app.screen.query_one("#moves-title").render()
        assert "“[/”" in str(title)
        await pilot.press("right_square_bracket", "enter")
        await settled(app, pilot)
        assert session.moves == []
        assert '"[/]"' in log_text(app)

    run(app, steps)


def test_the_hint_key_asks_the_solver() -> None:
    app = started_on("royal-marriage", 3, variant="standard", mode="open")

    async def steps(app: ParlourApp, pilot: Pilot[None]) -> None:
        await pilot.press("f2")
        await settled(app, pilot)
        assert "Hint: discard" in log_text(app)

    run(app, steps)


def test_leaving_during_a_hint_does_not_wait_for_its_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The Plait's deal 2 is not decided within a hint's budget; given more positions than it
    can search in the budget's seconds, however fast, the search runs on while the app
    closes, in a daemon thread, which nothing waits for at exit."""
    monkeypatch.setattr(play_loop, "HINT_BUDGET", Budget(nodes=10**9, seconds=5.0))
    app = started_on("plait", 2)

    def searching() -> list[threading.Thread]:
        return [thread for thread in threading.enumerate() if thread.name == "parlour-line"]

    async def steps(app: ParlourApp, pilot: Pilot[None]) -> None:
        await pilot.press("f2")
        for _ in range(3000):  # until the hint has begun, or 30 s
            if searching():
                break
            await asyncio.sleep(0.01)
        app.exit()

    run(app, steps)
    still = searching()
    assert still and all(thread.daemon for thread in still)
    for thread in still:  # let it end here, not in another test
        thread.join()


def test_a_game_saved_in_the_app_resumes_with_its_moves(tmp_path: Path) -> None:
    app = started_on("four-corners", 12)
    saved = tmp_path / "game.json"

    async def steps(app: ParlourApp, pilot: Pilot[None]) -> None:
        await typed(app, pilot, "heap-1>heap-6")
        await typed(app, pilot, f"save {saved}")

    run(app, steps)
    resumed = Session.from_record(get_game("four-corners"), load_record(saved))
    assert [str(move) for move in resumed.moves] == ["heap-1>heap-6"]


def test_a_game_left_unfinished_is_kept_and_said(own_data_folder: Path) -> None:
    app = started_on("four-corners", 12)

    async def steps(app: ParlourApp, pilot: Pilot[None]) -> None:
        await typed(app, pilot, "heap-1>heap-6")
        await pilot.press("escape")  # back to the games: the game is left
        await pilot.pause()

    run(app, steps)
    (kept,) = (own_data_folder / "unfinished").iterdir()
    assert app.kept == [f"The unfinished game is kept: parlour play --load {kept}"]
    resumed = Session.from_record(get_game("four-corners"), load_record(kept))
    assert [str(move) for move in resumed.moves] == ["heap-1>heap-6"]


def test_WR_7_the_wrangle_shows_north_only_its_view_and_the_computer_answers() -> None:
    app = started_on("wrangle", 5, vs="greedy")

    async def steps(app: ParlourApp, pilot: Pilot[None]) -> None:
        session = session_of(app)
        game = session.game
        for line in ("t", "w"):
            if game.to_move(session.state) == "north":
                await typed(app, pilot, line)
        assert "south (greedy):" in log_text(app)
        north = game.observe(session.state, "north")
        board = plain(app.screen.query_one("#board", Static).content)
        assert board == plain(PRESENTERS["wrangle"].render(north))
        assert shown_moves(app) == north["legal_moves"]
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert not screen.check_action("line", ("hint",))  # no hint or restart here
        assert not screen.check_action("line", ("restart",))
        assert screen.check_action("line", ("u",))
        assert screen.check_action("line", ("redo",))

    run(app, steps)


def test_ctrl_y_redoes_in_the_wrangle_where_r_names_the_reserve() -> None:
    """The key sends the word `redo`: the line `r` would be north's reserve there."""
    app = started_on("wrangle", 1, vs="greedy", first="north")

    async def steps(app: ParlourApp, pilot: Pilot[None]) -> None:
        session = session_of(app)
        await typed(app, pilot, "t")
        await typed(app, pilot, "north-turned>north-aux-3")
        placed = list(session.moves)
        await pilot.press("ctrl+z")
        await settled(app, pilot)
        assert session.moves == placed[:-1]
        await pilot.press("ctrl+y")
        await settled(app, pilot)
        assert session.moves == placed

    run(app, steps)


def test_the_list_says_a_grace_is_typed_beside_the_moves_it_lists() -> None:
    """Open Push-pin offers its grace as one family of moves (RM-5), too many to list: the
    list names it, to be typed, and counts it apart from the moves it plays."""
    app = started_on("royal-marriage", 7, variant="push-pin", mode="open")

    async def steps(app: ParlourApp, pilot: Pilot[None]) -> None:
        listing = app.screen.query_one("#moves", OptionList)
        moves = len(session_of(app).game.observe(session_of(app).state)["legal_moves"])
        last = listing.get_option_at_index(listing.option_count - 1)
        assert listing.option_count == moves + 1 and last.disabled
        assert str(last.prompt).startswith("type: swap any 2 of JH 4H KC")
        title = str(app.screen.query_one("#moves-title", Label).render())
        assert title == f"Legal moves ({moves}), and 1 choice to type"

    run(app, steps)


def test_at_80_columns_each_move_of_the_list_takes_one_line() -> None:
    """The Wrangle's moves are the longest (north-turned>north-waste): none is split."""
    app = started_on("wrangle", 5, vs="random", first="north")

    async def steps(app: ParlourApp, pilot: Pilot[None]) -> None:
        await typed(app, pilot, "t")
        listing = app.screen.query_one("#moves", OptionList)
        assert listing.option_count >= 1
        assert listing.virtual_size.height == listing.option_count

    run(app, steps, size=(80, 24))


def test_a_wrangle_in_progress_is_left_only_when_the_key_is_pressed_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A Wrangle left unfinished is not kept: Esc, or Ctrl-Q, first says so and leaves only
    when pressed again; a line played in between asks again."""
    app = started_on("wrangle", 5, first="north")
    notices: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **_: notices.append(message))

    async def steps(app: ParlourApp, pilot: Pilot[None]) -> None:
        await typed(app, pilot, "t")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)  # still at the game, told what is lost
        await typed(app, pilot, "h")
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, GameScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)

    run(app, steps)
    assert (
        notices.count(
            "This Wrangle is not over, and a Wrangle left unfinished is not kept:"
            " press Esc again to leave it."
        )
        == 1
    )
    assert any("press Ctrl-Q again" in n for n in notices)


def test_WR_7_two_people_at_one_keyboard_each_see_their_own_view_in_turn() -> None:
    session = new_session("wrangle", 5, None, {})
    app = ParlourApp(game_screen(session, HUMAN, None))

    async def steps(app: ParlourApp, pilot: Pilot[None]) -> None:
        game = session.game
        first = game.to_move(session.state)
        assert first is not None
        board = app.screen.query_one("#board", Static)
        assert plain(board.content) == plain(
            PRESENTERS["wrangle"].render(game.observe(session.state, first))
        )
        for line in ("t", "w"):  # a card turned and laid on the waste: the turn passes
            await typed(app, pilot, line)
        second = game.to_move(session.state)
        assert second not in (None, first)
        assert plain(board.content) == plain(
            PRESENTERS["wrangle"].render(game.observe(session.state, second))
        )
        assert f"{second}'s turn" in log_text(app) and "greedy" not in log_text(app)

    run(app, steps)


def test_the_tui_command_refuses_bad_options_before_starting() -> None:
    done = parlour("tui", "plait", "--variant", "nine")
    assert done.returncode == 2
    assert "nine" in done.stderr
    done = parlour("tui", "wrangle", "--vs", "nobody")
    assert done.returncode == 2
    assert 'there is no player "nobody"' in done.stderr
    for args, words in (
        (["wrangle", "--vs", "greedy", "--hot-seat"], "not both"),
        (["plait", "--hot-seat"], "played alone"),
        (["--hot-seat"], "say which game"),
    ):
        done = parlour("tui", *args)
        assert done.returncode == 2 and words in done.stderr, done.stderr


def test_a_game_won_in_the_app_counts_in_the_statistics(tmp_path: Path) -> None:
    known = load_wins(get_game("royal-marriage"))["royal-marriage(variant=standard,mode=open)"]
    db = tmp_path / "parlour.db"

    async def steps(app: ParlourApp, pilot: Pilot[None]) -> None:
        listing = app.screen.query_one("#games", OptionList)
        ids = [listing.get_option_at_index(i).id for i in range(listing.option_count)]
        app.screen.query_one("#deal", Input).value = str(known["deal"])
        listing.highlighted = ids.index("royal-marriage|variant=standard,mode=open")
        listing.focus()
        await pilot.press("enter")
        await settled(app, pilot)
        for move in known["moves"]:
            await typed(app, pilot, move)
        assert "Game over: won" in log_text(app)

    run(ParlourApp(stats=StatsStore(connect(db))), steps)
    (row,) = StatsStore(connect(db)).all()
    assert (row.game, row.params, row.played, row.won) == (
        "royal-marriage",
        {"variant": "standard", "mode": "open"},
        1,
        1,
    )


def test_a_game_loaded_when_it_was_over_says_so_and_counts_no_more(tmp_path: Path) -> None:
    known = load_wins(get_game("royal-marriage"))["royal-marriage(variant=standard,mode=open)"]
    session = new_session("royal-marriage", known["deal"], None, {"mode": "open"})
    for move in known["moves"]:
        session.play(move)
    saved = tmp_path / "won.json"
    save_record(saved, session.record())
    stats = StatsStore(connect(tmp_path / "parlour.db"))
    app = ParlourApp(game_screen(new_session("", None, None, {}, saved), None, stats), stats)

    async def steps(app: ParlourApp, pilot: Pilot[None]) -> None:
        assert "Game over: won" in log_text(app)
        await typed(app, pilot, "m")

    run(app, steps)
    assert stats.all() == []


def test_an_ended_game_kept_for_its_count_counts_when_the_tui_command_loads_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`parlour tui --load` of an ended game waiting in the kept folder (its result could not
    be counted when it ended) counts it as the game is left, and only then lets the copy go,
    as `parlour play --load` does."""
    known = load_wins(get_game("royal-marriage"))["royal-marriage(variant=standard,mode=open)"]
    session = new_session("royal-marriage", known["deal"], None, {"mode": "open"})
    for move in known["moves"]:
        session.play(move)
    kept = kept_path(session.record())
    save_record(kept, session.record())
    db = tmp_path / "parlour.db"

    async def leave(app: ParlourApp, pilot: Pilot[None]) -> None:
        assert "Game over: won" in log_text(app)
        await pilot.press("escape")
        await pilot.pause()

    monkeypatch.setattr(ParlourApp, "run", lambda app: run(app, leave))
    done = CliRunner().invoke(cli, ["tui", "--load", str(kept), "--db", str(db)])
    assert done.exit_code == 0, done.output
    (row,) = StatsStore(connect(db)).all()
    assert (row.game, row.played, row.won) == ("royal-marriage", 1, 1)
    assert not kept.exists()


def test_the_board_is_drawn_whole_and_the_log_wraps_to_its_width() -> None:
    app = started_on("plait", 3)

    async def steps(app: ParlourApp, pilot: Pilot[None]) -> None:
        board = app.screen.query_one("#board", Static)
        drawn = plain(board.content).splitlines()
        assert board.size.width >= max(len(line) for line in drawn)  # no line is wrapped
        await typed(app, pilot, "h")
        log = app.screen.query_one("#log", RichLog)
        assert max(len(line.text) for line in log.lines) <= log.size.width

    run(app, steps)


def test_the_lobby_says_what_is_wrong_with_a_deal_and_enter_there_starts_the_game() -> None:
    async def steps(app: ParlourApp, pilot: Pilot[None]) -> None:
        deal = app.screen.query_one("#deal", Input)
        listing = app.screen.query_one("#games", OptionList)
        listing.highlighted = 0
        deal.value = "-"
        deal.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert "- is not a deal number" in str(app.screen.query_one("#error").render())
        deal.value = "12"
        deal.focus()
        await pilot.press("enter")
        await settled(app, pilot)
        assert isinstance(app.screen, GameScreen)
        assert session_of(app).first.deal == 12

    run(ParlourApp(), steps)


def test_a_loaded_wrangle_keeps_the_moves_before_it_from_undo(tmp_path: Path) -> None:
    session = new_session("wrangle", 5, None, {"first": "north"})
    for line in ("turn", "north-turned>north-waste"):
        session.play(line)
    while session.game.to_move(session.state) != "north":
        session.play(session.game.legal_moves(session.state)[-1])
    saved = tmp_path / "wrangle.json"
    save_record(saved, session.record())
    app = ParlourApp(game_screen(new_session("", None, None, {}, saved), "greedy", None))

    async def steps(app: ParlourApp, pilot: Pilot[None]) -> None:
        before = len(session_of(app).moves)
        await pilot.press("ctrl+z")
        await settled(app, pilot)
        assert len(session_of(app).moves) == before
        await pilot.press("ctrl+y")  # nothing of this turn was taken back
        await settled(app, pilot)
        assert "there is nothing to redo" in log_text(app)
        assert len(session_of(app).moves) == before

    run(app, steps)


def test_an_unexpected_failure_is_said_in_the_log_kept_whole_and_the_game_goes_on(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = started_on("four-corners", 12)

    async def steps(app: ParlourApp, pilot: Pilot[None]) -> None:
        screen = app.screen
        assert isinstance(screen, GameScreen)

        def broken(line: str) -> None:
            raise KeyError(line)

        monkeypatch.setattr(screen.driver, "handle", broken)
        await typed(app, pilot, "anything")
        assert "Something went wrong (KeyError): the game is kept" in log_text(app)
        failures = tmp_path / "parlour" / "tui-failures.log"
        assert str(failures) in log_text(app).replace("\n", "")
        assert (
            "Traceback" in failures.read_text() and "KeyError: 'anything'" in failures.read_text()
        )
        monkeypatch.undo()
        await typed(app, pilot, "heap-1>heap-6")
        assert [str(m) for m in session_of(app).moves] == ["heap-1>heap-6"]

    run(app, steps)


def test_a_board_wider_than_the_terminal_is_drawn_whole_and_scrolls_sideways() -> None:
    app = started_on("royal-marriage", 1, variant="standard", mode="open")

    async def steps(app: ParlourApp, pilot: Pilot[None]) -> None:
        assert app.screen.query_one("#board", Static).size.width >= 72  # 18 cards a line
        assert app.screen.query_one("#board-box").max_scroll_x > 0

    run(app, steps, size=(60, 40))


def test_a_tall_board_in_a_small_terminal_scrolls_down() -> None:
    app = started_on("plait", 7)

    async def steps(app: ParlourApp, pilot: Pilot[None]) -> None:
        box = app.screen.query_one("#board-box")
        assert box.max_scroll_y > 0 and box.allow_vertical_scroll  # a player can scroll to it

    run(app, steps, size=(60, 20))


def test_up_and_down_in_the_line_choose_a_move_that_enter_plays() -> None:
    app = started_on("four-corners", 12)

    async def steps(app: ParlourApp, pilot: Pilot[None]) -> None:
        session = session_of(app)
        second = shown_moves(app)[1]
        await pilot.press("down", "down", "down", "up")
        await pilot.pause()
        assert app.screen.query_one("#moves", OptionList).highlighted == 1
        await pilot.press("enter")
        await settled(app, pilot)
        assert [str(move) for move in session.moves] == [second]

    run(app, steps)


def test_a_move_chosen_with_down_from_a_narrowed_list_is_the_one_enter_plays() -> None:
    app = started_on("heads-and-tails", 4)

    async def steps(app: ParlourApp, pilot: Pilot[None]) -> None:
        await pilot.press(*"tail")
        await pilot.pause()
        narrowed = shown_moves(app)
        assert narrowed and all("tail" in move for move in narrowed)
        await pilot.press("down", "down")
        await pilot.pause()
        await pilot.press("enter")
        await settled(app, pilot)
        assert [str(move) for move in session_of(app).moves] == [narrowed[1]]

    run(app, steps)


def test_lines_typed_while_the_game_thinks_are_played_in_turn() -> None:
    """Each line entered while a hint is sought is played after it, in order: none is lost,
    and none runs into the next."""
    app = started_on("royal-marriage", 5, variant="standard", mode="as-dealt")

    async def steps(app: ParlourApp, pilot: Pilot[None]) -> None:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.busy = True  # as while a hint is sought
        for _ in range(2):
            await pilot.press("d", "enter")
        await pilot.pause()
        assert screen.query_one("#line", Input).value == ""
        assert session_of(app).moves == []
        screen.busy = False
        await typed(app, pilot, "d")  # the line in hand, then the two waiting
        for _ in range(50):
            await settled(app, pilot)
            if len(session_of(app).moves) == 3:
                break
        assert [str(move) for move in session_of(app).moves] == ["deal"] * 3

    run(app, steps)


def test_a_double_click_on_a_move_plays_it_once() -> None:
    app = started_on("four-corners", 12)

    async def steps(app: ParlourApp, pilot: Pilot[None]) -> None:
        await pilot.double_click("#moves", offset=(3, 1))
        await settled(app, pilot)
        assert len(session_of(app).moves) == 1

    run(app, steps)


def test_a_lobby_error_shows_in_a_small_terminal() -> None:
    async def steps(app: ParlourApp, pilot: Pilot[None]) -> None:
        app.screen.query_one("#deal", Input).value = "-"
        app.screen.query_one("#games", OptionList).highlighted = 0
        app.screen.query_one("#deal", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        error = app.screen.query_one("#error")
        assert "is not a deal number" in str(error.render())
        assert error.region.bottom <= 20 and error.region.height > 0

    run(ParlourApp(), steps, size=(60, 20))


def test_options_without_a_game_are_refused() -> None:
    done = parlour("tui", "--deal", "7", "--vs", "strong")
    assert done.returncode == 2
    assert "--deal, --vs: say which game" in done.stderr


def test_a_wrangle_won_whose_result_cannot_be_kept_is_kept_as_it_is_left(
    tmp_path: Path,
) -> None:
    """Against the computer, the result of a game that ends while another program holds the
    statistics is not lost when the terminal app is left: the ended game is kept, and the
    command that counts it is said."""
    game = get_game("wrangle")
    known = load_wins(game)["wrangle(first=cut)"]
    session = Session(game, game.info.params_type(), deck=parse_cards(known["deck"]))
    *before, last = known["moves"]
    for move in before:
        session.play(move)
    path = tmp_path / "parlour.db"
    connection = connect(path)
    connection.execute("PRAGMA busy_timeout = 50")
    keeper = ResultKeeper(
        StatsStore(connection), session, opponent="random", seat="north", patience=0.05
    )
    driver = driver_for(session, make_agent("random"), keeper)
    driver.start()
    with sqlite3.connect(path) as other:
        other.execute("BEGIN IMMEDIATE")  # held until the app is left
        driver.handle(last)
        assert session.outcome == "north"
        said = driver.leave()
        other.rollback()
    assert said is not None and "counts once the file can be written" in said, said
    kept = Path(said.split("--load ")[1].split()[0])
    assert kept.exists() and kept.parent.name == "unfinished"
