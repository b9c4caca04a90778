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


def test_a_deal_says_the_card_it_laid_face_up(table: Table) -> None:
    table.open("/play/royal-marriage?variant=standard&deal=2")
    table.play("deal")
    row = table.state["observation"]["piles"]["row"]
    assert table.message == f"Played deal: {words(row[-1])} on the row."


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
