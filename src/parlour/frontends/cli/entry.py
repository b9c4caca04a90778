"""The `parlour` command's entry point: a Ctrl-C while the program is still loading (a second
or so, on a cold start) stops it as one does later, with exit code 130 and no traceback."""

from __future__ import annotations

import sys

INTERRUPTED = 130  # as a shell reports a command stopped by Ctrl-C


def main() -> None:
    try:
        from parlour.frontends.cli.app import main as run_command
    except KeyboardInterrupt:
        sys.exit(INTERRUPTED)
    run_command()
