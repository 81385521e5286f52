"""Work that would block the event loop, run in worker threads: a bounded number at once,
a bounded number waiting (past it, 503), and one game's requests one at a time.

An expert bot thinks for tens of milliseconds per decision and an annotation of a whole
game takes seconds; in a worker thread they no longer hold up every other game's requests.

>>> import anyio
>>> workers = Workers("bots", at_once=2, waiting=2)
>>> anyio.run(workers.run, sum, [1, 2, 3])
6
"""

from __future__ import annotations

import weakref
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any, TypeVar

import anyio
import anyio.to_thread

from ._errors import RefusedError

__all__ = ["GameLocks", "Workers"]

_T = TypeVar("_T")


class Workers:
    """Worker threads for one kind of work (``name``): ``at_once`` run at a time, and up to
    ``waiting`` more wait for a thread; a call beyond those is refused (503)."""

    def __init__(self, name: str, at_once: int, waiting: int) -> None:
        self.name = name
        self.at_once = at_once
        self.most = at_once + waiting
        self._limiter: anyio.CapacityLimiter | None = None
        self._calls = 0

    async def run(self, work: Callable[..., _T], *args: Any) -> _T:
        """``work(*args)`` in a worker thread, once one is free."""
        if self._calls >= self.most:
            raise RefusedError(
                503, f"the server is busy: {self.most} {self.name} tasks at once, its most; "
                "try again in a moment"
            )  # fmt: skip
        if self._limiter is None:
            self._limiter = anyio.CapacityLimiter(self.at_once)
        self._calls += 1
        try:
            return await anyio.to_thread.run_sync(work, *args, limiter=self._limiter)
        finally:
            self._calls -= 1


class GameLocks:
    """One lock per game, so that two requests on one game never interleave (a lock lives
    while some request holds or awaits it)."""

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[str, anyio.Lock] = weakref.WeakValueDictionary()

    @asynccontextmanager
    async def hold(self, game_id: str) -> AsyncIterator[None]:
        """Hold the game's lock (waiting for it if another request holds it)."""
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = anyio.Lock()
        async with lock:
            yield
