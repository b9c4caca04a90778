"""Sessions: play, undo and redo (automatic moves undo with their move, RULES C-6), records
that save and replay to the same state, and resumption from a record."""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.core import session as session_module
from parlour.core.errors import IllegalMove, RecordError
from parlour.core.moves import parse_move
from parlour.core.record import MOST_MOVES, GameRecord, replay
from parlour.core.session import Session
from parlour.games import get_game
from parlour.games.royal_marriage import ROYAL_MARRIAGE as RM
from parlour.games.royal_marriage import RoyalMarriageParams, RoyalMarriageState
from parlour.store import records
from parlour.store.records import load_record, save_record
from tests.core.toy_game import TOY, TURN, UP_MOVE

ACES_FIRST = tuple(range(13))  # the toy's stock in order: every card goes up at once

params_strategy = st.builds(
    RoyalMarriageParams,
    st.sampled_from(["standard", "push-pin", "discards"]),
    st.sampled_from(["as-dealt", "open"]),
)


def random_session(
    params: RoyalMarriageParams, deal: int, seed: int, length: int
) -> Session[RoyalMarriageState]:
    rng = random.Random(seed)
    session = Session(RM, params, deal=deal)
    for _ in range(length):
        if session.outcome is not None:
            break
        session.play(rng.choice(RM.legal_moves(session.state)))
    return session


@given(params_strategy, st.integers(0, 2**64 - 1), st.integers(0, 10**6), st.integers(0, 90))
def test_any_legal_sequence_conserves_the_cards(
    params: RoyalMarriageParams, deal: int, seed: int, length: int
) -> None:
    session = random_session(params, deal, seed, length)
    piles = RM.piles(session.state)
    assert Counter(c for pile in piles.values() for c in pile) == Counter(range(52))


@given(params_strategy, st.integers(0, 10**9), st.integers(0, 10**6), st.integers(1, 90))
def test_undo_then_redo_returns_the_identical_state(
    params: RoyalMarriageParams, deal: int, seed: int, length: int
) -> None:
    session = random_session(params, deal, seed, length)
    if not session.can_undo:
        return
    before = session.state
    expected = session.first
    for move in session.moves[:-1]:
        expected = RM.apply(expected, move)
    assert session.undo() == expected
    assert session.redo() == before


@given(params_strategy, st.integers(0, 10**9), st.integers(0, 10**6), st.integers(0, 90))
def test_every_saved_game_replays_to_the_same_state(
    params: RoyalMarriageParams, deal: int, seed: int, length: int
) -> None:
    session = random_session(params, deal, seed, length)
    record = GameRecord.loads(session.record().dumps())
    assert replay(RM, record) == session.state
    assert Session.from_record(RM, record).state == session.state


def test_C_6_automatic_moves_undo_with_the_move_that_set_them_off() -> None:
    session = Session(TOY, deck=ACES_FIRST, autoplay=True)
    session.play(TURN)  # the ace comes, and goes up by itself
    assert session.moves == [TURN, UP_MOVE]
    assert session.state.foundation == (0,)
    session.undo()
    assert session.state == session.first
    session.redo()
    assert session.state.foundation == (0,)


def test_C_6_a_resumed_game_undoes_a_move_with_its_automatic_moves_as_before() -> None:
    session = Session(TOY, deck=ACES_FIRST, autoplay=True)
    session.play(TURN)
    session.play(TURN)
    record = GameRecord.loads(session.record().dumps())
    assert record.turns == (2, 2)
    resumed = Session.from_record(TOY, record)
    assert resumed.autoplay
    resumed.undo()
    assert resumed.moves == [TURN, UP_MOVE]
    resumed.undo()
    assert resumed.state == resumed.first
    assert not Session.from_record(TOY, record, autoplay=False).autoplay


def test_a_resumed_game_s_clock_goes_on_from_its_last_move() -> None:
    now = [100.0]
    session = Session(TOY, deck=ACES_FIRST, clock=lambda: now[0])
    now[0] = 107.5
    session.play(TURN)
    record = GameRecord.loads(session.record().dumps())
    later = [5000.0]
    resumed = Session.from_record(TOY, record, clock=lambda: later[0])
    assert resumed.elapsed == 7.5
    later[0] += 2.0
    resumed.play(UP_MOVE)
    assert resumed.record().times == (7.5, 9.5)


def test_a_record_without_turns_resumes_one_move_a_turn() -> None:
    session = Session(TOY, deck=ACES_FIRST, autoplay=True)
    session.play(TURN)
    data = session.record().to_json()
    del data["turns"], data["autoplay"]  # as saved before turns were kept
    resumed = Session.from_record(TOY, GameRecord.from_json(data))
    assert not resumed.autoplay
    resumed.undo()
    assert resumed.moves == [TURN]


@pytest.mark.parametrize("turns", [[3], [1, 0, 1], [1, 1.0], "2", [True, 1]])
def test_turns_that_do_not_match_the_moves_are_refused(turns: object) -> None:
    session = Session(TOY, deck=ACES_FIRST, autoplay=True)
    session.play(TURN)
    data = session.record().to_json()
    data["turns"] = turns
    with pytest.raises(RecordError, match="not a saved game"):
        GameRecord.from_json(data)


def test_automatic_moves_wait_until_switched_on() -> None:
    session = Session(TOY, deck=ACES_FIRST)
    session.play(TURN)
    assert session.state.foundation == ()
    session.autoplay = True
    session.play(UP_MOVE)
    session.play(TURN)
    assert session.moves == [TURN, UP_MOVE, TURN, UP_MOVE]


def test_a_new_move_clears_what_could_be_redone() -> None:
    session = Session(TOY, deck=ACES_FIRST)
    session.play(TURN)
    session.undo()
    session.play("turn")
    with pytest.raises(IllegalMove, match="nothing to redo"):
        session.redo()


def test_undo_stops_at_the_floor_and_at_the_start() -> None:
    session = Session(TOY, deck=ACES_FIRST)
    with pytest.raises(IllegalMove, match="nothing to undo"):
        session.undo()
    session.play(TURN)
    session.undo_floor = 1
    with pytest.raises(IllegalMove):
        session.undo()


def test_an_illegal_move_leaves_the_session_as_it_was() -> None:
    session = Session(TOY, deck=ACES_FIRST[::-1])
    with pytest.raises(IllegalMove):
        session.play(UP_MOVE)
    assert session.moves == [] and session.state == session.first


def test_restart_goes_back_to_the_deal_and_can_be_redone() -> None:
    session = random_session(RoyalMarriageParams(), 4, 1, 20)
    end = session.state
    session.restart()
    assert session.state == session.first
    while session.can_redo:
        session.redo()
    assert session.state == end


def test_what_could_be_redone_is_saved_and_redone_after_resuming() -> None:
    session = random_session(RoyalMarriageParams(), 4, 1, 20)
    end, moves, times = session.state, session.moves, session.record().times
    session.undo()
    session.undo()
    middle = session.state
    record = GameRecord.loads(session.record().dumps())
    assert len(record.undone) == 2
    resumed = Session.from_record(RM, record)
    assert resumed.state == middle and resumed.can_redo
    resumed.redo()
    resumed.redo()
    assert resumed.state == end and resumed.moves == moves and not resumed.can_redo
    assert resumed.record().times == times


def test_a_restart_saved_and_resumed_can_still_be_redone_to_the_end() -> None:
    session = random_session(RoyalMarriageParams(), 4, 1, 20)
    end, times = session.state, session.record().times
    session.restart()
    resumed = Session.from_record(RM, GameRecord.loads(session.record().dumps()))
    assert resumed.state == resumed.first
    while resumed.can_redo:
        resumed.redo()
    assert resumed.state == end
    assert resumed.record().times == times


def test_a_record_without_undone_turns_has_nothing_to_redo() -> None:
    session = random_session(RoyalMarriageParams(), 4, 1, 10)
    session.undo()
    data = session.record().to_json()
    del data["undone"]  # as saved before undone turns were kept
    assert not Session.from_record(RM, GameRecord.from_json(data)).can_redo


@pytest.mark.parametrize(
    "undone",
    [
        {"moves": ["deal"]},
        [{"moves": [], "seconds": 1}],
        [{"moves": [7], "seconds": 1}],
        [{"moves": ["deal"], "seconds": "1"}],
        [{"moves": ["deal"], "seconds": float("nan")}],
    ],
)
def test_undone_turns_of_the_wrong_shape_are_refused(undone: object) -> None:
    data = random_session(RoyalMarriageParams(), 4, 1, 10).record().to_json()
    data["undone"] = undone
    with pytest.raises(RecordError, match="not a saved game"):
        GameRecord.from_json(data)


def test_an_undone_turn_that_does_not_follow_is_refused() -> None:
    session = random_session(RoyalMarriageParams(), 4, 1, 10)
    session.undo()
    data = session.record().to_json()
    data["undone"] = [{"moves": ["discard KH"], "seconds": 1.0}]
    with pytest.raises(RecordError, match="undone turn 1 does not replay"):
        Session.from_record(RM, GameRecord.from_json(data))


def test_an_explicit_deck_is_kept_in_the_record() -> None:
    deck = RM.deck_for_deal(RoyalMarriageParams(), 12)[1:-1]
    session = Session(RM, deck=deck)
    session.play("deal")
    record = GameRecord.loads(session.record().dumps())
    assert record.deal is None
    assert replay(RM, record) == session.state


def test_records_save_atomically_and_load(tmp_path: Path) -> None:
    session = random_session(RoyalMarriageParams("push-pin"), 3, 2, 30)
    path = save_record(tmp_path / "games" / "one.json", session.record())
    assert load_record(path) == session.record()
    assert not [p for p in path.parent.iterdir() if p.name.startswith(".parlour-")]


def test_a_record_from_before_ids_keeps_one_id_at_every_load() -> None:
    """So that its result counts once, however often it is loaded and finished."""
    old = replace(random_session(RoyalMarriageParams(), 3, 2, 5).record(), id="")
    ids = {Session.from_record(RM, GameRecord.loads(old.dumps())).id for _ in range(2)}
    other = replace(old, deal=4, moves=(), times=(), turns=())
    assert len(ids) == 1 and ids != {Session.from_record(RM, other).id}


def test_a_save_writes_through_a_link_and_keeps_the_file_s_permissions(tmp_path: Path) -> None:
    first = random_session(RoyalMarriageParams(), 3, 2, 5).record()
    later = random_session(RoyalMarriageParams(), 3, 2, 9).record()
    real = save_record(tmp_path / "real" / "game.json", first)
    real.chmod(0o640)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    save_record(link, later)
    assert link.is_symlink() and load_record(real) == later
    assert real.stat().st_mode & 0o777 == 0o640


def test_a_save_over_anything_but_a_file_is_refused(tmp_path: Path) -> None:
    record = random_session(RoyalMarriageParams(), 3, 2, 5).record()
    with pytest.raises(IsADirectoryError):
        save_record(tmp_path, record)
    pipe = tmp_path / "pipe"  # as a device would be: not a file to replace
    os.mkfifo(pipe)
    with pytest.raises(OSError, match="not a regular file"):
        save_record(pipe, record)
    assert pipe.is_fifo()


@pytest.mark.parametrize(
    "text",
    [
        "",
        "not json",
        "[]",
        '{"format": "something else"}',
        '{"format": "parlour-record-1", "game": "royal-marriage"}',
        '{"format": "parlour-record-1", "deal": ' + "9" * 5000 + "}",  # past int()'s limit
        "[" * 100_000 + "]" * 100_000,  # deeper than the parser's recursion
    ],
)
def test_a_corrupt_save_file_is_a_clear_error(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(RecordError, match="not a saved game"):
        load_record(path)


def test_a_tampered_record_does_not_replay() -> None:
    session = random_session(RoyalMarriageParams(), 6, 3, 10)
    data = session.record().to_json()
    data["moves"] = ["deal", "deal", "discard KH"]
    data["turns"] = [1, 1, 1]
    with pytest.raises(RecordError, match="does not replay"):
        replay(RM, GameRecord.from_json(data))
    data = session.record().to_json()
    data["outcome"] = "won"
    with pytest.raises(RecordError, match="the record says won") as refused:
        replay(RM, GameRecord.from_json(json.loads(json.dumps(data))))
    assert "rules version" not in str(refused.value)  # the same rules: no word of them


def test_a_record_of_other_rules_that_does_not_replay_says_so() -> None:
    data = random_session(RoyalMarriageParams(), 6, 3, 10).record().to_json()
    data["moves"], data["turns"], data["rules_version"] = ["deal", "deal", "discard KH"], [], "99"
    with pytest.raises(RecordError, match="saved under rules version 99 of Royal Marriage"):
        replay(RM, GameRecord.from_json(data))


@pytest.mark.parametrize(
    ("times", "why"),
    [
        ([-100000.0, 1.0], "from 0"),
        ([1.0, float("inf")], "from 0"),
        ([1.0, float("nan")], "from 0"),
        ([1.0, 1e300], "from 0 to 1,000,000,000"),
        ([1.0, 10**400], "from 0 to 1,000,000,000"),  # too large for a float
        ([1.0, "2.0"], "numbers of seconds"),
        ([1.0, True], "numbers of seconds"),
        ([5.0, 3.0], "go backwards"),
    ],
)
def test_times_that_no_game_could_take_are_refused(times: list[Any], why: str) -> None:
    session = Session(TOY, deck=ACES_FIRST)
    session.play(TURN)
    session.play(UP_MOVE)
    data = session.record().to_json()
    data["times"] = times
    with pytest.raises(RecordError, match=why):
        GameRecord.loads(json.dumps(data))


@pytest.mark.parametrize("seconds", [10**400, 1e300, -1, float("nan")])
def test_an_undone_turn_with_a_time_no_game_could_take_is_refused(seconds: Any) -> None:
    session = Session(TOY, deck=ACES_FIRST)
    session.play(TURN)
    session.undo()
    data = session.record().to_json()
    data["undone"][0]["seconds"] = seconds
    with pytest.raises(RecordError, match="from 0 to 1,000,000,000"):
        GameRecord.loads(json.dumps(data))


def test_a_game_keeps_its_id_across_saves_and_a_bad_id_is_refused() -> None:
    session = random_session(RoyalMarriageParams(), 6, 3, 5)
    record = GameRecord.loads(session.record().dumps())
    assert record.id == session.id
    assert Session.from_record(RM, record).id == session.id
    # It names the file that keeps the game: no way out of its folder (kept.kept_path)
    for bad in (5, "x" * 65, "/../../../ab", "..", "a/b", "a\\b", "a.json"):
        data = record.to_json()
        data["id"] = bad
        with pytest.raises(RecordError, match='the field "id"'):
            GameRecord.from_json(data)


def test_a_long_move_that_does_not_replay_is_quoted_in_part() -> None:
    data = random_session(RoyalMarriageParams(), 6, 3, 1).record().to_json()
    data["moves"] = ["x" * 100_000]
    data["turns"] = [1]
    data["times"] = [1.0]
    with pytest.raises(RecordError, match="does not replay") as refusal:
        replay(RM, GameRecord.from_json(data))
    assert len(str(refusal.value)) < 300


def test_a_file_that_cannot_be_read_is_said_in_words(tmp_path: Path) -> None:
    """Why a file cannot be read, as a person says it: no Python errno, no codec."""
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe{}")
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)  # opened without waiting for a writer
    cases = [
        (tmp_path / "absent.json", "No such file or directory"),
        (tmp_path, "Is a directory"),
        (binary, "it is not text (UTF-8)"),
        (Path("/dev/zero"), "it is not a regular file"),  # a device without end
        (pipe, "it is not a regular file"),
    ]
    for path, why in cases:
        with pytest.raises(RecordError) as refused:
            load_record(path)
        assert str(refused.value) == f"cannot read saved game {path}: {why}"


def test_a_file_larger_than_any_saved_game_is_refused_unread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = tmp_path / "game.json"
    save_record(saved, random_session(RoyalMarriageParams(), 6, 3, 5).record())
    monkeypatch.setattr(records, "LARGEST_RECORD", saved.stat().st_size)
    assert load_record(saved).moves  # as large as allowed
    monkeypatch.setattr(records, "LARGEST_RECORD", saved.stat().st_size - 1)
    with pytest.raises(RecordError, match="is larger than any saved game"):
        load_record(saved)


def test_moves_in_a_record_are_in_notation() -> None:
    session = random_session(RoyalMarriageParams(), 2, 5, 15)
    assert [parse_move(m) for m in session.record().moves] == session.moves


def test_automatic_moves_switched_on_play_what_the_table_offers_now_as_a_turn() -> None:
    session = Session(TOY, deck=ACES_FIRST)
    session.play(TURN)  # the ace waits, automatic moves being off
    assert session.switch_autoplay(True) == (UP_MOVE,)
    assert session.state.foundation == (0,)
    assert session.moves == [TURN, UP_MOVE]
    session.undo()  # the switch's moves are a turn of their own
    assert session.moves == [TURN]
    assert session.autoplay
    assert session.switch_autoplay(False) == ()
    assert session.moves == [TURN]


def test_a_switch_to_automatic_moves_refused_at_MOST_MOVES_leaves_them_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The switch plays what the table offers; where no move more is allowed, the switch is
    refused whole, so the game is not left saying automatic moves are on when they did not
    play."""
    session = Session(TOY, deck=ACES_FIRST)
    session.play(TURN)
    monkeypatch.setattr(session_module, "MOST_MOVES", session.move_count)
    with pytest.raises(IllegalMove, match="at most 1 moves"):
        session.switch_autoplay(True)
    assert not session.autoplay
    assert session.moves == [TURN]


def test_automatic_moves_are_refused_to_a_game_that_has_none() -> None:
    with pytest.raises(IllegalMove, match="Royal Marriage has no automatic moves"):
        Session(RM, deal=3, autoplay=True)
    session = Session(RM, deal=3)
    with pytest.raises(IllegalMove, match="no automatic moves"):
        session.autoplay = True
    with pytest.raises(IllegalMove, match="no automatic moves"):  # a switch that changes nothing
        session.autoplay = False
    assert session.autoplay is False
    saved = session.record().to_json()
    saved["autoplay"] = True  # as a page could once save it
    assert Session.from_record(RM, GameRecord.from_json(saved)).autoplay is False


def test_a_game_keeps_at_most_MOST_MOVES_moves_and_a_record_past_them_is_refused() -> None:
    """Cards moved back and forth for ever would make a game ever dearer to save, send and
    replay: the game stops taking moves at `MOST_MOVES` until some are taken back (a new move
    lets the undone ones go, so a record never holds more), and a record holding more is no
    saved game."""
    game = get_game("heads-and-tails")
    session = Session(game, game.info.params_type(), deal=0)
    session.play("tail-7>tail-1")  # from here a built card goes back and forth
    there, back = "tail-1>tail-2", "tail-2>tail-1"
    while session.move_count < MOST_MOVES:
        session.play(there if session.move_count % 2 else back)
    record = session.record()
    with pytest.raises(IllegalMove, match=f"at most {MOST_MOVES:,} moves"):
        session.play(there)
    assert session.record() == record  # nothing changed
    assert [str(m) for m in session.last_moves(3)] == list(record.moves[-3:])
    session.undo()
    session.undo()
    session.play(record.moves[-2])  # played anew, not redone: the undone moves go
    assert session.move_count == MOST_MOVES - 1 and not session.can_redo
    assert Session.from_record(game, record).move_count == MOST_MOVES
    data = record.to_json()
    data["moves"].append(there)
    data["times"].append(data["times"][-1])
    data["turns"].append(1)
    with pytest.raises(RecordError, match=f"more than {MOST_MOVES:,} moves"):
        GameRecord.from_json(data)
