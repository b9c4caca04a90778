"""The one game interface used by the solver, the agents, the odds runner and every front end.

A game is a stateless object; its states are immutable values (frozen dataclasses of tuples and
ints), so undo is keeping the previous state and threads and processes share states safely.
Subclasses implement the rules (`ordered_deck`, `start`, `legal_moves`, `apply_unchecked`,
`outcome`, `piles`, `with_piles`, `key`); this base class supplies the checked `apply`, deals
and decks (RULES C-2, C-3), the JSON state (C-7) and observations built from each pile's
visibility.
"""

from __future__ import annotations

import secrets
import signal
import sys
import time
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from itertools import combinations
from random import Random
from typing import Any, Final, Generic, Literal, NamedTuple, Protocol, TypeVar

from parlour.core.cards import Card, card_str, parse_card
from parlour.core.deals import MAX_DEAL, check_deck, shuffled
from parlour.core.errors import DeckError, IllegalMove, NotationError
from parlour.core.moves import Move, action
from parlour.core.params import params_dict
from parlour.core.words import clipped

WON: Final = "won"
LOST: Final = "lost"
DRAW: Final = "draw"
UNKNOWN: Final = "unknown"
SHAREABLE_DEALS: Final = 10**9  # deals chosen at random, where numbers are shown
SearchResult = Literal["won", "lost", "unknown"]

Information = Literal["perfect", "hidden"]


class Visibility(Enum):
    """How much of a pile a player sees (RULES WR-7 and the face-down stocks of patiences)."""

    ALL = "all"  # every card, bottom to top
    TOP = "top"  # the top card and the size
    NONE = "none"  # only the size


class GameState(Protocol):
    """What every game's state carries besides its piles."""

    @property
    def params(self) -> Any: ...

    @property
    def deal(self) -> int | None: ...


class MoveGroup(NamedTuple):
    """Where a move belongs for the solver's reordering of lines (see `Game.move_group`)."""

    group: Hashable
    rearranging: bool


@dataclass(frozen=True)
class CardChoice:
    """The moves `verb C1 … Ck` that name any `size` different cards of `cards`, in their
    order there: an observation offers such a family once, where its moves one by one would
    run to thousands (a grace taken with any three cards of a row of fifty)."""

    verb: str
    size: int
    cards: tuple[Card, ...]
    #: What taking it means, in the game's words, for a front end to say before it is taken
    #: (a grace spent is spent for the game).
    note: str = ""

    def moves(self) -> tuple[Move, ...]:
        return tuple(action(self.verb, *chosen) for chosen in combinations(self.cards, self.size))

    def to_json(self) -> dict[str, Any]:
        cards = [card_str(c) for c in self.cards]
        return {"action": self.verb, "size": self.size, "cards": cards, "note": self.note}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CardChoice:
        """A choice as an observation offers it (`to_json`), for a front end to name."""
        cards = tuple(parse_card(text) for text in data["cards"])
        return cls(data["action"], data["size"], cards, data["note"])


class Exact(NamedTuple):
    """An exact decision: whether the position is won, and the winning moves if it is."""

    won: bool
    moves: tuple[Move, ...] = ()


class OutOfBudget(Exception):
    """A search's budget of positions or seconds ran out: every search raises this one type,
    so the budgets are told apart from a search's own reasons to stop."""


def out_of_time(deadline: float, freeing: float = 0.0) -> bool:
    """Whether `deadline` (a `perf_counter` time) has passed, or will have once `freeing` more
    seconds are spent (what freeing the search's table will take: a table of a million
    positions can take most of a second, and the answer waits for it), once the rest of the
    process has had its turn, as the interpreter gives it between bytecodes. Compiled searches
    run no bytecode, so they ask this at each look at the clock:

    * the Python handlers of signals received meanwhile run, so a Ctrl-C raises
      `KeyboardInterrupt` here rather than once the search is over (setting the signal mask
      looks for them, and blocking no signal changes nothing else; on Windows a Ctrl-C is no
      signal of this kind);
    * other threads run: `sleep(0)` lets the GIL go, so the web server goes on serving others
      while a hint is searched in its worker thread."""
    if sys.platform != "win32":
        signal.pthread_sigmask(signal.SIG_BLOCK, ())
    time.sleep(0)
    return time.perf_counter() + freeing > deadline


class OwnSearch(NamedTuple):
    """What a game's own search found within its budget: `WON` with the moves, `LOST` when
    every reachable position was tried, or `UNKNOWN` when the budget ran out first."""

    result: SearchResult
    moves: tuple[Move, ...]
    nodes: int
    guess: Move | None = None  # when unknown: a first move towards the most progress seen


S = TypeVar("S", bound=GameState)
P = TypeVar("P")


@dataclass(frozen=True)
class GameInfo(Generic[P]):
    """The facts a game declares up front."""

    id: str
    name: str
    summary: str
    params_type: type[P]
    rules_version: str
    seats: tuple[str, ...] = ()  # empty for one-player games
    information: Information = "perfect"
    rule_ids: tuple[str, ...] = field(default=())
    #: The named moves besides transfers, each naming no card: words a refusal can list.
    actions: tuple[str, ...] = field(default=())
    #: A paragraph on the game for a player choosing one (the lobby's), beside `summary`.
    description: str = ""
    #: Piles no card is ever played from, each with the words that say so: a front end shows
    #: them to a player who tries one, since no move from it exists for the engine to refuse.
    never_played_from: tuple[tuple[str, str], ...] = field(default=())

    @property
    def players(self) -> int:
        return max(1, len(self.seats))


class Game(ABC, Generic[S, P]):
    """Rules of one game. Every method is a pure function of its arguments."""

    info: GameInfo[P]
    #: Whether the deal number may be shown to players. A shuffle is public (RULES C-2), so in a
    #: game with secrets the deal number would reveal them (RULES WR-7).
    deal_is_public: bool = True

    # ----- deals and decks -------------------------------------------------------------
    def random_deal(self) -> int:
        """A deal number chosen at random for a player: short enough to share where deal
        numbers are shown, from every deal there is where the number is a secret (a number
        from a small range could be guessed, and with it every hidden card)."""
        return secrets.randbelow(SHAREABLE_DEALS if self.deal_is_public else MAX_DEAL + 1)

    @abstractmethod
    def ordered_deck(self, params: P) -> tuple[Card, ...]:
        """The cards a deck for `params` must hold, in their ordered form."""

    def deck_for_deal(self, params: P, deal: int) -> tuple[Card, ...]:
        """The deck of deal number `deal` in dealing order (RULES C-2)."""
        return shuffled(self.ordered_deck(params), deal)

    def accept_deck(self, params: P, deck: Sequence[Card]) -> tuple[Card, ...]:
        """An explicit deck, checked, in dealing order (RULES C-3)."""
        return check_deck(deck, self.ordered_deck(params))

    def new(
        self,
        params: P | None = None,
        *,
        deal: int | None = None,
        deck: Sequence[Card] | None = None,
    ) -> S:
        """The starting state of a numbered deal or of an explicit deck (exactly one of them)."""
        chosen = self.info.params_type() if params is None else params
        if (deal is None) == (deck is None):
            raise DeckError("give either a deal number or an explicit deck")
        if deal is not None:
            return self.start(chosen, self.deck_for_deal(chosen, deal), deal)
        assert deck is not None
        return self.start(chosen, self.accept_deck(chosen, deck), None)

    @abstractmethod
    def start(self, params: P, deck: tuple[Card, ...], deal: int | None) -> S:
        """Lay out `deck` (already checked) and play the automatic opening actions."""

    # ----- play ---------------------------------------------------------------------------
    @abstractmethod
    def legal_moves(self, state: S) -> tuple[Move, ...]:
        """Every move allowed now, in a stable order; empty once the game is over."""

    @abstractmethod
    def apply_unchecked(self, state: S, move: Move) -> S:
        """The state after `move`, which the caller took from `legal_moves`."""

    def apply(self, state: S, move: Move) -> S:
        """The state after `move`, or `IllegalMove` with the reason; never mutates (RULES C-5)."""
        if not self.is_legal(state, move):
            refusal = IllegalMove if self.knows(move) else NotationError
            raise refusal(self.why_illegal(state, move))
        return self.apply_unchecked(state, move)

    def knows(self, move: Move) -> bool:
        """Whether `move` is in this game's vocabulary: one that is not was never a move of it,
        so its refusal is a `NotationError` (not understood), not an `IllegalMove` (not now)."""
        return move.is_transfer or move.action in self.info.actions

    def is_legal(self, state: S, move: Move) -> bool:
        """Whether `move` is among `legal_moves`; games may answer faster without listing."""
        return move in self.legal_moves(state)

    def why_illegal(self, state: S, move: Move) -> str:
        """Words for a player on why `move` is refused: what refuses it in any game, else the
        game's own rules (`rule_refusal`)."""
        return self.general_refusal(state, move) or self.rule_refusal(state, move)

    def general_refusal(self, state: S, move: Move) -> str | None:
        """Why `move` is refused whatever the game's rules (a move of no kind the game knows,
        the game over, a pile that does not exist or is empty), or None."""
        shown = clipped(str(move))  # a move the game does not know may be any text
        if not self.knows(move):
            moves = ", ".join(self.info.actions)
            known = f"{moves} and source>target" if moves else "source>target only"
            return f'"{shown}" is not a move of {self.info.name}: its moves are {known}'
        if self.outcome(state) is not None:
            return f"{move} is not allowed: the game is over"
        if not move.is_transfer and move.cards:
            return f'"{shown}" is not a move: {move.action} names no card (say {move.action})'
        piles = self.piles(state)
        if move.is_transfer:
            for name in (move.source, move.target):
                if name not in piles:
                    pile = clipped(name)
                    return f"{shown} is not allowed: there is no pile {pile} in {self.info.name}"
            if not piles[move.source]:
                return f"{move} is not allowed: {move.source} is empty"
            if move.source == move.target:
                return f"{move} is not allowed: a card cannot move onto its own pile"
        return None

    def rule_refusal(self, state: S, move: Move) -> str:
        """Why the game's rules refuse `move`, of a kind the game knows, between piles that
        exist; games name the ruling."""
        return f"{move} is not allowed now"

    @abstractmethod
    def outcome(self, state: S) -> str | None:
        """None while play goes on; else `WON`, `LOST`, or a seat's name or `DRAW`."""

    def to_move(self, state: S) -> str | None:
        """The seat to move, or None in one-player games (RULES C-7)."""
        return None

    def autoplay_move(self, state: S) -> Move | None:
        """A move to the foundations a player may let happen by itself, or None."""
        return None

    @property
    def has_automatic_moves(self) -> bool:
        """Whether the game ever offers a move to let happen by itself (`autoplay_move`)."""
        return type(self).autoplay_move is not Game.autoplay_move

    # ----- hooks for the solver (full knowledge of the deck) --------------------------------
    def safe_move(self, state: S) -> Move | None:
        """A move that never turns a winnable position into a lost one, played by the solver
        without trying the others; None when there is no such move."""
        return None

    def order_moves(self, state: S, moves: tuple[Move, ...]) -> Sequence[Move]:
        """`moves` with the most promising first; by default as listed."""
        return moves

    def progress(self, state: S) -> float:
        """How far a position has come (more is better), for the solver's best guess."""
        return 0.0

    def move_group(self, state: S, move: Move) -> MoveGroup | None:
        """The group of `move` and whether it only rearranges, or None (the default) for a move
        that belongs to no group.

        A game that groups moves promises: a rearranging move of group g never ends the game, and
        when a move of another group (rearranging or not) follows it, the two may be played in
        the other order, both legal, to the same position; and whether a move of no group is
        legal never depends on rearranging moves. Every winning line can then be reordered so
        that rearranging moves of a group come just before the next other move of their group,
        or, of any groups, before a move of no group. The solver searches only such lines: the
        groups' rearrangements one group at a time, not interleaved, which loses no win.
        """
        return None

    def parts(self, state: S) -> tuple[S, ...] | None:
        """Two or more positions that play independently and together make up `state`: it is
        won exactly when each part is, by the parts' winning lines one after another. None (the
        default) when the position does not split."""
        return None

    def hopeless(self, state: S) -> bool:
        """True only when `state` is proven lost by a quick test, so the solver searches no
        further from it; False (the default) when no such proof is at hand."""
        return False

    def solve_exact(self, state: S) -> Exact | None:
        """An exact decision where the game has a faster algorithm than search, or None to
        let the search decide."""
        return None

    def search(self, state: S, nodes: int, seconds: float) -> OwnSearch | None:
        """A complete search of the game's own on a representation made for it, run in place
        of the generic one within the same budget (positions applied, seconds); None (the
        default) to let the generic search decide."""
        return None

    # ----- views --------------------------------------------------------------------------
    @abstractmethod
    def piles(self, state: S) -> Mapping[str, tuple[Card, ...]]:
        """Every pile by name, bottom to top (RULES C-4)."""

    def extras(self, state: S) -> dict[str, Any]:
        """Facts beside the piles that a state JSON needs (graces used, passes left …)."""
        return {}

    def visibility(self, state: S, pile: str, player: str | None) -> Visibility:
        """How much of `pile` `player` sees; by default everything."""
        return Visibility.ALL

    @abstractmethod
    def key(self, state: S) -> Hashable:
        """A cheap hashable value, equal for states that play the same from here."""

    def canonical_key(self, state: S) -> Hashable:
        """`key` with duplicate cards and symmetric piles folded; by default `key`."""
        return self.key(state)

    def to_json(self, state: S) -> dict[str, Any]:
        """The whole state as one JSON object (RULES C-7)."""
        return {
            "game": self.info.id,
            "params": params_dict(state.params),
            "deal": state.deal,
            "piles": {
                name: [card_str(c) for c in cards] for name, cards in self.piles(state).items()
            },
            "to_move": self.to_move(state),
            "outcome": self.outcome(state),
            **self.extras(state),
        }

    def observe(self, state: S, player: str | None = None) -> dict[str, Any]:
        """What `player` may see (RULES WR-7): hidden cards are absent, not merely masked.

        `piles` holds the visible cards of each pile (bottom to top), `sizes` every pile's
        size, and `legal_moves` and `card_choices` the moves of `player` when it is that
        player's turn (`offered_moves`).
        """
        shown: dict[str, list[str]] = {}
        sizes: dict[str, int] = {}
        for name, cards in self.piles(state).items():
            sizes[name] = len(cards)
            seen = self.visibility(state, name, player)
            if seen is Visibility.ALL:
                shown[name] = [card_str(c) for c in cards]
            elif seen is Visibility.TOP and cards:
                shown[name] = [card_str(cards[-1])]
            else:
                shown[name] = []
        mover = self.to_move(state)
        my_turn = mover is None or mover == player
        listed, choices = self.offered_moves(state) if my_turn else ((), ())
        return {
            "game": self.info.id,
            "params": params_dict(state.params),
            "deal": state.deal if self.deal_is_public else None,
            "player": player,
            "to_move": mover,
            "outcome": self.outcome(state),
            "piles": shown,
            "sizes": sizes,
            "legal_moves": [str(m) for m in listed],
            "card_choices": [choice.to_json() for choice in choices],
            **self.public_extras(state, player),
        }

    def offered_moves(self, state: S) -> tuple[tuple[Move, ...], tuple[CardChoice, ...]]:
        """The legal moves as an observation offers them: some listed one by one, the rest as
        families of card choices; together exactly `legal_moves`. By default every move is
        listed; a game whose moves run to thousands offers them as choices."""
        return self.legal_moves(state), ()

    def public_extras(self, state: S, player: str | None) -> dict[str, Any]:
        """The part of `extras` that `player` may see; by default all of it."""
        return self.extras(state)

    @abstractmethod
    def with_piles(self, state: S, piles: Mapping[str, tuple[Card, ...]]) -> S:
        """`state` with the named piles holding other cards (everything else kept)."""

    def shuffle_hidden(self, state: S, player: str | None, rng: Random) -> S:
        """The same position as `player` sees it, with every card `player` cannot see dealt
        again at random into the same hidden places: the check that observations leak nothing.
        It needs the true state, so agents, which hold only observations, sample with
        `Wrangle.determinize` instead."""
        hidden_slots: list[tuple[str, int]] = []
        hidden_cards: list[Card] = []
        piles = {name: list(cards) for name, cards in self.piles(state).items()}
        for name, cards in piles.items():
            seen = self.visibility(state, name, player)
            unseen = 0 if seen is Visibility.ALL else len(cards) - (seen is Visibility.TOP)
            for index in range(max(0, unseen)):
                hidden_slots.append((name, index))
                hidden_cards.append(cards[index])
        rng.shuffle(hidden_cards)
        for (name, index), card in zip(hidden_slots, hidden_cards, strict=True):
            piles[name][index] = card
        return self.with_piles(state, {name: tuple(cards) for name, cards in piles.items()})


def describe_outcome(outcome: str | None) -> str:
    """Plain words for an outcome."""
    if outcome is None:
        return "in play"
    if outcome in (WON, LOST):
        return outcome
    if outcome == DRAW:
        return "drawn"
    return f"won by {outcome}"
