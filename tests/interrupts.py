"""For the tests that press Ctrl-C on a child process: the child starts with SIGINT at its
default, whatever the test run inherited. A shell starts its background jobs with SIGINT
ignored (``( pytest & )``, ``nohup ... &`` without job control), and a Python started with
SIGINT ignored keeps ignoring it: no KeyboardInterrupt, and the Ctrl-C tests would fail for
a reason that is not the code's."""

from __future__ import annotations

import signal


def sigint_as_usual() -> None:
    """``preexec_fn`` for ``subprocess.Popen``: SIGINT back to its default in the child."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
