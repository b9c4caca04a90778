"""Moves and their notation (RULES C-5).

Two shapes cover every game:

* a transfer takes the top card of one pile to another: ``tail-3>ace-D``;
* an action is a word, optionally followed by cards: ``deal``, ``redeal``, ``pass``,
  ``discard 5S 7D``, ``swap 4C JD``.

`parse_move(str(move)) == move` for every move.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from parlour.core.cards import Card, card_str, parse_cards
from parlour.core.errors import CardError, NotationError
from parlour.core.words import clipped

TRANSFER = ">"

_PILE = re.compile(r"[a-z][a-z0-9]*(?:-[a-zA-Z0-9]+)*")
_ACTION = re.compile(r"[a-z][a-z-]*")
MAX_MOVE_LENGTH = 200  # far longer than any move of any game, far shorter than a flood


@dataclass(frozen=True, slots=True)
class Move:
    """One move: a transfer (`source` > `target`) or a named action with cards."""

    action: str
    source: str = ""
    target: str = ""
    cards: tuple[Card, ...] = ()

    def __str__(self) -> str:
        if self.action == TRANSFER:
            return f"{self.source}>{self.target}"
        return " ".join([self.action, *(card_str(card) for card in self.cards)])

    @property
    def is_transfer(self) -> bool:
        return self.action == TRANSFER


def transfer(source: str, target: str) -> Move:
    """The move of the top card of `source` onto `target`."""
    return Move(TRANSFER, source, target)


@cache
def moving(source: str, target: str) -> Move:
    """The transfer between two of a game's own piles, made once: the solvers list moves by
    the million. Not for names a player typed, which would grow the cache without end."""
    return transfer(source, target)


def action(name: str, *cards: Card) -> Move:
    """A named action (``deal``, ``discard`` …) with the cards it names, in order."""
    return Move(name, cards=tuple(cards))


def parse_move(text: str) -> Move:
    """Read a move in notation; raises `NotationError` with what was expected."""
    cleaned = " ".join(text.split())
    shown = clipped(text)
    if len(cleaned) > MAX_MOVE_LENGTH:
        raise NotationError(
            f'"{shown}" is not a move: a move is written in {MAX_MOVE_LENGTH} characters or fewer'
        )
    if TRANSFER in cleaned:
        source, _, target = (pile_name(part.strip()) for part in cleaned.partition(TRANSFER))
        if not (_PILE.fullmatch(source) and _PILE.fullmatch(target)):
            raise NotationError(
                f'"{shown}" is not a move: a transfer is written source>target, e.g. tail-3>ace-D'
            )
        return transfer(source, target)
    name, _, rest = cleaned.partition(" ")
    name = name.lower()
    if not _ACTION.fullmatch(name):
        raise NotationError(
            f'"{shown}" is not a move: write source>target (e.g. tail-3>ace-D) or one of the '
            "game's actions: a word, then any cards it names (e.g. discard 5S 7D)"
        )
    try:
        cards = parse_cards(rest)
    except CardError as error:
        raise NotationError(f'"{shown}" is not a move: {error}') from None
    return Move(name, cards=cards)


def pile_name(typed: str) -> str:
    """A pile's name as the games write it, however its case was typed: words in lower case,
    a suit letter in upper case (`ACE-d` is `ace-D`)."""
    head, *parts = typed.split("-")
    suit_or_word = (p.upper() if len(p) == 1 and p.isalpha() else p.lower() for p in parts)
    return "-".join([head.lower(), *suit_or_word])
