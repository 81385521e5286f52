"""The core-backed objects under concurrent use from several threads (issue 49: "the
thread-safety of every core-backed object is documented and tested").

- A :class:`~fivecrowns.Simulator` is safe to share: its calls take turns (one lock per
  simulator), so concurrent reads answer as a lone thread would, and concurrent steps never
  fail for being concurrent (a step may still be refused as illegal when another thread
  stepped first: that is the caller's race, and it changes nothing).
- ``GameState``, views, rules, cards and melds are immutable; the solver functions, the
  batched ``min_deadwood_many`` and ``rollouts`` keep no state a caller shares: concurrent
  calls give the answers of one thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

import numpy as np
import pytest

import fivecrowns as fc

T = TypeVar("T")
THREADS = 4


def _together(work: Callable[[int], T], threads: int = THREADS) -> list[T | BaseException]:
    """``work(k)`` in ``threads`` threads started together; each one's result or error."""
    start = threading.Barrier(threads)
    results: list[T | BaseException] = [RuntimeError("did not run")] * threads

    def run(k: int) -> None:
        start.wait()
        try:
            results[k] = work(k)
        except BaseException as error:
            results[k] = error

    pool = [threading.Thread(target=run, args=(k,)) for k in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    return results


def _simulator() -> fc.Simulator:
    return fc.Simulator(64, players=4, bots=[None, "greedy", "greedy", "greedy"], seed=3)


def test_a_simulator_shared_by_threads_reads_without_failing_and_answers_as_one_thread() -> None:
    sim = _simulator()
    alone = (sim.observation().copy(), sim.legal_action_mask().copy(), sim.current_player.copy())

    def read(k: int) -> int:
        # (the arrays are the simulator's buffers: another thread's call may be rewriting
        # one while this thread looks, so only what the calls raise is checked here)
        for i in range(150):
            [sim.observation, sim.legal_action_mask, sim.legal_actions][(i + k) % 3]()
        return 150

    assert _together(read) == [150] * THREADS
    # once the threads are done, the buffers hold what a lone thread reads
    assert np.array_equal(sim.observation(), alone[0])
    assert np.array_equal(sim.legal_action_mask(), alone[1])
    assert np.array_equal(sim.current_player, alone[2])


def test_a_simulator_shared_by_threads_steps_without_failing_for_concurrency() -> None:
    sim = _simulator()

    def play(k: int) -> tuple[int, int]:
        rng, steps, stale = np.random.default_rng(k), 0, 0
        for i in range(120):
            if i % 4 == 0:
                sim.observation()
            elif i % 4 == 1:
                sim.legal_actions()
            else:
                try:
                    sim.step(sim.sample(rng))
                    steps += 1
                except fc.IllegalActionError:
                    stale += 1  # another thread stepped between this sample and its step
        return steps, stale

    results = _together(play)
    assert all(isinstance(result, tuple) for result in results), results
    assert sum(steps for steps, _ in results) > 0  # type: ignore[misc]
    # the games went on and are still games: every one waits for the caller's seat
    assert set(sim.current_player.tolist()) == {0}


def test_a_step_refused_as_illegal_under_concurrency_changes_nothing() -> None:
    sim = _simulator()
    before = sim.observation().copy()
    stale = np.full(sim.num_games, -5, dtype=np.int64)  # never legal

    def refuse(k: int) -> str:
        with pytest.raises(fc.IllegalActionError) as raised:
            sim.step(stale)
        return type(raised.value).__name__

    assert _together(refuse) == ["IllegalActionError"] * THREADS
    assert np.array_equal(sim.observation(), before)


def test_the_solver_and_states_answer_under_threads_as_one_thread_does() -> None:
    rng = np.random.default_rng(7)
    deck = fc.deck(2)
    hands = [tuple(deck[i] for i in rng.choice(len(deck), 11, replace=False)) for _ in range(60)]
    state = fc.GameState.new(players=3, seed=5)
    alone = (
        fc.min_deadwood_many(hands, 11).tolist(),
        [fc.best_discard(hand, 11) for hand in hands[:20]],
        fc.rollouts(state, n=8, seed=2).tolist(),
        [str(action) for action in state.legal_actions()],
    )

    def solve(k: int) -> tuple[object, ...]:
        return (
            fc.min_deadwood_many(hands, 11, threads=2).tolist(),
            [fc.best_discard(hand, 11) for hand in hands[:20]],
            fc.rollouts(state, n=8, seed=2).tolist(),
            [str(action) for action in state.legal_actions()],
        )

    assert _together(solve) == [alone] * THREADS
