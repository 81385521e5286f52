"""Default-rules fast path of the hand solver core: a dynamic programme over the suits.

Default meld rules (unlimited wilds per meld, books of any suits) make the answer the least
*natural* deadwood reachable with at most W wilds in melds (see ``docs/solver.md``).  Every
natural is deadwood, in a run of its suit or in the book of its rank, and

* one book per rank suffices, and a natural that is in no run joins its rank's book
  whenever that book exists (it can only save a wild), so a book is decided by how many
  naturals it gets, not which: 0, 2 (one wild), 3 or more (free);
* a suit's melds among its own naturals only depend on which of its naturals are left to
  them: the shipped table ``_suits`` gives, for every single-suit pattern, the least
  deadwood per wild budget with runs, a natural alone with 2 wilds, and the two copies of
  a card with one wild (the books a suit can make alone).

So the hand is solved by a DP over the suits.  A rank is *contested* when naturals of two
or more suits hold it (and, with no wild, 3 or more naturals).  A natural at a contested
rank is *branching* when its suit holds another natural within W + 1 ranks (it might be
in a run); otherwise it is *isolated* and simply counts towards its rank's book.  Each
suit splits into *items*, its segments of naturals within W + 1 ranks of each other (no
run spans two).  The DP state is the number of naturals each open contested rank has sent
to its book (4 bits per rank at bit 4q); an item's *options* are the sub-multisets of its
branching naturals it sends (each valued by the table entry of the item's rest).  After
the last item holding a branching natural of a rank the rank is closed: its book count is
charged (0 or 3+: free; 2: one wild, or, when both are isolated, 2 x rank points as
deadwood; 1: the isolated natural alone as deadwood or with 2 wilds; a lone branching
natural sent to a book is dominated by keeping it, so that state is dropped) and the rank
leaves the state.  Items are visited in order of their lowest branching rank.

Values are sets of (wilds used u, natural deadwood d) packed as bits ``u * S + d`` of one
Python int (S = 128, 256 or 1024, above the hand's natural points): adding deadwood or
wilds is a left shift, the least over alternatives is ``|``, rows u > W are masked off.

Cards are parsed by one ``sum`` of per-code increments into a packed accumulator (2-bit
count lanes per code, natural points, wild count and points); each suit's decomposition
(isolated naturals, items, options with their Pareto points) depends only on that suit's
cards, the contested ranks it holds and W, and is memoised in a dictionary bounded in bytes
(``_INFO``; a hand-independent table).

Applies when W <= ``_suits.U``, no code is held 3+ times and the hand holds at most
``_MAX_CARDS`` cards; otherwise the memoised search (``_search``) solves the hand.
"""

from __future__ import annotations

from . import _cache, _suits
from .cards import JOKER_CODE as JOKER
from .rules import Rules

__all__ = [
    "CLOSE",
    "PARETO",
    "WIDTHS",
    "Run",
    "Step",
    "applies",
    "cache_clear",
    "default_melds",
    "dp",
    "final_value",
    "fold",
    "least_of",
    "pareto",
    "pareto_bits",
    "solve",
    "solve_run",
    "suit_table",
]

# --------------------------------------------------------------------------------------
# Packed accumulator: the sum of one increment per card.
_O_LANE = 0  # 2-bit count per natural code c: bit 2 * c (c = 11 * suit + q), 110 bits
_O_TOT = 110  # natural points, 12 bits
_O_W = 122  # wild count, 8 bits
_O_J = 130  # joker count (open-ended)
_M22 = (1 << 22) - 1
_M110 = (1 << 110) - 1
_EVEN22 = sum(1 << (2 * q) for q in range(11))
_EVEN110 = sum(1 << (2 * i) for i in range(55))
P3 = _suits.POW3
_UW = _suits.UW
_U = _suits.U
_Z = (0,)
_Z1 = (_Z, 1)


def _base3(lanes: int, q0: int) -> int:
    p = 0
    q = q0
    while lanes:
        p += (lanes & 3) * P3[q]
        lanes >>= 2
        q += 1
    return p


#: Base-3 pattern of the low 6 / high 5 lanes of a suit's 2-bit count lanes.
_PAT_LO = tuple(_base3(x, 0) for x in range(1 << 12))
_PAT_HI = tuple(_base3(x, 6) for x in range(1 << 10))

Opt = tuple[int, tuple[int, ...], int, int]  # (state delta, Pareto shifts u * S + d,
# pattern, the shifts as one bitset)
#: A branching item: (lowest branching position, options, branching positions).
_Item = tuple[int, tuple[Opt, ...], tuple[int, ...]]
#: A suit's decomposition: (isolated naturals per contested position as 4-bit counts at
#: bit 4q, Pareto shifts of its naturals outside branching items and isolated ones, its
#: branching items, ((pattern, Pareto shifts) of those other naturals,) or ()).
_Info = tuple[int, tuple[int, ...], tuple[_Item, ...], tuple[tuple[int, tuple[int, ...]], ...]]

#: Suit decompositions by (lanes, contested positions held, W, S); bounded in bytes with
#: ``_ITEMS`` and ``PARETO`` (``_ACCOUNT``): the three are emptied together when full.
_INFO: dict[int, _Info] = {}
#: Branching items by (segment lanes, contested positions, S, W): shared by the suits that
#: hold the same segment (a suit misses ``_INFO`` far more often than its items do).
_ITEMS: dict[int, _Item] = {}
#: ``pareto_bits`` by (pattern, W, S).
PARETO: dict[int, tuple[tuple[int, ...], int]] = {}
#: The largest hand the DP takes (a 40-card hand took two minutes; the search, which stops
#: once every card melds, takes large hands).
_MAX_CARDS = 16


def _clear_memos() -> None:
    # in place: ``_suitplan`` holds PARETO, and the three share values, so they go together
    _INFO.clear()
    _ITEMS.clear()
    PARETO.clear()


def _memo_entries() -> int:
    return len(_INFO) + len(_ITEMS) + len(PARETO)


#: The three memos' byte account (``_cache``): all emptied when they would go over it.
_ACCOUNT = _cache.account("suitdp.tables", 0.18, _clear_memos, _memo_entries)
_SLOT = _cache.DICT_SLOT + _cache.INT  # a dict slot and its int key
_INT = _cache.INT
#: An ``_INFO`` entry but its items' pointers: the 4-tuple, its int, the fixed part.
_INFO_BYTES = _SLOT + _cache.tuple_bytes(4) + 2 * _INT + 2 * _cache.TUPLE + 3 * _cache.ITEM
#: An ``_ITEMS`` entry but its options and positions: its 3-tuple, the two tuples in it.
_ITEM_BYTES = _SLOT + _cache.tuple_bytes(3) + 2 * _cache.TUPLE
#: An option of a branching item: its 4-tuple and two of its ints (the others are shared
#: with PARETO).
_OPT_BYTES = _cache.tuple_bytes(4) + 2 * _INT
_TB: list[bytes] = []


def default_melds(rules: Rules) -> bool:
    """True under the default meld rules (unlimited wilds per meld, books of any suits):
    then a spare wild can always join an existing meld for free."""
    return rules.max_wilds_per_meld is None and not rules.distinct_suit_books


def applies(rules: Rules) -> bool:
    """True when the suit DP may take hands of these rules: the default meld rules, and no
    pack count lets a card be held 4 times (the 2-bit count lanes; 3 copies are caught per
    hand)."""
    return rules.packs <= 3 and rules.max_wilds_per_meld is None and not rules.distinct_suit_books


def suit_table() -> bytes:
    if not _TB:
        _TB.append(_suits.table())
    return _TB[0]


def _increments(wild_rank: int) -> tuple[int, ...]:
    """The accumulator increment of every code 0..55 (``wild_rank`` 0: jokers only)."""
    out = []
    for c in range(56):
        if c == JOKER:
            out.append((1 << _O_W) + (1 << _O_J))
            continue
        q = c % 11
        if q + 3 == wild_rank:
            out.append(1 << _O_W)
            continue
        out.append((1 << (_O_LANE + 2 * c)) + ((q + 3) << _O_TOT))
    return tuple(out)


#: ``_increments`` per wild rank (index 0: no wild rank).
_INC = tuple(_increments(wr) for wr in range(14))


def pareto(tb: bytes, p: int, w: int, sw: int) -> tuple[int, ...]:
    """Shifts u * sw + R(p)[u] where the table value of pattern p drops, u = 0..w."""
    return pareto_bits(tb, p, w, sw)[0]


def pareto_bits(tb: bytes, p: int, w: int, sw: int) -> tuple[tuple[int, ...], int]:
    """(``pareto``, those shifts as one bitset), memoised in ``PARETO`` by (pattern, W,
    S)."""
    if not p:
        return _Z1
    k = p | (w << 18) | (sw << 22)
    r = PARETO.get(k)
    if r is None:
        base = p * _UW
        row = tb[base : base + w + 1]
        d0 = row[0]
        if d0 == row[w]:
            r = (d0,), 1 << d0
        else:
            out = []
            bits = 0
            last = 256
            for u in range(w + 1):
                d = row[u]
                if d < last:
                    out.append(u * sw + d)
                    bits |= 1 << (u * sw + d)
                    last = d
            r = tuple(out), bits
        cost = _SLOT + _cache.tuple_bytes(2) + _cache.tuple_bytes(len(r[0])) + _INT * len(r[0])
        if _ACCOUNT.admit(cost + _INT + 4 * (r[1].bit_length() // 30)):
            PARETO[k] = r
    return r


def _suit_info(tb: bytes, ls: int, cs: int, w: int, sw: int) -> _Info:
    """The decomposition of one suit: ``ls`` its 2-bit count lanes, ``cs`` the presence
    bits (2q) of its contested positions.

    Naturals more than W + 1 ranks apart share no run, so the suit splits into segments.
    A segment of one rank holds no run partner: its contested naturals are isolated.  A
    longer segment holding contested naturals is a branching item; every other natural is
    valued together in one table entry (the table adds up segments that cannot meet)."""
    if not cs:
        p = _PAT_LO[ls & 4095] + _PAT_HI[ls >> 12]
        pts = pareto(tb, p, w, sw)
        return 0, pts, (), ((p, pts),)
    pres = (ls | ls >> 1) & _EVEN22
    reach = 2 * (w + 1)
    iso = 0
    plain = ls
    items: list[_Item] = []
    lo = pres & -pres
    while pres:
        # the segment starting at bit lo: extend while the next natural is within reach
        hi = lo
        rest = pres ^ lo
        while rest:
            nxt = rest & -rest
            if nxt.bit_length() - hi.bit_length() > reach:
                break
            hi = nxt
            rest ^= nxt
        c = cs & ((hi << 2) - lo)  # contested naturals from lo's lane to hi's lane
        if c:
            if hi == lo:  # one rank: isolated
                q = (lo.bit_length() - 1) >> 1
                iso += (ls >> (2 * q) & 3) << (4 * q)
                plain ^= ls & (3 * lo)
            else:
                seg = ls & ((hi << 2) - lo)
                plain ^= seg
                ik = seg | (c << 22) | (sw << 44) | (w << 60)
                item = _ITEMS.get(ik)
                if item is None:
                    item = _branching_item(tb, seg, c, w, sw)
                    opts, brq = item[1], item[2]
                    cost = _ITEM_BYTES + _cache.ITEM * (len(opts) + len(brq))
                    if _ACCOUNT.admit(cost + _OPT_BYTES * len(opts)):
                        _ITEMS[ik] = item
                items.append(item)
        pres = rest
        lo = rest & -rest
    p = _PAT_LO[plain & 4095] + _PAT_HI[plain >> 12]
    pts = pareto(tb, p, w, sw)
    return iso, pts, tuple(items), ((p, pts),) if p else ()


def _branching_item(tb: bytes, sl: int, c: int, w: int, sw: int) -> _Item:
    """A segment's options: every sub-multiset of its contested naturals sent to books."""
    p = _PAT_LO[sl & 4095] + _PAT_HI[sl >> 12]
    opts = [(0, p)]
    brq = []
    while c:
        low = c & -c
        c ^= low
        b = low.bit_length() - 1
        q = b >> 1
        brq.append(q)
        sh = 1 << (4 * q)
        pq = P3[q]
        two = sl >> b & 2
        for i in range(len(opts)):
            dl, pp = opts[i]
            opts.append((dl + sh, pp - pq))
            if two:
                opts.append((dl + 2 * sh, pp - 2 * pq))
    # (the memo lookup of ``pareto_bits`` inlined: a call per option cost about 3% of a
    # cold 13-card solve, measured with benchmarks/ir_count.py)
    memo = PARETO
    kw = (w << 18) | (sw << 22)
    out = []
    for dl, pp in opts:
        pts, bits = memo.get(pp | kw) or pareto_bits(tb, pp, w, sw)
        out.append((dl, pts, pp, bits))
    return brq[0], tuple(out), tuple(brq)


def _close_table(q: int, c0: int, sw: int) -> tuple[tuple[int, ...] | None, ...]:
    """Charge per final book count n (index) of rank position q with c0 isolated naturals:
    shifts to OR together, or None when the count is dominated."""
    v = q + 3
    one = (v, 2 * sw) if c0 == 1 else None
    two = (2 * v, sw) if c0 == 2 else (sw,)
    return (_Z, one, two, *([_Z] * 13))


#: The row widths S (more than the hand's natural points) and ``_close_table`` for each:
#: CLOSE[index of S][q][c0].
WIDTHS = (128, 256, 1024)
CLOSE = tuple(
    tuple(tuple(_close_table(q, c0, sw) for c0 in range(16)) for q in range(11)) for sw in WIDTHS
)


Ctab = tuple[tuple[int, ...] | None, ...]
#: One DP step: (the item's options, (4q, charge table) of the ranks it closes).
Step = tuple[tuple[Opt, ...], list[tuple[int, Ctab]]]


class Run:
    """One recorded solve of a hand, for plans and discards.

    ``steps`` are the DP steps in order, ``step_suits`` the suit of each, ``st0`` the
    state before the first and ``states`` (the states with their values before, the raw
    states) of each step (see ``dp``); ``fixed`` the factors folded into ``const``:
    (kind, suit, pattern, shifts) with kind 0 = a suit's naturals outside its branching
    items and isolated naturals, kind 1 = a rank of two isolated naturals only (suit =
    rank position, pattern 0); ``iso`` the isolated naturals per suit (4-bit counts at
    bit 4q).  ``res`` is the DP's value, ``nat`` the least natural deadwood and ``value``
    the hand's least deadwood."""

    __slots__ = (
        "const",
        "fixed",
        "full",
        "iso",
        "nat",
        "res",
        "st0",
        "states",
        "step_suits",
        "steps",
        "sw",
        "tot",
        "value",
        "w",
        "wsum",
    )

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.step_suits: list[int] = []
        self.states: list[tuple[dict[int, int], dict[int, int]]] = []
        self.st0 = 0
        self.fixed: list[tuple[int, int, int, tuple[int, ...]]] = []
        self.iso: list[tuple[int, int]] = []
        self.const = 1
        self.res = 0
        self.full = 0
        self.nat = 0
        self.sw = 256
        self.tot = 0
        self.value = 0
        self.w = 0
        self.wsum = 0


def dp(
    seq: list[Step],
    cur: dict[int, int],
    full: int,
    states: list[tuple[dict[int, int], dict[int, int]]] | None = None,
) -> int:
    """Run the DP steps ``seq`` from the states ``cur``: the value of the final state 0.
    A step sends every state through every option into raw states (reached twice: they
    merge), then charges the ranks it closes (``_charge``). With ``states``, each step's
    (states before, raw states) are appended (for ``plan_of`` and ``drop_value``)."""
    for opts, ctabs in seq:
        # (the one-state and one-closing shortcuts only save time; helper calls cost 2-4%
        # of a 13-card solve, measured with benchmarks/ir_count.py)
        if len(cur) == 1:  # (options send distinct multisets: no two reach one state)
            ((st, v),) = cur.items()
            if v & (v - 1):
                raw = {}
                for dl, pts, _pp, _ob in opts:
                    x = 0
                    for sh in pts:
                        x |= v << sh
                    raw[st + dl] = x
            else:  # one (wilds, deadwood) pair: the options' bitsets, shifted
                b = v.bit_length() - 1
                raw = {st + dl: ob << b for dl, _pts, _pp, ob in opts}
        else:
            raw = {}
            get = raw.get
            for st, v in cur.items():
                if v & (v - 1):
                    for dl, pts, _pp, _ob in opts:
                        x = 0
                        for sh in pts:
                            x |= v << sh
                        ns = st + dl
                        raw[ns] = get(ns, 0) | x
                else:
                    b = v.bit_length() - 1
                    for dl, _pts, _pp, ob in opts:
                        ns = st + dl
                        raw[ns] = get(ns, 0) | ob << b
        if states is not None:
            states.append((cur, raw))
        if not ctabs:  # nothing to charge (rows above W are masked at a later step)
            cur = raw
        elif len(ctabs) == 1:
            ((fsh, ct),) = ctabs
            clear = ~(15 << fsh)
            cur = {}
            get = cur.get
            for ns, x in raw.items():
                c = ct[ns >> fsh & 15]
                if c is not None:
                    x = ((x << c[0]) | (x << c[1]) if len(c) == 2 else x << c[0]) & full
                    if x:
                        ns &= clear
                        cur[ns] = get(ns, 0) | x
        else:
            cur = _charge(raw, ctabs, full)
    return cur.get(0, 0)


def _charge(raw: dict[int, int], ctabs: list[tuple[int, Ctab]], full: int) -> dict[int, int]:
    """The raw states with the ranks a step closes charged (and their fields cleared);
    states a closing rules out are dropped, rows above W masked off."""
    cur: dict[int, int] = {}
    get = cur.get
    for ns, x in raw.items():
        for fsh, ct in ctabs:
            n = ns >> fsh & 15
            ns -= n << fsh
            c = ct[n]
            if c is None:
                x = 0
                break
            if len(c) == 2:
                x = (x << c[0]) | (x << c[1])
            elif c[0]:
                x <<= c[0]
        if x:
            x &= full
            if x:
                cur[ns] = get(ns, 0) | x
    return cur


def least_of(res: int, const: int, w: int, sw: int, full: int, tot: int) -> int:
    """Least natural deadwood with <= w wilds of the product of two value bitsets."""
    r = const
    if r & (r - 1) == 0:
        bits = (res << (r.bit_length() - 1)) & full
    else:
        bits = 0
        while r:
            low = r & -r
            bits |= res << (low.bit_length() - 1)
            r ^= low
        bits &= full
    return fold(bits, w, sw, tot)


def fold(bits: int, w: int, sw: int, tot: int) -> int:
    """Least natural deadwood with <= w wilds in the value bitset ``bits`` (``tot`` when
    it is empty)."""
    f = bits
    for u in range(1, w + 1):
        f |= bits >> (u * sw)
    f &= (1 << sw) - 1
    return (f & -f).bit_length() - 1 if f else tot


def final_value(nat: int, tot: int, w: int, wsum: int, cfg: Rules) -> int:
    """The deadwood from the least natural deadwood: if no meld holds a natural, the
    wilds meld alone or are deadwood too."""
    if nat < tot:
        return nat
    return tot if cfg.all_wild_melds and w >= 3 else tot + wsum


def solve(key: tuple[int, ...], wild_rank: int, cfg: Rules, run: Run | None = None) -> int:
    """Least deadwood of the sorted hand ``key`` under the default meld rules; -1 when the
    DP does not take the hand (more than ``_MAX_CARDS`` cards, more than ``_suits.U``
    wilds, or a code held 3 times). Fills ``run`` for plans and discards when given."""
    if len(key) > _MAX_CARDS:
        return -1  # the DP's states grow fast past a round's hand: the search takes it
    acc = sum(map(_INC[wild_rank].__getitem__, key))
    w = acc >> _O_W & 255
    if w > _U:
        return -1
    lanes = acc & _M110
    if lanes & (lanes >> 1) & _EVEN110:
        return -1  # a code held 3+ times: the suit table stops at 2 copies
    tot = acc >> _O_TOT & 4095
    wi = 0 if tot < 128 else 1 if tot < 256 else 2
    sw = WIDTHS[wi]
    full = (1 << ((w + 1) * sw)) - 1
    held, contested = _contested(lanes, w)
    const, isoc, items = _suits_of(lanes, held, contested, w, wi, run)
    const &= full
    seq: list[Step] = []
    st0 = 0
    if items:
        seq, st0, contested = _steps_of(items, contested, isoc, wi)
    if contested:
        const = _lone_pairs(contested, isoc, const, sw, full, run)
    res = 1
    if run is not None:
        if items:
            res = dp(seq, {st0: 1}, full, run.states)
        nat = least_of(res, const, w, sw, full, tot)
    else:
        if items:  # the DP starts from the other naturals' value
            const = dp(seq, {st0: const}, full)
        nat = fold(const, w, sw, tot)
    nj = acc >> _O_J
    wsum = nj * cfg.joker_points + (w - nj) * cfg.wild_points
    value = final_value(nat, tot, w, wsum, cfg)
    if run is not None:
        run.steps = seq
        run.step_suits = [it[1] for it in items]
        run.st0, run.const, run.res, run.full, run.nat = st0, const, res, full, nat
        run.sw, run.tot, run.value, run.w, run.wsum = sw, tot, value, w, wsum
    return value


def _contested(lanes: int, w: int) -> tuple[list[tuple[int, int]], int]:
    """(suit, presence bits 2q) of each suit, and the contested positions: naturals of two
    or more suits (with no wild: three or more naturals, or two suits one of which holds
    both copies; the two copies of one card alone book inside the suit table)."""
    pres = (lanes | lanes >> 1) & _EVEN110  # bit 2c: code c held
    s0 = pres & _M22
    s1 = pres >> 22 & _M22
    s2 = pres >> 44 & _M22
    s3 = pres >> 66 & _M22
    s4 = pres >> 88
    seen = s0 | s1
    multi = (s0 & s1) | (seen & s2)
    seen |= s2
    multi |= seen & s3
    seen |= s3
    multi |= seen & s4
    held = [(0, s0), (1, s1), (2, s2), (3, s3), (4, s4)]
    if w:
        return held, multi
    tri = (s0 & s1 & (s2 | s3 | s4)) | ((s0 | s1) & ((s2 & (s3 | s4)) | (s3 & s4)))
    tri |= s2 & s3 & s4
    dup = lanes >> 1 & pres
    dup = (dup | dup >> 22 | dup >> 44 | dup >> 66 | dup >> 88) & _M22
    return held, tri | (dup & multi)


def _suits_of(
    lanes: int,
    held: list[tuple[int, int]],
    contested: int,
    w: int,
    wi: int,
    run: Run | None,
) -> tuple[int, int, list[tuple[int, int, tuple[Opt, ...], tuple[int, ...]]]]:
    """Each suit's decomposition (memoised in ``_INFO``) folded together: the value of the
    naturals outside branching items (``const``, not yet masked to W), the isolated
    naturals per contested rank (4-bit counts) and the branching items (lowest branching
    position, suit, options, branching positions)."""
    sw = WIDTHS[wi]
    full = (1 << ((w + 1) * sw)) - 1
    memo = _INFO
    kbase = (w << 44) | (wi << 48)
    const = 1
    isoc = 0
    items = []
    for s, pr in held:
        if not pr:
            continue
        ls = lanes >> (22 * s) & _M22
        cs = pr & contested
        mk = ls | (cs << 22) | kbase
        info = memo.get(mk)
        if info is None:
            info = _suit_info(_TB[0] if _TB else suit_table(), ls, cs, w, sw)
            if _ACCOUNT.admit(_INFO_BYTES + _cache.ITEM * len(info[2])):
                memo[mk] = info
        ic, csh, its, fx = info
        isoc += ic
        if len(csh) == 1:
            const <<= csh[0]
        else:
            n = 0
            for sh in csh:
                n |= const << sh
            const = n & full
        for q0, opts, brq in its:
            items.append((q0, s, opts, brq))
        if run is not None:
            for p, pts in fx:
                run.fixed.append((0, s, p, pts))
            if ic:
                run.iso.append((s, ic))
    return const, isoc, items


def _steps_of(
    items: list[tuple[int, int, tuple[Opt, ...], tuple[int, ...]]],
    contested: int,
    isoc: int,
    wi: int,
) -> tuple[list[Step], int, int]:
    """The DP steps (items in order of their lowest branching rank, each with the ranks it
    closes: a rank closes after the last item holding it), the starting state (the
    isolated naturals already sent to books) and the contested ranks no item holds."""
    seq: list[Step] = []
    st0 = 0
    if len(items) > 1:
        items.sort()
    ctq = CLOSE[wi]
    for _q, _s, opts, brq in reversed(items):  # (walk backwards: the last item closes)
        closes = []
        for q in brq:
            if contested >> (2 * q) & 1:
                contested ^= 1 << (2 * q)
                c0 = isoc >> (4 * q) & 15
                closes.append((4 * q, ctq[q][c0]))
                st0 += c0 << (4 * q)
        seq.append((opts, closes))
    seq.reverse()
    return seq, st0, contested


def _lone_pairs(contested: int, isoc: int, const: int, sw: int, full: int, run: Run | None) -> int:
    """``const`` with the ranks of isolated naturals only: two make a book with a wild, or
    are deadwood (a rank holding one such natural is left to the suit table)."""
    while contested:
        low = contested & -contested
        contested ^= low
        q = (low.bit_length() - 1) >> 1
        if isoc >> (4 * q) & 15 == 2:
            two = (2 * q + 6, sw)
            if run is not None:
                run.fixed.append((1, q, 0, two))
            const = ((const << two[0]) | (const << sw)) & full
    return const


def solve_run(key: tuple[int, ...], wild_rank: int, cfg: Rules) -> Run | None:
    """A recorded solve of the sorted hand ``key`` (None when the fast path does not
    apply), for ``plan_of``, ``dead_of`` and ``drop_value``."""
    run = Run()
    return run if solve(key, wild_rank, cfg, run) >= 0 else None


def cache_clear() -> None:
    """Drop the suit decompositions and Pareto rows (hand-independent memos)."""
    _ACCOUNT.clear()
