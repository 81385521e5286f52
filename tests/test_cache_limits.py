"""What the solver keeps between calls: ``clear_cache``, and the deprecated ``cache_info``
and ``set_cache_limit`` (the solver no longer has caches budgeted in bytes)."""

from __future__ import annotations

import tracemalloc

import pytest

import fivecrowns as fc
from fivecrowns.solver import _arrangement, _engine

HANDS = ["7H 8H 9H JK 5S 5D 5C QS", "3* 4* 5* 6* KD KH JK 9C 10C"]


def test_cache_info_and_set_cache_limit_are_deprecated_and_still_work() -> None:
    fc.best_arrangement(HANDS[0], 3)
    with pytest.deprecated_call():
        info = fc.cache_info()
    assert (info.limit, info.bytes) == (0, 0)
    assert info.entries == sum(cache.entries for cache in info.caches) > 0
    assert {cache.name for cache in info.caches} == {"solver.melds", "solver.compiled_rules"}
    with pytest.deprecated_call():
        fc.set_cache_limit(1 << 20)
    for bad in (-1, 1.5, "1M"):
        with pytest.raises(fc.FiveCrownsError, match="cache limit must be"):
            fc.set_cache_limit(bad)  # type: ignore[arg-type]


def test_clear_cache_empties_the_tables_and_changes_no_answer() -> None:
    before = [fc.best_arrangement(hand, 3) for hand in HANDS]
    assert _arrangement.MELDS
    fc.clear_cache()
    assert not _arrangement.MELDS
    assert [fc.best_arrangement(hand, 3) for hand in HANDS] == before


@pytest.mark.parametrize("compiled", [False, True])
def test_the_memory_stays_bounded_over_many_hands(compiled: bool) -> None:
    if compiled and _engine.COMPILED is None:
        pytest.skip("the compiled core is not built")
    deck = list(fc.deck())
    with _engine.running(compiled):
        fc.clear_cache()
        tracemalloc.start()
        try:
            for i in range(300):
                hand = deck[i % 100 : i % 100 + 10]
                fc.best_discard(hand, 3 + i % 11)
                fc.min_deadwood(hand, 3 + i % 11)
            held = tracemalloc.get_traced_memory()[0]
        finally:
            tracemalloc.stop()
            fc.clear_cache()
    # (the Python engine keeps nothing between calls; the melds handed out are a small table)
    assert held < 4 << 20
