"""The solver caches' byte budget: ``set_cache_limit``, ``cache_info`` and ``clear_cache``.

Every cache accounts an estimated size per entry and empties itself before it would go
over its share of the budget; the estimates are checked against what ``tracemalloc`` sees.
"""

from __future__ import annotations

import gc
import os
import random
import subprocess
import sys
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pytest

import fivecrowns as fc
from fivecrowns import _cache, _engine

ROOT = Path(__file__).resolve().parent.parent
MB = 1 << 20

try:
    import fivecrowns._core

    ENGINES = [False, True]
except ImportError:  # pragma: no cover - only without the build
    ENGINES = [False]

MELD_RULES = [
    {},
    {"distinct_suit_books": True},
    {"max_wilds_per_meld": 2},
    {"max_wilds_per_meld": "naturals", "all_wild_melds": False},
]


@pytest.fixture(autouse=True)
def _restore_limit() -> Iterator[None]:
    old = fc.cache_info().limit
    fc.clear_cache()
    try:
        yield
    finally:
        fc.set_cache_limit(old)
        fc.clear_cache()


def _hands(n: int, sizes: tuple[int, int], packs: int, seed: int) -> list[list[fc.Card]]:
    rng = random.Random(seed)
    deck = fc.deck(packs)
    return [rng.sample(deck, rng.randint(*sizes)) for _ in range(n)]


def _everything(hand: list[fc.Card], wild: int, rules: fc.Rules) -> tuple[object, ...]:
    """Every solver function on one hand (lists take the parsed-cards fast paths)."""
    card, rest = fc.best_discard(hand, wild, rules=rules)
    return (
        fc.min_deadwood(hand, wild, rules=rules),
        fc.best_arrangement(hand, wild, rules=rules),
        card,
        rest,
        fc.deadwood_by_discard(hand, wild, rules=rules),
        fc.can_go_out(hand, wild, rules=rules),
        fc.can_meld_all(hand, wild, rules=rules),
        fc.min_deadwood_many([hand], wild, rules=rules).tolist(),
    )


def _within(info: fc.CacheInfo) -> None:
    assert info.bytes <= info.limit
    assert info.bytes == sum(cache.bytes for cache in info.caches)
    assert info.entries == sum(cache.entries for cache in info.caches)
    for cache in info.caches:
        assert 0 <= cache.bytes <= cache.limit, cache
    assert sum(cache.limit for cache in info.caches) <= info.limit


def _held() -> int:
    """The Python-side bytes the caches hold: what emptying them gives back."""
    gc.collect()
    before = tracemalloc.get_traced_memory()[0]
    fc.clear_cache()
    gc.collect()
    return before - tracemalloc.get_traced_memory()[0]


def test_cache_info_is_a_frozen_summary() -> None:
    info = fc.cache_info()
    assert isinstance(info, fc.CacheInfo)
    assert all(isinstance(cache, fc.CacheStats) for cache in info.caches)
    names = [cache.name for cache in info.caches]
    assert len(set(names)) == len(names)
    assert {"solver.min_deadwood", "solver.melds", "discards.arrange", "suitdp.tables"} <= set(
        names
    )
    with pytest.raises(AttributeError):
        info.limit = 1  # type: ignore[misc]
    assert info == fc.cache_info()


def test_default_budget_is_under_64_megabytes() -> None:
    assert _cache.DEFAULT_LIMIT < 64 * 10**6
    assert sum(found.share for found in _cache._ACCOUNTS) == pytest.approx(1.0)


@pytest.mark.parametrize("compiled", ENGINES)
def test_accounting_grows_with_distinct_hands(compiled: bool) -> None:
    with _engine.running(compiled):
        fc.clear_cache()
        sizes = []
        for hand in _hands(40, (13, 14), 2, 1):
            _everything(hand, 9, fc.OFFICIAL)
            sizes.append(fc.cache_info().bytes)
        assert sizes == sorted(sizes)
        assert sizes[-1] > sizes[0] > 0
        # the same hands again: all hits, nothing more is stored
        for hand in _hands(40, (13, 14), 2, 1):
            _everything(hand, 9, fc.OFFICIAL)
        assert fc.cache_info().bytes == sizes[-1]


@pytest.mark.parametrize("compiled", ENGINES)
@pytest.mark.parametrize("options", MELD_RULES, ids=lambda o: ",".join(o) or "default")
def test_caches_stay_within_a_small_limit(compiled: bool, options: dict[str, object]) -> None:
    # the pure engine's house rules are slow: fewer hands there, and a smaller limit
    n = 150 if compiled or not options else 40
    limit = MB if n == 150 else MB // 8
    tracemalloc.start()
    try:
        with _engine.running(compiled):
            fc.set_cache_limit(limit)
            fc.clear_cache()
            last: dict[str, int] = {}
            emptied = set()
            for packs, sizes, count in ((2, (13, 14), n), (3, (14, 15), n // 10)):
                rules = fc.Rules(packs=packs, **options)  # type: ignore[arg-type]
                rng = random.Random(2)
                for hand in _hands(count, sizes, packs, 3):
                    _everything(hand, rng.randint(3, 13), rules)
                    info = fc.cache_info()
                    _within(info)
                    for cache in info.caches:
                        if cache.bytes < last.get(cache.name, 0):
                            emptied.add(cache.name)
                        last[cache.name] = cache.bytes
                fc.outs(hand[:12], 5, rules=rules)
                _within(fc.cache_info())
            held = _held()
            assert emptied  # the limit was reached, and kept
            if n == 150:
                assert "solver.melds" in emptied
                assert compiled or "discards.arrange" in emptied
    finally:
        tracemalloc.stop()
    # the estimates are at least the real sizes (a little slack for the allocator's rounding)
    assert held <= limit * 1.05, held
    assert fc.cache_info().bytes == 0


@pytest.mark.parametrize("compiled", ENGINES)
def test_estimates_match_tracemalloc(compiled: bool) -> None:
    """Each cache's estimate is at least what it really holds, and not wildly more."""
    tracemalloc.start()
    try:
        with _engine.running(compiled):
            fc.clear_cache()
            for hand in _hands(200 if compiled else 60, (13, 14), 2, 4):
                _everything(hand, 7, fc.OFFICIAL)
            gc.collect()
            for found in list(_cache._ACCOUNTS):
                estimated = found.bytes
                before = tracemalloc.get_traced_memory()[0]
                found.clear()
                gc.collect()
                real = before - tracemalloc.get_traced_memory()[0]
                if estimated > 20_000:  # enough entries to average out the dict's growth
                    assert 0.35 * estimated <= real <= 1.05 * estimated, (found.name, real)
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("compiled", ENGINES)
def test_results_do_not_depend_on_the_limit(compiled: bool) -> None:
    cases = []
    for options in MELD_RULES:
        rules = fc.Rules(**options)  # type: ignore[arg-type]
        rng = random.Random(5)
        count = 25 if compiled or not options else 8
        cases += [(hand, rng.randint(3, 13), rules) for hand in _hands(count, (13, 14), 2, 6)]
    with _engine.running(compiled):
        fc.clear_cache()
        expected = [_everything(*case) for case in cases]
        for limit in (0, 4096, 64 << 10):
            fc.set_cache_limit(limit)
            fc.clear_cache()
            assert [_everything(*case) for case in cases] == expected
            # and again, with whatever the small caches kept
            assert [_everything(*case) for case in cases] == expected
            _within(fc.cache_info())
        fc.set_cache_limit(0)
        assert fc.cache_info().entries == 0


def test_clear_cache_empties_everything() -> None:
    for compiled in ENGINES:
        with _engine.running(compiled):
            for hand in _hands(10, (13, 14), 2, 7):
                _everything(hand, 5, fc.OFFICIAL)
    assert fc.cache_info().entries > 0
    fc.clear_cache()
    info = fc.cache_info()
    assert info.bytes == 0
    assert info.entries == 0
    assert all(cache.bytes == cache.entries == 0 for cache in info.caches)


def test_lowering_the_limit_empties_caches_over_their_share() -> None:
    for hand in _hands(30, (13, 14), 2, 8):
        _everything(hand, 5, fc.OFFICIAL)
    assert fc.cache_info().bytes > 0
    fc.set_cache_limit(0)
    info = fc.cache_info()
    assert info.limit == 0
    assert info.bytes == 0
    assert info.entries == 0
    fc.set_cache_limit(10 * MB)
    assert fc.cache_info().limit == 10 * MB


@pytest.mark.parametrize("bad", [-1, 1.5, "1M", None, True, 2.0])
def test_set_cache_limit_refuses_bad_values(bad: object) -> None:
    old = fc.cache_info().limit
    with pytest.raises(fc.FiveCrownsError, match="cache limit") as caught:
        fc.set_cache_limit(bad)  # type: ignore[arg-type]
    assert isinstance(caught.value, ValueError)
    assert fc.cache_info().limit == old


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (None, _cache.DEFAULT_LIMIT),
        ("", _cache.DEFAULT_LIMIT),
        ("12345", 12345),
        ("0", 0),
        ("32M", 32 * MB),
        ("32MiB", 32 * MB),
        ("512k", 512 << 10),
        (" 1G ", 1 << 30),
    ],
)
def test_environment_variable_values(text: str | None, expected: int) -> None:
    assert _cache._from_env(text) == expected


@pytest.mark.parametrize("text", ["lots", "-5", "1.5M", "M"])
def test_environment_variable_refuses_bad_values_with_a_warning(text: str) -> None:
    with pytest.warns(RuntimeWarning, match="FIVECROWNS_CACHE_BYTES"):
        assert _cache._from_env(text) == _cache.DEFAULT_LIMIT


def test_environment_variable_sets_the_budget() -> None:
    env = dict(os.environ, FIVECROWNS_CACHE_BYTES="2M", PYTHONPATH=str(ROOT / "src"))
    out = subprocess.run(
        [sys.executable, "-c", "import fivecrowns as fc; print(fc.cache_info().limit)"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert int(out.stdout) == 2 * MB
