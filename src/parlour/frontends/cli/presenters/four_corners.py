"""The Four Corners in the terminal: the left heaps, the ace and king foundations row by row in
the middle (S H D C from the top), the right heaps, as in the book's picture (FC-1)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from parlour.core.cards import SUITS
from parlour.core.moves import Move, action, transfer
from parlour.frontends.cli.presenters.base import card_text, moves_line
from parlour.frontends.cli.presenters.piles import foundation_alias, is_number, sole_move


def _heap(number: int, observation: dict[str, Any]) -> Text:
    name = f"heap-{number}"
    cards = observation["piles"][name]
    cell = Text(f"{number:>2} ", style="dim")
    cell.append_text(card_text(cards[-1] if cards else None))
    cell.append(f" ({observation['sizes'][name]:>2})", style="dim")
    return cell


def _foundation(name: str, observation: dict[str, Any]) -> Text:
    cards = observation["piles"][name]
    cell = card_text(cards[-1] if cards else None, 4)
    cell.append(f" ({len(cards):>2})", style="dim")
    return cell


class FourCornersPresenter:
    def render(self, observation: dict[str, Any]) -> RenderableType:
        title = Text("The Four Corners", style="bold")
        if observation["deal"] is not None:
            title.append(f" · deal {observation['deal']}")
        title.append(f" · redeals left {observation['redeals_left']}")
        gap = Text(" " * 26)
        lines: list[RenderableType] = [title, Text("  aces up         kings down", style="dim")]
        lines.append(Text.assemble(_heap(1, observation), gap, _heap(7, observation)))
        for row, suit in enumerate(SUITS):
            lines.append(
                Text.assemble(
                    _heap(2 + row, observation),
                    "   ",
                    _foundation(f"ace-{suit}", observation),
                    "  ",
                    _foundation(f"king-{suit}", observation),
                    "   ",
                    _heap(8 + row, observation),
                )
            )
        lines.append(Text.assemble(_heap(6, observation), gap, _heap(12, observation)))
        lines.append(moves_line(observation))
        return Group(*lines)

    def read(self, text: str, observation: dict[str, Any]) -> Move | None:
        words = text.lower().split()
        if words in (["redeal"], ["rd"]):
            return action("redeal")
        if not words or len(words) > 2 or not is_number(words[0]):
            return None
        source = f"heap-{words[0]}"
        if len(words) == 1:
            return sole_move(source, observation)
        target = foundation_alias(words[1], source, observation)
        if target is None and is_number(words[1]):
            target = f"heap-{words[1]}"
        return None if target is None else transfer(source, target)

    def help_lines(self) -> list[str]:
        return [
            "3 a / 3 k       heap-3's top card to its ace (up) or king (down) foundation",
            "3 9             heap-3's top card onto heap-9 (same suit, one rank away)",
            "3               heap-3's top card, when it has exactly one move",
            "rd, redeal      gather the heaps and deal again (twice at most, FC-4)",
            "heap-3>ace-D    any move in notation",
        ]
