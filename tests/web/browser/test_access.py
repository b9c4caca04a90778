"""The page for those who play by keys or hear it read: the focus kept where the keys were,
places and cards named with their highlights, moves said in words, keys for the controls, and
marks that stand out from what is behind them."""

from __future__ import annotations

import re

from parlour.games import get_game
from tests.conformance.wins import known_win
from tests.web.browser.table import Table
from tests.web.browser.table import card_words as words

HEADS_AND_TAILS = get_game("heads-and-tails")
SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
FOCUSED = "() => document.activeElement.dataset.pile ?? document.activeElement.dataset.control"
ON_TABLE = "() => document.querySelector('.table').contains(document.activeElement)"


def pile_words(pile: str) -> str:
    """Heads and Tails' places as the page names them: head 2, tail 3, king foundation, ♥."""
    kind, _, which = pile.partition("-")
    if kind in ("king", "ace"):
        return f"{kind} foundation, {SIGNS[which]}"
    return f"{kind} {which}"


def first_move(table: Table) -> tuple[str, str, str]:
    """Opens Heads and Tails on a deal known to be won; its first move's card and piles."""
    start, moves = known_win(HEADS_AND_TAILS, HEADS_AND_TAILS.info.params_type())
    table.open(f"/play/heads-and-tails?variant=standard&deal={start.deal}")
    source, target = moves[0].split(">")
    return table.state["observation"]["piles"][source][-1], source, target


def test_an_action_pressed_by_keys_keeps_the_focus(table: Table) -> None:
    """Deal pressed with Enter: the focus stays on Deal while dealing goes on, then goes to the
    table, where nothing is left but the cards to choose (a discard, RM-4)."""
    table.open("/play/royal-marriage?variant=standard&deal=2")
    page = table.page
    page.focus('.actions [data-move="deal"]')
    while "deal" in table.legal():
        seen = table.seq
        page.keyboard.press("Enter")
        table.settle(seen)
        if "deal" in table.legal():
            assert page.evaluate("() => document.activeElement.dataset.move") == "deal"
    assert page.evaluate(ON_TABLE) is True


def test_a_control_disabled_by_its_own_press_hands_the_focus_on(table: Table) -> None:
    _, source, target = first_move(table)
    table.send(f"{source}>{target}")
    page = table.page
    page.focus('[data-control="undo"]')
    seen = table.seq
    page.keyboard.press("Enter")
    table.settle(seen)
    assert table.state["moves"] == []
    assert page.evaluate(FOCUSED) == "redo"  # undo has nothing left, so it is disabled


def test_places_name_their_cards_and_say_their_highlights(table: Table) -> None:
    card, source, target = first_move(table)
    shown = table.state["observation"]["piles"][source]
    label = table.pile(source).get_attribute("aria-label") or ""
    assert label.startswith(f"{pile_words(source)}: ")
    assert ", ".join(map(words, shown)) in label  # a fan names every card, the free one last
    assert "can move" in label
    table.top_card(source).click()
    assert "picked up" in (table.pile(source).get_attribute("aria-label") or "")
    assert "it can go here" in (table.pile(target).get_attribute("aria-label") or "")
    picked = f"Picked up {words(card)} from {pile_words(source)}: it can go to "
    assert table.message.startswith(picked) and pile_words(target) in table.message
    seen = table.seq
    table.pile(target).click()
    table.settle(seen)
    played = f"Played {words(card)} from {pile_words(source)} to {pile_words(target)}."
    assert table.message == played
    assert "it can go here" not in (table.pile(target).get_attribute("aria-label") or "")


def test_a_refusal_is_said_in_the_page_s_words(table: Table) -> None:
    """The server's reason names piles and cards in notation; the page says them as it says
    its own moves, and keeps the ruling's id."""
    card, source, _ = first_move(table)
    table.top_card(source).click()
    table.pile("reserve-1").click()  # HT-3: nothing is ever played onto a reserve packet
    table.page.wait_for_selector(".message.refused")
    said = (
        f"{words(card).capitalize()} from {pile_words(source)} to reserve packet 1 is not allowed"
    )
    assert table.message.startswith(said)
    assert f"{source}>" not in table.message and "reserve-1" not in table.message


def test_a_refusal_in_the_server_s_lower_case_is_said_as_a_sentence(table: Table) -> None:
    table.page.goto(table.base_url + "/play/nosuch")  # no game starts: no state comes
    table.page.wait_for_selector(".message.refused")
    assert table.message.startswith('There is no game "nosuch"')


def test_a_row_card_chosen_again_is_said_put_back(table: Table) -> None:
    """Royal Marriage: a card no discard takes, chosen and chosen again, is put back."""
    table.open("/play/royal-marriage?variant=standard&mode=as-dealt&deal=55")
    table.play("deal")
    queen = table.page.locator('[data-pile="row"] [data-card="QH"]')
    queen.click()
    assert table.message.startswith("No discard takes queen of hearts now")
    queen.click()
    assert table.message == "Put back queen of hearts: no card is chosen."
    assert queen.get_attribute("aria-pressed") == "false"


def test_a_deal_says_the_card_it_laid_face_up(table: Table) -> None:
    table.open("/play/royal-marriage?variant=standard&deal=2")
    table.play("deal")
    row = table.state["observation"]["piles"]["row"]
    assert table.message == f"Played deal: {words(row[-1])} on the row."


def test_a_card_dealt_and_sent_up_at_once_is_said_where_it_went(table: Table) -> None:
    """With automatic moves on, the Plait's card dealt to the waste may go up at once: the
    deal names the card, and the automatic move where it went, never the waste as its place."""
    table.open("/play/plait?variant=standard&deal=44")
    table.control("autoplay")
    table.play("deal")
    assert table.state["moves"] == ["deal", "waste>foundation-5"]  # what this deal does
    card = words(table.state["observation"]["piles"]["foundation-5"][-1])
    assert table.message == (
        f"Played deal: {card}; then 1 automatic move, up to {card} on foundation 5."
    )


def test_a_hint_is_said_in_words(table: Table) -> None:
    card, source, target = first_move(table)
    assert table.hint() == f"{source}>{target}"
    said = f"Hint: {words(card)} from {pile_words(source)} to {pile_words(target)} (a winning line"
    assert table.message.startswith(said)
    assert "the hint takes from here" in (table.pile(source).get_attribute("aria-label") or "")


def test_keys_undo_redo_and_ask_for_a_hint(table: Table) -> None:
    _, source, target = first_move(table)
    table.send(f"{source}>{target}")
    page = table.page
    keys = page.locator('[data-control="undo"]').get_attribute("aria-keyshortcuts")
    assert keys == "U"
    for key, moves in (("u", []), ("r", [f"{source}>{target}"])):
        seen = table.seq
        page.keyboard.press(key)
        table.settle(seen)
        assert table.state["moves"] == moves
    page.evaluate('document.getElementById("app").removeAttribute("data-hint")')
    page.keyboard.press("h")
    page.wait_for_function('() => document.getElementById("app").hasAttribute("data-hint")')
    assert table.message.startswith("Hint: ")
    seen = table.seq
    page.keyboard.press("Control+u")  # a key with Ctrl is the browser's, not the game's
    page.keyboard.press("u")
    table.settle(seen)
    assert table.state["moves"] == []
    assert "U undoes" in (page.text_content(".keys") or "")


_COLOURS = """(selector) => {
  const el = document.querySelector(selector);
  const style = getComputedStyle(el);
  const back = (node) => {
    for (; node; node = node.parentElement) {
      const colour = getComputedStyle(node).backgroundColor;
      if (colour !== "rgba(0, 0, 0, 0)") return colour;
    }
    return "rgb(255, 255, 255)";
  };
  return { outline: style.outlineColor, colour: style.color, border: style.borderTopColor,
           drawn: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0,
           back: back(el.parentElement) };
}"""


def rgba(text: str) -> tuple[float, float, float, float]:
    numbers = [float(n) for n in re.findall(r"[\d.]+", text)]
    return (numbers[0], numbers[1], numbers[2], numbers[3] if len(numbers) > 3 else 1.0)


def contrast(front: str, back: str) -> float:
    """WCAG contrast of `front` (with its alpha, over `back`) against `back`."""
    *fore, alpha = rgba(front)
    behind = rgba(back)[:3]
    seen = [alpha * f + (1 - alpha) * b for f, b in zip(fore, behind, strict=True)]

    def luminance(rgb: list[float] | tuple[float, ...]) -> float:
        linear = [c / 255 / 12.92 if c <= 10.3 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(seen), luminance(behind)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_focus_ring_and_empty_places_stand_out(table: Table) -> None:
    """WCAG's 3:1 for the focus ring (on the bars and on the felt) and for an empty place's
    outline, 4.5:1 for the word written in it."""
    table.open("/play/plait?variant=standard&deal=4")
    page = table.page
    page.focus('[data-control="hint"]')  # enabled from the start, where Undo is not
    page.keyboard.press("Shift+Tab")  # a key press, so that the ring shows (:focus-visible)
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.dataset.control") == "hint"
    bar = page.evaluate(_COLOURS, ":focus")  # a control of the bar, where the keys are
    assert bar["drawn"] and contrast(bar["outline"], bar["back"]) >= 3
    page.keyboard.press("Tab")
    while not page.evaluate(ON_TABLE):
        page.keyboard.press("Tab")
    felt = page.evaluate(_COLOURS, ".pile:focus")
    assert felt["drawn"] and contrast(felt["outline"], felt["back"]) >= 3
    slot = page.evaluate(_COLOURS, '[data-pile="waste"] .slot')
    assert contrast(slot["colour"], slot["back"]) >= 4.5
    assert contrast(slot["border"], slot["back"]) >= 3


def test_a_card_chosen_by_keys_still_shows_the_focus_ring(table: Table) -> None:
    """Chosen and focused are two marks: the gold ring of a chosen card is not the outline
    that shows where the keys are."""
    table.open("/play/royal-marriage?variant=standard&mode=open&deal=2")
    page = table.page
    discard = next(m for m in table.legal() if m.startswith("discard ") and len(m.split()) == 3)
    card = page.locator(f'[data-pile="row"] [data-card="{discard.split()[1]}"]')
    card.focus()
    page.keyboard.press("Enter")
    assert card.get_attribute("aria-pressed") == "true"
    ring = page.evaluate(
        "(el) => { const s = getComputedStyle(el); return [s.outlineStyle, s.outlineColor]; }",
        card.element_handle(),
    )
    assert ring == ["dashed", "rgb(255, 255, 255)"]


def played_to(table: Table, count: int) -> list[str]:
    """Opens Heads and Tails on its known win and plays the line's first `count` moves by the
    page's own code; returns the whole line."""
    start, moves = known_win(HEADS_AND_TAILS, HEADS_AND_TAILS.info.params_type())
    table.open(f"/play/heads-and-tails?variant=standard&deal={start.deal}")
    for move in moves[:count]:
        table.send(move)
    return moves


def test_automatic_moves_undo_redo_and_restart_are_said(table: Table) -> None:
    """What changes without a move of one's own is said too: the automatic moves switched on
    (here one card waits to go up), what undo takes back and redo plays again, a restart."""
    played_to(table, 79)  # the line's next move, tail 7 to its foundation, is safe (HT-2)
    card = table.state["observation"]["piles"]["tail-7"][-1]
    took = f"{words(card)} from tail 7 to ace foundation, ♥"
    table.control("autoplay")
    assert table.message == f"Automatic moves on: played {took}."
    table.control("undo")
    assert table.message == f"Undone: {took}."
    table.control("redo")
    assert table.message == f"Redone: {took}."
    table.control("restart")
    assert table.message == "Restarted: the deal as it was dealt."
    table.control("autoplay")
    assert table.message == "Automatic moves off."


def test_a_move_says_the_automatic_moves_after_it(table: Table) -> None:
    moves = played_to(table, 82)
    table.control("autoplay")
    assert table.message == "Automatic moves on."  # none waits here
    card = table.state["observation"]["piles"]["tail-5"][-1]
    table.send(moves[82])
    assert table.state["move_count"] == 82 + 5  # the move, then four automatic ones
    top = table.state["observation"]["piles"]["king-H"][-1]
    assert table.message == (
        f"Played {words(card)} from tail 5 to tail 6; then 4 automatic moves, up to "
        f"{words(top)} on king foundation, ♥."
    )


_CLEAR_OF_THE_BAR = """() => {
  const place = document.activeElement.getBoundingClientRect();
  const bar = document.querySelector(".dock").getBoundingClientRect();
  return place.top >= bar.bottom - 1 && place.bottom <= innerHeight + 1;
}"""


def test_a_place_the_arrows_reach_is_not_left_under_the_bar(table: Table) -> None:
    """On a small screen the bar of what to do and what happened stays at the top as the
    table scrolls; a place the arrows go to is scrolled clear of it, its focus ring seen."""
    table.page.set_viewport_size({"width": 390, "height": 520})
    first_move(table)
    page = table.page
    table.pile("tail-8").focus()
    page.keyboard.press("End")
    page.keyboard.press("Enter")  # a card picked up, or why not: the bar grows with the words
    assert table.message
    visited = []
    while (place := page.evaluate(FOCUSED)) not in visited:
        visited.append(place)
        assert page.evaluate(_CLEAR_OF_THE_BAR), f"{place} is under the bar or below the screen"
        page.keyboard.press("ArrowUp")
    assert any(place.startswith(("king-", "ace-")) for place in visited)  # the top row


def test_one_letter_keys_can_be_switched_off(table: Table) -> None:
    """A screen reader has letter keys of its own (H: the next heading): the page's can be
    switched off, and stay off on the next page."""
    _, source, target = first_move(table)
    table.send(f"{source}>{target}")
    page = table.page
    page.click(".keys summary")
    page.uncheck('[data-control="shortcuts"]')
    page.focus('[data-control="redo"]')
    page.keyboard.press("u")
    page.click('[data-control="hint"]')  # something sure to come back after the key
    page.wait_for_function('() => document.getElementById("app").hasAttribute("data-hint")')
    assert table.state["moves"] == [f"{source}>{target}"]
    page.reload()
    page.wait_for_function("() => window.parlour && window.parlour.state")
    assert not page.is_checked('[data-control="shortcuts"]')


def test_letter_keys_still_work_once_a_checkbox_was_clicked(table: Table) -> None:
    """A checkbox keeps the focus once clicked, but takes no letters: U still undoes."""
    _, source, target = first_move(table)
    table.send(f"{source}>{target}")
    page = table.page
    page.click(".keys summary")
    for _ in range(2):  # off and on again: the focus stays on the checkbox
        page.click('[data-control="shortcuts"]')
    assert page.evaluate("document.activeElement.dataset.control") == "shortcuts"
    seen = table.seq
    page.keyboard.press("u")
    table.settle(seen)
    assert table.state["moves"] == []


def test_the_lobby_names_each_game_s_controls(table: Table) -> None:
    """Five "Play" buttons read out in a list of controls say which game each plays."""
    table.page.goto(table.base_url + "/")
    page = table.page
    page.locator('[data-game="plait"]').wait_for()  # the lobby is drawn once /api/games comes
    assert page.get_by_role("button", name="Play The Plait", exact=True).count() == 1
    assert page.get_by_role("combobox", name="variant of Royal Marriage").count() == 1
    rules = page.locator('[data-game="plait"] .rules summary')
    assert rules.get_attribute("aria-label") == "The full rules of The Plait"


def test_a_grace_made_of_its_last_card_takes_the_focus(table: Table) -> None:
    """Push-pin's swap (RM-5) is offered for the player to confirm: once the cards chosen
    make it and nothing more could, its button takes the focus, and Enter plays it."""
    table.open("/play/royal-marriage?variant=push-pin&mode=open&deal=1")
    page = table.page
    for card in ("9H", "6D"):  # no discard takes both
        page.locator(f'[data-pile="row"] [data-card="{card}"]').focus()
        page.keyboard.press("Enter")
    swap = page.evaluate("() => document.activeElement.dataset.move")
    assert sorted(swap.split()) == ["6D", "9H", "swap"]
    assert table.message.startswith("Confirm with the button above (the grace")  # no third card
    assert "more cards" not in table.message
    seen = table.seq
    page.keyboard.press("Enter")
    table.settle(seen)
    assert table.state["last"] == swap
    assert page.evaluate(ON_TABLE) is True  # the button gone, the keys go on from the table


def test_a_card_put_down_is_said(table: Table) -> None:
    """Pressed again on its own pile, or with Escape, the card picked up is put down and that
    is said: "Picked up …, it can go to …" would else still stand for the card held."""
    card, source, _ = first_move(table)
    for put_down in (
        lambda: table.pile(source).click(),
        lambda: table.page.keyboard.press("Escape"),
    ):
        table.top_card(source).click()
        assert table.message.startswith("Picked up")
        put_down()
        assert table.message == f"Put down {words(card)} on {pile_words(source)}."
        assert table.page.evaluate("window.parlour.board.selected") is None


def test_a_card_discarded_by_keys_leaves_the_focus_where_it_was_in_the_row(table: Table) -> None:
    """The focus goes to the card that takes the discarded card's place, not back to the
    row's first card, so that the keys go on from there in a long row."""
    table.open("/play/royal-marriage?variant=standard&mode=as-dealt&deal=55")
    table.play("deal")
    row = table.state["observation"]["piles"]["row"]
    assert table.legal() == ["discard 5D"]
    page = table.page
    page.locator('[data-pile="row"] [data-card="5D"]').focus()
    seen = table.seq
    page.keyboard.press("Enter")
    table.settle(seen)
    assert table.state["last"] == "discard 5D"
    after = row[row.index("5D") + 1]
    assert page.evaluate("() => document.activeElement.dataset.card") == after


def test_highlights_stay_drawn_where_the_system_sets_the_colours(table: Table) -> None:
    """Windows' high contrast mode draws no shadows: where a card can go, the hint's places and
    a chosen card are drawn there in its own colours."""
    _, source, target = first_move(table)
    page = table.page
    page.emulate_media(forced_colors="active")
    drawn = (
        "(el) => getComputedStyle(el).outlineStyle !== 'none'"
        " || getComputedStyle(el).borderTopStyle !== 'none'"
    )
    table.top_card(source).click()
    assert table.pile(target).evaluate(drawn)
    table.page.keyboard.press("Escape")
    table.hint()
    assert page.locator(".pile.hint-to").first.evaluate(drawn)
    table.open("/play/royal-marriage?variant=standard&mode=as-dealt&deal=55")
    table.play("deal")
    queen = page.locator('[data-pile="row"] [data-card="QH"]')
    queen.click()
    assert queen.evaluate("(el) => getComputedStyle(el).borderTopStyle") == "solid"
    page.emulate_media(forced_colors="none")
