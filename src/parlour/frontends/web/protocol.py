"""The websocket messages of docs/web.md, read and checked before anything acts on them.

Every refusal is a `ProtocolError` whose message is shown to the player as it stands, so a
malformed message never reaches a game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from parlour.agents import AGENTS, HUMAN
from parlour.core.deals import not_a_deal_number
from parlour.core.errors import ParlourError
from parlour.core.words import clipped

MAX_MESSAGE_BYTES = 16 * 1024
OPPONENTS = (*AGENTS, HUMAN)


class ProtocolError(ParlourError):
    """A message the server cannot act on; nothing has changed."""


@dataclass(frozen=True)
class Message:
    """One checked client message: its type and its fields, of the documented types."""

    type: str
    fields: dict[str, Any]

    def get(self, name: str, default: Any = None) -> Any:
        return self.fields.get(name, default)


# For each type, each field: (the JSON types allowed, whether it is required).
_SCHEMA: dict[str, dict[str, tuple[tuple[type, ...], bool]]] = {
    "new": {
        "game": ((str,), True),
        "params": ((dict,), False),
        "deal": ((int,), False),
        "deck": ((str,), False),
        "autoplay": ((bool,), False),
        "opponent": ((str,), False),
    },
    "join": {"table": ((str,), True)},
    "resume": {"game_id": ((str,), True), "token": ((str,), True)},
    "move": {"move": ((str,), True)},
    "undo": {},
    "redo": {},
    "restart": {},
    "hint": {},
    "autoplay": {"on": ((bool,), True)},
}

_TYPE_NAMES = {str: "text", int: "a whole number", bool: "true or false", dict: "an object"}


def parse_message(text: str | bytes) -> Message:
    """Read one client message, or raise `ProtocolError` saying what is wrong with it."""
    if isinstance(text, bytes):
        raise ProtocolError("messages must be JSON text, not binary")
    if len(text.encode("utf-8", "replace")) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"the message is too long (the limit is {MAX_MESSAGE_BYTES} bytes)")
    try:
        data = json.loads(text)
        text_only = _is_text(data)
    except json.JSONDecodeError:
        raise ProtocolError("the message is not valid JSON") from None
    except RecursionError:  # reading it, or writing it back a frame deeper than it was read
        raise ProtocolError("the message nests too deeply") from None
    except ValueError:  # an integer past int()'s digit limit
        raise ProtocolError(
            "a number in the message has more digits than any field takes"
        ) from None
    if not text_only:
        raise ProtocolError("the message holds an unpaired surrogate (\\ud800-\\udfff), not text")
    if not isinstance(data, dict):
        raise ProtocolError("a message must be a JSON object with a type")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _SCHEMA:
        raise ProtocolError(
            f"unknown message type {clipped(repr(kind))}: use one of {', '.join(_SCHEMA)}"
        )
    schema = _SCHEMA[kind]
    unknown = next((name for name in data if name != "type" and name not in schema), None)
    if unknown is not None:  # a misspelt field would otherwise be dropped, and its wish with it
        takes = f"it takes {', '.join(schema)}" if schema else "it takes none"
        raise ProtocolError(f'a "{kind}" message has no field {clipped(repr(unknown))}: {takes}')
    fields: dict[str, Any] = {}
    for name, (kinds, required) in schema.items():
        if data.get(name) is None:
            if required:
                raise ProtocolError(f'a "{kind}" message needs the field "{name}"')
            continue
        value = data[name]
        if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kinds):
            if name == "deal":  # a link's deal is sent as it stands: say what a deal is (C-2)
                raise ProtocolError(not_a_deal_number(value))
            wanted = " or ".join(_TYPE_NAMES[k] for k in kinds)
            raise ProtocolError(f'the field "{name}" of "{kind}" must be {wanted}')
        fields[name] = value
    _check_values(fields)
    return Message(kind, fields)


def _is_text(data: Any) -> bool:
    """False if a string of `data` holds a lone surrogate, which JSON's escapes can spell but
    no text can carry: echoed in a refusal or stored, it would fail far from here."""
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _check_values(fields: dict[str, Any]) -> None:
    params = fields.get("params", {})
    if not all(isinstance(v, str) for v in params.values()):
        raise ProtocolError('every value of "params" must be text')
    if "deal" in fields and "deck" in fields:
        raise ProtocolError('give "deal" or "deck", not both')
    opponent = fields.get("opponent")
    if opponent is not None and opponent not in OPPONENTS:
        raise ProtocolError(f'"opponent" must be one of {", ".join(OPPONENTS)}')
