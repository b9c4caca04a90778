"""The Plait (seed `the-plait.md`): a plait of twenty cards unwound from its free end, four
corners it refills, eight auxiliaries the stock refills, and eight foundations that all start
from the rank of the first stock card and build up in suit, king followed by ace (PL-1…PL-6).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from parlour.core.building import UP, step_rank
from parlour.core.cards import RANKS, TWO_PACKS_SIZE, Card, card_str, make_card, two_packs
from parlour.core.game import LOST, WON, Game, GameInfo, OwnSearch, Visibility
from parlour.core.moves import Move, action, moving, transfer

PLAIT_LENGTH = 20
CORNERS = tuple(f"corner-{n}" for n in range(1, 5))
AUXILIARIES = tuple(f"aux-{n}" for n in range(1, 9))
FOUNDATIONS = tuple(f"foundation-{n}" for n in range(1, 9))
FULL = 13
DEAL = action("deal")
REDEAL = action("redeal")

Piles = tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, slots=True)
class PlaitParams:
    """`four-passes`: the literal "deal three times through the waste-heap" (PL-5)."""

    variant: Literal["standard", "four-passes"] = "standard"


@dataclass(frozen=True, slots=True)
class PlaitState:
    params: PlaitParams
    deal: int | None
    plait: tuple[Card, ...]  # bottom to top; the top is the free end
    corners: Piles  # corner-1 … corner-4, one card or none
    auxiliaries: Piles  # aux-1 … aux-8, one card or none
    stock: tuple[Card, ...]  # next card first
    waste: tuple[Card, ...]  # bottom to top
    foundations: Piles  # in the order they were started
    base_rank: int
    redeals_left: int


def redeals_allowed(params: PlaitParams) -> int:
    """PL-5: three passes in all (two redeals); `four-passes` allows three redeals."""
    return 3 if params.variant == "four-passes" else 2


def _wanted(foundations: Piles) -> dict[Card, list[int]]:
    """For each card some started foundation takes next, those foundations in order (PL-2)."""
    wanted: dict[Card, list[int]] = {}
    for index, foundation in enumerate(foundations):
        if foundation and len(foundation) < FULL:
            top = foundation[-1]
            rank = step_rank(top % 13 + 1, UP, wrap=True)
            assert rank is not None  # wrapping always has a next rank
            wanted.setdefault(make_card(rank, top // 13), []).append(index)
    return wanted


class Plait(Game[PlaitState, PlaitParams]):
    info = GameInfo(
        id="plait",
        name="The Plait",
        summary="Two packs: unwind a plait of twenty cards onto eight foundations that all "
        "start from the first card turned.",
        description=(
            "Twenty cards lie overlapping in a plait down the middle, with four corners and eight "
            "auxiliaries laid across at its sides. The first card turned fixes the base rank of all"
            " eight foundations. Only the plait's free end moves: unwind it, with three passes "
            "through the waste heap."
        ),
        params_type=PlaitParams,
        rules_version="1",
        information="hidden",
        rule_ids=("PL-1", "PL-2", "PL-3", "PL-4", "PL-5", "PL-6"),
        actions=(DEAL.action, REDEAL.action),
    )

    def ordered_deck(self, params: PlaitParams) -> tuple[Card, ...]:
        return two_packs()

    def start(self, params: PlaitParams, deck: tuple[Card, ...], deal: int | None) -> PlaitState:
        """PL-1: twenty to the plait, one to each corner, eight auxiliaries, the rest the
        stock; PL-2: the first stock card starts foundation-1 and fixes the base rank, then the
        base-rank cards of the corners, auxiliaries and free end go up."""
        corners_end = PLAIT_LENGTH + len(CORNERS)
        aux_end = corners_end + len(AUXILIARIES)
        first = deck[aux_end]
        state = PlaitState(
            params,
            deal,
            deck[:PLAIT_LENGTH],
            tuple((c,) for c in deck[PLAIT_LENGTH:corners_end]),
            tuple((c,) for c in deck[corners_end:aux_end]),
            deck[aux_end + 1 :],
            (),
            ((first,),) + ((),) * (len(FOUNDATIONS) - 1),
            first % 13 + 1,
            redeals_allowed(params),
        )
        return self._sweep(state)

    def _sweep(self, state: PlaitState) -> PlaitState:
        """PL-2: corners 1-4, auxiliaries 1-8, then the free end, each sending up its card while
        it has the base rank (the vacancy refilled and examined at once), round again until no
        base-rank card is left in those places."""
        places = [*CORNERS, *AUXILIARIES, "plait"]
        moved = True
        while moved:
            moved = False
            for place in places:
                while (card := self._top(state, place)) is not None and self._is_base(state, card):
                    state = self.apply_unchecked(state, transfer(place, self._next_empty(state)))
                    moved = True
        return state

    @staticmethod
    def _is_base(state: PlaitState, card: Card) -> bool:
        return card % 13 + 1 == state.base_rank

    @staticmethod
    def _next_empty(state: PlaitState) -> str:
        return FOUNDATIONS[next(i for i, f in enumerate(state.foundations) if not f)]

    def _top(self, state: PlaitState, place: str) -> Card | None:
        pile = self.piles(state)[place]
        return pile[-1] if pile else None

    # ----- play ---------------------------------------------------------------------------
    def _available(self, state: PlaitState) -> list[tuple[str, Card]]:
        """PL-3: the free end, the corners, the auxiliaries and the top of the waste."""
        named = [("plait", state.plait), *zip(CORNERS, state.corners, strict=True)]
        named += [*zip(AUXILIARIES, state.auxiliaries, strict=True), ("waste", state.waste)]
        return [(name, pile[-1]) for name, pile in named if pile]

    def legal_moves(self, state: PlaitState) -> tuple[Move, ...]:
        if sum(map(len, state.foundations)) == TWO_PACKS_SIZE:
            return ()
        moves: list[Move] = []
        empty = next((i for i, f in enumerate(state.foundations) if not f), None)
        open_corners = (
            [] if state.plait else [n for n, c in zip(CORNERS, state.corners, strict=True) if not c]
        )
        wanted = _wanted(state.foundations)
        for source, card in self._available(state):
            moves += [moving(source, FOUNDATIONS[index]) for index in wanted.get(card, ())]
            if empty is not None and self._is_base(state, card):
                moves.append(moving(source, FOUNDATIONS[empty]))
            moves += [moving(source, corner) for corner in open_corners if corner != source]
        if state.stock:
            moves.append(DEAL)
        elif state.waste and state.redeals_left:
            moves.append(REDEAL)
        return tuple(moves)

    def apply_unchecked(self, state: PlaitState, move: Move) -> PlaitState:
        if move == DEAL:
            return replace(state, stock=state.stock[1:], waste=(*state.waste, state.stock[0]))
        if move == REDEAL:  # PL-5: the waste turned over is the new stock, its bottom card first
            return replace(state, stock=state.waste, waste=(), redeals_left=state.redeals_left - 1)
        card = self._top(state, move.source)
        assert card is not None
        state = self._without_top(state, move.source)
        if move.target in FOUNDATIONS:
            index = FOUNDATIONS.index(move.target)
            foundations = list(state.foundations)
            foundations[index] = (*foundations[index], card)
            return replace(state, foundations=tuple(foundations))
        return replace(state, corners=_put(state.corners, CORNERS.index(move.target), (card,)))

    def _without_top(self, state: PlaitState, place: str) -> PlaitState:
        """`place` without its top card, refilled at once as PL-4 says."""
        if place == "plait":
            return replace(state, plait=state.plait[:-1])
        if place == "waste":
            return replace(state, waste=state.waste[:-1])
        if place in CORNERS:  # refilled from the free end while the plait lasts
            refill = state.plait[-1:]
            corners = _put(state.corners, CORNERS.index(place), refill)
            return replace(
                state, corners=corners, plait=state.plait[: len(state.plait) - len(refill)]
            )
        index = AUXILIARIES.index(place)  # from the stock, else the waste
        if state.stock:
            return replace(
                state,
                auxiliaries=_put(state.auxiliaries, index, state.stock[:1]),
                stock=state.stock[1:],
            )
        return replace(
            state,
            auxiliaries=_put(state.auxiliaries, index, state.waste[-1:]),
            waste=state.waste[:-1],
        )

    def rule_refusal(self, state: PlaitState, move: Move) -> str:
        if move == DEAL:
            return "the stock is empty: turn the waste over with redeal (PL-5)"
        if move == REDEAL:
            if state.stock:
                return "the waste is turned over only when the stock is empty (PL-5)"
            passes = redeals_allowed(state.params) + 1
            return f"no pass is left: {passes} passes through the cards in all (PL-5)"
        if not move.is_transfer or move.source in FOUNDATIONS or move.source == "stock":
            return (
                f"{move} is not allowed: only the free end, the corners, the auxiliaries and "
                "the top of the waste play (PL-3)"
            )
        if move.target not in FOUNDATIONS and move.target not in CORNERS:
            return f"{move} is not allowed: cards play only to the foundations (PL-3)"
        if move.target in CORNERS:
            return (
                f"{move} is not allowed: a corner takes a card only when it is empty and the "
                "plait is gone (PL-4)"
            )
        card = self._top(state, move.source)
        return (
            f"{move} is not allowed: {card_str(card) if card is not None else 'nothing'} does "
            f"not follow on {move.target}; foundations build up in suit from "
            f"{RANKS[state.base_rank - 1]}, king followed by ace, a new one taking only the next "
            "empty place (PL-2)"
        )

    def outcome(self, state: PlaitState) -> str | None:
        if sum(map(len, state.foundations)) == TWO_PACKS_SIZE:
            return WON
        return None if self.legal_moves(state) else LOST

    def autoplay_move(self, state: PlaitState) -> Move | None:
        return self.safe_move(state)

    def safe_move(self, state: PlaitState) -> Move | None:
        """A move up that never spoils a win, the free end first: a base-rank card, or a card
        whose other copy is up already, so that this foundation is all it is good for. Never
        from an auxiliary while the stock or the waste has cards: its place is refilled at once
        from them (PL-4), and what comes in depends on when. Other moves up can spoil a win:
        the two foundations of a suit may stand at different heights, so which copy goes up
        first can matter (PL-2)."""
        up = {card for foundation in state.foundations for card in foundation}
        refilling = bool(state.stock or state.waste)
        for move in self.order_moves(state, self.legal_moves(state)):
            if move.target not in FOUNDATIONS or (refilling and move.source in AUXILIARIES):
                continue
            card = self._top(state, move.source)
            if card is not None and (self._is_base(state, card) or card in up):
                return move
        return None

    def order_moves(self, state: PlaitState, moves: tuple[Move, ...]) -> list[Move]:
        """Foundations first, the free end before the rest (the text's advice), turning last."""
        return sorted(
            moves,
            key=lambda m: (m in (DEAL, REDEAL), m.target in CORNERS, m.source != "plait"),
        )

    def progress(self, state: PlaitState) -> float:
        return float(sum(map(len, state.foundations)))

    def search(self, state: PlaitState, nodes: int, seconds: float) -> OwnSearch | None:
        """The search on packed positions (`plait_search`), for every position play reaches."""
        from parlour.games.plait_search import search

        return search(state, nodes, seconds)

    # ----- views --------------------------------------------------------------------------
    def piles(self, state: PlaitState) -> Mapping[str, tuple[Card, ...]]:
        return {
            "plait": state.plait,
            **dict(zip(CORNERS, state.corners, strict=True)),
            **dict(zip(AUXILIARIES, state.auxiliaries, strict=True)),
            "stock": state.stock,
            "waste": state.waste,
            **dict(zip(FOUNDATIONS, state.foundations, strict=True)),
        }

    def with_piles(self, state: PlaitState, piles: Mapping[str, tuple[Card, ...]]) -> PlaitState:
        merged = {**self.piles(state), **piles}
        return replace(
            state,
            plait=merged["plait"],
            corners=tuple(merged[name] for name in CORNERS),
            auxiliaries=tuple(merged[name] for name in AUXILIARIES),
            stock=merged["stock"],
            waste=merged["waste"],
            foundations=tuple(merged[name] for name in FOUNDATIONS),
        )

    def visibility(self, state: PlaitState, pile: str, player: str | None) -> Visibility:
        """The stock is face down, the waste shows its top; the plait is laid face up."""
        if pile == "stock":
            return Visibility.NONE
        return Visibility.TOP if pile == "waste" else Visibility.ALL

    def extras(self, state: PlaitState) -> dict[str, Any]:
        """The base rank, the passes, and the card each started foundation takes next (PL-2:
        the king is followed by the ace; null once a foundation holds thirteen)."""
        takes_next: dict[str, str | None] = {}
        for card, indexes in _wanted(state.foundations).items():
            takes_next.update((FOUNDATIONS[i], card_str(card)) for i in indexes)
        return {
            "base_rank": RANKS[state.base_rank - 1],
            "takes_next": {
                name: takes_next.get(name)
                for name, foundation in zip(FOUNDATIONS, state.foundations, strict=True)
                if foundation
            },
            "redeals_left": state.redeals_left,
            "passes_left": state.redeals_left + 1 if state.stock else state.redeals_left,
        }

    def key(self, state: PlaitState) -> Hashable:
        return (
            state.plait,
            state.corners,
            state.auxiliaries,
            state.stock,
            state.waste,
            state.foundations,
            state.redeals_left,
        )

    def canonical_key(self, state: PlaitState) -> Hashable:
        """Corners, auxiliaries and foundations each play alike whatever their place: an empty
        corner takes the free end or, with the plait gone, any card (PL-4); an empty auxiliary
        takes the stock's or waste's top (PL-4); a foundation is told apart only by its cards
        (PL-2). So each kind is folded by sorting."""
        return (
            state.plait,
            tuple(sorted(state.corners)),
            tuple(sorted(state.auxiliaries)),
            state.stock,
            state.waste,
            tuple(sorted(state.foundations)),
            state.redeals_left,
        )


def _put(piles: Piles, index: int, pile: tuple[Card, ...]) -> Piles:
    return (*piles[:index], pile, *piles[index + 1 :])


PLAIT = Plait()
