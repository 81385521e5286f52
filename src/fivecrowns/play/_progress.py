"""Progress bars on stderr, for long simulations.

With the ``progress`` extra installed (``pip install "fivecrowns[progress]"``, which brings
`tqdm <https://tqdm.github.io>`_) the bar is tqdm's: it fits the terminal, and in a Jupyter
notebook it is a widget. Without it, a small bar of our own does the same on a terminal.
Either way the bar is shown, by default, only where someone can watch it: when stderr is a
terminal, or in a notebook when tqdm is installed.

>>> import io
>>> out = io.StringIO()
>>> with Progress(4, "games", stream=out, interval=0.0, columns=80) as bar:
...     bar.update(4)
>>> "100%  4/4 games" in out.getvalue(), out.getvalue().endswith("\\n")
(True, True)
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import shutil
import sys
import time
from collections.abc import Iterator
from types import TracebackType
from typing import Any, Protocol, TextIO

__all__ = ["Progress", "have_tqdm", "in_notebook", "make_progress", "on_terminal", "wanted"]


def on_terminal(stream: TextIO | None = None) -> bool:
    """True if ``stream`` (default: stderr) is a terminal."""
    stream = sys.stderr if stream is None else stream
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:  # a closed stream
        return False


def have_tqdm() -> bool:
    """True if tqdm can be imported."""
    return importlib.util.find_spec("tqdm") is not None


def in_notebook() -> bool:
    """True in a Jupyter kernel (IPython with a kernel attached)."""
    ipython = sys.modules.get("IPython")
    get = getattr(ipython, "get_ipython", None)
    shell = get() if get is not None else None
    return shell is not None and getattr(shell, "kernel", None) is not None


def wanted() -> bool:
    """Whether to show a bar when the caller did not say: on a terminal, or in a notebook
    when tqdm can draw it there."""
    return on_terminal() or (in_notebook() and have_tqdm())


class _Bar(Protocol):
    def update(self, count: int = 1) -> object: ...


@contextlib.contextmanager
def make_progress(total: int, unit: str) -> Iterator[_Bar]:
    """A progress bar for ``total`` items on stderr: tqdm's if installed, else
    :class:`Progress`."""
    if have_tqdm():
        # (imported by name: tqdm is an optional extra, and has no type stubs)
        tqdm: Any = importlib.import_module("tqdm.auto").tqdm
        with tqdm(total=total, unit=unit.split()[-1], desc=unit, file=sys.stderr) as bar:
            yield bar
        return
    with Progress(total, unit) as own:
        yield own


class Progress:
    """``[#####     ]  50%  1000/2000 games  41.3/s  ETA 0:24``, redrawn in place at most
    every ``interval`` seconds, finished with a newline. The line never grows wider than
    the terminal (``columns``, default: its width when drawn), so it never wraps, and each
    redraw blanks what the last one left (no stale ETA after 100%).

    >>> import io
    >>> out = io.StringIO()
    >>> with Progress(3, "games", stream=out, interval=0.0, columns=40) as bar:
    ...     bar.update(3)
    >>> max(len(part) for part in out.getvalue().strip().split("\\r")) < 40
    True
    """

    def __init__(
        self,
        total: int,
        unit: str,
        *,
        stream: TextIO | None = None,
        interval: float = 0.2,
        columns: int | None = None,
    ) -> None:
        self.total = max(0, total)
        self.unit = unit
        self.stream = sys.stderr if stream is None else stream
        self.interval = interval
        self.columns = columns
        self.done = 0
        self._start = time.perf_counter()
        self._drawn = -float("inf")
        self._shown = 0

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

    def _line(self, now: float, width: int) -> str:
        fraction = self.done / self.total if self.total else 1.0
        elapsed = now - self._start
        rate = self.done / elapsed if elapsed > 0 else 0.0
        text = f" {100 * fraction:3.0f}%  {self.done}/{self.total} {self.unit}  {rate:.1f}/s"
        if self.done < self.total and rate > 0:
            left = int((self.total - self.done) / rate)
            text += f"  ETA {left // 60}:{left % 60:02d}"
        bar = max(0, min(24, width - len(text) - 3))
        if bar >= 5:
            filled = int(bar * fraction)
            text = f"[{'#' * filled}{' ' * (bar - filled)}]{text}"
        return text[: max(1, width - 1)]

    def _draw(self, *, force: bool = False) -> None:
        now = time.perf_counter()
        if not force and now - self._drawn < self.interval:
            return
        self._drawn = now
        columns = self.columns or shutil.get_terminal_size().columns
        line = self._line(now, columns)
        # Blank whatever the previous, longer line left behind.
        pad = " " * max(0, self._shown - len(line))
        self.stream.write(f"\r{line}{pad}")
        self._shown = len(line)
        self.stream.flush()
