"""Random games, checked after every step (the engine's invariants).

A Hypothesis state machine plays games under random rule variants, mixing legal and illegal
actions, and after every step checks: every card of the deck is in exactly one place, hand
sizes follow the rules, no score is negative (except the documented ``go_out_bonus``),
illegal actions raise and change nothing, views reveal no hidden card (in memory and in JSON),
and JSON round-trips to an equal state. A plain soak test plays many more whole games.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import attrs
import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

import fivecrowns as fc

# Small, fast rule variants: short schedules, small hands, every option somewhere.
_VARIANTS = st.builds(
    fc.Rules,
    packs=st.sampled_from([1, 2]),
    schedule=st.lists(st.integers(3, 6), min_size=1, max_size=3).map(tuple),
    distinct_suit_books=st.booleans(),
    max_wilds_per_meld=st.sampled_from([None, None, 1, "naturals"]),
    all_wild_melds=st.booleans(),
    may_discard_taken_discard=st.booleans(),
    go_out_without_discard=st.booleans(),
    lay_off=st.booleans(),
    auto_arrange_final_hand=st.booleans(),
    reshuffle_whole_discard_pile=st.booleans(),
    squared_discard_pile=st.booleans(),
    go_out_bonus=st.sampled_from([0, 0, -10]),
    tie_break=st.sampled_from(["shared", "extra_round", "most_rounds_out"]),
    extra_round_hand_size=st.integers(3, 5),
    turn_limit=st.sampled_from([None, 4, 12, 40]),
)


def check_invariants(state: fc.GameState) -> None:
    """What must hold in every state (independently of the engine's own validation)."""
    rules = state.rules
    # Every card of the deck in exactly one place.
    places = [
        *state.hands,
        state.stock,
        state.discard_pile,
        *(placed.meld.cards for placed in state.table),
    ]
    assert Counter(card for place in places for card in place) == Counter(fc.deck(rules.packs))
    # Hand sizes.
    if not state.is_over:
        size = state.hand_size
        for seat in range(state.players):
            hand = state.hands[seat]
            drew = seat == state.current and state.phase is fc.Phase.DISCARD
            if seat not in state.active:
                assert hand == ()
            elif state.went_out is None or seat in state.final_turns_left[1:]:
                assert len(hand) == size + drew
            elif seat == state.went_out:
                assert hand == ()
            else:
                assert len(hand) <= size + drew
        if state.phase is fc.Phase.DRAW:
            assert state.stock, "a player about to draw always has a stock"
    # Scores are never negative, except the go-out bonus of the player who went out; that
    # takes a total down to zero at most, unless go_out_bonus_below_zero.
    for result in state.results:
        for seat, score in enumerate(result.scores):
            if score is None:
                continue
            if seat == result.went_out:
                assert rules.go_out_bonus <= score <= 0
                if rules.go_out_bonus_below_zero:
                    assert score == rules.go_out_bonus
            else:
                assert score >= 0
    if rules.go_out_bonus == 0 or not rules.go_out_bonus_below_zero:
        assert all(total >= 0 for total in state.scores)
    # The legal actions agree with the mask and the integer encoding.
    legal = state.legal_actions()
    mask = state.legal_action_mask()
    assert mask.shape == (fc.num_actions(rules),)
    assert sorted(a.to_int() for a in legal) == [int(i) for i in mask.nonzero()[0]]
    assert all(fc.Action.from_int(a.to_int()) == a for a in legal)
    assert state.is_over == (not legal)


def check_views(state: fc.GameState, rng: random.Random) -> None:
    """Views hold the player's own cards and public facts only: permuting every card the
    player cannot see (other hands, stock) leaves the view unchanged."""
    for player in range(state.players):
        view = state.view(player)
        assert view.hand == state.hands[player]
        assert all(action.kind not in _PRIVATE for _, action in view.history)
        text = view.to_json()
        data = json.loads(text)
        assert "stock" not in data
        assert "seed" not in data
        assert "hands" not in data
        # Hands already scored this round stay (their score says what they hold).
        hidden = [
            seat
            for seat in range(state.players)
            if seat != player and state.round_scores[seat] is None
        ]
        # What the player to act has publicly taken from the pile stays in their hand (it is
        # no secret), and so does their selection: the state must stay possible.
        # (unless a final turn already laid it down: then it is on the table)
        taken = state.taken
        kept = [taken] if taken is not None and taken in state.hands[state.current] else []
        if state.current != player:  # (a multiset: two jokers may be selected)
            kept += list((Counter(state.selection) - Counter(kept)).elements())
        held = {seat: list(state.hands[seat]) for seat in hidden}
        for card in kept:
            if state.current in held:
                held[state.current].remove(card)
        pool = [card for seat in hidden for card in held[seat]] + list(state.stock)
        rng.shuffle(pool)
        hands = list(state.hands)
        for seat in hidden:
            size = len(held[seat])
            extra = kept if seat == state.current else []
            hands[seat] = tuple(sorted(pool[:size] + extra, key=lambda card: card.code))
            pool = pool[size:]
        other = attrs.evolve(state, hands=tuple(hands), stock=tuple(pool), seed=state.seed + 1)
        assert other.view(player) == view
        assert other.view(player).to_json() == text
        assert (other.observation(player) == view.observation()).all()


_PRIVATE = (fc.ActionKind.SELECT, fc.ActionKind.DESELECT)


class GameMachine(RuleBasedStateMachine):
    """Plays one game; each step is a legal action or an illegal one."""

    state: fc.GameState

    @initialize(
        rules=_VARIANTS,
        players=st.integers(2, 4),
        seed=st.integers(0, 2**64 - 1),
    )
    def start(self, rules: fc.Rules, players: int, seed: int) -> None:
        players = min(players, rules.max_players)
        if rules.tie_break == "extra_round":
            players = min(players, (rules.deck_size - 2) // rules.extra_round_hand_size)
        self.state = fc.GameState.new(players, rules=rules, seed=seed)
        self.rng = random.Random(seed)

    @rule(data=st.data())
    def legal(self, data: st.DataObject) -> None:
        actions = self.state.legal_actions()
        if not actions:
            return
        action = data.draw(st.sampled_from(actions))
        before = self.state
        self.state = self.state.apply(action)
        assert before.to_json() != self.state.to_json()

    @rule(value=st.integers(0, 300))
    def illegal(self, value: int) -> None:
        state = self.state
        if state.is_legal(value):
            return
        copy = fc.GameState.from_json(state.to_json())
        with pytest.raises(fc.IllegalActionError) as error:
            state.apply(value)
        assert str(error.value)
        assert state == copy
        assert state.to_json() == copy.to_json()

    @invariant()
    def holds(self) -> None:
        if not hasattr(self, "state"):
            return
        check_invariants(self.state)
        check_views(self.state, self.rng)
        assert fc.GameState.from_json(self.state.to_json()) == self.state


TestGameMachine = GameMachine.TestCase
TestGameMachine.settings = settings(
    # (each step saves and loads the state, and rebuilds it for every seat's view; each of
    # those checks walk the round's actions: 40 games of 80 steps, besides the soak below)
    max_examples=min(settings.default.max_examples, 40),
    stateful_step_count=80,
    deadline=None,
)


@pytest.mark.parametrize(
    "rules",
    [
        fc.Rules.short_game(3),
        fc.Rules.short_game(3, lay_off=True, go_out_without_discard=True),
        fc.Rules.short_game(3, auto_arrange_final_hand=False, lay_off=True),
        fc.Rules.short_game(2, tie_break="extra_round", extra_round_hand_size=3, turn_limit=4),
        fc.Rules(packs=1, schedule=(5, 5), may_discard_taken_discard=False, go_out_bonus=-10),
    ],
    ids=["official", "lay_off", "explicit", "extra_round", "one_pack"],
)
def test_soak_many_random_games(rules: fc.Rules) -> None:
    """Many whole games per variant, legal and illegal actions mixed, invariants checked
    after every step; every game replays from its record."""
    # The ci profile plays 100 whole games per variant (500 in all, besides the state
    # machine's runs; loading a state now replays its round's actions, so every step costs
    # more); the quick dev profile plays 20.
    games = 100 if settings.default.max_examples >= 400 else 20
    rng = random.Random(repr(rules))
    for game in range(games):
        players = rng.randint(2, min(5, rules.max_players))
        state = fc.GameState.new(players, rules=rules, seed=game)
        while not state.is_over:
            value = rng.randrange(fc.num_actions(rules))
            if not state.is_legal(value):
                with pytest.raises(fc.IllegalActionError):
                    state.apply(value)
            state = state.apply(rng.choice(state.legal_actions()))
            check_invariants(state)
        assert state.winners
        assert state.record().replay() == state
