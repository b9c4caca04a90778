"""A thirteen-card patience used only to test the session's machinery: turn the stock's next
card to the waste, play the waste's top to the foundation (ace up). Its automatic move is the
waste's top to the foundation whenever it fits."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, replace

from parlour.core.building import UP, follows
from parlour.core.cards import ACE, Card
from parlour.core.game import LOST, WON, Game, GameInfo
from parlour.core.moves import Move, action, transfer

TURN = action("turn")
UP_MOVE = transfer("waste", "foundation")


@dataclass(frozen=True)
class ToyParams:
    pass


@dataclass(frozen=True, slots=True)
class ToyState:
    params: ToyParams
    deal: int | None
    stock: tuple[Card, ...]
    waste: tuple[Card, ...] = ()
    foundation: tuple[Card, ...] = ()


class Toy(Game[ToyState, ToyParams]):
    info = GameInfo("toy", "Toy", "A test game.", ToyParams, "1")

    def ordered_deck(self, params: ToyParams) -> tuple[Card, ...]:
        return tuple(range(13))

    def start(self, params: ToyParams, deck: tuple[Card, ...], deal: int | None) -> ToyState:
        return ToyState(params, deal, deck)

    def legal_moves(self, state: ToyState) -> tuple[Move, ...]:
        moves = [TURN] if state.stock else []
        if self._fits(state):
            moves.append(UP_MOVE)
        return tuple(moves)

    def _fits(self, state: ToyState) -> bool:
        top = state.foundation[-1] if state.foundation else None
        if not state.waste:
            return False
        card = state.waste[-1]
        return card % 13 + 1 == ACE if top is None else follows(card, top, UP)

    def apply_unchecked(self, state: ToyState, move: Move) -> ToyState:
        if move == TURN:
            return replace(state, stock=state.stock[1:], waste=(*state.waste, state.stock[0]))
        return replace(
            state, waste=state.waste[:-1], foundation=(*state.foundation, state.waste[-1])
        )

    def outcome(self, state: ToyState) -> str | None:
        if len(state.foundation) == 13:
            return WON
        return None if self.legal_moves(state) else LOST

    def autoplay_move(self, state: ToyState) -> Move | None:
        return UP_MOVE if self._fits(state) else None

    def piles(self, state: ToyState) -> Mapping[str, tuple[Card, ...]]:
        return {"stock": state.stock, "waste": state.waste, "foundation": state.foundation}

    def with_piles(self, state: ToyState, piles: Mapping[str, tuple[Card, ...]]) -> ToyState:
        merged = {**self.piles(state), **piles}
        return replace(
            state, stock=merged["stock"], waste=merged["waste"], foundation=merged["foundation"]
        )

    def key(self, state: ToyState) -> Hashable:
        return (state.stock, state.waste, state.foundation)


TOY = Toy()
