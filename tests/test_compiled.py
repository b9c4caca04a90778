"""The searches named in pyproject's mypyc hook run compiled, and compiled from their present
source: a compiled module is loaded before the `.py` beside it, so a stale one would test old
code (docs/design.md, "Compiled searches")."""

from __future__ import annotations

import importlib
import importlib.machinery
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def pyproject() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        return tomllib.load(handle)


def compiled_sources() -> list[Path]:
    hook = pyproject()["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    return [ROOT / path for path in hook["include"]]


def test_the_compiled_searches_load_from_extension_modules_built_after_their_source() -> None:
    sources = compiled_sources()
    assert sources, "the mypyc hook names no module"
    for source in sources:
        name = ".".join(source.relative_to(ROOT / "src").with_suffix("").parts)
        loaded = Path(importlib.import_module(name).__file__ or "")
        assert loaded.name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)), (
            f"{name} runs interpreted from {loaded}: `uv sync` builds it"
        )
        assert loaded.stat().st_mtime >= source.stat().st_mtime, (
            f"{loaded} is older than {source}: `uv sync` rebuilds it"
        )


def test_uv_rebuilds_the_project_when_a_compiled_source_changes() -> None:
    watched = {ROOT / key["file"] for key in pyproject()["tool"]["uv"]["cache-keys"]}
    assert set(compiled_sources()) <= watched
