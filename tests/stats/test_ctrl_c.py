"""A run's local workers ignore SIGINT, a stopped pool does not wait for their work, and a
Ctrl-C stops a run between chunks, the finished ones handed on (the process-level checks, a
real `parlour odds` stopped by SIGINT to its process group, are in tests/cli/test_interrupt.py)."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from parlour.games import get_game
from parlour.stats.executors import open_executor
from parlour.stats.runner import ctrl_c_noted, run
from parlour.stats.tasks import Row, Task

ROYAL_MARRIAGE = Task(
    "royal-marriage", get_game("royal-marriage").info.params_type(), "solver", 100
)


def test_the_workers_of_a_pool_ignore_sigint() -> None:
    with open_executor(2) as pool:
        handlers = {
            pool.executor.submit(signal.getsignal, signal.SIGINT).result() for _ in range(4)
        }
    assert handlers == {signal.SIG_IGN}


def test_a_pool_stopped_by_an_exception_does_not_wait_for_its_work() -> None:
    with pytest.raises(KeyboardInterrupt), open_executor(2) as pool:
        futures = [pool.executor.submit(time.sleep, 20) for _ in range(5)]
        time.sleep(0.5)  # the first two begun
        raise KeyboardInterrupt
    # none was waited for: those begun were stopped, the others cancelled, none finished
    assert all(future.done() for future in futures)
    assert all(future.cancelled() or future.exception() is not None for future in futures)


def test_a_ctrl_c_is_noted_while_it_lasts_and_raises_again_after() -> None:
    with ctrl_c_noted() as ctrl_c:
        assert not ctrl_c()
        signal.raise_signal(signal.SIGINT)
        assert ctrl_c()
    with pytest.raises(KeyboardInterrupt):
        signal.raise_signal(signal.SIGINT)


def test_a_second_ctrl_c_raises_at_once_for_a_run_held_where_it_cannot_look() -> None:
    with ctrl_c_noted() as ctrl_c, pytest.raises(KeyboardInterrupt):
        signal.raise_signal(signal.SIGINT)
        assert ctrl_c()
        signal.raise_signal(signal.SIGINT)


def test_a_ctrl_c_stops_a_run_once_the_finished_chunks_are_handed_on() -> None:
    handed: list[list[Row]] = []

    def on_rows(rows: list[Row]) -> None:
        if len(handed) == 1:
            signal.raise_signal(signal.SIGINT)  # as a Ctrl-C while the second is being stored
        handed.append(rows)

    with ThreadPoolExecutor(1) as executor, pytest.raises(KeyboardInterrupt):
        run(ROYAL_MARRIAGE, range(1, 201), executor, on_rows, workers=1, size=2)
    assert 2 <= len(handed) < 100  # stopped early, with the finished chunks handed on whole
    deals = [deal for rows in handed for deal, _, _, _ in rows]
    assert len(deals) == len(set(deals)) == 2 * len(handed)


SCIPY_BEFORE_THE_FIRST_CHUNK = """
import sys
from parlour.frontends.cli import odds
from parlour.store.results import ResultStore

assert "scipy.stats" not in sys.modules
loaded = []
real_run = odds.run

def spy(*args, **kwargs):
    loaded.append("scipy.stats" in sys.modules)
    return real_run(*args, **kwargs)

odds.run = spy
task, key = odds.make_task("royal-marriage", None, None, None, 100)
with ResultStore(sys.argv[1]) as store:
    odds._run(store, task, key, 1, 2, lambda left: odds.open_executor(None))
print(loaded)
"""


def test_scipy_is_loaded_before_the_first_chunk_is_handed_out(tmp_path: Path) -> None:
    """The bar's interval needs scipy after each chunk, and loading it takes seconds on a cold
    start: loaded while chunks were being handed in, it held up a Ctrl-C that long."""
    done = subprocess.run(
        [sys.executable, "-c", SCIPY_BEFORE_THE_FIRST_CHUNK, str(tmp_path / "odds.sqlite")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[True]"
