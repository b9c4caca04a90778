"""The four one-player games in a real browser: a fixed deal played to a win by clicks and a
drag, with a hint, undo and redo on the way; screenshots at 1280×800 and on a phone, upright
and sideways."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

import pytest

from parlour.core.params import params_dict, params_from
from parlour.games import get_game
from tests.conformance.wins import case_key, known_win, load_wins
from tests.web.browser.table import PHONE, SIDEWAYS, WIDE, Table

MOUSE_MOVES = 12  # the first moves by the mouse; the rest of the line by clicks in the page

# One known win per game (tests/conformance/known_wins): the game and its parameters.
WINS = [
    ("royal-marriage", {"variant": "standard", "mode": "open"}),
    ("heads-and-tails", {"variant": "standard"}),
    ("four-corners", {}),
    ("plait", {"variant": "standard"}),
]


def start_path(game_id: str, params: dict[str, str]) -> tuple[str, list[str], Any]:
    """The page that starts the known win of `game_id`, its moves and its first observation."""
    game = get_game(game_id)
    typed = params_from(game.info.params_type, params)
    start, moves = known_win(game, typed)
    entry = load_wins(game)[case_key(game, typed)]
    query = {
        **params_dict(typed),
        **({"deck": entry["deck"]} if "deck" in entry else {"deal": entry["deal"]}),
    }
    return f"/play/{game_id}?{urlencode(query)}", moves, game.observe(start)


_LOWEST_PILE = """() => Math.max(...[...document.querySelectorAll(".table [data-pile]")]
  .map((pile) => pile.getBoundingClientRect().bottom))"""


@pytest.mark.parametrize(("game_id", "params"), WINS, ids=[w[0] for w in WINS])
def test_a_known_win_played_in_the_browser(
    table: Table, game_id: str, params: dict[str, str]
) -> None:
    path, moves, first = start_path(game_id, params)
    state = table.open(path)
    assert state["observation"] == first
    assert table.screenshot(game_id) == []

    suggested = table.hint()
    assert suggested in table.legal()
    assert "Hint:" in table.message
    highlighted = table.page.locator(".hint-from, .hint-to, .hint-card").count()
    assert highlighted >= 1

    table.play(moves[0])
    assert table.state["moves"] == [moves[0]]
    table.control("undo")
    assert table.state["moves"] == []
    assert table.state["observation"] == first
    table.control("redo")
    assert table.state["moves"] == [moves[0]]

    dragged = next((m for m in moves[1:] if ">" in m), None)
    halfway = len(moves) // 2
    for number, move in enumerate(moves[1:], start=1):
        if move == dragged:
            table.drag(move)
        elif number < MOUSE_MOVES:
            table.play(move)
        else:
            table.play_in_page(move)
        if number == halfway:
            assert table.screenshot(f"{game_id}-halfway") == []
    final = table.state
    assert final["observation"]["outcome"] == "won"
    assert final["moves"] == moves
    ending = table.page.locator(".ending")
    assert ending.is_visible()
    assert f"{len(moves)} moves" in ending.inner_text()
    assert "Won" in ending.inner_text()
    # the ending's banner takes its height from the cards', not the table's foot off the screen
    table.page.evaluate("() => window.scrollTo(0, 0)")
    assert table.page.evaluate(_LOWEST_PILE) <= WIDE["height"]


def test_on_a_phone_a_game_ended_far_down_the_table_says_so_in_sight(table: Table) -> None:
    """The Four Corners' table is taller than a phone's screen: the last move made at its
    foot still shows the game's end at the top of the screen, beside the words of that move."""
    table.page.set_viewport_size(PHONE)
    path, moves, _ = start_path("four-corners", {})
    table.open(path)
    for move in moves[:-1]:
        table.send(move)
    table.page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    assert table.page.evaluate("() => window.scrollY") > 0  # the table's foot, not its head
    table.send(moves[-1])
    ending = table.page.locator(".ending")
    assert "Won" in ending.inner_text()
    box = ending.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]


_NARROWEST_CARD = """() => Math.min(...[...document.querySelectorAll(".table .card, .table .slot")]
  .map((card) => card.offsetWidth))"""


@pytest.mark.parametrize(("game_id", "params"), WINS, ids=[w[0] for w in WINS])
def test_on_a_phone_held_sideways_the_cards_stay_big_enough_to_read_and_tap(
    table: Table, game_id: str, params: dict[str, str]
) -> None:
    """Fitted to a screen 390 px high, these tables' cards were 26 to 41 px wide: they keep 44
    px, and the page scrolls down to the rest of the table."""
    table.page.set_viewport_size(SIDEWAYS)
    table.open(start_path(game_id, params)[0])
    assert table.page.evaluate(_NARROWEST_CARD) >= 44
    assert table.layout_faults() == []


_FAN_STEPS = """(pile) => {
  const board = window.parlour.board;
  const shown = structuredClone(board.obs);
  shown.piles[pile] = ["KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S"];  // longer than its place
  shown.sizes[pile] = 8;
  board.show(shown, board.layout);
  const cards = [...document.querySelectorAll(`[data-pile="${pile}"] .card`)]
    .map((card) => card.getBoundingClientRect());
  const place = document.querySelector(`[data-pile="${pile}"]`).getBoundingClientRect();
  return {
    steps: cards.slice(1).map((card, i) => card.top - cards[i].top),
    height: cards[0].height, overflow: cards.at(-1).bottom - place.bottom,
  };
}"""


@pytest.mark.parametrize("size", [WIDE, PHONE], ids=["wide", "phone"])
def test_a_fan_longer_than_its_place_keeps_its_last_cards_readable(table: Table, size: Any) -> None:
    """Squeezed evenly, eight cards on a phone's head were 6 px apart, each one's index cut
    off: the last three stay a fifth of a card apart, the cards under them close up, and the
    fan still keeps to its place."""
    table.page.set_viewport_size(size)
    table.open("/play/heads-and-tails?deal=1")
    fan = table.page.evaluate(_FAN_STEPS, "head-1")
    assert min(fan["steps"][-3:]) >= 0.19 * fan["height"]
    assert max(fan["steps"][:-3]) < 0.19 * fan["height"]  # squeezed: those under close up
    assert fan["overflow"] <= 1
