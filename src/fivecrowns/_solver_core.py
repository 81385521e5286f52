"""Exact, fast hand solver core for Five Crowns (pure functions over int card codes).

Card code: natural card = suit_index * 11 + (rank - 3) (0..54), joker = 55.
This module only uses the standard library and can be imported standalone.

Algorithm (exact dynamic programme, see ``_sweep``):

* The naturals are swept rank by rank (3..K).  The DP state is, per suit, the multiset
  of runs still open, each with a small descriptor (default rules: span so far capped at
  3 and whether the last position was a wild gap; general rules: exact span, and the
  run's wild / natural counts when a per-meld wild rule needs them).  At each rank every
  open run closes, continues with a natural of that rank or continues with a wild (a
  gap); unused naturals may start runs; the naturals left at a rank form the "pool" that
  is melded into book(s) of that rank or stays deadwood.
* Options that can never complete a run within the wilds held are not generated: a run
  may start / bridge a gap at rank r only if the hand holds a natural of that suit within
  w+1 / w ranks above r (a run needs one wild per missing rank between its naturals).
* The value of a state is the set of (wilds used u, natural deadwood d) pairs packed in
  ONE Python int: bit ((u * S + d) * NR + region).  Adding deadwood / using wilds are
  left shifts, alternatives merge with ``|``, rows u > w are masked off.  ``region``
  is 0 for a plain solve; ``discard_values`` gives region i to "one copy of distinct code
  i was discarded", so every discard is solved in the same pass.
* Combined (5-suit) transitions per (state, counts at the rank, look-ahead bits) are
  built lazily from per-suit option tables and memoised (``cache_clear`` drops them too
  unless ``keep_tables=True``).
* Default rules prune each combined transition list by dominance: a move is dropped when
  another move from the same state costs no more wilds / deadwood and leads to a state
  whose open runs dominate (``_state_dominates``).  The plain default solve first removes
  naturals in no possible meld when W <= 1 (they are deadwood in every arrangement).
* ``best_discard`` uses branch and bound over exact sub-solves (``_best_discard_code``)
  instead of the all-discards sweep.  Default rules (fast path): ONE item decomposition
  of the hand; discarding a natural re-solves only the item holding it (``_plan_drop``:
  no meld of the smaller hand spans two items), a wild only changes the wild budget;
  ``discard_values`` uses the same (``_fast_discards``).  The arrangement of the chosen
  discard is ``arrange`` of the rest (unchanged output).
* Default rules fast path (``_fast``, ``_fast_arrange``): a shipped table of single-suit
  run values (``_suits``, ``_data/suit_runs.bin``) plus an enumeration of the book choices
  at ranks with >= 2 naturals, combined by min-plus over the wild count.  Used for
  ``min_deadwood`` when a hand has few book combinations (else the sweep is faster) and
  for ``arrange``; hands with a code held 3+ times or more than ``_suits.U`` wilds use the
  sweep.  Component vectors are memoised (bounded ``_COMP``, kept by
  ``cache_clear(keep_tables=True)``) under a hand-independent signature: W, the sorted
  absolute segment patterns and (rank, isolated-natural count) per book rank.  A
  component's book choices are enumerated depth first, folding in each segment's run
  values once the last rank touching it is decided.
* General rules (and discards) split the naturals into independent components (two
  naturals can share a meld only if same rank, or same suit within w+1 ranks); the
  components only share wilds and are combined by min-plus convolution over the number
  of wilds.

Default rules (unlimited wilds per meld, books unlimited, any ``all_wild_melds``): a spare
wild can always join an existing meld for free, so the answer is the least natural
deadwood with ``wilds used <= wilds held``; only if no meld holding a natural fits do the
wilds cost points (unless >= 3 wilds may form an all-wild meld).  With
``max_wilds_per_meld`` / ``wilds_at_most_naturals`` / ``distinct_suit_books`` that is
false: the general path lets runs (extension at the ends, <= 11 long) and books (any
partition of the pool into several books) take extra wilds explicitly, counts exactly u
wilds, and charges the cheapest unmelded wilds after packing spare wilds into all-wild
melds where allowed.

Card counts per code are assumed <= 7 (packs <= 7).  ``outs`` ignores how many copies of
a card are left in the deck.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import product
from typing import Any

from . import _suits

__all__ = [
    "JOKER",
    "CoreConfig",
    "arrange",
    "best_discard",
    "cache_clear",
    "can_go_out",
    "discard_values",
    "min_deadwood",
    "outs",
]

JOKER = 55
_CACHE_SIZE = 1 << 16
#: Most transitions one rule mode's tables may hold before they are rebuilt from empty.
_TABLE_LIMIT = 1 << 18

Meld = tuple[str, tuple[int, ...]]
Arrangement = tuple[tuple[Meld, ...], tuple[int, ...], int]


@dataclass(frozen=True)
class CoreConfig:
    """Rule options the core needs (hashable; used as a cache key)."""

    packs: int = 2
    all_wild_melds: bool = True
    max_wilds_per_meld: int | None = None
    wilds_at_most_naturals: bool = False
    distinct_suit_books: bool = False
    wild_points: int = 20
    joker_points: int = 50


def _is_default(cfg: CoreConfig) -> bool:
    """True when a spare wild can always join an existing meld for free."""
    return (
        cfg.max_wilds_per_meld is None
        and not cfg.wilds_at_most_naturals
        and not cfg.distinct_suit_books
    )


def _points(code: int, wild_rank: int, cfg: CoreConfig) -> int:
    if code == JOKER:
        return cfg.joker_points
    r = code % 11 + 3
    return cfg.wild_points if r == wild_rank else r


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
# Liveness: a natural is live iff it belongs to SOME meld that is valid under default
# rules with at most W wilds (default rules allow a superset of the melds of any options).
# Book: needs (other naturals of its rank) + W >= 2.  Run: some window of 3 consecutive
# ranks containing it holds >= 3 - W distinct ranks of its suit (a run with <= W wilds
# containing the card contains such a window, and such a window is such a run).


def _live_flags(
    nat: list[int], ncount: list[int], w_count: int, test: list[int] | None = None
) -> tuple[list[bool], list[int]]:
    """Live flag per code of ``test`` (default ``nat``).

    ``nat`` = every distinct natural code of the hand, ``ncount`` = count per code.
    """
    if test is None:
        test = nat
    if w_count >= 2:
        return [True] * len(test), ncount
    need = 3 - w_count
    rank_tot = [0] * 11
    for code in nat:
        rank_tot[code % 11] += ncount[code]
    flags = []
    for code in test:
        ri = code % 11
        if rank_tot[ri] - 1 + w_count >= 2:
            flags.append(True)
            continue
        base = code - ri
        ok = False
        for a in range(max(0, ri - 2), min(ri, 8) + 1):
            occ = (ncount[base + a] > 0) + (ncount[base + a + 1] > 0) + (ncount[base + a + 2] > 0)
            if occ >= need:
                ok = True
                break
        flags.append(ok)
    return flags, ncount


# --------------------------------------------------------------------------------------
# The DP engine.


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
            if k > sh_rows:
                break
            z |= x << (k * kstep)
    return z & full


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
            if k > w:
                break
            z |= x << (k * s_width)
    return z & full


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


_INF = 1 << 30


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


def _lowbit_pos(x: int) -> int:
    return (x & -x).bit_length() - 1


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


_RI = [c % 11 for c in range(56)]
_CNT_BIT = [1 << (3 * (c // 11)) for c in range(55)] + [0]
_OCC_BIT = [1 << (5 * (c % 11) + c // 11) for c in range(55)] + [0]


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


def _solve_default(key: tuple[int, ...], wild_rank: int, cfg: CoreConfig) -> int:
    """Default rules: the fast path (``_fast``) or one sweep over the whole hand, answer
    from the wild-count fold."""
    if _FAST_ON:
        r = _fast(key, wild_rank, cfg)
        if r is not None:
            return int(r)
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


@lru_cache(maxsize=_CACHE_SIZE)
def _min_cached(key: tuple[int, ...], wild_rank: int, cfg: CoreConfig) -> int:
    return _solve(key, wild_rank, cfg)


def min_deadwood(codes: Sequence[int], wild_rank: int, cfg: CoreConfig) -> int:
    """Least deadwood points of ``codes`` when rank ``wild_rank`` is wild."""
    return _min_cached(tuple(sorted(codes)), wild_rank, cfg)


# --------------------------------------------------------------------------------------
# Discards in one pass.


def _discards(key: tuple[int, ...], wild_rank: int, cfg: CoreConfig) -> dict[int, int]:
    if not key:
        return {}
    if _FAST_ON and _is_default(cfg):
        r = _fast_discards(key, wild_rank, cfg, False)
        if isinstance(r, dict):
            return r
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


@lru_cache(maxsize=_CACHE_SIZE)
def _discards_cached(
    key: tuple[int, ...], wild_rank: int, cfg: CoreConfig
) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(_discards(key, wild_rank, cfg).items()))


def discard_values(codes: Sequence[int], wild_rank: int, cfg: CoreConfig) -> dict[int, int]:
    """For each distinct code of the hand: least deadwood after discarding one copy."""
    return dict(_discards_cached(tuple(sorted(codes)), wild_rank, cfg))


# --------------------------------------------------------------------------------------
# Meld validity and arrangement reconstruction (peeling with exact sub-solves).


def _is_wild(code: int, wild_rank: int) -> bool:
    return code == JOKER or code % 11 + 3 == wild_rank


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


def _remove(items: tuple[int, ...], sub: Sequence[int]) -> tuple[int, ...]:
    rest = list(items)
    for c in sub:
        rest.remove(c)
    return tuple(rest)


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
    if _FAST_ON and _is_default(cfg):
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


def arrange(codes: Sequence[int], wild_rank: int, cfg: CoreConfig) -> Arrangement:
    """An optimal arrangement: (melds, deadwood codes, points).

    Each meld is (kind, sorted codes) with kind "book" or "run"; melds + deadwood is the
    input multiset; points == min_deadwood(codes, wild_rank, cfg).
    """
    return _arrange_cached(tuple(sorted(codes)), wild_rank, cfg)


def best_discard(
    codes: Sequence[int], wild_rank: int, cfg: CoreConfig
) -> tuple[int, tuple[Meld, ...], tuple[int, ...], int]:
    """The discard leaving least deadwood, with the arrangement of the remaining hand.

    Among equally good discards a natural card is thrown before a wild, then the one worth
    the most points, then the higher card code.  Raises ValueError on an empty hand.
    """
    key = tuple(sorted(codes))
    if not key:
        raise ValueError("cannot discard from an empty hand")
    best = _best_discard_code(key, wild_rank, cfg)
    melds, dead, pts = _arrange_cached(_remove(key, (best,)), wild_rank, cfg)
    return best, melds, dead, pts


def _best_discard_code(key: tuple[int, ...], wild_rank: int, cfg: CoreConfig) -> int:
    """The code minimising (deadwood after discarding it, is wild, -its points, -code).

    Branch and bound: discarding c leaves at least ``min(hand) - points(c)`` (c added as
    deadwood to an arrangement of the rest is an arrangement of the hand) and at least 0,
    so candidates are solved exactly in increasing (bound, is wild, -points, -code) order
    until the next candidate's bound key cannot beat the best key found.  Identical cards
    share one solve.
    """
    if _FAST_ON and _is_default(cfg):
        r = _fast_discards(key, wild_rank, cfg, True)
        if r is not None:
            return int(r)  # type: ignore[arg-type]
    opt = _min_cached(key, wild_rank, cfg)
    wi = wild_rank - 3
    cands = []
    for c in set(key):
        p = _points(c, wild_rank, cfg)
        cands.append((max(0, opt - p), c == JOKER or c % 11 == wi, -p, -c))
    cands.sort()
    best: tuple[int, bool, int, int] | None = None
    for cand in cands:
        if best is not None and cand >= best:
            break
        v = _min_cached(_remove(key, (-cand[3],)), wild_rank, cfg)
        found = (v, cand[1], cand[2], cand[3])
        if best is None or found < best:
            best = found
    assert best is not None
    return -best[3]


def can_go_out(codes: Sequence[int], wild_rank: int, cfg: CoreConfig) -> bool:
    """True when some discard leaves no deadwood (False for an empty hand)."""
    vals = _discards_cached(tuple(sorted(codes)), wild_rank, cfg)
    return any(v == 0 for _, v in vals)


def _can_out_key(key: tuple[int, ...], wild_rank: int, cfg: CoreConfig) -> bool:
    return any(v == 0 for _, v in _discards_cached(key, wild_rank, cfg))


@lru_cache(maxsize=_CACHE_SIZE)
def _outs_cached(key: tuple[int, ...], wild_rank: int, cfg: CoreConfig) -> frozenset[int]:
    if _min_cached(key, wild_rank, cfg) == 0:
        return frozenset(range(56))  # draw anything, discard it
    wi = wild_rank - 3
    with_joker = tuple(sorted((*key, JOKER)))
    # Every wild draw behaves the same (wilds are interchangeable inside melds).
    joker_out = _can_out_key(with_joker, wild_rank, cfg)
    if not joker_out and _is_default(cfg) and cfg.all_wild_melds:
        # Default rules: a drawn natural used in a meld can be replaced by a joker (not
        # valid without all-wild melds: the natural may be the meld's only natural).
        return frozenset()
    res: set[int] = set()
    if joker_out:
        res.add(JOKER)
        if 0 <= wi < 11:  # wild_rank 0 stands for "no wild rank" (jokers only)
            res.update(s * 11 + wi for s in range(5))
    ncount = [0] * 55
    w_count = 0
    for c in key:
        if c == JOKER or c % 11 == wi:
            w_count += 1
        else:
            ncount[c] += 1
    nat_all = [c for c in range(55) if ncount[c]]
    for x in range(55):
        if x % 11 == wi:
            continue
        # x must sit in a meld (discarding x leaves the hand, which does not go out);
        # skip x when no meld can contain it at all.
        ncount[x] += 1
        flags, _ = _live_flags(nat_all if ncount[x] > 1 else [*nat_all, x], ncount, w_count, [x])
        ncount[x] -= 1
        if not flags[0]:
            continue
        if _can_out_key(tuple(sorted((*key, x))), wild_rank, cfg):
            res.add(x)
    return frozenset(res)


def outs(codes: Sequence[int], wild_rank: int, cfg: CoreConfig) -> frozenset[int]:
    """Codes (0..55, joker = 55) whose draw lets the hand go out (after one discard).

    Card availability (copies left in the deck) is not considered.
    """
    return _outs_cached(tuple(sorted(codes)), wild_rank, cfg)


def cache_clear(keep_tables: bool = False) -> None:
    """Clear every cache: the hand-level result caches and (unless ``keep_tables``) the
    lazily built, hand-independent transition tables."""
    _min_cached.cache_clear()
    _discards_cached.cache_clear()
    _arrange_cached.cache_clear()
    _outs_cached.cache_clear()
    if not keep_tables:
        _suit_runs.cache_clear()
        _segments.cache_clear()
        _PTS.clear()
        _COMP.clear()
        _TABLES.clear()
        _suit_opts_default.cache_clear()
        _suit_opts_general.cache_clear()
        _book_opts_general.cache_clear()


def cache_clear_all() -> None:
    """Alias of ``cache_clear()`` (kept for callers that want to be explicit)."""
    cache_clear()
