"""Work a Dask cluster loses is said as such (`LostWork`, then `WorkerLost` from the run),
a scheduler that does not answer as one is refused within a bound, and a cluster left with no
worker stops the run rather than keep it waiting."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from importlib import import_module
from typing import Any

import pytest

from parlour.core.errors import ParamsError, WorkerLost
from parlour.stats import dask_executor
from parlour.stats.dask_executor import DaskExecutor, LostWork, connect
from parlour.stats.executors import check_address
from parlour.stats.runner import run
from parlour.stats.tasks import Row
from tests.stats.test_executors import DEALS, TASKS

distributed = import_module("distributed")


class HeldExecutor(Executor):
    """Hands out futures that the test settles, as a cluster would."""

    def __init__(self) -> None:
        self.futures: list[Future[Any]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.futures.append(future)
        return future


class FakeClient:
    """A client of a cluster whose workers are `threads` (by address)."""

    def __init__(self, threads: dict[str, int] | None = None) -> None:
        self.inner = HeldExecutor()
        self.threads = threads or {"tcp://127.0.0.1:1": 1}

    def get_executor(self) -> Executor:
        return self.inner

    def nthreads(self) -> dict[str, int]:
        return self.threads


@pytest.fixture
def held() -> Iterator[tuple[DaskExecutor, HeldExecutor]]:
    client = FakeClient()
    executor = DaskExecutor(distributed, client, watch_workers=False)
    yield executor, client.inner
    executor.shutdown()


@pytest.mark.parametrize(
    ("settle", "words"),
    [
        (
            lambda f: f.set_exception(distributed.scheduler.KilledWorker("run_chunk-1", None, 0)),
            "died",
        ),
        (lambda f: f.cancel(), "scheduler went away"),
        (lambda f: f.set_exception(distributed.comm.core.CommClosedError("gone")), "connection"),
    ],
)
def test_a_chunk_the_cluster_lost_fails_as_lost_work_saying_how(
    held: tuple[DaskExecutor, HeldExecutor], settle: Callable[[Future[Any]], Any], words: str
) -> None:
    executor, inner = held
    outer = executor.submit(print)
    settle(inner.futures[0])
    with pytest.raises(LostWork, match=words):
        outer.result(timeout=5)


def test_a_chunk_s_own_result_or_failure_comes_through_as_it_was(
    held: tuple[DaskExecutor, HeldExecutor],
) -> None:
    executor, inner = held
    decided, failed = executor.submit(print), executor.submit(print)
    inner.futures[0].set_result([(1, "won", 5, 0.1)])
    inner.futures[1].set_exception(ValueError("a defect of the chunk's own"))
    assert decided.result(timeout=5) == [(1, "won", 5, 0.1)]
    with pytest.raises(ValueError, match="own"):
        failed.result(timeout=5)


def test_a_chunk_the_run_cancels_is_cancelled_on_the_cluster_too(
    held: tuple[DaskExecutor, HeldExecutor],
) -> None:
    executor, inner = held
    assert executor.submit(print).cancel()
    assert inner.futures[0].cancelled()


def test_lost_work_stops_the_run_with_its_words_once_the_chunks_beside_it_are_handed_on(
    held: tuple[DaskExecutor, HeldExecutor],
) -> None:
    executor, inner = held
    rows: list[Row] = []

    def settle() -> None:  # the first chunk decided, then the scheduler gone
        while len(inner.futures) < 2:
            time.sleep(0.01)
        inner.futures[0].set_result([(DEALS[0], "won", 1, 0.0)])
        inner.futures[1].cancel()

    threading.Thread(target=settle).start()
    with pytest.raises(WorkerLost, match="the Dask scheduler went away"):
        run(TASKS[0], DEALS, executor, rows.extend, workers=1, size=1)
    assert rows == [(DEALS[0], "won", 1, 0.0)]


def test_a_cluster_left_with_no_worker_fails_the_chunks_in_flight(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(dask_executor, "WORKERS_LOOK_SECONDS", 0.01)
    monkeypatch.setattr(dask_executor, "NO_WORKERS_SECONDS", 0.05)
    client = FakeClient()
    executor = DaskExecutor(distributed, client, watch_workers=True)
    waiting = executor.submit(print)
    time.sleep(0.1)
    assert not waiting.done()  # workers there: it waits
    client.threads = {}
    with pytest.raises(LostWork, match="no worker for"):
        waiting.result(timeout=5)
    executor.shutdown()


@pytest.mark.parametrize("answer", [b"", b"HTTP/1.1 400 Bad Request\r\n\r\n" + b"\xff" * 64])
def test_a_peer_that_is_no_scheduler_is_refused_within_the_bound(
    monkeypatch: pytest.MonkeyPatch, answer: bytes
) -> None:
    """Silent, or answering nonsense (which Dask once read as a frame of exabytes)."""
    monkeypatch.setattr(dask_executor, "CONNECT_SECONDS", 3.0)
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]
        held: list[socket.socket] = []

        def answer_each() -> None:
            while True:
                try:
                    peer, _ = server.accept()
                except OSError:
                    return
                held.append(peer)
                peer.sendall(answer)

        threading.Thread(target=answer_each, daemon=True).start()
        began = time.monotonic()
        with pytest.raises(
            ParamsError, match=f"cannot reach the Dask scheduler at tcp://127.0.0.1:{port}"
        ):
            connect(distributed, f"tcp://127.0.0.1:{port}")
        assert time.monotonic() - began < 10
        for peer in held:
            peer.close()


def test_an_address_with_a_port_out_of_range_is_refused_at_once() -> None:
    with pytest.raises(ParamsError, match="port 99999 is out of range"):
        check_address("tcp://127.0.0.1:99999")
