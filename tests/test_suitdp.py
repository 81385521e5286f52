"""The default-rules fast path (the DP over suits of ``fivecrowns._suitdp``) against the
rank sweep of ``fivecrowns._sweep`` on hands of every round's size, and its tables.

The reference tests in ``test_solver.py`` stop at 9 cards (the reference is exponential);
here the sweep, an independent exact algorithm, checks the fast path on full hands."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fivecrowns as fc
from fivecrowns import _arrange, _solve, _solver_core, _suitdp, _suits
from fivecrowns._core_config import JOKER, CoreConfig

DECK = [c for c in range(55) for _ in range(2)] + [JOKER] * 6
configs = st.builds(
    CoreConfig,
    all_wild_melds=st.booleans(),
    wild_points=st.sampled_from([20, 20, 7]),
    joker_points=st.sampled_from([50, 50, 15]),
)


@st.composite
def hands(draw: st.DrawFn) -> tuple[tuple[int, ...], int]:
    """A hand of 0..20 cards from two packs (sometimes one suit dense with duplicates plus
    jokers) and a wild rank (0: jokers only)."""
    wild_rank = draw(st.sampled_from([0, *range(3, 14)]))
    deck = DECK
    if draw(st.booleans()):
        suit = draw(st.integers(0, 4))
        deck = [c for c in DECK if c == JOKER or c // 11 == suit or c % 11 + 3 == wild_rank]
    size = draw(st.integers(0, 20))
    picks = draw(st.lists(st.integers(0, len(deck) - 1), unique=True, min_size=size, max_size=size))
    return tuple(sorted(deck[i] for i in picks)), wild_rank


@contextmanager
def sweep_only() -> Iterator[None]:
    _suitdp.ON = False
    try:
        yield
    finally:
        _suitdp.ON = True


def sweep(key: tuple[int, ...], wild_rank: int, cfg: CoreConfig) -> int:
    with sweep_only():
        return _solve._solve(key, wild_rank, cfg)


def points(c: int, wild_rank: int, cfg: CoreConfig) -> int:
    if c == JOKER:
        return cfg.joker_points
    return cfg.wild_points if c % 11 + 3 == wild_rank else c % 11 + 3


@settings(max_examples=150)
@given(hands(), configs)
def test_fast_path_matches_the_sweep(problem: tuple[tuple[int, ...], int], cfg: CoreConfig) -> None:
    key, wild_rank = problem
    expected = sweep(key, wild_rank, cfg)
    assert _solver_core.min_deadwood(key, wild_rank, cfg) == expected
    run = _suitdp.solve_run(key, wild_rank, cfg)
    if run is None:  # more wilds than the suit table holds: left to the sweep
        assert sum(1 for c in key if c == JOKER or c % 11 + 3 == wild_rank) > _suits.U
        return
    assert _suitdp.solve(key, wild_rank, cfg) == expected
    assert run.value == expected
    # every discard: exact from the arrangement (deadwood cards) or re-run from the record
    dead = _suitdp.dead_of(run, key, wild_rank, cfg)
    assert Counter(dead) <= Counter(key)
    for c in set(key):
        rest = list(key)
        rest.remove(c)
        value = sweep(tuple(rest), wild_rank, cfg)
        assert _suitdp.drop_value(run, key, wild_rank, cfg, c) == value
        # with a cutoff: exact up to it, anything above it beyond
        for cutoff in {0, value - 1, value, value + 3, expected}:
            if cutoff >= 0:
                got = _suitdp.drop_value(run, key, wild_rank, cfg, c, cutoff)
                assert got == value if value <= cutoff else got > cutoff
        if c in dead:
            assert expected - points(c, wild_rank, cfg) == value
        # the recorded solve of the rest plans a sound arrangement of it
        rest_run = _suitdp.drop_run(run, key, wild_rank, cfg, c)
        assert rest_run.value == value
        arr = _arrange._plan_arrangement(tuple(rest), wild_rank, cfg, _suitdp.plan_of(rest_run))
        if arr is not None:
            melds, rest_dead, pts = arr
            assert pts == value
            assert Counter([x for _, cards in melds for x in cards]) + Counter(
                rest_dead
            ) == Counter(rest)
            assert pts == sum(points(x, wild_rank, cfg) for x in rest_dead)
            assert all(_solver_core.meld_kind(cards, wild_rank, cfg) for _, cards in melds)


@settings(max_examples=150)
@given(hands(), configs)
def test_fast_arrangements_are_sound_and_optimal(
    problem: tuple[tuple[int, ...], int], cfg: CoreConfig
) -> None:
    key, wild_rank = problem
    _solver_core.cache_clear()
    melds, dead, pts = _solver_core.arrange(key, wild_rank, cfg)
    assert pts == sweep(key, wild_rank, cfg)
    assert Counter([c for _, cards in melds for c in cards]) + Counter(dead) == Counter(key)
    assert pts == sum(points(c, wild_rank, cfg) for c in dead)
    for kind, cards in melds:
        assert _solver_core.meld_kind(cards, wild_rank, cfg) is not None, (kind, cards)
    if key:
        card, melds2, dead2, pts2 = _solver_core.best_discard(key, wild_rank, cfg)
        rest = list(key)
        rest.remove(card)
        assert pts2 == sweep(tuple(rest), wild_rank, cfg)
        assert Counter([c for _, cards in melds2 for c in cards]) + Counter(dead2) == Counter(rest)
        assert pts2 == sum(points(c, wild_rank, cfg) for c in dead2)
        for kind, cards in melds2:
            assert _solver_core.meld_kind(cards, wild_rank, cfg) is not None, (kind, cards)


def test_best_discard_from_a_meld_that_stays_valid_keeps_the_arrangement() -> None:
    # Every card melds; throwing a nine leaves the book of nines whole at 0 deadwood, and
    # a nine (9 points) is thrown before the 5C (the highest card wins ties).
    card, arrangement = fc.best_discard("9H 9S 9D 9C 3C 4C 5C", 13)
    assert card == fc.Card.parse("9D")  # the nine with the highest code
    assert arrangement.points == 0
    assert sorted(len(meld.cards) for meld in arrangement.melds) == [3, 3]


def test_fast_path_hands_it_leaves_to_the_sweep() -> None:
    # 11 wilds is more than the suit table holds; a card held 3 times (3 packs) too.
    assert _suitdp.solve((JOKER,) * 9 + (10, 21, 32), 13, CoreConfig(packs=3)) is None
    assert _suitdp.solve((4, 4, 4, 5), 13, CoreConfig(packs=3)) is None
    assert _solver_core.min_deadwood((4, 4, 4, 5), 13, CoreConfig(packs=3)) == 8  # a book


def test_suit_table_books_the_two_copies_of_a_card_with_one_wild() -> None:
    sevens = [0] * _suits.NPOS
    sevens[4] = 2  # 7 7 of one suit
    assert _suits.runs_vector(sevens)[:3] == [14, 0, 0]
    p = 2 * _suits.POW3[4]
    assert list(_suits.table()[p * _suits.UW : p * _suits.UW + 3]) == [14, 0, 0]
    assert _suits.suit_runs(p, 1) == (((4, 4),), ())


def test_suit_decompositions_are_memoised_in_a_bounded_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_suitdp, "_MEMO_SIZE", 3)
    _suitdp.cache_clear()
    cfg = CoreConfig()
    memos = (_suitdp._INFO, _suitdp._ITEMS, _suitdp._PARETO)
    hands = [(0, 11, 22), (1, 12, 23, 34), (2, 13, 24, 35, 46), (3, 4, 5, 14, 25, 26, 36)]
    hands += [(3, 4, 5, 6, 14, 15, 16, 25, 26), (40, 41, 42, 43, 51, 52, 8, 9, 10, 19, 20)]
    hands += [(55, 3, 4, 14, 15, 25, 26, 36, 37), (55, 55, 0, 2, 11, 22, 23, 44)]
    for hand in hands:
        assert _suitdp.solve(hand, 13, cfg) == sweep(hand, 13, cfg)
        assert all(len(memo) <= 3 for memo in memos)
    assert all(memos)
    _suitdp.cache_clear(keep_tables=True)
    assert all(memos)
    _suitdp.cache_clear()
    assert not any(memos)
