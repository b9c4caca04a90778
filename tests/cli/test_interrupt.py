"""A Ctrl-C stops a command cleanly: the terminal sends SIGINT to its whole foreground process
group, worker processes included. The command stops at once with one line on stderr, no
traceback, and exit code 130; its workers ignore the signal and leave with it; a run keeps
what it stored (it resumes from there)."""

from __future__ import annotations

import importlib.abc
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

import pytest

from parlour.frontends.cli.entry import main as parlour_main
from tests.cli.runner import PARLOUR, command_env
from tests.stats.test_resume import stored_results

STOPPED = re.compile(r"parlour: stopped with (\d+) of (\d+) deals stored; rerun to go on")
INTERRUPTED = 130


class Command:
    """`parlour ARGS` in a process group of its own, as a shell runs a job, its output kept in
    files (no pipe to fill while it runs)."""

    def __init__(self, tmp_path: Path, *args: str) -> None:
        self.out, self.err = tmp_path / "stdout.txt", tmp_path / "stderr.txt"
        with self.out.open("w") as out, self.err.open("w") as err:
            self.process = subprocess.Popen(
                [PARLOUR, *args],
                stdout=out,
                stderr=err,
                start_new_session=True,
                env=command_env(),
            )
        self.pid = self.process.pid

    def wait_for(self, ready: Callable[[], bool], what: str, seconds: float = 120) -> None:
        deadline = time.monotonic() + seconds
        while not ready():
            assert self.process.poll() is None, f"ended before {what}: {self.err.read_text()}"
            assert time.monotonic() < deadline, f"not {what} after {seconds} s"
            time.sleep(0.05)

    def ctrl_c(self) -> None:
        """SIGINT to the process group, as a Ctrl-C at the terminal; it must end well within a
        minute (a hang, not a speed, is what this catches)."""
        os.killpg(self.pid, signal.SIGINT)
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            pytest.fail(f"still running 60 s after a Ctrl-C: {self.err.read_text()}")

    def stderr(self) -> str:
        return self.err.read_text()

    def kill(self) -> None:
        with suppress(ProcessLookupError):  # nothing may be left of the group
            os.killpg(self.pid, signal.SIGKILL)
        self.process.wait()


def _stat(pid: int) -> list[str]:
    return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()


def _workers(pid: int) -> set[int]:
    """The worker processes `pid` started (Linux /proc), leaving out multiprocessing's resource
    tracker."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int(_stat(int(entry.name))[1])
                command = (entry / "cmdline").read_bytes()
            except OSError:  # gone meanwhile
                continue
            if parent == pid and b"resource_tracker" not in command:
                found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        return _stat(pid)[0] != "Z"
    except OSError:
        return False


def _deaf_to_sigint(pid: int) -> bool:
    """Whether SIGINT is ignored or held back (blocked) in process `pid`."""
    status = (Path("/proc") / str(pid) / "status").read_text()
    masks = dict(line.split(":\t") for line in status.splitlines() if line.startswith("Sig"))
    bit = 1 << (signal.SIGINT - 1)
    return bool((int(masks["SigIgn"], 16) | int(masks["SigBlk"], 16)) & bit)


def _cpu_seconds(pid: int) -> float:
    fields = _stat(pid)
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _check_stopped_run(command: Command, db: Path, deals: int) -> None:
    err = command.stderr()
    assert command.process.returncode == INTERRUPTED, err
    assert "Traceback" not in err and "fatal" not in err, err
    stopped = STOPPED.search(err)
    assert stopped, err
    # the rows stay, to resume from
    assert (int(stopped[1]), int(stopped[2])) == (stored_results(db), deals)


def _check_workers_left(workers: set[int]) -> None:
    deadline = time.monotonic() + 10
    while any(map(_alive, workers)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(map(_alive, workers)), "a worker outlived its run"


def test_ctrl_c_stops_an_odds_run_and_its_workers_at_once(tmp_path: Path) -> None:
    db = tmp_path / "odds.sqlite"
    # chunks of five deals that each take seconds: waiting for them would be no prompt stop
    args = ("four-corners", "--deals", "200", "--budget", "300000", "--workers", "2")
    command = Command(tmp_path, "odds", *args, "--db", str(db))
    try:
        command.wait_for(lambda: len(_workers(command.pid)) >= 2, "two workers started")
        workers = _workers(command.pid)
        assert all(map(_deaf_to_sigint, workers)), "a worker would take the Ctrl-C itself"
        time.sleep(1)  # well into their first chunks
        command.ctrl_c()
        _check_stopped_run(command, db, 200)
        _check_workers_left(workers)
    finally:
        command.kill()


@pytest.mark.slow
def test_ctrl_c_stops_an_odds_run_on_a_local_dask_cluster(tmp_path: Path) -> None:
    db = tmp_path / "odds.sqlite"
    args = ("royal-marriage", "--deals", "2000000", "--workers", "2", "--dask-local")
    command = Command(tmp_path, "odds", *args, "--db", str(db))
    try:
        command.wait_for(lambda: stored_results(db) > 0, "a chunk stored")
        workers = _workers(command.pid)
        assert len(workers) >= 2
        assert all(map(_deaf_to_sigint, workers)), "a worker would take the Ctrl-C itself"
        command.ctrl_c()
        _check_stopped_run(command, db, 2_000_000)
        # nothing but that: not Dask's logs of the chunks it cancelled as it closed
        assert STOPPED.fullmatch(command.stderr().strip()), command.stderr()
        _check_workers_left(workers)
    finally:
        command.kill()


def test_ctrl_c_stops_a_duel_and_its_workers(tmp_path: Path) -> None:
    command = Command(tmp_path, "duel", "strong", "greedy", "--games", "400", "--workers", "2")
    try:
        command.wait_for(lambda: len(_workers(command.pid)) >= 2, "two workers started")
        workers = _workers(command.pid)
        assert all(map(_deaf_to_sigint, workers)), "a worker would take the Ctrl-C itself"
        time.sleep(1)
        command.ctrl_c()
        err = command.stderr()
        assert command.process.returncode == INTERRUPTED, err
        assert "Traceback" not in err, err
        assert re.search(r"parlour: stopped after \d+ games? of 400", err), err
        _check_workers_left(workers)
    finally:
        command.kill()


@pytest.mark.parametrize("verb", ["solve", "hint"])
def test_ctrl_c_stops_the_plait_search_with_one_line(tmp_path: Path, verb: str) -> None:
    """The Plait's search works on ints past a machine word, in compiled code; a Ctrl-C in it
    once made the process abort ("fatal: out of memory"), and then came only when the search
    was over."""
    budget = ("--nodes", "1000000000", "--seconds", "600")  # far past the minute allowed
    command = Command(tmp_path, verb, "plait", "--deal", "2", *budget)
    try:
        # past the imports and the deal (well under a second of work): searching
        command.wait_for(lambda: _cpu_seconds(command.pid) > 2.5, "searching")
        command.ctrl_c()
        err = command.stderr()
        assert command.process.returncode == INTERRUPTED, err
        assert err == "parlour: stopped before the solver had decided\n"
    finally:
        command.kill()


def at_the_prompt_after_a_deal(out: Path) -> subprocess.Popen[str]:
    """`parlour play plait --deal 7` typed into, its output kept in `out`: the stock dealt
    once, and back at the prompt."""
    with out.open("w") as written:
        process = subprocess.Popen(
            [PARLOUR, "play", "plait", "--deal", "7"],
            stdin=subprocess.PIPE,
            stdout=written,
            stderr=subprocess.STDOUT,
            text=True,
            env=command_env(),
        )
    assert process.stdin is not None
    process.stdin.write("d\n")
    process.stdin.flush()
    # the deal is shown, and the prompt again
    _wait_while_running(process, out, lambda: out.read_text().count("> ") >= 2)
    return process


def _wait_while_running(
    process: subprocess.Popen[str], out: Path, ready: Callable[[], bool]
) -> None:
    """Wait for `ready`, failing with the output so far if the process ends or a minute
    passes first."""
    deadline = time.monotonic() + 60
    while not ready():
        assert process.poll() is None and time.monotonic() < deadline, out.read_text()
        time.sleep(0.02)


def test_a_ctrl_c_during_a_hint_in_a_game_stops_the_hint_and_the_game_goes_on(
    tmp_path: Path,
) -> None:
    out = tmp_path / "stdout.txt"
    process = at_the_prompt_after_a_deal(out)
    assert process.stdin is not None
    try:
        idle = _cpu_seconds(process.pid)
        process.stdin.write("hint\n")  # undecided here: searches to the end of its budget
        process.stdin.flush()
        # a fifth of a second into the search, which takes about a second on a fast machine
        _wait_while_running(process, out, lambda: _cpu_seconds(process.pid) >= idle + 0.2)
        process.send_signal(signal.SIGINT)
        process.stdin.write("u\nq\n")
        process.stdin.close()
        assert process.wait(timeout=60) == 0
    finally:
        with suppress(ProcessLookupError):
            process.kill()
    said = out.read_text()
    assert "Hint stopped; the game goes on." in said
    assert "Traceback" not in said and said.count("Plait") >= 3  # shown again after the undo


def test_a_ctrl_c_at_the_prompt_keeps_the_game_and_exits_130(tmp_path: Path) -> None:
    out = tmp_path / "stdout.txt"
    process = at_the_prompt_after_a_deal(out)
    try:
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=60) == INTERRUPTED
    finally:
        with suppress(ProcessLookupError):
            process.kill()
    said = out.read_text()
    assert "The unfinished game is kept: parlour play --load" in said
    assert "Traceback" not in said


def test_a_ctrl_c_while_the_program_loads_exits_130_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Loading the command takes a second or so on a cold start; a Ctrl-C then used to end it
    with Python's traceback of the import it stopped."""

    class InterruptedLoading(importlib.abc.MetaPathFinder):
        def find_spec(self, name: str, *args: object) -> None:
            if name == "parlour.frontends.cli.app":
                raise KeyboardInterrupt
            return None

    monkeypatch.delitem(sys.modules, "parlour.frontends.cli.app", raising=False)
    monkeypatch.setattr(sys, "meta_path", [InterruptedLoading(), *sys.meta_path])
    with pytest.raises(SystemExit) as stopped:
        parlour_main()
    assert stopped.value.code == INTERRUPTED
