"""What a game shows in the terminal and the short commands it accepts.

A presenter draws an *observation* (never a state: front ends see what a player may see) and
turns a player's short command into a move. It holds no rules: a command it cannot read is
passed on as move notation, and every move is checked by the game.
"""

from __future__ import annotations

from typing import Any, Protocol

from rich.console import RenderableType
from rich.text import Text

from parlour.core.cards import RED_SUITS, SUIT_SYMBOLS, parse_card, suit_of
from parlour.core.moves import Move
from parlour.core.words import counted

RED = "bold red"
BLACK = "bold"


class Presenter(Protocol):
    def render(self, observation: dict[str, Any]) -> RenderableType:
        """The position as the player sees it."""

    def read(self, text: str, observation: dict[str, Any]) -> Move | None:
        """A move from one of the game's short commands, or None if `text` is not one."""

    def help_lines(self) -> list[str]:
        """The game's own commands, one line each."""


def card_text(card: str | None, width: int = 3) -> Text:
    """A card with its suit symbol, red or black; an empty slot as a dim dash."""
    if not card:
        return Text("--".rjust(width), style="dim")
    value = parse_card(card)
    symbol = SUIT_SYMBOLS[suit_of(value)]
    rank = "10" if card[0] == "T" else card[0]
    style = RED if suit_of(value) in RED_SUITS else BLACK
    return Text((rank + symbol).rjust(width), style=style)


def cards_text(cards: list[str], width: int = 3) -> Text:
    """Cards side by side, each `width` wide, separated by a space."""
    line = Text()
    for index, card in enumerate(cards):
        if index:
            line.append(" ")
        line.append_text(card_text(card, width))
    return line


def moves_line(observation: dict[str, Any]) -> Text:
    """How many moves there are, under a board too full to list them."""
    return Text(f"{counted(len(observation['legal_moves']), 'legal move')} (m lists them)", "dim")
