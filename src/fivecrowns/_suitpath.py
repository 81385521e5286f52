"""Default-rules fast path of the hand solver core (suit decomposition).

Per-suit run values from the shipped table (``_suits``) plus the book choices, combined
by min-plus over the wild count (``_fast``); the bounded component memo (``_COMP``); and
the discard-aware re-solves from one item decomposition (``_plan_drop``,
``_fast_discards``).  ``_FAST_ON`` switches the fast path off everywhere (read as
``_suitpath._FAST_ON`` by its users).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import product
from typing import Any

from . import _suits
from ._core_config import _CACHE_SIZE, _INF, _RI, JOKER, CoreConfig

# --------------------------------------------------------------------------------------
# Default rules fast path: per-suit run tables + book choices (see ``_suits``).
#
# Every natural is deadwood, in a book of its rank or in a run of its suit.  One book per
# rank suffices (two books of a rank merge at no extra wild cost), and a book holding one
# natural (+ 2 wilds) costs what a run holding that natural alone costs, so books are only
# chosen with >= 2 naturals and the per-suit run problem allows one-natural runs.  The
# answer (least natural deadwood with <= W wilds) is then the least over the book choices
# B_r (per rank) of  dd(B) + min over u-splits (sum u_s <= W - k(B)) of sum_s R_s[u_s],
# where R_s = the run table of suit s's naturals outside the books, k(B) = sum over
# non-empty books of max(0, 3 - |B_r|).  A natural with no other natural of its suit within
# W + 1 ranks ("isolated") can share no run: it joins its rank's book whenever that book is
# non-empty (never worse), else it is deadwood or alone with 2 wilds (only with no other
# isolated natural at its rank: with >= 2 the book of them dominates).  So only the
# "contested" naturals (with a possible run partner) of ranks with >= 2 naturals branch.

_SU = [c // 11 for c in range(56)]
_FU = _suits.U
_UW = _suits.UW
_P3 = _suits.POW3
# _WIN[r][q]: rank positions within distance r of position q, q excluded (r = W + 1).
_WIN = [
    [sum(1 << x for x in range(11) if x != q and abs(x - q) <= r) for q in range(11)]
    for r in range(12)
]
#: Switch for the fast path (the sweep alone is used when False).
_FAST_ON = True
#: Plain solves leave hands with more book combinations (all components) to the sweep.
_FAST_SWEEP_ABOVE = 64
#: Most book-choice combinations the fast path enumerates before leaving it to the sweep.
_FAST_COMBOS = 64


def _mp(vecs: list[Sequence[int]], b: int) -> int:
    """Least sum_i vecs[i][u_i] over sum u_i <= b (every vector non-increasing)."""
    if b == 0:
        return sum([v[0] for v in vecs])
    const = 0
    acc: Sequence[int] | None = None
    for v in vecs:
        if v[0] == v[b]:
            const += v[0]
        elif acc is None:
            acc = v
        else:
            a = acc
            acc = [min([a[i] + v[u - i] for i in range(u + 1)]) for u in range(b + 1)]
    return const if acc is None else const + acc[b]


def _mp_vec(vecs: list[Sequence[int]], b: int) -> list[int]:
    acc: list[int] = [0] * (b + 1)
    for v in vecs:
        a = acc
        acc = [min([a[i] + v[u - i] for i in range(u + 1)]) for u in range(b + 1)]
    return acc


@lru_cache(maxsize=_CACHE_SIZE)
def _segments(m: int, reach: int) -> tuple[tuple[int, int], ...]:
    """Maximal groups (lowest, highest position) of the set positions of mask m in which
    consecutive positions are at most ``reach`` apart."""
    out = []
    lo = hi = -1
    for q in range(11):
        if m >> q & 1:
            if lo < 0:
                lo = hi = q
            elif q - hi <= reach:
                hi = q
            else:
                out.append((lo, hi))
                lo = hi = q
    if lo >= 0:
        out.append((lo, hi))
    return tuple(out)


_Opt = tuple[tuple[tuple[int, int], ...], int, int]
#: Component vectors by canonical signature (see ``_fast``); cleared when full.
_COMP: dict[tuple[int, tuple[int, ...], tuple[tuple[int, int], ...]], Any] = {}
_COMP_SIZE = 1 << 16


def _rank_opts(iso: int, cont: list[tuple[int, int]], v: int, pq: int, w: int) -> list[_Opt]:
    """Book choices (segment removals, wilds, deadwood) of one book rank: ``iso`` isolated
    naturals of rank value v, ``cont`` = (segment, count at the rank) of the contested."""
    opts: list[_Opt] = []
    if iso == 0:
        opts.append(((), 0, 0))
    elif iso == 1:
        opts.append(((), 0, v))
        if w >= 2:
            opts.append(((), 2, 0))
    elif iso == 2:
        opts.append(((), 0, 2 * v))
    for subc in product(*[range(k + 1) for _, k in cont]):
        n = iso + sum(subc)
        if n < 2 or 3 - n > w:
            continue
        rem = tuple((i2, j * pq) for (i2, _), j in zip(cont, subc, strict=True) if j)
        opts.append((rem, 3 - n if n < 3 else 0, 0))
    return opts


def _comp_bits(
    opt_lists: list[list[_Opt]], slist: list[int], seg_p: list[int], w: int, sw: int
) -> int:
    """A component's (wilds used u, natural deadwood d) pairs over its book choices, as
    one bitset (bit u * sw + d; rows u > w dropped).

    Depth-first over the book ranks; a segment's run values are folded in as soon as the
    last rank touching it is decided (shared by every deeper choice)."""
    full = (1 << ((w + 1) * sw)) - 1
    pts_of = _pts
    pos = {i2: t for t, i2 in enumerate(slist)}
    n = len(opt_lists)
    close_at: list[list[int]] = [[] for _ in range(n)]
    lastr = [0] * len(slist)
    olist = []
    for r, opts in enumerate(opt_lists):
        conv = []
        for rem, k, d in opts:
            rt = tuple([(pos[i2], x) for i2, x in rem])
            for t, _ in rt:
                lastr[t] = r
            conv.append((rt, k * sw + d))
        olist.append(conv)
    for t, r in enumerate(lastr):
        close_at[r].append(t)
    pats = [seg_p[i2] for i2 in slist]
    out = [0]
    ptd = _PTS

    def rec(r: int, y: int) -> None:
        closing = close_at[r]
        nxt = r + 1
        for rt, sh in olist[r]:
            z = (y << sh) & full
            if not z:
                continue
            for t, x in rt:
                pats[t] -= x
            for t in closing:
                x = pats[t]
                if x:
                    pts = ptd.get(x) or pts_of(x)
                    if len(pts) == 1:
                        z <<= pts[0][1]
                    else:
                        m = 0
                        for u, d in pts:
                            if u > w:
                                break
                            m |= z << (u * sw + d)
                        z = m
                    z &= full
            if z:
                if nxt == n:
                    out[0] |= z
                else:
                    rec(nxt, z)
            for t, x in rt:
                pats[t] += x

    rec(0, 1)
    return out[0]


def _bits_vec(comp: int, w: int, sw: int) -> list[int]:
    """Least d per wild count u = 0..w with at most u wilds used (``_INF`` if none)."""
    row = (1 << sw) - 1
    out = []
    f = 0
    for u in range(w + 1):
        f |= (comp >> (u * sw)) & row
        out.append((f & -f).bit_length() - 1 if f else _INF)
    return out


def _comp_vec(
    opt_lists: list[list[_Opt]], slist: list[int], seg_p: list[int], w: int, sw: int
) -> list[int]:
    return _bits_vec(_comp_bits(opt_lists, slist, seg_p, w, sw), w, sw)


def _comp_memo(
    ck: Any, opt_lists: list[list[_Opt]], slist: list[int], seg_p: list[int], w: int, sw: int
) -> tuple[tuple[int, ...], tuple[tuple[int, int], ...]]:
    """(vector over u = 0..w, its Pareto points) of a component, memoised in ``_COMP``
    under its canonical signature ``ck`` (W, sorted segment patterns, (rank, isolated
    count) per book rank): the book choices and run values depend on nothing else."""
    hit = _COMP.get(ck)
    if hit is None:
        vec = _comp_vec(opt_lists, slist, seg_p, w, sw)
        cp = []
        last = _INF
        for u in range(w + 1):
            d = vec[u]
            if d < last:
                cp.append((u, d))
                last = d
        hit = (tuple(vec), tuple(cp))
        if len(_COMP) >= _COMP_SIZE:
            _COMP.clear()
        _COMP[ck] = hit
    return hit


def _fast(key: tuple[int, ...], wild_rank: int, cfg: CoreConfig, plan: bool = False) -> Any:
    """Default rules: the least deadwood of the hand, or None when the fast path does not
    apply (a code held 3+ times, W > ``_suits.U``, too many book combinations).

    The naturals of a suit split into segments (consecutive naturals more than W + 1 ranks
    apart can share no run, so each segment's run value is its own table entry and the
    suit's is their min-plus sum).  A one-rank segment is an isolated natural.  Book ranks
    with contested naturals and the segments those lie in form components; each component's
    value per wild count is the least over its book choices; everything is then combined by
    min-plus over the wild count.

    With ``plan`` the result is (least natural deadwood with <= W wilds, W, plain items,
    components, free books) for ``_fast_arrange``.
    """
    wi = wild_rank - 3
    tot = 0
    wsum = 0
    jp = cfg.joker_points
    wp = cfg.wild_points
    pat = [0, 0, 0, 0, 0]
    msk = [0, 0, 0, 0, 0]
    rc = [0] * 11
    w = 0
    prev = -1
    dup = 0
    ri_of = _RI
    su = _SU
    p3 = _P3
    for c in key:
        if c == JOKER:
            w += 1
            wsum += jp
            continue
        q = ri_of[c]
        if q == wi:
            w += 1
            wsum += wp
            continue
        tot += q + 3
        if c == prev:
            dup += 1
            if dup == 2:
                return None
        else:
            prev = c
            dup = 0
        s = su[c]
        pat[s] += p3[q]
        msk[s] |= 1 << q
        rc[q] += 1
    if w > _FU:
        return None
    tb = _suit_table()
    uw = _UW
    reach = w + 1
    # segments: [suit, pattern]; rank_segs[q] = (multi-rank segment, its count at rank q)
    # in suit order
    seg_s: list[int] = []
    seg_p: list[int] = []
    rank_segs: list[list[tuple[int, int]]] = [[] for _ in range(11)]
    iso_at = [0] * 11  # isolated naturals per rank (count)
    iso_s: list[list[int]] | None = [[] for _ in range(11)] if plan else None
    plain: list[Sequence[int]] = []  # plan: per-item vectors over the wild count
    plain_info: list[tuple[int, int, Any]] = []
    pp: list[tuple[tuple[int, int], ...]] = []  # else: per-item Pareto points (u, d)
    pts_of = _pts
    for s in range(5):
        m = msk[s]
        if not m:
            continue
        p = pat[s]
        for lo, hi in _segments(m, reach):
            sub = p % p3[hi + 1] - p % p3[lo]
            if lo == hi and rc[lo] >= 2:
                k = sub // p3[lo]
                iso_at[lo] += k
                if iso_s is not None:
                    iso_s[lo].extend([s] * k)
                continue
            if lo != hi:
                i = len(seg_s)
                seg_s.append(s)
                seg_p.append(sub)
                for q in range(lo, hi + 1):
                    if m >> q & 1:
                        rank_segs[q].append((i, p // p3[q] % 3))
            elif plan:
                plain.append(tb[sub * uw : sub * uw + w + 1])
                plain_info.append((0, s, sub))
            else:
                pp.append(pts_of(sub))
    free: list[tuple[int, tuple[int, ...]]] = []
    ranks: list[tuple[int, list[_Opt], tuple[int, ...], int]] = []
    touched: dict[int, int] = {}  # segment -> component root rank index
    conts: list[list[int]] = []
    need = max(2, 3 - w)
    for q in range(11):
        if rc[q] < 2:
            continue
        iso = iso_at[q]
        v = q + 3
        pq = p3[q]
        cont = rank_segs[q]
        isos = tuple(iso_s[q]) if iso_s is not None else ()
        if not cont:
            if iso == 2:
                if plan:
                    plain.append((2 * v, *([0] * w)))
                    plain_info.append((1, q, isos))
                else:
                    pp.append(((0, 2 * v), (1, 0)))
            elif plan:
                free.append((q, isos))
            continue
        if plan:
            ranks.append((q, _rank_opts(iso, cont, v, pq, w), isos, iso))
        else:
            # choices built only if the component misses the memo; a book of every
            # natural of the rank fits iff some choice holds a segment, and then every
            # choice set holds them all: link exactly those segments
            ranks.append((q, [], isos, iso))
            conts.append([i2 for i2, _ in cont] if iso + sum([k for _, k in cont]) >= need else [])
    # components: union of book ranks sharing a segment
    nr = len(ranks)
    parent = list(range(nr))
    for ri, (_q, opts, _i, _n) in enumerate(ranks):
        refs = [i2 for rem, _, _ in opts for i2, _ in rem] if plan else conts[ri]
        if refs:
            for i2 in refs:
                o = touched.get(i2)
                if o is None:
                    touched[i2] = ri
                else:
                    a = ri
                    while parent[a] != a:
                        a = parent[a]
                    b = o
                    while parent[b] != b:
                        b = parent[b]
                    if a != b:
                        parent[a] = b
    for i2, sp in enumerate(seg_p):
        if i2 not in touched:
            if plan:
                plain.append(tb[sp * uw : sp * uw + w + 1])
                plain_info.append((0, seg_s[i2], sp))
            else:
                pp.append(pts_of(sp))
    comps: list[tuple[list[int], list[int]]] = []
    if nr:
        root_of: dict[int, int] = {}
        for ri in range(nr):
            a = ri
            while parent[a] != a:
                a = parent[a]
            ci = root_of.get(a)
            if ci is None:
                ci = root_of[a] = len(comps)
                comps.append(([], []))
            comps[ci][0].append(ri)
        for i2, ri in touched.items():
            a = ri
            while parent[a] != a:
                a = parent[a]
            comps[root_of[a]][1].append(i2)
    sw = tot + 1
    full = (1 << ((w + 1) * sw)) - 1
    row = (1 << sw) - 1
    memo = _COMP
    todo: list[tuple[list[int], list[int], Any, Any]] = []
    nall = 0
    for rlist, slist in comps:
        # canonical, hand-independent signature: the value depends only on the segments'
        # (absolute) patterns, the book ranks with their isolated-natural counts and W
        ck = (
            w,
            tuple(sorted([seg_p[i2] for i2 in slist])),
            tuple([(ranks[ri][0], ranks[ri][3]) for ri in rlist]),
        )
        hit = memo.get(ck)
        if hit is None:
            nb = 1
            for ri in rlist:
                if not plan:
                    q = ranks[ri][0]
                    cq = [(i2, seg_p[i2] // p3[q] % 3) for i2 in conts[ri]]
                    ranks[ri][1].extend(_rank_opts(ranks[ri][3], cq, q + 3, p3[q], w))
                nb *= len(ranks[ri][1])
            if nb > _FAST_COMBOS:
                return None
            nall += nb
        todo.append((rlist, slist, ck, hit))
    if not plan and nall > _FAST_SWEEP_ABOVE:
        # many book combinations to enumerate: the sweep is faster (measured); the plan
        # path (arrange) keeps the fast path up to ``_FAST_COMBOS`` per component.
        return None
    for rlist, slist, ck, hit in todo:
        if hit is None:
            hit = _comp_memo(ck, [ranks[ri][1] for ri in rlist], slist, seg_p, w, sw)
        if plan:
            plain.append(hit[0])
            plain_info.append((2, 0, (rlist, slist)))
        else:
            pp.append(hit[1])
    if plan:
        return _mp(plain, w), w, plain, plain_info, ranks, seg_s, seg_p, free
    const = 0
    acc = 1
    for pts in pp:
        if len(pts) == 1:
            const += pts[0][1]
            continue
        n = 0
        for u, d in pts:
            if u > w:
                break
            n |= acc << (u * sw + d)
        acc = n & full
    f = 0
    for u in range(w + 1):
        f |= acc >> (u * sw)
    f &= row
    best = const + (f & -f).bit_length() - 1
    if best < tot:
        return best
    return tot if cfg.all_wild_melds and w >= 3 else tot + wsum


_PTS: dict[int, tuple[tuple[int, int], ...]] = {}


def _pts(p: int) -> tuple[tuple[int, int], ...]:
    """Pareto points (u, R(p)[u]) where the table value of pattern p drops (u ascending)."""
    r = _PTS.get(p)
    if r is None:
        tb = _suit_table()
        base = p * _UW
        last = tb[base]
        pts = [(0, last)]
        for u in range(1, _UW):
            x = tb[base + u]
            if x < last:
                pts.append((u, x))
                last = x
        r = tuple(pts)
        if len(_PTS) >= _CACHE_SIZE:
            _PTS.clear()
        _PTS[p] = r
    return r


def _suit_table() -> bytes:
    t = _ST
    if t:
        return t[0]
    t.append(_suits.table())
    return t[0]


_ST: list[bytes] = []


def _plan_loc(plan: Any) -> dict[int, int]:
    """Natural code -> index of the plan item holding it (``-1 - i`` for free book i)."""
    _best, _w, _plain, info, ranks, seg_s, seg_p, free = plan
    loc: dict[int, int] = {}
    p3 = _P3
    for j, (kind, a, data) in enumerate(info):
        if kind == 0:
            for q in range(11):
                if data // p3[q] % 3:
                    loc[a * 11 + q] = j
        elif kind == 1:
            for s in data:
                loc[s * 11 + a] = j
        else:
            rlist, slist = data
            for i2 in slist:
                x = seg_p[i2]
                b = seg_s[i2] * 11
                for q in range(11):
                    if x // p3[q] % 3:
                        loc[b + q] = j
            for ri in rlist:
                q = ranks[ri][0]
                for s in ranks[ri][2]:
                    loc[s * 11 + q] = j
    for f, (q, isos) in enumerate(free):
        for s in isos:
            loc[s * 11 + q] = -1 - f
    return loc


def _plan_drop(plan: Any, loc: dict[int, int], c: int, sw: int) -> Any:
    """The plan of the hand without one copy of natural c, re-solving only c's item.

    The item structure of the full hand stays valid for the smaller hand (no meld of the
    smaller hand spans two items; a natural that lost its run partner is still handled
    exactly as contested by its segment's run table; a book rank left with fewer naturals
    gets its choices rebuilt)."""
    _best, w, plain, info, ranks, seg_s, seg_p, free = plan
    s, q = divmod(c, 11)
    p3 = _P3
    pq = p3[q]
    v = q + 3
    tb = _suit_table()
    uw = _UW
    plain2 = list(plain)
    info2 = list(info)
    j = loc[c]
    if j < 0:
        f = -1 - j
        isos = list(free[f][1])
        isos.remove(s)
        free2 = list(free)
        if len(isos) >= 3:
            free2[f] = (q, tuple(isos))
        else:
            del free2[f]
            plain2.append((2 * v, *([0] * w)))
            info2.append((1, q, tuple(isos)))
        return _mp(plain2, w), w, plain2, info2, ranks, seg_s, seg_p, free2
    kind, a, data = info[j]
    if kind == 0:
        sub = data - pq
        plain2[j] = tb[sub * uw : sub * uw + w + 1]
        info2[j] = (0, a, sub)
        return _mp(plain2, w), w, plain2, info2, ranks, seg_s, seg_p, free
    if kind == 1:
        isos = list(data)
        isos.remove(s)
        plain2[j] = tb[pq * uw : pq * uw + w + 1]
        info2[j] = (0, isos[0], pq)
        return _mp(plain2, w), w, plain2, info2, ranks, seg_s, seg_p, free
    rlist, slist = data
    seg_p2 = seg_p
    ranks2 = ranks
    seg = -1
    for i2 in slist:
        if seg_s[i2] == s and seg_p[i2] // pq % 3:
            seg = i2
            seg_p2 = list(seg_p)
            seg_p2[i2] -= pq
            break
    for ri in rlist:
        if ranks[ri][0] == q:
            isos = list(ranks[ri][2])
            if seg < 0:
                isos.remove(s)
            cont = [(i2, seg_p2[i2] // pq % 3) for i2 in slist if seg_p2[i2] // pq % 3]
            ranks2 = list(ranks)
            ranks2[ri] = (q, _rank_opts(len(isos), cont, v, pq, w), tuple(isos), len(isos))
            break
    ck = (
        w,
        tuple(sorted([seg_p2[i2] for i2 in slist])),
        tuple([(ranks2[ri][0], ranks2[ri][3]) for ri in rlist]),
    )
    plain2[j] = _comp_memo(ck, [ranks2[ri][1] for ri in rlist], slist, seg_p2, w, sw)[0]
    return _mp(plain2, w), w, plain2, info2, ranks2, seg_s, seg_p2, free


def _fast_final(nat: int, tot: int, w: int, wsum: int, cfg: CoreConfig) -> int:
    if nat < tot:
        return nat
    return tot if cfg.all_wild_melds and w >= 3 else tot + wsum


def _fast_discards(
    key: tuple[int, ...], wild_rank: int, cfg: CoreConfig, order: bool
) -> dict[int, int] | int | None:
    """Default rules: the value of every discard (``order`` False) or the best discard's
    code (``order`` True, by the documented key, with branch and bound) from ONE item
    decomposition of the hand; None when the fast path does not apply."""
    plan = _fast(key, wild_rank, cfg, True)
    if plan is None:
        return None
    w = plan[1]
    wi = wild_rank - 3
    tot = 0
    wsum = 0
    for c in key:
        if c == JOKER:
            wsum += cfg.joker_points
        elif _RI[c] == wi:
            wsum += cfg.wild_points
        else:
            tot += _RI[c] + 3
    loc = _plan_loc(plan)
    wild_val: dict[int, int] = {}

    def value(c: int) -> int:
        if c == JOKER or _RI[c] == wi:
            p = cfg.joker_points if c == JOKER else cfg.wild_points
            r = wild_val.get(p)
            if r is None:
                r = _fast_final(_mp(plan[2], w - 1), tot, w - 1, wsum - p, cfg)
                wild_val[p] = r
            return r
        return _fast_final(_plan_drop(plan, loc, c, tot + 1)[0], tot - _RI[c] - 3, w, wsum, cfg)

    if not order:
        return {c: value(c) for c in set(key)}
    opt = _fast_final(plan[0], tot, w, wsum, cfg)
    cands = []
    for c in set(key):
        wild = c == JOKER or _RI[c] == wi
        p = (cfg.joker_points if c == JOKER else cfg.wild_points) if wild else _RI[c] + 3
        cands.append((max(0, opt - p), wild, -p, -c))
    cands.sort()
    best: tuple[int, bool, int, int] | None = None
    for cand in cands:
        if best is not None and cand >= best:
            break
        found = (value(-cand[3]), cand[1], cand[2], cand[3])
        if best is None or found < best:
            best = found
    assert best is not None
    return -best[3]


def cache_clear(keep_tables: bool = False) -> None:
    """Drop the segment cache, the Pareto points and the component memo (nothing when
    ``keep_tables``; the shipped suit table itself is kept)."""
    if not keep_tables:
        _segments.cache_clear()
        _PTS.clear()
        _COMP.clear()
