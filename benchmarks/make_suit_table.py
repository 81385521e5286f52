"""Write ``src/fivecrowns/_data/suit_runs.bin``: the single-suit run table of ``_suits``.

Usage:  PYTHONPATH=src python3 benchmarks/make_suit_table.py [--check N]

Builds R(pattern)[0..U] for all 3**11 patterns (see ``fivecrowns._suits``), compresses it
with zlib and writes it.  ``--check N`` instead recomputes N random patterns with the
one-pattern DP (and a few hundred with an independent brute force) and compares them
with the shipped file.
"""

from __future__ import annotations

import random
import sys
import time
import zlib
from functools import cache
from pathlib import Path

from fivecrowns import _suits

OUT = Path(__file__).resolve().parent.parent / "src" / "fivecrowns" / "_data" / "suit_runs.bin"


@cache
def brute(cnt: tuple[int, ...], u: int) -> int:
    """Independent check: the lowest natural is deadwood, alone with 2 wilds, in a book
    with its other copy and a wild, or the lowest natural of a run over any subset of the
    higher naturals of the suit."""
    if not any(cnt):
        return 0
    a = next(i for i, x in enumerate(cnt) if x)
    rest = list(cnt)
    rest[a] -= 1
    best = a + 3 + brute(tuple(rest), u)
    if u >= 2:
        best = min(best, brute(tuple(rest), u - 2))
    if u >= 1 and rest[a]:
        pair = list(rest)
        pair[a] -= 1
        best = min(best, brute(tuple(pair), u - 1))
    others = [q for q in range(a + 1, 11) if rest[q]]
    for m in range(1, 1 << len(others)):
        sel = [others[j] for j in range(len(others)) if m >> j & 1]
        k = max(3, sel[-1] - a + 1) - len(sel) - 1
        if k <= u:
            c2 = list(rest)
            for q in sel:
                c2[q] -= 1
            best = min(best, brute(tuple(c2), u - k))
    return best


def check(n: int) -> None:
    data = _suits.table()
    rng = random.Random(7)
    w = _suits.UW
    for i in range(n):
        p = rng.randrange(_suits.POW3[_suits.NPOS])
        cnt = [p // _suits.POW3[q] % 3 for q in range(_suits.NPOS)]
        got = list(data[p * w : p * w + w])
        if got != _suits.runs_vector(cnt):
            sys.exit(f"MISMATCH pattern {cnt}: {got}")
        if i < 300 and got != [brute(tuple(cnt), u) for u in range(w)]:
            sys.exit(f"MISMATCH (brute) pattern {cnt}: {got}")
    print(f"OK: {n} patterns match")


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--check":
        check(int(sys.argv[2]))
        return
    t0 = time.time()
    data = _suits.build_table()
    comp = zlib.compress(data, 9)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_bytes(comp)
    print(f"wrote {OUT} ({len(data)} bytes, {len(comp)} compressed) in {time.time() - t0:.1f}s")


if __name__ == "__main__":
    main()
