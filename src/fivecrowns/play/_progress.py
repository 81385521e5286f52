"""Progress bars on stderr for long simulations: tqdm's (https://tqdm.github.io), from the
``progress`` extra (``pip install "fivecrowns[progress]"``). It fits the terminal, and in a
Jupyter notebook it is a widget. By default a bar is shown only where someone can watch it:
when stderr is a terminal, or in a notebook. Without tqdm no bar is drawn (asking for one
says how to get it)."""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import sys
import warnings
from collections.abc import Iterator
from typing import Any

__all__ = ["progress_bar"]


def _have_tqdm() -> bool:
    return importlib.util.find_spec("tqdm") is not None


def _watched() -> bool:
    """Is stderr a terminal, or is this a Jupyter kernel?"""
    isatty = getattr(sys.stderr, "isatty", None)
    try:
        if isatty and isatty():
            return True
    except ValueError:  # a closed stream
        return False
    get = getattr(sys.modules.get("IPython"), "get_ipython", None)
    shell = get() if get is not None else None
    return getattr(shell, "kernel", None) is not None


@contextlib.contextmanager
def progress_bar(total: int, unit: str, asked: bool | None) -> Iterator[Any]:
    """A tqdm bar for ``total`` items on stderr, or None: when ``asked`` is None, a bar if
    tqdm is installed and someone watches; when True, a bar (a warning naming the extra
    if tqdm is missing); when False, none."""
    if asked is None:
        asked = _have_tqdm() and _watched()
    elif asked and not _have_tqdm():
        warnings.warn(
            'progress=True draws its bar with tqdm: pip install "fivecrowns[progress]"',
            stacklevel=4,
        )
        asked = False
    if not asked:
        yield None
        return
    # (imported by name: tqdm is an optional extra, and has no type stubs)
    tqdm: Any = importlib.import_module("tqdm.auto").tqdm
    with tqdm(total=total, unit=unit.split()[-1], desc=unit, file=sys.stderr) as bar:
        yield bar
