"""Spreading a run's deals over an executor in chunks, results handed back as chunks finish.

Only the caller sees results (`on_rows`), so one process alone writes them wherever it keeps
them. A few chunks per worker are in flight at a time: enough to keep workers busy, few enough
that stopping a run loses little work.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from itertools import islice

from parlour.stats.tasks import Row, Task, run_chunk

CHUNKS_PER_WORKER = 3


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
    deals: Sequence[int],
    executor: Executor,
    on_rows: Callable[[list[Row]], None],
    *,
    workers: int,
    size: int,
) -> None:
    """Decide `deals` on `executor`, calling `on_rows` with each chunk's rows as it finishes.
    On an interruption the chunks not started are cancelled."""
    chunks = chunked(deals, size)
    pending: set[Future[list[Row]]] = set()

    def top_up() -> None:
        for chunk in islice(chunks, workers * CHUNKS_PER_WORKER - len(pending)):
            pending.add(executor.submit(run_chunk, task, chunk))

    try:
        top_up()
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                on_rows(future.result())
            top_up()
    finally:
        for future in pending:
            future.cancel()
