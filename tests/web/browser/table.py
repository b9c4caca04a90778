"""Driving the page as a player does: clicks on cards and piles, drags, buttons, and reading
back the `state` message the page last received (`window.parlour.state`)."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, ViewportSize, WebSocket

WIDE: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}
SIDEWAYS: ViewportSize = {"width": 844, "height": 390}  # the phone held sideways
# Screenshots go to a scratch folder, so that a test run leaves the work tree as it was;
# `PARLOUR_SCREENSHOTS=docs/screenshots` refreshes the ones the README shows.
SCREENSHOTS = Path(
    os.environ.get("PARLOUR_SCREENSHOTS") or Path(tempfile.gettempdir()) / "parlour-screenshots"
)
APP = "#app"
RANK_NAMES = "ace two three four five six seven eight nine ten jack queen king"
RANK_WORDS = dict(zip("A23456789TJQK", RANK_NAMES.split(), strict=True))
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

_NEXT_STATE_OR_REFUSAL = """(seen) => {
  const app = document.getElementById("app");
  return Number(app.dataset.stateSeq || 0) > seen || document.querySelector(".message.refused");
}"""


def _script(name: str) -> str:
    """A function written in JavaScript beside this file, without its opening comment."""
    text = Path(__file__).with_name(name).read_text(encoding="utf-8")
    return "\n".join(line for line in text.splitlines() if not line.startswith("//"))


_LAYOUT_FAULTS = _script("layout_faults.js")
_CLICK_MOVE = _script("click_move.js")
_CARDS_DRAWN = "() => [...document.images].every((image) => image.complete && image.naturalWidth)"
# the board redraws in another form when the width crosses 700 px or the height 500 px (a media
# query's change event, which comes after the resize): wait for the form that fits the screen,
# the short one where the game has one (the Wrangle)
_FORM_FITS = """() => {
  const grid = document.querySelector(".grid[data-form]");
  const short = matchMedia("(max-height: 500px) and (orientation: landscape)").matches
    && grid?.classList.contains("game-wrangle");
  const form = short ? "short" : matchMedia("(max-width: 700px)").matches ? "narrow" : "wide";
  return !grid || grid.dataset.form === form;
}"""


def card_words(card: str) -> str:
    """A card as the page says it: QH is the queen of hearts."""
    return f"{RANK_WORDS[card[0]]} of {SUIT_WORDS[card[1]]}"


class Table:
    """One browser page showing a game of the live app."""

    def __init__(self, page: Page, base_url: str) -> None:
        self.page = page
        self.base_url = base_url
        self.script_errors: list[str] = []
        self.received: list[dict[str, Any]] = []  # every websocket message from the server
        page.on("pageerror", lambda error: self.script_errors.append(str(error)))
        page.on("websocket", self._listen)

    def _listen(self, socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: self.received.append(json.loads(payload)))

    # ----- reading the page -----------------------------------------------------------------
    def open(self, path: str) -> dict[str, Any]:
        self.page.goto(self.base_url + path)
        self.page.wait_for_function("() => window.parlour && window.parlour.state")
        return self.state

    @property
    def state(self) -> dict[str, Any]:
        """The last `state` message the page received."""
        return dict(self.page.evaluate("window.parlour.state"))

    @property
    def seq(self) -> int:
        return int(self.page.get_attribute(APP, "data-state-seq") or 0)

    @property
    def message(self) -> str:
        return self.page.inner_text(".message")

    def wait_for_news(self, seen: int) -> None:
        """Wait until a state newer than number `seen` has arrived (another player's move)."""
        self.page.wait_for_function(
            "(seen) => Number(document.getElementById('app').dataset.stateSeq || 0) > seen",
            arg=seen,
        )

    def legal(self) -> list[str]:
        return list(self.state["observation"]["legal_moves"])

    # ----- acting ------------------------------------------------------------------------------
    def top_card(self, pile: str) -> Any:
        return self.page.locator(f'[data-pile="{pile}"] [data-card]').last

    def pile(self, pile: str) -> Any:
        return self.page.locator(f'[data-pile="{pile}"]')

    def settle(self, seen: int) -> None:
        """Wait for the server's answer: a new state, or a refusal shown in words."""
        self.page.wait_for_function(_NEXT_STATE_OR_REFUSAL, arg=seen)
        refused = self.page.locator(".message.refused")
        if refused.count():
            raise AssertionError(f"the server refused: {refused.inner_text()}")

    def play(self, move: str) -> None:
        """Play a move in notation the way a person would: a card then where it goes, the cards
        a discard names, or the button of an action. Real mouse clicks at the element's centre,
        without waiting for Playwright's checks (the layout tests show nothing covers a card)."""
        seen = self.seq
        words = move.split()
        if words[0] in ("discard", "swap", "throw"):
            for card in words[1:]:
                self.page.locator(f'[data-pile="row"] [data-card="{card}"]').click(force=True)
            choice = self.page.locator(f'.choice[data-move="{move}"]')
            if choice.count():
                choice.click(force=True)
        elif ">" in move:
            source, target = move.split(">")
            self.top_card(source).click(force=True)
            self.pile(target).click(force=True)
        else:
            self.page.click(f'.actions [data-move="{move}"]', force=True)
        self.settle(seen)

    def send(self, move: str) -> None:
        """Send a move by the page's own code, no click (so no focus moves), and wait for the
        new state."""
        seen = self.seq
        self.page.evaluate("(move) => window.parlour.send({type: 'move', move})", move)
        self.settle(seen)

    def play_in_page(self, move: str) -> None:
        """`play`, with the same clicks dispatched inside the page: one round trip a move, for
        the long winning lines."""
        refusal = self.page.evaluate(_CLICK_MOVE, move)
        if refusal is not None:
            raise AssertionError(f"the server refused {move}: {refusal}")

    def _centres(self, move: str) -> tuple[tuple[float, float], tuple[float, float]]:
        """Where a transfer's drag starts (its card) and ends (the pile it goes to)."""
        source, target = move.split(">")
        boxes = [self.top_card(source).bounding_box(), self.pile(target).bounding_box()]
        assert boxes[0] and boxes[1]
        start, end = ((box["x"] + box["width"] / 2, box["y"] + box["height"] / 2) for box in boxes)
        return start, end

    def drag(self, move: str) -> None:
        """Play a transfer by dragging its card onto the pile where it goes."""
        seen = self.seq
        start, end = self._centres(move)
        mouse = self.page.mouse
        mouse.move(*start)
        mouse.down()
        mouse.move(*end, steps=8)
        assert self.page.locator(".ghost").count() == 1, "the card did not follow the pointer"
        mouse.up()
        self.settle(seen)

    def touch_drag(self, move: str) -> None:
        """Play a transfer by dragging its card with a finger (touch events, as on a phone)."""
        seen = self.seq
        (x0, y0), (x1, y1) = self._centres(move)
        touch = self.page.context.new_cdp_session(self.page)
        path = [
            {"x": x0 + (x1 - x0) * step / 8, "y": y0 + (y1 - y0) * step / 8} for step in range(9)
        ]
        touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": path[:1]})
        for point in path[1:]:
            touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
        assert self.page.locator(".ghost").count() == 1, "the card did not follow the finger"
        touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        touch.detach()
        self.settle(seen)

    def control(self, name: str) -> None:
        seen = self.seq
        self.page.click(f'[data-control="{name}"]')
        self.settle(seen)

    def hint(self) -> str | None:
        self.page.evaluate(f'document.querySelector("{APP}").removeAttribute("data-hint")')
        self.page.click('[data-control="hint"]')
        self.page.wait_for_function(
            f'() => document.querySelector("{APP}").hasAttribute("data-hint")'
        )
        return self.page.get_attribute(APP, "data-hint") or None

    # ----- looking -----------------------------------------------------------------------------
    def layout_faults(self) -> list[str]:
        return list(self.page.evaluate(_LAYOUT_FAULTS))

    def screenshot(self, name: str) -> list[str]:
        """Screenshots at 1280×800 and on a phone, upright and sideways, into `SCREENSHOTS`;
        returns every layout fault found at any of those sizes."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        faults: list[str] = []
        for size, suffix in ((WIDE, ""), (PHONE, "-phone"), (SIDEWAYS, "-sideways")):
            self.page.set_viewport_size(size)
            self.page.wait_for_function(f"() => innerWidth === {size['width']}")
            self.page.wait_for_function(_FORM_FITS)
            self.page.wait_for_function(_CARDS_DRAWN)
            at = f"{size['width']}×{size['height']}"
            faults += [f"{at}: {fault}" for fault in self.layout_faults()]
            path = SCREENSHOTS / f"{name}{suffix}.png"
            self.page.screenshot(path=str(path), full_page=size is not WIDE)
        self.page.set_viewport_size(WIDE)
        self.page.wait_for_function(f"() => innerWidth === {WIDE['width']}")
        return faults
