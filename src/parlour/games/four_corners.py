"""The Four Corners (seed `the-four-corners.md`): twelve heaps round eight foundations, dealt
card by card with foundation cards taken up as they fall (FC-2), then free play with auxiliary
sequences (FC-3), and up to two redeals (FC-4).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from parlour.core.building import NO_BUILD, Build
from parlour.core.cards import TWO_PACKS_SIZE, Card, two_packs
from parlour.core.game import LOST, WON, Game, GameInfo, MoveGroup, OwnSearch, Visibility
from parlour.core.moves import Move, action, moving
from parlour.games.four_corners_deal import deal_heights
from parlour.games.twin_foundations import (
    Foundations,
    Piles,
    build_targets,
    carried,
    deadlocked,
    foundation_moves,
    packed,
    safe_foundation_move,
    sequences,
    tableau_move_group,
    why_not_moved,
)

HEAPS = tuple(f"heap-{n}" for n in range(1, 13))
REDEALS = 2
REDEAL = action("redeal")
_SPOT = {name: index for index, name in enumerate(HEAPS)}


@dataclass(frozen=True, slots=True)
class FourCornersParams:
    """The Four Corners has no variants."""


@dataclass(frozen=True, slots=True)
class FourCornersState:
    params: FourCornersParams
    deal: int | None
    heaps: Piles  # heap-1 … heap-12, bottom to top
    foundations: Foundations
    builds: tuple[Build, ...]  # auxiliary sequences on the heaps (FC-3, as HT-4)
    redeals_left: int = REDEALS


def deal_round(cards: tuple[Card, ...], foundations: Foundations) -> tuple[Piles, Foundations]:
    """FC-2 (`deal_heights`), the foundations as piles."""
    heaps, heights = deal_heights(cards, foundations.heights())
    return heaps, Foundations.of_heights(heights)


class FourCorners(Game[FourCornersState, FourCornersParams]):
    info = GameInfo(
        id="four-corners",
        name="The Four Corners",
        summary="Two packs: twelve heaps round the aces and kings, dealt with care, played "
        "freely, redealt twice.",
        description=(
            "Twelve heaps round four rows of foundations: an ace and a king of each suit. The deal "
            "itself needs care, for cards go up only from the corners or from the heap beside their"
            " foundation. Then play freely, shifting cards from heap to heap in sequences, and "
            "gather and deal again twice at most."
        ),
        params_type=FourCornersParams,
        rules_version="1",
        rule_ids=("FC-1", "FC-2", "FC-3", "FC-4", "FC-5"),
        actions=(REDEAL.action,),
    )

    def ordered_deck(self, params: FourCornersParams) -> tuple[Card, ...]:
        return two_packs()

    def start(
        self, params: FourCornersParams, deck: tuple[Card, ...], deal: int | None
    ) -> FourCornersState:
        empty: Piles = ((),) * 4
        heaps, foundations = deal_round(deck, Foundations(empty, empty))
        return FourCornersState(params, deal, heaps, foundations, (NO_BUILD,) * len(HEAPS))

    # ----- play ---------------------------------------------------------------------------
    def legal_moves(self, state: FourCornersState) -> tuple[Move, ...]:
        if state.foundations.count() == TWO_PACKS_SIZE:
            return ()
        moves = foundation_moves(HEAPS, state.heaps, state.foundations)
        for spot, targets in enumerate(build_targets(state.heaps, state.builds)):
            # FC-3: an emptied heap stays empty, so only tops of heaps take cards
            moves += [moving(HEAPS[spot], HEAPS[t]) for t in targets]
        if state.redeals_left:
            moves.append(REDEAL)
        return tuple(moves)

    def apply_unchecked(self, state: FourCornersState, move: Move) -> FourCornersState:
        if move == REDEAL:
            return self._redealt(state)
        heaps, builds, foundations = carried(
            state.heaps, state.builds, state.foundations, _SPOT, move
        )
        return replace(state, heaps=heaps, foundations=foundations, builds=builds)

    def _redealt(self, state: FourCornersState) -> FourCornersState:
        """FC-4: heap-1's cards first, bottom card first, then heap-2's …, dealt under FC-2."""
        gathered = tuple(card for heap in state.heaps for card in heap)
        heaps, foundations = deal_round(gathered, state.foundations)
        return replace(
            state,
            heaps=heaps,
            foundations=foundations,
            builds=(NO_BUILD,) * len(HEAPS),
            redeals_left=state.redeals_left - 1,
        )

    def rule_refusal(self, state: FourCornersState, move: Move) -> str:
        if move == REDEAL:
            return "no redeal is left: the heaps may be dealt again twice at most (FC-4)"
        if not move.is_transfer or move.source not in _SPOT:
            return f"{move} is not allowed: only the top card of a heap moves (FC-3)"
        target = _SPOT.get(move.target)
        onto = None if target is None else state.heaps[target]
        build = NO_BUILD if target is None else state.builds[target]
        empty = "an emptied heap stays empty until the next deal (FC-3)"
        card = state.heaps[_SPOT[move.source]][-1]
        return why_not_moved(move, card, onto, build, "FC-3", empty)

    def outcome(self, state: FourCornersState) -> str | None:
        if state.foundations.count() == TWO_PACKS_SIZE:
            return WON
        return None if self.legal_moves(state) else LOST

    def autoplay_move(self, state: FourCornersState) -> Move | None:
        return self.safe_move(state)

    def safe_move(self, state: FourCornersState) -> Move | None:
        return safe_foundation_move(HEAPS, state.heaps, state.foundations)

    def order_moves(self, state: FourCornersState, moves: tuple[Move, ...]) -> list[Move]:
        """Foundations first, then builds from the shortest heaps, the redeal last."""
        return sorted(
            moves,
            key=lambda m: (
                m == REDEAL,
                m.target in _SPOT,
                len(state.heaps[_SPOT[m.source]]) if m.source in _SPOT else 0,
            ),
        )

    def progress(self, state: FourCornersState) -> float:
        return float(state.foundations.count())

    def hopeless(self, state: FourCornersState) -> bool:
        """After the last redeal, cards that wait on each other for good (`deadlocked`): an
        emptied heap stays empty (FC-3), so cards leave only for foundations and heap tops."""
        return not state.redeals_left and deadlocked(
            packed(state.heaps), state.foundations.heights()
        )

    def move_group(self, state: FourCornersState, move: Move) -> MoveGroup | None:
        """The redeal gathers every heap, so it belongs to no group (FC-4)."""
        if move == REDEAL:
            return None
        return tableau_move_group(move, _SPOT, state.heaps, state.builds)

    def search(self, state: FourCornersState, nodes: int, seconds: float) -> OwnSearch | None:
        """A depth-first search on a compact position, far faster than the generic one."""
        from parlour.games.four_corners_search import search  # it builds on this module

        return search(state, nodes, seconds)

    # ----- views --------------------------------------------------------------------------
    def piles(self, state: FourCornersState) -> Mapping[str, tuple[Card, ...]]:
        return {
            **dict(zip(HEAPS, state.heaps, strict=True)),
            **state.foundations.piles(),
        }

    def with_piles(
        self, state: FourCornersState, piles: Mapping[str, tuple[Card, ...]]
    ) -> FourCornersState:
        merged = {**self.piles(state), **piles}
        return replace(
            state,
            heaps=tuple(merged[name] for name in HEAPS),
            foundations=Foundations.from_piles(merged),
        )

    def visibility(self, state: FourCornersState, pile: str, player: str | None) -> Visibility:
        """Heaps are face-up stacks: only their top card shows."""
        return Visibility.TOP if pile in _SPOT else Visibility.ALL

    def extras(self, state: FourCornersState) -> dict[str, Any]:
        return {
            "redeals_left": state.redeals_left,
            "sequences": sequences(HEAPS, state.builds),
        }

    def key(self, state: FourCornersState) -> Hashable:
        return (state.heaps, state.foundations, state.builds, state.redeals_left)

    def canonical_key(self, state: FourCornersState) -> Hashable:
        """Once no redeal is left a heap's place no longer matters (FC-2, FC-4 deal by place),
        so the heaps' order is folded."""
        heaps = tuple(zip(state.heaps, state.builds, strict=True))
        if not state.redeals_left:
            heaps = tuple(sorted(heaps))
        return (heaps, state.foundations.heights(), state.redeals_left)


FOUR_CORNERS = FourCorners()
