"""Royal Marriage in the terminal: the row with numbered positions and the discards on offer."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from parlour.core.cards import card_str as _text
from parlour.core.cards import parse_card
from parlour.core.errors import NotationError
from parlour.core.moves import Move, action, parse_move
from parlour.frontends.cli.presenters.base import card_text
from parlour.frontends.cli.presenters.piles import is_number

CELL = 4
CARDS_A_LINE = 18  # 72 columns, each card under its position


class RoyalMarriagePresenter:
    def render(self, observation: dict[str, Any]) -> RenderableType:
        row: list[str] = observation["piles"]["row"]
        params = observation["params"]
        title = Text(f"Royal Marriage · {params['variant']} · {params['mode']}", style="bold")
        if observation["deal"] is not None:
            title.append(f" · deal {observation['deal']}")
        sizes = observation["sizes"]
        title.append(f" · stock {sizes['stock']} · discarded {sizes['discard']}")
        lines: list[RenderableType] = [title]
        for first in range(0, max(len(row), 1), CARDS_A_LINE):  # an open row wraps at 80 columns
            numbers, cards = Text(), Text()
            for position, card in enumerate(row[first : first + CARDS_A_LINE], start=first + 1):
                numbers.append(str(position).rjust(CELL), style="dim")
                cards.append_text(card_text(card, CELL))
            lines += [numbers, cards]
        offers = [self._describe(m, row) for m in observation["legal_moves"]]
        discards = [text for text in offers if text]
        if discards:
            lines += [Text(line, style="cyan") for line in _filled("Discards: ", discards[:12])]
            if len(discards) > 12:
                lines.append(Text(f"… and {len(discards) - 12} more (type moves)", style="dim"))
        if "deal" in observation["legal_moves"]:
            lines.append(Text("No discard: deal the next card (d).", style="cyan"))
        if observation["card_choices"]:  # the grace, offered as a choice of its cards
            verb = "swap P Q" if observation["grace"] == "swap" else "throw P Q R"
            lines.append(Text(f"Grace unused: {verb} (positions).", style="magenta"))
        return Group(*lines)

    @staticmethod
    def _describe(move_text: str, row: list[str]) -> str:
        move = parse_move(move_text)
        if move.action != "discard":
            return ""
        first = row.index(_text(move.cards[0])) + 1
        last = first + len(move.cards) - 1
        span = str(first) if first == last else f"{first}-{last}"
        return f"{span}: {' '.join(_text(c) for c in move.cards)}"

    def read(self, text: str, observation: dict[str, Any]) -> Move | None:
        words = text.lower().replace("-", " ").split()
        if not words:
            return None
        if words in (["d"], ["deal"]):
            return action("deal")
        row: list[str] = observation["piles"]["row"]
        verb = {"x": "discard", "discard": "discard", "swap": "swap", "throw": "throw"}.get(
            words[0]
        )
        positions = words[1:] if verb else words
        if verb and not positions:
            raise NotationError(f"say which positions: {POSITIONS_EXAMPLE[verb].format(words[0])}")
        if not all(is_number(word) for word in positions) or not positions:
            return None
        numbers = [int(word) for word in positions]
        if not all(1 <= n <= len(row) for n in numbers):
            raise NotationError(f"positions run from 1 to {len(row)}")
        if (verb or "discard") == "discard" and len(numbers) == 2:
            numbers = list(range(min(numbers), max(numbers) + 1))  # a span: "3-5", "x 5 3"
        chosen = [parse_card(row[n - 1]) for n in sorted(numbers)]
        return action(verb or "discard", *chosen)

    def help_lines(self) -> list[str]:
        return [
            "d, deal         deal the next card (only when no discard is possible, RM-4)",
            "3  or  3-4      discard the card at 3, or the cards at 3 to 4 (also: x 3-4)",
            "swap 3 7        Push-pin grace: exchange the cards at positions 3 and 7",
            "throw 3 5 8     Discards grace: throw out the cards at positions 3, 5 and 8",
            "discard 5S 7D   any move in notation",
        ]


POSITIONS_EXAMPLE = {
    "discard": "{0} 3, or {0} 3 4",  # one card, or a span
    "swap": "{0} 3 7",  # Push-pin's grace exchanges two cards
    "throw": "{0} 3 5 8",  # Discards' grace throws out three
}


def _filled(lead: str, items: list[str], width: int = 80) -> list[str]:
    """`items` after `lead`, three spaces apart, in as many lines as fit `width` columns (the
    later ones indented under the first)."""
    lines, line = [], ""
    for item in items:
        if line and len(lead) + len(line) + 3 + len(item) > width:
            lines.append(line)
            line = ""
        line = f"{line}   {item}" if line else item
    lines.append(line)
    return [(lead if number == 0 else " " * len(lead)) + text for number, text in enumerate(lines)]
