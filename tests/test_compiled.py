"""The searches named in pyproject's build hook run compiled, and compiled from their present
source: a compiled module is loaded before the `.py` beside it, so a stale one would test old
code (docs/design.md, "Compiled searches")."""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import shutil
import subprocess
import tomllib
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def pyproject() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        return tomllib.load(handle)


def compiled_sources() -> list[Path]:
    hook = pyproject()["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]
    return [ROOT / path for path in hook["include"]]


def test_the_compiled_searches_load_from_extension_modules_built_after_their_source() -> None:
    sources = compiled_sources()
    assert sources, "the mypyc hook names no module"
    for source in sources:
        name = ".".join(source.relative_to(ROOT / "src").with_suffix("").parts)
        package, _, _ = name.rpartition(".")
        # The module the import system finds: a compiled module first imported by another of
        # its group takes its `__file__` from where the group's shared library is installed.
        found = importlib.machinery.PathFinder.find_spec(
            name, importlib.import_module(package).__path__
        )
        assert found is not None and found.origin is not None, f"{name} is not found"
        loaded = Path(found.origin)
        assert loaded.name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)), (
            f"{name} runs interpreted from {loaded}: `uv sync` builds it"
        )
        assert loaded.stat().st_mtime >= source.stat().st_mtime, (
            f"{loaded} is older than {source}: `uv sync` rebuilds it"
        )


def test_no_compiled_module_is_left_beside_a_source_the_build_no_longer_compiles() -> None:
    """A module taken off the hook's list keeps its old extension module in the checkout,
    which would still be loaded before the source."""
    listed = {source.with_suffix("") for source in compiled_sources()}
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    left = [
        path
        for path in (ROOT / "src" / "parlour").rglob("*")
        if path.name.endswith(suffixes) and path.parent / path.name.split(".")[0] not in listed
    ]
    assert not left, f"delete {left}: `uv sync` no longer builds them"


def test_uv_rebuilds_the_project_when_a_compiled_source_changes() -> None:
    watched = {ROOT / key["file"] for key in pyproject()["tool"]["uv"]["cache-keys"]}
    assert set(compiled_sources()) <= watched


def test_without_a_c_compiler_parlour_is_built_as_plain_python(tmp_path: Path) -> None:
    """A machine with Python and pip but no C compiler still installs Parlour (hatch_build.py):
    the wheel is built with a warning and no extension module."""
    copy = tmp_path / "parlour"
    for name in ("pyproject.toml", "hatch_build.py", "README.md"):
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, copy / name)
    shutil.copytree(
        ROOT / "src", copy / "src", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd")
    )
    uv = os.environ.get("UV") or shutil.which("uv")
    assert uv, "uv runs the tests, so it is there"
    built = subprocess.run(
        [uv, "build", "--wheel", "--out-dir", str(tmp_path / "dist"), str(copy)],
        env={**os.environ, "CC": "no-such-compiler"},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert built.returncode == 0, built.stderr
    assert "no C compiler found" in built.stdout + built.stderr
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    assert wheel.name.endswith("-py3-none-any.whl")  # pure Python: no compiled module in it
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    assert "parlour/games/plait_search.py" in names
    assert not [name for name in names if name.endswith((".so", ".pyd"))]
