"""Royal Marriage, with Push-pin and Dr. Pole's Discards (seed `royal-marriage.md`).

The row is dealt card by card from the stock; cards lying between two cards alike in suit or
rank are thrown out (RM-3). As dealt (RM-4) every possible discard is made before the next card
comes; in the `open` mode everything is dealt at once and discards are free. The game is won
when the row is back to its two ends (RM-5).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal

from parlour.core.cards import Card, card_str, cards_str, one_pack, parse_card
from parlour.core.deals import SplitMix64, check_deal_number, check_deck, shuffle
from parlour.core.errors import DeckError
from parlour.core.game import LOST, WON, CardChoice, Exact, Game, GameInfo, Visibility
from parlour.core.moves import Move, action
from parlour.core.words import clipped, counted
from parlour.games.royal_marriage_rows import (
    GRACE_THROWS,
    Variant,
    discard_spans,
    has_discard,
    spans_after,
)

QUEEN_OF_HEARTS = parse_card("QH")
KING_OF_HEARTS = parse_card("KH")
_MIDDLE = tuple(c for c in one_pack() if c not in (QUEEN_OF_HEARTS, KING_OF_HEARTS))

DEAL = action("deal")
DISCARD = "discard"
SWAP = "swap"  # the Push-pin grace
THROW = "throw"  # the Discards grace

Mode = Literal["as-dealt", "open"]


@dataclass(frozen=True, slots=True)
class RoyalMarriageParams:
    """`variant`: the book's game, Push-pin or Discards; `mode`: as dealt (RM-4) or `open`."""

    variant: Variant = "standard"
    mode: Mode = "as-dealt"


@dataclass(frozen=True, slots=True)
class RoyalMarriageState:
    params: RoyalMarriageParams
    deal: int | None
    row: tuple[Card, ...]
    stock: tuple[Card, ...]  # next card first (dealing order)
    discard: tuple[Card, ...]  # bottom to top, in the order thrown out
    grace_used: bool = False


class RoyalMarriage(Game[RoyalMarriageState, RoyalMarriageParams]):
    info = GameInfo(
        id="royal-marriage",
        name="Royal Marriage",
        summary="One pack: throw out the cards between two alike until the king of hearts "
        "reaches his queen.",
        description=(
            "The queen of hearts is laid first and the king of hearts waits at the bottom of the "
            "pack. Cards are dealt into a row; whenever two cards alike in suit or rank have one or"
            " two cards between them, those cards are thrown out. Bring the king to his queen with "
            "nothing left between them. Push-pin throws out longer runs of one suit, Dr. Pole's "
            "Discards pairs of cards alike; each grants one grace."
        ),
        params_type=RoyalMarriageParams,
        rules_version="1",
        information="hidden",
        rule_ids=("RM-1", "RM-2", "RM-3", "RM-4", "RM-5"),
    )

    # ----- deck (RM-1; Discards' cut) --------------------------------------------------------
    def ordered_deck(self, params: RoyalMarriageParams) -> tuple[Card, ...]:
        if params.variant == "discards":
            return one_pack()
        return (QUEEN_OF_HEARTS, *_MIDDLE, KING_OF_HEARTS)

    def deck_for_deal(self, params: RoyalMarriageParams, deal: int) -> tuple[Card, ...]:
        rng = SplitMix64(check_deal_number(deal))
        if params.variant != "discards":
            return (QUEEN_OF_HEARTS, *shuffle(_MIDDLE, rng), KING_OF_HEARTS)
        while True:  # Dr. Pole: cut where top and bottom share a suit; else shuffle again
            deck = shuffle(one_pack(), rng)
            cuts = [k for k in range(len(deck)) if deck[k] // 13 == deck[k - 1] // 13]
            if cuts:
                k = cuts[rng.below(len(cuts))]
                return deck[k:] + deck[:k]

    def accept_deck(self, params: RoyalMarriageParams, deck: Sequence[Card]) -> tuple[Card, ...]:
        given = tuple(deck)
        if params.variant == "discards":
            checked = check_deck(given, one_pack())
            if checked[0] // 13 != checked[-1] // 13:
                raise DeckError(
                    f"a Discards deck must begin and end with cards of one suit, not "
                    f"{card_str(checked[0])} and {card_str(checked[-1])}"
                )
            return checked
        if len(given) == len(_MIDDLE) or not {QUEEN_OF_HEARTS, KING_OF_HEARTS} & set(given):
            # RM-1's 50 middle cards, or a deck meant as them: what it lacks is told against
            # them (C-3)
            return (QUEEN_OF_HEARTS, *check_deck(given, _MIDDLE), KING_OF_HEARTS)
        checked = check_deck(given, one_pack())
        if checked[0] != QUEEN_OF_HEARTS or checked[-1] != KING_OF_HEARTS:
            raise DeckError(
                "a 52-card Royal Marriage deck must begin with QH and end with KH (RM-1); "
                "or give the 50 cards between them"
            )
        return checked

    def start(
        self, params: RoyalMarriageParams, deck: tuple[Card, ...], deal: int | None
    ) -> RoyalMarriageState:
        dealt = len(deck) if params.mode == "open" else 2
        return RoyalMarriageState(params, deal, deck[:dealt], deck[dealt:], ())

    # ----- play ---------------------------------------------------------------------------
    def legal_moves(self, state: RoyalMarriageState) -> tuple[Move, ...]:
        listed, choices = self.offered_moves(state)
        return listed + tuple(move for choice in choices for move in choice.moves())

    def offered_moves(
        self, state: RoyalMarriageState
    ) -> tuple[tuple[Move, ...], tuple[CardChoice, ...]]:
        """The discards or the deal, listed; the grace as one choice of its cards (open
        Discards would list some 20,000 throws)."""
        if is_won(state):
            return (), ()
        discards = self._discard_moves(state)
        if state.params.mode == "as-dealt":
            if discards:  # RM-4: every discard before the next card
                return discards, ()
            if state.stock:
                return (DEAL,), ()
        if not grace_open(state):
            return discards, ()
        size, middle = self._grace_size(state), state.row[1:-1]
        if state.params.variant == "push-pin":
            grace = CardChoice(
                SWAP, size, middle, "the grace, once a game: two cards change places"
            )
        else:
            note = f"the grace, once a game: {counted(size, 'card')} thrown out"
            grace = CardChoice(THROW, size, middle, note)
        return discards, (grace,)

    @staticmethod
    def _discard_moves(state: RoyalMarriageState) -> tuple[Move, ...]:
        """Every discard the row allows (RM-3), without the grace's choice: open Discards
        would list some 20,000 throws with it."""
        row = state.row
        return discard_moves(
            [row[start:stop] for start, stop in discard_spans(row, state.params.variant)]
        )

    def _grace_size(self, state: RoyalMarriageState) -> int:
        """Cards a grace names: two to swap, or three to throw (all of them when fewer are
        left between the ends)."""
        if state.params.variant == "push-pin":
            return 2
        return min(GRACE_THROWS, len(state.row) - 2)

    def is_legal(self, state: RoyalMarriageState, move: Move) -> bool:
        """Checks a move without listing every grace (open Discards has ~20,000 of them)."""
        if is_won(state):
            return False
        if move.action == DISCARD:  # its left bracket is the card before its first card
            row, cards = state.row, move.cards
            start = row.index(cards[0]) if cards and cards[0] in row else 0
            stop = start + len(cards)
            return (
                start > 0
                and stop < len(row)
                and row[start:stop] == cards
                and (start, stop) in spans_after(row, start - 1, state.params.variant)
            )
        as_dealt = state.params.mode == "as-dealt"
        if move == DEAL:
            return (
                as_dealt and bool(state.stock) and not has_discard(state.row, state.params.variant)
            )
        if move.action != grace_verb(state.params.variant) or not grace_open(state):
            return False
        if as_dealt and has_discard(state.row, state.params.variant):
            return False
        middle = state.row[1:-1]
        positions = [middle.index(c) if c in middle else -1 for c in move.cards]
        return (
            len(positions) == self._grace_size(state)
            and min(positions) >= 0
            and positions == sorted(set(positions))
        )

    def apply_unchecked(self, state: RoyalMarriageState, move: Move) -> RoyalMarriageState:
        if move.action == DEAL.action:  # the constructor, as `replace` costs several times more
            return RoyalMarriageState(
                state.params,
                state.deal,
                (*state.row, state.stock[0]),
                state.stock[1:],
                state.discard,
            )
        if move.action == DISCARD:
            row = state.row
            start = row.index(move.cards[0])
            stop = start + len(move.cards)
            return RoyalMarriageState(
                state.params,
                state.deal,
                row[:start] + row[stop:],
                state.stock,
                state.discard + row[start:stop],
                state.grace_used,
            )
        if move.action == SWAP:
            i, j = state.row.index(move.cards[0]), state.row.index(move.cards[1])
            swapped = list(state.row)
            swapped[i], swapped[j] = swapped[j], swapped[i]
            return replace(state, row=tuple(swapped), grace_used=True)
        thrown = set(move.cards)
        return replace(
            state,
            row=tuple(c for c in state.row if c not in thrown),
            discard=state.discard + tuple(c for c in state.row if c in thrown),
            grace_used=True,
        )

    def knows(self, move: Move) -> bool:
        return not move.is_transfer and move.action in (DEAL.action, DISCARD, SWAP, THROW)

    def why_illegal(self, state: RoyalMarriageState, move: Move) -> str:
        if not self.knows(move):
            shown = clipped(str(move))
            return f'"{shown}" is not a move of Royal Marriage: deal, discard …, swap … or throw …'
        if self.outcome(state) is not None:
            return f"{move} is not allowed: the game is over"
        as_dealt = state.params.mode == "as-dealt"
        discards = self._discard_moves(state)
        if move.action == DEAL.action:
            if move.cards:
                return f"{move} is not a move: a deal names no card (say deal)"
            if not state.stock:
                return "there is no card left to deal"
            if discards:
                return f"you must discard before dealing (RM-4): {discards[0]} is possible"
            return f"{move} is not allowed now"
        if move.action == DISCARD:
            if not move.cards:
                return "say which cards to discard, e.g. discard 5S 7D"
            return f"{cards_str(move.cards)} cannot be discarded: " + self._discard_rule(
                state.params.variant
            )
        # the rest of the vocabulary: the graces
        if grace_verb(state.params.variant) != move.action:
            return f"{move.action} is not a grace of this game"
        if state.grace_used:
            return "the grace has been used already: it is once per game"
        if state.stock:
            return "the grace comes only after the last card is dealt"
        if as_dealt and discards:
            return f"the grace comes only when no discard is left (RM-4): {discards[0]} is possible"
        return (
            f"the grace takes {self._grace_size(state)} different cards of the row, "
            "not its two ends, listed left to right"
        )

    @staticmethod
    def _discard_rule(variant: Variant) -> str:
        if variant == "discards":
            return (
                "only one card between two alike in suit or rank, or two cards alike with each "
                "other between two alike, may go (Discards), listed left to right"
            )
        rule = "one or two cards lying between two alike in suit or rank may go (RM-3)"
        if variant == "push-pin":
            rule += ", or a run of one suit between two alike (Push-pin)"
        return rule + ", listed left to right"

    def outcome(self, state: RoyalMarriageState) -> str | None:
        if is_won(state):
            return WON
        if state.stock or discard_spans(state.row, state.params.variant):
            return None
        return None if grace_open(state) else LOST

    # ----- solver hooks -------------------------------------------------------------------
    def solve_exact(self, state: RoyalMarriageState) -> Exact | None:
        """Royal Marriage is decided without search (`royal_marriage_solving`)."""
        from parlour.games.royal_marriage_solving import solve_exact

        return solve_exact(state)

    def progress(self, state: RoyalMarriageState) -> float:
        return -float(len(state.row) + len(state.stock))

    # ----- views --------------------------------------------------------------------------
    def piles(self, state: RoyalMarriageState) -> Mapping[str, tuple[Card, ...]]:
        return {"stock": state.stock, "row": state.row, "discard": state.discard}

    def with_piles(
        self, state: RoyalMarriageState, piles: Mapping[str, tuple[Card, ...]]
    ) -> RoyalMarriageState:
        merged = {**self.piles(state), **piles}
        return replace(state, stock=merged["stock"], row=merged["row"], discard=merged["discard"])

    def visibility(self, state: RoyalMarriageState, pile: str, player: str | None) -> Visibility:
        return Visibility.NONE if pile == "stock" else Visibility.ALL

    def extras(self, state: RoyalMarriageState) -> dict[str, Any]:
        return {"grace": grace_verb(state.params.variant), "grace_used": state.grace_used}

    def key(self, state: RoyalMarriageState) -> Hashable:
        return (state.row, len(state.stock), state.grace_used)


def is_won(state: RoyalMarriageState) -> bool:
    """RM-5: the deck dealt and only the two ends left (for Discards, its first and last)."""
    if state.stock or len(state.row) != 2:
        return False
    return state.params.variant == "discards" or state.row == (QUEEN_OF_HEARTS, KING_OF_HEARTS)


def grace_open(state: RoyalMarriageState) -> bool:
    """The grace may be taken now: once, after the last card, and as dealt only when no
    discard is left (the caller checks that)."""
    return (
        state.params.variant != "standard"
        and not state.grace_used
        and not state.stock
        and len(state.row) - 2 >= (2 if state.params.variant == "push-pin" else 1)
    )


def grace_verb(variant: Variant) -> str | None:
    """The move a variant's grace makes: Push-pin's swap, Dr. Pole's throw; none in the
    standard game."""
    return {"push-pin": SWAP, "discards": THROW}.get(variant)


def discard_moves(groups: list[tuple[Card, ...]]) -> tuple[Move, ...]:
    """A discard move for each group of cards, in order."""
    return tuple(action(DISCARD, *group) for group in groups)


ROYAL_MARRIAGE = RoyalMarriage()
