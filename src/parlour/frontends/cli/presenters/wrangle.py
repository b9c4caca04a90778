"""The Wrangle in the terminal, as one player sees it (WR-7): the opponent's heaps above, the
eight auxiliary heaps and the foundations between, the player's own heaps below.

Short commands: `t` turns a card, `p` passes; a place is `r` (your reserve), `c` (your turned
card), `n1`…`n4` and `s1`…`s4` (the auxiliary heaps), `f` or `f3` (a foundation), `or` and `ow`
(the opponent's reserve and waste), `w` (your waste). `r f` plays your reserve to a foundation;
with a turned card in hand the source may be left out: `or` loads it on the opponent's reserve.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from parlour.core.errors import IllegalMove, NotationError
from parlour.core.moves import Move, action, parse_move
from parlour.frontends.cli.presenters.base import card_text, cards_text

SEATS = ("north", "south")
HEAPS = range(1, 5)


def other(seat: str) -> str:
    return SEATS[1 - SEATS.index(seat)]


def heap_text(cards: list[str]) -> Text:
    """An auxiliary heap: its first card and a run down in suit from it (WR-3), so a long one
    is said in full by its two ends ("K♣…8♣"), and a row of heaps fits 80 columns."""
    if len(cards) <= 2:
        return cards_text(cards) if cards else card_text(None)
    return Text.assemble(card_text(cards[0], 0), "…", card_text(cards[-1], 0))


class WranglePresenter:
    def render(self, observation: dict[str, Any]) -> RenderableType:
        me = observation["player"] or observation["to_move"] or "north"
        piles = observation["piles"]
        mover = observation["to_move"]
        # who "you" are is said on your own row, below: the title fits 80 columns
        title = Text(f"The Wrangle · turn {observation['turn']}", style="bold")
        if mover:
            title.append(" · your turn" if mover == me else f" · {mover} to move")
        idle, limit = observation["turns_without_progress"], observation["draw_after"]
        title.append(f" · {idle}/{limit} turns without progress")
        lines: list[RenderableType] = [title, self._seat(observation, other(me), "")]
        for seat in (other(me), me):
            row = Text(f"{seat[0]} heaps".ljust(12), style="dim")
            for n in HEAPS:
                row.append(f"{seat[0]}{n}:", style="dim")
                row.append_text(heap_text(piles[f"{seat}-aux-{n}"]))
                row.append("  ")
            lines.append(row)
        foundations = Text("foundations ", style="dim")
        for n in range(1, 9):
            cards = piles[f"foundation-{n}"]
            foundations.append(f"f{n}:", style="dim")
            foundations.append_text(card_text(cards[-1] if cards else None))
            foundations.append(" ")
        lines.append(foundations)
        lines.append(self._seat(observation, me, " (you)"))
        turned = piles[f"{me}-turned"]
        if turned:
            lines.append(Text("turned card ").append_text(card_text(turned[0])))
        if mover == me and "pass" in observation["legal_moves"]:
            lines.append(Text("Your stock is empty: play on, or pass (p).", style="cyan"))
        return Group(*lines)

    @staticmethod
    def _seat(observation: dict[str, Any], seat: str, suffix: str) -> Text:
        piles, sizes = observation["piles"], observation["sizes"]
        line = Text(f"{seat}{suffix}".ljust(12), style="bold")
        for label, kind in (("reserve", "reserve"), ("waste", "waste")):
            cards = piles[f"{seat}-{kind}"]
            line.append(f"{label} {sizes[f'{seat}-{kind}']} ")
            line.append_text(card_text(cards[-1] if cards else None))
            line.append("   ")
        line.append(f"stock {sizes[f'{seat}-stock']}")
        return line

    def read(self, text: str, observation: dict[str, Any]) -> Move | None:
        words = text.lower().split()
        if words in (["t"], ["turn"]):
            return action("turn")
        if words in (["p"], ["pass"]):
            return action("pass")
        me = observation["player"] or observation["to_move"]
        if not me or not words or len(words) > 2:
            return None
        names = [self._pile(word, me) for word in words]
        if any(name is None for name in names):
            return None
        if len(names) == 1:
            if not observation["piles"][f"{me}-turned"]:
                if _only_a_target(str(names[0]), me):
                    raise IllegalMove(
                        f"{words[0]} says where a turned card goes, and none is turned:"
                        f" turn one (t), or say which card goes there (r {words[0]})"
                    )
                return self._resolve(str(names[0]), "", observation)
            names = [f"{me}-turned", names[0]]
        source, target = names
        return self._resolve(str(source), str(target), observation)

    @staticmethod
    def _pile(word: str, me: str) -> str | None:
        fixed = {
            "r": f"{me}-reserve",
            "c": f"{me}-turned",
            "w": f"{me}-waste",
            "or": f"{other(me)}-reserve",
            "ow": f"{other(me)}-waste",
            "f": "foundation",
        }
        if word in fixed:
            return fixed[word]
        if len(word) == 2 and word[0] in "ns" and word[1] in "1234":
            return f"{SEATS['ns'.index(word[0])]}-aux-{word[1]}"
        if len(word) == 2 and word[0] == "f" and word[1] in "12345678":
            return f"foundation-{word[1]}"
        return None

    @staticmethod
    def _resolve(source: str, target: str, observation: dict[str, Any]) -> Move:
        """`target` "" (any) or "foundation" (any foundation) picks the one legal move."""
        if target not in ("", "foundation"):
            return parse_move(f"{source}>{target}")
        prefix = f"{source}>{target}"
        found = [m for m in observation["legal_moves"] if m.startswith(prefix)]
        if not found:
            raise IllegalMove(f"there is no legal move from {source} ({prefix}…)")
        if len({m.split(">")[1].startswith("foundation") for m in found}) > 1 or (
            len(found) > 1 and not target
        ):
            raise NotationError(f"{source} has several moves ({', '.join(found)}): say where to")
        return parse_move(found[0])

    def help_lines(self) -> list[str]:
        return [
            "t, turn         turn the top card of your stock (WR-4)",
            "p, pass         end your turn when your stock is empty (WR-5)",
            "r f  /  r n3    your reserve to a foundation / onto north's heap 3",
            "n2 f            an auxiliary heap's top to a foundation",
            "f  n1  r  or  ow  w   with a turned card: where to put it (or = opponent's",
            "                reserve, ow = opponent's waste, w = your waste, ending the turn)",
            "north-reserve>foundation-2   any move in notation",
        ]


def _only_a_target(pile: str, me: str) -> bool:
    """No card is ever taken from a foundation, one's own waste or the opponent's heaps (WR-4,
    WR-5), so a word naming one of them alone can only mean where a turned card goes."""
    return pile.startswith("foundation") or pile in (
        f"{me}-waste",
        f"{other(me)}-reserve",
        f"{other(me)}-waste",
    )
