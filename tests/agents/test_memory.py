"""What a seat of the Wrangle remembers of the cards it has seen (WR-7): never a card it was not
shown, and a waste turned over as the stock in the order it was laid."""

from __future__ import annotations

import random
from collections import Counter

from parlour.agents.simple import GreedyAgent, RandomAgent
from parlour.agents.wrangle_memory import Memory
from parlour.core.cards import cards_str, parse_cards, two_packs
from parlour.core.moves import parse_move
from parlour.games.wrangle import SEATS, WRANGLE, WrangleParams, WrangleState
from parlour.games.wrangle.rules import RESERVE_SIZE, laid_out
from tests.games.test_wrangle import end_turn, position


def check(memory: Memory, state: WrangleState) -> int:
    """Every card the memory holds is the card really there; returns how many it holds beyond
    the tops in view."""
    piles = WRANGLE.piles(state)
    beyond = 0
    for name, known in memory.known().items():
        assert len(known) == len(piles[name]), name
        for place, (remembered, card) in enumerate(zip(known, piles[name], strict=True)):
            assert remembered in (None, card), (name, place)
            shown = place == len(known) - 1 and not name.endswith("stock")
            beyond += remembered is not None and not shown
    return beyond


def test_WR_7_memory_never_holds_a_card_that_was_not_shown_there() -> None:
    """Greedy and random play over several deals; north's memory sees every observation of
    north, south's only some (a game resumed, a hint now and then), so it must notice the gaps."""
    rng = random.Random(3)
    remembered = 0
    for deal in range(12):
        state = WRANGLE.new(WrangleParams(rng.choice(("cut", "north", "south"))), deal=deal)
        players = [GreedyAgent(), RandomAgent() if deal % 3 == 0 else GreedyAgent()]
        memories = {seat: Memory(seat) for seat in SEATS}
        while WRANGLE.outcome(state) is None:
            seat = WRANGLE.to_move(state)
            assert seat is not None  # the game is not over, so someone is to move
            observation = WRANGLE.observe(state, seat)
            move = players[SEATS.index(seat)].choose(WRANGLE, observation, rng)
            if seat == "north" or rng.random() < 0.7:
                memories[seat].see(observation)
                remembered += check(memories[seat], state)
                memories[seat].chose(move)
            state = WRANGLE.apply(state, move)
    assert remembered > 50_000  # it does remember a great deal


def test_memory_starts_from_the_tops_in_view() -> None:
    state = position({"north-reserve": "5H 9D", "south-waste": "2C 3C", "north-stock": "4S 7S"})
    memory = Memory("north")
    memory.see(WRANGLE.observe(state, "north"))
    known = memory.known()
    assert known["north-reserve"] == (None, *parse_cards("9D"))
    assert known["south-waste"] == (None, *parse_cards("3C"))
    assert known["north-stock"] == (None, None)


def follow(state: WrangleState, turns: int, memory: Memory) -> WrangleState:
    """`turns` turns of each player putting his turned card on his waste, or passing; the
    memory sees each of its seat's observations and learns its moves."""
    for _ in range(turns):
        seat = WRANGLE.to_move(state)
        if seat == memory.seat:
            memory.see(WRANGLE.observe(state, seat))
        if state.stocks[state.mover] and seat == memory.seat:
            memory.chose(WRANGLE.legal_moves(state)[-1])  # turn
            state = WRANGLE.apply(state, WRANGLE.legal_moves(state)[-1])
            memory.see(WRANGLE.observe(state, seat))
            memory.chose(WRANGLE.legal_moves(state)[-1])  # to the waste
            state = WRANGLE.apply(state, WRANGLE.legal_moves(state)[-1])
        else:
            if seat == memory.seat:
                memory.chose(WRANGLE.legal_moves(state)[-1])  # pass
            state = end_turn(state)
    return state


def test_WR_5_memory_knows_a_turned_over_waste_in_the_order_it_was_laid() -> None:
    """North turns 2D, 7S and 9H onto his waste, one a turn; when the waste is turned over it
    is his stock, 2D first; south's waste, turned over the same way, as well (less the 4C he
    has turned again)."""
    state = position(
        {"north-stock": "2D 7S 9H", "south-stock": "4C 8D", "north-reserve": "KH"},
        turn=3,
    )
    memory = Memory("north")
    state = follow(state, 6, memory)  # north's three cards, south's two, then south's 4C again
    memory.see(WRANGLE.observe(state, "north"))
    assert cards_str(state.stocks[0]) == "2D 7S 9H"
    assert memory.known()["north-stock"] == parse_cards("2D 7S 9H")
    assert memory.known()["south-stock"] == parse_cards("8D") == state.stocks[1]


def test_determinize_keeps_remembered_cards_where_they_were_seen() -> None:
    state = WRANGLE.new(deal=5)
    for _ in range(3):
        state = end_turn(state)
    observation = WRANGLE.observe(state, "north")
    top = state.reserves[0][-1]
    known = {
        "north-stock": state.stocks[0],
        "north-reserve": (None, *state.reserves[0][1:]),
        # An impossible memory: more copies of a card than the two packs hold.
        "south-stock": (top,) * len(state.stocks[1]),
        "south-reserve": state.reserves[1][:-1],  # out of date: another size
    }
    rng = random.Random(1)
    for _ in range(20):
        sample = WRANGLE.determinize(observation, rng, known)
        assert sample.stocks[0] == state.stocks[0]
        assert sample.reserves[0][1:] == state.reserves[0][1:]
        assert sample.stocks[1].count(top) <= 1
        assert WRANGLE.observe(sample, "north") == observation
        cards = Counter(c for p in WRANGLE.piles(sample).values() for c in p)
        assert cards == Counter(two_packs())


def still_unshown(state: WrangleState, seat: int, under_top: int, first_pass: bool) -> list[int]:
    """The cards of `seat`'s own pack that no one can have seen: its stock on its first pass,
    and its reserve below every card ever uncovered (WR-1)."""
    return [*state.reserves[seat][:under_top], *(state.stocks[seat] if first_pass else ())]


def test_WR_1_memory_credits_each_card_seen_to_the_pack_it_came_from() -> None:
    """A seat's cards never shown are all of its own pack: a memory that sees each of its
    seat's observations never counts one of them as shown, and it tells the packs apart for
    dozens of the cards it has seen."""
    rng = random.Random(5)
    credited = 0
    for deal in range(20):
        state = WRANGLE.new(WrangleParams(rng.choice(("cut", "north", "south"))), deal=deal)
        players = [GreedyAgent(), RandomAgent() if deal % 3 == 0 else GreedyAgent()]
        memories = {seat: Memory(seat) for seat in SEATS}
        under_top, first_pass = [RESERVE_SIZE - 1] * 2, [True, True]
        while WRANGLE.outcome(state) is None:
            seat = WRANGLE.to_move(state)
            assert seat is not None
            observation = WRANGLE.observe(state, seat)
            move = players[SEATS.index(seat)].choose(WRANGLE, observation, rng)
            memories[seat].see(observation)
            unshown = memories[seat].unshown()
            for index, owner in enumerate(SEATS):
                hidden = still_unshown(state, index, under_top[index], first_pass[index])
                assert set(hidden) <= set(unshown[owner]), (deal, seat, owner)
            memories[seat].chose(move)
            before, state = state, WRANGLE.apply(state, move)
            for index in range(2):
                if laid_out(state, index):
                    if laid_out(before, index) and len(state.stocks[index]) > len(
                        before.stocks[index]
                    ):
                        first_pass[index] = False
                    under_top[index] = max(0, min(under_top[index], len(state.reserves[index]) - 1))
        unshown = memories["north"].unshown()
        credited += sum(52 - len(unshown[owner]) for owner in SEATS)
    assert credited > 20 * 40  # dozens of cards a game told apart by pack


def test_determinize_deals_each_seat_the_unshown_cards_of_its_own_pack() -> None:
    state = WRANGLE.new(deal=5)
    for _ in range(3):
        state = end_turn(state)
    observation = WRANGLE.observe(state, "north")
    north = (*state.reserves[0][:-1], *state.stocks[0])
    south = (*state.reserves[1][:-1], *state.stocks[1])
    unshown = {"north": north, "south": south}
    rng = random.Random(2)
    for _ in range(20):
        sample = WRANGLE.determinize(observation, rng, None, unshown)
        assert Counter((*sample.reserves[0][:-1], *sample.stocks[0])) == Counter(north)
        assert Counter((*sample.reserves[1][:-1], *sample.stocks[1])) == Counter(south)
        assert WRANGLE.observe(sample, "north") == observation
    # Too few for a seat's places (cards loaded unseen): the rest come from the other cards.
    short = {"north": north[:5], "south": ()}
    sample = WRANGLE.determinize(observation, rng, None, short)
    assert set(north[:5]) <= set((*sample.reserves[0], *sample.stocks[0]))
    assert Counter(c for p in WRANGLE.piles(sample).values() for c in p) == Counter(two_packs())


def test_memory_keeps_the_cards_under_a_reserve_the_opponent_only_played_from() -> None:
    """North loads 6H and 7H onto south's 5H; south plays 7H up and takes a turn: the 6H in
    view is the card seen at that place, so the 5H under it is still known."""
    state = position(
        {
            "north-stock": "6H 7H 2C 9C",
            "south-reserve": "QS 5H",
            "foundation-1": "AH 2H 3H 4H 5H 6H",
        }
    )
    memory = Memory("north")
    for move in ("turn", "north-turned>south-reserve", "turn", "north-turned>south-reserve"):
        memory.see(WRANGLE.observe(state, "north"))
        memory.chose(parse_move(move))
        state = WRANGLE.apply(state, parse_move(move))
    state = follow(state, 1, memory)  # north's 2C to his waste
    state = WRANGLE.apply(state, parse_move("south-reserve>foundation-1"))  # progress (WR-6)
    state = end_turn(state)
    memory.see(WRANGLE.observe(state, "north"))
    assert memory.known()["south-reserve"] == (None, *parse_cards("5H 6H"))
