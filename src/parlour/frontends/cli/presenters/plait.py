"""The Plait in the terminal: the plait as a column with its free end marked, corners above and
below, auxiliaries on either side, the foundations with the card each wants next."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from parlour.core.errors import IllegalMove, NotationError
from parlour.core.moves import Move, action, parse_move, transfer
from parlour.frontends.cli.presenters.base import card_text
from parlour.frontends.cli.presenters.piles import alias_pile, existing_pile, sole_move

SOURCES = {"c": "corner", "a": "aux", "f": "foundation"}


def _top(observation: dict[str, Any], name: str) -> Text:
    cards = observation["piles"][name]
    return card_text(cards[-1] if cards else None)


def _wanted(observation: dict[str, Any], name: str) -> Text:
    """What a foundation takes next, as the game says (any base-rank card while empty), the
    card written as the board writes every card."""
    if name not in observation["takes_next"]:
        return Text(f"any {observation['base_rank']}", style="dim")
    card = observation["takes_next"][name]
    return card_text(card, width=0) if card else Text("full", style="dim")


class PlaitPresenter:
    def render(self, observation: dict[str, Any]) -> RenderableType:
        sizes, base = observation["sizes"], observation["base_rank"]
        title = Text(f"The Plait · {observation['params']['variant']}", style="bold")
        if observation["deal"] is not None:
            title.append(f" · deal {observation['deal']}")
        title.append(f" · base {base} · stock {sizes['stock']}")
        title.append(f" · passes left {observation['passes_left']}")
        plait = observation["piles"]["plait"]
        lines: list[RenderableType] = [title]
        lines.append(
            Text.assemble(
                "      c1 ",
                _top(observation, "corner-1"),
                "      c2 ",
                _top(observation, "corner-2"),
            )
        )
        for row in range(4):
            left, right = f"aux-{row + 1}", f"aux-{row + 5}"
            shown = plait[-5 + row : len(plait) - 4 + row] if len(plait) >= 5 - row else []
            strand = card_text(shown[0] if shown else None)
            lines.append(
                Text.assemble(
                    f"  a{row + 1} ",
                    _top(observation, left),
                    "     ",
                    strand,
                    "     ",
                    f"a{row + 5} ",
                    _top(observation, right),
                )
            )
        free_end = Text.assemble("          p ", card_text(plait[-1] if plait else None))
        free_end.append(f"  ← free end ({len(plait)} in the plait)", style="dim")
        lines.append(free_end)
        lines.append(
            Text.assemble(
                "      c3 ",
                _top(observation, "corner-3"),
                "      c4 ",
                _top(observation, "corner-4"),
            )
        )
        waste = Text.assemble("  waste ", _top(observation, "waste"))
        waste.append(f" ({sizes['waste']})", style="dim")
        lines.append(waste)
        for first in (1, 5):  # four a line, so that the board fits 80 columns
            foundations = Text("  foundations " if first == 1 else " " * 14)
            for n in range(first, first + 4):
                cards = observation["piles"][f"foundation-{n}"]
                foundations.append(f"f{n} ", style="dim")
                foundations.append_text(card_text(cards[-1] if cards else None))
                foundations.append("→", style="dim")
                foundations.append_text(_wanted(observation, f"foundation-{n}"))
                foundations.append("  ")
            lines.append(foundations)
        return Group(*lines)

    def read(self, text: str, observation: dict[str, Any]) -> Move | None:
        words = text.lower().split()
        if words in (["d"], ["deal"]):
            return action("deal")
        if words in (["rd"], ["redeal"]):
            return action("redeal")
        if not words or len(words) > 2:
            return None
        source = {"p": "plait", "w": "waste"}.get(words[0]) or alias_pile(words[0], SOURCES)
        if source is None:
            return None
        if len(words) == 1:
            return sole_move(source, observation)
        if words[1] == "f":
            existing_pile(source, observation)
            ups = [m for m in observation["legal_moves"] if m.startswith(f"{source}>foundation")]
            if not ups:
                raise IllegalMove(f"{source} cannot go to a foundation now")
            if len(ups) > 1:
                raise NotationError(f"{source} fits {', '.join(ups)}: name one, f1 … f8")
            return parse_move(ups[0])
        target = alias_pile(words[1], SOURCES)
        return None if target is None else transfer(source, target)

    def help_lines(self) -> list[str]:
        return [
            "d, deal         turn the next stock card onto the waste",
            "rd, redeal      turn the waste over as a new stock (PL-5)",
            "p f / a3 f      the free end / aux-3 to the foundation it fits (w: waste, c2: corner)",
            "a3 f4 / w c2    to a named foundation / into an empty corner (plait gone)",
            "aux-3>foundation-2  any move in notation",
        ]
