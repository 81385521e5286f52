"""Arrangements of the hand solver core: meld validity and reconstruction.

``_fast_arrange`` rebuilds an optimal arrangement from the fast path's item decomposition
(``_suitpath``); ``_arrange`` peels melds with exact sub-solves (``_solve``) otherwise.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import product
from typing import Any

from . import _suitpath
from ._core_config import (
    _CACHE_SIZE,
    _RI,
    JOKER,
    Arrangement,
    CoreConfig,
    Meld,
    _is_default,
    _is_wild,
    _points,
    _remove,
)
from ._solve import _min_cached
from ._suitpath import _P3, _UW, _fast, _mp, _Opt, _suit_table


def _comp_arg(
    opt_lists: list[list[_Opt]], slist: list[int], seg_p: list[int], u: int, target: int
) -> Any:
    """A book choice of the component reaching natural deadwood ``target`` with <= u wilds
    (the first in enumeration order)."""
    tb = _suit_table()
    uw = _UW
    for combo in product(*opt_lists):
        kw = 0
        dd = 0
        sp2 = {i2: seg_p[i2] for i2 in slist}
        for rem, k, d in combo:
            kw += k
            dd += d
            for i2, x in rem:
                sp2[i2] -= x
        if kw > u or dd > target:
            continue
        b = u - kw
        if dd + _mp([tb[x * uw : x * uw + b + 1] for x in sp2.values() if x], b) == target:
            return combo
    raise AssertionError("component choice reconstruction failed")  # pragma: no cover


@lru_cache(maxsize=_CACHE_SIZE)
def _suit_runs(p: int, u: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Runs (rank positions) and deadwood positions of pattern p realising R(p)[u]."""
    if not p:
        return (), ()
    tb = _suit_table()
    uw = _UW
    target = tb[p * uw + u]
    a = 0
    while p // _P3[a] % 3 == 0:
        a += 1
    rest = p - _P3[a]
    if tb[rest * uw + u] + a + 3 == target:
        runs, dead = _suit_runs(rest, u)
        return runs, (a, *dead)
    if u >= 2 and tb[rest * uw + u - 2] == target:
        runs, dead = _suit_runs(rest, u - 2)
        return ((a,), *runs), dead
    others = [q for q in range(a + 1, 11) if rest // _P3[q] % 3]
    no = len(others)
    for m in range((1 << no) - 1, 0, -1):
        sel = [others[j] for j in range(no) if m >> j & 1]
        k = max(3, sel[-1] - a + 1) - len(sel) - 1
        if k > u:
            continue
        r2 = rest - sum(_P3[q] for q in sel)
        if tb[r2 * uw + u - k] == target:
            runs, dead = _suit_runs(r2, u - k)
            return ((a, *sel), *runs), dead
    raise AssertionError("suit run reconstruction failed")  # pragma: no cover


def _alloc(vecs: list[Sequence[int]], b: int) -> list[int]:
    """A split u_i (sum <= b) reaching ``_mp(vecs, b)``."""
    f = [0] * (b + 1)
    choices = []
    zero = [0] * (b + 1)
    for v in vecs:
        if v[0] == v[b]:
            # constant vector: f is non-increasing, so i = 0 is the first best split
            f = [y + v[0] for y in f]
            choices.append(zero)
            continue
        g = []
        ch = []
        for x in range(b + 1):
            bi = 0
            bv = f[x] + v[0]
            for i in range(1, x + 1):
                t = f[x - i] + v[i]
                if t < bv:
                    bv = t
                    bi = i
            g.append(bv)
            ch.append(bi)
        f = g
        choices.append(ch)
    us = [0] * len(vecs)
    x = b
    for j in range(len(vecs) - 1, -1, -1):
        us[j] = choices[j][x]
        x -= us[j]
    return us


def _run_min_wilds(nats: list[int]) -> int:
    """Wilds a run of these natural rank positions (ascending, distinct) needs at least."""
    return max(3, nats[-1] - nats[0] + 1) - len(nats)


def _fast_arrange(key: tuple[int, ...], wild_rank: int, cfg: CoreConfig) -> Arrangement | None:
    """An optimal arrangement from the fast path (None when it does not apply)."""
    wi = wild_rank - 3
    r = _fast(key, wild_rank, cfg, True)
    if r is None:
        return None
    best, w, plain, plain_info, ranks, seg_s, seg_p, free = r
    wild_codes = [c for c in key if c == JOKER or _RI[c] == wi]
    nats = [c for c in key if not (c == JOKER or _RI[c] == wi)]
    nat_sum = sum(_RI[c] + 3 for c in nats)
    if best >= nat_sum:
        # no meld holding a natural fits: the wilds meld alone or are deadwood (``_final``)
        if cfg.all_wild_melds and w >= 3:
            return (("book", tuple(wild_codes)),), tuple(nats), nat_sum
        return (), key, nat_sum + sum(_points(c, wild_rank, cfg) for c in wild_codes)
    books: list[list[int]] = [[s * 11 + q for s in isos] for q, isos in free]
    runs: list[tuple[list[int], int]] = []
    dead: list[int] = []
    tb = _suit_table()

    def seg_runs(s: int, sub: int, u: int) -> None:
        srun, sdead = _suit_runs(sub, u)
        for sr in srun:
            runs.append(([s * 11 + x for x in sr], _run_min_wilds(list(sr))))
        dead.extend(s * 11 + x for x in sdead)

    us = _alloc(plain, w)
    for j, ((kind, a, data), u) in enumerate(zip(plain_info, us, strict=True)):
        if kind == 0:
            seg_runs(a, data, u)
        elif kind == 1:
            cds = [s * 11 + a for s in data]
            if u >= 1:
                books.append(cds)
            else:
                dead.extend(cds)
        else:
            rlist, slist = data
            combo = _comp_arg([ranks[ri][1] for ri in rlist], slist, seg_p, u, plain[j][u])
            sp2 = {i2: seg_p[i2] for i2 in slist}
            kw = 0
            for ri, (rem, k, d) in zip(rlist, combo, strict=True):
                q = ranks[ri][0]
                bk = [s * 11 + q for s in ranks[ri][2]]
                for i2, x in rem:
                    sp2[i2] -= x
                    bk.extend([seg_s[i2] * 11 + q] * (x // _P3[q]))
                kw += k
                if d:
                    dead.extend(bk)
                elif k == 2 and len(bk) == 1:
                    runs.append((bk, 2))
                elif bk:
                    books.append(bk)
            b = u - kw
            segs = [(i2, x) for i2, x in sp2.items() if x]
            su2 = _alloc([tb[x * _UW : x * _UW + b + 1] for _, x in segs], b)
            for (i2, x), u2 in zip(segs, su2, strict=True):
                seg_runs(seg_s[i2], x, u2)
    # wilds: each meld's minimum, spare wilds to a book, else to runs with room, else make
    # a book by splitting a run (only when every meld is a full 11-card run)
    need = sum(max(0, 3 - len(bk)) for bk in books) + sum(k for _, k in runs)
    spare = w - need
    if spare < 0:  # pragma: no cover - would mean the fast path is inconsistent
        raise AssertionError("fast arrangement needs more wilds than held")
    if spare and not books and spare > sum(11 - len(rn) - k for rn, k in runs):
        sp = _split_for_spare(runs, w)
        if sp is None:  # pragma: no cover - not expected
            return None
        books, runs = sp
        spare = w - sum(max(0, 3 - len(bk)) for bk in books) - sum(k for _, k in runs)
    run_k = [k for _, k in runs]
    if spare and not books:
        for i, (rn, _) in enumerate(runs):
            t = min(11 - len(rn) - run_k[i], spare)
            run_k[i] += t
            spare -= t
    melds: list[Meld] = []
    wl = list(wild_codes)
    for i, bk in enumerate(books):
        k = max(0, 3 - len(bk)) + (spare if i == 0 else 0)
        bcards = (*bk, *wl[:k])
        del wl[:k]
        melds.append(("book", tuple(sorted(bcards))))
    for (rn, _), k in zip(runs, run_k, strict=True):
        cards = (*rn, *wl[:k])
        del wl[:k]
        kind = meld_kind(cards, wild_rank, cfg)
        if kind is None:  # pragma: no cover - would mean the fast path is inconsistent
            raise AssertionError("fast arrangement built an invalid run")
        melds.append((kind, tuple(sorted(cards))))
    if wl:  # pragma: no cover - every wild is placed above
        raise AssertionError("fast arrangement left a wild over")
    return tuple(melds), tuple(sorted(dead)), best


def _split_for_spare(
    runs: list[tuple[list[int], int]], w: int
) -> tuple[list[list[int]], list[tuple[list[int], int]]] | None:
    """Make a book from one natural of a run (the rest of it stays a run) so that the melds
    hold all w wilds: needed when every meld is a run and they are all full."""
    total = sum(k for _, k in runs)
    for i, (rn, k) in enumerate(runs):
        pos = sorted(c % 11 for c in rn)
        base = rn[0] - rn[0] % 11
        others = [x for j, x in enumerate(runs) if j != i]
        if len(pos) == 1:
            return [list(rn)], others
        for single, rest in ((pos[0], pos[1:]), (pos[-1], pos[:-1])):
            kr = max(3, rest[-1] - rest[0] + 1) - len(rest) if len(rest) > 1 else 2
            if total - k + 2 + kr <= w:
                if len(rest) == 1:
                    return [[base + single], [base + rest[0]]], others
                return [[base + single]], [*others, ([base + x for x in rest], kr)]
    return None


def meld_kind(cards: Sequence[int], wild_rank: int, cfg: CoreConfig) -> str | None:
    """ "book" or "run" if ``cards`` is one valid meld under ``cfg`` (book preferred)."""
    n = len(cards)
    if n < 3:
        return None
    nats = [c for c in cards if not _is_wild(c, wild_rank)]
    m = len(nats)
    k = n - m
    if cfg.max_wilds_per_meld is not None and k > cfg.max_wilds_per_meld:
        return None
    if cfg.wilds_at_most_naturals and k > m:
        return None
    if m == 0 and not cfg.all_wild_melds:
        return None
    if len({c % 11 for c in nats}) <= 1:
        suits = [c // 11 for c in nats]
        if not cfg.distinct_suit_books or (len(set(suits)) == m and n <= 5):
            return "book"
    if len({c // 11 for c in nats}) <= 1:
        ranks = [c % 11 for c in nats]
        if len(set(ranks)) == m and n <= 11:
            span = max(ranks) - min(ranks) + 1 if ranks else 0
            if span <= n:
                return "run"
    return None


def _melds_with(
    c: int, hand: tuple[int, ...], wild_rank: int, cfg: CoreConfig
) -> Iterator[tuple[int, ...]]:
    """Every valid meld (as naturals + most expensive wilds) of ``hand`` containing ``c``."""
    wilds = sorted(
        (x for x in hand if _is_wild(x, wild_rank)),
        key=lambda x: (_points(x, wild_rank, cfg), x),
        reverse=True,
    )
    nw = len(wilds)
    cnt: dict[int, int] = {}
    for x in hand:
        if not _is_wild(x, wild_rank):
            cnt[x] = cnt.get(x, 0) + 1
    ri, si = c % 11, c // 11
    # books
    same = [ri + 11 * s for s in range(5)]
    ranges = []
    for code in same:
        have = cnt.get(code, 0) - (1 if code == c else 0)
        ranges.append(range(have, -1, -1))
    for sub in product(*ranges):
        nats = [c]
        for code, j in zip(same, sub, strict=True):
            nats.extend([code] * j)
        for k in range(nw, -1, -1):
            meld = (*nats, *wilds[:k])
            if meld_kind(meld, wild_rank, cfg) is not None:
                yield meld
    # runs
    base = 11 * si
    present = [p != ri and cnt.get(base + p, 0) > 0 for p in range(11)]
    for length in range(11, 2, -1):
        if length - 1 - sum(present) > nw:
            continue  # not enough naturals of the suit in any window this long
        for a in range(max(0, ri - length + 1), min(ri, 11 - length) + 1):
            others = [base + p for p in range(a, a + length) if present[p]]
            no = len(others)
            if length - 1 - no > nw:
                continue
            for mask in range((1 << no) - 1, -1, -1):
                k = length - 1 - mask.bit_count()
                if k > nw:
                    continue
                nats = [c] + [others[j] for j in range(no) if mask >> j & 1]
                meld = (*nats, *wilds[:k])
                if meld_kind(meld, wild_rank, cfg) is not None:
                    yield meld


def _arrange(hand: tuple[int, ...], wild_rank: int, cfg: CoreConfig) -> Arrangement:
    if _suitpath._FAST_ON and _is_default(cfg):
        fa = _fast_arrange(hand, wild_rank, cfg)
        if fa is not None:
            return fa
    target = _min_cached(hand, wild_rank, cfg)
    melds: list[Meld] = []
    dead: list[int] = []
    cur = hand
    val = target
    while cur:
        pts = sum(_points(x, wild_rank, cfg) for x in cur)
        if val == pts:
            dead.extend(cur)
            break
        nats = [x for x in cur if not _is_wild(x, wild_rank)]
        found = False
        if nats:
            c = max(nats, key=lambda x: (x % 11, x))
            rest = _remove(cur, (c,))
            v = c % 11 + 3
            if _min_cached(rest, wild_rank, cfg) + v == val:
                dead.append(c)
                cur = rest
                val -= v
                continue
            for meld in _melds_with(c, cur, wild_rank, cfg):
                rest = _remove(cur, meld)
                if _min_cached(rest, wild_rank, cfg) == val:
                    kind = meld_kind(meld, wild_rank, cfg)
                    assert kind is not None
                    melds.append((kind, tuple(sorted(meld))))
                    cur = rest
                    found = True
                    break
        else:
            wl = sorted(cur, key=lambda x: (_points(x, wild_rank, cfg), x), reverse=True)
            for t in range(len(wl), 2, -1):
                meld = tuple(wl[:t])
                kind = meld_kind(meld, wild_rank, cfg)
                if kind is None:
                    continue
                rest = _remove(cur, meld)
                if _min_cached(rest, wild_rank, cfg) == val:
                    melds.append((kind, tuple(sorted(meld))))
                    cur = rest
                    found = True
                    break
        if not found:  # pragma: no cover - would mean the solver is inconsistent
            raise AssertionError("arrangement reconstruction failed")
    return tuple(melds), tuple(sorted(dead)), target


@lru_cache(maxsize=_CACHE_SIZE)
def _arrange_cached(key: tuple[int, ...], wild_rank: int, cfg: CoreConfig) -> Arrangement:
    return _arrange(key, wild_rank, cfg)


def cache_clear(keep_tables: bool = False) -> None:
    """Clear the arrangement cache and (unless ``keep_tables``) the suit-run
    reconstructions."""
    _arrange_cached.cache_clear()
    if not keep_tables:
        _suit_runs.cache_clear()
