"""A GameState that breaks the rules cannot be built, and every action's legality has one
source: ``legal_actions``, ``is_legal``, ``apply`` and its error message agree."""

from __future__ import annotations

import random

import attrs
import pytest

import fivecrowns as fc
from test_game_rules import play, rig


def _midgame(seed: int = 3) -> fc.GameState:
    """A state of round 1 (7 cards) after a few turns, nobody out, player to draw."""
    state = fc.GameState.new(3, rules=fc.Rules.constant(7, rounds=2), seed=seed)
    for _ in range(3):
        state = play(state, "draw", f"discard {state.hand(state.current)[-1]}")
    assert state.went_out is None
    return state


def test_evolve_with_impossible_hands_is_refused() -> None:
    state = _midgame()
    hands = list(state.hands)
    # A card conjured from nowhere: the cards are no longer the deck.
    hands[0] = (*hands[0][:-1], hands[1][0])
    with pytest.raises(fc.InvalidStateError, match="not the deck"):
        attrs.evolve(state, hands=tuple(hands))
    # A card moved from the stock into a hand: the hand has the wrong size.
    hands = list(state.hands)
    hands[1] = tuple(sorted((*hands[1], state.stock[0]), key=lambda c: c.code))
    with pytest.raises(fc.InvalidStateError, match=r"player 1 holds \d+ cards, not"):
        attrs.evolve(state, hands=tuple(hands), stock=state.stock[1:])
    with pytest.raises(fc.InvalidStateError, match="hands must hold 3"):
        attrs.evolve(state, hands=state.hands[:2])


def test_evolve_with_bad_seats_or_phases_is_refused() -> None:
    state = _midgame()
    cases: list[tuple[dict[str, object], str]] = [
        ({"current": 5}, "current must be a seat from 0 to 2"),
        ({"dealer": -1}, "dealer must be a seat"),
        ({"phase": "draw"}, "phase must be a Phase"),
        ({"went_out": 7}, "went_out must be a player dealt in"),
        ({"turns": -2}, "turns must be an int"),
        ({"active": (0, 0, 1)}, "2 or more distinct seats"),
        ({"players": 20}, "players must be an int"),
        ({"round_number": 40}, "round 40 of a 2-round schedule"),
        ({"taken": "7H"}, "taken must be a card"),
        ({"selection": (state.hands[0][0],)}, "selected outside a final turn"),
        ({"round_scores": (None, 3, None)}, "scores before anyone went out"),
    ]
    for change, message in cases:
        with pytest.raises(fc.InvalidStateError, match=message):
            attrs.evolve(state, **change)


def test_evolve_with_a_possible_change_is_accepted() -> None:
    state = _midgame()
    # Swap a card between two hidden places: still a state the rules can reach.
    hands = list(state.hands)
    other = (state.current + 1) % 3
    hands[other] = tuple(sorted((*hands[other][1:], state.stock[0]), key=lambda c: c.code))
    stock = (state.hands[other][0], *state.stock[1:])
    moved = attrs.evolve(state, hands=tuple(hands), stock=stock)
    assert moved.hand(other) != state.hand(other)
    assert moved.legal_actions() == state.legal_actions()


def test_legality_has_one_source() -> None:
    """For every action integer in states along random games: listed exactly when is_legal,
    and apply either plays it or raises a message, changing nothing."""
    variants = [
        fc.Rules.short_game(3),
        fc.Rules.short_game(3, auto_arrange_final_hand=False, lay_off=True),
        fc.Rules.short_game(3, go_out_without_discard=True, may_discard_taken_discard=False),
    ]
    for number, rules in enumerate(variants):
        state = fc.GameState.new(2, rules=rules, seed=number)
        rng = random.Random(number)
        steps = 0
        while not state.is_over and steps < 120:
            legal = set(state.legal_action_ints())
            before = state.to_json()
            for value in range(fc.num_actions(rules)):
                assert state.is_legal(value) == (value in legal)
                if value not in legal:
                    with pytest.raises(fc.IllegalActionError) as error:
                        state.apply(value)
                    assert str(error.value)
            assert state.to_json() == before
            state = state.apply(rng.choice(state.legal_actions()))
            steps += 1


def test_round_parameters_come_from_one_place() -> None:
    rules = fc.Rules.short_game(2, tie_break="extra_round", extra_round_hand_size=3, turn_limit=4)
    for seed in range(300):
        state = fc.GameState.new(3, rules=rules, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        if any(result.extra_round for result in state.results):
            break
    for result in state.results:
        expected = (3, 3) if result.extra_round else (result.round_number + 2,) * 2
        assert (result.hand_size, result.wild_rank) == expected


def test_refusals_name_the_rule() -> None:
    state = rig(["7H 8H KD", "10H JK 5S"], stock="9H 6D")
    state = play(state, "draw")
    with pytest.raises(fc.IllegalActionError, match="cannot go out: 8H, 9H and KD"):
        state.apply("out 7H")
    with pytest.raises(fc.IllegalActionError, match="arranged by the engine"):
        state.apply("select 7H")
    with pytest.raises(fc.IllegalActionError, match="go_out_without_discard=False"):
        state.apply("out!")
    assert state.is_legal("out KD")


def test_melded_means_melded_under_zero_point_jokers() -> None:
    """A joker that cannot meld costs nothing here, yet going out needs it melded."""
    rules = fc.Rules(joker_points=0, max_wilds_per_meld=0, schedule=(4,))
    state = play(rig(["7H 8H 9H JK", "5S 6D 7C QS"], rules=rules, stock="KS"), "draw")
    assert not state.is_legal("out KS")
    with pytest.raises(fc.IllegalActionError, match="cannot go out: JK is unmelded"):
        state.apply("out KS")


def test_going_out_lays_down_a_zero_point_joker() -> None:
    rules = fc.Rules(joker_points=0, schedule=(4,))
    state = play(rig(["7H 8H 9H JK", "5S 6D 7C QS"], rules=rules, stock="KS"), "draw")
    state = state.apply("out KS")
    assert sorted(c for t in state.table for c in t.meld.cards) == sorted(
        fc.parse_cards("7H 8H 9H JK")
    )


@pytest.mark.parametrize(
    "rules",
    [
        fc.Rules(schedule=(1,)),
        fc.Rules(schedule=(3, 2, 5)),
        fc.Rules(schedule=(1,), go_out_without_discard=True),
        fc.Rules(tie_break="extra_round", extra_round_hand_size=2),
    ],
)
def test_a_round_no_hand_can_go_out_of_is_refused(rules: fc.Rules) -> None:
    # no hand of 1 card (or 2, unless it may go out without a discard) melds after its
    # discard, so such a round would be played for ever
    with pytest.raises(fc.InvalidRulesError, match="can go out"):
        fc.GameState.new(2, rules=rules, seed=1)
    with pytest.raises(fc.FiveCrownsError):
        fc.tournament(["greedy", "greedy"], games=1, rules=rules, seed=1, jobs=1)


@pytest.mark.parametrize(
    "rules",
    [
        fc.Rules(schedule=(2,), go_out_without_discard=True),
        fc.Rules(schedule=(1,), turn_limit=9),
        fc.Rules(schedule=(3,), tie_break="extra_round", extra_round_hand_size=3),
    ],
)
def test_rounds_that_can_end_are_played(rules: fc.Rules) -> None:
    result = fc.play_game([fc.GreedyBot(), fc.GreedyBot()], rules=rules, seed=2)
    assert result.record.replay().is_over
