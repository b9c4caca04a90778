"""Short pile names and numbers typed by players, shared by the presenters."""

from __future__ import annotations

import re
from typing import Any

from parlour.core.errors import IllegalMove, NotationError
from parlour.core.moves import Move, parse_move
from parlour.core.words import clipped

_SHORT = re.compile(r"([a-z]+)([0-9]{1,9})")


def is_number(word: str) -> bool:
    """A pile or position number as typed: a few ASCII digits (`²` is a digit to `isdigit`
    but no number to `int`, and a longer run names no pile)."""
    return word.isascii() and word.isdigit() and len(word) <= 9


def alias_pile(word: str, prefixes: dict[str, str]) -> str | None:
    """`h3` → `head-3` for the prefixes given; None when `word` is not such a short name."""
    match = _SHORT.fullmatch(word)
    if not match or match.group(1) not in prefixes:
        return None
    return f"{prefixes[match.group(1)]}-{match.group(2)}"


def existing_pile(pile: str, observation: dict[str, Any]) -> str:
    """`pile`, if the game has it; else an error naming it (`h0`, `h9` …)."""
    if pile not in observation["piles"]:
        raise NotationError(f"there is no pile {clipped(pile)}")
    return pile


def sole_move(source: str, observation: dict[str, Any]) -> Move:
    """The one legal move from `source`; a refusal where it has none (not allowed), or an
    error saying which there are where it has several (not said enough)."""
    existing_pile(source, observation)
    moves = [m for m in observation["legal_moves"] if m.startswith(source + ">")]
    if not moves:
        raise IllegalMove(f"{clipped(source)} has no legal move now")
    if len(moves) > 1:
        found = f"{len(moves)} legal moves ({', '.join(moves)})"
        raise NotationError(f"{clipped(source)} has {found}: say where to")
    return parse_move(moves[0])


def foundation_alias(word: str, source: str, observation: dict[str, Any]) -> str | None:
    """`a` or `k`: the ace or king foundation of the suit of `source`'s top card."""
    if word not in ("a", "k"):
        return None
    cards = observation["piles"][existing_pile(source, observation)]
    if not cards:
        raise IllegalMove(f"{source} is empty")
    return f"{'ace' if word == 'a' else 'king'}-{cards[-1][-1]}"
