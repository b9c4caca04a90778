"""Heads and Tails decided by its own search on folded positions: the classes of rearranged
sequences, the piles known by the packet that refills them, and the search's answers against
an exhaustive search of the engine's positions and on real deals."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from parlour.core.building import DOWN, FREE, NO_BUILD, UP, Build
from parlour.core.cards import parse_card
from parlour.games import heads_and_tails_solving
from parlour.games.heads_and_tails import HEADS_AND_TAILS as HT
from parlour.games.heads_and_tails import TABLEAU, HeadsAndTailsParams, HeadsAndTailsState
from parlour.games.heads_and_tails_search import (
    ACE_SIDE,
    FIRST_SHARE,
    LINES,
    ORDERS,
    SUIT_COUNT,
    Folding,
    Searcher,
    Step,
    base_of,
    entry,
    group_of,
    member_steps,
    moved,
    rearrangements,
    shape,
    top_of,
)
from parlour.games.heads_and_tails_solving import (
    OPEN_GLANCE,
    STANDARD_GLANCE,
    position_of,
    search,
    search_alone,
)
from parlour.games.twin_foundations import Foundations
from parlour.solver import Budget, solve
from tests.games.test_heads_and_tails import position
from tests.solver.test_two_pack_solving import (
    exhaustively_won,
    finished,
    foundations_missing,
    tiny_foundations,
)

STANDARD = HeadsAndTailsParams()
OPEN_SPACES = HeadsAndTailsParams("open-spaces")


def card(text: str) -> int:
    return parse_card(text)


# ----- classes of arrangements (HT-4) ---------------------------------------------------------
def test_HT_4_sequences_moved_top_to_top_make_one_class_with_one_least_member() -> None:
    """5S with 6S 7S built up, and 8S alone: 7S can go onto 8S, then 6S onto 7S; nothing else
    moves, so the class has three members, all folded to the same one."""
    start = tuple(sorted((entry(0, card("5S"), UP, 2), entry(1, card("8S"), FREE, 0))))
    members = rearrangements(start)
    tops = sorted(tuple(sorted(map(top_of, m))) for m in members)
    assert tops == sorted(
        [
            (card("7S"), card("8S")),  # as dealt
            (card("6S"), card("7S")),  # 7S moved onto 8S
            (card("5S"), card("6S")),  # 6S followed it: 5S is free
        ]
    )
    folding = Folding()
    assert len({folding.canonical(m) for m in members}) == 1


def test_HT_4_a_sequence_keeps_its_direction_so_a_card_cannot_join_it_the_other_way() -> None:
    """9S built down to 8S takes 7S only; a 9S elsewhere cannot go onto the 8S."""
    start = tuple(sorted((entry(0, card("9S"), DOWN, 1), entry(0, card("9S"), FREE, 0))))
    assert rearrangements(start) == [start]


# ----- piles known by their packet (HT-5) -----------------------------------------------------
def test_HT_5_a_head_and_its_tail_fold_together_but_not_heads_of_other_packets() -> None:
    packets = {f"reserve-{n}": "2D" if n == 1 else "3D" for n in range(1, LINES + 1)}
    swapped_within = position({"head-1": "5S", "tail-1": "9H", **packets})
    original = position({"head-1": "9H", "tail-1": "5S", **packets})
    across = position({"head-1": "9H", "head-2": "5S", **packets})
    folding = Folding()
    assert position_of(swapped_within, folding) == position_of(original, folding)
    assert position_of(across, folding) != position_of(original, folding)


def test_HT_5_a_packet_run_out_joins_its_piles_to_the_nearest_packet_to_the_left() -> None:
    """Packet 3's last card refills tail-3; packet 3 is then empty, so head-3 and tail-3 refill
    from packet 2 from now on: they join packet 2's group."""
    packets = {"reserve-1": "4D", "reserve-2": "5D", "reserve-3": "QC"}
    state = position({"head-3": "2S", "tail-3": "7H", "head-2": "8H", **packets})
    searcher = Searcher(state.packets, False, 10**6, 60.0)
    root = position_of(state, searcher.folding)
    spades = root.suits[0]
    assert [group_of(e) for e in spades] == [2]
    after, dead = searcher.after(root, Step(0, spades, 0, ACE_SIDE))
    assert not dead
    groups = {base_of(e): group_of(e) for suit in after.suits for e in suit}
    assert groups == {card("QC"): 1, card("7H"): 1, card("8H"): 1}
    assert after.packets[2] == 0 and after.foundations[0] == 2


def test_HT_4_steps_from_members_of_one_class_that_end_alike_are_tried_once() -> None:
    """The same step taken from two members of a class often reaches one position; the
    search keeps one of each, and loses no position it could reach."""
    rng = random.Random("distinct steps")
    dropped = 0
    for deal in (1, 2, 3):
        state = HT.new(STANDARD, deal=deal)
        searcher = Searcher(state.packets, False, 10**9, 600.0)
        here = position_of(state, searcher.folding)
        for _ in range(40):
            kept = [step for _, step in searcher.steps(here)]
            if not kept:
                break
            if len(kept) == 1:  # a safe step alone, not the full list
                here = searcher.after(here, kept[0])[0]
                continue
            every = [
                step
                for suit, arrangement in enumerate(here.suits)
                for member in searcher.folding.members.get(arrangement, [])
                for step in member_steps(
                    suit,
                    member,
                    shape(member),
                    here.foundations[suit],
                    here.foundations[SUIT_COUNT + suit],
                    False,
                )
            ]
            reached = {searcher.after(here, step) for step in kept}
            assert len(reached) == len(kept)
            assert reached == {searcher.after(here, step) for step in every}
            dropped += len(every) - len(kept)
            here = searcher.after(here, rng.choice(kept))[0]
            if not any(here.suits):
                break
    assert dropped > 0


# ----- answers ----------------------------------------------------------------------------------
def tiny_with_sequences(rng: random.Random, params: HeadsAndTailsParams) -> HeadsAndTailsState:
    """A tiny position as play leaves them: single cards and short sequences on the heads and
    tails (HT-4), other cards in the packets."""
    found, out = tiny_foundations(rng, 3 if params == OPEN_SPACES else 7)
    return laid_out(rng, params, found, out, 0.35, lambda spot: spot % LINES)


def tiny_of_four_suits(rng: random.Random) -> HeadsAndTailsState:
    """A small position with cards of every suit out and packets of several cards: many steps
    of different suits, and draws between them."""
    missing = [(rng.randint(0, 3), rng.randint(0, 2)) for _ in range(SUIT_COUNT)]
    while not 6 <= sum(map(sum, missing)) <= 11:
        missing = [(rng.randint(0, 3), rng.randint(0, 2)) for _ in range(SUIT_COUNT)]
    found, out = foundations_missing(rng, missing)
    return laid_out(rng, STANDARD, found, out, 0.45, lambda _: rng.choice((0, 1, 2, 5)))


def laid_out(
    rng: random.Random,
    params: HeadsAndTailsParams,
    found: Foundations,
    out: list[int],
    in_packets: float,
    packet_of: Callable[[int], int],
) -> HeadsAndTailsState:
    """The cards `out` laid as single cards and short sequences on the heads and tails, or
    (each with chance `in_packets`) on the packet `packet_of` their spot."""
    tableau: list[tuple[int, ...]] = [()] * len(TABLEAU)
    builds = [NO_BUILD] * len(TABLEAU)
    packets: list[tuple[int, ...]] = [()] * LINES
    spots = iter(rng.sample(range(len(TABLEAU)), len(TABLEAU)))
    remaining = list(out)
    while remaining:
        pile = [remaining.pop()]
        spot = next(spots)
        if rng.random() < in_packets:
            packets[packet_of(spot)] += (pile[0],)
            continue
        direction = rng.choice((UP, DOWN))
        while rng.random() < 0.5:
            nxt = pile[-1] + direction
            if nxt // 13 != pile[0] // 13 or nxt not in remaining:
                break
            remaining.remove(nxt)
            pile.append(nxt)
        tableau[spot] = tuple(pile)
        builds[spot] = Build(len(pile) - 1, direction) if len(pile) > 1 else NO_BUILD
    return HeadsAndTailsState(params, None, tuple(tableau), tuple(packets), found, tuple(builds))


@pytest.mark.parametrize("params", [STANDARD, OPEN_SPACES], ids=lambda p: p.variant)
def test_HT_6_the_folded_search_equals_exhaustive_search_on_tiny_positions(
    params: HeadsAndTailsParams,
) -> None:
    rng = random.Random(f"folded {params.variant}")
    answers = []
    for _ in range(60):
        state = tiny_with_sequences(rng, params)
        own = search(state, 10**6, 60.0)
        assert own is not None
        expected = "won" if exhaustively_won(HT, state) else "lost"
        assert own.result == expected
        if expected == "won":
            for move in own.moves:
                state = HT.apply(state, move)
            assert HT.outcome(state) == "won"
        answers.append(expected)
    assert answers.count("won") > 5 and answers.count("lost") > 5


def test_HT_6_searches_in_drawn_orders_equal_exhaustive_search_on_tiny_positions() -> None:
    """The later rounds of a series try drawn orders (`Searcher.decide`): an order changes
    which line is found first, never the answer."""
    rng = random.Random("drawn orders")
    answers = []
    for _ in range(100):
        state = tiny_with_sequences(rng, STANDARD)
        searcher = Searcher(state.packets, False, 10**6, 60.0)
        searcher.draw = rng.randrange(2**31)
        line = searcher.solve(position_of(state, searcher.folding))
        answers.append(exhaustively_won(HT, state))
        assert (line is not None) == answers[-1]
    assert answers.count(True) > 50 and answers.count(False) > 5


def test_HT_6_steps_left_asleep_below_their_siblings_still_equal_exhaustive_search() -> None:
    """Once a step's class is searched to the end, the steps after it from the same class
    do not try it again while its suit is untouched (`Searcher.untouched_suits`). Positions
    with every suit in play and draws between them, searched alone and in series of the
    smallest shares, against an exhaustive search: a search that left asleep a step not yet
    searched fails here."""
    rng = random.Random("asleep")
    answers = []
    for _ in range(150):
        state = tiny_of_four_suits(rng)
        expected = exhaustively_won(HT, state)
        for share in (1, FIRST_SHARE):
            searcher = Searcher(state.packets, False, 10**6, 60.0, first_share=share)
            assert (searcher.decide(position_of(state, searcher.folding)) is not None) == expected
        answers.append(expected)
    assert answers.count(True) > 50 and answers.count(False) > 10


def test_HT_5_a_step_its_sibling_leaves_untouched_is_the_same_step_after_it_and_commutes() -> None:
    """What leaving a step asleep rests on, checked at every position of the winning lines of
    real deals, up to the packets' last cards: when `step` leaves the suit of `other`
    untouched, `other` is still a step after `step` (the very object), and taking them in
    either order reaches one class."""
    checked = 0
    for deal in (1, 2, 3):
        state = HT.new(STANDARD, deal=deal)
        finder = Searcher(state.packets, False, 10**7, 60.0)
        line = finder.decide(position_of(state, finder.folding))
        assert line is not None
        searcher = Searcher(state.packets, False, 10**9, 600.0)
        here = position_of(state, searcher.folding)
        for _, taken in line:
            steps = [step for _, step in searcher.every_step(here)]
            for step in steps:
                after = searcher.after(here, step)[0]
                untouched = searcher.untouched_suits(here, step)
                for other in steps:
                    if not untouched >> other.suit & 1:
                        continue
                    assert any(found is other for _, found in searcher.every_step(after))
                    both = searcher.after(after, other)[0]
                    first = searcher.after(here, other)[0]
                    assert both in {
                        searcher.after(first, s)[0] for _, s in searcher.every_step(first)
                    }
                    checked += 1
            here = searcher.after(here, taken)[0]
    assert checked > 1000


def test_HT_4_a_step_keeps_the_class_it_leads_its_suit_to_and_the_pile_it_empties() -> None:
    """`Searcher.after` takes a step's suit's class from the step, found once when the step was
    listed: at every position of a winning line, for every step, it is the class that moving
    the step's card from its member leads to, and the group of the pile emptied is the one
    the move empties."""
    state = HT.new(STANDARD, deal=1)
    searcher = Searcher(state.packets, False, 10**7, 60.0)
    line = searcher.decide(position_of(state, searcher.folding))
    assert line is not None
    checked = 0
    for here, _ in line:
        for _, step in searcher.every_step(here):
            piles, emptied = moved(step, shape(step.member)[0])
            assert (step.ends, step.emptied) == (searcher.folding.canonical(piles), emptied)
            checked += 1
    assert checked > 200


def test_HT_4_a_win_that_needs_a_sequence_reversed_onto_another_pile() -> None:
    """The text's example: the ace foundation wants the 7D under 8D 9D built up on it, so the
    sequence is played in reverse onto the TD first, which frees the 7D (the other way round,
    TD onto 9D, buries it for good)."""
    state = position(
        {
            "head-1": "7D 8D 9D",
            "tail-2": "TD",
            "tail-3": "JD",
            "tail-4": "QD",
            "tail-5": "KD",
            **finished(ace_D="AD 2D 3D 4D 5D 6D"),
        },
        head_1=Build(2, UP),
    )
    solution = solve(HT, state)
    assert solution.result == "won" and solution.method == "game search"
    assert [str(m) for m in solution.moves][:3] == [
        "head-1>tail-2",
        "head-1>tail-2",
        "head-1>ace-D",
    ]


def test_HT_6_real_deals_are_decided_and_won_lines_replay() -> None:
    won = solve(HT, HT.new(STANDARD, deal=1))
    assert won.result == "won" and won.method == "game search"
    state = HT.new(STANDARD, deal=1)
    for move in won.moves:
        state = HT.apply(state, move)
    assert HT.outcome(state) == "won"
    assert solve(HT, HT.new(STANDARD, deal=13)).result == "lost"


def test_HT_6_a_loss_proved_by_a_series_of_orders_costs_about_one_complete_search() -> None:
    """The searches of a series share the classes searched to the end (standard game: no
    step returns to a class), so a lost deal needs little more than one search in one order."""
    state = HT.new(STANDARD, deal=12)
    series = search(state, 10**7, 600.0)
    one = Searcher(state.packets, False, 10**7, 600.0)
    assert one.solve(position_of(state, one.folding)) is None
    assert series is not None and series.result == "lost"
    assert one.nodes > FIRST_SHARE * 2 * ORDERS  # several rounds of the series ran
    assert series.nodes < 1.1 * one.nodes


def test_HT_6_out_of_budget_the_answer_is_unknown_with_a_legal_guess() -> None:
    state = HT.new(STANDARD, deal=1)
    solution = solve(HT, state, Budget(nodes=50, seconds=10))
    assert solution.result == "unknown"
    assert solution.guess is not None and HT.is_legal(state, solution.guess)


def test_HT_5_open_spaces_is_won_by_a_standard_line_its_own_search_misses() -> None:
    """Open spaces only add moves, so a standard win is a win of the variant: deal 54 is won
    under the standard rules in 1,172 positions, where the variant's own search needs 145,181;
    the standard search finds the win, which replays in the variant."""
    state = HT.new(OPEN_SPACES, deal=54)
    budget = 100_000
    own = search_alone(state, budget, 600.0)
    assert own.result == "unknown" and own.nodes == budget
    solution = solve(HT, state, Budget(nodes=budget, seconds=600))
    assert solution.result == "won" and solution.method == "game search"
    for move in solution.moves:
        state = HT.apply(state, move)
    assert HT.outcome(state) == "won"


def test_HT_5_a_standard_win_found_at_once_ends_the_open_spaces_search_at_once() -> None:
    """The standard search's glance, after the variant's own, takes deal 54's quick standard
    win (1,172 positions), where the variant's own search would take 145,181."""
    found = search(HT.new(OPEN_SPACES, deal=54), 2_000_000, 600.0)
    assert found is not None and found.result == "won"
    assert OPEN_GLANCE < found.nodes <= OPEN_GLANCE + STANDARD_GLANCE


def test_HT_5_an_open_spaces_search_with_no_positions_to_spend_is_unknown() -> None:
    found = search(HT.new(OPEN_SPACES, deal=5), 0, 5.0)
    assert found is not None and found.result == "unknown"


def test_HT_5_a_standard_loss_proves_nothing_in_open_spaces(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Deal 66 is lost under the standard rules (27,429 positions) and won with open spaces
    (227,817): with the variant's search cut short, the answer is unknown."""
    monkeypatch.setattr(heads_and_tails_solving, "STANDARD_SHARE", 2)
    state = HT.new(OPEN_SPACES, deal=66)
    standard = HT.new(STANDARD, deal=66)
    assert search_alone(standard, 100_000, 600.0).result == "lost"
    cut_short = search(state, 200_000, 600.0)
    assert cut_short is not None and cut_short.result == "unknown"
    in_full = search(state, 600_000, 600.0)
    assert in_full is not None and in_full.result == "won"


def test_HT_4_a_pile_that_is_no_sequence_is_left_to_the_generic_search() -> None:
    stacked = position({"head-1": "3S 9S", **finished(ace_S="AS 2S")})
    assert search(stacked, 1000, 1.0) is None
    assert solve(HT, stacked).method == "search"
