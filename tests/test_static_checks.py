"""The static checks run with the tests: ruff (lint and format), mypy --strict on the whole
package, on the tests themselves and on the benchmarks and scripts (which no test runs whole),
and the import-linter contracts for the layers of docs/design.md."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
CHECKED = ["src", "tests", "benchmarks", "scripts", "hatch_build.py"]


def run(*command: str) -> None:
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"{' '.join(command)} failed:\n{done.stdout}\n{done.stderr}"


def test_ruff_lint() -> None:
    run(sys.executable, "-m", "ruff", "check", *CHECKED)


def test_ruff_format() -> None:
    run(sys.executable, "-m", "ruff", "format", "--check", *CHECKED)


def test_mypy_strict_on_the_whole_package() -> None:
    run(sys.executable, "-m", "mypy")


def test_mypy_strict_on_the_tests_benchmarks_scripts_and_build_hook() -> None:
    run(sys.executable, "-m", "mypy", "tests", "benchmarks", "scripts", "hatch_build.py")


def test_import_contracts() -> None:
    run(str(BIN / "lint-imports"))
