"""Where chunks run: a local process pool, or Dask `distributed` (a cluster at an address, or a
local cluster of processes) through its `concurrent.futures` executor.

Dask is the optional extra `dask`: it is imported only when asked for, and its absence is a
clear error. Workers of a remote cluster need Parlour installed, at the same version.

A Ctrl-C sends SIGINT to every process of the terminal's foreground group, the local workers
too. They ignore it, from their start: the process that started them decides, and a run it
stops stops its local workers at once, not after the chunks they are deciding.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import ExitStack, contextmanager
from importlib import import_module
from multiprocessing import resource_tracker
from multiprocessing.context import DefaultContext
from types import ModuleType
from typing import NamedTuple, cast

from parlour.core.errors import ParamsError
from parlour.stats.dask_executor import DaskExecutor, connect

MISSING_DASK = (
    "Dask is not installed: install Parlour with its dask extra "
    "(uv sync --extra dask, or pip install 'parlour[dask]')"
)
PARENT_CHECK_SECONDS = 0.5


class Workers(NamedTuple):
    """Where deals are decided; for how many at once chunks are kept in flight; and by how
    many workers, which on a running cluster are its own, as its scheduler counts them."""

    executor: Executor
    size: int
    workers: int


@contextmanager
def open_executor(
    workers: int | None, address: str | None = None, dask_local: bool = False
) -> Iterator[Workers]:
    """An executor for `workers` processes (default 1), shut down on exit; on a remote cluster,
    its own workers, with chunks in flight for as many as they have threads unless `workers`
    says otherwise."""
    check_choice(workers, address, dask_local)
    count = workers or 1
    if address is None and not dask_local:
        pool = ProcessPoolExecutor(
            count,
            mp_context=_DeafContext(multiprocessing.get_context()),
            initializer=exit_with_parent,
            initargs=(os.getpid(),),
        )
        try:
            yield Workers(pool, count, count)
        except BaseException:
            stop_at_once(pool)
            raise
        pool.shutdown()
        return
    distributed = _distributed()
    with callbacks_quiet():
        yield from _dask_workers(distributed, count, workers, address)


@contextmanager
def callbacks_quiet() -> Iterator[None]:
    """Dask's `concurrent.futures` executor, closed with chunks in flight (a run stopped by a
    Ctrl-C or an error), logs each one it can no longer hand back as an error of its event
    loop's callbacks, with a traceback (a cancelled future, a closed connection). They tell the
    player nothing the run does not say as it stops, and a chunk that fails reaches the run
    through its future; so that log is quiet while Dask is in use, and so is its client's
    account of a scheduler lost, which the run says in its own words (`LostWork`)."""
    logs = [logging.getLogger(name) for name in ("tornado.application", "distributed.client")]
    levels = [log.level for log in logs]
    for log in logs:
        log.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for log, level in zip(logs, levels, strict=True):
            log.setLevel(level)


def _dask_workers(
    distributed: ModuleType, count: int, workers: int | None, address: str | None
) -> Iterator[Workers]:
    """`open_executor`'s Dask side: a local cluster of `count` processes, or the cluster at
    `address`."""
    if address is None:  # so --dask-local: the options name one executor (`check_choice`)
        if sys.platform != "win32":
            # Started later, from a thread of the cluster's, it would let SIGINT through there.
            resource_tracker.ensure_running()
        with ExitStack() as stack:
            with sigint_held():  # the cluster's threads and processes keep it held: never see it
                cluster = stack.enter_context(
                    distributed.LocalCluster(
                        n_workers=count,
                        threads_per_worker=1,
                        processes=True,
                        dashboard_address=None,
                        # its scheduler's and workers' logs of chunks cancelled as a run stops
                        silence_logs=logging.CRITICAL,
                    )
                )
            client = stack.enter_context(distributed.Client(cluster))
            executor = DaskExecutor(distributed, client, watch_workers=False)
            stack.callback(executor.shutdown)
            yield Workers(executor, count, count)
        return
    client = connect(distributed, address)
    with client:
        threads = client.nthreads()  # of each worker, by its address
        if not threads:  # else the run would wait, saying nothing, for workers to join
            raise ParamsError(
                f"the Dask scheduler at {address} has no workers: start some"
                f" (dask worker {address}), then run again"
            )
        size = workers or max(1, sum(threads.values()))
        executor = DaskExecutor(distributed, client, watch_workers=True)
        try:
            yield Workers(executor, size, len(threads))
        finally:
            executor.shutdown()


def stop_at_once(pool: ProcessPoolExecutor) -> None:
    """Stop `pool` without waiting for the work its processes have begun: chunks not begun are
    cancelled, the processes killed, and the pool's own thread is let finish, so that nothing
    is left of it at exit. (A worker gone while cancelled chunks still wait would make that
    thread fail in Python 3.11; the shutdown, asked first, takes them off its list.)"""
    processes = list((pool._processes or {}).values())  # no public way before Python 3.14
    manager = cast(threading.Thread | None, pool._executor_manager_thread)  # typed amiss
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.kill()
    if manager is not None:
        manager.join()


@contextmanager
def sigint_held() -> Iterator[None]:
    """SIGINT held back from this thread while it lasts, and from the threads and the
    processes it starts meanwhile, which keep it held; a SIGINT received meanwhile reaches
    this process as it ends."""
    if sys.platform == "win32":  # no such signal mask
        yield
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


class _DeafProcess(multiprocessing.Process):
    """A pool's worker, deaf to SIGINT from its first instruction: it starts with the signal
    held, and ignores it before letting it through."""

    def start(self) -> None:
        with sigint_held():
            super().start()

    def run(self) -> None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        if sys.platform != "win32":
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        super().run()


class _DeafContext(DefaultContext):
    """The default way of starting processes, with `_DeafProcess` for them."""

    Process = _DeafProcess


def exit_with_parent(parent: int) -> None:
    """In a pool's worker: leave as soon as the process that started it is gone (killed, say),
    rather than go on deciding deals for no one. A run stopped by Ctrl-C stops its workers
    itself; a run killed alone would leave them running."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def check_choice(workers: int | None, address: str | None, dask_local: bool) -> None:
    """A `ParamsError` unless the options name one executor of at least one worker."""
    if workers is not None and workers < 1:
        raise ParamsError("--workers must be at least 1")
    if address is not None and dask_local:
        raise ParamsError("give --address or --dask-local, not both")
    if address is not None:
        check_address(address)


def check_address(address: str) -> None:
    """A `ParamsError` unless `address` names a scheduler by a scheme Dask knows and, but in
    this process, a host and a port (the scheme may be left out: tcp)."""
    _distributed()  # a clear error without Dask
    comm = import_module("distributed.comm")
    try:
        scheme, location = comm.parse_address(address)
        comm.registry.get_backend(scheme)
        if scheme != "inproc":  # a cluster in this process is named by no host and port
            _, port = comm.parse_host_port(location)
            if not 0 < port < 65536:
                raise ValueError(f"port {port} is out of range")
    except ValueError as error:
        raise ParamsError(
            f"{address!r} is not a Dask scheduler's address ({error}); e.g. tcp://HOST:8786"
        ) from None


def _distributed() -> ModuleType:
    try:
        return import_module("distributed")
    except ImportError:
        raise ParamsError(MISSING_DASK) from None
