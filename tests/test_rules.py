"""The Rules object: options, defaults, validation, presets (RULES.md: Rounds and wilds,
Scoring, Players)."""

from __future__ import annotations

import attrs
import pytest

import fivecrowns as fc


def test_rule_defaults_are_the_official_rules() -> None:
    rules = fc.Rules()
    assert rules == fc.OFFICIAL == fc.Rules.official()
    assert rules.packs == 2
    assert rules.deck_size == 116
    assert rules.schedule == tuple(range(3, 14))
    assert not rules.distinct_suit_books
    assert rules.max_wilds_per_meld is None
    assert rules.all_wild_melds
    assert rules.may_discard_taken_discard
    assert not rules.go_out_without_discard
    assert not rules.lay_off
    assert rules.auto_arrange_final_hand
    assert rules.go_out_bonus == 0
    assert rules.tie_break == "shared"
    assert rules.solitaire_scoring == "win"


def test_rule_eleven_rounds_dealing_three_to_thirteen_with_that_rank_wild() -> None:
    rules = fc.Rules()
    assert rules.rounds == 11
    assert [rules.hand_size(n) for n in range(1, 12)] == list(range(3, 14))
    assert [rules.wild_rank(n) for n in range(1, 12)] == list(range(3, 14))
    with pytest.raises(fc.InvalidRulesError, match="round"):
        rules.hand_size(12)
    with pytest.raises(fc.InvalidRulesError, match="round"):
        rules.wild_rank(0)


def test_rule_short_game_presets() -> None:
    for rounds in (5, 7, 9):
        rules = fc.Rules.short_game(rounds)
        assert rules.schedule == tuple(range(3, 3 + rounds))
    nine = fc.Rules.short_game(9)
    assert nine.hand_size(9) == 11
    assert nine.wild_rank(9) == fc.Rank.JACK
    with pytest.raises(fc.InvalidRulesError):
        fc.Rules.short_game(12)


def test_rule_constant_schedule_preset() -> None:
    rules = fc.Rules.constant(7)
    assert rules.schedule == (7,) * 11
    assert {rules.wild_rank(n) for n in range(1, 12)} == {7}


def test_rule_schedule_entry_with_no_rank_wild() -> None:
    rules = fc.Rules(schedule=(3, 4, 5), wild_ranks=(3, None, 9))
    assert [rules.wild_rank(n) for n in (1, 2, 3)] == [3, None, 9]
    with pytest.raises(fc.InvalidRulesError, match="one entry per round"):
        fc.Rules(schedule=(3, 4), wild_ranks=(3,))
    with pytest.raises(fc.InvalidRulesError, match="wild rank"):
        fc.Rules(schedule=(3,), wild_ranks=(2,))


def test_rule_scoring_card_points() -> None:
    rules = fc.Rules()
    assert rules.points(fc.Card.parse("5H"), 3) == 5
    assert rules.points(fc.Card.parse("JH"), 3) == 11
    assert rules.points(fc.Card.parse("QH"), 3) == 12
    assert rules.points(fc.Card.parse("KH"), 3) == 13
    assert rules.points(fc.Card.parse("3H"), 3) == 20
    assert rules.points(fc.Card.parse("KH"), 13) == 20  # even a K in round 11
    assert rules.points(fc.JOKER, 7) == 50
    assert rules.points(fc.JOKER, None) == 50
    assert rules.points(fc.Card.parse("7H"), None) == 7


def test_rule_players_deal_capacity() -> None:
    # the official game seats 1 to 7 (one is Solitaire); the deck could deal 8:
    # 8 * 13 + 1 = 105 leaves a stock of 11
    assert fc.Rules().max_players == 7
    assert fc.Rules().deal_capacity == 8
    assert fc.Rules(seat_to_capacity=True).max_players == 8
    assert fc.Rules(packs=1).max_players == 4
    assert fc.Rules(packs=3).max_players == 13
    # one pack deals two hands of the largest size the rules allow, and no more
    largest = fc.rules.MAX_HAND_SIZE
    assert fc.Rules(packs=1, schedule=(3, largest)).max_players == (58 - 2) // largest
    with pytest.raises(fc.InvalidRulesError, match="from 1 to 14"):
        fc.Rules(packs=1, schedule=(3, 57))


def test_rule_official_table_seats_two_to_seven_players_unless_seat_to_capacity() -> None:
    # The official game is 1 to 7 players (one is Solitaire); the official deck could deal 8.
    with pytest.raises(
        fc.InvalidStateError, match=r"from 2 to 7 .*seat_to_capacity=True\) seats 8"
    ):
        fc.GameState.new(8)
    assert fc.GameState.new(7, seed=1).players == 7
    wide = fc.Rules(seat_to_capacity=True)
    assert fc.GameState.new(8, rules=wide, seed=1).players == 8
    with pytest.raises(fc.InvalidStateError, match="from 2 to 8"):
        fc.GameState.new(9, rules=wide)
    # short games deal smaller hands: the deck could seat 16, the official game 7
    assert fc.Rules.short_game(5).max_players == 7
    assert fc.Rules.short_game(5, seat_to_capacity=True).max_players == 16
    # a deck of more packs is not the official one: it seats its deal capacity
    assert fc.Rules(packs=3).max_players == fc.Rules(packs=3).deal_capacity == 13
    assert fc.Rules(packs=1).max_players == 4
    assert fc.Rules.from_dict(wide.to_dict()) == wide
    with pytest.raises(fc.InvalidRulesError, match="seat_to_capacity must be True or False"):
        fc.Rules(seat_to_capacity=1)  # type: ignore[arg-type]


def test_rules_are_frozen_and_hashable() -> None:
    rules = fc.Rules(lay_off=True)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rules.lay_off = False  # type: ignore[misc]
    assert hash(rules) == hash(fc.Rules(lay_off=True))
    assert {rules: 1}[fc.Rules(lay_off=True)] == 1
    assert attrs.evolve(rules, lay_off=False) == fc.Rules()


def test_rules_options_are_keyword_only() -> None:
    with pytest.raises(TypeError):
        fc.Rules(2)  # type: ignore[misc]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"packs": 0}, "packs"),
        ({"packs": True}, "packs"),
        ({"schedule": ()}, "schedule"),
        ({"schedule": (3, 0)}, "schedule"),
        ({"schedule": "345"}, "schedule"),
        ({"distinct_suit_books": 1}, "distinct_suit_books must be True or False"),
        ({"lay_off": "yes"}, "lay_off"),
        ({"max_wilds_per_meld": -1}, "max_wilds_per_meld"),
        ({"max_wilds_per_meld": "half"}, "max_wilds_per_meld"),
        ({"go_out_bonus": 10}, "go_out_bonus"),
        ({"tie_break": "coin"}, "tie_break"),
        ({"extra_round_hand_size": 0}, "extra_round_hand_size"),
        ({"solitaire_scoring": "points"}, "solitaire_scoring"),
        ({"joker_points": -1}, "joker_points"),
    ],
)
def test_bad_options_raise_invalid_rules_error(options: dict[str, object], message: str) -> None:
    with pytest.raises(fc.InvalidRulesError, match=message):
        fc.Rules(**options)  # type: ignore[arg-type]


def test_variant_options_are_accepted() -> None:
    rules = fc.Rules(
        packs=3,
        distinct_suit_books=True,
        max_wilds_per_meld="naturals",
        all_wild_melds=False,
        may_discard_taken_discard=False,
        go_out_without_discard=True,
        lay_off=True,
        auto_arrange_final_hand=False,
        go_out_bonus=-10,
        tie_break="extra_round",
        extra_round_hand_size=7,
        solitaire_scoring="deadwood",
    )
    assert rules.max_wilds_in(4) == 4
    assert fc.Rules(max_wilds_per_meld=2).max_wilds_in(9) == 2
    assert fc.Rules().max_wilds_in(9) is None
    assert fc.Rules(schedule=[3, 4]).schedule == (3, 4)
    assert rules.deck_size == 174


def test_rules_repr_evaluates_back() -> None:
    rules = fc.Rules(packs=3, max_wilds_per_meld="naturals", schedule=(5, 6, 7), lay_off=True)
    assert eval(repr(rules), {"Rules": fc.Rules}) == rules


def test_rules_dict_round_trip_and_errors() -> None:
    rules = fc.Rules(packs=3, schedule=(5, 6), wild_ranks=(None, 9), max_wilds_per_meld=2)
    data = rules.to_dict()
    assert data["schedule"] == [5, 6]
    assert fc.Rules.from_dict(data) == rules
    assert fc.Rules.from_dict({}) == fc.Rules()
    with pytest.raises(fc.InvalidRulesError, match="unknown rule option"):
        fc.Rules.from_dict({"colour": "red"})
    with pytest.raises(fc.InvalidRulesError, match="packs"):
        fc.Rules.from_dict({"packs": "2"})
    with pytest.raises(fc.InvalidRulesError, match="mapping"):
        fc.Rules.from_dict([("packs", 2)])  # type: ignore[arg-type]


def test_rules_of_the_same_plain_options_are_made_once_and_shared() -> None:
    # (issue 46: building Rules inline cost ~15 us; an equal rule set is now a look-up)
    assert fc.Rules() is fc.Rules()
    assert fc.Rules(lay_off=True, packs=3) is fc.Rules(packs=3, lay_off=True)
    assert fc.Rules(schedule=(3, 4)) is fc.Rules(schedule=(3, 4))
    assert fc.Rules(schedule=[3, 4]) == fc.Rules(schedule=(3, 4))  # (a list: made afresh)
    assert attrs.evolve(fc.Rules(), lay_off=True) is fc.Rules(lay_off=True)
    # equal but not the same values never share a rule set: a bad one still says why
    assert fc.Rules(packs=1).packs == 1
    with pytest.raises(fc.InvalidRulesError, match="packs must be an int"):
        fc.Rules(packs=True)
    assert fc.Rules(schedule=(1, 4)).schedule == (1, 4)
    with pytest.raises(fc.InvalidRulesError, match="schedule must be"):
        fc.Rules(schedule=(True, 4))
    with pytest.raises(fc.InvalidRulesError, match="schedule must be"):
        fc.Rules(schedule=(1.0, 4))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        fc.Rules(2)  # type: ignore[misc]  # (keywords only, as attrs says)
