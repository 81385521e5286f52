"""Hardening (issue 17): wrong types and foreign exceptions at the public API, and the
notations read exactly as documented.

Every bad input raises the library's own error (a :class:`fivecrowns.FiveCrownsError`, so a
``ValueError``) saying what was wrong and what is accepted, never a bare ``ValueError``,
``TypeError`` or ``AttributeError`` from inside; every integer argument takes any integer type
(numpy's too) but not a bool.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import attrs
import numpy as np
import pytest

import fivecrowns as fc
from fivecrowns.game.actions import ActionKind
from fivecrowns.melds import Meld, MeldKind, make_meld
from fivecrowns.rules import parse_wild_rank, rule_flag

# -- 1. the action notation: ASCII digits, ASCII keywords, ASCII whitespace -----------------


def test_action_parse_refuses_unicode_digits_signs_and_underscores_in_a_lay_off_index() -> None:
    # int() reads all of these ("²" it refuses with a bare ValueError); the notation is ASCII
    # digits only.
    for text in ("layoff ²", "layoff ٣", "layoff ３", "layoff +3", "layoff 3_0", "layoff -1"):
        with pytest.raises(fc.IllegalActionError, match="ASCII digits"):
            fc.Action.parse(text)
    assert fc.Action.parse(" layoff 3 ") == fc.Action.lay_off(3)
    assert fc.Action.parse("LAYOFF 0") == fc.Action.lay_off(0)


def test_action_parse_refuses_a_lay_off_index_with_leading_zeros() -> None:
    # str() never writes one, so "layoff 03" would not round-trip
    with pytest.raises(fc.IllegalActionError, match="no leading zero"):
        fc.Action.parse("layoff 03")


def test_action_parse_refuses_a_lay_off_index_too_long_for_int() -> None:
    # int() refuses more than 4300 digits with a bare ValueError
    with pytest.raises(fc.IllegalActionError, match="at most 3 digits"):
        fc.Action.parse("layoff " + "9" * 5000)


def test_apply_and_is_legal_refuse_unicode_digit_lay_off_text() -> None:
    state = fc.GameState.new(2, seed=1)
    with pytest.raises(fc.IllegalActionError, match="ASCII digits"):
        state.apply("layoff ²")
    assert state.is_legal("layoff ²") is False
    assert state.is_legal("layoff " + "9" * 5000) is False


def test_action_keywords_ignore_ascii_case_only() -> None:
    # "\u212a" (the Kelvin sign) lower-cases to "k": "taKe" is not the notation
    with pytest.raises(fc.IllegalActionError, match="an action is"):
        fc.Action.parse("ta\u212ae")
    with pytest.raises(fc.InvalidCardError):
        fc.Action.parse("discard \u212ad")  # not KD
    assert fc.Action.parse("DisCard kd") == fc.Action.discard("KD")


def test_action_parse_splits_words_on_ascii_whitespace_only() -> None:
    for text in ("discard\u30007H", "discard\x1c7H", "discard\u00a07H"):
        with pytest.raises(fc.IllegalActionError, match="an action is"):
            fc.Action.parse(text)
    assert fc.Action.parse("discard\t7H\n") == fc.Action.discard("7H")


# -- 2. rules that are not a Rules -----------------------------------------------------------

_SOLVER: list[Callable[..., object]] = [
    fc.min_deadwood,
    fc.best_arrangement,
    fc.best_discard,
    fc.deadwood_by_discard,
    fc.can_go_out,
    fc.can_meld_all,
    fc.outs,
]


@pytest.mark.parametrize("function", _SOLVER, ids=lambda function: function.__name__)
@pytest.mark.parametrize("rules", [None, "official", {"packs": 2}, 2])
def test_solver_functions_refuse_rules_that_are_not_rules(
    function: Callable[..., object], rules: object
) -> None:
    with pytest.raises(fc.InvalidRulesError, match=r"rules must be a Rules.*, got .*\(") as info:
        function("7H 8H 9H KS", 3, rules=rules)
    assert type(rules).__name__ in str(info.value)


@pytest.mark.parametrize("rules", [None, "official"])
def test_min_deadwood_many_refuses_rules_that_are_not_rules(rules: object) -> None:
    with pytest.raises(fc.InvalidRulesError, match="rules must be a Rules"):
        fc.min_deadwood_many(["7H 8H 9H"], 3, rules=rules)  # type: ignore[arg-type]
    with pytest.raises(fc.InvalidRulesError, match="rules must be a Rules"):
        fc.min_deadwood_many(np.zeros((1, 56), dtype=np.int64), 3, rules=rules)  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", [None, "official", fc.Rules.to_dict(fc.OFFICIAL)])
def test_meld_functions_refuse_rules_that_are_not_rules(rules: object) -> None:
    with pytest.raises(fc.InvalidRulesError, match="rules must be a Rules"):
        fc.check_meld("7H 7S 7D", 3, rules=rules)  # type: ignore[arg-type]
    with pytest.raises(fc.InvalidRulesError, match="rules must be a Rules"):
        make_meld(fc.parse_cards("7H 7S 7D"), 3, rules=rules)  # type: ignore[arg-type]


def test_game_state_new_refuses_rules_that_are_not_rules_with_invalid_rules_error() -> None:
    with pytest.raises(fc.InvalidRulesError, match=r"rules must be a Rules.*NoneType"):
        fc.GameState.new(2, rules=None)  # type: ignore[arg-type]


def test_num_actions_and_action_from_int_refuse_rules_that_are_not_rules() -> None:
    with pytest.raises(fc.InvalidRulesError, match="rules must be a Rules"):
        fc.num_actions(None)  # type: ignore[arg-type]
    with pytest.raises(fc.InvalidRulesError, match="rules must be a Rules"):
        fc.Action.from_int(3, "official")  # type: ignore[arg-type]


# -- 3. the fields of an Action and a Meld ---------------------------------------------------


_BAD_ACTIONS: list[tuple[tuple[Any, ...], str]] = [
    (("discard", fc.JOKER), "kind must be an ActionKind"),
    ((None,), "kind must be an ActionKind"),
    ((ActionKind.DISCARD, "JK"), "card must be a Card"),
    ((ActionKind.DISCARD, 55), "card must be a Card"),
    ((ActionKind.DISCARD,), "needs a card"),
    ((ActionKind.DRAW_STOCK, fc.JOKER), "takes no card"),
    ((ActionKind.LAY_OFF, None, True), "table meld index"),
    ((ActionKind.LAY_OFF, None, 1.0), "table meld index"),
    ((ActionKind.LAY_OFF, None, -1), "table meld index"),
    ((ActionKind.DISCARD, fc.JOKER, 0), "takes no meld index"),
]


def test_action_constructor_refuses_wrong_field_values() -> None:
    # the tester's case first: Action("discard", JOKER) raised TypeError from inside
    with pytest.raises(fc.IllegalActionError, match=r"ActionKind \(such as ActionKind.DISCARD\)"):
        fc.Action("discard", fc.JOKER)  # type: ignore[arg-type]
    for args, message in _BAD_ACTIONS:
        with pytest.raises(fc.IllegalActionError, match=message):
            fc.Action(*args)


def test_meld_constructor_refuses_wrong_field_types() -> None:
    good = fc.check_meld("7H 7S 7D", 3)
    with pytest.raises(fc.InvalidMeldError, match="kind is a MeldKind"):
        Meld("book", good.cards, good.stands_for, 3)  # type: ignore[arg-type]
    with pytest.raises(fc.InvalidMeldError, match="cards must be a tuple of Card"):
        Meld(MeldKind.BOOK, ("7H", "7S", "7D"), good.stands_for, 3)  # type: ignore[arg-type]
    with pytest.raises(fc.InvalidMeldError, match="wild_rank must be None"):
        Meld(MeldKind.BOOK, good.cards, good.stands_for, 99)
    assert Meld(MeldKind.BOOK, good.cards, good.stands_for, np.int64(3)).wild_rank == 3  # type: ignore[arg-type]


def test_make_meld_refuses_a_bad_wild_rank_and_kind() -> None:
    cards = fc.parse_cards("7H 7S 7D")
    with pytest.raises(fc.InvalidHandError, match="wild rank"):
        make_meld(cards, 99)
    with pytest.raises(fc.InvalidMeldError, match="kind must be 'book', 'run'"):
        make_meld(cards, 3, kind="bogus")


def test_rules_points_refuses_a_value_that_is_not_a_card() -> None:
    with pytest.raises(fc.InvalidCardError, match="points takes a Card"):
        fc.Rules().points("7H", 3)  # type: ignore[arg-type]


def test_rules_points_refuses_a_float_wild_rank_even_when_the_int_is_cached() -> None:
    rules = fc.Rules()
    rules.points_by_code(7)
    with pytest.raises(fc.InvalidHandError, match="wild rank"):
        rules.points_by_code(7.0)  # type: ignore[arg-type]
    with pytest.raises(fc.InvalidHandError, match="wild rank"):
        rules.points_by_code([7])  # type: ignore[arg-type]


# -- 5. integers of any type, never bools ----------------------------------------------------


def test_game_state_new_and_view_accept_numpy_integers() -> None:
    state = fc.GameState.new(np.int64(3), seed=np.uint32(7), first_dealer=np.int8(1))  # type: ignore[arg-type]
    assert state == fc.GameState.new(3, seed=7, first_dealer=1)
    assert type(state.players) is int
    assert type(state.seed) is int
    assert state.view(np.int64(2)) == state.view(2)  # type: ignore[arg-type]
    assert state.hand(np.int16(0)) == state.hand(0)  # type: ignore[arg-type]
    assert state.observation(np.int64(1)).shape == (fc.observation_size(np.int64(3)),)  # type: ignore[arg-type]
    state.to_json()  # the state holds ints: it still serialises
    # any integer type, but not a bool (nor a float)
    for call in _NOT_INTS:
        with pytest.raises(fc.FiveCrownsError, match=r"an int|a seat from"):
            call()


_NOT_INTS: list[Callable[[], object]] = [
    lambda: fc.GameState.new(True),
    lambda: fc.GameState.new(2, seed=True),
    lambda: fc.GameState.new(2, seed=7.0),
    lambda: fc.GameState.new(2, first_dealer=np.True_),
    lambda: fc.GameState.new(2, seed=1).view(True),
    lambda: fc.GameState.new(2, seed=1).view(1.0),
    lambda: fc.observation_size(True),
]


def test_solver_and_melds_accept_a_numpy_wild_rank() -> None:
    for wild in (np.int64(7), np.int8(7), np.uint16(7)):
        assert fc.min_deadwood("7H 8S KD", wild) == fc.min_deadwood("7H 8S KD", 7)  # type: ignore[arg-type]
        assert fc.best_arrangement("7H 8S KD", wild) == fc.best_arrangement("7H 8S KD", 7)  # type: ignore[arg-type]
        assert fc.best_discard("7H 8S KD 9S", wild)[0] == fc.best_discard("7H 8S KD 9S", 7)[0]  # type: ignore[arg-type]
        assert fc.can_go_out("7H 8S 9S 10S", wild)  # type: ignore[arg-type]
        assert fc.can_meld_all("7H 8S 9S", wild)  # type: ignore[arg-type]
        assert fc.outs("8S 9S 10S", wild) == fc.outs("8S 9S 10S", 7)  # type: ignore[arg-type]
        assert fc.deadwood_by_discard("7H 8S KD", wild) == fc.deadwood_by_discard("7H 8S KD", 7)  # type: ignore[arg-type]
        assert fc.min_deadwood_many(["7H 8S KD"], wild).tolist() == [41]  # type: ignore[arg-type]
        assert fc.check_meld("7H 8S 9S", wild) == fc.check_meld("7H 8S 9S", 7)  # type: ignore[arg-type]
    for bad in (True, 7.0, "7"):
        with pytest.raises(fc.InvalidHandError, match="wild rank"):
            fc.min_deadwood("7H 8S KD", bad)  # type: ignore[arg-type]


def test_cards_accept_numpy_integers() -> None:
    seven = fc.Card.parse("7H")
    assert fc.Card.of(np.int64(7), fc.Suit.HEARTS) is seven  # type: ignore[arg-type]
    assert fc.Card.from_code(np.int64(seven.code)) is seven  # type: ignore[arg-type]
    made = fc.Card(np.int64(seven.code))  # type: ignore[arg-type]
    assert made == seven
    assert type(made.code) is int
    assert hash(made) == hash(seven)
    assert len(fc.deck(np.int64(1))) == 58  # type: ignore[arg-type]
    assert seven.is_wild(np.int64(7))  # type: ignore[arg-type]
    for bad in (True, 7.0):
        with pytest.raises(fc.InvalidCardError, match="int"):
            fc.Card.of(bad, fc.Suit.HEARTS)  # type: ignore[arg-type]
        with pytest.raises(fc.InvalidCardError, match="int"):
            fc.Card.from_code(bad)  # type: ignore[arg-type]
        with pytest.raises(fc.InvalidCardError, match="int"):
            fc.Card(bad)  # type: ignore[arg-type]


def test_rules_accept_numpy_integers_and_store_ints() -> None:
    rules = fc.Rules(
        packs=np.int64(3),  # type: ignore[arg-type]
        schedule=[np.int64(3), np.int32(4)],
        wild_ranks=[None, np.int8(4)],
        max_wilds_per_meld=np.int64(2),  # type: ignore[arg-type]
        go_out_bonus=np.int64(-10),  # type: ignore[arg-type]
        turn_limit=np.uint16(300),  # type: ignore[arg-type]
    )
    same = fc.Rules(
        packs=3,
        schedule=(3, 4),
        wild_ranks=(None, 4),
        max_wilds_per_meld=2,
        go_out_bonus=-10,
        turn_limit=300,
    )
    assert rules == same
    assert hash(rules) == hash(same)
    assert all(type(v) is int for v in (rules.packs, *rules.schedule, rules.turn_limit))
    assert fc.Rules.from_dict(rules.to_dict()) == same
    assert rules.hand_size(np.int64(2)) == 4  # type: ignore[arg-type]
    assert rules.wild_rank(np.int64(2)) == 4  # type: ignore[arg-type]
    assert fc.Rules.short_game(np.int64(5)) == fc.Rules.short_game(5)  # type: ignore[arg-type]
    assert fc.Rules.constant(7, rounds=np.int64(2)).schedule == (7, 7)  # type: ignore[arg-type]
    assert rules.points(fc.Card.parse("4H"), np.int64(4)) == 20  # type: ignore[arg-type]
    with pytest.raises(fc.InvalidRulesError, match="packs must be an int"):
        fc.Rules(packs=True)  # type: ignore[arg-type]
    with pytest.raises(fc.InvalidRulesError, match="round must be an int"):
        rules.hand_size(True)


def test_actions_accept_numpy_integers() -> None:
    assert fc.Action.from_int(np.int64(1)) == fc.DRAW_DISCARD  # type: ignore[arg-type]
    lay_off = fc.Action.lay_off(np.int64(2))  # type: ignore[arg-type]
    assert lay_off == fc.Action.lay_off(2)
    assert type(lay_off.meld) is int
    assert lay_off.to_int() == fc.Action.lay_off(2).to_int()
    with pytest.raises(fc.IllegalActionError, match="action integer"):
        fc.Action.from_int(True)
    with pytest.raises(fc.IllegalActionError, match="action integer"):
        fc.Action.from_int(1.0)  # type: ignore[arg-type]


# -- 6. card notation: exactly the documented spellings --------------------------------------


_NOT_CARDS: Final = (
    "7ſ",  # "ſ".upper() == "S"
    "10ſ",
    "Kſ",
    "７H",  # fullwidth digit
    "7Ｈ",  # fullwidth letter
    "ＪＫ",
    "7ß",  # "ß".upper() == "SS"
    "\u212aD",  # the Kelvin sign
)


def test_card_parse_refuses_letters_that_only_unicode_case_maps_to_the_notation() -> None:
    for text in _NOT_CARDS:
        with pytest.raises(fc.InvalidCardError, match="a card is a rank"):
            fc.Card.parse(text)
        with pytest.raises(fc.InvalidCardError):
            fc.parse_cards(f"3H {text}")
        with pytest.raises(fc.InvalidCardError):
            fc.parse_cards(["3H", text])
    # the documented spellings, ASCII letters in any case
    spellings = {
        "10h": "10H",
        "tH": "10H",
        "q*": "Q*",
        "k★": "K*",
        "3♥": "3H",
        "4♣": "4C",
        "5♠": "5S",
        "6♦": "6D",
        "jk": "JK",
        "jOkEr": "JK",
    }
    for text, name in spellings.items():
        assert str(fc.Card.parse(text)) == name


def test_parse_cards_splits_on_ascii_whitespace_and_commas_only() -> None:
    # str.split() also splits on other Unicode spaces and on the separators 0x1C-0x1F
    for text in ("7H\u30008H", "7H\x1c8H", "7H\u00a08H", "7H\u20038H"):
        with pytest.raises(fc.InvalidCardError, match="bad"):
            fc.parse_cards(text)
    assert fc.parse_cards("7H\t8H\n 9H,\r10H") == fc.parse_cards("7H 8H 9H 10H")
    with pytest.raises(fc.InvalidCardError):
        fc.Card.parse("\u30007H")


def test_error_messages_stay_short_for_huge_inputs() -> None:
    huge = "x" * 1_000_000
    calls: list[Callable[[], object]] = [
        lambda: fc.Card.parse(huge),
        lambda: fc.parse_cards(huge),
        lambda: fc.parse_cards([huge]),
        lambda: fc.parse_cards("7H " + huge),
        lambda: fc.Action.parse(huge),
        lambda: fc.Action.parse("discard " + huge),
        lambda: fc.Action.parse("layoff " + huge),
        lambda: fc.Rules(tie_break=huge),  # type: ignore[arg-type]
        lambda: fc.Rules(schedule=list(range(100_000))),
        lambda: fc.min_deadwood("7H", 3, rules=huge),  # type: ignore[arg-type]
        lambda: fc.GameState.new(2, seed=huge),  # type: ignore[arg-type]
        lambda: fc.min_deadwood("7H", huge),  # type: ignore[arg-type]
        lambda: parse_wild_rank(huge),
    ]
    for call in calls:
        with pytest.raises(fc.FiveCrownsError) as info:
            call()
        assert len(str(info.value)) < 500


# -- 7. rules that deal hands too large to solve (and so cannot seat two players) ----------


@pytest.mark.parametrize(
    "options",
    [
        {"schedule": [60]},
        {"schedule": [3, 15]},
        {"packs": 1, "schedule": (3, 29)},
        {"tie_break": "extra_round", "extra_round_hand_size": 58},
        {"tie_break": "extra_round", "extra_round_hand_size": 15},
    ],
)
def test_rules_dealing_hands_above_max_hand_size_are_refused_at_construction(
    options: dict[str, Any],
) -> None:
    # issue 17: Rules(schedule=[60]) built, then seating two players failed; hands of 40
    # cards took minutes to solve. Every deck seats two players at MAX_HAND_SIZE (14).
    with pytest.raises(fc.InvalidRulesError, match="from 1 to 14"):
        fc.Rules(**options)


def test_every_deck_seats_two_players_at_max_hand_size() -> None:
    largest = fc.rules.MAX_HAND_SIZE
    for rules in (
        fc.Rules(packs=1, schedule=(largest,)),
        fc.Rules(packs=1, tie_break="extra_round", extra_round_hand_size=largest),
    ):
        assert rules.max_players == (58 - 2) // largest >= 2
        assert fc.GameState.new(2, rules=rules, seed=1).players == 2


def test_max_players_counts_the_tie_break_hand() -> None:
    # the schedule deals one pack to 56 // 7 = 8 (7: the official table), a tie-break round
    # of 14 cards to at most 56 // 14 = 4
    rules = fc.Rules(
        packs=1, schedule=(3, 4, 5, 6, 7), tie_break="extra_round", extra_round_hand_size=14
    )
    assert rules.max_players == rules.deal_capacity == 4
    assert fc.GameState.new(4, rules=rules, seed=1).players == 4
    with pytest.raises(fc.InvalidStateError, match="from 2 to 4"):
        fc.GameState.new(5, rules=rules)


# -- the command-line readers of rule options ------------------------------------------------


def test_rule_flags_read_ascii_whole_numbers_only() -> None:
    # int() reads "٣" as 3 (and refuses "²" with a bare ValueError)
    for text in ("٣", "²", "+3", "3_0", "７", "1" * 5000):
        with pytest.raises(fc.InvalidRulesError, match="a wild rank is"):
            parse_wild_rank(text)
        for name in ("packs", "schedule", "max_wilds_per_meld", "go_out_bonus"):
            parse = rule_flag(getattr(attrs.fields(fc.Rules), name)).parse
            assert parse is not None
            with pytest.raises(fc.InvalidRulesError):
                parse(text)
    fields = attrs.fields(fc.Rules)
    assert rule_flag(fields.go_out_bonus).parse("-10") == -10  # type: ignore[misc]
    assert rule_flag(fields.schedule).parse("3-5") == (3, 4, 5)  # type: ignore[misc]
    assert rule_flag(fields.schedule).parse("7x2") == (7, 7)  # type: ignore[misc]
    assert rule_flag(fields.schedule).parse("3,5") == (3, 5)  # type: ignore[misc]
    assert parse_wild_rank(" q ") == 12
    assert parse_wild_rank("NONE") is None
    assert parse_wild_rank("13") == 13
