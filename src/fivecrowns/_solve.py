"""Plain solves and all-discard solves of the hand solver core, with their result caches.

Dispatches between the default-rules fast path (``_suitdp``) and the sweep (``_sweep``).
"""

from __future__ import annotations

from . import _suitdp
from ._core_config import (
    _CNT_BIT,
    _INF,
    _OCC_BIT,
    _RI,
    JOKER,
    CoreConfig,
    _hand_cache,
    _lowbit_pos,
    _points,
)
from ._sweep import _comp_rows, _components, _conv, _final, _parse, _sweep_default, _tables


def _solve_default(key: tuple[int, ...], wild_rank: int, cfg: CoreConfig) -> int:
    """Default rules, when the suit DP (``_suitdp``) does not apply: one sweep over the
    whole hand, answer from the wild-count fold."""
    wi = wild_rank - 3
    cnts = [0] * 11
    occ = 0
    total = 0
    w = 0
    wsum = 0
    ri_of = _RI
    for c in key:
        if c == JOKER:
            w += 1
            wsum += cfg.joker_points
            continue
        ri = ri_of[c]
        if ri == wi:
            w += 1
            wsum += cfg.wild_points
        else:
            cnts[ri] += _CNT_BIT[c]
            occ |= _OCC_BIT[c]
            total += ri + 3
    dead = 0
    live_total = total
    if w <= 1 and total:
        # Naturals in no meld at all are deadwood in every arrangement (see _live_flags):
        # with w <= 1 a book needs >= 3 - w naturals of its rank, a run >= 3 - w naturals
        # of its suit within a window of 3 ranks.
        book = 0
        need = 3 - w
        for ri in range(11):
            x = cnts[ri]
            if x and (x & 7) + (x >> 3 & 7) + (x >> 6 & 7) + (x >> 9 & 7) + (x >> 12) >= need:
                book |= 1 << ri
        sm = [0] * 5
        for ri in range(11):
            x = cnts[ri]
            while x:
                low = x & -x
                sm[(low.bit_length() - 1) // 3] |= 1 << ri
                x &= ~(7 << (3 * ((low.bit_length() - 1) // 3)))
        live = [book] * 5
        for si in range(5):
            m = sm[si]
            if not m:
                continue
            if w:
                live[si] |= m & ((m >> 1) | (m >> 2) | (m << 1) | (m << 2))
            else:
                t = m & (m >> 1) & (m >> 2)
                live[si] |= m & (t | (t << 1) | (t << 2))
        ncnts = [0] * 11
        nocc = 0
        live_total = 0
        for c in key:
            if c == JOKER:
                continue
            ri = ri_of[c]
            if ri == wi:
                continue
            if live[c // 11] >> ri & 1:
                ncnts[ri] += _CNT_BIT[c]
                nocc |= _OCC_BIT[c]
                live_total += ri + 3
            else:
                dead += ri + 3
        cnts = ncnts
        occ = nocc
    if live_total == 0:
        d = dead
    else:
        s_width = live_total + 1
        z = _sweep_default(_tables(cfg), cnts, w, s_width, occ)
        f = z
        for u in range(1, w + 1):
            f |= z >> (u * s_width)
        f &= (1 << s_width) - 1
        d = dead + (_lowbit_pos(f) if f else live_total)
    if d < total:
        return d
    if cfg.all_wild_melds and w >= 3:
        return total
    return total + wsum


def _solve(key: tuple[int, ...], wild_rank: int, cfg: CoreConfig) -> int:
    if cfg._suit_dp and _suitdp.ON:  # (``_suitdp.applies``, inlined: the hot path)
        r = _suitdp._solve(key, wild_rank, cfg, None)
        if r >= 0:
            return r
    tb = _tables(cfg)
    if tb.default:
        return _solve_default(key, wild_rank, cfg)
    codes, counts, wild_pts = _parse(key, wild_rank, cfg)
    w = len(wild_pts)
    nat_sum = 0
    for c, n in zip(codes, counts, strict=True):
        nat_sum += (c % 11 + 3) * n
    f: list[int] | None = None
    for idxs in _components(codes, w):
        g = _comp_rows(tb, codes, counts, idxs, w, False)[0]
        f = g if f is None else _conv(f, g, w)
    if f is None:
        f = [0] + [_INF] * w
    return _final(f, nat_sum, wild_pts, cfg, False)


_min_cached = _hand_cache(_solve)


def _discards(key: tuple[int, ...], wild_rank: int, cfg: CoreConfig) -> dict[int, int]:
    if not key:
        return {}
    if _suitdp.applies(cfg):
        run = _suitdp.solve_run(key, wild_rank, cfg)
        if run is not None:
            # a deadwood card's discard is exact from one arrangement; every other re-runs
            # part of the recorded solve (``_suitdp.drop_value``)
            vals = {
                c: run.value - _points(c, wild_rank, cfg)
                for c in _suitdp.dead_of(run, key, wild_rank, cfg)
            }
            for c in set(key):
                if c not in vals:
                    vals[c] = _suitdp.drop_value(run, key, wild_rank, cfg, c)
            return vals
    codes, counts, wild_pts = _parse(key, wild_rank, cfg)
    tb = _tables(cfg)
    w = len(wild_pts)
    default = tb.default
    ident = [0] * (w + 1) if default else [0] + [_INF] * w
    nat_sum = 0
    for c, n in zip(codes, counts, strict=True):
        nat_sum += (c % 11 + 3) * n
    comps = _components(codes, w)
    rows = [_comp_rows(tb, codes, counts, idxs, w, True) for idxs in comps]
    m = len(comps)
    pre = [ident]
    for j in range(m):
        pre.append(_conv(pre[-1], rows[j][0], w))
    suf = [ident] * (m + 1)
    for j in range(m - 1, -1, -1):
        suf[j] = _conv(suf[j + 1], rows[j][0], w)
    out: dict[int, int] = {}
    for j, idxs in enumerate(comps):
        others = _conv(pre[j], suf[j + 1], w)
        for t, i in enumerate(idxs):
            c = codes[i]
            f = _conv(others, rows[j][t + 1], w)
            out[c] = _final(f, nat_sum - (c % 11 + 3), wild_pts, cfg, default)
    if w:
        full_f = pre[m]
        seen: dict[int, int] = {}
        for c in set(key):
            if c == JOKER or c % 11 + 3 == wild_rank:
                p = _points(c, wild_rank, cfg)
                if p not in seen:
                    wp = list(wild_pts)
                    wp.remove(p)
                    seen[p] = _final(full_f, nat_sum, wp, cfg, default)
                out[c] = seen[p]
    return out


def _sorted_discards(
    key: tuple[int, ...], wild_rank: int, cfg: CoreConfig
) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(_discards(key, wild_rank, cfg).items()))


_discards_cached = _hand_cache(_sorted_discards)


def cache_clear(keep_tables: bool = False) -> None:
    """Clear the hand-level result caches of this module."""
    del keep_tables  # results only: always cleared
    _min_cached.cache_clear()
    _discards_cached.cache_clear()
