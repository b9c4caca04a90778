"""Every ruling has at least one test named after its id (RULES.md): the common rulings C-1 to
C-7, and those each game declares."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from parlour.core.game import Game
from parlour.games import all_games

TESTS = Path(__file__).parent


def declared_test_names() -> set[str]:
    names: set[str] = set()
    for path in TESTS.rglob("test_*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names |= {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
    return names


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.info.id)
def test_every_declared_ruling_has_a_test_named_after_it(game: Game[Any, Any]) -> None:
    assert game.info.rule_ids, f"{game.info.name} declares its rulings"
    names = declared_test_names()
    for rule in game.info.rule_ids:
        prefix = "test_" + rule.replace("-", "_") + "_"
        assert any(name.startswith(prefix) for name in names), f"no test named after {rule}"


COMMON_RULINGS = tuple(f"C-{n}" for n in range(1, 8))


@pytest.mark.parametrize("rule", COMMON_RULINGS)
def test_every_common_ruling_has_a_test_named_after_it(rule: str) -> None:
    prefix = "test_" + rule.replace("-", "_") + "_"
    assert any(name.startswith(prefix) for name in declared_test_names()), f"no test for {rule}"
