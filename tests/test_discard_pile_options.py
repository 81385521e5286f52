"""The discard pile's two options (issue 49), on both engines: ``reshuffle_whole_discard_pile``
(an empty stock takes the whole pile, its top card too) and ``squared_discard_pile`` (a view
shows the top card alone)."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Sequence

import attrs
import numpy as np
import pytest

import fivecrowns as fc
from fivecrowns._shuffle import shuffled
from fivecrowns.game import _core_game
from fivecrowns.game.views import remembered_pile
from game_twins import bots_both, core_state, differences, python_state, step_both
from test_game_rules import rig

WHOLE = fc.Rules(reshuffle_whole_discard_pile=True)
SQUARED = fc.Rules(squared_discard_pile=True)
#: The observation's block of the discard pile (see fivecrowns.game.views).
PILE = slice(112, 168)


def _engines(players: int, rules: fc.Rules, seed: int) -> list[fc.GameState]:
    """The same new game on the Python engine and, when it runs, on the compiled core."""
    states = [python_state(players, rules, seed)]
    core = core_state(players, rules, seed)
    if core is not None:
        states.append(core)
    return states


def _until_reshuffle(state: fc.GameState) -> tuple[fc.GameState, tuple[fc.Card, ...], fc.Card]:
    """Draw from the stock and throw the card drawn until the stock is reshuffled: the state
    then, the pile just before and the last card thrown."""
    while True:
        player, held = state.current, Counter(state.hand(state.current))
        state = state.apply("draw")
        (drawn,) = (Counter(state.hand(player)) - held).elements()
        pile = (*state.discard_pile, drawn)
        state = state.apply(f"discard {drawn}")
        if state.reshuffles:
            return state, pile, drawn
        assert state.stock


@pytest.mark.parametrize("engine", [0, 1], ids=["python", "core"])
def test_rule_option_reshuffle_whole_discard_pile_shuffles_every_card_into_the_stock(
    engine: int,
) -> None:
    states = _engines(2, WHOLE, 4)
    if engine >= len(states):
        pytest.skip("the compiled core does not run")
    state, pile, _ = _until_reshuffle(states[engine])
    assert state.reshuffles == 1
    assert state.discard_pile == ()
    # the seeded shuffle of the whole pile, as the default shuffles the pile but its top
    assert state.stock == shuffled(pile, state.seed, 1, 0, 1)
    assert Counter(state.stock) == Counter(pile)
    assert state.phase is fc.Phase.DRAW
    # nothing to take: the only legal action is the stock draw
    assert [str(action) for action in state.legal_actions()] == ["draw"]
    assert state.legal_action_mask().sum() == 1
    with pytest.raises(fc.IllegalActionError, match="discard pile is empty"):
        state.apply("take")
    # the pile starts again with the next discard, and can be taken from again
    state = state.apply("draw")
    thrown = state.hand(state.current)[0]
    state = state.apply(f"discard {thrown}")
    assert state.discard_pile == (thrown,)
    assert "take" in [str(action) for action in state.legal_actions()]


def test_rule_option_reshuffle_whole_discard_pile_off_keeps_the_top_card() -> None:
    state, pile, drawn = _until_reshuffle(python_state(2, fc.OFFICIAL, 4))
    assert state.discard_pile == (drawn,)
    assert state.stock == shuffled(pile[:-1], state.seed, 1, 0, 1)
    assert "take" in [str(action) for action in state.legal_actions()]


def _stock_first(seed: int) -> Callable[[Sequence[int]], int]:
    """A random player that always draws from the stock and never goes out (so the stock
    runs out)."""
    rng = random.Random(seed)
    draw = fc.Action.parse("draw").to_int()

    def choose(legal: Sequence[int]) -> int:
        if draw in legal:
            return draw
        plain = [a for a in legal if fc.Action.from_int(a).kind is fc.ActionKind.DISCARD]
        return rng.choice(plain or list(legal))

    return choose


def test_rule_option_reshuffle_whole_discard_pile_engines_agree() -> None:
    """Random games (one pack, many players: the stock runs out often) and built-in bots'
    games play the same in both engines, every state and legal action compared."""
    rules = fc.Rules.short_game(2, packs=1, reshuffle_whole_discard_pile=True, turn_limit=150)
    reshuffled = 0
    for seed in range(6):
        _, mismatch = step_both(rules, 5, seed, _stock_first(seed))
        assert mismatch is None, mismatch
        state, choose = python_state(5, rules, seed), _stock_first(seed)
        while not state.is_over and not state.reshuffles:
            state = state.apply(choose(list(state.legal_action_ints())))
        reshuffled += state.reshuffles > 0
        for bots in (["greedy"] * 4, ["strong", "random", "strong"]):
            _, mismatch = bots_both(rules, bots, seed)
            assert mismatch is None, mismatch
    assert reshuffled == 6


def _nothing_to_reshuffle(rules: fc.Rules) -> fc.GameState:
    """One pack, seven players of 8 cards (stock and pile one card each): player 0 draws J*
    and goes out with no discard; player 1 holds a run of spades that the 10S completes."""
    out_hand, run = "3* 4* 5* 6* 7* 8* 9* 10*", "3S 4S 5S 6S 7S 8S 9S JS"
    used = {*out_hand.split(), *run.split(), "J*", "10S"}
    rest = [str(card) for card in fc.deck(1) if str(card) not in used]
    others = [" ".join(rest[8 * i : 8 * i + 8]) for i in range(5)]
    state = rig([out_hand, run, *others], rules=rules, stock="J*", pile="10S")
    assert len(state.stock) == len(state.discard_pile) == 1
    return state.apply("draw").apply("out!")


def test_rule_option_reshuffle_whole_discard_pile_of_one_card_and_then_of_none() -> None:
    options = {
        "packs": 1,
        "schedule": (8,),
        "wild_ranks": (None,),
        "seat_to_capacity": True,
        "go_out_without_discard": True,
    }
    # by default, a pile of its top card alone is nothing to reshuffle: the round ends
    assert _nothing_to_reshuffle(fc.Rules(**options)).results[0].ended == "stock"  # type: ignore[arg-type]
    rules = fc.Rules(**options, reshuffle_whole_discard_pile=True)  # type: ignore[arg-type]
    state = _nothing_to_reshuffle(rules)
    # the whole pile (one card) became the stock; player 1 draws it and goes out too
    assert not state.is_over
    assert (state.current, state.reshuffles, state.discard_pile) == (1, 1, ())
    assert state.stock == fc.parse_cards("10S")
    core = _core_game.core_game(state)
    state = state.apply("draw").apply("out!")
    core.apply(fc.Action.parse("draw").to_int())
    core.apply(fc.Action.parse("out!").to_int())
    # player 2 would draw, but stock and pile are empty: the round ends, every hand scored
    assert state.is_over
    result = state.results[0]
    assert result.ended == "stock"
    assert result.scores[:2] == (0, 0)
    for seat in range(2, 7):
        assert result.scores[seat] == fc.min_deadwood(state.hand(seat), None, rules=rules)
    assert not differences(state, core)
    assert fc.GameState.from_json(state.to_json()) == state


def test_rule_option_squared_discard_pile_view_shows_only_the_top_card() -> None:
    for state in _engines(3, SQUARED, 8):
        for _ in range(4):
            state = state.apply("draw")
            state = state.apply(f"discard {state.hand(state.current)[0]}")
        pile = state.discard_pile
        assert len(pile) == 5
        for seat in range(3):
            view = state.view(seat)
            assert view.discard_pile == pile[-1:]
            assert view.top_discard == pile[-1]
            assert view.to_dict()["discard_pile"] == str(pile[-1])
            assert json.loads(view.to_json())["discard_pile"] == str(pile[-1])
            # the pile's block of the observation counts the top card alone, in both the
            # view's observation and the state's (the core's, when it plays)
            for obs in (view.observation(), state.observation(seat)):
                block = np.zeros(56, np.float32)
                block[pile[-1].code] = 1
                assert (obs[PILE] == block).all()
            # what the player remembers: every card, seen face up when it was played
            assert remembered_pile(view) == pile
            # and the history still tells the discards, in words
            thrown = [str(a.card) for _, a in view.history if a.kind is fc.ActionKind.DISCARD]
            assert thrown == [str(card) for card in pile[1:]]


def test_rule_option_squared_discard_pile_off_shows_the_whole_pile() -> None:
    state = python_state(3, fc.OFFICIAL, 8)
    state = state.apply("draw").apply(f"discard {state.apply('draw').hand(0)[0]}")
    view = state.view(1)
    assert view.discard_pile == state.discard_pile
    assert len(view.discard_pile) == 2
    assert view.observation()[PILE].sum() == 2


def test_rule_option_squared_discard_pile_changes_no_play() -> None:
    """The same seeds play the same games, bot for bot, squared or not (the built-in bots'
    tracking remembers the pile), and squared games agree in both engines."""
    base = fc.Rules.short_game(3, packs=1, turn_limit=200)
    squared = attrs.evolve(base, squared_discard_pile=True)
    for seed in range(3):
        bots = ["strong", "greedy", "strong", "random"]
        games = [
            fc.play_game([fc.make_bot(name) for name in bots], rules=rules, seed=seed)
            for rules in (base, squared)
        ]
        assert games[0].record.actions == games[1].record.actions
        assert games[0].scores == games[1].scores
        _, mismatch = step_both(squared, 4, seed, random.Random(seed).choice)
        assert mismatch is None, mismatch
        _, mismatch = bots_both(squared, bots, seed)
        assert mismatch is None, mismatch


def test_rule_option_squared_discard_pile_simulator_observations() -> None:
    """The batched simulator's observations show the top card alone, the same in both
    engines, where the pile grows past one card."""
    seen: dict[str, list[np.ndarray]] = {}
    engines = ["python", "core"] if fc.core_info().compiled else ["python"]
    for engine in engines:
        sim = fc.Simulator(4, players=3, rules=SQUARED, seed=2, engine=engine, record=True)  # type: ignore[arg-type]
        rng = np.random.default_rng(0)
        seen[engine] = []
        for _ in range(40):
            obs = sim.observation()
            assert (obs[:, PILE].sum(axis=-1) <= 1).all()
            seen[engine].append(obs)
            sim.step(sim.sample(rng))
        assert max(len(sim.state(i).discard_pile) for i in range(4)) > 1
    for a, b in zip(seen["python"], seen.get("core", seen["python"]), strict=True):
        assert (a == b).all()


@pytest.mark.parametrize("name", ["reshuffle_whole_discard_pile", "squared_discard_pile"])
def test_rule_option_discard_pile_saves_round_trip_and_old_saves_load(name: str) -> None:
    rules = fc.Rules(**{name: True})  # type: ignore[arg-type]
    assert rules.to_dict()[name] is True
    assert fc.Rules.from_dict(rules.to_dict()) == rules
    # written only when on, so saves and digests of games without them stay as they were
    assert name not in fc.Rules().to_dict()
    state = fc.GameState.new(3, rules=rules, seed=1).apply("draw")
    assert fc.GameState.from_json(state.to_json()) == state
    assert fc.GameState.from_json(state.to_json()).rules == rules
    old = json.loads(fc.GameState.new(3, seed=1).to_json())
    assert name not in old["rules"]
    assert getattr(fc.GameState.from_json(json.dumps(old)).rules, name) is False
    with pytest.raises(fc.InvalidRulesError, match=f"{name} must be True or False"):
        fc.Rules(**{name: "yes"})  # type: ignore[arg-type]


def test_rule_option_discard_pile_flags_of_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from fivecrowns.cli import main

    assert main(["rules", "--reshuffle-whole-pile", "--squared-pile", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert fc.Rules.from_dict(data) == fc.Rules(
        reshuffle_whole_discard_pile=True, squared_discard_pile=True
    )
    assert main(["rules", "--squared-pile"]) == 0
    text = capsys.readouterr().out
    assert (
        "discard pile    squared (only the top card shows); an empty stock takes all of it but"
        in text
    )
    assert main(["rules"]) == 0
    assert "discard pile    spread; an empty stock takes all of it but the top card" in (
        capsys.readouterr().out
    )
    for command in ("play", "simulate"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        usage = capsys.readouterr().out
        assert "--reshuffle-whole-pile" in usage
        assert "--squared-pile" in usage
