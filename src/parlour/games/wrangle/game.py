"""The Wrangle as a `Game`: deals, legal moves, their effects, the end, and what each player
sees (WR-1…WR-7)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import replace
from itertools import islice
from random import Random
from typing import Any

from mypy_extensions import mypyc_attr

from parlour.core.cards import Card, one_pack, parse_card, two_packs
from parlour.core.deals import SplitMix64, check_deal_number, check_deck, shuffle
from parlour.core.errors import DeckError
from parlour.core.game import DRAW, Game, GameInfo, Visibility
from parlour.core.moves import Move
from parlour.games.wrangle.params import WrangleParams
from parlour.games.wrangle.refusals import reason
from parlour.games.wrangle.rules import (
    AUX_PER_SEAT,
    AUXILIARIES,
    DRAW_TURNS,
    FOUNDATIONS,
    MOVES,
    PASS,
    PILE_NAMES,
    PLACES,
    RESERVES,
    SEATS,
    STOCKS,
    TURN,
    TURNED,
    WASTES,
    Pair,
    WrangleState,
    aux_fits,
    end_turn,
    foundation_targets,
    laid_out_heaps,
    lay_out,
    load_fits,
    put,
    put_seat,
    seat_index,
)


# Compiled (docs/design.md, "Compiled searches"), and still open to subclasses in Python.
@mypyc_attr(allow_interpreted_subclasses=True)
class Wrangle(Game[WrangleState, WrangleParams]):
    info = GameInfo(
        id="wrangle",
        name="The Wrangle",
        summary="Two players, a pack each: race to be rid of your reserve and stock, loading "
        "your cards onto your adversary's heaps.",
        description=(
            "A race for two, each with a pack: a reserve of thirteen, four auxiliary heaps and a "
            "stock. Play to the shared foundations, build down on any heap, and load your turned "
            "cards onto your adversary's reserve and waste. The first to be rid of reserve, stock "
            "and waste wins. Play the computer, or open a table and send its link to a friend."
        ),
        params_type=WrangleParams,
        rules_version="1",
        seats=SEATS,
        information="hidden",
        rule_ids=("WR-1", "WR-2", "WR-3", "WR-4", "WR-5", "WR-6", "WR-7"),
        actions=(TURN.action, PASS.action),
    )
    # The deal number fixes both packs, so showing it would show every hidden card (WR-7).
    deal_is_public = False

    # ----- deals and decks (WR-1) -----------------------------------------------------------
    def ordered_deck(self, params: WrangleParams) -> tuple[Card, ...]:
        return two_packs()  # north's pack, then south's

    def deck_for_deal(self, params: WrangleParams, deal: int) -> tuple[Card, ...]:
        """North's pack shuffled, then south's, both from the deal's generator (C-2)."""
        rng = SplitMix64(check_deal_number(deal))
        north = shuffle(one_pack(), rng)
        return north + shuffle(one_pack(), rng)

    @staticmethod
    def cut(deal: int) -> int:
        """WR-1, the cut: after the two shuffles, the deal's next number below 2 names the seat
        that begins (0 north, 1 south); a fair cut with re-cuts on ties is the same coin."""
        rng = SplitMix64(check_deal_number(deal))
        for _ in range(2):
            shuffle(one_pack(), rng)
        return rng.below(2)

    def accept_deck(self, params: WrangleParams, deck: Sequence[Card]) -> tuple[Card, ...]:
        """WR-1: north's 52 cards in dealing order, then south's 52; each a whole pack."""
        given = tuple(deck)
        check_deck(given, two_packs())
        for seat, half in zip(SEATS, (given[:52], given[52:]), strict=True):
            try:
                check_deck(half, one_pack())
            except DeckError as error:
                raise DeckError(f"{seat}'s pack is not a whole pack: {error}") from None
        return given

    def start(
        self, params: WrangleParams, deck: tuple[Card, ...], deal: int | None
    ) -> WrangleState:
        if params.first != "cut":
            first = seat_index(params.first)
        else:
            first = 0 if deal is None else self.cut(deal)
        empty: Pair = ((), ())
        state = WrangleState(
            params,
            deal,
            first,
            first,
            1,
            empty,
            (deck[:52], deck[52:]),
            empty,
            (),
            ((),) * len(AUXILIARIES),
            ((),) * len(FOUNDATIONS),
        )
        return lay_out(state, first)

    # ----- play ---------------------------------------------------------------------------
    def legal_moves(self, state: WrangleState) -> tuple[Move, ...]:
        if self.outcome(state) is not None:
            return ()
        me = state.mover
        moves: list[Move] = []
        if state.turned:  # WR-4: the turned card is placed before anything else
            self._placements(state, TURNED[me], state.turned[0], moves)
            moves.append(MOVES[TURNED[me], WASTES[me]])
            return tuple(moves)
        reserve = state.reserves[me]
        if reserve:
            self._placements(state, RESERVES[me], reserve[-1], moves)
        for heap in laid_out_heaps(state):
            if state.auxiliaries[heap]:
                for f in foundation_targets(state, state.auxiliaries[heap][-1]):
                    moves.append(MOVES[AUXILIARIES[heap], FOUNDATIONS[f]])
        moves.append(TURN if state.stocks[me] else PASS)
        return tuple(moves)

    def _placements(self, state: WrangleState, source: str, card: Card, moves: list[Move]) -> None:
        """Where `card` from `source` may go: foundations, auxiliary heaps, and for a turned
        card its owner's reserve and, from the second turn on, the opponent's heaps (WR-4)."""
        for f in foundation_targets(state, card):
            moves.append(MOVES[source, FOUNDATIONS[f]])
        for heap in laid_out_heaps(state):
            if aux_fits(card, state.auxiliaries[heap]):
                moves.append(MOVES[source, AUXILIARIES[heap]])
        if source not in TURNED:
            return
        me, other = state.mover, 1 - state.mover
        if load_fits(card, state.reserves[me]):
            moves.append(MOVES[source, RESERVES[me]])
        if state.turn > 1:
            if load_fits(card, state.reserves[other]):
                moves.append(MOVES[source, RESERVES[other]])
            if load_fits(card, state.wastes[other]):
                moves.append(MOVES[source, WASTES[other]])

    def apply_unchecked(self, state: WrangleState, move: Move) -> WrangleState:
        # The new state is built whole rather than by `dataclasses.replace`, which took a
        # quarter of the strong player's playout steps (docs/design.md, "Compiled searches").
        me = state.mover
        if move.action == TURN.action:
            stock = state.stocks[me]
            return WrangleState(
                params=state.params,
                deal=state.deal,
                first=state.first,
                mover=me,
                turn=state.turn,
                reserves=state.reserves,
                stocks=put_seat(state.stocks, me, stock[1:]),
                wastes=state.wastes,
                turned=stock[:1],
                auxiliaries=state.auxiliaries,
                foundations=state.foundations,
                idle=state.idle,
                progress=state.progress,
            )
        if move.action == PASS.action:
            return end_turn(state)
        kind, index = PLACES[move.source]
        target, place = PLACES[move.target]
        reserves, wastes, auxiliaries = state.reserves, state.wastes, state.auxiliaries
        foundations, turned, progress = state.foundations, state.turned, state.progress
        if kind == "turned":
            card, turned = turned[0], ()
        elif kind == "reserve":
            card = reserves[me][-1]
            reserves, progress = put_seat(reserves, me, reserves[me][:-1]), True
        else:
            heap = auxiliaries[index]
            card, rest = heap[-1], heap[:-1]
            if not rest and wastes[me]:  # WR-3: refilled at once from the mover's waste
                rest = wastes[me][-1:]
                wastes = put_seat(wastes, me, wastes[me][:-1])
            auxiliaries = put(auxiliaries, index, rest)
        if target == "foundation":
            foundations, progress = put(foundations, place, (*foundations[place], card)), True
        elif target == "aux":
            auxiliaries = put(auxiliaries, place, (*auxiliaries[place], card))
        elif target == "reserve":
            reserves = put_seat(reserves, place, (*reserves[place], card))
        else:
            wastes = put_seat(wastes, place, (*wastes[place], card))
        state = WrangleState(
            params=state.params,
            deal=state.deal,
            first=state.first,
            mover=me,
            turn=state.turn,
            reserves=reserves,
            stocks=state.stocks,
            wastes=wastes,
            turned=turned,
            auxiliaries=auxiliaries,
            foundations=foundations,
            idle=state.idle,
            progress=progress,
        )
        # WR-4: a card put on one's own waste was not placed, and the turn ends
        return end_turn(state) if target == "waste" and place == me else state

    def rule_refusal(self, state: WrangleState, move: Move) -> str:
        return f"{move} is not allowed: {reason(state, move)}"

    def outcome(self, state: WrangleState) -> str | None:
        """WR-6: a player with reserve, stock and waste empty has won; 100 turns in a row
        without a card to a foundation or a reserve shrinking are a draw."""
        for seat in (state.mover, 1 - state.mover):
            if not (
                state.reserves[seat]
                or state.stocks[seat]
                or state.wastes[seat]
                or (seat == state.mover and state.turned)
            ):
                return SEATS[seat]
        return DRAW if state.idle >= DRAW_TURNS else None

    def to_move(self, state: WrangleState) -> str | None:
        return None if self.outcome(state) is not None else SEATS[state.mover]

    # ----- views --------------------------------------------------------------------------
    def piles(self, state: WrangleState) -> Mapping[str, tuple[Card, ...]]:
        north_turned, south_turned = (state.turned, ()) if state.mover == 0 else ((), state.turned)
        heaps = state.auxiliaries
        contents = (
            state.reserves[0],
            *heaps[:AUX_PER_SEAT],
            state.stocks[0],
            state.wastes[0],
            north_turned,
            state.reserves[1],
            *heaps[AUX_PER_SEAT:],
            state.stocks[1],
            state.wastes[1],
            south_turned,
            *state.foundations,
        )
        return dict(zip(PILE_NAMES, contents, strict=True))

    def with_piles(
        self, state: WrangleState, piles: Mapping[str, tuple[Card, ...]]
    ) -> WrangleState:
        merged = {**self.piles(state), **piles}
        return replace(
            state,
            reserves=(merged[RESERVES[0]], merged[RESERVES[1]]),
            stocks=(merged[STOCKS[0]], merged[STOCKS[1]]),
            wastes=(merged[WASTES[0]], merged[WASTES[1]]),
            turned=merged[TURNED[state.mover]],
            auxiliaries=tuple(merged[name] for name in AUXILIARIES),
            foundations=tuple(merged[name] for name in FOUNDATIONS),
        )

    def visibility(self, state: WrangleState, pile: str, player: str | None) -> Visibility:
        """WR-7: stocks face down; of a reserve or a waste only the top is seen; the turned
        card, the auxiliary heaps (every card on them was face up) and the foundations are
        seen whole. The same for both players."""
        kind = PLACES[pile][0]
        if kind == "stock":
            return Visibility.NONE
        return Visibility.TOP if kind in ("reserve", "waste") else Visibility.ALL

    def extras(self, state: WrangleState) -> dict[str, Any]:
        """Public facts: who began, the turn number and the WR-6 count and limit (no card in
        them)."""
        return {
            "first": SEATS[state.first],
            "turn": state.turn,
            "turns_without_progress": state.idle,
            "draw_after": DRAW_TURNS,
            "progress_this_turn": state.progress,
        }

    def key(self, state: WrangleState) -> Hashable:
        return (
            state.first,
            state.mover,
            state.turn > 1,
            state.idle,
            state.progress,
            state.reserves,
            state.stocks,
            state.wastes,
            state.turned,
            state.auxiliaries,
            state.foundations,
        )

    # ----- a position as a player may imagine it (WR-7) -----------------------------------
    def determinize(
        self,
        observation: Mapping[str, Any],
        rng: Random,
        known: Mapping[str, Sequence[Card | None]] | None = None,
        unshown: Mapping[str, Sequence[Card]] | None = None,
    ) -> WrangleState:
        """A full state consistent with `observation`: the cards the player cannot see are
        dealt at random into the places he cannot see. Agents plan on such samples.

        `known` is what the player remembers having seen in those places (each pile in the
        state's order, a card or None per position, as long as the pile): those cards stay
        where they were seen, and only the others are dealt. A remembered card that the
        observation rules out (it is seen elsewhere) is dealt like an unseen one.

        `unshown` is, for each seat, the cards of its own pack the player has not seen: a
        seat's stock and reserve began as its pack (WR-1), so their unseen places are dealt
        from those first, and from the rest only when they run short."""
        shown = {
            name: [parse_card(c) for c in cards] for name, cards in observation["piles"].items()
        }
        hidden = Counter(two_packs())
        hidden.subtract(card for cards in shown.values() for card in cards)
        slots: dict[str, list[Card | None]] = {}
        for name, cards in shown.items():
            unseen = observation["sizes"][name] - len(cards)
            remembered = (known or {}).get(name, ())
            if len(remembered) != observation["sizes"][name]:
                remembered = (None,) * unseen
            slots[name] = list(remembered[:unseen])
            for index, card in enumerate(slots[name]):
                if card is not None and hidden[card] > 0:
                    hidden[card] -= 1
                else:
                    slots[name][index] = None
        fills = dealt_by_seat(slots, hidden, unshown or {}, rng)
        piles: dict[str, tuple[Card, ...]] = {
            name: (*(next(fills[name]) if card is None else card for card in slots[name]), *cards)
            for name, cards in shown.items()
        }
        return WrangleState(
            WrangleParams(**observation["params"]),
            None,
            seat_index(observation["first"]),
            seat_index(observation["to_move"]),
            observation["turn"],
            (piles[RESERVES[0]], piles[RESERVES[1]]),
            (piles[STOCKS[0]], piles[STOCKS[1]]),
            (piles[WASTES[0]], piles[WASTES[1]]),
            piles[TURNED[seat_index(observation["to_move"])]],
            tuple(piles[name] for name in AUXILIARIES),
            tuple(piles[name] for name in FOUNDATIONS),
            observation["turns_without_progress"],
            observation["progress_this_turn"],
        )


def dealt_by_seat(
    slots: Mapping[str, Sequence[Card | None]],
    hidden: Counter[Card],
    unshown: Mapping[str, Sequence[Card]],
    rng: Random,
) -> dict[str, Iterator[Card]]:
    """The cards for each pile's unseen places (None in `slots`), from the `hidden` ones: a
    seat's stock and reserve, where its pack began (WR-1), take the cards of `unshown[seat]`
    still hidden, then any others; every other place, such as a waste under its top (cards
    the opponent loaded unseen), the cards left."""
    home = {seat: (f"{seat}-stock", f"{seat}-reserve") for seat in SEATS}
    own: dict[str, list[Card]] = {}
    places: dict[str, int] = {}
    for seat in SEATS:
        places[seat] = sum(slot is None for name in home[seat] for slot in slots[name])
        cards = [card for card in unshown.get(seat, ()) if hidden[card] > 0]
        rng.shuffle(cards)
        own[seat] = cards[: places[seat]]
        hidden.subtract(own[seat])
    rest = list(hidden.elements())
    rng.shuffle(rest)
    others = iter(rest)
    fills: dict[str, Iterator[Card]] = {}
    for seat in SEATS:
        cards = own[seat] + list(islice(others, places[seat] - len(own[seat])))
        rng.shuffle(cards)
        deal = iter(cards)
        fills.update((name, deal) for name in home[seat])
    for name in slots:
        fills.setdefault(name, others)
    return fills


WRANGLE = Wrangle()
