"""`parlour serve` prints its address and serves there; a port it cannot have, or a database
another server holds, is bad input."""

from __future__ import annotations

import re
import signal
import subprocess
from pathlib import Path

import httpx

from parlour.frontends.web.server import bind
from tests.cli.runner import PARLOUR, parlour


def test_serve_prints_its_address_and_serves_the_api(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    server = subprocess.Popen(
        [PARLOUR, "serve", "--port", "0", "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:\d+", line)
        assert found, line
        games = httpx.get(found.group(0) + "/api/games", timeout=30).json()
        assert "plait" in [g["id"] for g in games]
        assert db.exists()
        # one server per file: a second would overwrite the first one's moves with its own
        second = parlour("serve", "--port", "0", "--db", str(db))
        assert second.returncode == 2 and "another Parlour server is using" in second.stderr
    finally:
        server.send_signal(signal.SIGINT)
        _, stderr = server.communicate(timeout=30)
    assert server.returncode == 128 + signal.SIGINT  # stopped by Ctrl-C, as a shell reports it
    assert "Traceback" not in stderr


def test_a_port_in_use_is_refused_with_a_message() -> None:
    taken = bind("127.0.0.1", 0)
    try:
        port = str(taken.getsockname()[1])
        done = parlour("serve", "--port", port, "--db", "/tmp/parlour-unused.db")
    finally:
        taken.close()
    assert done.returncode == 2
    assert "cannot listen" in done.stderr


def test_a_port_out_of_range_is_refused_before_anything_is_made(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    for port in ("65536", "-1"):
        done = parlour("serve", "--port", port, "--db", str(db))
        assert done.returncode == 2
        assert "Invalid value for '--port'" in done.stderr
        assert "Traceback" not in done.stderr
    assert not db.exists()
