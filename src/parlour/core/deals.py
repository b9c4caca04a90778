"""Numbered deals and explicit decks (RULES C-2, C-3).

Shuffle ``parlour-deal-v1``, fixed for ever (a new algorithm would get a new name):

* the random numbers are SplitMix64 (Steele, Lea and Flood, 2014) seeded with the deal
  number: ``state += 0x9E3779B97F4A7C15``, then the output mix ``z ^= z >> 30;
  z *= 0xBF58476D1CE4E5B9; z ^= z >> 27; z *= 0x94D049BB133111EB; z ^= z >> 31``, all modulo 2**64;
* a number below ``n`` is drawn without bias by rejection: 64-bit outputs at or above the
  largest multiple of ``n`` are drawn again, the rest are taken modulo ``n``;
* the shuffle is Fisher-Yates from the end: for ``i`` from ``len - 1`` down to 1, swap
  item ``i`` with item ``randbelow(i + 1)``.

A game shuffles its ordered deck (`cards.one_pack` or `cards.two_packs`) this way and deals the
result first card first. Nothing here touches Python's `random`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from parlour.core.cards import PACK_SIZE, Card, card_str
from parlour.core.errors import DeckError
from parlour.core.words import clipped, counted

MAX_DEAL = 2**64 - 1

_MASK = 2**64 - 1
_GOLDEN = 0x9E3779B97F4A7C15


class SplitMix64:
    """The documented random number generator of deals: small, fast to write anywhere."""

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK

    def next64(self) -> int:
        """The next 64-bit output."""
        self._state = (self._state + _GOLDEN) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0 .. n-1``, by rejection (no modulo bias)."""
        limit = (_MASK + 1) - (_MASK + 1) % n
        while True:
            x = self.next64()
            if x < limit:
                return x % n


def check_deal_number(deal: int) -> int:
    """A deal number is a non-negative integer below 2**64 (RULES C-2)."""
    if isinstance(deal, bool) or not isinstance(deal, int) or not 0 <= deal <= MAX_DEAL:
        raise DeckError(not_a_deal_number(deal))
    return deal


def not_a_deal_number(given: object) -> str:
    """Why `given` is refused as a deal number, in the words every front end uses (C-2)."""
    return f"deal {clipped(repr(given))} is not a deal number: use a whole number from 0 to 2**64-1"


def shuffle(cards: Sequence[Card], rng: SplitMix64) -> tuple[Card, ...]:
    """Fisher-Yates from the end, drawing from `rng`."""
    deck = list(cards)
    for i in range(len(deck) - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def shuffled(cards: Sequence[Card], deal: int) -> tuple[Card, ...]:
    """The deck of deal number `deal`: `cards` shuffled by ``parlour-deal-v1``."""
    return shuffle(cards, SplitMix64(check_deal_number(deal)))


def check_deck(given: Sequence[Card], expected: Sequence[Card]) -> tuple[Card, ...]:
    """`given` if it holds exactly the cards of `expected` (in any order), else a `DeckError`
    naming what is missing and what is extra (RULES C-3). An item that is no card at all (the
    cards are the numbers 0-51) is named as such, before any counting."""
    for item in given:
        if isinstance(item, bool) or not isinstance(item, int) or not 0 <= item < PACK_SIZE:
            raise DeckError(
                f"the deck holds {clipped(repr(item))}, which is not a card: "
                f"cards are the numbers 0 to {PACK_SIZE - 1}"
            )
    have, want = Counter(given), Counter(expected)
    if have == want:
        return tuple(given)
    missing = sorted((want - have).elements())
    foreign = sorted(card for card in given if card not in want)
    parts = [f"the deck has {counted(len(given), 'card')}, the game needs {len(expected)}"]
    if missing:
        parts.append("missing " + _describe(missing))
    if foreign:
        parts.append("extra " + _describe(foreign))
    parts += [
        f"{card_str(card)} is there {_times(have[card])}, not {_times(want[card])}"
        for card in sorted(want)
        if have[card] > want[card]
    ]
    raise DeckError("; ".join(parts))


def _times(number: int) -> str:
    return {1: "once", 2: "twice"}.get(number, f"{number} times")


NAMED_AT_MOST = 12  # cards named in a refusal; past that the count says the rest


def _describe(cards: list[Card]) -> str:
    counts = Counter(cards)
    named = [
        card_str(card) + (f" (x{counts[card]})" if counts[card] > 1 else "")
        for card in sorted(counts)
    ]
    if len(named) > NAMED_AT_MOST:  # a deck of the wrong game, say: its count says enough
        rest = len(named) - NAMED_AT_MOST
        named = [*named[:NAMED_AT_MOST], f"and {rest} more"]
    return " ".join(named)
