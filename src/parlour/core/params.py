"""Variant parameters: a frozen dataclass per game whose fields are `Literal` string choices.

The choices live in the type annotations, so mypy checks them in code and the same
annotations tell front ends which values exist (`choices`) and validate what a user typed
(`params_from`).
"""

from __future__ import annotations

import dataclasses
import itertools
import typing
from collections.abc import Mapping
from typing import Any, TypeVar

from parlour.core.errors import ParamsError
from parlour.core.words import clipped

P = TypeVar("P")


def choices(params_type: type[Any]) -> dict[str, tuple[str, ...]]:
    """Each parameter's allowed values, the default first."""
    hints = typing.get_type_hints(params_type)
    result: dict[str, tuple[str, ...]] = {}
    for field in dataclasses.fields(params_type):
        values = typing.get_args(hints[field.name])
        default = str(field.default)
        result[field.name] = (default, *(str(v) for v in values if v != default))
    return result


def params_from(params_type: type[P], values: Mapping[str, str | None]) -> P:
    """Parameters from user text; `None` values keep the default."""
    allowed = choices(params_type)
    given: dict[str, str] = {}
    for name, value in values.items():
        if value is None:
            continue
        if name not in allowed:
            raise ParamsError(f"this game has no {name} option")
        if value not in allowed[name]:
            choose = ", ".join(allowed[name])
            raise ParamsError(
                f'"{clipped(value)}" is not a {name} of this game: choose from {choose}'
            )
        given[name] = value
    return params_type(**given)


def params_dict(params: Any) -> dict[str, str]:
    """Parameters as a plain dict, the form used in JSON (RULES C-7)."""
    return {field.name: getattr(params, field.name) for field in dataclasses.fields(params)}


def all_params(params_type: type[P]) -> list[P]:
    """Every combination of parameter values, defaults first."""
    allowed = choices(params_type)
    names = list(allowed)
    return [
        params_type(**dict(zip(names, combo, strict=True)))
        for combo in itertools.product(*(allowed[name] for name in names))
    ]
