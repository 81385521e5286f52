"""Nothing a caller passes to the core-backed public API makes anything but a value or a
``FiveCrownsError`` come back, and no call makes the core panic (issue 49). The calls are
drawn by ``tests/boundary.py``; ``benchmarks/check_boundary.py`` makes 100,000 and more."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fivecrowns as fc
from boundary import ENTRIES

core = pytest.importorskip("fivecrowns._core") if fc.core_info().compiled else None
EXAMPLES = int(os.environ.get("FIVECROWNS_BOUNDARY_EXAMPLES", "150"))


def _panics() -> int:
    return 0 if core is None else int(core.panic_count())


def test_the_panic_count_sees_a_panic() -> None:
    if core is None:
        pytest.skip("the Python engine has no panics to count")
    before = core.panic_count()
    with pytest.raises(BaseException, match="on purpose"):
        core.panic_for_test("on purpose")
    assert core.panic_count() == before + 1


@pytest.mark.parametrize("entry", sorted(ENTRIES))
def test_any_arguments_get_a_value_or_a_library_error_and_no_panic(entry: str) -> None:
    before = _panics()

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        database=None,
    )
    @given(st.data())
    def run(data: st.DataObject) -> None:
        data.draw(ENTRIES[entry]())

    run()
    assert _panics() == before
