"""A minimal progress bar on stderr, for long simulations run from a terminal.

>>> import io
>>> out = io.StringIO()
>>> with Progress(4, "games", stream=out, interval=0.0) as bar:
...     bar.update(4)
>>> "100%  4/4 games" in out.getvalue(), out.getvalue().endswith("\\n")
(True, True)
"""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import TextIO

__all__ = ["Progress", "on_terminal"]


def on_terminal(stream: TextIO | None = None) -> bool:
    """True if ``stream`` (default: stderr) is a terminal."""
    stream = sys.stderr if stream is None else stream
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:  # a closed stream
        return False


class Progress:
    """``[#####     ]  50%  1000/2000 games  41.3/s  ETA 0:24``, redrawn in place at most
    every ``interval`` seconds, finished with a newline."""

    def __init__(
        self, total: int, unit: str, *, stream: TextIO | None = None, interval: float = 0.2
    ) -> None:
        self.total = max(0, total)
        self.unit = unit
        self.stream = sys.stderr if stream is None else stream
        self.interval = interval
        self.done = 0
        self._start = time.perf_counter()
        self._drawn = -float("inf")

    def __enter__(self) -> Progress:
        self._draw(force=True)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._draw(force=True)
        self.stream.write("\n")
        self.stream.flush()

    def update(self, count: int = 1) -> None:
        """Count ``count`` more items done."""
        self.done += count
        self._draw(force=self.done >= self.total)

    def _draw(self, *, force: bool = False) -> None:
        now = time.perf_counter()
        if not force and now - self._drawn < self.interval:
            return
        self._drawn = now
        fraction = self.done / self.total if self.total else 1.0
        width = 24
        filled = int(width * fraction)
        elapsed = now - self._start
        rate = self.done / elapsed if elapsed > 0 else 0.0
        left = (self.total - self.done) / rate if rate > 0 else 0.0
        eta = f"ETA {int(left) // 60}:{int(left) % 60:02d}" if self.done < self.total else ""
        self.stream.write(
            f"\r[{'#' * filled}{' ' * (width - filled)}] {100 * fraction:3.0f}%  "
            f"{self.done}/{self.total} {self.unit}  {rate:.1f}/s  {eta}"
        )
        self.stream.flush()
