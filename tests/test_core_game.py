"""The compiled game equals the Python engine: the same deal from the same seed, the same
legal actions, the same state after every action (hands, stock, discard pile, table, counters,
scores, round results and layouts), the same refusals, the same built-in bots' choices, and
the same tournaments. ``benchmarks/check_game.py`` runs the same comparison on many more
games."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fivecrowns as fc
from fivecrowns.game import GameRecord, GameState
from fivecrowns.game import _engine as game_engine
from fivecrowns.solver import _engine as solver_engine

try:
    from fivecrowns import _core
    from fivecrowns.game import _core_game
except ImportError:  # pragma: no cover - only without the build
    if os.environ.get("FIVECROWNS_REQUIRE_CORE"):
        raise
    pytest.skip("the compiled core is not built", allow_module_level=True)

from game_twins import (
    bots_both,
    core_game,
    differences,
    python_replay,
    random_rules,
    step_both,
)

GAMES = Path(__file__).resolve().parent / "data" / "games"
#: A whole game per example: fewer examples than the profile's.
FEW = settings(max_examples=30)


def _players(rng: random.Random, rules: fc.Rules) -> int:
    return rng.randint(2, min(5, rules.max_players))


@FEW
@given(st.integers(0, 2**63))
def test_random_games_give_the_same_state_after_every_action(seed: int) -> None:
    rng = random.Random(seed)
    rules = random_rules(rng)
    _, mismatch = step_both(rules, _players(rng, rules), seed, rng.choice)
    assert mismatch is None


@pytest.mark.parametrize("players", [2, 4, 7])
def test_official_games_give_the_same_state_after_every_action(players: int) -> None:
    rng = random.Random(players)
    # random play rarely ends a round: a turn limit keeps the game short
    rules = fc.Rules(turn_limit=60)
    played, mismatch = step_both(rules, players, 2**64 - 1 - players, rng.choice)
    assert mismatch is None
    assert played > 11 * 60


@FEW
@given(
    st.integers(0, 2**63),
    st.lists(st.sampled_from(["random", "greedy", "strong"]), min_size=2, max_size=5),
)
def test_the_core_bots_choose_what_the_python_bots_choose(seed: int, bots: list[str]) -> None:
    rules = random_rules(random.Random(seed))
    bots = bots[: rules.max_players]
    _, mismatch = bots_both(rules, bots, seed)
    assert mismatch is None


def test_greedy_official_four_player_games_are_the_python_games() -> None:
    for seed in range(3):
        _, mismatch = bots_both(fc.Rules(), ["greedy"] * 4, seed)
        assert mismatch is None


@pytest.mark.parametrize("players", [2, 4, 6])
def test_strong_official_games_are_the_python_games(players: int) -> None:
    # StrongBot's valuation is floating point: the core does the same arithmetic in the same
    # order, so every comparison, and so every action, comes out the same
    for seed in range(2):
        _, mismatch = bots_both(fc.Rules(), ["strong"] * players, 100 * players + seed)
        assert mismatch is None


def _golden_records() -> list[GameRecord]:
    return [
        GameRecord.from_dict(json.loads(path.read_text())["record"])
        for path in sorted(GAMES.glob("*.json"))
    ]


@pytest.mark.parametrize("record", _golden_records(), ids=lambda record: str(record.players))
def test_golden_game_records_replay_identically_through_the_core(record: GameRecord) -> None:
    if not _core_game.supports(record.rules):
        # players lay down their own final hands, or lay off: the Python engine plays it
        assert not record.rules.auto_arrange_final_hand or record.rules.lay_off
        return
    state = GameState.new(record.players, rules=record.rules, seed=record.seed)
    game = core_game(state)
    for action in record.actions:
        game.apply(action)
    final = record.replay()
    assert final.is_over
    assert game.is_over
    assert differences(final, game) == []
    assert list(final.scores) == game.scores


def test_the_core_refuses_exactly_what_python_refuses_and_changes_nothing() -> None:
    rng = random.Random(5)
    rules = fc.Rules.short_game(3, may_discard_taken_discard=False, go_out_without_discard=True)
    state = GameState.new(3, rules=rules, seed=11)
    game = core_game(state)
    candidates = [-1, 2**16, 2**40, *range(fc.num_actions(rules) + 3)]
    checked = refused = 0
    while not state.is_over and checked < 40_000:
        before = game.snapshot()
        for action in candidates:
            legal = 0 <= action < fc.num_actions(rules) and state.is_legal(action)
            trial = game.clone()
            if legal:
                trial.apply(action)
            else:
                with pytest.raises(fc.IllegalActionError):
                    trial.apply(action)
                assert trial.snapshot() == before
                refused += 1
            checked += 1
        assert game.snapshot() == before
        action = rng.choice(state.legal_action_ints())
        state = state.apply(action)
        game.apply(action)
    assert refused > 1000


def test_tournaments_of_built_in_bots_run_in_the_core_with_the_python_results() -> None:
    rules = fc.Rules.short_game(4, tie_break="extra_round", extra_round_hand_size=3)
    bots = ["random", "greedy", "greedy"]
    fast = fc.tournament(bots, games=12, rules=rules, seed=3, jobs=1)
    with solver_engine.running(False):
        assert not game_engine.compiled_games(rules)
        slow = fc.tournament(bots, games=12, rules=rules, seed=3, jobs=1)
    assert fast == slow


def test_the_core_ends_an_endless_round_where_python_ends_it() -> None:
    """Two greedy bots that pass cards for ever: the core ends the round after
    ``MAX_ROUND_TURNS`` turns, the game the Python engine plays (it hung before)."""
    from test_game_rules import ENDLESS

    seed = 18764795458828688
    game = _core.play_game(_core_game.game_rules(ENDLESS), ["greedy", "greedy"], seed)
    python = fc.play_game([fc.GreedyBot(), fc.GreedyBot()], rules=ENDLESS, seed=seed)
    assert game.actions == list(python.record.actions)
    assert tuple(game.scores) == python.scores


def test_only_rule_sets_and_bots_the_core_plays_go_to_it() -> None:
    assert _core_game.supports(fc.Rules())
    assert not _core_game.supports(fc.Rules(lay_off=True))
    # (whole games from the deal and GameState's transitions, yes; rollouts and batches,
    # which start from states built from their fields, no)
    for rules in (fc.Rules(lay_off=True), fc.Rules(auto_arrange_final_hand=False)):
        assert _core_game.supports_states(rules)
        assert _core_game.supports_games(rules)
    assert not _core_game.supports(fc.Rules(auto_arrange_final_hand=False))
    with pytest.raises(fc.InvalidRulesError, match="joker_points must be an int from 0 to"):
        fc.Rules(joker_points=2**21)  # (points the core cannot represent: no rule set)
    with pytest.raises(fc.FiveCrownsError, match="'random', 'greedy' and 'strong'"):
        _core.play_games(_core_game.game_rules(fc.Rules()), ["greedy", "expert"], [1])


@pytest.mark.parametrize("by_hand", [False, True], ids=["lay_off", "laid_down_by_hand"])
def test_built_in_bots_lay_off_and_lay_down_by_hand_as_the_python_bots_do(by_hand: bool) -> None:
    """Rules ``lay_off`` and ``auto_arrange_final_hand=False`` with the built-in bots in the
    core: the same games, action for action, as the Python bots play (their final turns lay
    cards off onto the table, or lay their melds down card by card)."""
    laid_off = laid_down = 0
    for seed in range(8):
        rules = fc.Rules.short_game(
            5, lay_off=not by_hand or seed % 2 == 0, auto_arrange_final_hand=not by_hand
        )
        bots = ["strong", "greedy", "strong"][: 2 + seed % 2]
        _, mismatch = bots_both(rules, bots, seed)
        assert mismatch is None, mismatch
        game = _core.play_game(_core_game.game_rules(rules), bots, seed)
        kinds = [fc.Action.from_int(a, rules).kind for a in game.actions]
        laid_down += kinds.count(fc.ActionKind.MELD_BOOK) + kinds.count(fc.ActionKind.MELD_RUN)
        laid_off += kinds.count(fc.ActionKind.LAY_OFF)
        record = GameRecord(len(bots), rules, seed, len(bots) - 1, tuple(game.actions))
        final = python_replay(record)
        laid_off += sum(len(lay.laid_off) for r in final.results for lay in r.layouts if lay)
    assert laid_off > 0
    assert (laid_down > 0) == by_hand


def test_strong_bots_read_cards_laid_off_and_a_taken_upcard_alike() -> None:
    """Found by ``check_game.py 100000 3701`` (game 52051): after a seat laid off a card it
    was known to have picked up, the Python StrongBot's reading of the round forgot that card
    (it is on the table now) while the core's still counted it held, so the two priced a
    final draw differently. Both engines' readings (``read_round``, ``Knowledge::read``) now
    drop laid-off cards and know the upcard taken this turn."""
    rules = fc.Rules(
        schedule=(3, 4, 5),
        max_wilds_per_meld="naturals",
        go_out_without_discard=True,
        lay_off=True,
        go_out_bonus=-10,
        tie_break="most_rounds_out",
        extra_round_hand_size=4,
        joker_points=0,
        turn_limit=300,
    )
    bots = ["strong", "random", "greedy", "random", "greedy", "strong"]
    _, mismatch = bots_both(rules, bots, 6171295062793340123)
    assert mismatch is None, mismatch


def _core_rules(
    schedule: list[int], wild_ranks: list[int], tie_break: str, out: str = "fewest_lay_offs"
) -> _core.GameRules:
    melds = _core.Solver(2, False, None, True, 20, 50)
    return _core.GameRules(
        melds, schedule, wild_ranks, 13, tie_break, 0, False, True, False, False, out, True, 0
    )


def test_the_core_refuses_bad_game_input_with_the_library_errors() -> None:
    rules = _core_game.game_rules(fc.Rules())
    # (a table the deck cannot deal is a state the rules cannot reach, as in GameState.new)
    with pytest.raises(fc.InvalidStateError, match="players must be an int from 2 to 8"):
        _core.Game(rules, 9, 1, 0)
    with pytest.raises(fc.InvalidStateError, match="first_dealer"):
        _core.Game(rules, 4, 1, 4)
    with pytest.raises(fc.InvalidRulesError, match="tie_break"):
        _core_rules([3], [3], "coin")
    with pytest.raises(fc.InvalidRulesError, match="wild_ranks"):
        _core_rules([3], [3, 4], "shared")
    with pytest.raises(fc.InvalidRulesError, match="schedule"):
        _core_rules([61], [3], "shared")
    with pytest.raises(fc.InvalidRulesError, match="a wild rank"):
        _core_rules([3], [2], "shared")
    with pytest.raises(fc.InvalidRulesError, match="out_layout must be"):
        _core_rules([3], [3], "shared", "best")
    # a round no hand can go out of (the Python engine refuses it too)
    with pytest.raises(fc.InvalidRulesError, match="can go out"):
        _core.Game(_core_rules([3, 1], [3, 0], "shared"), 2, 1, 1)


def test_batched_games_give_each_game_s_totals() -> None:
    rules = fc.Rules.short_game(3)
    seeds = [4, 9, 4]
    totals = _core.play_games(_core_game.game_rules(rules), ["greedy", "random"], seeds)
    assert totals.shape == (3, 2)
    for row, seed in zip(totals.tolist(), seeds):
        result = fc.play_game([fc.GreedyBot(), fc.RandomBot()], rules=rules, seed=seed)
        assert tuple(row) == result.scores
