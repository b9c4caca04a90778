"""A real `parlour odds` process killed midway resumes to the same totals as an uninterrupted
run, whatever the number of workers."""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import time
from contextlib import suppress
from pathlib import Path

import pytest

from tests.cli.runner import PARLOUR, parlour

DEALS = "800"
ODDS = ["odds", "royal-marriage", "--variant", "push-pin", "--deals", DEALS, "--first-deal", "7"]


def stored_results(path: Path) -> int:
    try:
        with sqlite3.connect(path, timeout=5) as db:
            return int(db.execute("SELECT count(*) FROM results").fetchone()[0])
    except sqlite3.OperationalError:  # not created yet
        return 0


def _rows(path: Path) -> list[tuple[int, str, int]]:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT deal, result, nodes FROM results ORDER BY deal").fetchall()


def _started(db: Path) -> subprocess.Popen[bytes]:
    """A run with two workers into `db`, in a process group of its own."""
    return subprocess.Popen(
        [PARLOUR, *ODDS, "--workers", "2", "--db", str(db)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def _kill_midway(db: Path) -> int:
    """Start a run, kill it (SIGKILL, with its workers) once a chunk is stored; rows stored."""
    process = _started(db)
    try:
        deadline = time.monotonic() + 120
        while stored_results(db) == 0 and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    return stored_results(db)


@pytest.mark.slow
def test_a_killed_run_resumes_to_the_totals_of_an_uninterrupted_run(tmp_path: Path) -> None:
    killed = tmp_path / "killed.sqlite"
    stored = _kill_midway(killed)
    assert 0 < stored < int(DEALS)

    resumed = parlour(*ODDS, "--workers", "2", "--db", str(killed), "--json")
    whole = parlour(*ODDS, "--workers", "1", "--db", str(tmp_path / "whole.sqlite"), "--json")
    assert resumed.returncode == 0, resumed.stderr
    assert whole.returncode == 0, whole.stderr

    totals = ("deals", "won", "lost", "unknown", "win_rate", "ci_low", "ci_high")
    after, before = json.loads(resumed.stdout), json.loads(whole.stdout)
    assert {k: after[k] for k in totals} == {k: before[k] for k in totals}
    assert after["deals"] == int(DEALS)
    assert _rows(killed) == _rows(tmp_path / "whole.sqlite")
    assert [deal for deal, _, _ in _rows(killed)] == list(range(7, 7 + int(DEALS)))


def _children(pid: int) -> set[int]:
    """The processes whose parent is `pid` (Linux /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:  # gone meanwhile
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_the_workers_of_a_run_killed_alone_leave_too(tmp_path: Path) -> None:
    process = _started(tmp_path / "killed.sqlite")
    try:
        deadline = time.monotonic() + 120
        while len(workers := _children(process.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(workers) >= 2, "the run started no workers"
        process.send_signal(signal.SIGKILL)  # the run alone, not its process group
        process.wait()
        deadline = time.monotonic() + 20
        while any(map(_alive, workers)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(map(_alive, workers))
    finally:
        with suppress(ProcessLookupError):  # nothing may be left of the group
            os.killpg(process.pid, signal.SIGKILL)


def test_a_worker_killed_stops_the_run_saying_what_was_stored(tmp_path: Path) -> None:
    """A worker the system kills (out of memory, say) stops the run as a Ctrl-C does: what
    was stored is said, without a traceback, and a rerun goes on from there."""
    db = tmp_path / "lost.sqlite"
    run = ["odds", "heads-and-tails", "--deals", "60", "--budget", "20000", "--db", str(db)]
    process = subprocess.Popen(
        [PARLOUR, *run, "--workers", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 120
        while (
            (len(workers := _children(process.pid)) < 2 or stored_results(db) == 0)
            and process.poll() is None
            and time.monotonic() < deadline
        ):
            time.sleep(0.02)
        assert process.poll() is None, "the run ended before a worker could be killed"
        os.kill(min(workers), signal.SIGKILL)
        _, stderr = process.communicate(timeout=60)
    finally:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 2, stderr
    said = re.fullmatch(
        r"parlour: a worker process ended abruptly \(killed, or out of memory\?\); "
        r"stopped with (\d+) of 60 deals stored; rerun to go on\n",
        stderr,
    )
    assert said, stderr
    assert int(said.group(1)) == stored_results(db) < 60
    again = parlour(*run, "--json")
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["deals"] == 60 == stored_results(db)
