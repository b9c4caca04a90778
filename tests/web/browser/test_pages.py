"""The lobby, shareable deals, refused moves, the game controls, resuming and the statistics,
through the page as a player uses it."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, BrowserContext, expect

from parlour.games import get_game
from parlour.games.heads_and_tails import PACKETS_STAY
from tests.conformance.wins import known_win
from tests.web.browser.table import PHONE, Table

HEADS_AND_TAILS = get_game("heads-and-tails")
GAME_IDS = ["royal-marriage", "heads-and-tails", "four-corners", "plait", "wrangle"]
SEATS_KEY = "parlour.seats"  # where the page keeps the seats its browser holds (net.js)


def play_to_the_end(table: Table) -> None:
    """The first legal move, until the game is over."""
    while table.state["observation"]["outcome"] is None:
        table.send(table.legal()[0])


def test_the_lobby_shows_the_games_their_rules_and_starts_a_chosen_deal(table: Table) -> None:
    page = table.page
    page.goto(table.base_url + "/")
    cards = page.locator(".game-card")
    cards.first.wait_for()
    assert [cards.nth(i).get_attribute("data-game") for i in range(cards.count())] == GAME_IDS
    plait = page.locator('.game-card[data-game="plait"]')
    assert "plait" in plait.locator(".summary").inner_text().lower()
    assert plait.locator(".description").inner_text() == get_game("plait").info.description
    plait.locator(".rules summary").click()
    page.wait_for_function(
        "() => document.querySelector('[data-game=plait] .rules-text').textContent.length > 500"
    )
    assert "PL-1" in plait.locator(".rules-text").inner_text()
    assert table.screenshot("lobby") == []

    start = page.locator('[data-start="heads-and-tails"]')
    start.locator('select[name="variant"]').select_option("open-spaces")
    start.locator('input[name="deal"]').fill("7")
    start.locator('button[type="submit"]').click()
    page.wait_for_function("() => window.parlour && window.parlour.state")
    assert page.url.endswith("/play/heads-and-tails?variant=open-spaces&deal=7")
    params = HEADS_AND_TAILS.info.params_type(variant="open-spaces")
    assert table.state["observation"] == HEADS_AND_TAILS.observe(
        HEADS_AND_TAILS.new(params, deal=7)
    )
    assert "Deal 7" in page.inner_text(".deal")


def test_a_random_deal_gets_a_number_and_its_link_gives_the_same_deal(
    table: Table, browser_context_pair: tuple[BrowserContext, BrowserContext]
) -> None:
    state = table.open("/play/four-corners")
    deal = state["deal"]
    assert isinstance(deal, int)
    assert table.page.url.endswith(f"/play/four-corners?deal={deal}")
    assert f"Deal {deal}" in table.page.inner_text(".deal")
    other = Table(browser_context_pair[0].new_page(), table.base_url)
    shared = other.open(table.page.url.removeprefix(table.base_url))
    assert shared["game_id"] != state["game_id"]
    assert shared["observation"] == state["observation"]


def test_a_refused_move_is_explained_and_changes_nothing(table: Table) -> None:
    before = table.open("/play/heads-and-tails?variant=standard&deal=3")
    seen = table.seq
    source = next(m.split(">")[0] for m in table.legal() if ">" in m)
    table.top_card(source).click()
    assert table.page.locator("[data-pile].target").count() >= 1
    table.pile("reserve-1").click()  # HT-3: nothing is ever played onto a reserve packet
    table.page.wait_for_selector(".message.refused")
    assert table.message.strip() != ""
    assert table.seq == seen
    assert table.state == before
    table.page.locator('[data-pile="reserve-2"]').click()
    assert table.message == PACKETS_STAY  # HT-3: a packet's card is not one that waits its turn
    stuck = next(
        f"{row}-{i}"
        for row in ("head", "tail")
        for i in range(1, 9)
        if not any(m.startswith(f"{row}-{i}>") for m in table.legal())
    )
    table.top_card(stuck).click()
    assert table.message == "That card cannot move now."
    assert table.page.is_visible('[data-control="autoplay"]')


def test_a_card_that_cannot_move_dragged_away_is_told_why(table: Table) -> None:
    """The click that says why is lost when the press and the release fall on two places."""
    before = table.open("/play/heads-and-tails?variant=standard&deal=3")
    start, end = (table.pile(name).bounding_box() for name in ("reserve-2", "ace-S"))
    assert start and end
    mouse = table.page.mouse
    mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    mouse.down()
    mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=8)
    assert table.page.locator(".ghost").count() == 0  # nothing to carry
    mouse.up()
    expect(table.page.locator(".message")).to_have_text(PACKETS_STAY)
    assert table.state == before


def test_a_row_card_dragged_says_the_row_is_chosen_by_clicks_and_its_free_space_is_felt(
    table: Table,
) -> None:
    """Royal Marriage's row takes clicks, card by card: a drag there is told so, not that a
    card which may be discarded cannot move; a click on the row's free space says nothing."""
    table.open("/play/royal-marriage?variant=standard&mode=as-dealt&deal=55")
    table.play("deal")
    before = table.state
    assert before["observation"]["legal_moves"] == ["discard 5D"]  # 5D can go
    card = table.page.locator('[data-pile="row"] [data-card="5D"]').bounding_box()
    row = table.pile("row").bounding_box()
    assert card and row
    mouse = table.page.mouse
    mouse.move(card["x"] + card["width"] / 2, card["y"] + card["height"] / 2)
    mouse.down()
    mouse.move(card["x"] + card["width"] * 3, card["y"] + card["height"] / 2, steps=8)
    mouse.up()
    expect(table.page.locator(".message")).to_have_text(
        "The row's cards are not dragged: click each card a move takes."
    )
    table.page.evaluate("() => { document.querySelector('.message').textContent = ''; }")
    mouse.click(row["x"] + row["width"] - 5, row["y"] + row["height"] - 5)  # below the cards
    table.page.wait_for_timeout(300)
    assert table.message == ""
    assert table.state == before


def test_a_hint_puts_down_the_card_picked_up(table: Table) -> None:
    """Else the next click, on the hint's card, would put the card held onto it."""
    start, moves = known_win(HEADS_AND_TAILS, HEADS_AND_TAILS.info.params_type())
    table.open(f"/play/heads-and-tails?variant=standard&deal={start.deal}")
    held = next(m.split(">")[0] for m in table.legal() if ">" in m and m != moves[0])
    table.top_card(held).click()
    expect(table.page.locator("[data-pile].selected")).to_have_count(1)
    table.hint()
    expect(table.page.locator("[data-pile].selected")).to_have_count(0)


def test_a_grace_is_offered_with_what_it_costs_before_it_is_spent(table: Table) -> None:
    """Open Discards: the discards are marked, not every card the grace could take; three cards
    that make no discard are a throw the player confirms, told it is the grace, once a game."""
    state = table.open("/play/royal-marriage?variant=discards&mode=open&deal=2")
    observation = state["observation"]
    in_discards = {card for move in observation["legal_moves"] for card in move.split()[1:]}
    marked = table.page.locator('[data-pile="row"] .can-act')
    expect(marked).to_have_count(len(in_discards))
    assert "Open to you: the grace, once a game: 3 cards thrown out." in table.page.inner_text(
        ".tip"
    )
    grace = observation["card_choices"][0]
    three = [card for card in grace["cards"] if card not in in_discards][:3]
    for card in three:
        table.page.locator(f'[data-pile="row"] [data-card="{card}"]').click()
    assert table.message.startswith("Confirm with the button above (the grace, once a game: 3")
    throw = "throw " + " ".join(card for card in grace["cards"] if card in three)
    offered = table.page.locator(f'.choice[data-move="{throw}"]')
    expect(offered).to_have_count(1)
    assert table.state["moves"] == []  # nothing spent yet
    seen = table.seq
    offered.click()
    table.settle(seen)
    assert table.state["moves"] == [throw]


def test_a_discard_that_a_grace_could_grow_from_is_offered_with_more_cards_to_choose(
    table: Table,
) -> None:
    """Open Discards: one card of a discard is a discard to confirm, or the first of a throw;
    the grace's note goes with the more cards, not with the discard."""
    state = table.open("/play/royal-marriage?variant=discards&mode=open&deal=2")
    single = next(m for m in state["observation"]["legal_moves"] if len(m.split()) == 2)
    table.page.locator(f'[data-pile="row"] [data-card="{single.split()[1]}"]').click()
    assert table.message.startswith(
        "Confirm with the button above, or choose more cards (the grace, once a game: 3"
    )
    expect(table.page.locator(f'.choice[data-move="{single}"]')).to_have_count(1)


def test_a_click_on_the_stock_deals_or_gives_the_rule_s_reason(table: Table) -> None:
    table.open("/play/royal-marriage?variant=standard&mode=as-dealt&deal=11")
    table.play("deal")
    before = table.state
    assert before["observation"]["legal_moves"] == ["discard 8H"]
    table.pile("stock").click()
    table.page.wait_for_selector(".message.refused")
    said = "You must discard before dealing (RM-4): discard eight of hearts is possible"
    assert table.message.startswith(said)
    assert table.state == before

    table.open("/play/plait?variant=standard&deal=7")
    for _ in range(29):  # deal 7's 29th card can start a foundation from the waste
        table.send("deal")
    assert "waste>foundation-3" in table.legal()
    table.top_card("waste").click()
    expect(table.pile("waste")).to_have_class(re.compile("selected"))
    seen = table.seq
    table.pile("stock").click()  # deals, putting the waste's card down
    table.settle(seen)
    assert table.state["last"] == "deal"


def test_escape_or_a_click_on_the_felt_puts_a_card_down(table: Table) -> None:
    start, moves = known_win(HEADS_AND_TAILS, HEADS_AND_TAILS.info.params_type())
    table.open(f"/play/heads-and-tails?variant=standard&deal={start.deal}")
    source = moves[0].split(">")[0]
    picked = table.page.locator("[data-pile].selected")
    table.top_card(source).click()
    expect(picked).to_have_count(1)
    table.page.keyboard.press("Escape")
    expect(picked).to_have_count(0)
    table.top_card(source).click()
    expect(picked).to_have_count(1)
    table.page.locator(".table").click(position={"x": 3, "y": 3})
    expect(picked).to_have_count(0)
    assert table.state["moves"] == []


def test_the_counts_a_player_needs_are_shown(table: Table) -> None:
    table.open("/play/four-corners?deal=1")
    assert table.page.inner_text(".counts") == "2 redeals left"  # FC-4
    table.open("/play/plait?variant=standard&deal=1")
    assert table.page.inner_text(".counts") == "2 redeals left"  # PL-5, passes not said beside


def test_restart_automatic_moves_and_new_deal(table: Table) -> None:
    start, moves = known_win(HEADS_AND_TAILS, HEADS_AND_TAILS.info.params_type())
    first = table.open(f"/play/heads-and-tails?variant=standard&deal={start.deal}")
    for move in moves[:3]:
        table.play(move)
    assert table.state["moves"] == moves[:3]
    table.control("restart")
    assert table.state["moves"] == []
    assert table.state["observation"] == first["observation"]

    table.control("autoplay")
    assert table.state["autoplay"] is True
    table.play(moves[0])  # head-1>ace-H, then whatever autoplay sends up with it
    assert table.state["moves"][0] == moves[0]

    table.page.click('[data-control="new-deal"]')
    table.page.wait_for_function(
        "(old) => window.parlour && window.parlour.state && window.parlour.state.game_id !== old",
        arg=first["game_id"],
    )
    assert table.state["moves"] == []
    assert re.search(r"/play/heads-and-tails\?variant=standard&deal=\d+$", table.page.url)
    assert table.state["autoplay"] is True  # the setting is kept for the next game

    marriage = table.open("/play/royal-marriage?deal=3")  # a game with none: played without
    assert marriage["observation"]["game"] == "royal-marriage" and marriage["autoplay"] is False
    assert table.page.is_hidden('[data-control="autoplay"]')


def test_a_reload_resumes_the_game_and_the_lobby_offers_it(table: Table) -> None:
    start, moves = known_win(HEADS_AND_TAILS, HEADS_AND_TAILS.info.params_type())
    state = table.open(f"/play/heads-and-tails?variant=standard&deal={start.deal}")
    table.play(moves[0])
    table.page.reload()
    table.page.wait_for_function("() => window.parlour && window.parlour.state")
    assert table.state["game_id"] == state["game_id"]
    assert table.state["moves"] == [moves[0]]

    table.page.goto(table.base_url + "/")
    resume = table.page.locator(f'[data-resume="{state["game_id"]}"]')
    assert resume.locator("xpath=..").inner_text().endswith("· standard · 1 move")
    resume.click()
    table.page.wait_for_function("() => window.parlour && window.parlour.state")
    assert table.state["game_id"] == state["game_id"]
    assert table.state["moves"] == [moves[0]]

    corners = table.open("/play/four-corners?deal=4")  # a game with no variant says none
    table.send(table.legal()[0])
    table.page.goto(table.base_url + "/")
    resume = table.page.locator(f'[data-resume="{corners["game_id"]}"]')
    assert resume.locator("xpath=..").inner_text() == "The Four Corners, deal 4 · 1 move"

    untouched = table.open("/play/four-corners?deal=5")  # opened, nothing played: not offered
    table.page.goto(table.base_url + "/")
    table.page.locator(f'[data-resume="{corners["game_id"]}"]').wait_for()
    assert table.page.locator(f'[data-resume="{untouched["game_id"]}"]').count() == 0


def test_each_game_the_lobby_offers_opens_itself_where_one_deal_was_played_twice(
    table: Table,
) -> None:
    first = table.open("/play/plait?deal=5")  # its link becomes the full one
    table.play(first["observation"]["legal_moves"][0])
    second = table.open("/play/plait?deal=5")  # not the held link: a second game of the deal
    assert second["game_id"] != first["game_id"] and second["link"] == first["link"]
    table.play(second["observation"]["legal_moves"][0])
    for game in (first, second):
        table.page.goto(table.base_url + "/")
        table.page.locator(f'[data-resume="{game["game_id"]}"]').click()
        table.page.wait_for_function(
            "(id) => window.parlour && window.parlour.state?.game_id === id", arg=game["game_id"]
        )
        assert table.page.url == table.base_url + game["link"]  # the game's own link again


def test_a_won_game_counts_in_the_statistics(table: Table) -> None:
    game = get_game("royal-marriage")
    start, moves = known_win(game, game.info.params_type(mode="open"))
    table.open(f"/play/royal-marriage?variant=standard&mode=open&deal={start.deal}")
    for move in moves:
        table.play(move)
    assert "Won" in table.page.inner_text(".ending")
    table.page.goto(table.base_url + "/stats")
    row = table.page.locator(
        '.stats tr[data-game="royal-marriage"][data-params="variant=standard,mode=open"]'
    )
    row.wait_for()
    cells = row.locator("td").all_inner_texts()
    assert cells[:2] == ["Royal Marriage", "standard, open"]
    assert int(cells[3]) >= 1  # won
    assert table.page.inner_text(".stats caption") == "Games finished, by game and variant"
    assert table.screenshot("statistics") == []


def test_a_lost_game_is_said_with_its_moves_and_time(table: Table) -> None:
    table.open("/play/royal-marriage?variant=standard&mode=open&deal=1")
    played = 0
    while table.state["observation"]["outcome"] is None:
        table.play(table.legal()[0])
        played += 1
    assert table.state["observation"]["outcome"] == "lost"
    ending = table.page.locator(".ending").inner_text()
    assert "Lost" in ending
    assert re.search(rf"{played} moves in \d+:\d\d", ending)
    assert table.page.is_disabled('[data-control="hint"]')  # nothing is left to hint
    assert table.page.is_hidden('[data-control="autoplay"]')  # no automatic moves in RM


def test_a_finished_deal_asked_for_again_is_dealt_afresh(table: Table) -> None:
    finished = table.open("/play/royal-marriage?variant=standard&mode=open&deal=1")
    play_to_the_end(table)
    page = table.page
    page.goto(table.base_url + "/")
    start = page.locator('[data-start="royal-marriage"]')
    start.locator('select[name="mode"]').select_option("open")
    start.locator('input[name="deal"]').fill("1")
    start.locator('button[type="submit"]').click()
    page.wait_for_function("() => window.parlour && window.parlour.state")
    fresh = table.state
    assert fresh["game_id"] != finished["game_id"]
    assert fresh["moves"] == [] and fresh["observation"] == finished["observation"]
    assert page.is_hidden(".ending")


def test_the_lobby_offers_the_newest_game_however_many_seats_were_kept(table: Table) -> None:
    table.page.goto(table.base_url + "/")
    table.page.evaluate(
        """(key) => {
          const seats = {};
          for (let i = 0; i < 250; i++) seats[`old-${i}`] = { token: "t", link: `/old/${i}` };
          localStorage.setItem(key, JSON.stringify(seats));
        }""",
        SEATS_KEY,
    )
    state = table.open("/play/plait?variant=standard&deal=9")
    table.send(table.legal()[0])
    table.page.goto(table.base_url + "/")
    table.page.locator(".game-card").first.wait_for()  # shown after the games to resume
    assert table.page.locator(f'[data-resume="{state["game_id"]}"]').count() == 1
    kept = table.page.evaluate("(key) => Object.keys(JSON.parse(localStorage[key]))", SEATS_KEY)
    assert len(kept) == 200 and "old-0" not in kept and kept[-1] == state["game_id"]


def test_a_card_dragged_by_a_finger_on_a_phone(browser: Browser, live_server: str) -> None:
    start, moves = known_win(HEADS_AND_TAILS, HEADS_AND_TAILS.info.params_type())
    phone = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        table = Table(phone.new_page(), live_server)
        table.open(f"/play/heads-and-tails?variant=standard&deal={start.deal}")
        table.touch_drag(moves[0])
        assert table.state["moves"] == [moves[0]]
        # taps straight after the drag pick a card up and put it down: a browser may make no
        # click of a tap that soon after a drag, nor, when it does, two of one
        source, target = moves[1].split(">")
        for place, pile in ((table.top_card(source), source), (table.pile(target), None)):
            box = place.bounding_box()
            assert box
            seen = table.seq
            table.page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            if pile is not None:
                expect(table.page.locator("[data-pile].selected")).to_have_attribute(
                    "data-pile", pile
                )
                table.page.wait_for_timeout(1000)  # past any click the browser makes of it
                expect(table.page.locator("[data-pile].selected")).to_have_count(1)
            else:
                table.settle(seen)
        assert table.state["moves"] == moves[:2]
        assert table.script_errors == []
    finally:
        phone.close()


def test_keys_play_a_move(table: Table) -> None:
    start, moves = known_win(HEADS_AND_TAILS, HEADS_AND_TAILS.info.params_type())
    table.open(f"/play/heads-and-tails?variant=standard&deal={start.deal}")
    source, target = moves[0].split(">")
    seen = table.seq
    table.pile(source).focus()
    table.page.keyboard.press("Enter")
    assert table.page.locator(f'[data-pile="{source}"].selected').count() == 1
    assert table.page.locator(f'[data-pile="{target}"].target').count() == 1
    table.pile(target).focus()
    table.page.keyboard.press(" ")
    table.settle(seen)
    assert table.state["moves"] == [moves[0]]


def test_an_undo_after_the_end_and_a_reload_resume_the_game(table: Table) -> None:
    state = table.open("/play/royal-marriage?variant=standard&mode=open&deal=1")
    while table.state["observation"]["outcome"] is None:
        table.play(table.legal()[0])
    played = len(table.state["moves"])
    table.control("undo")
    assert table.state["observation"]["outcome"] is None
    table.page.reload()
    table.page.wait_for_function("() => window.parlour && window.parlour.state")
    assert table.state["game_id"] == state["game_id"]
    assert len(table.state["moves"]) == played - 1


def test_a_deal_number_past_two_to_the_53_is_played_exactly(table: Table) -> None:
    deal = 2**53 + 1  # a JavaScript number would make it 2**53
    state = table.open(f"/play/plait?variant=standard&deal={deal}")
    assert state["link"] == f"/play/plait?variant=standard&deal={deal}"
    plait = get_game("plait")
    assert state["observation"]["piles"] == plait.observe(plait.new(deal=deal))["piles"]
    assert f"Deal {deal}" in table.page.inner_text(".deal")


def test_a_link_whose_deal_is_not_a_number_says_so(table: Table) -> None:
    table.page.goto(table.base_url + "/play/plait?variant=standard&deal=7x")
    table.page.wait_for_selector(".message.refused")
    assert table.message.startswith("Deal '7x' is not a deal number")
    assert table.script_errors == []


def test_each_game_against_the_computer_keeps_its_own_link(table: Table) -> None:
    first = table.open("/wrangle?vs=greedy&new=1")
    second = table.open("/wrangle?vs=greedy&new=1")
    assert first["game_id"] != second["game_id"]
    assert second["link"] == f"/wrangle?vs=greedy&game={second['game_id']}"
    table.page.reload()
    table.page.wait_for_function("() => window.parlour && window.parlour.state")
    assert table.state["game_id"] == second["game_id"]
    table.open(first["link"])
    assert table.state["game_id"] == first["game_id"]


def test_best_times_read_as_minutes_and_seconds(table: Table) -> None:
    won = {"played": 2, "won": 2, "current_streak": 2, "best_streak": 2, "best_seconds": 59.6}
    faked = [{"game": "plait", "params": {"variant": "standard"}, **won}]
    table.page.route("**/api/stats", lambda route: route.fulfill(json=faked))
    table.page.goto(table.base_url + "/stats")
    row = table.page.locator('.stats tr[data-game="plait"]')
    row.wait_for()
    assert row.locator("td").all_inner_texts()[-1] == "1:00"


def test_a_deal_number_with_leading_zeros_is_that_number(table: Table) -> None:
    page = table.page
    page.goto(table.base_url + "/")
    start = page.locator('[data-start="plait"]')
    start.locator('input[name="deal"]').fill("007")
    start.locator('button[type="submit"]').click()
    page.wait_for_function("() => window.parlour && window.parlour.state")
    state = table.state
    assert state["deal"] == 7
    assert state["link"] == "/play/plait?variant=standard&deal=7"
    page.wait_for_function("() => location.search === '?variant=standard&deal=7'")
    assert "Deal 7" in page.inner_text(".deal")
    plait = get_game("plait")
    assert state["observation"] == plait.observe(plait.new(deal=7))

    zero = table.open("/play/four-corners?deal=000")
    assert zero["deal"] == 0 and zero["link"] == "/play/four-corners?deal=0"

    table.received.clear()
    table.open("/wrangle?vs=greedy&deal=0012&new=1")
    first = next(m for m in table.received if m["type"] == "state")
    wrangle = get_game("wrangle")
    assert first["observation"] == wrangle.observe(wrangle.new(deal=12), "north")
    assert not [m for m in table.received if m["type"] == "error"]


def test_the_focus_stays_on_its_pile_after_a_move_made_by_keys(table: Table) -> None:
    start, moves = known_win(HEADS_AND_TAILS, HEADS_AND_TAILS.info.params_type())
    table.open(f"/play/heads-and-tails?variant=standard&deal={start.deal}")
    page = table.page
    source, target = moves[0].split(">")
    focused = "() => document.activeElement.dataset.pile ?? document.activeElement.tagName"
    seen = table.seq
    table.pile(source).focus()
    page.keyboard.press("Enter")
    table.pile(target).focus()
    page.keyboard.press("Enter")
    table.settle(seen)
    assert table.state["moves"] == [moves[0]]
    assert page.evaluate(focused) == target
    # the next key goes on from there, to the nearest place on its right, not the first pile
    centre = """(name) => {
      const box = document.querySelector(`[data-pile="${name}"]`).getBoundingClientRect();
      return [box.left + box.width / 2, box.top + box.height / 2];
    }"""
    page.keyboard.press("ArrowRight")
    right = page.evaluate(focused)
    (x, y), (rx, ry) = page.evaluate(centre, target), page.evaluate(centre, right)
    assert rx > x and abs(ry - y) < 1, (target, right)

    # focus elsewhere on the page is left where it is
    page.focus('[data-control="restart"]')
    table.send(moves[1])
    assert page.evaluate("() => document.activeElement.dataset.control") == "restart"


def test_the_table_is_one_stop_of_the_tab_key_and_the_arrows_cross_it(table: Table) -> None:
    """Tab enters the table at the place last left and leaves it at the next press; the
    arrows, Home and End go from place to place on it."""
    table.open("/play/four-corners?deal=3")
    page = table.page
    focused = "() => document.activeElement.dataset.pile ?? document.activeElement.tagName"
    on_table = "() => document.querySelector('.table').contains(document.activeElement)"
    page.focus('[data-control="hint"]')
    for _ in range(4):  # past the controls and the moves that are not a card's
        page.keyboard.press("Tab")
        if page.evaluate(on_table):
            break
    assert page.evaluate(focused) == "heap-1"
    steps = [
        ("ArrowDown", "heap-2"),
        ("ArrowRight", "ace-S"),
        ("ArrowRight", "king-S"),
        ("ArrowRight", "heap-8"),
        ("ArrowUp", "heap-7"),
        ("ArrowLeft", "heap-1"),
        ("ArrowLeft", "heap-1"),
        ("End", "heap-12"),
        ("Home", "heap-1"),
    ]
    for key, pile in steps:
        page.keyboard.press(key)
        assert page.evaluate(focused) == pile, key
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Tab")
    assert page.evaluate(on_table) is False
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(focused) == "heap-2"


def test_a_shared_link_with_a_key_that_is_no_option_gives_its_deal(table: Table) -> None:
    state = table.open("/play/plait?variant=standard&deal=5&fbclid=IwAR0abc")
    plait = get_game("plait")
    assert state["observation"] == plait.observe(plait.new(deal=5))
    assert state["link"] == "/play/plait?variant=standard&deal=5"
    assert table.page.locator("[data-pile]").count() > 0

    corners = table.open("/play/four-corners?utm_source=mail&deal=3")
    assert corners["deal"] == 3 and corners["observation"]["params"] == {}

    # a key that is an option, with a bad value, is still refused in the server's words
    table.page.goto(table.base_url + "/play/plait?variant=nine-passes&deal=5&fbclid=IwAR0abc")
    table.page.wait_for_selector(".message.refused")
    assert '"nine-passes" is not a variant of this game' in table.message
