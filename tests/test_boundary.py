"""Nothing a caller passes to the core-backed public API makes anything but a value or a
``FiveCrownsError`` come back, and no call makes the core panic (issue 49). The calls are
drawn by ``tests/boundary.py``; ``benchmarks/check_boundary.py`` makes 100,000 and more."""

from __future__ import annotations

import os
from collections.abc import Callable

import attrs
import numpy as np
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


_STATE = fc.GameState.new(players=2, seed=1)
#: Calls the long run found answering with TypeError, ValueError, OverflowError,
#: AttributeError, or aborting the interpreter (``Simulator(2**40)``: out of memory in the core).
FOUND: dict[str, Callable[[], object]] = {
    "a 0-d array as a hand": lambda: fc.min_deadwood(np.array(5), 5),
    "an int as min_deadwood_many's hands": lambda: fc.min_deadwood_many(5, 5),  # type: ignore[arg-type]
    "a GameState to sample_state": lambda: fc.sample_state(_STATE, 1),  # type: ignore[arg-type]
    "None to sample_state": lambda: fc.sample_state(None, 1),  # type: ignore[arg-type]
    "an array as rollouts' bots": lambda: fc.rollouts(_STATE, np.zeros(2)),  # type: ignore[arg-type]
    "an array as rollouts' until": lambda: fc.rollouts(_STATE, until=np.zeros(2)),  # type: ignore[arg-type]
    "an array as solitaire_dealt_piles": lambda: fc.Rules(solitaire_dealt_piles=np.zeros(2)),  # type: ignore[arg-type]
    "an array as tie_break": lambda: fc.Rules(tie_break=np.zeros(2)),  # type: ignore[arg-type]
    "an array as max_wilds_per_meld": lambda: fc.Rules(max_wilds_per_meld=np.zeros(2)),
    "2**40 games": lambda: fc.Simulator(2**40),
    "2**70 max_actions": lambda: fc.Simulator(1, max_actions=2**70),
    "a float as bots": lambda: fc.Simulator(1, players=2, bots=3.5),  # type: ignore[arg-type]
    "an array as a seat's bot": lambda: fc.Simulator(1, players=2, bots=[None, np.zeros(2)]),  # type: ignore[list-item]
    "an array as the engine": lambda: fc.Simulator(1, engine=np.zeros(2)),  # type: ignore[arg-type]
}


@pytest.mark.parametrize("what", sorted(FOUND))
def test_what_the_long_run_found_is_a_library_error(what: str) -> None:
    with pytest.raises(fc.FiveCrownsError):
        FOUND[what]()


#: Odd values for every option: numpy arrays (whose ``==`` is element-wise), containers,
#: bytes, floats and a bare object.
_JUNK_OPTIONS: tuple[object, ...] = (
    np.zeros(2),
    np.array(["shared", "win"]),
    [1],
    {},
    b"x",
    1.5,
    object(),
)


def _refusal(option: str, value: object) -> str | None:
    """The rules error ``Rules(option=value)`` raises, or None if it accepts the value."""
    try:
        fc.Rules(**{option: value})  # type: ignore[arg-type]
    except fc.InvalidRulesError as error:
        return str(error)
    return None


@pytest.mark.parametrize("option", [field.name for field in attrs.fields(fc.Rules)])
def test_every_rules_option_refuses_odd_values_with_a_rules_error(option: str) -> None:
    """Each option of :class:`Rules`, given each odd value, is an ``InvalidRulesError`` naming
    the option (or an accepted value), never numpy's or Python's own error (an array as
    ``solitaire_scoring`` raised numpy's ValueError)."""
    for junk in _JUNK_OPTIONS:
        refusal = _refusal(option, junk)
        assert refusal is None or option in refusal, refusal
