"""The Wrangle in the browser: two people at one table over the real server, each receiving
only what its seat may see (RULES WR-7), moves out of turn refused, a reload rejoining the seat;
and a game against the computer."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, ViewportSize

from parlour.core.cards import parse_cards
from parlour.core.moves import parse_move
from parlour.core.session import Session, shows_more
from parlour.frontends.web.rooms import TWO_PLAYER_MOVES_SHOWN, Room
from parlour.games import get_game
from tests.conformance.wins import known_win, load_wins
from tests.web.browser.table import PHONE, SIDEWAYS, WIDE, Table, card_words
from tests.web.conftest import LiveServer

WRANGLE = get_game("wrangle")
DEAL = 11
MOVES = 24


def observed_in_order(table: Table, seat: str, states: list[Any]) -> None:
    """Every observation `table` received is the server's `observe` of a true state for `seat`,
    the true states taken in the order they were played (WR-7: nothing else reaches it)."""
    expected = [WRANGLE.observe(state, seat) for state in states]
    at = 0
    frames = [m for m in table.received if m["type"] == "state"]
    assert frames, "no state was received"
    for frame in frames:
        observation = frame["observation"]
        if frame["waiting"]:  # no moves until the second player sits down
            assert observation["legal_moves"] == []
            observation = {**observation, "legal_moves": expected[at]["legal_moves"]}
        while at < len(expected) and expected[at] != observation:
            at += 1
        assert at < len(expected), f"{seat} received an observation of no true state"


def seat_table(
    pair: tuple[BrowserContext, BrowserContext], live: LiveServer, **dealt: Any
) -> tuple[Table, Table]:
    """North opens a table for two, which the server deals (here as `dealt` says: `deal` or
    `deck`), and south joins it by the link north was given."""
    base_url = live.url
    north = Table(pair[0].new_page(), base_url)
    south = Table(pair[1].new_page(), base_url)
    with live.dealing(**dealt):
        first = north.open("/wrangle?vs=human")
    assert first["waiting"] is True
    assert "Waiting" in north.page.inner_text(".turn")
    north.pile(f"{first['seat']}-reserve").click()
    assert north.message == "Wait for the other player to join the table."
    link = north.page.get_attribute("[data-join-link]", "data-join-link")
    assert link and link.startswith(base_url + "/table/")
    assert north.page.url == link
    south.open(link.removeprefix(base_url))
    north.page.wait_for_function("() => window.parlour.state.waiting === false")
    assert north.state["seat"] == "north" and south.state["seat"] == "south"
    return north, south


def test_two_people_at_a_table_see_only_their_own_cards(
    browser_context_pair: tuple[BrowserContext, BrowserContext], live: LiveServer
) -> None:
    north, south = seat_table(browser_context_pair, live, deal=DEAL)
    assert not north.state["waiting"] and not south.state["waiting"]

    params = WRANGLE.info.params_type()
    true_states = [WRANGLE.new(params, deal=DEAL)]
    chooser = random.Random(DEAL)
    seats = {"north": north, "south": south}
    for number in range(MOVES):
        to_move = WRANGLE.to_move(true_states[-1])
        assert to_move is not None
        mover, other = seats[to_move], seats["south" if to_move == "north" else "north"]
        idle_seen = other.seq
        legal = mover.legal()
        transfers = [m for m in legal if ">" in m]
        move = chooser.choice(transfers or legal)
        if number % 5 == 2 and transfers:
            mover.drag(move)
        else:
            mover.play(move)
        other.wait_for_news(idle_seen)
        if number == 0:
            assert other.message.startswith("Your opponent played ")
        true_states.append(WRANGLE.apply(true_states[-1], parse_move(move)))
        assert mover.state["observation"] == WRANGLE.observe(true_states[-1], to_move)

    observed_in_order(north, "north", true_states)
    observed_in_order(south, "south", true_states)
    assert south.screenshot("wrangle-table") == []

    # Out of turn: the player not to move sends the other's move; it is refused, nothing changes.
    to_move = WRANGLE.to_move(true_states[-1])
    assert to_move is not None
    idle_seat = "south" if to_move == "north" else "north"
    idle = seats[idle_seat]
    before = idle.state
    idle.pile(f"{idle_seat}-reserve").click()
    assert "Wait for your turn" in idle.message
    idle.page.evaluate(
        "(move) => window.parlour.send({type: 'move', move})", seats[to_move].legal()[0]
    )
    idle.page.wait_for_selector(".message.refused")
    assert "turn" in idle.message
    assert idle.state == before
    assert seats[to_move].state["observation"] == WRANGLE.observe(true_states[-1], to_move)

    # A reload rejoins the same seat of the same game.
    game_id = south.state["game_id"]
    south.page.reload()
    south.page.wait_for_function("() => window.parlour && window.parlour.state")
    assert south.state["game_id"] == game_id
    assert south.state["seat"] == "south"
    assert south.state["observation"] == WRANGLE.observe(true_states[-1], "south")
    assert north.script_errors == [] and south.script_errors == []

    # One who closes the page is away: the other is told the game waits for him.
    assert "left the table" not in north.page.inner_text(".turn")
    south.page.close()
    north.page.wait_for_function("() => window.parlour.state.away.includes('south')")
    assert "left the table" in north.page.inner_text(".turn")


def test_the_wrangle_against_the_computer(table: Table) -> None:
    table.open(f"/wrangle?vs=random&deal={DEAL}")
    table.page.wait_for_function(
        "() => { const s = window.parlour.state; return s.observation.to_move === s.seat; }"
    )
    state = table.state
    assert state["seat"] == "north"
    assert "Your turn" in table.page.inner_text(".turn")
    assert table.screenshot("wrangle") == []
    assert "turn" in table.legal()
    advised = table.hint()  # the strong player's advice from north's own observation
    assert advised in table.legal()
    assert "strong computer player" in table.message
    assert table.page.inner_text(".counts") == "0 of 100 turns without progress"  # WR-6
    # the keyboard visits the piles as the table is read: the opponent, foundations, one's own
    order = table.page.eval_on_selector_all("[data-pile]", "els => els.map(e => e.dataset.pile)")
    assert order.index("south-reserve") < order.index("foundation-1") < order.index("north-reserve")
    table.play("turn")
    assert table.state["last"] == "turn"
    assert table.state["observation"]["to_move"] == "north"
    assert table.top_card("north-turned").count() == 1  # WR-4: the turned card waits to be placed
    turned = table.state["observation"]["piles"]["north-turned"][-1]
    said = f"Played turn: {card_words(turned)} on your turned card; it can go to "
    assert table.message.startswith(said) and "your waste" in table.message

    # on a phone too, each side says whose it is
    table.page.set_viewport_size(PHONE)
    table.page.wait_for_selector('.grid[data-form="narrow"]')
    assert table.page.locator(".caption").all_text_contents() == [
        "south: your opponent",
        "north: you",
    ]
    assert table.layout_faults() == []
    table.page.set_viewport_size(WIDE)


def won_wrangle(moves_left: int = 0) -> Session[Any]:
    """The Wrangle's known win played out, all but its last `moves_left` moves: north has won,
    or is that many moves from winning."""
    params = WRANGLE.info.params_type()
    session = Session(
        WRANGLE, params, deck=parse_cards(load_wins(WRANGLE)["wrangle(first=cut)"]["deck"])
    )
    line = known_win(WRANGLE, params)[1]
    for move in line[: len(line) - moves_left]:
        session.play(move)
    return session


def seated(table: Table, live: LiveServer, room: Room) -> None:
    """Opens `room`'s game at north's seat, as this browser would hold it had it played."""
    seat = {"token": room.take_seat("north"), "link": room.link(), "seat": "north"}
    live.lobby.games.save(room.saved())  # as the server keeps a game this browser played
    table.page.goto(table.base_url + "/")
    table.page.evaluate(
        "([id, seat]) => localStorage.setItem('parlour.seats', JSON.stringify({ [id]: seat }))",
        [room.game_id, seat],
    )
    assert table.open(room.link())["game_id"] == room.game_id


def test_a_finished_game_against_the_computer_is_shown_again_on_a_reload(
    table: Table, live: LiveServer
) -> None:
    room = Room(game_id="won-against-random", session=won_wrangle(), seats={}, opponent="random")
    seated(table, live, room)
    assert "You won" in table.page.inner_text(".ending")
    table.page.reload()
    table.page.wait_for_function("() => window.parlour && window.parlour.state")
    assert table.state["game_id"] == room.game_id
    assert "You won" in table.page.inner_text(".ending")


def test_the_winning_move_leaves_the_focus_on_the_way_back_to_the_lobby(
    table: Table, live: LiveServer
) -> None:
    """A finished race leaves no control enabled: the keys go on from the ending's link, not
    from the top of the page."""
    almost = won_wrangle(moves_left=1)
    room = Room(game_id="one-move-from-a-win", session=almost, seats={}, opponent="random")
    seated(table, live, room)
    last = known_win(WRANGLE, WRANGLE.info.params_type())[1][-1]
    table.page.focus('[data-control="hint"]')
    table.send(str(last))
    assert "You won" in table.page.inner_text(".ending")
    focused = table.page.evaluate("() => document.activeElement.closest('.ending')?.tagName")
    assert focused == "DIV"
    assert table.page.evaluate("() => document.activeElement.textContent") == "Back to the lobby"


def test_the_arrows_follow_one_s_own_row_to_the_reserve(table: Table) -> None:
    """Left from one's turned card is one's reserve, across the caption between them, not the
    heap above and to the left."""
    table.open(f"/wrangle?vs=greedy&deal={DEAL}&first=north&new=1")
    table.pile("north-turned").focus()
    table.page.keyboard.press("ArrowLeft")
    assert table.page.evaluate("() => document.activeElement.dataset.pile") == "north-reserve"
    table.page.keyboard.press("ArrowRight")
    assert table.page.evaluate("() => document.activeElement.dataset.pile") == "north-turned"


def test_tab_enters_the_table_on_one_s_own_side(table: Table) -> None:
    """The table's one place in the Tab order is at first one's own reserve, not the
    opponent's, which comes first on the page."""
    table.open(f"/wrangle?vs=greedy&deal={DEAL}&first=north&new=1")
    entry = "() => document.querySelector('.table [data-stop][tabindex=\"0\"]').dataset.pile"
    assert table.page.evaluate(entry) == "north-reserve"
    table.pile("north-stock").focus()
    table.page.keyboard.press("ArrowUp")
    moved = table.page.evaluate("() => document.activeElement.dataset.pile")
    assert table.page.evaluate(entry) == moved != "north-stock"  # then where the keys left it


def test_whose_turn_it_is_is_written_only_when_it_changes(table: Table) -> None:
    """The turn's line is read out when it changes: the computer's moves, each its own state,
    do not write it again."""
    table.open(f"/wrangle?vs=greedy&deal={DEAL}&new=1")
    table.page.wait_for_function(NORTH_TO_MOVE)
    table.page.evaluate(
        """() => { window.turnWrites = [];
          new MutationObserver(() => window.turnWrites.push(document.querySelector(".turn")
            .textContent)).observe(document.querySelector(".turn"), { childList: true,
            characterData: true, subtree: true }); }"""
    )
    seen = table.seq
    play_north_turn(table)
    table.page.wait_for_function(NORTH_TO_MOVE)
    assert table.seq > seen + 1  # several states: north's moves, then the computer's
    writes = table.page.evaluate("() => window.turnWrites")
    assert writes == ["You are north. It is the computer's turn.", "You are north. Your turn."]


def test_who_begins_is_chosen_in_the_lobby(table: Table) -> None:
    page = table.page
    page.goto(table.base_url + "/")
    offered = page.locator('[data-start="wrangle"] select[name="vs"] option')
    offered.first.wait_for(state="attached")  # the lobby is drawn once /api/games comes
    assert offered.all_inner_texts() == [
        "a greedy player",
        "a random player",
        "a strong player (looks ahead)",
    ]  # the computer players the server offers, its default first
    note = page.inner_text('[data-start="wrangle"] .seat-note')
    assert note.startswith("You sit north") and "south lets the other side begin" in note
    for control, first, opponent in (
        ("vs-computer", "south", "greedy"),
        ("new-table", "north", None),
    ):
        page.goto(table.base_url + "/")
        start = page.locator('[data-start="wrangle"]')
        start.locator('select[name="first"]').select_option(first)
        start.locator(f'[data-control="{control}"]').click()
        page.wait_for_function("() => window.parlour && window.parlour.state")
        assert table.state["observation"]["params"] == {"first": first}  # WR-1
        assert table.state["link"].startswith("/wrangle?vs=greedy" if opponent else "/table/")
    state = table.open("/wrangle?vs=random&first=south&new=1")
    assert state["observation"]["first"] == "south"


def test_the_lobby_says_whom_a_wrangle_is_played_against(table: Table) -> None:
    computer = table.open("/wrangle?vs=random&new=1")["game_id"]
    two = table.open("/wrangle?vs=human")["game_id"]
    table.page.goto(table.base_url + "/")
    line = table.page.locator(f'[data-resume="{computer}"]').locator("xpath=..")
    assert re.fullmatch(
        r"The Wrangle · against the computer \(random\) · \d+ moves?", line.inner_text()
    )
    line = table.page.locator(f'[data-resume="{two}"]').locator("xpath=..")
    assert line.inner_text() == "The Wrangle · a table for two · 0 moves"


def test_a_known_win_of_the_wrangle_between_two_browsers(
    browser_context_pair: tuple[BrowserContext, BrowserContext], live: LiveServer
) -> None:
    params = WRANGLE.info.params_type()
    start, moves = known_win(WRANGLE, params)
    deck = load_wins(WRANGLE)["wrangle(first=cut)"]["deck"]
    north, south = seat_table(browser_context_pair, live, deck=deck)
    seats = {"north": north, "south": south}
    states = [start]
    # A move that showed a hidden card cannot be undone (WR-7); one that showed none can, and
    # the states seen go forward, back and forward again.
    north.play(moves[0])
    states.append(WRANGLE.apply(start, parse_move(moves[0])))
    assert north.page.is_disabled('[data-control="undo"]')
    played = 1
    while shows_more(WRANGLE, states[-1], WRANGLE.apply(states[-1], parse_move(moves[played]))):
        north.play(moves[played])
        states.append(WRANGLE.apply(states[-1], parse_move(moves[played])))
        played += 1
    before, after = states[-1], WRANGLE.apply(states[-1], parse_move(moves[played]))
    north.play(moves[played])
    north.control("undo")
    assert north.state["observation"] == WRANGLE.observe(before, "north")
    north.control("redo")
    assert north.state["moves"] == moves[: played + 1]
    states += [after, before, after]

    dragged = next(m for m in moves[played + 1 :] if ">" in m)
    for move in moves[played + 1 :]:
        seat = WRANGLE.to_move(states[-1])
        assert seat is not None
        mover = seats[seat]
        if move == dragged:
            mover.drag(move)
        else:
            mover.play(move)
        states.append(WRANGLE.apply(states[-1], parse_move(move)))
    assert WRANGLE.outcome(states[-1]) == "north"
    for seat, table in seats.items():
        table.page.wait_for_function("() => window.parlour.state.observation.outcome !== null")
        assert table.state["observation"] == WRANGLE.observe(states[-1], seat)
        observed_in_order(table, seat, states)
    assert "You won" in north.page.inner_text(".ending")
    assert "North won" in south.page.inner_text(".ending")
    for table in seats.values():  # nothing is left to hint, and the server says so
        assert table.page.is_disabled('[data-control="hint"]')
        table.page.evaluate("() => window.parlour.send({type: 'hint'})")
        table.page.wait_for_function("() => window.parlour.root.dataset.hint === ''")
        assert table.message == "Hint: the game is over."
    # a finished table shown again on a reload, from the seat its browser keeps
    north.page.reload()
    north.page.wait_for_function("() => window.parlour && window.parlour.state")
    assert north.state["observation"] == WRANGLE.observe(states[-1], "north")
    assert "You won" in north.page.inner_text(".ending")


NORTH_TO_MOVE = """() => {
  const s = window.parlour && window.parlour.state;
  return s && s.observation.to_move === s.seat;
}"""


def play_north_turn(table: Table) -> None:
    """North's moves until the computer is to move: the first legal move each time, sent by
    the page's own code so that no click moves the keyboard's focus."""
    while table.state["observation"]["to_move"] == "north":
        table.send(table.legal()[0])


def test_the_focus_stays_on_its_pile_while_the_computer_plays(table: Table) -> None:
    table.open(f"/wrangle?vs=greedy&deal={DEAL}&new=1")
    table.page.wait_for_function(NORTH_TO_MOVE)
    table.pile("north-stock").focus()
    play_north_turn(table)
    seen = table.seq
    table.page.wait_for_function(NORTH_TO_MOVE)
    assert table.seq > seen  # the computer's moves, each its own state, were drawn
    focused = table.page.evaluate("() => document.activeElement.dataset.pile ?? null")
    assert focused == "north-stock"


# Each pile of the table as the screen shows it; the foot of the bars at the top of the page
# (the dock's stays there as the page scrolls); the narrowest card; how far the page is scrolled.
_TABLE_ON_SCREEN = """() => ({
  piles: Object.fromEntries([...document.querySelectorAll(".table [data-pile]")]
    .map((pile) => [pile.dataset.pile, pile.getBoundingClientRect().toJSON()])),
  bars: Math.max(...[...document.querySelectorAll(".bar, .dock")]
    .map((bar) => bar.getBoundingClientRect().bottom)),
  card: Math.min(...[...document.querySelectorAll(".table .card, .table .slot")]
    .map((card) => card.getBoundingClientRect().width)),
  scrolled: window.scrollY,
})"""
SIDE_PLACES = ["reserve", "turned", "waste", "stock", "aux-1", "aux-2", "aux-3", "aux-4"]
TABLE_PILES = sorted(
    [f"{side}-{place}" for side in ("north", "south") for place in SIDE_PLACES]
    + [f"foundation-{i}" for i in range(1, 9)]
)
SMALL_PHONE: ViewportSize = {"width": 360, "height": 740}
# a phone's screen shared with another app: too short for the whole table
SPLIT_SCREEN: ViewportSize = {"width": 390, "height": 500}
SMALL_PHONE_SIDEWAYS: ViewportSize = {"width": 667, "height": 375}


def off_screen(table: Table, size: ViewportSize) -> list[str]:
    """The piles of `table`, shown at `size`, that are not whole on the screen below its bars."""
    seen = table.page.evaluate(_TABLE_ON_SCREEN)
    return [
        pile
        for pile, box in seen["piles"].items()
        if box["top"] < seen["bars"] - 1
        or box["bottom"] > size["height"] + 1
        or box["left"] < -1
        or box["right"] > size["width"] + 1
    ]


@pytest.mark.parametrize(
    "size",
    [PHONE, SMALL_PHONE, SIDEWAYS, SMALL_PHONE_SIDEWAYS],
    ids=["390x844", "360x740", "844x390", "667x375"],
)
def test_on_a_phone_the_whole_wrangle_table_fits_the_screen(
    browser: Browser, live_server: str, size: ViewportSize
) -> None:
    """A card is loaded onto the opponent's heaps or waste by a drag from one's own side: every
    pile of both sides and every foundation lies whole on a phone's screen, held upright or
    sideways, below the bars at its top, the page unscrolled, before a move and with a move's
    words in the message line; the cards stay wide enough to read and to tap (48 px)."""
    phone = browser.new_context(viewport=size, has_touch=True, is_mobile=True)
    try:
        table = Table(phone.new_page(), live_server)
        table.open(f"/wrangle?vs=greedy&deal={DEAL}&first=north&new=1")
        table.page.wait_for_function(NORTH_TO_MOVE)
        for move in (None, "turn"):
            if move:
                table.play(move)
                assert table.message.startswith("Played turn:")
            assert off_screen(table, size) == []
            seen = table.page.evaluate(_TABLE_ON_SCREEN)
            assert sorted(seen["piles"]) == TABLE_PILES
            assert seen["scrolled"] == 0
            assert seen["card"] >= 48
        assert table.layout_faults() == []
        assert table.script_errors == []
    finally:
        phone.close()


@pytest.mark.parametrize("size", [PHONE, SPLIT_SCREEN], ids=["phone", "split-screen"])
def test_on_a_phone_the_turn_coming_back_brings_one_s_own_side_into_sight(
    table: Table, size: ViewportSize
) -> None:
    """Once the computer has played, north's side is in sight below what to do: unscrolled on a
    phone, whose screen holds the whole table; scrolled to on a screen too short for it."""
    table.page.set_viewport_size(size)
    table.open(f"/wrangle?vs=greedy&deal={DEAL}&first=south&new=1")
    table.page.wait_for_function(NORTH_TO_MOVE)
    assert not {"north-reserve", "north-stock"} & set(off_screen(table, size))
    assert "Your turn" in table.page.inner_text(".bar.lower")
    scrolled = table.page.evaluate("() => window.scrollY")
    assert scrolled > 0 if size == SPLIT_SCREEN else scrolled == 0


@pytest.mark.parametrize("size", [PHONE, SPLIT_SCREEN], ids=["phone", "split-screen"])
def test_on_a_phone_a_game_opened_on_one_s_turn_shows_one_s_own_side(
    table: Table, size: ViewportSize
) -> None:
    table.page.set_viewport_size(size)
    table.open(f"/wrangle?vs=greedy&deal={DEAL}&first=north&new=1")
    table.page.wait_for_function(NORTH_TO_MOVE)
    assert not {"north-reserve", "north-stock"} & set(off_screen(table, size))
    scrolled = table.page.evaluate("() => window.scrollY")
    assert scrolled > 0 if size == SPLIT_SCREEN else scrolled == 0


def test_the_wrangle_counts_every_move_played_though_it_lists_the_last(table: Table) -> None:
    game_id = table.open(f"/wrangle?vs=greedy&deal={DEAL}&new=1")["game_id"]

    def played() -> int:
        """The moves of the game as the lobby counts them."""
        saved = table.page.request.get(table.base_url + "/api/saved").json()
        return int(next(s["moves"] for s in saved if s["game_id"] == game_id))

    table.page.wait_for_function(NORTH_TO_MOVE)
    while played() <= TWO_PLAYER_MOVES_SHOWN + 5:
        play_north_turn(table)
        table.page.wait_for_function(NORTH_TO_MOVE)
    count = played()
    shown = table.state["moves"]
    assert len(shown) == TWO_PLAYER_MOVES_SHOWN
    summary = table.page.inner_text(".history summary")
    assert summary == f"Moves played ({count}, the last {TWO_PLAYER_MOVES_SHOWN} shown)"
    history = table.page.locator(".history ol")
    assert history.evaluate("(list) => list.start") == count - TWO_PLAYER_MOVES_SHOWN + 1
    items = history.locator("li")
    assert [items.nth(i).get_attribute("data-move") for i in range(items.count())] == shown
    # each said in words, then in the notation where the words are not the same
    words = dict(zip(shown, items.all_text_contents(), strict=True))
    assert words["turn"] == "Turn"
    transfers = [m for m in shown if ">" in m]
    assert transfers
    for move in transfers:
        assert words[move].startswith("From ") and words[move].endswith(f" {move}")
        assert ">" not in words[move].removesuffix(move), "the places are said in words"


def test_comings_and_goings_at_a_table_keep_each_choice_and_send_no_stale_move(
    browser: Browser,
    browser_context_pair: tuple[BrowserContext, BrowserContext],
    live: LiveServer,
) -> None:
    north, south = seat_table(browser_context_pair, live, deal=DEAL)
    mover_seat = north.state["observation"]["to_move"]
    idle_seat = "south" if mover_seat == "north" else "north"
    mover, idle = (north, south) if mover_seat == "north" else (south, north)

    # A third person is told the table is full, with nothing on the page to press.
    third = Table(browser.new_context(viewport=WIDE).new_page(), live.url)
    third.page.goto(live.url + north.state["link"])
    third.page.wait_for_selector(".ending:not([hidden]) a[href='/']")
    assert "two players" in third.message
    assert (
        third.page.evaluate(
            "() => [...document.querySelectorAll('[data-control]')]"
            ".filter((c) => c.checkVisibility() && !c.disabled)"
            ".map((c) => c.dataset.control)"
        )
        == []
    )

    # The mover picks up his turned card; the other's page losing its connection (he is away)
    # leaves it picked up, and on the mover's own turn nothing waits for the other.
    mover.send("turn")
    mover.top_card(f"{mover_seat}-turned").click()
    picked = mover.message
    assert picked.startswith("Picked up")
    idle.page.context.set_offline(True)
    idle.page.evaluate("window.parlour.net.ws.close()")
    mover.page.wait_for_function(f"() => window.parlour.state.away.includes('{idle_seat}')")
    assert mover.page.evaluate("window.parlour.board.selected") == f"{mover_seat}-turned"
    assert mover.message == picked
    turn_words = mover.page.inner_text(".turn")
    assert "left the table" in turn_words and "waits" not in turn_words

    # The other, cut off, clicks his stock: nothing is sent then or later, though by the time
    # he is back it is his turn and the click would be legal.
    idle.pile(f"{idle_seat}-stock").click()
    assert idle.message.startswith("Not connected: nothing was sent")
    mover.send(f"{mover_seat}-turned>{mover_seat}-waste")
    seen = idle.seq
    idle.page.context.set_offline(False)
    idle.wait_for_news(seen)
    back = idle.state
    assert back["observation"]["to_move"] == idle_seat
    assert back["observation"]["piles"][f"{idle_seat}-turned"] == []
    assert back["move_count"] == mover.state["move_count"]
    mover.page.wait_for_function("() => window.parlour.state.away.length === 0")
    assert mover.page.inner_text(".turn").endswith("Your opponent is back.")  # said, not only gone
    assert [n.script_errors for n in (north, south, third)] == [[], [], []]


def test_the_second_player_sitting_down_hands_the_focus_from_the_link_to_the_table(
    browser_context_pair: tuple[BrowserContext, BrowserContext], live: LiveServer
) -> None:
    """The link's field and button go once the table is full: the one who had the focus there
    finds it on the table, not lost to the page."""
    north = Table(browser_context_pair[0].new_page(), live.url)
    south = Table(browser_context_pair[1].new_page(), live.url)
    with live.dealing(deal=DEAL):
        north.open("/wrangle?vs=human")
    north.page.focus("[data-join-link]")
    link = north.page.get_attribute("[data-join-link]", "data-join-link")
    assert link
    south.open(link.removeprefix(live.url))
    north.page.wait_for_function("() => window.parlour.state.waiting === false")
    assert north.page.evaluate(
        "() => document.querySelector('.table').contains(document.activeElement)"
    )


def test_the_other_player_s_undo_and_redo_are_said_as_his(
    browser_context_pair: tuple[BrowserContext, BrowserContext], live: LiveServer
) -> None:
    north, south = seat_table(browser_context_pair, live, deal=DEAL)
    mover_seat = north.state["observation"]["to_move"]
    mover, other = (north, south) if mover_seat == "north" else (south, north)
    mover.send(next(m for m in mover.legal() if ">" in m))  # an ace up, shown to both already
    for control, said in (
        ("undo", "Your opponent took back: "),
        ("redo", "Your opponent played again: "),
    ):
        seen = other.seq
        mover.control(control)
        other.wait_for_news(seen)
        assert other.message.startswith(said)
        assert mover.message.startswith("Undone: " if control == "undo" else "Redone: ")


def test_at_a_table_the_turn_shows_in_the_tab_and_the_hint_waits_for_it(
    browser_context_pair: tuple[BrowserContext, BrowserContext], live: LiveServer
) -> None:
    """A player waiting in another tab sees the turn come back in its title; the hint, which
    the server gives only to the player to move, waits for the turn; a refusal is a sentence."""
    north, south = seat_table(browser_context_pair, live, deal=DEAL)
    mover_seat = north.state["observation"]["to_move"]
    mover, idle = (north, south) if mover_seat == "north" else (south, north)
    assert mover.page.title().startswith("Your turn · ")
    assert not idle.page.title().startswith("Your turn")
    assert mover.page.is_enabled('[data-control="hint"]')
    assert idle.page.is_disabled('[data-control="hint"]')
    idle.page.evaluate("(move) => window.parlour.send({type: 'move', move})", mover.legal()[0])
    idle.page.wait_for_selector(".message.refused")
    assert idle.message == f"It is {mover_seat}'s turn, not yours."


def test_a_link_to_a_game_this_browser_holds_no_seat_in_says_so_as_a_new_one_begins(
    table: Table,
) -> None:
    state = table.open("/wrangle?vs=greedy&first=north&game=not-held-here")  # the person begins
    assert state["moves"] == [] and state["seat"] == "north"
    assert table.message.startswith("The game that link names is not held in this browser")
    assert "game=not-held-here" not in table.page.url  # the new game's own link
