"""Running many games in chunks: in this process, in a process pool or in any executor, with a
progress bar; the results come back in game order, so they never depend on how the games ran.

>>> run_chunked(lambda start, stop: list(range(start, stop)), 5, None, 1, False, "games", sum)
10

The pool of worker processes this module starts (when no executor is given) is kept on a
short leash:

- what the workers are sent is checked up front (:func:`check_picklable`), so a task that
  cannot be sent (a lambda, a local class) fails at once with a clear error instead of
  leaving a pool waiting for work that never arrives;
- the workers ignore Ctrl-C (SIGINT goes to the whole process group): the main process alone
  handles it, by stopping the workers and raising :class:`SimulationInterrupted` (a
  :class:`KeyboardInterrupt`) once, with the results of the games that had finished;
- on any error or interruption the workers are terminated, not waited for;
- a worker whose parent has died (killed, say) exits within a second instead of finishing
  its chunk as an orphan.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import math
import os
import pickle
import signal
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from ..errors import FiveCrownsError
from ..rules import Rules
from ._progress import progress_bar

__all__ = [
    "SimulationInterrupted",
    "check_picklable",
    "check_run",
    "run_chunked",
    "uses_own_processes",
]

_T = TypeVar("_T")
_R = TypeVar("_R")


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped :func:`~fivecrowns.tournament` or
    :func:`~fivecrowns.play.simulate.solitaire_stats`: ``result`` sums up the ``played``
    games of the ``asked`` that had finished (a result of the function's own type), or is
    None when none had. It is a :class:`KeyboardInterrupt`, so code that does not look for
    it stops as before."""

    def __init__(self, result: Any, played: int, asked: int) -> None:
        super().__init__(f"interrupted after {played} of {asked} games")
        self.result, self.played, self.asked = result, played, asked


#: How often (seconds) a worker checks that its parent is still alive.
_WATCH_INTERVAL = 0.5


def _chunks(games: int, workers: int) -> list[tuple[int, int]]:
    """Split the games into chunks: about eight per worker (for balance and progress), at
    most 50 games each."""
    size = max(1, min(50, math.ceil(games / (8 * workers))))
    return [(start, min(games, start + size)) for start in range(0, games, size)]


def _jobs(executor: concurrent.futures.Executor | None, jobs: int | None) -> int | None:
    """The number of processes to start: ``jobs``, or one per CPU for ``None`` (with no
    executor)."""
    if executor is None and jobs is None:
        return os.cpu_count() or 1
    return jobs


def uses_own_processes(
    games: int, executor: concurrent.futures.Executor | None, jobs: int | None
) -> bool:
    """True if :func:`run_chunked` would start worker processes of its own for these
    arguments (so everything it runs must be picklable)."""
    count = _jobs(executor, jobs)
    if executor is not None or count == 1:
        return False
    return len(_chunks(games, min(count or 2, games))) > 1


def check_picklable(value: object, what: str, hint: str) -> None:
    """Raise :class:`~fivecrowns.FiveCrownsError` if ``value`` cannot be pickled (sent to a
    worker process); the message names ``what`` and ends with ``hint``."""
    try:
        pickle.dumps(value)
    except Exception as error:  # pickle raises PicklingError, AttributeError, TypeError...
        raise FiveCrownsError(
            f"{what} cannot be sent to worker processes ({type(error).__name__}: {error}); {hint}"
        ) from None


def _watch_parent(parent: int) -> None:
    """Exit this worker as soon as its parent process is gone (it is then re-parented)."""
    while True:
        time.sleep(_WATCH_INTERVAL)
        if os.getppid() != parent:
            os._exit(1)


def _start_worker() -> None:
    """The initializer of every worker process: ignore Ctrl-C (the main process handles it)
    and die with the parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch_parent, args=(os.getppid(),), daemon=True).start()


def _stop(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """Stop ``pool`` now: cancel what has not started and terminate the workers.

    The pool's manager thread sees its workers die and may then try to fail futures that
    were just cancelled (``InvalidStateError`` in that thread, printed as a traceback); the
    pool is being thrown away, so that error is silenced until the thread has ended."""
    # Python 3.14 has a public method for this; before, the processes (and the manager
    # thread) are only reachable through the pool's private attributes.
    terminate = getattr(pool, "terminate_workers", None)
    processes: list[Any] = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    previous = threading.excepthook

    def quiet(args: threading.ExceptHookArgs) -> None:
        if args.thread is manager and isinstance(
            args.exc_value, concurrent.futures.InvalidStateError
        ):
            return
        previous(args)

    threading.excepthook = quiet
    try:
        pool.shutdown(wait=False, cancel_futures=True)
        if terminate is not None:
            with contextlib.suppress(Exception):
                terminate()
        for process in processes:
            with contextlib.suppress(Exception):
                process.terminate()
        for process in processes:
            with contextlib.suppress(Exception):
                process.join(5)
        if isinstance(manager, threading.Thread):
            manager.join(5)
    finally:
        threading.excepthook = previous


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
        check_picklable(
            task, "the work", "use module-level functions and classes, or run with jobs=1"
        )
        own = concurrent.futures.ProcessPoolExecutor(
            max_workers=min(jobs or 1, len(chunks)), initializer=_start_worker
        )
        executor = own
    futures: dict[concurrent.futures.Future[list[_T]], int] = {}
    finished = False
    try:
        for index, (start, stop) in enumerate(chunks):
            futures[executor.submit(task, start, stop)] = index
        for future in concurrent.futures.as_completed(futures):
            yield futures[future], future.result()
        finished = True
    finally:
        if not finished:
            for future in futures:
                future.cancel()
        if own is not None:
            if finished:
                own.shutdown()
            else:
                _stop(own)


def run_chunked(
    task: Callable[[int, int], list[_T]],
    games: int,
    executor: concurrent.futures.Executor | None,
    jobs: int | None,
    progress: bool | None,
    label: str,
    summarise: Callable[[list[_T]], _R],
) -> _R:
    """``summarise`` of ``task`` over games ``0 .. games - 1`` in chunks (see :func:`_run`),
    the games in order, with a progress bar on stderr (see ``_progress.progress_bar``).
    Ctrl-C raises :class:`SimulationInterrupted` with the summary of the chunks finished."""
    jobs = _jobs(executor, jobs)
    workers = jobs or 2
    chunks = _chunks(games, min(workers, games))
    results: list[list[_T] | None] = [None] * len(chunks)
    try:
        with progress_bar(games, label, progress) as bar:
            for index, part in _run(task, chunks, executor, jobs):
                results[index] = part
                if bar is not None:
                    bar.update(len(part))
    except KeyboardInterrupt:
        done = [game for chunk in results if chunk is not None for game in chunk]
        raise SimulationInterrupted(summarise(done) if done else None, len(done), games) from None
    return summarise([game for chunk in results if chunk is not None for game in chunk])


def check_run(rules: Rules, games: int, seed: int, jobs: int | None) -> None:
    """Check the arguments every simulation takes."""
    if not isinstance(rules, Rules):
        raise FiveCrownsError(f"rules must be a Rules, got {rules!r}")
    for label, value, low in (("games", games, 1), ("seed", seed, 0)):
        if type(value) is not int or value < low:
            raise FiveCrownsError(f"{label} must be an int of at least {low}, got {value!r}")
    if jobs is not None and (type(jobs) is not int or jobs < 1):
        raise FiveCrownsError(
            f"jobs must be None (all cores) or an int of at least 1, got {jobs!r}"
        )
