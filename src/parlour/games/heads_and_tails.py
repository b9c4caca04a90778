"""Heads and Tails (seed `heads-and-tails.md`): two packs, eight heads above eight reserve
packets above eight tails, building in suit on aces (up) and kings (down), with auxiliary
sequences in either direction on the heads and tails (HT-1…HT-6).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from parlour.core.building import NO_BUILD, Build
from parlour.core.cards import ACE, KING, SUITS, TWO_PACKS_SIZE, Card, two_packs
from parlour.core.game import LOST, WON, Game, GameInfo, MoveGroup, OwnSearch, Visibility
from parlour.core.moves import Move, moving
from parlour.games.heads_and_tails_search import LINES, source_packet
from parlour.games.twin_foundations import (
    Foundations,
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

TABLEAU = tuple(f"head-{n}" for n in range(1, LINES + 1)) + tuple(
    f"tail-{n}" for n in range(1, LINES + 1)
)
PACKETS = tuple(f"reserve-{n}" for n in range(1, LINES + 1))
# HT-3 and HT-5, for a player who tries a packet, which looks like any other pile
PACKETS_STAY = (
    "The reserve packets are never played from: they refill the heads and tails as these empty."
)
_SPOT = {name: index for index, name in enumerate(TABLEAU)}


@dataclass(frozen=True, slots=True)
class HeadsAndTailsParams:
    """`open-spaces`: once every packet is empty, an empty space takes any available card."""

    variant: Literal["standard", "open-spaces"] = "standard"


@dataclass(frozen=True, slots=True)
class HeadsAndTailsState:
    params: HeadsAndTailsParams
    deal: int | None
    tableau: tuple[tuple[Card, ...], ...]  # heads 1-8 then tails 1-8, bottom to top
    packets: tuple[tuple[Card, ...], ...]  # reserve packets 1-8, bottom to top
    foundations: Foundations
    builds: tuple[Build, ...]  # the auxiliary sequence on each head and tail (HT-4)


def packet_of(spot: int) -> int:
    """The packet between head i and tail i (HT-1): spots 0-7 are heads, 8-15 tails."""
    return spot % LINES


class HeadsAndTails(Game[HeadsAndTailsState, HeadsAndTailsParams]):
    info = GameInfo(
        id="heads-and-tails",
        name="Heads and Tails",
        summary="Two packs: free the heads and tails to build every suit up from its ace and "
        "down from its king.",
        description=(
            "Eight heads above, eight tails below, and eight reserve packets between them. Build "
            "each suit up from its ace and down from its king, using only the heads and tails, "
            "which may hold auxiliary sequences in either direction; each emptied place is refilled"
            " from its packet. A game of judgement rather than luck."
        ),
        params_type=HeadsAndTailsParams,
        rules_version="1",
        rule_ids=("HT-1", "HT-2", "HT-3", "HT-4", "HT-5", "HT-6"),
        never_played_from=tuple((packet, PACKETS_STAY) for packet in PACKETS),
    )

    def ordered_deck(self, params: HeadsAndTailsParams) -> tuple[Card, ...]:
        return two_packs()

    def start(
        self, params: HeadsAndTailsParams, deck: tuple[Card, ...], deal: int | None
    ) -> HeadsAndTailsState:
        """HT-1: heads, then tails, then round the packets; the first ace and the first king
        of each suit go to their foundations as they appear, the next card taking the slot."""
        tableau: list[list[Card]] = [[] for _ in TABLEAU]
        packets: list[list[Card]] = [[] for _ in PACKETS]
        aces: list[list[Card]] = [[] for _ in SUITS]
        kings: list[list[Card]] = [[] for _ in SUITS]
        slot = 0
        for card in deck:
            suit, rank = divmod(card, 13)
            if rank + 1 == ACE and not aces[suit]:
                aces[suit].append(card)
            elif rank + 1 == KING and not kings[suit]:
                kings[suit].append(card)
            else:
                if slot < len(TABLEAU):
                    tableau[slot].append(card)
                else:
                    packets[(slot - len(TABLEAU)) % LINES].append(card)
                slot += 1
        return HeadsAndTailsState(
            params,
            deal,
            tuple(map(tuple, tableau)),
            tuple(map(tuple, packets)),
            Foundations(tuple(map(tuple, aces)), tuple(map(tuple, kings))),
            (NO_BUILD,) * len(TABLEAU),
        )

    # ----- play ---------------------------------------------------------------------------
    def legal_moves(self, state: HeadsAndTailsState) -> tuple[Move, ...]:
        moves = foundation_moves(TABLEAU, state.tableau, state.foundations)
        spaces_open = state.params.variant == "open-spaces" and not any(state.packets)
        empty = [t for t, onto in enumerate(state.tableau) if not onto] if spaces_open else []
        for spot, targets in enumerate(build_targets(state.tableau, state.builds)):
            if state.tableau[spot] and (targets or empty):
                # HT-5 open-spaces: an empty space takes any available card
                moves += [moving(TABLEAU[spot], TABLEAU[t]) for t in sorted(targets + empty)]
        return tuple(moves)

    def apply_unchecked(self, state: HeadsAndTailsState, move: Move) -> HeadsAndTailsState:
        tableau, builds, foundations = carried(
            state.tableau, state.builds, state.foundations, _SPOT, move
        )
        spot = _SPOT[move.source]
        packets = state.packets
        if not tableau[spot]:
            tableau, packets = _refilled(tableau, packets, spot)
        return HeadsAndTailsState(state.params, state.deal, tableau, packets, foundations, builds)

    def rule_refusal(self, state: HeadsAndTailsState, move: Move) -> str:
        if not move.is_transfer:
            return super().rule_refusal(state, move)
        if move.source not in _SPOT:
            return f"{move} is not allowed: only the heads and tails are played from (HT-3)"
        if move.target in PACKETS:
            return f"{move} is not allowed: nothing is built on the reserve packets (HT-3, HT-4)"
        target = _SPOT.get(move.target)
        onto = None if target is None else state.tableau[target]
        build = NO_BUILD if target is None else state.builds[target]
        empty = (
            "an empty space takes a card only in the open-spaces variant, once every packet "
            "is empty (HT-5)"
        )
        rule = "HT-4" if onto is not None else "HT-2"
        card = state.tableau[_SPOT[move.source]][-1]
        return why_not_moved(move, card, onto, build, rule, empty)

    def outcome(self, state: HeadsAndTailsState) -> str | None:
        if state.foundations.count() == TWO_PACKS_SIZE:
            return WON
        return None if self.legal_moves(state) else LOST

    def autoplay_move(self, state: HeadsAndTailsState) -> Move | None:
        return self.safe_move(state)

    def safe_move(self, state: HeadsAndTailsState) -> Move | None:
        return safe_foundation_move(TABLEAU, state.tableau, state.foundations)

    def order_moves(self, state: HeadsAndTailsState, moves: tuple[Move, ...]) -> list[Move]:
        """Foundations first, then builds that empty a pile soonest."""
        return sorted(
            moves,
            key=lambda m: (m.target in _SPOT, len(state.tableau[_SPOT[m.source]])),
        )

    def progress(self, state: HeadsAndTailsState) -> float:
        """Cards on the foundations, and half as much for each card out of the packets."""
        return state.foundations.count() - 0.5 * sum(map(len, state.packets))

    def parts(self, state: HeadsAndTailsState) -> tuple[HeadsAndTailsState, ...] | None:
        """Once every packet is empty (standard HT-5: nothing refills, no space is filled
        again), each pile holds one suit and moves only within it (HT-4), so the suits play
        independently: one part per suit still in the tableau, the others as if finished."""
        if state.params.variant != "standard" or any(state.packets):
            return None
        suits = sorted({pile[0] // 13 for pile in state.tableau if pile})
        if len(suits) < 2:
            return None
        return tuple(
            replace(
                state,
                tableau=tuple(p if p and p[0] // 13 == suit else () for p in state.tableau),
                builds=tuple(
                    b if p and p[0] // 13 == suit else NO_BUILD
                    for p, b in zip(state.tableau, state.builds, strict=True)
                ),
                foundations=state.foundations.only(suit),
            )
            for suit in suits
        )

    def hopeless(self, state: HeadsAndTailsState) -> bool:
        """Cards that wait on each other for good (`deadlocked`); standard rules only, since in
        open-spaces an empty space may take any card once the packets are empty (HT-5)."""
        return state.params.variant == "standard" and deadlocked(
            packed(state.tableau), state.foundations.heights()
        )

    def search(self, state: HeadsAndTailsState, nodes: int, seconds: float) -> OwnSearch | None:
        """The search on folded positions (`heads_and_tails_search`), for every position play
        reaches."""
        from parlour.games.heads_and_tails_solving import search

        return search(state, nodes, seconds)

    def move_group(self, state: HeadsAndTailsState, move: Move) -> MoveGroup:
        return tableau_move_group(move, _SPOT, state.tableau, state.builds)

    # ----- views --------------------------------------------------------------------------
    def piles(self, state: HeadsAndTailsState) -> Mapping[str, tuple[Card, ...]]:
        return {
            **dict(zip(TABLEAU, state.tableau, strict=True)),
            **dict(zip(PACKETS, state.packets, strict=True)),
            **state.foundations.piles(),
        }

    def with_piles(
        self, state: HeadsAndTailsState, piles: Mapping[str, tuple[Card, ...]]
    ) -> HeadsAndTailsState:
        merged = {**self.piles(state), **piles}
        return replace(
            state,
            tableau=tuple(merged[name] for name in TABLEAU),
            packets=tuple(merged[name] for name in PACKETS),
            foundations=Foundations.from_piles(merged),
        )

    def visibility(self, state: HeadsAndTailsState, pile: str, player: str | None) -> Visibility:
        """Packets are face up but stacked: only their top card shows."""
        return Visibility.TOP if pile in PACKETS else Visibility.ALL

    def extras(self, state: HeadsAndTailsState) -> dict[str, Any]:
        """Each head and tail's auxiliary sequence: how many built cards, which way (HT-4)."""
        return {"sequences": sequences(TABLEAU, state.builds)}

    def key(self, state: HeadsAndTailsState) -> Hashable:
        return (state.tableau, state.packets, state.foundations, state.builds)

    def canonical_key(self, state: HeadsAndTailsState) -> Hashable:
        """Heads and tails that refill from the same packet (HT-5) play alike, so their order
        is folded; a pile's cards also fix its sequence (one base card, then built cards)."""
        sources = _refill_sources(state.packets)
        piles = sorted(zip(sources + sources, state.tableau, strict=True))
        return (tuple(piles), state.packets, state.foundations.heights())


def _refill_sources(packets: tuple[tuple[Card, ...], ...]) -> list[int]:
    """For each packet's head and tail, the packet that would refill it now, or -1 when every
    packet is empty (HT-5)."""
    sizes = tuple(map(len, packets))
    return [source_packet(sizes, packet) for packet in range(LINES)]


def _refilled(
    tableau: tuple[tuple[Card, ...], ...], packets: tuple[tuple[Card, ...], ...], spot: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[tuple[Card, ...], ...]]:
    """HT-5: an emptied head or tail takes the top of its packet, else the nearest non-empty
    packet to the left, wrapping; with every packet empty it stays empty."""
    packet = source_packet(tuple(map(len, packets)), packet_of(spot))
    if packet < 0:
        return tableau, packets
    filled = (*tableau[:spot], (packets[packet][-1],), *tableau[spot + 1 :])
    return filled, (*packets[:packet], packets[packet][:-1], *packets[packet + 1 :])


HEADS_AND_TAILS = HeadsAndTails()
