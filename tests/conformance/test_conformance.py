"""The conformance suite (docs/design.md, "Tests in layers"), run over every registered game
and every combination of its parameters. A new game passes this before anything else."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from parlour.core.cards import card_str
from parlour.core.errors import IllegalMove, NotationError
from parlour.core.game import Game
from parlour.core.moves import Move, action, parse_move, transfer
from parlour.core.playout import random_playout
from parlour.core.record import GameRecord, replay
from parlour.core.session import Session
from parlour.solver import Budget, solve
from tests.conformance.cases import CASES
from tests.conformance.wins import known_win

PLAYOUT_LIMIT = 20_000
DEALS = (0, 1, 7, 2**31, 2**64 - 1)


def playout(game: Game[Any, Any], state: Any, rng: random.Random) -> list[Any]:
    """Every state of one random game: it ends, or every legal move would repeat a position."""
    states = random_playout(game, state, rng, PLAYOUT_LIMIT)
    over = game.outcome(states[-1]) is not None
    assert over or len(states) <= PLAYOUT_LIMIT, "a random game did not end"
    return states


def seats(game: Game[Any, Any]) -> list[str | None]:
    return list(game.info.seats) or [None]


def cards_of(game: Game[Any, Any], state: Any) -> Counter[int]:
    return Counter(card for pile in game.piles(state).values() for card in pile)


@pytest.mark.parametrize(("game", "params"), CASES)
def test_same_deal_gives_the_same_state(game: Game[Any, Any], params: Any) -> None:
    for deal in DEALS:
        first, second = game.new(params, deal=deal), game.new(params, deal=deal)
        assert first == second
        assert game.to_json(first) == game.to_json(second)
    assert game.to_json(game.new(params, deal=1)) != game.to_json(game.new(params, deal=2))


@pytest.mark.parametrize(("game", "params"), CASES)
def test_C_7_a_state_prints_as_json_with_every_pile(game: Game[Any, Any], params: Any) -> None:
    data = json.loads(json.dumps(game.to_json(game.new(params, deal=3))))
    assert data["game"] == game.info.id
    assert data["deal"] == 3
    assert set(data) >= {"game", "params", "deal", "piles", "to_move", "outcome"}
    assert sum(len(cards) for cards in data["piles"].values()) == len(game.ordered_deck(params))


# The piles each game's rulings name (RM-2, HT-1, HT-2, FC-1, PL-1, PL-2, WR-1, WR-2).
RULED_PILES = {
    "royal-marriage": {"stock", "row", "discard"},
    "heads-and-tails": {
        *(f"{kind}-{n}" for kind in ("head", "tail", "reserve") for n in range(1, 9)),
        *(f"{end}-{suit}" for end in ("ace", "king") for suit in "SHDC"),
    },
    "four-corners": {
        *(f"heap-{n}" for n in range(1, 13)),
        *(f"{end}-{suit}" for end in ("ace", "king") for suit in "SHDC"),
    },
    "plait": {
        "plait",
        "stock",
        "waste",
        *(f"corner-{n}" for n in range(1, 5)),
        *(f"aux-{n}" for n in range(1, 9)),
        *(f"foundation-{n}" for n in range(1, 9)),
    },
    "wrangle": {
        *(
            f"{seat}-{kind}"
            for seat in ("north", "south")
            for kind in ("reserve", "stock", "waste")
        ),
        *(f"{seat}-turned" for seat in ("north", "south")),
        *(f"{seat}-aux-{n}" for seat in ("north", "south") for n in range(1, 5)),
        *(f"foundation-{n}" for n in range(1, 9)),
    },
}


@pytest.mark.parametrize(("game", "params"), CASES)
def test_C_7_the_json_names_every_pile_the_rulings_name(game: Game[Any, Any], params: Any) -> None:
    piles = game.to_json(game.new(params, deal=3))["piles"]
    assert set(piles) == RULED_PILES[game.info.id]


@pytest.mark.parametrize(("game", "params"), CASES)
def test_C_4_a_pile_lists_its_cards_bottom_to_top_and_a_stock_in_dealing_order(
    game: Game[Any, Any], params: Any
) -> None:
    """A move takes the last card listed in its pile and lays it last on the other. Stocks
    alone list the next card first (docs/design.md: the JSON asked for Royal Marriage's stock
    in dealing order), so an action that lays a stock card face up lays its first."""
    rng = random.Random(17)
    moved = dealt = 0
    for state in playout(game, game.new(params, deal=8), rng)[:-1]:
        piles = game.piles(state)
        move = rng.choice(game.legal_moves(state))
        after = game.piles(game.apply(state, move))
        if move.is_transfer:
            assert after[move.target][-1] == piles[move.source][-1]
            moved += 1
        stocks = [name for name in piles if name.endswith("stock") and piles[name]]
        grown = [name for name in piles if len(after[name]) == len(piles[name]) + 1]
        for stock in stocks:
            if len(after[stock]) == len(piles[stock]) - 1 and not move.is_transfer:
                assert after[stock] == piles[stock][1:]
                assert [after[name][-1] for name in grown] == [piles[stock][0]]
                dealt += 1
    open_row = game.info.id == "royal-marriage" and params.mode == "open"  # discards alone
    assert moved + dealt or open_row


@pytest.mark.parametrize(("game", "params"), CASES)
def test_C_4_random_playouts_end_and_every_card_stays_in_one_pile(
    game: Game[Any, Any], params: Any
) -> None:
    rng = random.Random(11)
    for deal in range(6):
        start = game.new(params, deal=deal)
        deck = Counter(game.ordered_deck(params))
        states = playout(game, start, rng)
        if game.outcome(states[-1]) is not None:
            assert game.legal_moves(states[-1]) == ()
        for state in states[:: max(1, len(states) // 25)]:
            assert cards_of(game, state) == deck


@pytest.mark.parametrize(("game", "params"), CASES)
def test_every_generated_move_applies_and_notation_round_trips(
    game: Game[Any, Any], params: Any
) -> None:
    rng = random.Random(5)
    for state in playout(game, game.new(params, deal=4), rng)[::3]:
        moves = game.legal_moves(state)
        assert len(set(moves)) == len(moves), "legal moves are listed once each"
        for move in rng.sample(moves, min(len(moves), 8)):
            assert parse_move(str(move)) == move
            assert game.is_legal(state, move)
            game.apply(state, move)


def _plausible_moves(game: Game[Any, Any], state: Any) -> list[Move]:
    names = list(game.piles(state))
    cards = [c for pile in game.piles(state).values() for c in pile[-2:]]
    moves = [transfer(a, b) for a in names for b in names if a != b]
    words = ("deal", "redeal", "pass", "turn", "frobnicate")
    moves += [action(word) for word in words] + [action(word, *cards[:1]) for word in words]
    moves += [action("discard", c) for c in cards] + [action("swap", *cards[:2])]
    moves += [transfer("nowhere", names[0]), transfer(names[0], "nowhere")]
    return moves


@pytest.mark.parametrize(("game", "params"), CASES)
def test_the_moves_an_observation_offers_are_exactly_the_legal_moves(
    game: Game[Any, Any], params: Any
) -> None:
    """Listed one by one or as card choices (a grace of any three cards), in the same order."""
    for state in playout(game, game.new(params, deal=4), random.Random(4))[::3]:
        listed, choices = game.offered_moves(state)
        assert listed + tuple(m for choice in choices for m in choice.moves()) == (
            game.legal_moves(state)
        )


@pytest.mark.parametrize(("game", "params"), CASES)
def test_C_5_an_illegal_move_raises_with_a_reason_and_changes_nothing(
    game: Game[Any, Any], params: Any
) -> None:
    rng = random.Random(3)
    for state in playout(game, game.new(params, deal=9), rng)[::5]:
        before = json.dumps(game.to_json(state))
        legal = set(game.legal_moves(state))
        for move in _plausible_moves(game, state):
            if move in legal:
                continue
            assert not game.is_legal(state, move)
            refusal = IllegalMove if game.knows(move) else NotationError
            with pytest.raises(refusal) as refused:
                game.apply(state, move)
            assert str(refused.value), "a refusal gives a reason"
        assert json.dumps(game.to_json(state)) == before


@pytest.mark.parametrize(("game", "params"), CASES)
def test_C_5_a_move_the_game_does_not_know_is_refused_with_the_moves_it_knows(
    game: Game[Any, Any], params: Any
) -> None:
    state = game.new(params, deal=9)
    # Not understood (NotationError), where a move of the game is not allowed now (IllegalMove).
    with pytest.raises(NotationError, match="is not a move") as refused:
        game.apply(state, action("shuffle"))
    assert all(word in str(refused.value) for word in game.info.actions)
    ended = next(
        last
        for seed in range(100)
        if game.outcome(last := playout(game, state, random.Random(seed))[-1]) is not None
    )
    with pytest.raises(NotationError, match="is not a move"):  # the word is at fault, not the time
        game.apply(ended, action("shuffle"))
    for word in game.info.actions:
        with pytest.raises(IllegalMove, match=f"{word} names no card"):
            game.apply(state, action(word, 0))
    if game.info.actions:  # the words listed are the game's own named moves
        played = {
            move.action
            for later in playout(game, state, random.Random(5))
            for move in game.legal_moves(later)
            if not move.is_transfer
        }
        assert played == set(game.info.actions)


@pytest.mark.parametrize(("game", "params"), CASES)
def test_observations_leak_no_hidden_card(game: Game[Any, Any], params: Any) -> None:
    rng = random.Random(8)
    for state in playout(game, game.new(params, deal=12), rng)[::4]:
        for seat in seats(game):
            other = game.shuffle_hidden(state, seat, rng)
            assert cards_of(game, other) == cards_of(game, state)
            seen = json.dumps(game.observe(state, seat), sort_keys=True)
            assert json.dumps(game.observe(other, seat), sort_keys=True) == seen


# What the rules let a player see of each pile, written out from RULES.md and the seeds, not
# read from the game's own `visibility` (which the test above takes on trust): "none" for a pile
# face down, "top" for a face-up stack; any other pile shows every card.
SHOWN: dict[str, dict[str, str]] = {
    "royal-marriage": {"stock": "none"},  # the pack, dealt a card at a time (RM-1, RM-4)
    "heads-and-tails": {f"reserve-{n}": "top" for n in range(1, 9)},  # the packets (HT-1)
    "four-corners": {f"heap-{n}": "top" for n in range(1, 13)},  # the heaps' tops (FC-3)
    "plait": {"stock": "none", "waste": "top"},  # turned one at a time (PL-1, PL-3)
    "wrangle": {  # only the top of a reserve is seen (WR-1), stocks face down, wastes' tops
        f"{seat}-{pile}": shown
        for seat in ("north", "south")
        for pile, shown in (("stock", "none"), ("reserve", "top"), ("waste", "top"))
    },
}


@pytest.mark.parametrize(("game", "params"), CASES)
def test_observations_show_what_the_rules_let_a_player_see(
    game: Game[Any, Any], params: Any
) -> None:
    shown = SHOWN[game.info.id]  # a new game says here what its rules hide
    rng = random.Random(13)
    for state in playout(game, game.new(params, deal=5), rng)[::4]:
        for seat in seats(game):
            seen = game.observe(state, seat)
            for name, cards in game.piles(state).items():
                whole = [card_str(card) for card in cards]
                expected = {"none": [], "top": whole[-1:]}.get(shown.get(name, ""), whole)
                assert seen["piles"][name] == expected, name
                assert seen["sizes"][name] == len(cards), name


@pytest.mark.parametrize(("game", "params"), CASES)
def test_records_round_trip_and_replay(game: Game[Any, Any], params: Any) -> None:
    rng = random.Random(21)
    session = Session(game, params, deal=17)
    for _ in range(60):
        if session.outcome is not None:
            break
        session.play(rng.choice(game.legal_moves(session.state)))
    record = GameRecord.loads(session.record().dumps())
    assert record == session.record()
    assert game.to_json(replay(game, record)) == game.to_json(session.state)
    resumed = Session.from_record(game, record)
    assert resumed.state == session.state


@pytest.mark.parametrize(("game", "params"), CASES)
def test_a_known_winnable_deal_replays_to_a_win(game: Game[Any, Any], params: Any) -> None:
    start, moves = known_win(game, params)
    state = start
    for text in moves:
        state = game.apply(state, parse_move(text))
    assert game.outcome(state) in ("won", *game.info.seats)  # a two-player game names its winner
    if len(game.info.seats) <= 1:
        solution = solve(game, start, Budget(nodes=300_000, seconds=20))
        assert solution.result == "won", "the solver finds no win in a deal known to be won"
        replayed = start
        for move in solution.moves:
            replayed = game.apply(replayed, move)
        assert game.outcome(replayed) == "won"
