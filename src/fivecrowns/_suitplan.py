"""Arrangements from a recorded suit DP solve (``_suitdp.Run``): which naturals the optimal
solve melds into which runs and books, then where the wilds go.

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

from ._suitdp import Ctab, Opt, Run
from ._suits import suit_runs
from .cards import JOKER_CODE as JOKER
from .rules import Rules

__all__ = ["Layout", "Plan", "arrangement", "cache_clear", "dead_of", "plan_of"]


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
    """(least natural deadwood, the hand's natural points, [(suit, pattern, wilds)] whose
    naturals form the runs, books and deadwood of ``suit_runs(pattern, wilds)``,
    [(naturals of one rank, True: a book / False: deadwood)]) for the recorded hand.  The
    wilds the runs and books need total at most W."""
    sw = run.sw
    res = run.res
    const = run.const
    # the fewest wilds reaching the least natural deadwood, split between the DP and const
    target = -1
    cpart = 0
    shifts = []  # the bits of const
    r = const
    while r:
        low = r & -r
        r ^= low
        shifts.append(low.bit_length() - 1)
    for u in range(run.w + 1):
        t = u * sw + run.nat
        for sh in shifts:
            if t >= sh and res >> (t - sh) & 1:
                target = t
                cpart = sh
                break
        if target >= 0:
            break
    if target < 0:
        return Plan(run.nat, run.tot, [], [])  # no meld holding a natural fits
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
    # the naturals sent to books: isolated ones and those the chosen options send
    by_rank: dict[int, list[int]] = {}
    for s, sent in [*run.iso, *exports]:
        while sent:
            q = ((sent & -sent).bit_length() - 1) >> 2
            n = sent >> (4 * q) & 15
            sent -= n << (4 * q)
            by_rank.setdefault(q, []).extend([s * 11 + q] * n)
    books = []
    for q, cards in sorted(by_rank.items()):
        ch = charged.get(q, 0)
        # charges: 0 = a free book; sw / 2 * sw = a book with 1 / 2 wilds; else deadwood
        books.append((cards, ch in (0, sw, 2 * sw)))
    return Plan(run.nat, run.tot, suits, books)


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
#: ``_suit_melds`` by suit | pattern << 3 | wilds << 21 (a hand-independent table).
_SUIT_MELDS: dict[int, _SuitMelds] = {}
_SUIT_MELDS_SIZE = 1 << 15


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
    if len(_SUIT_MELDS) >= _SUIT_MELDS_SIZE:
        _SUIT_MELDS.clear()
    got = _SUIT_MELDS[k] = books, runs, tuple([base + x for x in sdead])
    return got


def arrangement(run: Run, key: tuple[int, ...], wild_rank: int, rules: Rules) -> Layout | None:
    """An optimal arrangement of the recorded hand ``key``: the plan's runs, books and
    deadwood, then the wilds (None in the rare case the spare wilds need the runs re-cut:
    the caller then asks the search)."""
    best, nat_sum, suits, rank_books = plan_of(run)
    cfg = rules
    wild = _WILDS[wild_rank]
    wild_codes = [c for c in key if c in wild]
    w = len(wild_codes)
    if best >= nat_sum:
        # no meld holding a natural fits: the wilds meld alone or are deadwood (``_final``)
        if cfg.all_wild_melds and w >= 3:
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
    melds: list[tuple[str, tuple[int, ...]]] = []
    wl = list(wild_codes)
    for i, bk in enumerate(books):
        k = max(0, 3 - len(bk)) + (spare if i == 0 else 0)
        bcards = (*bk, *wl[:k])
        del wl[:k]
        melds.append(("book", tuple(sorted(bcards))))
    for (rn, _), k in zip(runs, run_k, strict=True):
        cards = (*rn, *wl[:k])
        del wl[:k]
        melds.append(("run", tuple(sorted(cards))))  # >= 2 ranks of one suit, <= 11 long
    if wl:  # pragma: no cover - every wild is placed above
        raise AssertionError("fast arrangement left a wild over")
    return Layout(tuple(melds), tuple(sorted(dead)), best)


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


def cache_clear() -> None:
    """Empty the table of suits' melds (hand-independent)."""
    _SUIT_MELDS.clear()
