"""Cards as small ints and their text forms (RULES C-1).

A card is ``suit * 13 + rank - 1`` with ranks 1 (ace) to 13 (king) and suits in the order
S H D C, so a card is an int in 0..51. Two-pack games hold each int twice: the copies are the
same value, which makes them interchangeable for every rule and for every transposition table.
"""

from __future__ import annotations

from collections.abc import Iterable

from parlour.core.errors import CardError
from parlour.core.words import clipped

Card = int

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
RED_SUITS = frozenset({1, 2})

ACE = 1
KING = 13
PACK_SIZE = 52  # a card is a number below this
TWO_PACKS_SIZE = 2 * PACK_SIZE  # the cards of the two-pack games, all up when won

_RANK_ALIASES = {"10": "T"}
_CARD_HELP = (
    "a card is a rank (A 2-9 T J Q K, or 10) then a suit (S H D C or ♠ ♥ ♦ ♣), e.g. QH, 10S, 7♣"
)


def make_card(rank: int, suit: int) -> Card:
    """The card of `rank` (1-13) and `suit` (0-3)."""
    return suit * 13 + rank - 1


def rank_of(card: Card) -> int:
    """The rank, 1 (ace) to 13 (king)."""
    return card % 13 + 1


def suit_of(card: Card) -> int:
    """The suit index: 0 spades, 1 hearts, 2 diamonds, 3 clubs."""
    return card // 13


def card_str(card: Card) -> str:
    """The canonical text form: rank then suit, e.g. ``QH``, ``TS``."""
    return RANKS[card % 13] + SUITS[card // 13]


def parse_card(text: str) -> Card:
    """Read one card, accepting ``10S``, lower case and suit symbols (RULES C-1)."""
    cleaned = text.strip().upper()
    if len(cleaned) < 2:
        raise CardError(f'"{clipped(text)}" is not a card: {_CARD_HELP}')
    rank_text, suit_text = cleaned[:-1], cleaned[-1]
    rank_text = _RANK_ALIASES.get(rank_text, rank_text)
    suit = SUITS.find(suit_text)
    if suit < 0:
        suit = SUIT_SYMBOLS.find(suit_text)
    if len(rank_text) != 1 or rank_text not in RANKS or suit < 0:
        raise CardError(f'"{clipped(text)}" is not a card: {_CARD_HELP}')
    return make_card(RANKS.index(rank_text) + 1, suit)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas, in the order given."""
    return tuple(parse_card(word) for word in text.replace(",", " ").split())


def cards_str(cards: Iterable[Card]) -> str:
    """Cards as space-separated text, the form `parse_cards` reads."""
    return " ".join(card_str(card) for card in cards)


def one_pack() -> tuple[Card, ...]:
    """A pack in its ordered form: spades A-K, then hearts, diamonds, clubs."""
    return tuple(range(PACK_SIZE))


def two_packs() -> tuple[Card, ...]:
    """Two ordered packs, one after the other (RULES C-1: copies are interchangeable)."""
    return one_pack() + one_pack()
