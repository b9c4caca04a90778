"""The same deals give the same results inline, in a process pool and on a local Dask cluster."""

from __future__ import annotations

from concurrent.futures import Executor, Future
from concurrent.futures.process import BrokenProcessPool
from importlib import import_module
from types import ModuleType
from typing import Any

import pytest

from parlour.core.errors import ParamsError, WorkerLost
from parlour.games import get_game
from parlour.stats import executors
from parlour.stats.executors import open_executor
from parlour.stats.runner import chunk_size, chunked, run
from parlour.stats.tasks import Row, Task, run_chunk

ROYAL_MARRIAGE = get_game("royal-marriage")
PLAIT = get_game("plait")
TASKS = [
    Task("royal-marriage", ROYAL_MARRIAGE.info.params_type(), "solver", 1000),
    Task("plait", PLAIT.info.params_type(), "solver", 150),  # small budget: some unknown
    Task("plait", PLAIT.info.params_type("four-passes"), "greedy", 0),
]
DEALS = list(range(100, 108))


def _decided(rows: list[Row]) -> list[tuple[int, str, int]]:
    """Rows without their times, which vary, sorted by deal."""
    return sorted((deal, result, nodes) for deal, result, nodes, _ in rows)


def _collect(dask_local: bool) -> list[list[tuple[int, str, int]]]:
    """Every task's results on a pool of two processes, or on a local cluster of two."""
    found = []
    with open_executor(2, dask_local=dask_local) as pool:
        for task in TASKS:
            rows: list[Row] = []
            run(task, DEALS, pool.executor, rows.extend, workers=pool.size, size=3)
            found.append(_decided(rows))
    return found


@pytest.mark.slow
def test_pool_and_local_dask_cluster_give_identical_results() -> None:
    inline = [_decided(run_chunk(task, DEALS)) for task in TASKS]
    assert all([deal for deal, _, _ in rows] == DEALS for rows in inline)
    assert _collect(dask_local=False) == inline
    assert _collect(dask_local=True) == inline
    plait_results = {result for _, result, _ in inline[1]}
    assert "unknown" in plait_results  # the budget, not the clock, decides what is unknown


def test_chunks_cover_every_deal_once_in_order() -> None:
    assert list(chunked(range(7), 3)) == [(0, 1, 2), (3, 4, 5), (6,)]
    assert chunk_size(10, 2, 500) == 1
    assert chunk_size(1_000_000, 2, 500) == 500
    assert chunk_size(4_000, 2, 500) == 100


def test_missing_dask_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_dask(name: str) -> ModuleType:
        if name == "distributed":
            raise ImportError(name)
        return import_module(name)

    monkeypatch.setattr(executors, "import_module", no_dask)
    with pytest.raises(ParamsError, match="dask extra"), open_executor(1, dask_local=True):
        pass


def test_address_and_local_cluster_together_are_refused() -> None:
    with (
        pytest.raises(ParamsError, match="not both"),
        open_executor(1, address="tcp://127.0.0.1:8786", dask_local=True),
    ):
        pass


@pytest.mark.slow
def test_an_unreachable_scheduler_is_a_clear_error() -> None:
    with (
        pytest.raises(
            ParamsError, match=r"cannot reach the Dask scheduler at tcp://127\.0\.0\.1:9"
        ),
        open_executor(1, address="tcp://127.0.0.1:9"),
    ):
        pass


@pytest.mark.slow
def test_a_running_cluster_is_given_work_for_each_of_its_worker_threads() -> None:
    distributed = import_module("distributed")
    with distributed.LocalCluster(
        n_workers=3, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        with open_executor(None, address=cluster.scheduler_address) as pool:
            assert (pool.size, pool.workers) == (3, 3)
        with open_executor(5, address=cluster.scheduler_address) as pool:
            assert (pool.size, pool.workers) == (5, 3)  # chunks as asked, by its own workers


class DyingPool(Executor):
    """Decides the first chunk handed to it; then a worker dies, as a process killed would."""

    def __init__(self) -> None:
        self.handed = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.handed += 1
        if self.handed == 1:
            future.set_result(fn(*args, **kwargs))
        else:
            future.set_exception(BrokenProcessPool("a process terminated abruptly"))
        return future


def test_a_worker_that_dies_stops_the_run_once_the_chunks_finished_are_handed_on() -> None:
    rows: list[Row] = []
    with pytest.raises(WorkerLost, match="ended abruptly"):
        run(TASKS[0], DEALS, DyingPool(), rows.extend, workers=1, size=3)
    assert [deal for deal, _, _, _ in rows] == DEALS[:3]


def test_a_cluster_without_workers_is_refused_rather_than_waited_for() -> None:
    distributed = import_module("distributed")
    with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        with (
            pytest.raises(ParamsError, match="has no workers: start some"),
            open_executor(None, address=address),
        ):
            pass
