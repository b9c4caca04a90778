"""Heads and Tails decided by its own search (`heads_and_tails_search`), and the folded line
it finds played out as the engine's moves."""

from __future__ import annotations

from dataclasses import replace
from time import perf_counter

from parlour.core.building import Build
from parlour.core.game import LOST, UNKNOWN, WON, OutOfBudget, OwnSearch
from parlour.core.moves import Move, moving
from parlour.games.heads_and_tails import (
    HEADS_AND_TAILS,
    TABLEAU,
    HeadsAndTailsState,
)
from parlour.games.heads_and_tails_search import (
    ACE_SIDE,
    KING_SIDE,
    LINES,
    SPACE,
    SUIT_COUNT,
    Arrangement,
    Entry,
    Folding,
    Position,
    Searcher,
    Step,
    base_of,
    entry,
    source_packet,
)
from parlour.games.twin_foundations import ACES, KINGS

OPEN_GLANCE = 5_000  # positions the variant's own search has first: most deals end within them
STANDARD_GLANCE = 15_000  # then the standard search's, for a win it finds at once
STANDARD_SHARE = 16  # one part in this many of an open-spaces budget is kept for standard rules


def search(state: HeadsAndTailsState, nodes: int, seconds: float) -> OwnSearch | None:
    """Decide `state` within `nodes` positions and `seconds`; None for a position no deal
    reaches, with a pile that is not one base card and its sequence (left to the generic
    search).

    Open spaces only add moves (HT-5), so a win under the standard rules is a win of the
    variant too, and the standard search, with fewer moves to try, sometimes finds one that
    the variant's own search does not, some of them at once (docs/design.md). So the variant's
    search first has a glance, then the standard search one; then the variant's search starts
    again with the budget but the share kept for the standard search, which has the rest. A
    standard loss proves nothing here."""
    if not all(map(_in_sequence, state.tableau, state.builds)):
        return None
    if state.params.variant != "open-spaces":
        return search_alone(state, nodes, seconds)
    standard = replace(state, params=replace(state.params, variant="standard"))
    start = perf_counter()
    main = (nodes - nodes // STANDARD_SHARE, seconds - seconds / STANDARD_SHARE)
    legs = (  # standard rules or not, positions it may take, the part of the budget it ends by
        (False, OPEN_GLANCE, main),
        (True, STANDARD_GLANCE, main),
        (False, nodes, main),
        (True, nodes, (nodes, seconds)),
    )
    spent = 0
    unknown: OwnSearch | None = None  # the variant's own, whose guess it keeps
    for strict, share, (until_nodes, until_seconds) in legs:
        budget = min(share, until_nodes - spent)
        if budget <= 0:
            continue
        rules = standard if strict else state
        leg = search_alone(rules, budget, max(start + until_seconds - perf_counter(), 0.0))
        spent += leg.nodes
        if leg.result == WON or (leg.result == LOST and not strict):
            return leg._replace(nodes=spent)
        if not strict:
            unknown = leg
    if unknown is None:  # no positions to spend: the variant's search says unknown, as ever
        return search_alone(state, nodes, seconds)
    return unknown._replace(nodes=spent)


def search_alone(state: HeadsAndTailsState, nodes: int, seconds: float) -> OwnSearch:
    """The search under the rules of the state's own variant, with the whole budget."""
    open_spaces = state.params.variant == "open-spaces"
    searcher = Searcher(state.packets, open_spaces, nodes, seconds)
    root = position_of(state, searcher.folding)
    try:
        steps = searcher.decide(root)
    except OutOfBudget:
        guess = played_out(state, searcher.best[1][:1])[:1]
        return OwnSearch(UNKNOWN, (), searcher.nodes, guess[0] if guess else None)
    if steps is None:
        return OwnSearch(LOST, (), searcher.nodes)
    return OwnSearch(WON, played_out(state, [step for _, step in steps]), searcher.nodes)


def _in_sequence(pile: tuple[int, ...], build: Build) -> bool:
    """Whether `pile` is a base card and `build.length` cards running on from it (HT-4)."""
    return len(pile) == (build.length + 1 if pile else 0) and all(
        card == pile[0] + build.direction * n for n, card in enumerate(pile)
    )


def entries(state: HeadsAndTailsState) -> list[Entry | None]:
    """Each head and tail as the search sees it, None for an empty space."""
    packets = tuple(map(len, state.packets))
    sources = [source_packet(packets, packet) for packet in range(LINES)]
    return [
        entry(sources[spot % LINES], pile[0], build.direction, build.length) if pile else None
        for spot, (pile, build) in enumerate(zip(state.tableau, state.builds, strict=True))
    ]


def position_of(state: HeadsAndTailsState, folding: Folding) -> Position:
    suits: list[list[Entry]] = [[] for _ in range(SUIT_COUNT)]
    for e in entries(state):
        if e is not None:
            suits[base_of(e) // 13].append(e)
    spaces = sum(not pile for pile in state.tableau)
    return Position(
        tuple(folding.canonical(tuple(sorted(a))) for a in suits),
        tuple(map(len, state.packets)),
        spaces if state.params.variant == "open-spaces" else 0,
        state.foundations.heights(),
    )


def arrangement(state: HeadsAndTailsState, suit: int) -> Arrangement:
    return tuple(sorted(e for e in entries(state) if e is not None and base_of(e) // 13 == suit))


def played_out(state: HeadsAndTailsState, steps: list[Step] | tuple[Step, ...]) -> tuple[Move, ...]:
    """The engine's moves for `steps`: before each, the rearranging moves that bring its suit's
    piles into the member it was taken from, then its own move."""
    game = HEADS_AND_TAILS
    moves: list[Move] = []
    for step in steps:
        for move in rearranged(state, step.suit, step.member):
            state = game.apply_unchecked(state, move)
            moves.append(move)
        move = step_move(state, step)
        state = game.apply_unchecked(state, move)
        moves.append(move)
    return tuple(moves)


def rearranged(state: HeadsAndTailsState, suit: int, member: Arrangement) -> list[Move]:
    """The fewest moves of built cards of `suit` from top to top that arrange its piles as
    `member` (HT-4), found breadth first."""
    game = HEADS_AND_TAILS
    reached: list[tuple[list[Move], HeadsAndTailsState]] = [([], state)]
    seen = {arrangement(state, suit)}
    for line, here in reached:  # grows as it goes
        if arrangement(here, suit) == member:
            return line
        for move in game.legal_moves(here):
            source = TABLEAU.index(move.source)
            pile = here.tableau[source]
            if move.target not in TABLEAU or pile[-1] // 13 != suit:
                continue
            if not here.builds[source].length or not here.tableau[TABLEAU.index(move.target)]:
                continue
            after = game.apply_unchecked(here, move)
            key = arrangement(after, suit)
            if key not in seen:
                seen.add(key)
                reached.append(([*line, move], after))
    raise AssertionError("a folded step's arrangement is not reachable: a solver bug")


def step_move(state: HeadsAndTailsState, step: Step) -> Move:
    """The engine's move for `step` once the suit's piles are arranged as its member."""
    spots = entries(state)
    source = spots.index(step.member[step.source])
    if step.target == ACE_SIDE:
        return moving(TABLEAU[source], ACES[step.suit])
    if step.target == KING_SIDE:
        return moving(TABLEAU[source], KINGS[step.suit])
    if step.target == SPACE:
        return moving(TABLEAU[source], TABLEAU[spots.index(None)])
    wanted = step.member[step.target]
    target = next(t for t, e in enumerate(spots) if e == wanted and t != source)
    return moving(TABLEAU[source], TABLEAU[target])
