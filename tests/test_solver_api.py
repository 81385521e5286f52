"""What a caller pays between Python and the engine, held to the same answers (issue 46):

- a hand given as a string is read by the compiled core's fast path (``notation.rs``): a
  string it reads has the cards ``parse_cards`` gives, and any string it does not read is
  left to the package's parser, so the errors are the package's own;
- ``Rules(...)`` of options given before is a look-up in the compiled ``Interner``, which
  gives the very objects the package's interning gives, and never mistakes ``True`` for
  ``1`` or a mutable value for the one given before;
- ``best_discard_value`` is ``best_discard``'s card and points, on both engines.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fivecrowns as fc
from fivecrowns import _interned
from fivecrowns.cards import CARDS
from fivecrowns.solver import _engine
from test_solver_engines import every_rule_set, hands

needs_core = pytest.mark.skipif(_engine.COMPILED is None, reason="the compiled core is not built")
#: (its fast path, which reads strings, answers only when the core runs)
core_runs = pytest.mark.skipif(
    _engine.COMPILED is None or _engine.ENGINE is not _engine.COMPILED,
    reason="the compiled core does not run",
)
compiled_calls = pytest.mark.skipif(
    not _interned._COMPILED, reason="Rules(...) runs the package's own interning"
)

# -- card strings ------------------------------------------------------------------------------

_RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "T", "t", "J", "j", "Q", "q", "K", "k"]
_SUITS = ["*", "H", "h", "C", "c", "S", "s", "D", "d", *"★♥♣♠♦☆♡♧♤♢"]
_JOKERS = ["JK", "jk", "Jk", "JOKER", "joker", "JoKeR"]
#: Pieces that are not the notation, or only nearly: what the core must leave to the parser.
_NOISE = [
    "",
    ",",
    ",,",
    " ",
    "\t",
    "\v",
    "\f",
    "\n",
    "\xa0",
    "1",
    "11",
    "2",
    "A",
    "X",
    "ſ",
    "K",
    "JKK",
    "\u212a",
    "10 ",
    "0",
    "\ud800",
    "JOKE",
    "**",
    "HH",
]


def _fast() -> _engine.FastPath:
    """The fast path, made to answer for the official rules."""
    _engine.prepare(fc.Rules(turn_limit=7))  # (another rule set first: OFFICIAL is then new)
    _engine.prepare(fc.OFFICIAL)
    return _engine.FAST


@st.composite
def card_strings(draw: st.DrawFn) -> str:
    """Strings of cards in every spelling, with separators, and now and then some noise."""
    words = draw(
        st.lists(
            st.one_of(
                st.builds(lambda r, s: r + s, st.sampled_from(_RANKS), st.sampled_from(_SUITS)),
                st.sampled_from(_JOKERS),
                st.sampled_from(_NOISE),
            ),
            max_size=18,
        )
    )
    text = ""
    for word in words:
        text += word + draw(st.sampled_from([" ", "  ", ",", ", ", " ,", "\t", "\n", "", "\r\n"]))
    return draw(st.sampled_from(["", " ", ","])) + text


def _parsed(text: str) -> tuple[fc.Card, ...] | BaseException:
    try:
        return fc.parse_cards(text)
    except fc.FiveCrownsError as error:
        return error


@core_runs
@settings(max_examples=1500)
@given(card_strings())
def test_a_string_the_core_reads_has_the_cards_parse_cards_gives(text: str) -> None:
    parsed = _parsed(text)
    read = _fast().arrangement(text, 3, fc.OFFICIAL)
    if read is not None:
        assert not isinstance(parsed, BaseException), (text, parsed)
        assert sorted(read.cards) == sorted(parsed)
    elif not isinstance(parsed, BaseException) and len(parsed) <= fc.solver.MAX_CARDS:
        # (a hand the core declines only when the deck cannot hold it)
        assert any(parsed.count(card) > (6 if card.is_joker else 2) for card in parsed), text


@core_runs
@settings(max_examples=300)
@given(st.lists(st.sampled_from(CARDS), max_size=fc.solver.MAX_CARDS), st.data())
def test_the_core_reads_every_spelling_of_a_hand(cards: list[fc.Card], data: st.DataObject) -> None:
    words = []
    for card in cards:
        if card.is_joker:
            words.append(data.draw(st.sampled_from(_JOKERS)))
        else:
            rank = data.draw(
                st.sampled_from([r for r in _RANKS if fc.Card.parse(r + "H").rank == card.rank])
            )
            suit = data.draw(
                st.sampled_from([s for s in _SUITS if fc.Card.parse("7" + s).suit == card.suit])
            )
            words.append(rank + suit)
    text = data.draw(st.sampled_from([" ", ",", ", ", "\t ,\n"])).join(words)
    counted = all(cards.count(card) <= (6 if card.is_joker else 2) for card in cards)
    read = _fast().arrangement(text, 3, fc.OFFICIAL)
    assert (read is not None) == counted, text
    if read is not None:
        assert sorted(read.cards) == sorted(cards)


@pytest.mark.parametrize(
    "text", ["7H,,8H", "7H 8X", "7H,", ",7H", "JK JOKER ★3", "7H 7H 7H", "7H\xa08H", "\ud800"]
)
def test_a_bad_string_gets_the_parsers_error(text: str) -> None:
    expected = _parsed(text)
    if not isinstance(
        expected, BaseException
    ):  # (three copies: the deck's error, not the parser's)
        with pytest.raises(fc.InvalidHandError, match="copies of 7H"):
            fc.min_deadwood(text, 3)
        return
    with pytest.raises(type(expected)) as raised:
        fc.min_deadwood(text, 3)
    assert str(raised.value) == str(expected)


@settings(max_examples=200)
@given(st.lists(st.sampled_from(CARDS), max_size=10), st.integers(3, 13))
def test_a_string_hand_answers_as_its_cards_do(cards: list[fc.Card], wild_rank: int) -> None:
    if any(cards.count(card) > (6 if card.is_joker else 2) for card in cards):
        return
    text = fc.format_cards(cards)
    assert fc.min_deadwood(text, wild_rank) == fc.min_deadwood(tuple(cards), wild_rank)
    assert fc.best_arrangement(text, wild_rank) == fc.best_arrangement(tuple(cards), wild_rank)
    assert fc.can_go_out(text, wild_rank) == fc.can_go_out(tuple(cards), wild_rank)
    if cards:
        assert fc.best_discard(text, wild_rank) == fc.best_discard(tuple(cards), wild_rank)


# -- Rules(...) --------------------------------------------------------------------------------

_OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "lay_off": st.booleans(),
        "packs": st.integers(1, 4),
        "go_out_bonus": st.sampled_from([0, -10, -1000]),
        "tie_break": st.sampled_from(["shared", "extra_round"]),
        "schedule": st.sampled_from([(3, 4, 5), (7,) * 3, fc.rules.OFFICIAL_SCHEDULE]),
        "max_wilds_per_meld": st.sampled_from([None, 1, "naturals"]),
        "turn_limit": st.sampled_from([None, 300]),
    },
)


@settings(max_examples=200)
@given(_OPTIONS)
def test_rules_of_equal_options_are_one_object(options: dict[str, object]) -> None:
    made = fc.Rules(**options)
    again = fc.Rules(**dict(reversed(list(options.items()))))
    assert made is again is fc.Rules(**options)
    assert made is _interned.interned(fc.Rules, (), dict(options))
    assert made == type.__call__(fc.Rules, **options)
    assert (made is fc.OFFICIAL) == (made == fc.OFFICIAL)


def test_rules_of_a_name_built_at_run_time_are_the_same_object() -> None:
    name = "".join(["lay", "_", "off"])
    assert fc.Rules(**{name: True}) is fc.Rules(lay_off=True)


def test_true_is_never_one_nor_one_true() -> None:
    assert fc.Rules(packs=1).packs == 1
    with pytest.raises(fc.InvalidRulesError, match="packs must be an int"):
        fc.Rules(packs=True)
    fc.Rules(schedule=(3, 1, 5))
    with pytest.raises(fc.InvalidRulesError, match="schedule"):
        fc.Rules(schedule=(3, True, 5))
    assert fc.Rules(lay_off=True).lay_off is True
    with pytest.raises(fc.InvalidRulesError, match="lay_off must be True or False"):
        fc.Rules(lay_off=1)


def test_a_mutable_option_is_read_afresh_each_call() -> None:
    schedule = [3, 4, 5]
    first = fc.Rules(schedule=schedule)
    schedule.append(6)
    assert fc.Rules(schedule=schedule).schedule == (3, 4, 5, 6)
    assert first.schedule == (3, 4, 5)


def test_bad_rules_still_raise_each_time() -> None:
    for _ in range(2):
        with pytest.raises(fc.InvalidRulesError, match="packs must be an int from 1 to 16"):
            fc.Rules(packs=0)
        with pytest.raises(TypeError, match="bogus"):
            fc.Rules(bogus=1)


def test_many_rule_sets_start_the_tables_afresh_and_keep_the_official_rules() -> None:
    made = [fc.Rules(turn_limit=limit) for limit in range(1, _interned.MOST + 10)]
    assert made[-1] is fc.Rules(turn_limit=_interned.MOST + 9)
    assert fc.Rules() is fc.OFFICIAL
    assert fc.Rules(lay_off=False) is fc.OFFICIAL
    assert attrs.evolve(fc.OFFICIAL, turn_limit=5) is fc.Rules(turn_limit=5)


@compiled_calls
def test_the_compiled_calls_remember_a_bounded_number_of_option_sets() -> None:
    (compiled,) = _interned._COMPILED
    for limit in range(1, 200):
        fc.Rules(turn_limit=limit)
    assert 0 < len(compiled) <= 64
    compiled.clear()
    assert len(compiled) == 0
    assert fc.Rules(turn_limit=3) is fc.Rules(turn_limit=3)


# -- best_discard_value ------------------------------------------------------------------------


@settings(max_examples=150)
@given(hands(max_size=12), every_rule_set, st.booleans())
def test_best_discard_value_is_best_discards_card_and_points(
    problem: tuple[tuple[int, ...], int], rules: fc.Rules, compiled: bool
) -> None:
    codes, wild = problem
    if compiled and _engine.COMPILED is None:
        compiled = False
    cards = tuple(CARDS[c] for c in codes)
    wild_rank = wild or None
    with _engine.running(compiled):
        if not cards:
            with pytest.raises(fc.InvalidHandError, match="at least one card"):
                fc.best_discard_value(cards, wild_rank, rules=rules)
            return
        found = fc.best_discard_value(cards, wild_rank, rules=rules)
        card, rest = fc.best_discard(cards, wild_rank, rules=rules)
        values = fc.deadwood_by_discard(cards, wild_rank, rules=rules)
    assert isinstance(found, fc.DiscardValue)
    assert found == (card, rest.points) == (found.card, found.points)
    assert found.points == min(values.values()) == values[card]


@needs_core
@settings(max_examples=100)
@given(hands(), every_rule_set)
def test_the_fast_path_gives_the_checked_paths_best_discard_value(
    problem: tuple[tuple[int, ...], int], rules: fc.Rules
) -> None:
    codes, wild = problem
    cards = tuple(CARDS[c] for c in codes)
    if not cards:
        return
    fast = fc.best_discard_value(cards, wild or None, rules=rules)
    checked = fc.best_discard_value(
        list(map(str, cards)), wild or None, rules=rules
    )  # (a list of strings: the checked path)
    assert fast == checked
