"""The Wrangle's pieces: pile names, the state, and the rules that the moves share:
where a card fits (WR-2, WR-3, WR-4), laying out (WR-1) and passing the turn (WR-5, WR-6)."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from parlour.core.building import DOWN, UP, follows
from parlour.core.cards import ACE, Card
from parlour.core.moves import action, transfer
from parlour.games.wrangle.params import WrangleParams

SEATS = ("north", "south")
RESERVE_SIZE = 13
AUX_PER_SEAT = 4
DRAW_TURNS = 100  # WR-6

RESERVES = tuple(f"{seat}-reserve" for seat in SEATS)
STOCKS = tuple(f"{seat}-stock" for seat in SEATS)
WASTES = tuple(f"{seat}-waste" for seat in SEATS)
TURNED = tuple(f"{seat}-turned" for seat in SEATS)
AUXILIARIES = tuple(f"{seat}-aux-{n}" for seat in SEATS for n in range(1, AUX_PER_SEAT + 1))
FOUNDATIONS = tuple(f"foundation-{n}" for n in range(1, 9))
# Every pile in the order the game lists them: each seat's reserve, auxiliary heaps, stock,
# waste and turned card, then the foundations.
PILE_NAMES = (
    *(
        name
        for seat in range(len(SEATS))
        for name in (
            RESERVES[seat],
            *AUXILIARIES[seat * AUX_PER_SEAT : (seat + 1) * AUX_PER_SEAT],
            STOCKS[seat],
            WASTES[seat],
            TURNED[seat],
        )
    ),
    *FOUNDATIONS,
)

TURN = action("turn")  # WR-4: turn the top card of one's stock
PASS = action("pass")  # WR-5: the stock is empty and the player will not move

Pair = tuple[tuple[Card, ...], tuple[Card, ...]]
Heaps = tuple[tuple[Card, ...], ...]

# Each pile name as (kind, index): the seat for the per-player piles, the place for the others.
PLACES: dict[str, tuple[str, int]] = {
    **{name: ("reserve", i) for i, name in enumerate(RESERVES)},
    **{name: ("stock", i) for i, name in enumerate(STOCKS)},
    **{name: ("waste", i) for i, name in enumerate(WASTES)},
    **{name: ("turned", i) for i, name in enumerate(TURNED)},
    **{name: ("aux", i) for i, name in enumerate(AUXILIARIES)},
    **{name: ("foundation", i) for i, name in enumerate(FOUNDATIONS)},
}
MOVES = {(a, b): transfer(a, b) for a in PLACES for b in PLACES if a != b}


@dataclass(frozen=True, slots=True)
class WrangleState:
    params: WrangleParams
    deal: int | None
    first: int  # the seat that began (0 north, 1 south)
    mover: int  # the seat whose turn it is
    turn: int  # 1 during the first turn of the game
    reserves: Pair  # bottom to top
    stocks: Pair  # dealing order, next card first
    wastes: Pair  # bottom to top
    turned: tuple[Card, ...]  # the mover's turned card not yet placed: none or one (WR-4)
    auxiliaries: Heaps  # north-aux-1 … north-aux-4, south-aux-1 … south-aux-4
    foundations: Heaps
    idle: int = 0  # finished turns in a row without progress (WR-6)
    progress: bool = False  # whether the turn under way has made progress (WR-6)

    def __reduce__(self) -> tuple[type[WrangleState], tuple[Any, ...]]:
        """Pickled and copied through the constructor: compiled, the class has no setter for
        its frozen fields, which pickle's default way would need."""
        return WrangleState, tuple(getattr(self, field.name) for field in fields(self))


def seat_index(seat: str) -> int:
    return SEATS.index(seat)


def laid_out(state: WrangleState, seat: int) -> bool:
    """WR-1: the first player lays out at once, the second at the start of his first turn."""
    return seat == state.first or state.turn > 1


def laid_out_heaps(state: WrangleState) -> range:
    """The auxiliary heaps laid out so far (WR-1)."""
    if state.turn > 1:
        return range(len(AUXILIARIES))
    start = state.first * AUX_PER_SEAT
    return range(start, start + AUX_PER_SEAT)


def load_fits(card: Card, pile: tuple[Card, ...]) -> bool:
    """WR-4: a turned card goes on a reserve or waste of its suit one rank above or below."""
    return bool(pile) and (follows(card, pile[-1], UP) or follows(card, pile[-1], DOWN))


def aux_fits(card: Card, heap: tuple[Card, ...]) -> bool:
    """WR-3: down in suit, or any card on a heap left empty."""
    return not heap or follows(card, heap[-1], DOWN)


def foundation_targets(state: WrangleState, card: Card) -> list[int]:
    """WR-2: the foundations `card` may go to; an ace starts one on any empty place."""
    if card % 13 + 1 == ACE:
        return [i for i, f in enumerate(state.foundations) if not f]
    below = card - 1  # the card of its suit one rank lower: this one goes up from it
    return [i for i, f in enumerate(state.foundations) if f and f[-1] == below]


def put(heaps: Heaps, index: int, pile: tuple[Card, ...]) -> Heaps:
    """`heaps` with the one at `index` replaced by `pile`."""
    return (*heaps[:index], pile, *heaps[index + 1 :])


def put_seat(pair: Pair, seat: int, pile: tuple[Card, ...]) -> Pair:
    """`pair` with `seat`'s pile replaced by `pile`."""
    return (pile, pair[1]) if seat == 0 else (pair[0], pile)


def lay_out(state: WrangleState, seat: int) -> WrangleState:
    """WR-1: thirteen cards to the reserve (the last dealt on top), four to the auxiliary
    heaps, the rest stays the stock."""
    stock = state.stocks[seat]
    heaps = tuple((card,) for card in stock[RESERVE_SIZE : RESERVE_SIZE + AUX_PER_SEAT])
    start = seat * AUX_PER_SEAT
    auxiliaries = (*state.auxiliaries[:start], *heaps, *state.auxiliaries[start + AUX_PER_SEAT :])
    return replace(
        state,
        reserves=put_seat(state.reserves, seat, stock[:RESERVE_SIZE]),
        auxiliaries=auxiliaries,
        stocks=put_seat(state.stocks, seat, stock[RESERVE_SIZE + AUX_PER_SEAT :]),
    )


def end_turn(state: WrangleState) -> WrangleState:
    """The turn passes (WR-4, WR-5). The next player lays out if it is his first turn (WR-1)
    and turns his waste over as his new stock if his stock is empty (WR-5); the WR-6 count of
    turns without progress goes on or starts again."""
    nxt = 1 - state.mover
    state = WrangleState(  # built whole, for speed, as in `Wrangle.apply_unchecked`
        params=state.params,
        deal=state.deal,
        first=state.first,
        mover=nxt,
        turn=state.turn + 1,
        reserves=state.reserves,
        stocks=state.stocks,
        wastes=state.wastes,
        turned=state.turned,
        auxiliaries=state.auxiliaries,
        foundations=state.foundations,
        idle=0 if state.progress else state.idle + 1,
        progress=False,
    )
    if state.turn == 2:
        state = lay_out(state, nxt)
    if not state.stocks[nxt] and state.wastes[nxt]:
        # Turned face down, the waste's bottom card is dealt first.
        state = replace(
            state,
            stocks=put_seat(state.stocks, nxt, state.wastes[nxt]),
            wastes=put_seat(state.wastes, nxt, ()),
        )
    return state
