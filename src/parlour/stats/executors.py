"""Where chunks run: a local process pool, or Dask `distributed` (a cluster at an address, or a
local cluster of processes) through its `concurrent.futures` executor.

Dask is the optional extra `dask`: it is imported only when asked for, and its absence is a
clear error. Workers of a remote cluster need Parlour installed, at the same version.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import contextmanager
from importlib import import_module
from types import ModuleType

from parlour.core.errors import ParamsError

MISSING_DASK = (
    "Dask is not installed: install Parlour with its dask extra "
    "(uv sync --extra dask, or pip install 'parlour[dask]')"
)
PARENT_CHECK_SECONDS = 0.5


@contextmanager
def open_executor(
    workers: int, address: str | None = None, dask_local: bool = False
) -> Iterator[Executor]:
    """An executor for `workers` processes (a remote cluster has its own), shut down on exit."""
    check_choice(workers, address, dask_local)
    if address is None and not dask_local:
        with ProcessPoolExecutor(
            workers, initializer=exit_with_parent, initargs=(os.getpid(),)
        ) as pool:
            yield pool
        return
    distributed = _distributed()
    if dask_local:
        cluster = distributed.LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
        with cluster, distributed.Client(cluster) as client:
            yield client.get_executor()
        return
    try:
        client = distributed.Client(address, timeout=10)
    except OSError as error:
        raise ParamsError(f"cannot reach the Dask scheduler at {address}: {error}") from None
    with client:
        yield client.get_executor()


def exit_with_parent(parent: int) -> None:
    """In a pool's worker: leave as soon as the process that started it is gone (killed, say),
    rather than go on deciding deals for no one. A run stopped by Ctrl-C stops its workers too;
    a run killed alone would leave them running."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def check_choice(workers: int, address: str | None, dask_local: bool) -> None:
    """A `ParamsError` unless the options name one executor of at least one worker."""
    if workers < 1:
        raise ParamsError("--workers must be at least 1")
    if address is not None and dask_local:
        raise ParamsError("give --address or --dask-local, not both")


def _distributed() -> ModuleType:
    try:
        return import_module("distributed")
    except ImportError:
        raise ParamsError(MISSING_DASK) from None
