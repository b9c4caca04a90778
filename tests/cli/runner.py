"""Running the real `parlour` command, as a player or a script would."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import tempfile
import time
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


def at_terminal(*args: str, timeout: float = 120) -> str:
    """Run `parlour ARGS` on a pseudo-terminal, as a person at a terminal would, and return all
    it wrote there (both streams, control codes included)."""
    pid, screen = pty.fork()
    if pid == 0:  # the child: the command, in the tests' environment, and nothing else
        try:
            os.execve(PARLOUR, [PARLOUR, *args], command_env())
        finally:
            os._exit(127)  # as a shell does for a command it could not run
    written = bytearray()
    deadline = time.monotonic() + timeout
    try:
        while True:
            left = max(deadline - time.monotonic(), 0)
            if not select.select([screen], [], [], left)[0]:
                os.kill(pid, signal.SIGKILL)
                raise TimeoutError(f"parlour {' '.join(args)} took over {timeout} s")
            try:
                chunk = os.read(screen, 4096)
            except OSError:  # the command ended, and its terminal with it
                break
            if not chunk:
                break
            written += chunk
    finally:
        os.waitpid(pid, 0)
        os.close(screen)
    return written.decode(errors="replace")
