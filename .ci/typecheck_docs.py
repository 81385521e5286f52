"""Type-check the docs' examples: every ```python block of the README and of docs/*.md,
with ``mypy --strict``, as a user who copies them into a typed project would.

Each page's blocks become one module, in order (a page's later blocks use the names its
earlier ones define); a doctest block contributes its source lines (``>>>`` and their ``...``
continuations, as doctest reads them), not its expected output. The modules are written to a
temporary directory (kept and named on failure, with the mypy report).

    python .ci/typecheck_docs.py          # from anywhere in the repository
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_BLOCK = re.compile(
    r"^(?P<indent>[ \t]*)```python[ \t]*\n(?P<body>.*?)^(?P=indent)```", re.M | re.S
)


#: ``strict``, with two allowances a page read as one module needs, and the untyped
#: third-party libraries the cookbook drives (OpenSpiel has no types; distributed's
#: constructors are untyped).
_CONFIG = """\
[mypy]
strict = True
incremental = False
# a page is a session: a later example may reuse a name for a value of another type
allow_redefinition_new = True
local_partial_types = True
untyped_calls_exclude = distributed

[mypy-pyspiel,pyspiel.*,open_spiel,open_spiel.*]
ignore_missing_imports = True
"""


def pages() -> list[Path]:
    """The README and the docs' pages, in a stable order."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def doctest_source(block: str) -> str:
    """The source a doctest block runs: each ``>>>`` line and the ``...`` lines right after
    it, prompts removed (the rest is expected output)."""
    lines: list[str] = []
    in_source = False
    for line in block.splitlines():
        if line.startswith(">>>"):
            lines.append(line[4:])
            in_source = True
        elif in_source and line.startswith("..."):
            lines.append(line[4:])
        else:
            in_source = False
    return "\n".join(lines) + "\n"


def module_of(text: str) -> str:
    """One page's python blocks as one module's source."""
    parts = []
    for match in _BLOCK.finditer(text):
        block = textwrap.dedent(match["body"])
        parts.append(doctest_source(block) if block.lstrip().startswith(">>>") else block)
    return "\n".join(parts)


def main() -> int:
    out = Path(tempfile.mkdtemp(prefix="fivecrowns-docs-examples-"))
    written = []
    for page in pages():
        source = module_of(page.read_text("utf-8"))
        if not source.strip():
            continue
        name = re.sub(r"\W", "_", page.relative_to(ROOT).with_suffix("").as_posix()) + ".py"
        (out / name).write_text(f"# from {page.relative_to(ROOT)}\n{source}", "utf-8")
        written.append(name)
    (out / "mypy.ini").write_text(_CONFIG, "utf-8")
    command = [sys.executable, "-m", "mypy", "--config-file", "mypy.ini", *written]
    run = subprocess.run(command, cwd=out, capture_output=True, text=True, check=False)
    print(run.stdout, end="")
    print(run.stderr, end="", file=sys.stderr)
    if run.returncode != 0:
        print(f"the docs' examples (one module per page) are in {out}", file=sys.stderr)
        return 1
    print(f"the python examples of {len(written)} pages type-check under mypy --strict")
    shutil.rmtree(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
