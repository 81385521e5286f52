"""Counting instructions with valgrind's callgrind, the way every benchmark here does it.

A timing on a shared machine moves by 10-50%; an instruction count of the same code moves by
well under 1%. The measured process runs under ``valgrind --tool=callgrind`` with collection
toggled on only inside one function (for Python, CPython's ``builtin_exec``: the measured
loop runs inside ``exec``), with ``PYTHONHASHSEED`` fixed, and the count is read from
valgrind's summary. Needs ``valgrind`` on the PATH and, for ``builtin_exec``, a CPython with
its symbols.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Mapping, Sequence

#: CPython's ``exec``: the function a Python child runs its measured loop inside.
PYTHON_EXEC = "builtin_exec"


def count(
    command: Sequence[str], *, collect: str = PYTHON_EXEC, env: Mapping[str, str] | None = None
) -> int | None:
    """The instructions ``command`` runs inside the function ``collect``, or None when
    valgrind reports no count (the function never ran or has no symbol)."""
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    cmd += [f"--toggle-collect={collect}", *command]
    full_env = {**os.environ, "PYTHONHASHSEED": "0", **(env or {})}
    out = subprocess.run(cmd, env=full_env, capture_output=True, text=True, check=True).stderr
    match = re.search(r"Collected : (\d+)", out)
    if match is None or int(match.group(1)) == 0:
        return None
    return int(match.group(1))


def python_instructions(script: str, *args: str) -> int:
    """The instructions a Python ``script`` run with ``args`` spends inside ``exec``; exits
    with a message when there is nothing to count (a CPython without symbols)."""
    found = count([sys.executable, script, *args])
    if found is None:
        raise SystemExit(
            f"valgrind counted nothing inside {PYTHON_EXEC}: is {sys.executable} stripped?"
        )
    return found
