"""Rollouts: the core plays them as the Python engine does (the same scores for the same seeds,
from states and from views), sampled states are consistent with the view and use nothing
hidden, and calls are deterministic."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fivecrowns as fc
from fivecrowns.bots.rollout import play_out, rollout_seed, rollouts, sample_state
from fivecrowns.cards import deck
from fivecrowns.game import _engine as game_engine
from fivecrowns.game._checks import check_fields
from fivecrowns.game._scoring import hand_points
from fivecrowns.solver import _engine as solver_engine
from game_twins import python_state, random_rules

CORE = fc.core_info().compiled


def _played(rules: fc.Rules, players: int, seed: int, steps: int) -> fc.GameState:
    """A state reached by ``steps`` random actions (or fewer, if the game ends)."""
    rng = random.Random(seed)
    state = fc.GameState.new(players, rules=rules, seed=seed)
    for _ in range(steps):
        legal = state.legal_actions()
        after = state.apply(rng.choice(legal))
        if after.is_over:
            break
        state = after
    return state


@pytest.mark.skipif(not CORE, reason="the compiled core is not in use")
@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**63 - 1), st.sampled_from(["round", "game"]), st.booleans())
def test_the_core_plays_the_rollouts_the_python_engine_plays(
    seed: int, until: str, from_view: bool
) -> None:
    rng = random.Random(seed)
    rules = random_rules(rng)
    players = rng.randint(2, min(4, rules.max_players))
    state = _played(rules, players, seed, rng.randint(0, 80))
    bots = [rng.choice(["random", "greedy", "strong"]) for _ in range(players)]
    start = state.view(rng.randrange(players)) if from_view else state
    improve = from_view and rng.random() < 0.5
    horizon = rng.choice([None, 0, 1, 3, 8]) if until == "round" else None
    rounds_out = until == "game" and rng.random() < 0.5
    kwargs = {
        "n": 3, "seed": seed, "until": until, "improve": improve, "horizon": horizon,
        "rounds_out": rounds_out,
    }  # fmt: skip
    core = rollouts(start, bots, **kwargs)  # type: ignore[arg-type]
    with solver_engine.running(False):
        python = rollouts(start, bots, **kwargs)  # type: ignore[arg-type]
    assert np.array_equal(core, python)


def test_a_horizon_scores_each_hand_by_its_least_deadwood_once_its_turns_have_begun() -> None:
    # a turn begins when its player is to draw: with horizon 0 a state whose player is to
    # draw is scored at once, and after a first discard the next player's turn is the first
    state = _to_act(3, 3)
    while state.phase is not fc.Phase.DRAW:
        state = state.apply(state.legal_actions()[0])
    assert state.went_out is None

    def least(of: fc.GameState) -> list[int]:
        return [
            fc.min_deadwood(of.hand(seat), of.wild_rank, rules=of.rules)
            for seat in range(of.players)
        ]

    assert rollouts(state, "greedy", n=5, seed=1, horizon=0).tolist() == [least(state)] * 5
    taken = state.apply("draw")
    discard = [a for a in taken.legal_actions() if a.kind is fc.ActionKind.DISCARD][-1]
    found = rollouts(taken, "greedy", n=3, seed=2, horizon=0, actions=[discard])
    assert found[0].tolist() == [least(taken.apply(discard))] * 3
    for horizon in range(1, 12):
        found = rollouts(state, "greedy", n=4, seed=7, horizon=horizon)
        for index in range(4):
            expected = play_out(state, ["greedy"] * 3, rollout_seed(7, index), "round", horizon)
            assert list(found[index]) == expected
    # a horizon past the round's end plays the round out
    whole = rollouts(state, "greedy", n=4, seed=7)
    assert np.array_equal(rollouts(state, "greedy", n=4, seed=7, horizon=10_000), whole)
    # and a few turns stop some rollouts before the round ends: those score the hands then
    early = rollouts(state, "greedy", n=40, seed=7, horizon=2)
    assert not np.array_equal(early, rollouts(state, "greedy", n=40, seed=7))


def test_a_rollout_is_the_state_played_on_with_its_seed() -> None:
    state = _played(fc.Rules.short_game(3), 3, 5, 30)
    scores = rollouts(state, ["greedy", "random", "greedy"], n=4, seed=2)
    for index in range(4):
        expected = play_out(state, ["greedy", "random", "greedy"], rollout_seed(2, index), "round")
        assert list(scores[index]) == expected
    assert np.array_equal(scores, rollouts(state, ["greedy", "random", "greedy"], n=4, seed=2))
    whole = rollouts(state, "random", n=20, seed=3, until="game")
    assert len({tuple(row) for row in whole}) > 1  # each rollout has its own luck
    assert (whole >= np.array(state.scores)).all()  # totals only grow (no go-out bonus)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**63 - 1))
def test_a_sampled_state_is_consistent_with_the_view(seed: int) -> None:
    rng = random.Random(seed)
    rules = fc.Rules.short_game(rng.randint(1, 4), packs=rng.choice([1, 2, 3]))
    players = rng.randint(2, 4)
    state = _played(rules, players, seed, rng.randint(0, 60))
    me = rng.randrange(players)
    view = state.view(me)
    for improve in (False, True):
        sampled = sample_state(view, rng.getrandbits(63), improve=improve)
        check_fields(sampled)
        assert sampled.view(me) == view
        cards = [*sampled.stock, *sampled.discard_pile]
        cards += [card for hand in sampled.hands for card in hand]
        cards += [card for placed in sampled.table for card in placed.meld.cards]
        assert Counter(cards) == Counter(deck(rules.packs))
        assert sampled.round_scores == state.round_scores or state.went_out is not None


@pytest.mark.parametrize("by_hand", [False, True], ids=["lay_off", "laid_down_by_hand"])
def test_states_are_sampled_where_cards_were_laid_down_or_off(by_hand: bool) -> None:
    """Under ``lay_off`` and with hands laid down by hand, in final laps too: the sampled
    state passes every check of a state's fields, its view is the view sampled from, every
    card is somewhere once, what was laid down or off stays on the table, and each finished
    hand is scored as the engine scores it."""
    rules = fc.Rules.short_game(4, lay_off=True, auto_arrange_final_hand=not by_hand)
    laid_off = final = 0
    for game in range(6):
        state = fc.GameState.new(3, rules=rules, seed=game)
        bots = [fc.GreedyBot() if seat else fc.StrongBot() for seat in range(3)]
        rng = random.Random(game)
        while not state.is_over:
            if state.went_out is not None or rng.random() < 0.1:
                final += state.went_out is not None
                laid_off += any(state.laid_off)
                for me in range(3):
                    view = state.view(me)
                    sampled = sample_state(view, rng.getrandbits(63))
                    check_fields(sampled)  # (raises InvalidStateError saying what is wrong)
                    assert sampled.view(me) == view
                    assert sampled.table == state.table
                    assert sampled.laid_off == state.laid_off
                    for seat in range(3):
                        assert len(sampled.hands[seat]) == len(state.hands[seat])
                        if state.round_scores[seat] is not None and seat != state.went_out:
                            points = hand_points(sampled.hands[seat], state.wild_rank, rules)
                            assert sampled.round_scores[seat] == points
                    cards = [*sampled.stock, *sampled.discard_pile]
                    cards += [card for hand in sampled.hands for card in hand]
                    cards += [card for placed in sampled.table for card in placed.meld.cards]
                    assert Counter(cards) == Counter(deck(rules.packs))
            seat = state.current
            state = state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
    assert final > 20
    assert laid_off > 0


def test_sampling_uses_nothing_hidden() -> None:
    # two states alike to player 0 (the other hands and the stock shuffled between them)
    state = _played(fc.Rules(), 3, 8, 12)
    hidden = [*state.hands[1], *state.hands[2], *state.stock]
    random.Random(1).shuffle(hidden)
    sizes = len(state.hands[1]), len(state.hands[2])
    other = attrs.evolve(
        state,
        hands=(
            state.hands[0],
            tuple(sorted(hidden[: sizes[0]], key=lambda c: c.code)),
            tuple(sorted(hidden[sizes[0] : sizes[0] + sizes[1]], key=lambda c: c.code)),
        ),
        stock=tuple(hidden[sizes[0] + sizes[1] :]),
    )
    assert other.view(0) == state.view(0)
    assert other != state
    for improve in (False, True):
        assert sample_state(other.view(0), 4, improve=improve) == sample_state(
            state.view(0), 4, improve=improve
        )
        assert np.array_equal(
            rollouts(other.view(0), "greedy", n=5, seed=6, improve=improve),
            rollouts(state.view(0), "greedy", n=5, seed=6, improve=improve),
        )


def test_known_cards_stay_where_the_view_saw_them_go() -> None:
    state = fc.GameState.new(players=2, seed=5).apply("draw").apply("discard 3S").apply("take")
    sampled = sample_state(state.view(0), 9)
    assert fc.Card.parse("3S") in sampled.hands[1]


def test_bad_calls_are_refused_with_what_is_accepted() -> None:
    state = fc.GameState.new(players=2, seed=1)
    with pytest.raises(fc.FiveCrownsError, match="n must be"):
        rollouts(state, n=0)
    with pytest.raises(fc.FiveCrownsError, match="until must be"):
        rollouts(state, until="turn")  # type: ignore[arg-type]
    with pytest.raises(fc.FiveCrownsError, match="bots must be"):
        rollouts(state, ["greedy"])
    with pytest.raises(fc.FiveCrownsError, match="GameState or a PlayerView"):
        rollouts("state", n=1)  # type: ignore[arg-type]
    with pytest.raises(fc.FiveCrownsError, match="improve must be True or False, got 'yes'"):
        sample_state(state.view(0), 1, improve="yes")  # type: ignore[arg-type]
    with pytest.raises(fc.FiveCrownsError, match="improve must be True or False, got 1"):
        rollouts(state.view(0), improve=1)  # type: ignore[arg-type]
    with pytest.raises(fc.FiveCrownsError, match="a GameState hides nothing"):
        rollouts(state, improve=True)
    with pytest.raises(fc.FiveCrownsError, match="horizon must be None or an int from 0"):
        rollouts(state, horizon=-1)
    with pytest.raises(fc.FiveCrownsError, match="horizon must be None or an int from 0"):
        rollouts(state, horizon="8")  # type: ignore[arg-type]
    with pytest.raises(fc.FiveCrownsError, match="until must be 'round', got 'game'"):
        rollouts(state, until="game", horizon=8)
    with pytest.raises(fc.FiveCrownsError, match="rounds_out must be True or False, got 1"):
        rollouts(state, until="game", rounds_out=1)  # type: ignore[arg-type]
    with pytest.raises(fc.FiveCrownsError, match="so until must be 'game', got 'round'"):
        rollouts(state, rounds_out=True)


@pytest.mark.parametrize("compiled", [True, False] if CORE else [False])
def test_rounds_out_follow_the_totals_and_count_each_seats_rounds_gone_out(
    compiled: bool,
) -> None:
    rules = fc.Rules.short_game(3)
    state = _played(rules, 3, 4, 40)  # (in round 1 or 2)
    view = state.view(state.current)
    act = [state.legal_actions()[0]]
    with solver_engine.running(compiled):
        totals = rollouts(view, "strong", n=20, seed=6, until="game")
        found = rollouts(view, "strong", n=20, seed=6, until="game", rounds_out=True)
        first = rollouts(view, "strong", n=20, seed=6, until="game", rounds_out=True, actions=act)
    assert found.shape == (20, 6)
    assert np.array_equal(found[:, :3], totals)
    assert first.shape == (1, 20, 6)
    with solver_engine.running(compiled):
        after = rollouts(view, "strong", n=20, seed=6, until="game", actions=act)
    assert np.array_equal(first[:, :, :3], after)
    before = sum(result.went_out is not None for result in view.results)
    # (each of the three rounds has at most one player out; the earlier ones count)
    assert (found[:, 3:].sum(axis=1) <= 3).all()
    assert (found[:, 3:].sum(axis=1) >= before).all()
    assert found[:, 3:].sum() > 20 * 2  # (most rounds have somebody out)


@pytest.mark.skipif(not CORE, reason="the compiled core is not in use")
def test_the_core_refuses_more_rollouts_than_a_call_may_play() -> None:
    """Called directly, the core's rollouts refuse a count beyond ``MAX_ROLLOUTS`` (times the
    first actions) with a ValueError, before allocating anything."""
    from fivecrowns import _core
    from fivecrowns.bots.rollout import MAX_ROLLOUTS
    from fivecrowns.game import _core_game

    game = _core_game.core_game(fc.GameState.new(players=2, seed=1))
    greedy, nobody = ["greedy", "greedy"], [[], []]
    for count, firsts in ((2**62, []), (MAX_ROLLOUTS + 1, []), (MAX_ROLLOUTS // 2 + 1, [0, 1])):
        with pytest.raises(ValueError, match="at most 10000000 rollouts"):
            _core.rollouts([game], greedy, 1, count, False, firsts)
        with pytest.raises(ValueError, match="at most 10000000 rollouts"):
            _core.view_rollouts(
                game,
                nobody,
                nobody,
                [0, 0],
                [False] * 2,
                [0, 0],
                [],
                greedy,
                1,
                count,
                False,
                firsts,
            )
    assert _core.rollouts([game], greedy, 1, 3, False, []).shape == (3, 2)
    with pytest.raises(ValueError, match="a horizon stops a rollout within the round"):
        _core.rollouts([game], greedy, 1, 3, True, [], 8)
    with pytest.raises(fc.InvalidHandError, match="improved at most 1000 times"):
        _core.view_rollouts(
            game,
            nobody,
            nobody,
            [0, 2],
            [False] * 2,
            [0, 1001],
            list(range(9)),
            greedy,
            1,
            1,
            False,
            [],
        )


def _strong_views(games: int) -> list[tuple[fc.GameState, fc.PlayerView]]:
    """States of four-player games of StrongBots before each draw of seat 0, with its view."""
    found = []
    for game in range(games):
        state = fc.GameState.new(4, rules=fc.Rules.short_game(8), seed=game)
        bots = [fc.StrongBot() for _ in range(4)]
        while not state.is_over:
            seat = state.current
            view = state.view(seat)
            if seat == 0 and view.phase is fc.Phase.DRAW and view.went_out is None:
                found.append((state, view))
            state = state.apply(bots[seat].act(view, state.legal_actions()))
    return found


def test_improved_hands_are_played_hands() -> None:
    """``improve`` deals the other hands as hands that were kept over the turns they played:
    nothing changes before anyone has played a turn, the cards known to be held stay, and
    the hands meld better than uniform samples do, closer to the real hands."""
    real = uniform = improved = 0
    compared = 0
    for index, (state, view) in enumerate(_strong_views(10)):
        plain = sample_state(view, index)
        better = sample_state(view, index, improve=True)
        assert better.view(0) == view
        know = fc.bots.tracking.read_round(view)
        for seat in (1, 2, 3):
            assert not Counter(know.picked_up[seat]) - Counter(better.hands[seat])
            if know.turns[seat] == 0:
                assert better.hands[seat] == plain.hands[seat]
            else:
                compared += 1
                wild = view.wild_rank
                real += fc.min_deadwood(state.hands[seat], wild)
                uniform += fc.min_deadwood(plain.hands[seat], wild)
                improved += fc.min_deadwood(better.hands[seat], wild)
        if all(turns == 0 for turns in know.turns):
            assert better == plain
        # the seat whose turn it is (it may have drawn already) is dealt as without improve
        mid_turn = state.apply(state.legal_actions()[0])
        assert mid_turn.current == 0
        other_view = mid_turn.view(2)
        assert (
            sample_state(other_view, index, improve=True).hands[0]
            == (sample_state(other_view, index).hands[0])
        )
    assert compared > 350
    # (measured: the real hands 8,322 points of least deadwood, uniform samples 12,068,
    # improved ones 6,852, over 367 hands)
    assert improved < 0.75 * uniform
    assert abs(improved - real) < abs(uniform - real) / 2


# -- rollouts that compare first actions ----------------------------------------------------


def _to_act(seed: int, players: int) -> fc.GameState:
    """A state reached by random play where the round is on (no final turns yet)."""
    state = _played(fc.Rules.short_game(4), players, seed, 7)
    while state.went_out is not None or state.is_over:
        seed += 1
        state = _played(fc.Rules.short_game(4), players, seed, 7)
    return state


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**63 - 1), st.booleans())
def test_each_first_action_is_played_on_the_same_cards_and_luck(seed: int, from_view: bool) -> None:
    rng = random.Random(seed)
    players = rng.randint(2, 4)
    state = _to_act(seed % 1000, players)
    legal = list(state.legal_actions())
    firsts = rng.sample(legal, min(3, len(legal)))
    start = state.view(state.current) if from_view else state
    found = rollouts(start, "greedy", n=4, seed=seed, actions=firsts)
    assert found.shape == (len(firsts), 4, players)
    for index in range(4):
        rollout = rollout_seed(seed, index)
        sampled = sample_state(start, rollout) if isinstance(start, fc.PlayerView) else state
        for row, action in enumerate(firsts):
            expected = play_out(sampled.apply(action), ["greedy"] * players, rollout, "round")
            assert list(found[row, index]) == expected
    # each action alone gives the rows it gives among others
    alone = rollouts(start, "greedy", n=4, seed=seed, actions=firsts[-1:])
    assert np.array_equal(alone[0], found[-1])
    if CORE:
        with solver_engine.running(False):
            python = rollouts(start, "greedy", n=4, seed=seed, actions=firsts)
        assert np.array_equal(found, python)


def test_first_actions_are_checked_before_anything_is_played() -> None:
    state = _to_act(3, 3)
    view = state.view(state.current)
    with pytest.raises(fc.IllegalActionError):
        rollouts(view, n=2, actions=["draw", "discard JK"])
    with pytest.raises(fc.IllegalActionError):
        rollouts(state, n=2, actions=[object()])  # type: ignore[list-item]
    with pytest.raises(fc.FiveCrownsError, match="non-empty sequence"):
        rollouts(state, n=2, actions=[])
    with pytest.raises(fc.FiveCrownsError, match="non-empty sequence"):
        rollouts(state, n=2, actions="draw")
    with pytest.raises(fc.FiveCrownsError, match="non-empty sequence"):
        rollouts(state, n=2, actions=3)  # type: ignore[arg-type]
    legal = state.legal_actions()[:2]
    as_ints = rollouts(state, n=2, actions=np.array([action.to_int() for action in legal]))
    assert np.array_equal(as_ints, rollouts(state, n=2, actions=[str(a) for a in legal]))
    with pytest.raises(fc.FiveCrownsError, match="player to act"):
        rollouts(state.view((state.current + 1) % 3), n=2, actions=["draw"])
    with pytest.raises(fc.FiveCrownsError, match="rollout bot"):
        rollouts(state, "expert", n=2)


@pytest.mark.skipif(not CORE, reason="the compiled core is not in use")
@pytest.mark.parametrize("by_hand", [False, True], ids=["lay_off", "laid_down_by_hand"])
def test_rollouts_under_lay_off_are_the_python_ones(
    by_hand: bool,
) -> None:
    """From a state the core plays, rollouts run on its own core game, so under ``lay_off``
    and with hands laid down by hand too (a state built from its fields could not say what
    was laid where): the same scores as the Python engine's, final laps included; and from
    its views (sampled states), the same scores on both engines."""
    rules = fc.Rules.short_game(4, lay_off=True, auto_arrange_final_hand=not by_hand)
    fast = fc.GameState.new(3, rules=rules, seed=9)
    slow = python_state(3, rules, 9)
    assert game_engine.own_core(fast) is not None
    assert game_engine.own_core(slow) is None
    bots = [fc.GreedyBot() for _ in range(3)]
    final_laps = 0
    for step in range(400):
        if slow.is_over:
            break
        if step % 17 == 0 or slow.went_out is not None:
            final_laps += slow.went_out is not None
            bot, until = ("greedy", "game") if step % 2 else ("strong", "round")
            found = rollouts(fast, bot, n=2, seed=step, until=until)
            assert np.array_equal(found, rollouts(slow, bot, n=2, seed=step, until=until))
            view = fast.view(step % 3)  # (sampled: in the core until someone has finished)
            found = rollouts(view, bot, n=2, seed=step, until=until)
            with solver_engine.running(False):
                assert np.array_equal(found, rollouts(view, bot, n=2, seed=step, until=until))
        action = bots[slow.current].act(slow.view(slow.current), slow.legal_actions())
        fast, slow = fast.apply(action), slow.apply(action)
    assert final_laps > 0
