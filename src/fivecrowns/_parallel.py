"""Running many games in chunks: in this process, in a process pool or in any executor, with a
progress bar; the results come back in game order, so they never depend on how the games ran.

>>> run_chunked(lambda start, stop: list(range(start, stop)), 5, None, 1, False, "games")
[0, 1, 2, 3, 4]
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import math
import os
from collections.abc import Callable, Iterator
from typing import TypeVar

from ._progress import Progress, on_terminal

__all__ = ["run_chunked"]

_T = TypeVar("_T")


def _chunks(games: int, workers: int) -> list[tuple[int, int]]:
    """Split the games into chunks: about eight per worker (for balance and progress), at
    most 50 games each."""
    size = max(1, min(50, math.ceil(games / (8 * workers))))
    return [(start, min(games, start + size)) for start in range(0, games, size)]


def _run(
    task: Callable[[int, int], list[_T]],
    chunks: list[tuple[int, int]],
    executor: concurrent.futures.Executor | None,
    jobs: int | None,
) -> Iterator[tuple[int, list[_T]]]:
    """Yield ``(chunk index, task(start, stop))`` as chunks finish, in any order: in this
    process (``jobs=1``, or a single chunk), in ``executor``, or in a pool of ``jobs``
    processes (``task`` must then be picklable: a module-level function or a partial of one)."""
    if executor is None and (jobs == 1 or len(chunks) == 1):
        for index, (start, stop) in enumerate(chunks):
            yield index, task(start, stop)
        return
    own = None
    if executor is None:
        own = concurrent.futures.ProcessPoolExecutor(max_workers=min(jobs or 1, len(chunks)))
        executor = own
    try:
        futures = {
            executor.submit(task, start, stop): index for index, (start, stop) in enumerate(chunks)
        }
        for future in concurrent.futures.as_completed(futures):
            yield futures[future], future.result()
    finally:
        if own is not None:
            own.shutdown(cancel_futures=True)


def run_chunked(
    task: Callable[[int, int], list[_T]],
    games: int,
    executor: concurrent.futures.Executor | None,
    jobs: int | None,
    progress: bool | None,
    label: str,
) -> list[_T]:
    """``task`` over games ``0 .. games - 1`` in chunks (see :func:`_run`), with a progress
    bar on stderr (``progress=None``: when stderr is a terminal); the results in game order."""
    show = on_terminal() if progress is None else bool(progress)
    if executor is None and jobs is None:
        jobs = os.cpu_count() or 1
    workers = jobs or 2
    chunks = _chunks(games, min(workers, games))
    results: list[list[_T] | None] = [None] * len(chunks)
    with contextlib.ExitStack() as stack:
        bar = stack.enter_context(Progress(games, label)) if show else None
        for index, part in _run(task, chunks, executor, jobs):
            results[index] = part
            if bar is not None:
                bar.update(len(part))
    return [game for chunk in results if chunk is not None for game in chunk]
