"""Running the real `parlour` command, as a player or a script would."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

PARLOUR = str(Path(sys.executable).with_name("parlour"))
# The per-user data folder of the commands run here (statistics kept by `play`), not the
# real one of whoever runs the tests.
DATA_HOME = tempfile.mkdtemp(prefix="parlour-test-data-")


TERMINAL_ROWS = 24


def command_env(columns: int = 120) -> dict[str, str]:
    """The environment the commands run in: a known width, and a data folder of their own."""
    return {
        "COLUMNS": str(columns),
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


def at_terminal(*args: str, timeout: float = 120, columns: int = 120) -> str:
    """Run `parlour ARGS` on a pseudo-terminal `columns` wide, as a person at a terminal would,
    and return all it wrote there (both streams, control codes included)."""
    pid, screen = pty.fork()
    if pid == 0:  # the child: the command, in the tests' environment, and nothing else
        try:
            size = struct.pack("HHHH", TERMINAL_ROWS, columns, 0, 0)
            fcntl.ioctl(pty.STDIN_FILENO, termios.TIOCSWINSZ, size)
            os.execve(PARLOUR, [PARLOUR, *args], command_env(columns))
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


CONTROL_SEQUENCE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def terminal_lines(written: str) -> list[str]:
    """Every line a terminal was given, redrawn ones too, as it shows them: without control
    codes, and split where the cursor went back to the line's start."""
    return re.split(r"\r\n|\r|\n", CONTROL_SEQUENCE.sub("", written))
