"""Royal Marriage decided without search: which cards can be cleared between two cards
depends on nothing outside them (`Clearing`), as dealt the orders of discards are tried on rows
of plain cards (`DealtSearch`), and each grace is tried where it can come."""

from __future__ import annotations

from itertools import combinations

from parlour.core.cards import Card
from parlour.core.game import Exact
from parlour.core.moves import Move, action
from parlour.games.royal_marriage import (
    DEAL,
    DISCARD,
    SWAP,
    THROW,
    RoyalMarriageState,
    discard_moves,
    grace_open,
    is_won,
)
from parlour.games.royal_marriage_dealt import DealtSearch
from parlour.games.royal_marriage_exact import Clearing, ThrowClearing
from parlour.games.royal_marriage_rows import discard_spans, discard_until_stuck, has_discard


def solve_exact(state: RoyalMarriageState) -> Exact | None:
    """As dealt, `DealtSearch` tries the orders of discards on plain rows and leaves the
    end to `_solve_end`; in the open mode the end is the whole game."""
    if state.stock and state.params.mode == "as-dealt":
        return _solve_dealt(state)
    if state.stock or is_won(state):
        return None
    return _solve_end(state)


def _solve_dealt(state: RoyalMarriageState) -> Exact:
    def finish(row: tuple[Card, ...]) -> tuple[Move, ...] | None:
        end = _solve_end(RoyalMarriageState(state.params, state.deal, row, (), ()))
        assert end is not None  # as dealt, every end is decided
        return end.moves if end.won else None

    found = DealtSearch(state.stock, state.params.variant, finish).line(state.row)
    if found is None:
        return Exact(False)
    steps, end = found
    return Exact(True, (*(DEAL if s is None else action(DISCARD, *s) for s in steps), *end))


def _solve_end(state: RoyalMarriageState) -> Exact | None:
    """Once every card is dealt the rest is free discarding, which `Clearing` decides
    exactly, with a grace still to come as well (only open Push-pin may leave the decision
    to the search, when its swap is needed before the row is stuck)."""
    if is_won(state):
        return Exact(True)
    clearing = Clearing(state.row, state.params.variant)
    if clearing.won():
        return Exact(True, discard_moves(clearing.discards()))
    if not grace_open(state):
        return Exact(False)
    as_dealt = state.params.mode == "as-dealt"
    if as_dealt and discard_spans(state.row, state.params.variant):
        return None  # RM-4: the grace waits until no discard is left
    if state.params.variant == "discards":
        return _throw_plan(state, clearing)
    if as_dealt:  # Push-pin: the swap comes now, then free discarding
        return _best_swap(state)
    return _swap_when_stuck(state)


def _swap_when_stuck(state: RoyalMarriageState) -> Exact | None:
    """Open Push-pin: a win by discarding the first group possible until none is left, then
    swapping; None when that fails, for the search to decide (the swap may come earlier)."""
    groups, row = discard_until_stuck(state.row, state.params.variant)
    swap = _best_swap(RoyalMarriageState(state.params, state.deal, row, (), ()))
    return Exact(True, (*discard_moves(groups), *swap.moves)) if swap.won else None


def _throw_plan(state: RoyalMarriageState, clearing: Clearing) -> Exact:
    """Dr. Pole's throw, decided by `ThrowClearing`. Its intervals cost a millisecond or more
    for a whole pack, so the throw is first tried when the first discards possible have
    left the row stuck: a much shorter row, which wins this way in most open deals."""
    groups, stuck = discard_until_stuck(state.row, state.params.variant)
    plan = ThrowClearing(Clearing(stuck, state.params.variant)).plan() if groups else None
    if plan is None:
        groups, plan = [], ThrowClearing(clearing).plan()
    if plan is None:
        return Exact(False)
    before, thrown, after = plan
    return Exact(
        True,
        (*discard_moves(groups + before), action(THROW, *thrown), *discard_moves(after)),
    )


def _best_swap(state: RoyalMarriageState) -> Exact:
    """The first swap after which the row clears; a swap that leaves no discard at all is
    passed over without computing the intervals."""
    row, variant = state.row, state.params.variant
    for i, j in combinations(range(1, len(row) - 1), 2):
        swapped = (*row[:i], row[j], *row[i + 1 : j], row[i], *row[j + 1 :])
        if not has_discard(swapped, variant):
            continue
        after = Clearing(swapped, variant)
        if after.won():
            return Exact(True, (action(SWAP, row[i], row[j]), *discard_moves(after.discards())))
    return Exact(False)
