"""Single-suit run values for the suit DP (``_suitdp``).

One suit's naturals form a *pattern*: a count 0..2 for each rank position 0..10 (ranks
3..K), encoded as the base-3 number ``sum(count[q] * 3**q)``.  For a pattern p and a wild
budget u = 0..``U``, ``R(p)[u]`` is the least deadwood of those naturals when they may only
form runs of that suit (distinct ranks, at most 11 long, the missing ranks and the padding
to length 3 filled by wilds: a run holding n naturals over a span of s ranks takes
``max(3, s) - n`` wilds) using at most u wilds in all.  A run may hold a single natural
(2 wilds), which also stands for a book of one natural, and the two copies of one card
may form a book with one wild (a book of this suit alone: the solver need not treat the
rank as shared with other suits).

The whole table (3**11 patterns x (U + 1) values, one byte each) is computed by
``build_table`` (a depth-first walk over the pattern prefixes sharing the per-rank DP
states) and shipped compressed as ``_data/suit_runs.bin`` (``benchmarks/make_suit_table.py``
writes it).  ``table()`` loads it on first use; if the file is missing the table is
built in memory (slow: several seconds).
"""

from __future__ import annotations

import zlib
from functools import lru_cache
from importlib import resources

from . import _cache

__all__ = ["NPOS", "POW3", "UW", "U", "build_table", "runs_vector", "suit_runs", "table"]

#: Largest wild budget stored per pattern.
U = 10
UW = U + 1
NPOS = 11
POW3 = tuple(3**q for q in range(NPOS + 1))
#: Deadwood of a pattern never exceeds 2 * (3 + ... + 13) = 176: fits a byte.
_S = 177
_DATA = "suit_runs.bin"

# Open-run descriptors: 0 = span 1 (one natural), 1 = span 2 ending on a natural,
# 2 = ends on a wild (cannot close), 3 = span >= 3 ending on a natural.
# Closing costs the padding wilds: 2 / 1 / - / 0.
_NAT = (1, 3, 3, 3)
_CLOSE = (2, 1, -1, 0)


@lru_cache(maxsize=1 << 14)
def _opts(
    sst: tuple[int, ...], c: int, final: bool
) -> tuple[tuple[tuple[int, ...], int, int], ...]:
    """(new open runs, wilds, naturals left as deadwood) moves of one rank position."""
    out: set[tuple[tuple[int, ...], int, int]] = set()
    n = len(sst)

    def rec(i: int, avail: int, acc: tuple[int, ...], k: int) -> None:
        if i == n:
            if final:
                out.add(((), k, 0))
                return
            for j in range(avail + 1):
                out.add((tuple(sorted(acc + (0,) * j)), k, avail - j))
                if avail - j == 2:  # the two copies left: a book with one wild
                    out.add((tuple(sorted(acc + (0,) * j)), k + 1, 0))
            return
        s = sst[i]
        cc = _CLOSE[s]
        if cc >= 0:
            rec(i + 1, avail, acc, k + cc)
        if not final:
            if avail:
                rec(i + 1, avail - 1, (*acc, _NAT[s]), k)
            rec(i + 1, avail, (*acc, 2), k + 1)

    rec(0, c, (), 0)
    return tuple(sorted(out))


def _step(cur: dict[tuple[int, ...], int], q: int, c: int, full: int) -> dict[tuple[int, ...], int]:
    """Advance the DP over rank position q holding c naturals (bitset bit u * _S + d)."""
    new: dict[tuple[int, ...], int] = {}
    v = q + 3
    for sst, x in cur.items():
        for nst, k, nd in _opts(sst, c, False):
            y = (x << (k * _S + nd * v)) & full
            if y:
                new[nst] = new.get(nst, 0) | y
    return new


def _finish(cur: dict[tuple[int, ...], int], full: int, umax: int) -> list[int]:
    z = 0
    for sst, x in cur.items():
        for _, k, _ in _opts(sst, 0, True):
            z |= (x << (k * _S)) & full
    out = []
    acc = 0
    row = (1 << _S) - 1
    for u in range(umax + 1):
        acc |= (z >> (u * _S)) & row
        out.append((acc & -acc).bit_length() - 1)
    return out


def runs_vector(counts: list[int], umax: int = U) -> list[int]:
    """R(pattern)[0..umax] for one pattern given as counts per rank position (any counts)."""
    full = (1 << ((umax + 1) * _S)) - 1
    cur: dict[tuple[int, ...], int] = {(): 1}
    for q in range(NPOS):
        cur = _step(cur, q, counts[q], full)
    return _finish(cur, full, umax)


def build_table(umax: int = U) -> bytes:
    """R(p)[0..umax] for every pattern p < 3**11, as bytes (pattern-major)."""
    full = (1 << ((umax + 1) * _S)) - 1
    w = umax + 1
    out = bytearray(POW3[NPOS] * w)

    def walk(q: int, cur: dict[tuple[int, ...], int], p: int) -> None:
        if q == NPOS:
            vec = _finish(cur, full, umax)
            out[p * w : p * w + w] = bytes(vec)
            return
        for c in range(3):
            walk(q + 1, _step(cur, q, c, full), p + c * POW3[q])

    walk(0, {(): 1}, 0)
    _opts.cache_clear()
    return bytes(out)


_TABLE: list[bytes] = []


def table() -> bytes:
    """The shipped table (loaded once; built in memory if the data file is missing)."""
    if _TABLE:
        return _TABLE[0]
    try:
        raw = resources.files("fivecrowns").joinpath("_data").joinpath(_DATA).read_bytes()
        data = zlib.decompress(raw)
    except (OSError, zlib.error, ModuleNotFoundError):  # pragma: no cover - broken install
        data = build_table()
    if len(data) != POW3[NPOS] * UW:  # pragma: no cover - stale data file
        data = build_table()
    _TABLE.append(data)
    return data


SuitRuns = tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]
#: ``suit_runs`` by p * UW + u, bounded in bytes (``_cache``): emptied when full.
_SUIT_RUNS: dict[int, SuitRuns] = {}
_ACCOUNT = _cache.account("suits.suit_runs", 0.06, _SUIT_RUNS.clear, _SUIT_RUNS.__len__)
#: An entry's bytes but its first run's and items: the dict slot, its int key, the pair,
#: the tuples of runs and of deadwood, the first run (a new tuple; the others are shared).
_ENTRY_BYTES = _cache.DICT_SLOT + _cache.INT + _cache.tuple_bytes(2) + 3 * _cache.TUPLE


def suit_runs(p: int, u: int) -> SuitRuns:
    """Runs (rank positions) and deadwood positions of pattern p realising R(p)[u].

    A "run" of one position stands for a natural with 2 wilds, (a, a) for the two copies
    of a card with one wild: both are books."""
    if not p:
        return (), ()
    k = p * UW + u
    found = _SUIT_RUNS.get(k)
    if found is None:
        found = _suit_runs(p, u)
        runs, dead = found
        items = len(runs) + len(dead) + (len(runs[0]) if runs else 0)
        if _ACCOUNT.admit(_ENTRY_BYTES + _cache.ITEM * items):
            _SUIT_RUNS[k] = found
    return found


def _suit_runs(p: int, u: int) -> SuitRuns:
    tb = table()
    uw = UW
    target = tb[p * uw + u]
    a = 0
    while p // POW3[a] % 3 == 0:
        a += 1
    rest = p - POW3[a]
    if tb[rest * uw + u] + a + 3 == target:
        runs, dead = suit_runs(rest, u)
        return runs, (a, *dead)
    if u >= 2 and tb[rest * uw + u - 2] == target:
        runs, dead = suit_runs(rest, u - 2)
        return ((a,), *runs), dead
    if u >= 1 and rest // POW3[a] % 3 and tb[(rest - POW3[a]) * uw + u - 1] == target:
        runs, dead = suit_runs(rest - POW3[a], u - 1)  # both copies in a book + 1 wild
        return ((a, a), *runs), dead
    others = [q for q in range(a + 1, 11) if rest // POW3[q] % 3]
    no = len(others)
    for m in range((1 << no) - 1, 0, -1):
        sel = [others[j] for j in range(no) if m >> j & 1]
        k = max(3, sel[-1] - a + 1) - len(sel) - 1
        if k > u:
            continue
        r2 = rest - sum(POW3[q] for q in sel)
        if tb[r2 * uw + u - k] == target:
            runs, dead = suit_runs(r2, u - k)
            return ((a, *sel), *runs), dead
    raise AssertionError("suit run reconstruction failed")  # pragma: no cover
