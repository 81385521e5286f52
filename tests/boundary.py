"""Calls of the core-backed public API with arguments of every kind, for the boundary tests
(``tests/test_boundary.py``) and the long run (``benchmarks/check_boundary.py``).

Each *entry* draws its arguments from :func:`junk` (wrong types, odd numbers, odd numpy
arrays: read-only, non-contiguous, of any dtype and shape) mixed with plausible ones, and
makes one or more calls. A call may return or raise a :class:`~fivecrowns.FiveCrownsError`
subclass; anything else, and any panic of the core, is a failure that :func:`call` reports
with the call that caused it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import attrs
import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import fivecrowns as fc

CALLS = [0]  # how many calls were made (the long run reports it)
_COUNT = threading.Lock()
_DECK = fc.deck(2)
_STATE = fc.GameState.new(players=3, seed=11)
_LATER = _STATE.apply(_STATE.legal_actions()[0])


class BoundaryError(AssertionError):
    """A call answered with something other than a value or a ``FiveCrownsError``."""


def call(what: str, function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """``function(*args, **kwargs)``, failing unless it returns or raises a
    ``FiveCrownsError`` (the result, or None after a refusal)."""
    with _COUNT:
        CALLS[0] += 1
    try:
        return function(*args, **kwargs)
    except fc.FiveCrownsError:
        return None
    except BaseException as error:
        raise BoundaryError(
            f"{what}(*{args!r:.300}, **{kwargs!r:.300}) raised {type(error).__module__}."
            f"{type(error).__name__}: {error}"
        ) from error


def _odd_array() -> st.SearchStrategy[np.ndarray[Any, Any]]:
    dtypes = st.sampled_from(
        [np.bool_, np.int8, np.uint8, np.int32, np.int64, np.uint64, np.float32, np.float64]
    )
    base = hnp.arrays(dtypes, hnp.array_shapes(min_dims=0, max_dims=3, max_side=70))

    def oddly(array: np.ndarray[Any, Any], how: int) -> np.ndarray[Any, Any]:
        if how == 1 and array.ndim:
            array = array[::2]  # not contiguous
        elif how == 2:
            array = np.asfortranarray(array)
        elif how == 3:
            array = array.copy()
            array.flags.writeable = False
        return array

    return st.builds(oddly, base, st.integers(0, 3))


_CARDS = st.sampled_from(_DECK)
_HANDS = st.lists(_CARDS, min_size=0, max_size=20).map(tuple)


def junk() -> st.SearchStrategy[Any]:
    """Anything at all a caller might pass, plausible or not."""
    return st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-3, 60),
        st.integers(-(2**70), 2**70),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=12),
        st.text(alphabet="0123456789JQKHCSD*JK ", max_size=30),
        st.binary(max_size=8),
        st.lists(st.integers(-5, 70), max_size=8),
        _HANDS,
        _HANDS.map(fc.format_cards),
        _odd_array(),
        st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
        st.just(object()),
        st.builds(np.int64, st.integers(-5, 60)),
        st.just(_STATE),
        st.just(_STATE.view(0)),
    )


def _hand() -> st.SearchStrategy[Any]:
    return st.one_of(_HANDS, _HANDS.map(fc.format_cards), junk())


def _wild() -> st.SearchStrategy[Any]:
    return st.one_of(st.integers(0, 14), st.sampled_from(list(fc.Rank)), junk())


def _rules() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.just(fc.OFFICIAL), st.just(fc.Rules(lay_off=True)), st.just(fc.Rules(packs=3)), junk()
    )


_SOLVER = [
    fc.min_deadwood,
    fc.best_arrangement,
    fc.best_discard,
    fc.deadwood_by_discard,
    fc.can_go_out,
    fc.can_meld_all,
    fc.outs,
]


@st.composite
def solver_calls(draw: st.DrawFn) -> None:
    """One solver function on a hand, a wild rank and rules of any kind."""
    function = draw(st.sampled_from(_SOLVER))
    call(function.__name__, function, draw(_hand()), draw(_wild()), rules=draw(_rules()))


@st.composite
def batch_calls(draw: st.DrawFn) -> None:
    """``min_deadwood_many`` on hands or count arrays of any kind."""
    hands = draw(
        st.one_of(
            st.lists(_hand(), max_size=5),
            hnp.arrays(
                np.int64,
                st.tuples(st.integers(0, 4), st.integers(50, 60)),
                elements=st.integers(-1, 3),
            ),
            junk(),
        )
    )
    threads = draw(st.one_of(st.just(1), st.integers(0, 300), junk()))
    call("min_deadwood_many", fc.min_deadwood_many, hands, draw(_wild()), threads=threads)


@st.composite
def state_calls(draw: st.DrawFn) -> None:
    """A game made from arguments of any kind, then actions and views of any kind."""
    state = call(
        "GameState.new",
        fc.GameState.new,
        draw(st.one_of(st.integers(1, 8), junk())),
        rules=draw(_rules()),
        seed=draw(st.one_of(st.integers(0, 2**64), junk())),
    )
    state = state if isinstance(state, fc.GameState) else draw(st.sampled_from([_STATE, _LATER]))
    for _ in range(draw(st.integers(1, 6))):
        legal = state.legal_actions()
        action = draw(st.one_of(st.sampled_from(legal), st.integers(-3, 400), junk()))
        after = call("GameState.apply", state.apply, action)
        state = after if isinstance(after, fc.GameState) else state
        call("GameState.view", state.view, draw(st.one_of(st.integers(-2, 8), junk())))


def _step_sampled(sim: fc.Simulator, rng: np.random.Generator) -> fc.Step:
    return sim.step(sim.sample(rng))


@st.composite
def simulator_calls(draw: st.DrawFn) -> None:
    """A simulator made from arguments of any kind, then calls with arrays of any kind."""
    players = draw(st.one_of(st.integers(1, 8), junk()))
    sim = call(
        "Simulator",
        fc.Simulator,
        draw(st.one_of(st.integers(1, 8), junk())),
        players=players,
        bots=draw(
            st.one_of(
                st.just(None), st.lists(st.sampled_from([None, "greedy", "x"]), max_size=8), junk()
            )
        ),
        seed=draw(st.one_of(st.integers(0, 2**63), junk())),
        max_actions=draw(st.one_of(st.none(), st.integers(-1, 50), junk())),
        engine=draw(st.one_of(st.sampled_from(["auto", "core", "python"]), junk())),
    )
    if not isinstance(sim, fc.Simulator):
        sim = fc.Simulator(3, players=2, bots=[None, "greedy"], seed=draw(st.integers(0, 99)))
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.integers(0, 6))
        if kind == 0:
            call("Simulator.step", sim.step, draw(st.one_of(st.just(None), junk())))
        elif kind == 1:
            rng = np.random.default_rng(draw(st.integers(0, 9)))
            call("Simulator.step", _step_sampled, sim, rng)
        elif kind == 2:
            call("Simulator.observation", sim.observation, draw(st.one_of(st.none(), junk())))
        elif kind == 3:
            call("Simulator.deal_next", sim.deal_next, draw(junk()))
        elif kind == 4:
            output = draw(st.sampled_from(["observation", "legal_action_mask", "legal_actions"]))
            returned = call(f"Simulator.{output}", getattr(sim, output))
            for array in (
                returned
                if isinstance(returned, tuple)
                else (returned,) * bool(returned is not None)
            ):
                array.flags.writeable = False  # a caller freezing the buffers it was given
            call(f"Simulator.{output}", getattr(sim, output))
        elif kind == 5:
            call("Simulator.state", sim.state, draw(st.one_of(st.integers(-2, 9), junk())))
        else:
            call("Simulator.reset", sim.reset, draw(st.one_of(st.integers(0, 9), junk())))


@st.composite
def rollout_calls(draw: st.DrawFn) -> None:
    """``rollouts`` and ``sample_state`` with arguments of any kind."""
    start = draw(st.one_of(st.sampled_from([_STATE, _LATER, _STATE.view(1)]), junk()))
    call(
        "rollouts",
        fc.rollouts,
        start,
        draw(st.one_of(st.sampled_from(["greedy", "random", "strong"]), junk())),
        n=draw(st.one_of(st.integers(0, 6), junk())),
        seed=draw(st.one_of(st.integers(0, 2**64), junk())),
        until=draw(st.one_of(st.sampled_from(["round", "game"]), junk())),
        horizon=draw(st.one_of(st.none(), st.integers(-1, 9), junk())),
        upcard=draw(st.one_of(st.none(), st.none(), _CARDS, junk())),
    )
    view = draw(st.one_of(st.just(_LATER.view(0)), junk()))
    call(
        "sample_state",
        fc.sample_state,
        view,
        draw(st.one_of(st.integers(0, 99), junk())),
        upcard=draw(st.one_of(st.none(), _CARDS, junk())),
    )


_FIELDS = [field.name for field in attrs.fields(fc.Rules)]


@st.composite
def rules_calls(draw: st.DrawFn) -> None:
    """Rules with one option of any kind, then a hand, a game and a simulator under them."""
    name = draw(st.sampled_from(_FIELDS))
    rules = call("Rules", fc.Rules, **{name: draw(st.one_of(st.integers(0, 9), junk()))})
    if isinstance(rules, fc.Rules):
        call("min_deadwood", fc.min_deadwood, draw(_hand()), draw(_wild()), rules=rules)
        call("GameState.new", fc.GameState.new, 2, rules=rules, seed=draw(st.integers(0, 9)))
        call("Simulator", fc.Simulator, 2, players=2, rules=rules)


ENTRIES = {
    "rules": rules_calls,
    "solver": solver_calls,
    "batch": batch_calls,
    "state": state_calls,
    "simulator": simulator_calls,
    "rollouts": rollout_calls,
}
