"""The compiled core (``fivecrowns._core``) against the Python twin, and at its boundary.

The public solver runs on the compiled core when it is built (``fc.core_info()`` says so).
Here every public solver function is run twice on the same input, once on each engine, and
the answers (values, arrangements, discards, outs) must be equal, on random, one-suit-dense,
wild-heavy and multi-pack hands under every combination of meld options. ``test_solver.py``
checks whichever engine runs against the brute-force reference; CI runs it on both.

With ``FIVECROWNS_REQUIRE_CORE=1`` (set by ``.ci/run``) a missing core is a failure, not a
skip.
"""

from __future__ import annotations

import copy
import os
import re
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

import attrs
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fivecrowns as fc
from fivecrowns.cards import CARDS, JOKER_CODE
from fivecrowns.solver import _engine

try:
    from fivecrowns import _core
except ImportError:  # pragma: no cover - only without the build
    if os.environ.get("FIVECROWNS_REQUIRE_CORE"):
        raise
    pytest.skip("the compiled core is not built", allow_module_level=True)

T = TypeVar("T")
ROOT = Path(__file__).resolve().parent.parent


@contextmanager
def _engine_is(compiled: bool) -> Iterator[None]:
    """On one engine, with every cache empty at both ends."""
    with _engine.running(compiled):
        fc.clear_cache()
        try:
            yield
        finally:
            fc.clear_cache()


def both(call: Callable[[], T]) -> tuple[T, T]:
    """``call()`` on the compiled core, then on the Python twin."""
    with _engine_is(True):
        compiled = call()
    with _engine_is(False):
        pure = call()
    return compiled, pure


meld_rules = st.builds(
    fc.Rules,
    packs=st.sampled_from([1, 2, 2, 2, 3, 4]),
    distinct_suit_books=st.booleans(),
    max_wilds_per_meld=st.sampled_from([None, None, 0, 1, 2, 3, "naturals"]),
    all_wild_melds=st.booleans(),
    wild_points=st.sampled_from([20, 20, 0, 1, 7]),
    joker_points=st.sampled_from([50, 50, 0, 15]),
    go_out_without_discard=st.booleans(),
)


@st.composite
def problems(draw: st.DrawFn, max_size: int = 14) -> tuple[list[fc.Card], int | None, fc.Rules]:
    """A rule set, a wild rank and a hand its deck can hold: random, one suit dense with
    duplicates, or heavy with wilds."""
    rules = draw(meld_rules)
    wild_rank = draw(st.sampled_from([None, *range(3, 14)]))
    deck = list(fc.deck(rules.packs))
    kind = draw(st.sampled_from(["random", "one suit", "wilds"]))
    if kind == "one suit":
        suit = draw(st.sampled_from(list(fc.Suit)))
        deck = [c for c in deck if c.is_joker or c.suit is suit or c.rank == wild_rank]
    elif kind == "wilds":
        deck = [c for c in deck if c.is_joker or c.rank == wild_rank or draw(st.booleans())]
    size = draw(st.integers(0, min(max_size, len(deck))))
    picks = draw(st.lists(st.integers(0, len(deck) - 1), unique=True, min_size=size, max_size=size))
    return [deck[i] for i in picks], wild_rank, rules


def test_the_compiled_core_runs_when_built() -> None:
    info = fc.core_info()
    assert info.version == _core.__version__
    if os.environ.get("FIVECROWNS_PURE", "") in ("", "0"):
        assert (info.compiled, info.engine) == (True, "rust")
    else:
        assert (info.compiled, info.engine) == (False, "python")
        assert "FIVECROWNS_PURE" in info.reason


def test_fivecrowns_pure_selects_the_python_twin_in_a_fresh_interpreter() -> None:
    code = "import fivecrowns as fc; i = fc.core_info(); print(i.engine, i.compiled)"
    env = {**os.environ, "FIVECROWNS_PURE": "1"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["python", "False"]


def test_the_core_version_is_the_package_version() -> None:
    cargo = (ROOT / "rust" / "Cargo.toml").read_text()
    found = re.search(r'^version = "([^"]+)"$', cargo, re.MULTILINE)
    assert found is not None
    version = found.group(1)
    assert version.replace("-", ".") == fc.__version__ == _core.__version__


@settings(max_examples=300)
@given(problems())
def test_values_are_equal_on_both_engines(
    problem: tuple[list[fc.Card], int | None, fc.Rules],
) -> None:
    hand, wild_rank, rules = problem
    compiled, pure = both(
        lambda: (
            fc.min_deadwood(hand, wild_rank, rules=rules),
            fc.can_meld_all(hand, wild_rank, rules=rules),
            fc.deadwood_by_discard(hand, wild_rank, rules=rules),
            fc.can_go_out(hand, wild_rank, rules=rules),
        )
    )
    assert compiled == pure


@settings(max_examples=300)
@given(problems())
def test_arrangements_and_discards_are_equal_on_both_engines(
    problem: tuple[list[fc.Card], int | None, fc.Rules],
) -> None:
    hand, wild_rank, rules = problem
    compiled, pure = both(lambda: fc.best_arrangement(hand, wild_rank, rules=rules))
    assert compiled == pure
    for meld in compiled.melds:
        made = fc.melds.make_meld(meld.cards, wild_rank, rules=rules, kind=meld.kind.value)
        assert made.kind is meld.kind
        # the core lays its melds out itself: each passes the shape check the twin's pass
        assert fc.Meld(meld.kind, meld.cards, meld.stands_for, meld.wild_rank) == meld
    if hand:
        compiled_discard, pure_discard = both(lambda: fc.best_discard(hand, wild_rank, rules=rules))
        assert compiled_discard == pure_discard


def test_arrangements_from_a_warm_meld_cache_and_from_any_card_objects_are_the_same() -> None:
    hands = [
        fc.parse_cards(text)
        for text in ("JS QS JK 7H 7D 7C 4D", "5C 6C 7C 7D 7S 8C 9C JK KH 3S", "JK JK JK 3H")
    ]
    with _engine_is(True):
        cold = [(fc.best_arrangement(h, 5), fc.best_discard(h, 5)) for h in hands]
        warm = [(fc.best_arrangement(h, 5), fc.best_discard(h, 5)) for h in hands]
        # cards that are not the canonical objects (read by their code)
        copies = [[fc.Card(card.code) for card in h] for h in hands]
        fresh = [(fc.best_arrangement(h, 5), fc.best_discard(h, 5)) for h in copies]
        values = [fc.deadwood_by_discard(h, 5) for h in copies]
    assert cold == warm == fresh
    assert values == [fc.deadwood_by_discard(h, 5) for h in hands]
    assert all(card is CARDS[card.code] for arrangement, _ in fresh for card in arrangement.cards)


@settings(max_examples=100)
@given(problems(max_size=10))
def test_outs_are_equal_on_both_engines(
    problem: tuple[list[fc.Card], int | None, fc.Rules],
) -> None:
    hand, wild_rank, rules = problem
    compiled, pure = both(lambda: fc.outs(hand, wild_rank, rules=rules))
    assert compiled == pure


def test_best_discard_is_the_best_arrangement_of_the_rest() -> None:
    hand = fc.parse_cards("5C 6C 7C 7D 7S 8C 9C JK KH 3S")
    card, rest = fc.best_discard(hand, 13)
    left = list(hand)
    left.remove(card)
    assert rest == fc.best_arrangement(left, 13)


# -- the boundary ---------------------------------------------------------------------------

SOLVER = _core.Solver(2, False, None, True, 20, 50)


@pytest.mark.parametrize(
    ("codes", "wild_rank", "message"),
    [
        ([56], 3, "card codes are 0 to 55"),
        ([1, 1, 1], 3, "3 copies of 4*, but a deck of 2 pack(s) holds only 2"),
        ([JOKER_CODE] * 7, 3, "7 jokers, but a deck of 2 pack(s) holds only 6"),
        ([1], 2, "wild rank must be from 3 to 13"),
        ([1], 14, "wild rank must be from 3 to 13"),
        ([0] * 2000, 3, "2000 copies of 3*, but a deck of 2 pack(s) holds only 2"),
        ([0, 11, 22, 33, 44] * 4 + [55, 55], 3, "4 copies of 3*, but a deck of 2 pack(s)"),
        (list(range(56)) * 2 + [55] * 5, 3, "7 jokers, but a deck of 2 pack(s) holds only 6"),
    ],
)
def test_the_core_refuses_bad_hands_with_the_library_errors(
    codes: list[int], wild_rank: int, message: str
) -> None:
    for method in (SOLVER.least, SOLVER.arrange, SOLVER.best_discard, SOLVER.outs):
        with pytest.raises(fc.InvalidHandError, match=re.escape(message)):
            method(codes, wild_rank)


def test_the_core_refuses_what_is_not_a_card_code() -> None:
    with pytest.raises((TypeError, OverflowError)):
        SOLVER.least([-1], 3)
    with pytest.raises(TypeError):
        SOLVER.least(["7H"], 3)  # type: ignore[list-item]


def test_the_core_refuses_bad_rule_sets() -> None:
    with pytest.raises(fc.InvalidRulesError, match="packs must be from 1 to 16"):
        _core.Solver(0, False, None, True, 20, 50)
    with pytest.raises(fc.InvalidRulesError, match="max_wilds must be None"):
        _core.Solver(2, False, "many", True, 20, 50)
    with pytest.raises(fc.InvalidRulesError, match="at most 1048576"):
        _core.Solver(2, False, None, True, 1 << 21, 50)


def test_every_rule_set_the_rules_accept_runs_on_the_core() -> None:
    # (the rules refuse points the core cannot represent, so no rule set falls back)
    with pytest.raises(fc.InvalidRulesError, match="from 0 to 1048576"):
        fc.Rules(wild_points=10**30)
    with pytest.raises(fc.InvalidRulesError, match="go_out_bonus must be an int from -"):
        fc.Rules(go_out_bonus=-(2**41))
    rules = fc.Rules(wild_points=1 << 20, joker_points=1 << 20)
    assert _engine.engine(rules) is _engine.ENGINE
    with _engine_is(True):
        assert fc.min_deadwood("JK 5S", 3, rules=rules) == (1 << 20) + 5
        assert _engine.FAST.least(fc.parse_cards("7S 5S"), 7, rules) == (1 << 20) + 5


def _answers(cards: object, wild_rank: object, rules: fc.Rules) -> tuple[object, ...]:
    return (
        fc.min_deadwood(cards, wild_rank, rules=rules),  # type: ignore[arg-type]
        fc.best_arrangement(cards, wild_rank, rules=rules),  # type: ignore[arg-type]
        fc.best_discard(cards, wild_rank, rules=rules),  # type: ignore[arg-type]
        fc.deadwood_by_discard(cards, wild_rank, rules=rules),  # type: ignore[arg-type]
        fc.can_go_out(cards, wild_rank, rules=rules),  # type: ignore[arg-type]
        fc.can_meld_all(cards, wild_rank, rules=rules),  # type: ignore[arg-type]
    )


def _fast_answers(cards: object, wild_rank: object, rules: fc.Rules) -> tuple[object, ...]:
    fast = _engine.FAST
    return (
        fast.least(cards, wild_rank, rules),
        fast.arrangement(cards, wild_rank, rules),
        fast.best_discard(cards, wild_rank, rules),
        fast.discard_values(cards, wild_rank, rules),
        fast.can_out(cards, wild_rank, rules),
        fast.melds_all(cards, wild_rank, rules),
    )


def test_the_fast_path_answers_only_for_its_rule_sets_and_plain_input() -> None:
    hand = fc.parse_cards("7H 8H 9H KS QD JK 5C 5S 5D 10*")
    rules = fc.Rules(packs=3)
    with _engine_is(True):
        answers = _answers(hand, 13, rules)
        # the rule set compiled last: every question answered, as the public functions do
        assert _fast_answers(hand, 13, rules) == answers
        assert _fast_answers(list(hand), 13, rules) == answers
        assert _fast_answers([fc.Card(c.code) for c in hand], 13, rules) == answers
        assert _fast_answers(hand, fc.Rank.KING, rules) == answers
        assert _fast_answers(fc.format_cards(hand), 13, rules) == answers  # (read in the core)
        # anything else goes the checked way (None), with the same public answers
        same = fc.Rules(packs=np.int64(3))  # (a numpy value: made afresh, not the shared one)
        assert same == rules
        assert same is not rules
        for cards, wild, asked in [
            (hand, 13, same),  # an equal rule set, not the one compiled
            (hand, True, rules),  # a bool is an int, but not a wild rank
            (hand, np.int64(13), rules),  # a numpy int: the checked path converts it
            (hand, 2, rules),
            (hand, 2**70, rules),
            (fc.format_cards(hand) + ",", 13, rules),  # text the core does not read
            (iter(hand), 13, rules),  # neither a tuple nor a list
            ((*hand, "JK"), 13, rules),  # not every item a Card
        ]:
            assert _fast_answers(cards, wild, asked) == (None,) * 6, (cards, wild, asked)
        assert _answers(list(hand), fc.Rank.KING, same) == answers
        # once asked about, the equal rule set is answered for too
        assert _fast_answers(hand, 13, same) == answers
        assert _fast_answers(hand, 13, rules) == answers
        # a hand the deck cannot hold: None, and the checked path refuses it
        four = fc.parse_cards("7H 7H 7H 7H 8S")
        assert _fast_answers(four, 13, same) == (None,) * 6
        with pytest.raises(fc.InvalidHandError, match="copies of 7H"):
            fc.min_deadwood(four, 13, rules=same)
        # can_go_out under go_out_without_discard asks more than the fast path knows
        out = fc.Rules(go_out_without_discard=True)
        assert fc.can_go_out("7H 8H 9H", 3, rules=out)
        assert _engine.FAST.can_out(fc.parse_cards("7H 8H 9H"), 3, out) is None
        assert _engine.FAST.least(fc.parse_cards("7H 8H 9H"), 3, out) == 0
        assert _engine.FAST.melds_all(fc.parse_cards("7H 8H 9H"), 3, out) is True
        # melding every card is not the same as no points when a wild is worth none
        free = fc.Rules(joker_points=0, max_wilds_per_meld=0)
        assert not fc.can_meld_all("7H 8H 9H JK", 3, rules=free)
        assert _engine.FAST.melds_all(fc.parse_cards("7H 8H 9H JK"), 3, free) is False
        assert _engine.FAST.least(fc.parse_cards("7H 8H 9H JK"), 3, free) == 0


def test_the_fast_path_answers_for_the_last_four_rule_sets_compiled() -> None:
    hand = fc.parse_cards("7H 8H 9H KS QD JK 5C 5S 5D 10*")
    sets = [fc.Rules(packs=packs) for packs in (2, 3, 4, 5, 6)]
    with _engine_is(True):
        answers = [fc.min_deadwood(hand, 13, rules=rules) for rules in sets]
        # the last four answered on the fast path, the first (the oldest) no longer
        assert [_engine.FAST.least(hand, 13, rules) for rules in sets] == [None, *answers[1:]]
        # asking about it again makes it the newest; the oldest of the others goes
        assert fc.min_deadwood(hand, 13, rules=sets[0]) == answers[0]
        found = [_engine.FAST.least(hand, 13, rules) for rules in sets]
        assert found == [answers[0], None, *answers[2:]]
        # each rule set's own solver answers: go_out_without_discard changes can_go_out
        out = fc.Rules(go_out_without_discard=True)
        melds = fc.parse_cards("7H 8H 9H")
        assert fc.can_go_out(melds, 3, rules=out)
        assert not fc.can_go_out(melds, 3, rules=sets[0])
        assert _engine.FAST.can_out(melds, 3, out) is None  # (the checked path's question)
        assert _engine.FAST.can_out(melds, 3, sets[0]) is False


def test_the_fast_path_is_off_while_the_python_twin_runs() -> None:
    hand = fc.parse_cards("7H 8H 9H KS QD")
    with _engine_is(True):
        assert fc.min_deadwood(hand, 3) == 25
        assert _engine.FAST.least(hand, 3, fc.OFFICIAL) == 25
        with _engine_is(False):
            assert _engine.FAST.least(hand, 3, fc.OFFICIAL) is None
            assert fc.min_deadwood(hand, 3) == 25
            assert _engine.FAST.least(hand, 3, fc.OFFICIAL) is None
            assert _engine.engine(fc.OFFICIAL) is _engine.PYTHON
        assert _engine.FAST.least(hand, 3, fc.OFFICIAL) is None  # (until asked again)
        assert fc.min_deadwood(hand, 3) == 25
        assert _engine.FAST.least(hand, 3, fc.OFFICIAL) == 25


def test_best_discard_of_an_empty_hand_is_refused() -> None:
    with pytest.raises(fc.InvalidHandError, match="at least one card"):
        SOLVER.best_discard([], 3)


def test_many_hands_in_one_call_equal_one_at_a_time() -> None:
    rng = np.random.default_rng(5)
    deck = [c for c in range(56) for _ in range(2)] + [JOKER_CODE] * 4
    hands = [[deck[i] for i in rng.choice(len(deck), 13, replace=False)] for _ in range(300)]
    one_by_one = [SOLVER.least(hand, 13) for hand in hands]
    assert SOLVER.least_many(hands, 13).tolist() == one_by_one
    counts = np.zeros((len(hands), 56), dtype=np.int64)
    for row, hand in enumerate(hands):
        for code in hand:
            counts[row, code] += 1
    values = SOLVER.least_counts(counts, 13)
    assert values.dtype == np.int64
    assert values.tolist() == one_by_one
    assert one_by_one == [fc.min_deadwood([CARDS[c] for c in hand], 13) for hand in hands]


def test_many_hands_refuse_bad_counts() -> None:
    with pytest.raises(fc.InvalidHandError, match="56 columns"):
        SOLVER.least_counts(np.zeros((2, 55), dtype=np.int64), 3)
    with pytest.raises(fc.InvalidHandError, match="card counts must be from 0"):
        SOLVER.least_counts(np.full((1, 56), -1, dtype=np.int64), 3)
    bad = np.zeros((1, 56), dtype=np.int64)
    bad[0, 4] = 3
    with pytest.raises(fc.InvalidHandError, match="3 copies of 7"):
        SOLVER.least_counts(bad, 3)
    with pytest.raises(fc.InvalidHandError, match="3 copies"):
        SOLVER.least_many([[1, 2], [4, 4, 4]], 3)


def test_many_hands_on_threads_give_the_answers_of_one_thread() -> None:
    rng = np.random.default_rng(11)
    deck = [c for c in range(56) for _ in range(2)] + [JOKER_CODE] * 4
    hands = [
        [CARDS[deck[i]] for i in rng.choice(len(deck), 3 + row % 12, replace=False)]
        for row in range(1200)  # enough for four threads of at least 256 hands each
    ]
    counts = np.zeros((len(hands), 56), dtype=np.int64)
    for row, hand in enumerate(hands):
        for card in hand:
            counts[row, card.code] += 1
    with _engine_is(False):
        twin = fc.min_deadwood_many(hands[:300], 9).tolist()
    with _engine_is(True):
        one = fc.min_deadwood_many(hands, 9)
        assert one[:300].tolist() == twin
        for threads in (2, 3, 4, None):
            assert fc.min_deadwood_many(hands, 9, threads=threads).tolist() == one.tolist()
            assert fc.min_deadwood_many(counts, 9, threads=threads).tolist() == one.tolist()
        assert SOLVER.least_many([[c.code for c in h] for h in hands], 9, 256).tolist() == (
            one.tolist()
        )
    with _engine_is(False):  # the twin takes the argument, and solves in this thread
        assert fc.min_deadwood_many(hands[:300], 9, threads=4).tolist() == twin


@pytest.mark.parametrize("threads", [0, -1, 257, 1.5, True, "2"])
def test_many_hands_refuse_a_bad_number_of_threads(threads: object) -> None:
    for compiled in (True, False):
        with _engine_is(compiled), pytest.raises(fc.FiveCrownsError) as refused:
            fc.min_deadwood_many(["7H 8H 9H"], 3, threads=threads)  # type: ignore[arg-type]
        assert str(refused.value) == (
            f"threads must be None (one per core) or an int from 1 to 256, got {threads!r}"
        )


def test_the_core_refuses_a_bad_number_of_threads() -> None:
    for threads in (0, 257):
        with pytest.raises(fc.FiveCrownsError, match=f"from 1 to 256, got {threads}"):
            SOLVER.least_many([[1, 2, 3]], 3, threads)
        with pytest.raises(fc.FiveCrownsError, match=f"from 1 to 256, got {threads}"):
            SOLVER.least_counts(np.zeros((1, 56), dtype=np.int64), 3, threads)


def test_calls_from_many_threads_give_the_answers_of_one() -> None:
    rng = np.random.default_rng(9)
    deck = [c for c in range(56) for _ in range(2)] + [JOKER_CODE] * 4
    hands = [[deck[i] for i in rng.choice(len(deck), 14, replace=False)] for _ in range(200)]
    expected = [(SOLVER.least(h, 7), SOLVER.best_discard(h, 7)) for h in hands]
    results: list[list[object]] = [[] for _ in range(4)]

    def work(slot: int) -> None:
        for _ in range(3):
            results[slot].append([(SOLVER.least(h, 7), SOLVER.best_discard(h, 7)) for h in hands])
            results[slot].append(SOLVER.least_many(hands, 7).tolist())

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for got in results:
        assert got[0::2] == [expected] * 3
        assert got[1::2] == [[value for value, _ in expected]] * 3


def test_a_book_of_every_card_the_solver_takes_is_solved_on_both_engines() -> None:
    rules = fc.Rules(packs=12)
    fives = [card for card in fc.deck(12) if card.rank == 5][: fc.solver.MAX_CARDS]
    compiled, pure = both(lambda: fc.min_deadwood(fives, 3, rules=rules))
    assert compiled == pure == 0
    compiled_layout, pure_layout = both(lambda: fc.best_arrangement(fives, 3, rules=rules))
    assert compiled_layout == pure_layout
    assert compiled_layout.points == 0
    assert sum(len(meld.cards) for meld in compiled_layout.melds) == fc.solver.MAX_CARDS


SOLVER_FUNCTIONS: list[Callable[..., object]] = [
    fc.min_deadwood,
    fc.best_arrangement,
    fc.best_discard,
    fc.deadwood_by_discard,
    fc.can_go_out,
    fc.can_meld_all,
    lambda cards, wild, rules: fc.min_deadwood_many([cards], wild, rules=rules),
]


@pytest.mark.parametrize("packs", [1, 2, 16])
@pytest.mark.parametrize("wild_rank", [None, 3, 13])
def test_hands_above_max_cards_are_solved_by_the_core_and_refused_by_the_twin(
    packs: int, wild_rank: int | None
) -> None:
    # issue 45: the core solves any hand the deck holds; the twin (issue 17: a 40-card hand
    # took it two minutes) takes at most the largest deal and the card drawn, and says so
    rules = fc.Rules(packs=packs)
    deck = list(fc.deck(packs))
    hands = [deck[: fc.solver.MAX_CARDS + 1], deck[:40]] + ([deck] if packs <= 2 else [])
    for cards in hands:
        for shape in (list, tuple, fc.format_cards):
            for function in SOLVER_FUNCTIONS:
                with _engine_is(False), pytest.raises(fc.InvalidHandError) as refused:
                    function(shape(cards), wild_rank, rules=rules)  # type: ignore[operator]
                assert str(refused.value).startswith(
                    f"a hand of {len(cards)} cards, but the Python engine solves hands of at "
                    "most 15 cards (the largest hand a round deals, 14, and the card drawn); "
                    "the compiled core solves bigger hands"
                )
        if not fc.core_info().compiled:
            continue  # (the Python twin alone: FIVECROWNS_PURE=1)
        with _engine_is(True):
            least = fc.min_deadwood(cards, wild_rank, rules=rules)
            assert fc.best_arrangement(cards, wild_rank, rules=rules).points == least
            values = fc.deadwood_by_discard(cards, wild_rank, rules=rules)
            card, rest = fc.best_discard(tuple(cards), wild_rank, rules=rules)
            assert rest.points == values[card] == min(values.values())
            assert fc.can_go_out(cards, wild_rank, rules=rules) == (0 in values.values())
            assert fc.min_deadwood_many([cards], wild_rank, rules=rules).tolist() == [least]
    counts = np.zeros((2, 56), dtype=np.int64)
    counts[1, :22] = 1
    with _engine_is(False), pytest.raises(fc.InvalidHandError, match="a hand of 22 "):
        fc.min_deadwood_many(counts, wild_rank, rules=rules)
    if fc.core_info().compiled:
        with _engine_is(True):
            first = [fc.Card.from_code(code) for code in range(22)]
            twenty_two = fc.min_deadwood(first, wild_rank, rules=rules)
            counted = fc.min_deadwood_many(counts, wild_rank, rules=rules)
            assert counted.tolist() == [0, twenty_two]
    largest = deck[: fc.solver.MAX_CARDS]
    compiled, pure = both(lambda: fc.best_discard(largest, wild_rank, rules=rules))
    assert compiled == pure
    # outs is asked before the draw: of at most the largest deal (each draw adds a card)
    before = largest[:-1]
    compiled_outs, pure_outs = both(lambda: fc.outs(before, wild_rank, rules=rules))
    assert compiled_outs == pure_outs
    without_discard = attrs.evolve(rules, go_out_without_discard=True)
    compiled_outs, pure_outs = both(lambda: fc.outs(before, wild_rank, rules=without_discard))
    assert compiled_outs == pure_outs
    with _engine_is(False), pytest.raises(fc.InvalidHandError) as refused:
        fc.outs(largest, wild_rank, rules=without_discard)
    assert str(refused.value).startswith(
        "a hand of 15 cards, but the Python engine finds the outs of hands of at most 14 "
        "cards (before the draw); the compiled core solves bigger hands"
    )
    if not fc.core_info().compiled:
        return
    with _engine_is(True):  # (16 cards after the draw: the core answers them all)
        drawn = fc.outs(largest, wild_rank, rules=without_discard)
        assert drawn == {
            card
            for card in set(deck)
            if largest.count(card) < deck.count(card)
            and fc.can_go_out([*largest, card], wild_rank, rules=without_discard)
        }


@settings(max_examples=50)
@given(st.lists(problems(max_size=14), min_size=0, max_size=8), st.sampled_from([None, 3, 9]))
def test_many_hands_at_once_equal_one_at_a_time_on_both_engines(
    batch: list[tuple[list[fc.Card], int | None, fc.Rules]], wild_rank: int | None
) -> None:
    rules = fc.Rules(packs=4)
    hands = [hand for hand, _, _ in batch]
    one_by_one = [fc.min_deadwood(hand, wild_rank, rules=rules) for hand in hands]
    compiled, pure = both(lambda: fc.min_deadwood_many(hands, wild_rank, rules=rules))
    assert compiled.dtype == pure.dtype == np.int64
    assert compiled.tolist() == pure.tolist() == one_by_one
    counts = np.zeros((len(hands), 56), dtype=np.int32)
    for row, hand in enumerate(hands):
        for card in hand:
            counts[row, card.code] += 1
    from_counts, _ = both(lambda: fc.min_deadwood_many(counts, wild_rank, rules=rules))
    assert from_counts.tolist() == one_by_one


class _Code(int):
    """An int that is not the interpreter's own object for its value."""


def test_many_hands_of_any_shape_in_one_batch_equal_one_at_a_time() -> None:
    # the core reads a tuple or list of cards in place (canonical cards by address, copies by
    # their code) and asks the package for the codes of any other hand
    rng = np.random.default_rng(17)
    deck = list(fc.deck())
    hands = [
        [deck[i] for i in rng.choice(len(deck), 3 + row % 12, replace=False)] for row in range(60)
    ]
    shapes: list[Callable[[list[fc.Card]], object]] = [
        tuple,
        list,
        fc.format_cards,
        lambda hand: [str(card) for card in hand],
        lambda hand: iter(hand),
        lambda hand: [copy.copy(card) for card in hand],
        lambda hand: (*hand[:-1], str(hand[-1])),
    ]
    one_by_one = [fc.min_deadwood(hand, 9) for hand in hands]
    for compiled in (True, False):
        with _engine_is(compiled):
            shaped = [shapes[row % len(shapes)](hand) for row, hand in enumerate(hands)]
            assert fc.min_deadwood_many(iter(shaped), 9).tolist() == one_by_one
    # the core's own batch of codes: small ints by address, any other int by value
    codes = [[card.code for card in hand] for hand in hands]
    as_objects = [[_Code(code) for code in hand] for hand in codes]
    assert all(type(code) is _Code for hand in as_objects for code in hand)
    assert SOLVER.least_many(codes, 9).tolist() == one_by_one
    assert SOLVER.least_many(as_objects, 9).tolist() == one_by_one
    assert SOLVER.least_many([np.array(hand) for hand in codes], 9).tolist() == one_by_one


def test_a_bad_hand_in_a_batch_is_refused_alike_on_both_engines() -> None:
    good = fc.parse_cards("7H 8H 9H")
    seven = fc.Card.parse("7H")
    for bad, words in [
        ((seven, seven, copy.copy(seven)), "3 copies of 7H, but a deck of 2 pack(s) holds only 2"),
        ([seven, "7X"], "7X"),
        ((seven, 7), "7"),
    ]:
        messages = set()
        for compiled in (True, False):
            with _engine_is(compiled), pytest.raises(fc.FiveCrownsError) as refused:
                fc.min_deadwood_many([good, bad, good], 3)  # type: ignore[list-item]
            messages.add(str(refused.value))
        assert len(messages) == 1
        assert words in messages.pop()
    with pytest.raises(fc.InvalidHandError, match="card codes are 0 to 55"):
        SOLVER.least_many([[1, 2], [_Code(56)]], 3)


@pytest.mark.parametrize("hands", ["7H 8H 9H", b"7H 8H 9H"])
def test_a_batch_given_as_one_string_is_refused_on_both_engines(hands: object) -> None:
    # a string is an iterable: read as a batch, each of its characters would be a hand
    for compiled in (True, False):
        with _engine_is(compiled), pytest.raises(fc.InvalidHandError) as refused:
            fc.min_deadwood_many(hands, 9)  # type: ignore[arg-type]
        assert "hands must be an iterable of hands" in str(refused.value)
        assert "pass [hand] or call min_deadwood" in str(refused.value)
    assert fc.min_deadwood_many(["7H 8H 9H"], 9).tolist() == [0]


def test_many_hands_at_once_refuse_what_the_deck_cannot_hold() -> None:
    with pytest.raises(fc.InvalidHandError, match="N x 56 integer array"):
        fc.min_deadwood_many(np.zeros((2, 55), dtype=np.int64), 3)
    with pytest.raises(fc.InvalidHandError, match="N x 56 integer array"):
        fc.min_deadwood_many(np.zeros((2, 56)), 3)
    with pytest.raises(fc.InvalidHandError, match="card counts must be from 0 to 48"):
        fc.min_deadwood_many(np.full((1, 56), -1), 3)
    with pytest.raises(fc.InvalidHandError, match="card counts must be from 0 to 48"):
        fc.min_deadwood_many(np.full((1, 56), 10**12), 3)  # refused before any work
    three = np.zeros((1, 56), dtype=np.int64)
    three[0, fc.Card.parse("7H").code] = 3
    for compiled in (True, False):  # the same words on both engines
        with _engine_is(compiled):
            for hands in (["7H 8H", "7H 7H 7H"], three):
                with pytest.raises(
                    fc.InvalidHandError,
                    match=re.escape("3 copies of 7H, but a deck of 2 pack(s) holds only 2"),
                ):
                    fc.min_deadwood_many(hands, 3)
    with pytest.raises(fc.InvalidHandError, match="wild rank"):
        fc.min_deadwood_many(["7H"], 2)
