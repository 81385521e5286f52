"""The rank sweep of the hand solver core and its transition tables.

Default-rules and general-rules per-suit options, the combined (five-suit) transition
tables per rule mode (``_Tables``), the sweeps (``_sweep``, ``_sweep_default``) and the
general path's component split, per-component rows, min-plus convolution and final
scoring.  See the algorithm notes in ``_solver_core``.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import product

from ._core_config import _CACHE_SIZE, _INF, JOKER, CoreConfig, _is_default, _lowbit_pos

#: Most transitions one rule mode's tables may hold before they are rebuilt from empty.
_TABLE_LIMIT = 1 << 18


# --------------------------------------------------------------------------------------
# Per-suit run transitions, DEFAULT rules.
# Open-run descriptors: span so far capped at 3, and whether the last position was a wild.
#   0 = span 1 (natural)      1 = span 2, last natural     2 = span 2, last wild
#   3 = span>=3, last natural  4 = span>=3, last wild
# A run starts on a natural and is closed only right after a natural (trailing wilds are
# the padding below); closing costs max(0, 3 - span) padding wilds.  A run holding a single
# natural is never needed (a book of that rank does at least as well), so code 0 does not
# close.  Continuing with a wild (a gap) costs one wild.
# Codes 2 and 4 behave identically from here on (neither may close; a natural makes
# span >= 3, a wild keeps "last wild"), so both are represented by 2.
_D_NAT = (1, 3, 3, 3, 3)
_D_WILD = (2, 2, 2, 2, 2)
_D_CLOSE = (-1, 1, -1, 0, -1)
# Descriptor dominance (every future of the lower one is available to the higher one at no
# greater cost): 3 >= 1 >= 2 >= 0, and an open 3 dominates "no run" (it closes for free).
_D_ORDER = (0, 2, 1, 3, 1)


def _suit_dominates(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    """Default rules: the open runs ``a`` of one suit dominate the open runs ``b``."""
    if len(a) < len(b):
        return False
    order = _D_ORDER
    av = sorted(order[x] for x in a if x != 3)  # type: ignore[call-overload]
    bv = sorted(order[x] for x in b)  # type: ignore[call-overload]
    if len(av) > len(bv):
        return False
    return all(x >= y for x, y in zip(av, bv, strict=False))


def _state_dominates(a: tuple[tuple[object, ...], ...], b: tuple[tuple[object, ...], ...]) -> bool:
    return all(x == y or _suit_dominates(x, y) for x, y in zip(a, b, strict=True))


SuitOpt = tuple[tuple[object, ...], int, int]  # (new suit state, wilds, naturals to pool)


@lru_cache(maxsize=_CACHE_SIZE)
def _suit_opts_default(
    sst: tuple[int, ...], c: int, final: bool, start: bool, bridge: bool
) -> tuple[SuitOpt, ...]:
    """Options of one suit at one rank.  ``start``: a later natural of the suit is close
    enough for a run started here to be completed; ``bridge``: a later natural is close
    enough for a wild gap here to be useful (both computed from the hand; disabling an
    option that can never lead to a closed run within the wilds held is exact)."""
    out: set[SuitOpt] = set()
    n = len(sst)

    def rec(i: int, avail: int, acc: tuple[int, ...], k: int) -> None:
        if i == n:
            if final:
                out.add(((), k, 0))
                return
            for j in range(avail + 1 if start else 1):
                out.add((tuple(sorted(acc + (0,) * j)), k, avail - j))
            return
        s = sst[i]
        cc = _D_CLOSE[s]
        if cc >= 0:
            rec(i + 1, avail, acc, k + cc)
        if not final:
            if avail:
                rec(i + 1, avail - 1, (*acc, _D_NAT[s]), k)
            if bridge:
                rec(i + 1, avail, (*acc, _D_WILD[s]), k + 1)

    rec(0, c, (), 0)
    return tuple(sorted(out, key=repr))


# --------------------------------------------------------------------------------------
# Per-suit run transitions, GENERAL rules.  Descriptor (span, naturals, wilds, last_wild)
# with the exact span (for the 11-card limit on padding); naturals tracked only for the
# "wilds <= naturals" rule and wilds only when some per-meld wild limit exists.  On closing
# a run (only right after a natural) any number e of extra wilds may extend its ends:
# 3 <= span + e <= 11, subject to the per-meld wild limits.


@lru_cache(maxsize=_CACHE_SIZE)
def _suit_opts_general(
    sst: tuple[tuple[int, int, int, bool], ...],
    c: int,
    final: bool,
    bridge: bool,
    kmax: int | None,
    natrule: bool,
) -> tuple[SuitOpt, ...]:
    out: set[SuitOpt] = set()
    n = len(sst)
    track_k = kmax is not None or natrule

    def rec(i: int, avail: int, acc: tuple[tuple[int, int, int, bool], ...], k: int) -> None:
        if i == n:
            if final:
                out.add(((), k, 0))
                return
            for j in range(avail + 1):
                new = acc + ((1, 1 if natrule else 0, 0, False),) * j
                out.add((tuple(sorted(new)), k, avail - j))
            return
        span, nn, kk, lastw = sst[i]
        if not lastw:
            for e in range(max(0, 3 - span), 12 - span):
                tot = kk + e
                if kmax is not None and tot > kmax:
                    break
                if natrule and tot > nn:
                    break
                rec(i + 1, avail, acc, k + e)
        if not final and span < 11:
            if avail:
                d = (span + 1, nn + 1 if natrule else 0, kk, False)
                rec(i + 1, avail - 1, (*acc, d), k)
            if bridge and (kmax is None or kk + 1 <= kmax):
                d = (span + 1, nn, kk + 1 if track_k else 0, True)
                rec(i + 1, avail, (*acc, d), k + 1)

    rec(0, c, (), 0)
    return tuple(sorted(out, key=repr))


@lru_cache(maxsize=_CACHE_SIZE)
def _book_opts_general(
    pool: tuple[int, ...], kmax: int | None, natrule: bool, distinct: bool
) -> tuple[tuple[int, int], ...]:
    """(wilds used, naturals left as deadwood) options for the pool of one rank.

    ``pool`` = sorted per-suit counts of the naturals of that rank not used by runs.  The
    pool is partitioned into any number of books (each >= 1 natural, wild counts within the
    per-meld limits, distinct suits / <= 5 cards if required) and deadwood.
    """
    best: dict[int, int] = {}

    @cache
    def rec(p: tuple[int, ...]) -> frozenset[tuple[int, int]]:
        if not any(p):
            return frozenset({(0, 0)})
        first = next(i for i, x in enumerate(p) if x)
        # one card of suit `first` is deadwood ...
        less = list(p)
        less[first] -= 1
        res: set[tuple[int, int]] = {(u, d + 1) for u, d in rec(tuple(sorted(less)))}
        # ... or it is in a book (together with any sub-multiset of the rest)
        ranges = []
        for i, x in enumerate(p):
            lo = 1 if i == first else 0
            hi = min(x, 1) if distinct else x
            ranges.append(range(lo, hi + 1))
        for sub in product(*ranges):
            m = sum(sub)
            rest = tuple(sorted(a - b for a, b in zip(p, sub, strict=True)))
            kmin = max(0, 3 - m)
            khi = 64
            if kmax is not None:
                khi = min(khi, kmax)
            if natrule:
                khi = min(khi, m)
            if distinct:
                khi = min(khi, 5 - m)
            if kmin > khi:
                continue
            sub_res = rec(rest)
            for kb in range(kmin, khi + 1):
                for u, d in sub_res:
                    res.add((u + kb, d))
        return frozenset(res)

    for u, d in rec(pool):
        if u not in best or d < best[u]:
            best[u] = d
    return tuple(sorted(best.items()))


# --------------------------------------------------------------------------------------
# Combined (all five suits) transition tables, cached per mode.


class _Tables:
    """State registry + cached rank transitions for one rule mode."""

    __slots__ = (
        "default",
        "distinct",
        "final",
        "ids",
        "kmax",
        "natrule",
        "states",
        "trans",
        "trans_d",
    )

    def __init__(self, default: bool, kmax: int | None, natrule: bool, distinct: bool) -> None:
        self.default = default
        self.kmax = kmax
        self.natrule = natrule
        self.distinct = distinct
        empty: tuple[tuple[object, ...], ...] = ((),) * 5
        self.ids: dict[tuple[tuple[object, ...], ...], int] = {empty: 0}
        self.states: list[tuple[tuple[object, ...], ...]] = [empty]
        # key (state_id << 16 | packed counts) -> ((new_id, wilds, pool deadwood count), ...)
        self.trans: dict[int, tuple[tuple[int, int, int], ...]] = {}
        # state_id -> sorted distinct wild counts needed to close every open run
        self.final: dict[int, tuple[int, ...]] = {}
        # default rules, plain sweep: key (((sid << 4) | rank index) << 25 | look << 15 | cnt)
        # -> ((new_id, wilds, deadwood points), ...) sorted by wilds
        self.trans_d: dict[int, tuple[tuple[int, int, int], ...]] = {}

    def compute_d(self, sid: int, ri: int, cnt: int, look: int) -> tuple[tuple[int, int, int], ...]:
        tr = self.trans.get((sid << 25) | (look << 15) | cnt)
        if tr is None:
            tr = self.compute(sid, cnt, look)
        dv = ri + 3
        res = tuple((nid, k, nd * dv) for nid, k, nd in tr)
        self.trans_d[(((sid << 4) | ri) << 25) | (look << 15) | cnt] = res
        return res

    def _intern(self, st: tuple[tuple[object, ...], ...]) -> int:
        i = self.ids.get(st)
        if i is None:
            i = len(self.states)
            self.ids[st] = i
            self.states.append(st)
        return i

    def _suit(
        self, sst: tuple[object, ...], c: int, final: bool, start: bool, bridge: bool
    ) -> tuple[SuitOpt, ...]:
        if self.default:
            return _suit_opts_default(sst, c, final, start, bridge)
        return _suit_opts_general(
            sst,
            c,
            final,
            bridge,
            self.kmax,
            self.natrule,
        )

    def compute(self, sid: int, cnt: int, look: int) -> tuple[tuple[int, int, int], ...]:
        st = self.states[sid]
        per_suit = [
            self._suit(
                st[s], (cnt >> (3 * s)) & 7, False, bool(look >> s & 1), bool(look >> (s + 5) & 1)
            )
            for s in range(5)
        ]
        entries: set[tuple[int, int, int]] = set()
        for combo in product(*per_suit):
            new = tuple(o[0] for o in combo)
            k = sum(o[1] for o in combo)
            pools = [o[2] for o in combo]
            total = sum(pools)
            nid = self._intern(new)
            if self.default:
                if total == 0 or total >= 3:
                    entries.add((nid, k, 0))
                else:
                    entries.add((nid, k + 3 - total, 0))
                    entries.add((nid, k, total))
            else:
                for kb, nd in _book_opts_general(
                    tuple(sorted(pools)), self.kmax, self.natrule, self.distinct
                ):
                    entries.add((nid, k + kb, nd))
        if self.default:
            # Pareto pruning: with "at most W wilds" semantics (k, d) dominates (k', d')
            # when k <= k' and d <= d' (same target state).
            # Also (k, d) into a state dominating the target (see ``_state_dominates``).
            states = self.states
            pruned = []
            for e in entries:
                if not any(
                    f != e
                    and f[1] <= e[1]
                    and f[2] <= e[2]
                    and (f[0] == e[0] or _state_dominates(states[f[0]], states[e[0]]))
                    and not (  # of two equivalent entries keep the smaller one
                        f[1:] == e[1:]
                        and f[0] != e[0]
                        and e < f
                        and _state_dominates(states[e[0]], states[f[0]])
                    )
                    for f in entries
                ):
                    pruned.append(e)
            res = tuple(sorted(pruned, key=lambda t: (t[1], t[0], t[2])))
        else:
            # exact-wilds semantics: for the same (state, wilds) keep the least deadwood
            bestd: dict[tuple[int, int], int] = {}
            for nid, k, nd in entries:
                if (nid, k) not in bestd or nd < bestd[(nid, k)]:
                    bestd[(nid, k)] = nd
            res = tuple(
                sorted(((a, b, c) for (a, b), c in bestd.items()), key=lambda t: (t[1], t[0], t[2]))
            )
        self.trans[(sid << 25) | (look << 15) | cnt] = res
        return res

    def compute_final(self, sid: int) -> tuple[int, ...]:
        st = self.states[sid]
        per_suit = [self._suit(st[s], 0, True, False, False) for s in range(5)]
        ks = {sum(o[1] for o in combo) for combo in product(*per_suit)}
        res = tuple(sorted(ks))
        self.final[sid] = res
        return res


_TABLES: dict[tuple[bool, int | None, bool, bool], _Tables] = {}


def _tables(cfg: CoreConfig) -> _Tables:
    if _is_default(cfg):
        key: tuple[bool, int | None, bool, bool] = (True, None, False, False)
    else:
        key = (False, cfg.max_wilds_per_meld, cfg.wilds_at_most_naturals, cfg.distinct_suit_books)
    t = _TABLES.get(key)
    if t is None or len(t.trans) + len(t.final) + len(t.trans_d) > _TABLE_LIMIT:
        # Bounded: a table that has grown past the limit starts again from empty.
        t = _Tables(*key)
        _TABLES[key] = t
    return t


# --------------------------------------------------------------------------------------
# The DP engine.


def _close_open_runs(tb: _Tables, cur: dict[int, int], rows: int, step: int) -> int:
    """The end of a sweep: close every run still open in each state (each way of closing
    costs some padding wilds, a shift by ``step`` per wild, up to ``rows`` wilds) and merge."""
    fin = tb.final
    z = 0
    for sid, x in cur.items():
        if sid == 0:
            z |= x
            continue
        ks = fin.get(sid)
        if ks is None:
            ks = tb.compute_final(sid)
        for k in ks:
            if k > rows:
                break
            z |= x << (k * step)
    return z


def _sweep(
    tb: _Tables,
    cnts: list[int],
    sh_rows: int,
    s_width: int,
    nr: int,
    full: int,
    drops: list[tuple[int, int, int]] | None,
    m0: int,
    occ: int,
) -> int:
    """Run the rank sweep; return the final bitset (all runs closed).

    ``cnts[r]`` packed counts (3 bits per suit) of live naturals of rank r (index 0..10).
    ``drops`` lists (rank index, suit, region) for the discard regions.
    ``occ`` has bit (5 * r + s) set when suit s holds a live natural of rank index r.
    """
    trans = tb.trans
    kstep = s_width * nr
    # look-ahead masks: bit s = a natural of suit s lies within w+1 ranks above (a run
    # may start here), bit s+5 = within w ranks above (a wild gap here may be filled).
    w = sh_rows
    st_all = 0
    for j in range(1, min(w + 1, 10) + 1):
        st_all |= occ >> (5 * j)
    br_all = 0
    for j in range(1, min(w, 10) + 1):
        br_all |= occ >> (5 * j)
    if not tb.default:
        st_all = (1 << 60) - 1
    cur: dict[int, int] = {0: 1}
    last = max(i for i in range(11) if cnts[i])
    # After the last rank holding a natural no run can bridge or start, so the final
    # "close every run" step directly follows it.
    for ri in range(last + 1):
        cnt = cnts[ri]
        if not cnt and len(cur) == 1 and 0 in cur:
            continue
        dv = (ri + 3) * nr
        look = ((st_all >> (5 * ri)) & 31) | (((br_all >> (5 * ri)) & 31) << 5)
        lk = (look << 15) | cnt
        new: dict[int, int] = {}
        get = new.get
        rdrops = None
        if drops is not None:
            rdrops = [(s, reg) for (r2, s, reg) in drops if r2 == ri]
        for sid, x in cur.items():
            tr = trans.get((sid << 25) | lk)
            if tr is None:
                tr = tb.compute(sid, cnt, look)
            for nid, k, nd in tr:
                if k:
                    if k > sh_rows:
                        break
                    y = (x << (k * kstep + nd * dv)) & full
                    if not y:
                        continue
                else:
                    y = x << (nd * dv)
                old = get(nid)
                new[nid] = y if old is None else (old | y)
            if rdrops:
                xm = x & m0
                if xm:
                    for s, reg in rdrops:
                        tr = trans.get(((sid << 25) | lk) - (1 << (3 * s)))
                        if tr is None:
                            tr = tb.compute(sid, cnt - (1 << (3 * s)), look)
                        for nid, k, nd in tr:
                            if k > sh_rows:
                                break
                            y = (xm << (k * kstep + nd * dv + reg)) & full
                            if not y:
                                continue
                            old = get(nid)
                            new[nid] = y if old is None else (old | y)
        cur = new
    return _close_open_runs(tb, cur, sh_rows, kstep) & full


def _sweep_default(tb: _Tables, cnts: list[int], w: int, s_width: int, occ: int) -> int:
    """Default rules, one region: the final bitset (bit u * s_width + d) of the sweep."""
    trans = tb.trans_d
    full = (1 << ((w + 1) * s_width)) - 1
    st_all = 0
    for j in range(1, min(w + 1, 10) + 1):
        st_all |= occ >> (5 * j)
    br_all = 0
    for j in range(1, min(w, 10) + 1):
        br_all |= occ >> (5 * j)
    cur: dict[int, int] = {0: 1}
    ri = 0
    while not cnts[ri]:
        ri += 1
    last = 10
    while not cnts[last]:
        last -= 1
    while ri <= last:
        cnt = cnts[ri]
        if not cnt and len(cur) == 1 and 0 in cur:
            ri += 1
            continue
        lk = ((((st_all >> (5 * ri)) & 31) | (((br_all >> (5 * ri)) & 31) << 5)) << 15) | cnt
        rk = (ri << 25) | lk
        new: dict[int, int] = {}
        get = new.get
        for sid, x in cur.items():
            tr = trans.get((sid << 29) | rk)
            if tr is None:
                tr = tb.compute_d(sid, ri, cnt, lk >> 15)
            for nid, k, ndv in tr:
                if k:
                    if k > w:
                        break
                    y = (x << (k * s_width + ndv)) & full
                    if not y:
                        continue
                else:
                    y = x << ndv
                old = get(nid)
                new[nid] = y if old is None else (old | y)
        cur = new
        ri += 1
    return _close_open_runs(tb, cur, w, s_width) & full


def _max_all_wild(n: int, cfg: CoreConfig) -> int:
    """Largest number of the n spare wilds that all-wild melds can hold."""
    if not cfg.all_wild_melds or cfg.wilds_at_most_naturals or n < 3:
        return 0
    # one all-wild meld: a run holds <= 11, a book any number unless distinct suits (<= 5)
    mx = 11 if cfg.distinct_suit_books else n
    if cfg.max_wilds_per_meld is not None:
        mx = min(mx, cfg.max_wilds_per_meld)
    if mx < 3:
        return 0
    # j melds hold any count in [3j, mx*j]; the best is j = n // 3
    return min(n, mx * (n // 3))


def _parse(
    key: tuple[int, ...], wild_rank: int, cfg: CoreConfig
) -> tuple[list[int], list[int], list[int]]:
    """Sorted hand -> (distinct natural codes ascending, their counts, wild points sorted)."""
    wi = wild_rank - 3
    jp = cfg.joker_points
    wp = cfg.wild_points
    wild_pts: list[int] = []
    codes: list[int] = []
    counts: list[int] = []
    prev = -1
    for c in key:
        if c == JOKER:
            wild_pts.append(jp)
        elif c % 11 == wi:
            wild_pts.append(wp)
        elif c == prev:
            counts[-1] += 1
        else:
            codes.append(c)
            counts.append(1)
            prev = c
    if jp < wp:
        wild_pts.sort()
    return codes, counts, wild_pts


def _components(codes: list[int], w: int) -> list[list[int]]:
    """Group natural codes (ascending) into independent components (index lists).

    Two naturals can share a meld only if they have the same rank, or the same suit and
    rank distance <= w + 1 (a run needs a wild for every missing rank between them).
    So every meld's naturals lie in one component; components only share the wilds.
    """
    n = len(codes)
    if w >= 2:
        # with >= 2 wilds nearly everything links up; splitting costs more than it saves
        return [list(range(n))] if n else []
    parent = list(range(n))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    reach = w + 1
    first_of_rank: dict[int, int] = {}
    prev = -100
    for i, c in enumerate(codes):
        if c // 11 == prev // 11 and c - prev <= reach:
            ra, rb = find(i), find(i - 1)
            if ra != rb:
                parent[ra] = rb
        prev = c
        ri = c % 11
        j = first_of_rank.get(ri)
        if j is None:
            first_of_rank[ri] = i
        else:
            ra, rb = find(i), find(j)
            if ra != rb:
                parent[ra] = rb
    groups: dict[int, list[int]] = {}
    for i in range(n):
        groups.setdefault(find(i), []).append(i)
    return list(groups.values())


def _comp_rows(
    tb: _Tables,
    codes: list[int],
    counts: list[int],
    idxs: list[int],
    w: int,
    regions: bool,
) -> list[list[int]]:
    """Per region (0 = whole component, i = one copy of codes[idxs[i-1]] dropped): the least
    natural deadwood of the component using at most (default) / exactly (general) u wilds,
    for u = 0..w (``_INF`` if impossible)."""
    exact = not tb.default
    if not exact and len(idxs) == 1:
        # one distinct code, n copies: one book of all copies (3 - n wilds) or deadwood
        i = idxs[0]
        n = counts[i]
        v = codes[i] % 11 + 3
        need = 3 - n
        out = [[n * v if u < need else 0 for u in range(w + 1)]]
        if regions:
            need1 = 3 - (n - 1) if n > 1 else 0
            out.append([(n - 1) * v if u < need1 else 0 for u in range(w + 1)])
        return out
    cnts = [0] * 11
    occ = 0
    total = 0
    drops: list[tuple[int, int, int]] | None = [] if regions else None
    for j, i in enumerate(idxs):
        c = codes[i]
        n = counts[i]
        ri = c % 11
        si = c // 11
        cnts[ri] += n << (3 * si)
        occ |= 1 << (5 * ri + si)
        total += (ri + 3) * n
        if drops is not None:
            drops.append((ri, si, j + 1))
    s_width = total + 1
    nr = len(idxs) + 1 if regions else 1
    row_bits = s_width * nr
    full = (1 << ((w + 1) * row_bits)) - 1
    m0 = full // ((1 << nr) - 1) if regions else full
    z = _sweep(tb, cnts, w, s_width, nr, full, drops, m0, occ)
    row_mask = (1 << row_bits) - 1
    out = []
    if nr == 1:
        acc = 0
        f = []
        for u in range(w + 1):
            row = (z >> (u * row_bits)) & row_mask
            if exact:
                f.append(_lowbit_pos(row) if row else _INF)
            else:
                acc |= row
                f.append(_lowbit_pos(acc) if acc else _INF)
        return [f]
    pat = m0 & row_mask
    rows = [(z >> (u * row_bits)) & row_mask for u in range(w + 1)]
    for reg in range(nr):
        acc = 0
        f = []
        for row in rows:
            r2 = (row >> reg) & pat
            if exact:
                f.append(_lowbit_pos(r2) // nr if r2 else _INF)
            else:
                acc |= r2
                f.append(_lowbit_pos(acc) // nr if acc else _INF)
        out.append(f)
    return out


def _conv(a: list[int], b: list[int], w: int) -> list[int]:
    """Min-plus convolution over wild counts 0..w."""
    return [min(a[i] + b[u - i] for i in range(u + 1)) for u in range(w + 1)]


def _final(f: list[int], nat_sum: int, wild_pts: list[int], cfg: CoreConfig, default: bool) -> int:
    """Total deadwood given the per-wild-count natural deadwood ``f`` (len >= W + 1)."""
    w = len(wild_pts)
    if default:
        d = f[w]
        if d < nat_sum:
            return d
        if cfg.all_wild_melds and w >= 3:
            return nat_sum
        return nat_sum + sum(wild_pts)
    best = _INF
    for u in range(w + 1):
        d = f[u]
        if d >= _INF:
            continue
        spare = w - u
        t = _max_all_wild(spare, cfg)
        val = d + sum(wild_pts[: spare - t])
        if val < best:
            best = val
    return best


def cache_clear(keep_tables: bool = False) -> None:
    """Drop the lazily built transition tables (nothing when ``keep_tables``)."""
    if not keep_tables:
        _TABLES.clear()
        _suit_opts_default.cache_clear()
        _suit_opts_general.cache_clear()
        _book_opts_general.cache_clear()
