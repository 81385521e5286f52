"""What a recorded suit DP solve (``Run``) gives: its arrangement (which naturals
the optimal solve melds into which runs and books, then where the wilds go) and its
discards (the solve without one card, re-run from the step that card changes).

``plan_of`` walks the recorded DP steps backwards from the least natural deadwood with the
fewest wilds, choosing at each step one option and closing charge that reach it (the
recorded states make this a lookup per step, not a search); the factors folded into the
run's constant are split by ``_split``. ``arrangement`` turns the plan into melds: each
suit's runs, books and deadwood come from the single-suit table (``_suits.suit_runs``),
each rank's book from the naturals sent to it, and the wilds fill each meld's minimum,
then go spare to the lowest book or to runs with room.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from . import _cache
from ._suitdp import (
    CLOSE,
    P3,
    PARETO,
    WIDTHS,
    Ctab,
    Opt,
    Run,
    Step,
    dp,
    final_value,
    fold,
    least_of,
    pareto,
    pareto_bits,
    solve_run,
    suit_table,
)
from ._suits import suit_runs
from .cards import JOKER_CODE as JOKER
from .cards import without_code
from .rules import Rules

__all__ = [
    "Layout",
    "Plan",
    "arrangement",
    "cache_clear",
    "dead_of",
    "drop_run",
    "drop_value",
    "plan_of",
]


class Layout(NamedTuple):
    """An optimal arrangement on codes: its melds (kind, sorted codes, wilds included), the
    sorted deadwood and its points."""

    melds: tuple[tuple[str, tuple[int, ...]], ...]
    deadwood: tuple[int, ...]
    points: int


def _has(bits: int, pos: int) -> bool:
    return pos >= 0 and bits >> pos & 1 == 1


def _split(target: int, factors: list[tuple[int, ...]], full: int) -> list[int]:
    """One shift per factor (each a tuple of shifts) summing to ``target``, given that the
    product of the factors holds bit ``target``."""
    out = []
    multi = []  # the factors with several shifts
    for i, f in enumerate(factors):
        out.append(f[0])
        if len(f) > 1:
            multi.append(i)
        else:
            target -= f[0]
    if not multi:  # (most often: every factor has one pair)
        return out
    if len(multi) == 1:
        out[multi[0]] = target
        return out
    prefix = [1]
    for i in multi:
        acc = 0
        for sh in factors[i]:
            acc |= prefix[-1] << sh
        prefix.append(acc & full)
    for j in range(len(multi) - 1, -1, -1):
        for sh in factors[multi[j]]:
            if _has(prefix[j], target - sh):
                out[multi[j]] = sh
                target -= sh
                break
        else:  # pragma: no cover - the product holds the target
            raise AssertionError("suit DP reconstruction failed")
    return out


class Plan(NamedTuple):
    """How an optimal solve melds the naturals: its least natural deadwood, the hand's
    natural points, ``suits``: (suit, pattern, wilds) whose naturals form the runs, books
    and deadwood of ``_suits.suit_runs(pattern, wilds)``, and ``books``: (naturals of one
    rank, True when they are a book, False when deadwood)."""

    natural_deadwood: int
    natural_points: int
    suits: list[tuple[int, int, int]]
    books: list[tuple[list[int], bool]]


def plan_of(run: Run) -> Plan:
    """How the recorded solve melds the naturals (see ``Plan``); the wilds its runs and
    books need total at most W."""
    target, cpart = _target(run)
    if target < 0:
        return Plan(run.nat, run.tot, [], [])  # no meld holding a natural fits
    sw = run.sw
    t = target - cpart
    suits: list[tuple[int, int, int]] = []
    exports: list[tuple[int, int]] = []
    charged: dict[int, int] = {}  # rank position -> chosen closing charge
    want = 0
    for s, (opts, ctabs), (prev, raw) in zip(
        reversed(run.step_suits), reversed(run.steps), reversed(run.states), strict=True
    ):
        st, dl, pp, sh, alt = _back_step(opts, ctabs, prev, raw, want, t)
        suits.append((s, pp, sh // sw))
        exports.append((s, dl))
        t -= sh
        for q, x in alt:
            charged[q] = x
            t -= x
        want = st
    fixed = run.fixed
    for (kind, a, b, _f), sh in zip(
        fixed, _split(cpart, [f[3] for f in fixed], run.full), strict=True
    ):
        if kind == 0:
            suits.append((a, b, sh // sw))
        else:
            charged[a] = sh
    return Plan(run.nat, run.tot, suits, _books(run, exports, charged))


def _target(run: Run) -> tuple[int, int]:
    """The value bit of the least natural deadwood with the fewest wilds (-1: none), and
    the part of it the naturals outside the DP (``const``) give."""
    shifts = []  # the bits of const
    r = run.const
    while r:
        low = r & -r
        r ^= low
        shifts.append(low.bit_length() - 1)
    for u in range(run.w + 1):
        t = u * run.sw + run.nat
        for sh in shifts:
            if t >= sh and run.res >> (t - sh) & 1:
                return t, sh
    return -1, 0


def _books(
    run: Run, exports: list[tuple[int, int]], charged: dict[int, int]
) -> list[tuple[list[int], bool]]:
    """The naturals sent to each rank's book (isolated ones and those the chosen options
    send), and whether they are a book (closing charge 0: free; S or 2S: one or two wilds)
    or deadwood."""
    by_rank: dict[int, list[int]] = {}
    for s, sent in [*run.iso, *exports]:
        while sent:
            q = ((sent & -sent).bit_length() - 1) >> 2
            n = sent >> (4 * q) & 15
            sent -= n << (4 * q)
            by_rank.setdefault(q, []).extend([s * 11 + q] * n)
    sw = run.sw
    return [(cards, charged.get(q, 0) in (0, sw, 2 * sw)) for q, cards in sorted(by_rank.items())]


def _back_step(
    opts: tuple[Opt, ...],
    ctabs: list[tuple[int, Ctab]],
    prev: dict[int, int],
    raw: dict[int, int],
    want: int,
    t: int,
) -> tuple[int, int, int, int, list[tuple[int, int]]]:
    """(state before, option's state delta, option pattern, option shift, [(rank position,
    charge)]) of one DP step, from the states ``prev`` through the raw states ``raw``,
    reaching value bit ``t`` in state ``want``."""
    keep = ~sum([15 << fsh for fsh, _ct in ctabs])  # the fields the step leaves open
    for r, x in raw.items():
        if r & keep != want:
            continue
        y = x
        for fsh, ct in ctabs:
            c = ct[r >> fsh & 15]
            if c is None:
                y = 0
                break
            y = (y << c[0]) | (y << c[1]) if len(c) == 2 else y << c[0]
        if y >> t & 1:
            charges = []
            for fsh, ct in ctabs:
                c = ct[r >> fsh & 15]
                assert c is not None  # (y would be 0)
                charges.append((fsh >> 2, c))
            alt = None
            if len(charges) == 1:  # (most steps close one rank)
                q, c = charges[0]
                for sh in c:
                    if t >= sh and x >> (t - sh) & 1:
                        alt = [(q, sh)]
                        break
            else:
                alt = _charge_split(x, charges, t)
            assert alt is not None
            t2 = t - sum([sh for _q, sh in alt])  # a bit of x: one transition reaches it
            for dl, pts, pp, _ob in opts:
                v = prev.get(r - dl)
                if v is not None:
                    for sh in pts:
                        if t2 >= sh and v >> (t2 - sh) & 1:
                            return r - dl, dl, pp, sh, alt
    raise AssertionError("suit DP reconstruction failed")  # pragma: no cover


def _charge_split(
    x: int, charges: list[tuple[int, tuple[int, ...]]], t: int
) -> list[tuple[int, int]] | None:
    """One charge per closed rank taking the value bitset ``x`` to bit ``t``, or None."""
    if not charges:
        return [] if x >> t & 1 else None
    (q, c), rest = charges[0], charges[1:]
    for sh in c:
        alt = _charge_split(x << sh, rest, t)
        if alt is not None:
            return [(q, sh), *alt]
    return None


def dead_of(run: Run, key: tuple[int, ...], wild_rank: int, cfg: Rules) -> list[int]:
    """The deadwood cards of one optimal arrangement of the recorded hand ``key``.

    Discarding a card c that is deadwood in an optimal arrangement leaves exactly the
    least deadwood minus c's points (the arrangement without c is one of the rest, and no
    arrangement of the rest does better, or adding c to it would beat the optimum)."""
    if run.nat >= run.tot:  # no meld holds a natural: the wilds meld alone or are deadwood
        if cfg.all_wild_melds and run.w >= 3:
            return [c for c in key if c != JOKER and c % 11 + 3 != wild_rank]
        return list(key)
    _nat, _tot, suits, books = plan_of(run)
    dead = [c for cards, is_book in books if not is_book for c in cards]
    for s, p, u in suits:
        dead.extend([s * 11 + q for q in suit_runs(p, u)[1]])
    return dead


def _run_min_wilds(nats: list[int]) -> int:
    """Wilds a run of these natural rank positions (ascending, distinct) needs at least."""
    return max(3, nats[-1] - nats[0] + 1) - len(nats)


#: The codes of the wilds (jokers and the wild rank) per wild rank (0: jokers only).
_WILDS = tuple(frozenset([JOKER, *(s * 11 + wr - 3 for s in range(5) if wr)]) for wr in range(14))
#: A suit's books, (run, wilds it needs at least) pairs and deadwood, as card codes.
_SuitMelds = tuple[
    tuple[tuple[int, ...], ...], tuple[tuple[tuple[int, ...], int], ...], tuple[int, ...]
]
#: ``_suit_melds`` by suit | pattern << 3 | wilds << 21 (a hand-independent table), bounded
#: in bytes (``_cache``): emptied when full.
_SUIT_MELDS: dict[int, _SuitMelds] = {}
_SUIT_MELDS_ACCOUNT = _cache.account(
    "suitplan.suit_melds", 0.05, _SUIT_MELDS.clear, _SUIT_MELDS.__len__
)
#: An entry's bytes but its melds': the dict slot, its int key, the 3-tuple and its tuples.
_SUIT_MELDS_BYTES = _cache.DICT_SLOT + _cache.INT + _cache.tuple_bytes(3) + 3 * _cache.TUPLE
#: Per meld (a tuple, and a pair with an int for a run) and per code (two items).
_SUIT_MELD_BYTES = _cache.TUPLE + _cache.tuple_bytes(2) + 2 * _cache.ITEM


def _suit_melds(s: int, p: int, u: int) -> _SuitMelds:
    """(books, (run, wilds it needs at least) pairs, deadwood) of ``suit_runs(p,
    u)`` as card codes of suit ``s``, memoised in ``_SUIT_MELDS``."""
    k = s | p << 3 | u << 21
    got = _SUIT_MELDS.get(k)
    if got is not None:
        return got
    srun, sdead = suit_runs(p, u)
    base = s * 11
    books = tuple(tuple([base + x for x in sr]) for sr in srun if sr[0] == sr[-1])
    runs = tuple(
        (tuple([base + x for x in sr]), _run_min_wilds(list(sr))) for sr in srun if sr[0] != sr[-1]
    )
    got = books, runs, tuple([base + x for x in sdead])
    cards = len(sdead) + sum(map(len, books)) + sum(len(r) for r, _ in runs)
    melds = len(books) + len(runs)
    if _SUIT_MELDS_ACCOUNT.admit(
        _SUIT_MELDS_BYTES + melds * _SUIT_MELD_BYTES + 2 * _cache.ITEM * cards
    ):
        _SUIT_MELDS[k] = got
    return got


def arrangement(run: Run, key: tuple[int, ...], wild_rank: int, rules: Rules) -> Layout | None:
    """An optimal arrangement of the recorded hand ``key``: the plan's runs, books and
    deadwood, then the wilds (None in the rare case the spare wilds need the runs re-cut:
    the caller then asks the search)."""
    best, nat_sum, suits, rank_books = plan_of(run)
    wild = _WILDS[wild_rank]
    wild_codes = [c for c in key if c in wild]
    w = len(wild_codes)
    if best >= nat_sum:
        # no meld holding a natural fits: the wilds meld alone or are deadwood (``final_value``)
        if rules.all_wild_melds and w >= 3:
            naturals = tuple(c for c in key if c not in wild)
            return Layout((("book", tuple(wild_codes)),), naturals, nat_sum)
        points = rules.points_by_code(wild_rank or None)
        return Layout((), key, nat_sum + sum(points[c] for c in wild_codes))
    books: list[Sequence[int]] = []
    runs: list[tuple[Sequence[int], int]] = []
    dead: list[int] = []
    for s, p, u in suits:
        sb, sr, sd = _suit_melds(s, p, u)
        if sb:
            books.extend(sb)
        if sr:
            runs.extend(sr)
        dead.extend(sd)
    for same_rank, is_book in rank_books:
        if is_book:
            books.append(same_rank)
        else:
            dead.extend(same_rank)
    # wilds: each meld's minimum, spare wilds to the lowest book, else to runs with room,
    # else make a book by splitting a run (only when every meld is a full 11-card run)
    books.sort(key=lambda bk: (bk[0] % 11, sorted(bk)))
    need = sum(max(0, 3 - len(bk)) for bk in books) + sum(k for _, k in runs)
    spare = w - need
    if spare < 0:  # pragma: no cover - would mean the fast path is inconsistent
        raise AssertionError("fast arrangement needs more wilds than held")
    if spare and not books and spare > sum(11 - len(rn) - k for rn, k in runs):
        sp = _split_for_spare(runs, w)
        if sp is None:  # e.g. an 11-card run + a spare wild: two runs (left to peeling)
            return None
        books, runs = sp
        spare = w - sum(max(0, 3 - len(bk)) for bk in books) - sum(k for _, k in runs)
    run_k = [k for _, k in runs]
    if spare and not books:
        for i, (rn, _) in enumerate(runs):
            t = min(11 - len(rn) - run_k[i], spare)
            run_k[i] += t
            spare -= t
    melds = _with_wilds(books, runs, run_k, spare, wild_codes)
    return Layout(melds, tuple(sorted(dead)), best)


def _with_wilds(
    books: list[Sequence[int]],
    runs: list[tuple[Sequence[int], int]],
    run_k: list[int],
    spare: int,
    wilds: list[int],
) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The melds with their wilds: each book its minimum (the spare ones to the first
    book), each run ``run_k``."""
    melds: list[tuple[str, tuple[int, ...]]] = []
    wl = list(wilds)
    for i, bk in enumerate(books):
        k = max(0, 3 - len(bk)) + (spare if i == 0 else 0)
        melds.append(("book", tuple(sorted((*bk, *wl[:k])))))
        del wl[:k]
    for (rn, _), k in zip(runs, run_k, strict=True):
        melds.append(("run", tuple(sorted((*rn, *wl[:k])))))  # >= 2 ranks, <= 11 long
        del wl[:k]
    if wl:  # pragma: no cover - every wild is placed above
        raise AssertionError("fast arrangement left a wild over")
    return tuple(melds)


def _split_for_spare(
    runs: list[tuple[Sequence[int], int]], w: int
) -> tuple[list[Sequence[int]], list[tuple[Sequence[int], int]]] | None:
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


# -- discards: re-runs of a recorded solve -------------------------------------------------


def drop_value(
    run: Run,
    key: tuple[int, ...],
    wild_rank: int,
    cfg: Rules,
    c: int,
    cutoff: int | None = None,
) -> int:
    """Least deadwood of the recorded hand ``key`` without one copy of ``c``; with
    ``cutoff``, that value when it is at most ``cutoff`` and some value above ``cutoff``
    otherwise (a re-run then drops every pair of deadwood above it, for ``best_discard``).

    A natural in an item without branching naturals changes one factor of ``const``; one
    in a DP step re-runs the DP from that step (from the states recorded before it) with
    the step's options on the smaller pattern; an isolated natural lowers its rank's book
    count (the DP re-runs with the new count, or the rank's factor of ``const`` changes).
    The item structure of the whole hand stays exact for the smaller hand: a natural that
    lost its run partner or book mate is merely offered options it cannot use.  A wild
    reads the recorded value with one wild fewer (``_drop_wild``)."""
    if c == JOKER or c % 11 + 3 == wild_rank:
        return _drop_wild(run, cfg, cfg.joker_points if c == JOKER else cfg.wild_points)
    return _drop(run, cfg, c, None, cutoff)


def _drop_wild(run: Run, cfg: Rules, points: int) -> int:
    """Least deadwood of the recorded hand without one wild worth ``points``.

    The recorded value holds every (wilds used, natural deadwood) pair with at most W
    wilds, and its pairs with at most W - 1 are those of the smaller hand: the solve's
    structure for W wilds stays exact with one fewer (segments W + 2 ranks wide only merge
    naturals that cannot meet, ranks contested with a wild only offer books the budget
    rules out), and each table row and Pareto option lists its pairs for every budget."""
    w = run.w - 1
    nat = least_of(run.res, run.const, w, run.sw, run.full, run.tot)
    return final_value(nat, run.tot, w, run.wsum - points, cfg)


def drop_run(run: Run, key: tuple[int, ...], wild_rank: int, cfg: Rules, c: int) -> Run:
    """A recorded solve of the recorded hand ``key`` without one copy of ``c`` (as
    ``drop_value``; for ``plan_of``)."""
    if c == JOKER or c % 11 + 3 == wild_rank:
        rest = solve_run(without_code(key, c), wild_rank, cfg)
        assert rest is not None  # fewer wilds than the hand: the fast path still applies
        return rest
    out = Run()
    _drop(run, cfg, c, out)
    return out


#: What one natural fewer changes in a recorded solve: (its steps, fixed factors,
#: isolated naturals, the starting state, the first step to re-run (-1: none), the states
#: before it when they are not the recorded ones). A plain tuple: a NamedTuple here cost
#: about 2% of a 14-card ``deadwood_by_discard`` (benchmarks/ir_count.py).
_Change = tuple[
    list[Step],
    list[tuple[int, int, int, tuple[int, ...]]],
    list[tuple[int, int]],
    int,
    int,
    dict[int, int] | None,
]


def _change(run: Run, c: int, replan: bool) -> _Change:
    """Where natural ``c`` sits in the recorded solve, and the solve without it: in a
    suit's factor of ``const``, in a DP step's options, or isolated (``_isolated``)."""
    s, q = divmod(c, 11)
    pq = P3[q]
    tb = suit_table()
    w, sw = run.w, run.sw
    for j, (kind, fs, p, _pts) in enumerate(run.fixed):
        if kind == 0 and fs == s and p // pq % 3:
            factor = (0, s, p - pq, pareto(tb, p - pq, w, sw))
            fixed = [*run.fixed[:j], factor, *run.fixed[j + 1 :]]
            return (run.steps, fixed, run.iso, run.st0, -1, None)
    suits = run.step_suits
    for i, (opts, ctabs) in enumerate(run.steps):
        if suits[i] == s and opts[0][2] // pq % 3:
            # options sending every copy of c to the book no longer exist (the memo lookup
            # of ``pareto_bits`` inlined, as in ``_branching_item``)
            kw = (w << 18) | (sw << 22)
            kept = []
            for dl, _p, pp, _b in opts:
                if pp // pq % 3:
                    pp -= pq
                    pts, bits = PARETO.get(pp | kw) or pareto_bits(tb, pp, w, sw)
                    kept.append((dl, pts, pp, bits))
            steps = [*run.steps[:i], (tuple(kept), ctabs), *run.steps[i + 1 :]]
            return (steps, run.fixed, run.iso, run.st0, i, None)
    return _isolated(run, s, q, replan)


def _isolated(run: Run, s: int, q: int, replan: bool) -> _Change:
    """The recorded solve without an isolated natural of suit ``s`` at position ``q``: its
    rank's book holds one natural fewer. Only the step closing the rank reads the count,
    so only it re-runs (all steps when ``replan``: a plan backtracks through every one); a
    rank of isolated naturals only changes its factor of ``const``."""
    q4 = 4 * q
    c0 = sum([ic >> q4 & 15 for _s, ic in run.iso])
    iso = [(fs, ic - (1 << q4) if fs == s and ic >> q4 & 15 else ic) for fs, ic in run.iso]
    for i, (opts, ctabs) in enumerate(run.steps):
        if any(fsh == q4 for fsh, _ct in ctabs):
            ct2 = CLOSE[WIDTHS.index(run.sw)][q][c0 - 1]
            ctabs2 = [(fsh, ct2 if fsh == q4 else ct) for fsh, ct in ctabs]
            steps = [*run.steps[:i], (opts, ctabs2), *run.steps[i + 1 :]]
            st0 = run.st0 - (1 << q4)
            if replan:
                return (steps, run.fixed, iso, st0, 0, None)
            cur = {st - (1 << q4): v for st, v in run.states[i][0].items()} if i else None
            return (steps, run.fixed, iso, st0, i, cur)
    fixed = [f for f in run.fixed if f[0] == 0 or f[1] != q]
    v = q + 3
    if c0 == 2:  # one natural left: deadwood or alone with 2 wilds
        fixed.append((1, q, 0, (v, 2 * run.sw)))
    elif c0 == 3:  # two left: a book with a wild, or deadwood
        fixed.append((1, q, 0, (2 * v, run.sw)))
    return (run.steps, fixed, iso, run.st0, -1, None)


def _drop(run: Run, cfg: Rules, c: int, out: Run | None, cutoff: int | None = None) -> int:
    """``drop_value`` for a natural; fills ``out`` as the recorded solve of the rest."""
    steps, fixed, iso, st0, start, cur = _change(run, c, out is not None)
    w, sw, full = run.w, run.sw, run.full
    const = run.const
    if fixed is not run.fixed:
        const = 1
        for f in fixed:
            acc = 0
            for sh in f[3]:
                acc |= const << sh
            const = acc & full
    states = None if out is None else run.states[:start] if start >= 0 else run.states
    res = run.res
    if start >= 0:
        if cur is None:
            cur = {st0: 1} if start == 0 else run.states[start][0]
        cut = full
        if cutoff is not None:
            # deadwood only grows along the DP: keep the pairs that can end <= cutoff
            dmin = fold(const, w, sw, cutoff + 1)
            if dmin > cutoff:
                return cutoff + 1
            cut &= ((1 << (cutoff - dmin + 1)) - 1) * (full // ((1 << sw) - 1))
            cur = {st: x for st, v in cur.items() if (x := v & cut)}
        res = dp(steps[start:], cur, cut, states)
    tot = run.tot - c % 11 - 3
    nat = least_of(res, const, w, sw, full, tot)
    value = final_value(nat, tot, w, run.wsum, cfg)
    if out is not None:
        assert states is not None
        out.steps, out.step_suits, out.states = steps, run.step_suits, states
        out.fixed, out.iso, out.st0, out.const, out.res = fixed, iso, st0, const, res
        out.full, out.nat, out.sw, out.tot, out.value = full, nat, sw, tot, value
        out.w, out.wsum = w, run.wsum
    return value


def cache_clear() -> None:
    """Empty the table of suits' melds (hand-independent)."""
    _SUIT_MELDS_ACCOUNT.clear()
