"""Dask's `concurrent.futures` executor, with the work a cluster loses said as such.

A chunk Dask cannot hand back (its worker died each time it was tried, the scheduler or the
connection to it went away, or every worker left and none came back) fails with `LostWork`,
which a run reports in a line, keeping what it stored; a chunk that failed of itself fails
as it did. Dask's own executor would raise its internal errors, or wait for workers for ever.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, Executor, Future, InvalidStateError
from contextlib import suppress
from types import ModuleType
from typing import Any, TypeVar

from parlour.core.errors import ParamsError

T = TypeVar("T")

CONNECT_SECONDS = 20.0  # a scheduler that has not answered by then is said to be out of reach
WORKERS_LOOK_SECONDS = 5.0
NO_WORKERS_SECONDS = 60.0  # long enough for a worker's nanny to start it again


class LostWork(BrokenExecutor):
    """A cluster lost a chunk handed to it; the words say how."""


def connect(distributed: ModuleType, address: str) -> Any:
    """A client of the scheduler at `address`; a `ParamsError` if it cannot be reached, or
    what answers there is no Dask scheduler (Dask's own timeout does not cover a peer that
    accepts the connection and then says nothing, or nonsense)."""
    reached: list[Any] = []
    failed: list[BaseException] = []

    def reach() -> None:
        try:
            reached.append(distributed.Client(address, timeout=CONNECT_SECONDS / 2))
        except Exception as error:  # anything at all: what answered is not a scheduler
            failed.append(error)

    attempt = threading.Thread(target=reach, name="dask-connect", daemon=True)
    attempt.start()
    attempt.join(CONNECT_SECONDS)
    if reached:
        return reached[0]
    why = f"{type(failed[0]).__name__}: {failed[0]}" if failed else "no answer"
    raise ParamsError(f"cannot reach the Dask scheduler at {address} ({why})")


class DaskExecutor(Executor):
    """`client`'s executor, whose futures fail with `LostWork` when the cluster loses their
    chunk; with `watch_workers`, also when the cluster has had no worker for
    `NO_WORKERS_SECONDS` (a cluster of its own is never left without)."""

    def __init__(self, distributed: ModuleType, client: Any, *, watch_workers: bool) -> None:
        self._inner: Executor = client.get_executor()
        self._client = client
        self._killed: type[BaseException] = distributed.scheduler.KilledWorker
        self._pending: set[Future[Any]] = set()
        self._lock = threading.Lock()
        self._stopped = threading.Event()
        if watch_workers:
            threading.Thread(target=self._watch, name="dask-workers", daemon=True).start()

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        inner = self._inner.submit(fn, *args, **kwargs)
        outer: Future[T] = Future()
        with self._lock:
            self._pending.add(outer)
        outer.add_done_callback(lambda done: done.cancelled() and inner.cancel())
        inner.add_done_callback(lambda done: self._hand_on(done, outer))
        return outer

    def _hand_on(self, inner: Future[T], outer: Future[T]) -> None:
        if inner.cancelled():  # not by the run, which cancels its own futures only
            self._fail(outer, "the Dask scheduler went away, or the connection to it")
            return
        error = inner.exception()
        if isinstance(error, self._killed):
            self._fail(
                outer, "a Dask worker died each time it was given deals (killed, or out of memory?)"
            )
        # Dask's closed connections are OSErrors, and a chunk does no I/O of its own
        elif isinstance(error, OSError):
            self._fail(outer, f"the connection to the Dask scheduler was lost ({error})")
        elif error is not None:
            self._settle(outer, lambda: outer.set_exception(error))
        else:
            self._settle(outer, lambda: outer.set_result(inner.result()))

    def _fail(self, outer: Future[Any], why: str) -> None:
        self._settle(outer, lambda: outer.set_exception(LostWork(why)))

    def _settle(self, outer: Future[Any], settle: Callable[[], None]) -> None:
        with self._lock:
            self._pending.discard(outer)
        with suppress(InvalidStateError):  # cancelled by the run meanwhile, or failed
            settle()

    def _watch(self) -> None:
        """Fail every chunk in flight once no worker has been seen for `NO_WORKERS_SECONDS`."""
        without = 0.0
        while not self._stopped.wait(WORKERS_LOOK_SECONDS):
            try:
                workers = len(self._client.nthreads())
            except Exception:  # the scheduler is gone: its futures are cancelled, said above
                return
            without = 0.0 if workers else without + WORKERS_LOOK_SECONDS
            if without >= NO_WORKERS_SECONDS:
                with self._lock:
                    pending = list(self._pending)
                for outer in pending:
                    self._fail(
                        outer,
                        f"the Dask cluster has had no worker for {NO_WORKERS_SECONDS:.0f} s",
                    )
                without = 0.0

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stop watching the workers; the client, closed by its owner, ends the rest."""
        self._stopped.set()
