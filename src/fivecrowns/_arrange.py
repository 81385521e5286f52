"""Arrangements of the hand solver core: meld validity and reconstruction.

``_fast_arrange`` builds an optimal arrangement from the suit DP's plan (``_suitdp``);
``_arrange`` peels melds with exact sub-solves (``_solve``) otherwise.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import product

from . import _suitdp
from ._core_config import (
    JOKER,
    Arrangement,
    CoreConfig,
    Meld,
    _hand_cache,
    _is_wild,
    _points,
    _remove,
)
from ._solve import _min_cached
from ._suits import suit_runs


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
    """(books, (run, wilds it needs at least) pairs, deadwood) of ``_suits.suit_runs(p,
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


def _fast_arrange(key: tuple[int, ...], wild_rank: int, cfg: CoreConfig) -> Arrangement | None:
    """An optimal arrangement from the suit DP's plan (None when it does not apply)."""
    pl = _suitdp.plan(key, wild_rank, cfg)
    return None if pl is None else _plan_arrangement(key, wild_rank, cfg, pl)


def _plan_arrangement(
    key: tuple[int, ...], wild_rank: int, cfg: CoreConfig, pl: _suitdp.Plan
) -> Arrangement | None:
    """The arrangement of a suit DP plan: its runs, books and deadwood, then the wilds
    (None in the rare case the spare wilds need the runs re-cut)."""
    best, nat_sum, suits, rank_books = pl
    wild = _WILDS[wild_rank]
    wild_codes = [c for c in key if c in wild]
    w = len(wild_codes)
    if best >= nat_sum:
        # no meld holding a natural fits: the wilds meld alone or are deadwood (``_final``)
        if cfg.all_wild_melds and w >= 3:
            return (("book", tuple(wild_codes)),), tuple(c for c in key if c not in wild), nat_sum
        return (), key, nat_sum + sum(_points(c, wild_rank, cfg) for c in wild_codes)
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
        melds.append(("run", tuple(sorted(cards))))  # >= 2 ranks of one suit, <= 11 long
    if wl:  # pragma: no cover - every wild is placed above
        raise AssertionError("fast arrangement left a wild over")
    return tuple(melds), tuple(sorted(dead)), best


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
    if _suitdp.applies(cfg):
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


_arrange_cached = _hand_cache(_arrange)


def cache_clear(keep_tables: bool = False) -> None:
    """Clear the arrangement cache (and, unless ``keep_tables``, the suits' melds)."""
    _arrange_cached.cache_clear()
    if not keep_tables:
        _SUIT_MELDS.clear()
