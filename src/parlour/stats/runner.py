"""Spreading a run's deals over an executor in chunks, results handed back as chunks finish.

Only the caller sees results (`on_rows`), so one process alone writes them wherever it keeps
them. A few chunks per worker are in flight at a time: enough to keep workers busy, few enough
that stopping a run loses little work.

A Ctrl-C stops a run between chunks: the chunks finished by then are handed on, and
`KeyboardInterrupt` is raised there, not wherever the signal finds this process (in a garbage
collector's callback, say, where Python would report it and carry on).
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, BrokenExecutor, Executor, Future, wait
from contextlib import contextmanager
from itertools import islice
from types import FrameType

from parlour.core.errors import WorkerLost
from parlour.stats.dask_executor import LostWork
from parlour.stats.tasks import Row, Task, run_chunk

CHUNKS_PER_WORKER = 3
CTRL_C_CHECK_SECONDS = 0.1


def chunked(deals: Iterable[int], size: int) -> Iterator[tuple[int, ...]]:
    """`deals` in consecutive tuples of `size` (the last may be shorter)."""
    it = iter(deals)
    while chunk := tuple(islice(it, size)):
        yield chunk


def chunk_size(deals: int, workers: int, largest: int) -> int:
    """Chunks small enough for twenty a worker, at most `largest` deals."""
    return max(1, min(largest, deals // (workers * 20)))


def run(
    task: Task,
    deals: Iterable[int],
    executor: Executor,
    on_rows: Callable[[list[Row]], None],
    *,
    workers: int,
    size: int,
) -> None:
    """Decide `deals` on `executor`, calling `on_rows` with each chunk's rows as it finishes.
    On an interruption the chunks not started are cancelled; a Ctrl-C raises
    `KeyboardInterrupt` once the chunks finished are handed on, and a worker process that
    died, `WorkerLost`."""
    chunks = chunked(deals, size)
    pending: set[Future[list[Row]]] = set()

    def top_up() -> None:
        for chunk in islice(chunks, workers * CHUNKS_PER_WORKER - len(pending)):
            pending.add(executor.submit(run_chunk, task, chunk))

    try:
        with ctrl_c_noted() as ctrl_c:
            top_up()
            while pending:
                finished, pending = wait(
                    pending, timeout=CTRL_C_CHECK_SECONDS, return_when=FIRST_COMPLETED
                )
                # the chunks decided first: a chunk failed beside them loses none of them
                for future in sorted(finished, key=lambda f: f.exception() is not None):
                    on_rows(future.result())
                if ctrl_c():
                    raise KeyboardInterrupt
                top_up()
    except LostWork as error:
        raise WorkerLost(str(error)) from None
    except BrokenExecutor:
        raise WorkerLost from None
    finally:
        for future in pending:
            future.cancel()


@contextmanager
def ctrl_c_noted() -> Iterator[Callable[[], bool]]:
    """While it lasts, a SIGINT (Ctrl-C) is only noted, for the caller to ask about (the
    function given) where it may stop cleanly; a second one raises `KeyboardInterrupt` at
    once, for a run held where it cannot ask (a write waiting for another program's lock).
    Unless a SIGINT would not raise `KeyboardInterrupt` (it is ignored, say) or this is not the
    main thread, where no handler can be set: then nothing changes, and the answer is no."""
    noted: list[int] = []
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield lambda: False
        return

    def note(signum: int, frame: FrameType | None) -> None:
        if noted:
            raise KeyboardInterrupt
        noted.append(signum)

    previous = signal.signal(signal.SIGINT, note)
    try:
        yield lambda: bool(noted)
    finally:
        signal.signal(signal.SIGINT, previous)
