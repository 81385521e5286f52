"""Exact, fast hand solver core for Five Crowns (pure functions over int card codes).

Card code: natural card = suit_index * 11 + (rank - 3) (0..54), joker = 55.
This module only uses the standard library and can be imported standalone.

Modules (imports flow one way, top to bottom):

* ``_core_config``: card codes, ``CoreConfig``, ``Meld`` / ``Arrangement`` and shared helpers.
* ``_sweep``: the per-suit option tables, the combined transition tables (``_Tables``), the
  default-rules and general sweeps, components, min-plus convolution and final scoring.
* ``_suits``: the shipped single-suit table (least deadwood of one suit's naturals per
  wild budget, runs and the two copies of a card as a book).
* ``_suitdp``: the default-rules fast path, a DP over the suits on that table, and its
  plan for arrangements; ``_suitdp.ON`` switches it off.
* ``_solve``: plain / all-discard solves dispatching between the two, with result caches.
* ``_arrange``: meld validity and arrangement reconstruction (fast path and peeling).
* this module: the public core API (re-exports the names other modules use from here);
  ``cache_clear`` clears the caches of every module above.

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
  instead of the all-discards sweep.  Default rules (fast path): one recorded solve of
  the hand; a card that is deadwood in its arrangement leaves exactly that arrangement
  without it, any other discard re-runs part of the recorded solve
  (``_suitdp.drop_value``), and the chosen discard's arrangement comes from the hand's
  plan or from the re-run's (``_suitdp.drop_run``).  ``discard_values`` uses the same;
  ``can_go_out`` re-runs, with cutoff 0, only the discards whose bound is 0.
* Default rules fast path (``_suitdp``, used for ``min_deadwood`` and ``arrange``
  whenever the hand holds at most ``_suits.U`` wilds and no code 3+ times): a DP over the
  suits whose state is how many naturals each rank shared by several suits has sent to
  its book, each suit's rest valued by the shipped table.  See ``_suitdp``.
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

from collections.abc import Callable, Sequence

from . import _arrange as _arrange_mod
from . import _solve as _solve_mod
from . import _suitdp
from . import _sweep as _sweep_mod

# Re-exported: the public core API and the internals the benchmarks / tests reach through
# this module (every cache is reachable here, see ``cache_clear``).
from ._arrange import _arrange as _arrange
from ._arrange import _arrange_cached as _arrange_cached
from ._arrange import _plan_arrangement
from ._arrange import meld_kind as meld_kind
from ._core_config import JOKER as JOKER
from ._core_config import Arrangement as Arrangement
from ._core_config import CoreConfig as CoreConfig
from ._core_config import Meld as Meld
from ._core_config import _hand_cache, _is_default, _live_flags, _points
from ._core_config import _remove as _remove
from ._solve import _discards as _discards
from ._solve import _discards_cached as _discards_cached
from ._solve import _min_cached as _min_cached
from ._solve import _solve as _solve
from ._sweep import _book_opts_general as _book_opts_general
from ._sweep import _suit_opts_default as _suit_opts_default
from ._sweep import _suit_opts_general as _suit_opts_general

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


def min_deadwood(codes: Sequence[int], wild_rank: int, cfg: CoreConfig) -> int:
    """Least deadwood points of ``codes`` when rank ``wild_rank`` is wild."""
    return _min_cached(tuple(sorted(codes)), wild_rank, cfg)


def discard_values(codes: Sequence[int], wild_rank: int, cfg: CoreConfig) -> dict[int, int]:
    """For each distinct code of the hand: least deadwood after discarding one copy."""
    return dict(_discards_cached(tuple(sorted(codes)), wild_rank, cfg))


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
    if _suitdp.applies(cfg):
        run = _suitdp.solve_run(key, wild_rank, cfg)
        if run is not None:
            # arrange the whole hand first: discarding one of its deadwood cards leaves
            # exactly that arrangement without it (``_suitdp.dead_of``); other discards
            # re-run part of the recorded solve (``_suitdp.drop_value``)
            arr = _plan_arrangement(key, wild_rank, cfg, _suitdp.plan_of(run))
            melds, dead, opt = _arrange_cached(key, wild_rank, cfg) if arr is None else arr
            exact = {c: opt - _points(c, wild_rank, cfg) for c in dead}
            best, value = _best_discard_code(
                key,
                wild_rank,
                cfg,
                opt,
                exact,
                lambda c, cutoff: _suitdp.drop_value(run, key, wild_rank, cfg, c, cutoff),
            )
            if best in exact:
                return best, melds, _remove(dead, (best,)), value
            if value == opt:
                # a melded card whose meld stays valid without it: the same arrangement
                for i, (_kind, cards) in enumerate(melds):
                    if best in cards:
                        rest = _remove(cards, (best,))
                        kind = meld_kind(rest, wild_rank, cfg)
                        if kind is not None:
                            return best, (*melds[:i], (kind, rest), *melds[i + 1 :]), dead, value
                        break
            # otherwise plan the rest from the recorded solve re-run without the card
            rest = _remove(key, (best,))
            arr = _plan_arrangement(
                rest,
                wild_rank,
                cfg,
                _suitdp.plan_of(_suitdp.drop_run(run, key, wild_rank, cfg, best)),
            )
            melds, dead, pts = _arrange_cached(rest, wild_rank, cfg) if arr is None else arr
            return best, melds, dead, pts
    best, _value = _best_discard_code(
        key,
        wild_rank,
        cfg,
        _min_cached(key, wild_rank, cfg),
        {},
        lambda c, _cutoff: _min_cached(_remove(key, (c,)), wild_rank, cfg),
    )
    melds, dead, pts = _arrange_cached(_remove(key, (best,)), wild_rank, cfg)
    return best, melds, dead, pts


def _best_discard_code(
    key: tuple[int, ...],
    wild_rank: int,
    cfg: CoreConfig,
    opt: int,
    exact: dict[int, int],
    value: Callable[[int, int | None], int],
) -> tuple[int, int]:
    """(code, deadwood after discarding it) minimising (that deadwood, is wild, -points,
    -code), given the hand's least deadwood ``opt``, the exact values of some discards and
    ``value(c, cutoff)`` computing any other (exactly when it is at most ``cutoff``, the
    best value found so far, or None; otherwise any value above ``cutoff``).

    Branch and bound over ``_discard_candidates``: candidates are solved exactly in
    increasing (bound, is wild, -points, -code) order until the next candidate's bound key
    cannot beat the best key found.  Identical cards share one solve.  The returned
    deadwood is exact (the best key's value was at most every cutoff it was computed
    with).
    """
    cands = _discard_candidates(key, wild_rank, cfg, opt, exact)
    # the best exact candidate first: every solve then has a cutoff
    best: tuple[int, bool, int, int] | None = None
    for v, wild, mp, mc, is_exact in cands:
        if is_exact and (best is None or (v, wild, mp, mc) < best):
            best = (v, wild, mp, mc)
    for v, wild, mp, mc, is_exact in cands:
        if best is not None and (v, wild, mp, mc) >= best:
            break
        if not is_exact:
            # only a value <= the best found so far matters: a larger one may be inexact
            v = value(-mc, None if best is None else best[0])
            found = (v, wild, mp, mc)
            if best is None or found < best:
                best = found
    assert best is not None
    return -best[3], best[0]


def _discard_candidates(
    key: tuple[int, ...],
    wild_rank: int,
    cfg: CoreConfig,
    opt: int,
    exact: dict[int, int],
    limit: int | None = None,
) -> list[tuple[int, bool, int, int, bool]]:
    """Every distinct code c of the hand as (bound, is wild, -points, -c, exact), sorted:
    the deadwood after discarding c when ``exact`` holds it, otherwise a lower bound; with
    ``limit``, only those whose bound is at most ``limit``.

    Discarding c leaves at least ``opt - points(c)`` (c added as deadwood to an
    arrangement of the rest is an arrangement of the hand), at least 0, and at least the
    points of the hand's other *hopeless* naturals (in no meld with the wilds held, so in
    none of the rest either); under default rules a wild's discard leaves at least ``opt``
    when some meld holds a natural (fewer wilds never lower the natural deadwood)."""
    wi = wild_rank - 3
    w = nat_tot = 0
    for c in key:
        if c == JOKER or c % 11 == wi:
            w += 1
        else:
            nat_tot += c % 11 + 3
    wild_floor = opt if _is_default(cfg) and opt < nat_tot else -1
    jp = cfg.joker_points
    wp = cfg.wild_points
    cands = []
    for c in set(key):
        if c == JOKER:
            p, wild = jp, True
        elif c % 11 == wi:
            p, wild = wp, True
        else:
            p, wild = c % 11 + 3, False
        v = exact.get(c)
        if v is not None:
            cand = (v, wild, -p, -c, True)
        elif wild:
            cand = (wild_floor if wild_floor >= 0 else max(0, opt - p), wild, -p, -c, False)
        else:
            cand = (max(0, opt - p), wild, -p, -c, False)
        if limit is None or cand[0] <= limit:
            cands.append(cand)
    if w < 2 and cands:  # (with two or more wilds no natural is hopeless)
        hopeless = _hopeless(_natural_counts(key, wi)[0], w)
        if hopeless:
            floor = sum([(c % 11 + 3) * n for c, n in hopeless.items()])
            raised = []
            for v, wild, mp, mc, is_exact in cands:
                if not is_exact:
                    v = max(v, floor - (-mp if -mc in hopeless else 0))
                if limit is None or v <= limit:
                    raised.append((v, wild, mp, mc, is_exact))
            cands = raised
    cands.sort()
    return cands


def _natural_counts(key: tuple[int, ...], wi: int) -> tuple[list[int], int]:
    """(copies held of each natural code, number of wilds) of a hand (wi: wild rank - 3)."""
    ncount = [0] * 55
    w = 0
    for c in key:
        if c == JOKER or c % 11 == wi:
            w += 1
        else:
            ncount[c] += 1
    return ncount, w


def _hopeless(ncount: list[int], w: int) -> dict[int, int]:
    """The naturals of a hand (copies per code, ``w`` <= 1 wilds) in no meld at all with
    its wilds (count per code); with two or more wilds there are none (see
    ``_live_flags``)."""
    nat = [c for c in range(55) if ncount[c]]
    flags, _ = _live_flags(nat, ncount, w)
    return {c: ncount[c] for c, live in zip(nat, flags, strict=True) if not live}


def can_go_out(codes: Sequence[int], wild_rank: int, cfg: CoreConfig) -> bool:
    """True when some discard leaves no deadwood (False for an empty hand)."""
    return bool(_can_out_cached(tuple(sorted(codes)), wild_rank, cfg))


def _can_out(key: tuple[int, ...], wild_rank: int, cfg: CoreConfig) -> int:
    """1 when some discard of the sorted hand ``key`` leaves no deadwood, else 0.

    Only a discard whose lower bound (``_discard_candidates``) is 0 can: one worth at
    least the hand's least deadwood.  Those are solved with cutoff 0 (a re-run drops every
    pair with deadwood), cards worth closest to the least deadwood first, until one goes
    out; most hands have none and cost one plain solve.  A hand whose discards are cached
    reads the answer off them."""
    if not key:
        return 0
    done = _discards_cached.peek(key, wild_rank, cfg)
    if done is not None:
        return int(any(v == 0 for _, v in done))
    opt = _min_cached(key, wild_rank, cfg)
    cands = _discard_candidates(key, wild_rank, cfg, opt, {}, limit=0)
    if not cands:
        return 0
    run = _suitdp.solve_run(key, wild_rank, cfg) if _suitdp.applies(cfg) else None

    def value(c: int) -> int:
        if run is not None:
            return _suitdp.drop_value(run, key, wild_rank, cfg, c, 0)
        return _min_cached(_remove(key, (c,)), wild_rank, cfg)

    # a hand that goes out most often keeps one card of deadwood: worth the least deadwood
    cands.sort(key=lambda cand: abs(opt + cand[2]))
    return int(any(value(-cand[3]) == 0 for cand in cands))


_can_out_cached = _hand_cache(_can_out)


def _outs(key: tuple[int, ...], wild_rank: int, cfg: CoreConfig) -> tuple[int, ...]:
    """``outs`` of the sorted hand ``key``, as sorted codes."""
    if _min_cached(key, wild_rank, cfg) == 0:
        return tuple(range(56))  # draw anything, discard it
    wi = wild_rank - 3
    with_joker = tuple(sorted((*key, JOKER)))
    # Every wild draw behaves the same (wilds are interchangeable inside melds).
    joker_out = _can_out_cached(with_joker, wild_rank, cfg)
    if not joker_out and _is_default(cfg) and cfg.all_wild_melds:
        # Default rules: a drawn natural used in a meld can be replaced by a joker (not
        # valid without all-wild melds: the natural may be the meld's only natural).
        return ()
    res: set[int] = set()
    if joker_out:
        res.add(JOKER)
        if 0 <= wi < 11:  # wild_rank 0 stands for "no wild rank" (jokers only)
            res.update(s * 11 + wi for s in range(5))
    ncount, w_count = _natural_counts(key, wi)
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
        if _can_out_cached(tuple(sorted((*key, x))), wild_rank, cfg):
            res.add(x)
    return tuple(sorted(res))


_outs_cached = _hand_cache(_outs)


def outs(codes: Sequence[int], wild_rank: int, cfg: CoreConfig) -> frozenset[int]:
    """Codes (0..55, joker = 55) whose draw lets the hand go out (after one discard).

    Card availability (copies left in the deck) is not considered.
    """
    return frozenset(_outs_cached(tuple(sorted(codes)), wild_rank, cfg))


def cache_clear(keep_tables: bool = False) -> None:
    """Clear every cache: the hand-level result caches and (unless ``keep_tables``) the
    lazily built, hand-independent transition tables (in every core module)."""
    _outs_cached.cache_clear()
    _can_out_cached.cache_clear()
    _solve_mod.cache_clear(keep_tables)
    _arrange_mod.cache_clear(keep_tables)
    _suitdp.cache_clear(keep_tables)
    _sweep_mod.cache_clear(keep_tables)


def cache_clear_all() -> None:
    """Alias of ``cache_clear()`` (kept for callers that want to be explicit)."""
    cache_clear()
