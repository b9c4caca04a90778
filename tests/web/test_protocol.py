"""Client messages are read and checked before anything acts on them (docs/web.md)."""

from __future__ import annotations

import json

import pytest

from parlour.frontends.web.protocol import MAX_MESSAGE_BYTES, ProtocolError, parse_message


def test_a_well_formed_message_keeps_its_fields() -> None:
    message = parse_message(json.dumps({"type": "new", "game": "plait", "deal": 7}))
    assert message.type == "new"
    assert message.fields == {"game": "plait", "deal": 7}


def test_absent_and_null_optional_fields_are_left_out() -> None:
    assert parse_message('{"type": "new", "game": "plait", "deal": null}').fields == {
        "game": "plait"
    }


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("not json", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        ("[" * 16_000, "nests too deeply"),
        ('{"game": "plait"}', "unknown message type"),
        ('{"type": "shuffle"}', "unknown message type"),
        ('{"type": 3}', "unknown message type"),
        ('{"type": "new"}', 'needs the field "game"'),
        ('{"type": "new", "game": 5}', '"game" of "new" must be text'),
        ('{"type": "new", "game": "plait", "deal": "7"}', "deal '7' is not a deal number"),
        ('{"type": "new", "game": "plait", "deal": 7.5}', "deal 7.5 is not a deal number"),
        ('{"type": "new", "game": "plait", "deal": true}', "deal True is not a deal number"),
        ('{"type": "new", "game": "plait", "params": []}', "an object"),
        ('{"type": "new", "game": "plait", "params": {"variant": 1}}', "must be text"),
        ('{"type": "new", "game": "plait", "deal": 1, "deck": "AS"}', "not both"),
        ('{"type": "new", "game": "wrangle", "opponent": "god"}', "opponent"),
        ('{"type": "autoplay", "on": 1}', "true or false"),
        ('{"type": "move"}', 'needs the field "move"'),
        ('{"type": "resume", "game_id": "x"}', 'needs the field "token"'),
        ('{"type": "new", "game": "plait", "deel": 7}', "no field 'deel': it takes game, params"),
        ('{"type": "undo", "steps": 2}', "no field 'steps': it takes none"),
    ],
)
def test_bad_messages_are_refused_with_a_reason(text: str, words: str) -> None:
    with pytest.raises(ProtocolError, match=words):
        parse_message(text)


def test_nesting_at_any_depth_is_read_or_refused_in_words() -> None:
    """`json.loads` takes a depth that `json.dumps`, a frame deeper, does not: no depth on
    that edge may escape as a failure of the server."""
    for depth in range(1, 1500):
        text = '{"type": "undo", "x": ' + "[" * depth + "]" * depth + "}"
        try:
            parse_message(text)
        except ProtocolError as refused:  # read, the field is refused as no field of "undo"
            assert "nests too deeply" in str(refused) or "no field 'x'" in str(refused)


def test_a_message_over_16_kib_is_refused() -> None:
    padded = json.dumps({"type": "move", "move": "x" * MAX_MESSAGE_BYTES})
    with pytest.raises(ProtocolError, match="too long"):
        parse_message(padded)


def test_binary_messages_are_refused() -> None:
    with pytest.raises(ProtocolError, match="binary"):
        parse_message(b'{"type": "undo"}')
