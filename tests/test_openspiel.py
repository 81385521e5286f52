"""The OpenSpiel game (``fivecrowns.adapters.openspiel``): OpenSpiel's own random-simulation
test, the chance model (the deal and the stock), the returns against the engine's scores,
what observations and information states hide, sampling worlds for search, and OpenSpiel's
algorithms (ISMCTS, MCCFR) on small variants."""

from __future__ import annotations

import importlib.util
import random
import sys
from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs
import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import fivecrowns as fc  # noqa: E402
from fivecrowns.adapters import openspiel as fo  # noqa: E402
from fivecrowns.adapters._openspiel_table import PlainTable  # noqa: E402
from fivecrowns.cards import CARDS, without  # noqa: E402

#: One round of three cards, one pack, two players, at most 8 turns.
TINY = "python_fivecrowns(players=2,packs=1,rounds=1,turn_limit=8)"
CHANCE = -1


def _deck(rules: fc.Rules) -> Counter[int]:
    counts = Counter(dict.fromkeys(range(55), rules.packs))
    counts[55] = 3 * rules.packs
    return counts


def _codes(cards: Any) -> Counter[int]:
    return Counter(card.code for card in cards)


def _step(state: Any, rng: random.Random) -> None:
    """One random step: a chance outcome by its probability, or a uniform legal action."""
    if state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes())
        state.apply_action(rng.choices(outcomes, probabilities)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def _play(game: Any, rng: random.Random, stop: Callable[[Any], bool] | None = None) -> Any:
    """A random game, stopped at the first state where ``stop`` says so (or at the end)."""
    state = game.new_initial_state()
    while not state.is_terminal() and not (stop is not None and stop(state)):
        _step(state, rng)
    return state


def _decision(rng: random.Random, chance: float) -> Callable[[Any], bool]:
    """Stop at a player's decision, with probability ``chance`` each time."""
    return lambda state: not state.is_chance_node() and rng.random() < chance


def _sampler(value: float) -> Callable[[], float]:
    return lambda: value


# -- OpenSpiel's own test ----------------------------------------------------------------------


def test_random_sim_test_official_rules() -> None:
    game = pyspiel.load_game(fo.GAME_NAME)
    assert (game.num_players(), game.rules) == (2, fc.Rules())
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(
    "spec",
    [
        TINY,
        "python_fivecrowns(players=3,packs=1,rounds=2,rules=--lay-off)",
        "python_fivecrowns(players=4,rounds=2,utility=score,"
        "rules=--go-out-bonus -10 --go-out-bonus-below-zero)",
        "python_fivecrowns(players=2,packs=1,hand_size=7,rounds=2,turn_limit=40,"
        "rules=--no-discard-taken --go-out-without-discard)",
    ],
)
def test_random_sim_test_variants(spec: str) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(spec), num_sims=3, serialize=True, verbose=False)


# -- the game and its parameters ---------------------------------------------------------------


def test_game_facts() -> None:
    game = pyspiel.load_game(TINY)
    rules = fc.Rules(packs=1, schedule=(3,), turn_limit=8)
    kind = game.get_type()
    assert kind.short_name == "python_fivecrowns"
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.rules == rules
    assert game.utility == "zero_sum"
    assert game.num_distinct_actions() == fc.num_actions(rules) == 229 + 58 // 3
    assert game.max_chance_outcomes() == 56
    worst = fc.max_score(rules).total
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-worst, worst, 0.0)
    assert game.max_game_length() == 2 * (8 + 1)  # 8 turns and a final turn, 2 actions each
    assert game.max_chance_nodes_in_history() == 3 * 2 + 1 + 8 + 1
    assert game.observation_tensor_size() == fc.observation_size(2) == 314
    assert game.information_state_tensor_size() == fo.information_state_size(2)
    assert fo.information_state_size(2) == 314 + 2 * 56 + 2 * 2 * 56 + 1
    assert str(pyspiel.load_game(str(game))) == str(game)

    scored = pyspiel.load_game("python_fivecrowns(utility=score,players=3)")
    assert scored.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert scored.utility_sum() is None
    assert (scored.min_utility(), scored.max_utility()) == (-fc.max_score().total, 0.0)


def test_utility_bounds_of_options() -> None:
    bonus = fo.load_game(
        3, fc.Rules(schedule=(3, 4), go_out_bonus=-10, go_out_bonus_below_zero=True), "score"
    )
    worst = fc.max_score(fc.Rules(schedule=(3, 4))).total
    assert (bonus.min_utility(), bonus.max_utility()) == (-worst, 20.0)
    laying = fo.load_game(2, fc.Rules(schedule=(3,), lay_off=True))  # bounded without lay-offs
    assert laying.max_utility() == fc.max_score(fc.Rules(schedule=(3,))).total


@pytest.mark.parametrize(
    ("players", "rules", "utility"),
    [
        (2, fc.Rules(), "zero_sum"),
        (2, fc.Rules(packs=1, schedule=(3,), turn_limit=8), "zero_sum"),
        (4, fc.Rules.short_game(5, lay_off=True, go_out_bonus=-10), "score"),
        (3, fc.Rules.constant(7, rounds=3, max_wilds_per_meld="naturals"), "zero_sum"),
        (
            2,
            fc.Rules(
                schedule=(5, 3, 9),
                wild_ranks=(5, None, 13),
                distinct_suit_books=True,
                all_wild_melds=False,
                may_discard_taken_discard=False,
                tie_break="most_rounds_out",
                wild_points=25,
                joker_points=0,
                max_wilds_per_meld=2,
            ),
            "score",
        ),
        (8, fc.Rules(seat_to_capacity=True, schedule=(3, 4)), "zero_sum"),
    ],
)
def test_parameters_round_trip(players: int, rules: fc.Rules, utility: str) -> None:
    params = fo.game_parameters(players, rules, utility)
    assert fo.rules_from_parameters(params) == (players, rules, utility)
    game = pyspiel.load_game(fo.GAME_NAME, params)
    assert (game.num_players(), game.rules, game.utility) == (players, rules, utility)
    again = pyspiel.load_game(str(game))  # the game string OpenSpiel serialises
    assert (again.num_players(), again.rules, again.utility) == (players, rules, utility)


@pytest.mark.parametrize(
    ("params", "error", "words"),
    [
        ({"seats": 2}, fc.InvalidRulesError, "(?i)unknown parameter"),
        ({"players": 1}, fc.InvalidRulesError, "players must be an int of at least 2"),
        ({"players": 8}, fc.InvalidStateError, "players must be an int from 2 to 7"),
        ({"rounds": 12}, fc.InvalidRulesError, "official schedule has 11 rounds"),
        ({"utility": "win"}, fc.InvalidRulesError, "'zero_sum' or 'score'"),
        ({"rules": "--schedule 3,4"}, fc.InvalidRulesError, "write lists with '/'"),
        ({"rules": "--packs 1"}, fc.InvalidRulesError, "set packs= instead"),
        ({"rules": "--schedule 3/4", "rounds": 2}, fc.InvalidRulesError, "leave them out"),
        ({"rules": "--lay-off --lay-off"}, fc.InvalidRulesError, "given twice"),
        ({"rules": "--go-out-bonus"}, fc.InvalidRulesError, "needs a value"),
        ({"rules": "--no-such-rule"}, fc.InvalidRulesError, "unknown rule flag"),
        ({"rules": "--tie-break extra_round"}, fc.InvalidRulesError, "bounded length"),
        ({"rules": "--manual-final-hands"}, fc.InvalidRulesError, "deselect cards for ever"),
        ({"hand_size": 2, "rounds": 1}, fc.InvalidRulesError, "set turn_limit"),
    ],
)
def test_parameters_refused(params: dict[str, Any], error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        fo.rules_from_parameters(params)
    with pytest.raises((error, pyspiel.SpielError), match=words):  # OpenSpiel's own check
        pyspiel.load_game(fo.GAME_NAME, params)


def test_module_imports_without_openspiel(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # `import pyspiel` raises ImportError
    spec = importlib.util.spec_from_file_location(
        "fivecrowns.adapters._openspiel_without", fo.__file__
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.rules_from_parameters({"rounds": 1})[1].schedule == (3,)
    with pytest.raises(ImportError, match=r'pip install "fivecrowns\[openspiel\]"'):
        module.FiveCrownsGame()
    with pytest.raises(ImportError, match="needs OpenSpiel"):
        module.load_game()


# -- chance: the deal and the stock --------------------------------------------------------------


def test_the_deal_is_card_by_card_with_exact_probabilities() -> None:
    game = pyspiel.load_game("python_fivecrowns(players=3,rounds=2)")
    rules = game.rules
    state = game.new_initial_state()
    first = dict(state.chance_outcomes())
    assert first[0] == pytest.approx(2 / 116)
    assert first[55] == pytest.approx(6 / 116)
    assert sum(first.values()) == pytest.approx(1.0)
    assert len(first) == 56
    rng = random.Random(4)
    dealt: list[int] = []
    while state.is_chance_node():
        left = _deck(rules)
        left.subtract(dealt)
        expected = {code: n / (116 - len(dealt)) for code, n in left.items() if n > 0}
        outcomes = dict(state.chance_outcomes())
        assert outcomes == pytest.approx(expected)
        assert state.game_state is None  # no engine state while dealing
        code = rng.choices(list(outcomes), list(outcomes.values()))[0]
        assert state.action_to_string(CHANCE, code) == f"deal {CARDS[code]}"
        state.apply_action(code)
        dealt.append(code)
    assert len(dealt) == 3 * 3 + 1  # a card at a time to each player, then the upcard
    inner = state.game_state
    assert inner is not None
    assert inner.current_player == state.current_player() == 0
    for seat in range(3):  # dealt from the dealer's left (player 0), one at a time
        assert _codes(inner.hand(seat)) == Counter(dealt[seat:9:3])
        assert len(inner.hand(seat)) == inner.hand_size == 3
    assert [card.code for card in inner.discard_pile] == dealt[-1:]
    assert _codes(inner.stock) == _deck(rules) - Counter(dealt)


def test_stock_draws_are_uniform_over_the_stock() -> None:
    game = pyspiel.load_game("python_fivecrowns(players=2,packs=1,rounds=2)")
    rng = random.Random(11)
    checked = reshuffled = 0
    for _ in range(6):
        state = game.new_initial_state()
        while not state.is_terminal():
            inner = state.game_state
            if state.is_chance_node() and inner is not None:
                seen = [*(card for hand in inner.hands for card in hand), *inner.discard_pile]
                seen += [card for placed in inner.table for card in placed.meld.cards]
                unseen = _deck(game.rules) - _codes(seen)  # what the stock must hold
                assert _codes(inner.stock) == unseen
                outcomes = dict(state.chance_outcomes())
                size = sum(unseen.values())
                assert outcomes == pytest.approx({c: n / size for c, n in unseen.items()})
                assert sum(outcomes.values()) == pytest.approx(1.0)
                code, seat = rng.choice(list(outcomes)), inner.current
                assert state.action_to_string(CHANCE, code) == f"stock {CARDS[code]}"
                state.apply_action(code)
                after = state.game_state
                assert after is not None
                assert after.phase is fc.Phase.DISCARD
                assert _codes(after.hand(seat)) == _codes(inner.hand(seat)) + Counter([code])
                assert _codes(after.stock) == unseen - Counter([code])
                checked += 1
                reshuffled += after.reshuffles > 0
            else:
                _step(state, rng)
    assert checked > 100
    assert reshuffled > 0


def test_illegal_actions_and_outcomes_change_nothing() -> None:
    game = pyspiel.load_game(TINY)
    state = _play(game, random.Random(2), lambda s: not s.is_chance_node())
    before, history = str(state), state.history()
    with pytest.raises(fc.IllegalActionError):
        state.apply_action(2 + 20)  # a discard while the player must draw
    assert (str(state), state.history()) == (before, history)
    state.apply_action(0)  # draw from the stock: chance picks the card
    assert state.is_chance_node()
    missing = next(c for c in range(56) if c not in dict(state.chance_outcomes()))
    before, history = str(state), state.history()
    with pytest.raises(fc.IllegalActionError, match="in the stock"):
        state.apply_action(missing)
    assert (str(state), state.history()) == (before, history)


# -- returns ---------------------------------------------------------------------------------


@pytest.mark.parametrize("utility", ["zero_sum", "score"])
def test_returns_are_the_engines_scores(utility: str) -> None:
    game = pyspiel.load_game(f"python_fivecrowns(players=3,rounds=3,utility={utility})")
    rules = game.rules
    rng = random.Random(5)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            assert state.returns() == [0.0, 0.0, 0.0]
            _step(state, rng)
        inner = state.game_state
        assert inner is not None
        assert inner.is_over
        assert len(inner.results) == 3
        totals = [0, 0, 0]
        for result in inner.results:  # every round's score is its final hand's deadwood
            for seat, (score, layout) in enumerate(zip(result.scores, result.layouts)):
                assert score is not None
                assert layout is not None
                cards = [card for meld in layout.melds for card in meld.cards]
                held = [*cards, *layout.deadwood]
                assert score == fc.min_deadwood(held, result.wild_rank, rules=rules)
                totals[seat] += score
        assert list(inner.scores) == totals
        returns = state.returns()
        if utility == "score":
            assert returns == [-float(total) for total in totals]
        else:
            assert returns == pytest.approx([sum(totals) / 2 - 1.5 * t for t in totals])
            assert sum(returns) == pytest.approx(0.0)
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)


# -- what a player may know -------------------------------------------------------------------


def _resampled(state: Any, player: int, value: float) -> Any:
    return state.resample_from_infostate(player, _sampler(value))


def test_observations_never_show_hidden_cards() -> None:
    game = pyspiel.load_game("python_fivecrowns(players=3,packs=1,rounds=2)")
    rng = random.Random(8)
    compared = 0
    while compared < 6:
        state = _play(game, rng, _decision(rng, 0.05))
        if state.is_terminal():
            continue
        player = state.current_player()
        other = (player + 1) % 3
        for value in (0.1, 0.5, 0.9):
            world = _resampled(state, player, value)
            assert world.game_state.hand(player) == state.game_state.hand(player)
            if world.game_state.hand(other) == state.game_state.hand(other):
                continue  # the same hidden cards: nothing to compare
            for check in (world, _stock_reversed(state)):
                assert check.observation_string(player) == state.observation_string(player)
                assert check.information_state_string(player) == (
                    state.information_state_string(player)
                )
                assert np.array_equal(
                    check.observation_tensor(player), state.observation_tensor(player)
                )
                assert np.array_equal(
                    check.information_state_tensor(player),
                    state.information_state_tensor(player),
                )
            # ... while the other player's view does change (the comparison can fail).
            assert world.observation_tensor(other) != state.observation_tensor(other)
            compared += 1
            break
    observation = np.asarray(state.observation_tensor(player))
    assert observation.shape == (game.observation_tensor_size(),) == (fc.observation_size(3),)
    assert np.array_equal(observation, state.game_state.observation(player))
    assert len(state.information_state_tensor(player)) == fo.information_state_size(3)


def _stock_reversed(state: Any) -> Any:
    """``state`` with the engine's stock in the reverse order (the stock has no order the
    game can show: each draw is a chance node)."""
    twin = state.clone()
    inner = twin._now.game
    reversed_stock = attrs.evolve(inner, stock=inner.stock[::-1])
    twin._now = twin._now.replaced(PlainTable(reversed_stock))
    return twin


def test_observation_during_the_deal_shows_only_own_cards() -> None:
    game = pyspiel.load_game("python_fivecrowns(players=2,rounds=1)")
    state = game.new_initial_state()
    for code in (7, 30, 55, 7):  # player 0 gets 7 and 55, player 1 gets 30 and 7
        state.apply_action(code)
    mine = np.asarray(state.observation_tensor(0))
    assert mine[7] == 1
    assert mine[55] == 1
    assert mine[:56].sum() == 2
    assert mine[298] == 116 - 4  # cards not yet dealt
    assert mine[300] == 2
    assert mine[307] == 2
    assert mine[295] == 0  # nobody acts during a deal
    theirs = np.asarray(state.observation_tensor(1))
    assert theirs[7] == 1
    assert theirs[30] == 1
    assert theirs[:56].sum() == 2
    text = state.observation_string(0)
    assert "dealing" in text
    assert f"hand {CARDS[7]} {CARDS[55]};" in text
    info = state.information_state_string(1)
    assert f"deal p1 {CARDS[30]}" in info
    assert "deal p0\n" in info
    assert str(CARDS[55]) not in info
    assert str(CARDS[55]) not in state.observation_string(1)


def test_information_state_is_perfect_recall() -> None:
    game = pyspiel.load_game("python_fivecrowns(players=2,packs=1,rounds=2)")
    rng = random.Random(6)
    state = game.new_initial_state()
    earlier = [state.information_state_string(p) for p in range(2)]
    decisions: dict[int, set[str]] = {0: set(), 1: set()}
    steps = 0
    while not state.is_terminal():
        _step(state, rng)
        steps += 1
        now = [state.information_state_string(p) for p in range(2)]
        for p in range(2):  # a player never forgets: each string extends the one before
            assert now[p].startswith(earlier[p])
        player = state.current_player()
        if player >= 0:  # each decision of a player is a new information state
            assert now[player] not in decisions[player]
            decisions[player].add(now[player])
        earlier = now
    assert steps > 20
    assert len(decisions[0]) > 5


def test_information_state_memory_block() -> None:
    game = pyspiel.load_game("python_fivecrowns(players=2,packs=1,rounds=1)")
    rng = random.Random(9)
    size = fc.observation_size(2)
    state = _play(game, rng, lambda s: s.game_state is not None)  # the deal is done
    dealt = [_codes(state.game_state.hand(p)) for p in range(2)]
    drew: list[Counter[int]] = [Counter(), Counter()]
    took: list[Counter[int]] = [Counter(), Counter()]
    put: list[Counter[int]] = [Counter(), Counter()]
    while sum(map(len, took)) < 2 or state.is_chance_node():  # until two takes
        inner = state.game_state
        seat = inner.current
        if state.is_chance_node():
            code = rng.choice([c for c, _ in state.chance_outcomes()])
            drew[seat][code] += 1
        else:
            legal = [a for a in state.legal_actions() if a < 58]  # draws and discards
            code = 1 if 1 in legal and rng.random() < 0.4 else rng.choice(legal)
            if code == 1:
                took[seat][inner.discard_pile[-1].code] += 1
            elif code >= 2:
                put[seat][fc.Action.from_int(code).card.code] += 1
        state.apply_action(code)
        assert not state.is_terminal()
        assert state.game_state.round_number == 1

    def block(memory: Any, start: int) -> Counter[int]:
        return Counter({c: int(n) for c, n in enumerate(memory[start : start + 56]) if n})

    for player in range(2):
        memory = np.asarray(state.information_state_tensor(player))[size:]
        assert block(memory, 0) == dealt[player]
        assert block(memory, 56) == drew[player]
        for offset in range(2):  # then each seat's public takes and discards
            seat = (player + offset) % 2
            assert block(memory, 112 + 112 * offset) == took[seat]
            assert block(memory, 168 + 112 * offset) == put[seat]
        assert memory[-1] == state.game_state.reshuffles


# -- sampling worlds --------------------------------------------------------------------------


def test_resampling_depends_only_on_what_the_player_knows() -> None:
    game = pyspiel.load_game("python_fivecrowns(players=2,packs=1,rounds=2)")
    rng = random.Random(3)
    done = 0
    while done < 4:
        state = _play(game, rng, _decision(rng, 0.03))
        if state.is_terminal():
            continue
        player, other = state.current_player(), 1 - state.current_player()
        twin = _resampled(state, player, 0.37)  # another world the player cannot tell apart
        if twin.game_state.hand(other) == state.game_state.hand(other):
            continue
        assert twin.history() != state.history()
        for value in (0.2, 0.6):
            a, b = _resampled(state, player, value), _resampled(twin, player, value)
            assert a.history() == b.history()  # the same draws in both worlds
        hands = {_resampled(state, player, v / 10).game_state.hand(other) for v in range(10)}
        assert len(hands) > 1  # the samples vary
        done += 1


@pytest.mark.parametrize(
    "spec",
    [
        "python_fivecrowns(players=2,rounds=4)",  # two packs: reshuffles in long rounds
        "python_fivecrowns(players=4,rounds=3,rules=--lay-off)",  # final turns, lay-offs
        "python_fivecrowns(players=3,packs=1,hand_size=7,rounds=2)",
    ],
)
def test_resampled_worlds_are_consistent(spec: str) -> None:
    game = pyspiel.load_game(spec)
    rng = random.Random(12)
    kinds: Counter[str] = Counter()
    for _ in range(12):
        state = _play(
            game,
            rng,
            lambda s: (
                not s.is_chance_node()
                and (
                    rng.random() < 0.004
                    or (s.game_state.went_out is not None and rng.random() < 0.3)
                )
            ),
        )
        if state.is_terminal():
            continue
        player = state.current_player()
        world = _resampled(state, player, rng.random())
        kinds["final"] += state.game_state.went_out is not None
        kinds["reshuffled"] += state.game_state.reshuffles > 0
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.current_player() == player
        assert world.legal_actions() == state.legal_actions()
        assert world.returns() == state.returns()
        inner, twin = state.game_state, world.game_state
        assert (twin.scores, twin.table, twin.discard_pile) == (
            inner.scores,
            inner.table,
            inner.discard_pile,
        )
        assert [len(hand) for hand in twin.hands] == [len(hand) for hand in inner.hands]
        # the world is a game: its history replays to it
        replayed = game.new_initial_state()
        for action in world.history():
            replayed.apply_action(action)
        assert str(replayed) == str(world)
    assert kinds["final"] > 0


# -- OpenSpiel's algorithms --------------------------------------------------------------------


def test_ismcts_beats_random_play_on_a_small_variant() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_fivecrowns(players=2,packs=1,rounds=1,turn_limit=10)")
    margin = 0.0
    for seed in range(4):
        rs = np.random.RandomState(seed)
        sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
        bot = ismcts.ISMCTSBot(
            game=game,
            evaluator=mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=rs),
            uct_c=2.0,
            max_simulations=30,
            max_world_samples=10,
            random_state=rs,
        )
        bot.set_resampler(lambda s, p, sampler=sampler: s.resample_from_infostate(p, sampler))
        me = seed % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes())
                state.apply_action(int(rs.choice(outcomes, p=probabilities)))
            elif state.current_player() == me:
                state.apply_action(int(bot.step(state)))
            else:
                state.apply_action(int(rs.choice(state.legal_actions())))
        scores = state.game_state.scores  # the engine's, not the returns the bot maximised
        margin += scores[1 - me] - scores[me]
    assert margin > 0


def test_mccfr_regrets_find_the_least_deadwood(monkeypatch: pytest.MonkeyPatch) -> None:
    from open_spiel.python.algorithms import external_sampling_mccfr, mccfr

    # One turn: player 0 draws and discards, then every hand is scored, so at each of its
    # discards the best action is the one leaving the least deadwood, whatever else is hidden.
    game = pyspiel.load_game("python_fivecrowns(players=2,packs=1,rounds=1,turn_limit=1)")
    made: list[Any] = []
    new = fo.FiveCrownsGame.new_initial_state

    def recorded(self: Any) -> Any:
        state = new(self)
        made.append(state)
        return state

    monkeypatch.setattr(fo.FiveCrownsGame, "new_initial_state", recorded)
    np.random.seed(0)
    solver = external_sampling_mccfr.ExternalSamplingSolver(game)
    for _ in range(40):
        solver.iteration()
    checked = 0
    for state in made:
        inner = state.game_state
        if state.is_terminal() or inner is None or inner.phase is not fc.Phase.DISCARD:
            continue
        if inner.current != 0 or inner.went_out is not None:
            continue  # player 1's final turn
        regrets = solver._infostates[state.information_state_string(0)][mccfr.REGRET_INDEX]
        if np.ptp(regrets) < 1e-3:
            continue  # not yet updated by player 0's own traversal
        hand, wild = inner.hand(0), inner.wild_rank
        left = {  # the deadwood each action leaves
            action: fc.min_deadwood(without(hand, [fc.Action.from_int(action).card]), wild)
            for action in state.legal_actions()
        }
        assert list(left.values())[int(np.argmax(regrets))] == min(left.values())
        checked += 1
    assert checked > 20
