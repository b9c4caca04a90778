"""Running the real `parlour` command, as a player or a script would."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

PARLOUR = str(Path(sys.executable).with_name("parlour"))
# The per-user data folder of the commands run here (statistics kept by `play`), not the
# real one of whoever runs the tests.
DATA_HOME = tempfile.mkdtemp(prefix="parlour-test-data-")


def command_env() -> dict[str, str]:
    """The environment the commands run in: a known width, and a data folder of their own."""
    return {
        "COLUMNS": "120",
        "PATH": "/usr/bin:/bin",
        "HOME": str(Path.home()),
        "XDG_DATA_HOME": DATA_HOME,
    }


def parlour(
    *args: str, lines: list[str] | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run `parlour ARGS`, typing `lines` on its standard input."""
    typed = "".join(line + "\n" for line in lines) if lines is not None else None
    return subprocess.run(
        [PARLOUR, *args],
        input=typed,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        env=command_env(),
    )
