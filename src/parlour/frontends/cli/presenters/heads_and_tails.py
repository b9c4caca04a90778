"""Heads and Tails in the terminal: kings above, heads, the packets, tails, aces below."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from parlour.core.cards import SUITS
from parlour.core.moves import Move, transfer
from parlour.frontends.cli.presenters.base import card_text, moves_line
from parlour.frontends.cli.presenters.piles import alias_pile, foundation_alias, sole_move

CELL = 5
LINES = range(1, 9)


class HeadsAndTailsPresenter:
    def render(self, observation: dict[str, Any]) -> RenderableType:
        piles, sizes = observation["piles"], observation["sizes"]
        title = Text(f"Heads and Tails · {observation['params']['variant']}", style="bold")
        if observation["deal"] is not None:
            title.append(f" · deal {observation['deal']}")
        sequences = observation["sequences"]

        def row(label: str, names: list[str], show_size: bool = False) -> Text:
            line = Text(label.ljust(9), style="dim")
            for name in names:
                cards = piles[name]
                line.append_text(card_text(cards[-1] if cards else None, CELL - 1))
                marker = {"up": "↑", "down": "↓"}.get(sequences.get(name, {}).get("direction"), " ")
                line.append(marker)
            if show_size:
                line.append("\n" + " " * 9)
                for name in names:
                    line.append(f"({sizes[name]})".rjust(CELL), style="dim")
            return line

        numbers = Text(" " * 9 + "".join(str(n).rjust(CELL - 1) + " " for n in LINES), style="dim")
        return Group(
            title,
            row("kings", [f"king-{s}" for s in SUITS]),
            numbers,
            row("heads", [f"head-{n}" for n in LINES], show_size=True),
            row("packets", [f"reserve-{n}" for n in LINES], show_size=True),
            row("tails", [f"tail-{n}" for n in LINES], show_size=True),
            row("aces", [f"ace-{s}" for s in SUITS]),
            moves_line(observation),
        )

    def read(self, text: str, observation: dict[str, Any]) -> Move | None:
        words = text.lower().split()
        if not words or words[0][:1] not in ("h", "t") or len(words) > 2:
            return None
        source = alias_pile(words[0], {"h": "head", "t": "tail"})
        if source is None:
            return None
        if len(words) == 1:
            return sole_move(source, observation)
        target = foundation_alias(words[1], source, observation) or alias_pile(
            words[1], {"h": "head", "t": "tail"}
        )
        return None if target is None else transfer(source, target)

    def help_lines(self) -> list[str]:
        return [
            "h3 a / h3 k     head-3's card to its ace (up) or king (down) foundation",
            "t2 h5           tail-2's card onto head-5 (same suit, one rank away, HT-4)",
            "h3              head-3's card, when it has exactly one move",
            "tail-3>ace-D    any move in notation",
        ]
