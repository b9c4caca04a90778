"""The terminal's boards tell a player what the observation says is possible, and nothing
else: the presenters hold no rules of their own."""

from __future__ import annotations

from typing import Any

import pytest
from rich.console import Console

from parlour.core.errors import IllegalMove, NotationError
from parlour.frontends.cli.presenters import PRESENTERS
from parlour.games import get_game
from parlour.games.royal_marriage import ROYAL_MARRIAGE as RM
from parlour.games.royal_marriage import RoyalMarriageParams
from parlour.games.wrangle import WRANGLE
from tests.games.test_royal_marriage import position as rm_position
from tests.games.test_wrangle import position


def drawn(observation: dict[str, Any], game: str) -> str:
    console = Console(width=140)
    with console.capture() as captured:
        console.print(PRESENTERS[game].render(observation))
    return captured.get()


def test_the_grace_is_offered_exactly_when_a_grace_move_is_legal() -> None:
    state = RM.new(RoyalMarriageParams(variant="push-pin"), deal=1)
    offers = []
    while RM.outcome(state) is None:
        observation = RM.observe(state, None)
        offered = "Grace unused: swap P Q" in drawn(observation, "royal-marriage")
        assert offered == any(m.action == "swap" for m in RM.legal_moves(state))
        offers.append(offered)
        moves = RM.legal_moves(state)
        state = RM.apply(state, next((m for m in moves if m.action != "swap"), moves[0]))
    assert any(offers) and not all(offers)


def test_the_wrangle_board_shows_what_its_player_may_see_and_no_more() -> None:
    """Own reserve's top and size, the opponent's visible tops and sizes, all eight heaps, the
    foundations and the turned card; never a card under a top or in a stock (WR-7)."""
    state = position(
        {
            "north-reserve": "4C 7H JD",
            "north-waste": "8S 2D",
            "north-stock": "3S 3S 3S",
            "north-turned": "QC",
            "south-reserve": "5S 9H",
            "south-waste": "6C",
            "south-stock": "TH TH",
            **{f"north-aux-{n}": f"{rank}D" for n, rank in enumerate("KQJT", 1)},
            **{f"south-aux-{n}": f"{rank}H" for n, rank in enumerate("KQJ8", 1)},
            "foundation-1": "AS 2S",
            "foundation-2": "AC",
        }
    )
    board = drawn(WRANGLE.observe(state, "north"), "wrangle")
    lines = {line.split()[0]: line for line in board.splitlines() if line.strip()}
    assert "reserve 3" in lines["north"] and "J♦" in lines["north"]  # its top and size
    assert "waste 2" in lines["north"] and "2♦" in lines["north"] and "stock 3" in lines["north"]
    assert "reserve 2" in lines["south"] and "9♥" in lines["south"] and "6♣" in lines["south"]
    assert "stock 2" in lines["south"]
    for heap in ("n1: K♦", "n2: Q♦", "n3: J♦", "n4:10♦", "s1: K♥", "s2: Q♥", "s3: J♥", "s4: 8♥"):
        assert heap in board
    assert "f1: 2♠" in board and "f2: A♣" in board and "f3: --" in board
    assert "turned card  Q♣" in board
    for hidden in ("4♣", "7♥", "8♠", "3♠", "5♠", "10♥"):  # under tops, and in stocks
        assert hidden not in board


def test_a_wrangle_player_is_told_to_pass_only_when_passing_is_legal() -> None:
    for stock, told in (("", True), ("9D", False)):
        state = position({"north-stock": stock, "north-reserve": "9C", "south-reserve": "5D"})
        observation = WRANGLE.observe(state, "north")
        assert ("pass" in observation["legal_moves"]) is told
        assert ("or pass (p)" in drawn(observation, "wrangle")) is told


@pytest.mark.parametrize(
    ("game", "deal", "line", "words"),
    [
        ("heads-and-tails", 4, "h9 a", "there is no pile head-9"),
        ("heads-and-tails", 4, "h0", "there is no pile head-0"),
        ("plait", 7, "a0 f", "there is no pile aux-0"),
        ("plait", 7, "a9 f", "there is no pile aux-9"),
        ("royal-marriage", 11, "x", "say which positions: x 3, or x 3 4"),
        ("royal-marriage", 11, "swap", "say which positions: swap 3 7$"),
        ("royal-marriage", 11, "throw", "say which positions: throw 3 5 8$"),
    ],
)
def test_a_short_form_that_names_nothing_playable_says_what_is_wrong(
    game: str, deal: int, line: str, words: str
) -> None:
    with pytest.raises(NotationError, match=words):
        read_at_the_start(game, deal, line)


@pytest.mark.parametrize(
    ("game", "deal", "line", "words"),
    [
        ("plait", 7, "p f", "plait cannot go to a foundation now"),
        ("plait", 7, "p", "plait has no legal move now"),
        ("wrangle", 3, "r f", "there is no legal move from north-reserve"),
        ("wrangle", 3, "f", r"f says where a turned card goes, .* \(r f\)"),
        ("wrangle", 3, "f2", r"f2 says where a turned card goes"),
        ("wrangle", 3, "or", r"or says where a turned card goes"),
        ("wrangle", 3, "w", r"w says where a turned card goes"),
    ],
)
def test_a_short_form_understood_but_not_playable_now_is_refused_as_not_allowed(
    game: str, deal: int, line: str, words: str
) -> None:
    """Understood, so not a notation error: the loops say "Not allowed", not "Not understood"."""
    with pytest.raises(IllegalMove, match=words):
        read_at_the_start(game, deal, line)


def read_at_the_start(game: str, deal: int, line: str) -> object:
    """`line` read by the game's presenter at the start of `deal`, seen by the first seat."""
    rules = get_game(game)
    seat = rules.info.seats[0] if rules.info.seats else None
    return PRESENTERS[game].read(line, rules.observe(rules.new(deal=deal), seat))


def test_a_span_of_positions_may_be_typed_either_way_round() -> None:
    observation = RM.observe(rm_position("QH 5S 7D 9S", "KH"), None)
    presenter = PRESENTERS["royal-marriage"]
    assert str(presenter.read("3-2", observation)) == "discard 5S 7D"
    assert presenter.read("2-3", observation) == presenter.read("3-2", observation)


@pytest.mark.parametrize("game_id", ["heads-and-tails", "four-corners"])
def test_a_board_counts_its_legal_moves_in_words(game_id: str) -> None:
    game = get_game(game_id)
    observation = game.observe(game.new(deal=7))
    many = len(observation["legal_moves"])
    assert f"{many} legal moves (m lists them)" in drawn(observation, game_id)
    observation["legal_moves"] = observation["legal_moves"][:1]
    assert "1 legal move (m lists them)" in drawn(observation, game_id)


def test_the_plait_board_writes_the_card_a_foundation_wants_next_as_it_writes_every_card() -> None:
    """Deal 7 starts two foundations with 7♣ and 7♠ (PL-2): each wants the next of its suit,
    written with its suit's symbol; the empty ones take any 7."""
    game = get_game("plait")
    board = drawn(game.observe(game.new(deal=7)), "plait")
    assert "7♣→8♣" in board and "7♠→8♠" in board
    assert board.count("→any 7") == 6
    assert "8C" not in board and "8S" not in board
