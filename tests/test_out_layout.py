"""The rule option ``out_layout`` (RULES.md, Final turns: "Option `lay_off`"): how the hand of
the player who goes out is laid out when final turns may lay cards off onto it; the default
leaves the fewest cards to lay off, ``"solver"`` is the solver's arrangement (and old saves')."""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Iterator, Sequence

import pytest

import fivecrowns as fc
from fivecrowns.bots import make_bot
from fivecrowns.cards import CARDS
from fivecrowns.errors import InvalidMeldError
from fivecrowns.game import _engine as game_engine
from fivecrowns.game import lay_off_chances, out_layout
from fivecrowns.game._scoring import extend_meld, meld_of
from fivecrowns.melds import Meld
from game_twins import step_both
from test_cli import run
from test_game_rules import play, rig

ELEVEN_HEARTS = "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
#: Round of 11 cards with no rank wild (jokers only), so JH is a heart like any other.
ELEVEN = {"lay_off": True, "schedule": (11,), "wild_ranks": (None,)}


def _eleven_hearts_round(out: str) -> fc.GameState:
    """Player 0 goes out with eleven hearts; player 1 holds 6H and 9H and takes a final turn."""
    rules = fc.Rules(**ELEVEN, out_layout=out)  # type: ignore[arg-type]
    hands = [ELEVEN_HEARTS, "6H 9H 3S 3S 4S 4C 5C 6C 7D 8D 10D"]
    state = rig(hands, rules=rules, stock="5S 4D")
    return play(state, "draw", "out 5S")


def test_rule_option_out_layout_eleven_hearts_go_out_as_one_run_so_nobody_lays_off() -> None:
    state = _eleven_hearts_round("fewest_lay_offs")
    assert [str(placed.meld) for placed in state.table] == [ELEVEN_HEARTS]
    state = play(state, "draw", "discard 4D")
    result = state.results[0]
    assert result.layouts[1] is not None
    assert result.layouts[1].laid_off == ()
    # 4C 5C 6C meld; 6H 9H 3S 3S 4S 7D 8D 10D stay
    assert result.scores == (0, 6 + 9 + 3 + 3 + 4 + 7 + 8 + 10)


def test_rule_option_out_layout_solver_keeps_the_solvers_runs_that_take_lay_offs() -> None:
    """The layout the issue reported: 3-5, 6-8 and 9-K hand 6H and 9H to the next player."""
    state = _eleven_hearts_round("solver")
    melds = [placed.meld for placed in state.table]
    assert [str(meld) for meld in melds] == ["3H 4H 5H", "6H 7H 8H", "9H 10H JH QH KH"]
    assert fc.format_cards(lay_off_chances(melds, None, rules=state.rules)) == "5H 6H 8H 9H"
    state = play(state, "draw", "discard 4D")
    assert state.results[0].layouts[1].laid_off == fc.parse_cards("6H 9H")  # type: ignore[union-attr]
    assert state.results[0].scores == (0, 3 + 3 + 4 + 7 + 8 + 10)


def test_rule_option_out_layout_is_read_only_under_lay_off() -> None:
    hand = fc.parse_cards(ELEVEN_HEARTS)
    for out in ("fewest_lay_offs", "solver"):
        rules = fc.Rules(out_layout=out)
        solver = fc.best_arrangement(hand, None, rules=rules).melds
        assert out_layout(hand, None, rules=rules) == solver
    assert len(out_layout(hand, None, rules=fc.Rules(lay_off=True))) == 1


def test_rule_option_out_layout_refuses_other_values_and_a_hand_that_does_not_meld() -> None:
    with pytest.raises(fc.InvalidRulesError, match="out_layout must be 'fewest_lay_offs' or"):
        fc.Rules(out_layout="best")  # type: ignore[arg-type]
    with pytest.raises(InvalidMeldError, match="does not go out: KD"):
        out_layout("7H 8H 9H KD", None, rules=fc.Rules(lay_off=True))
    with pytest.raises(InvalidMeldError, match="takes melds"):
        lay_off_chances(["7H 8H 9H"], None, rules=fc.Rules(lay_off=True))  # type: ignore[list-item]
    with pytest.raises(fc.InvalidHandError, match="wild rank must be"):
        out_layout("7H 8H 9H", 2, rules=fc.Rules(lay_off=True))


# -- the layout is the least over every layout ---------------------------------------------


def _is_wild(card: fc.Card, wild: int | None) -> bool:
    return card.is_wild(wild)


def _chances(meld: Meld, wild: int | None, rules: fc.Rules) -> set[int]:
    """The natural cards a final turn could lay off alone onto ``meld``, by the rule book's
    own lay-off check."""
    found = set()
    for card in CARDS[:55]:
        if _is_wild(card, wild):
            continue
        try:
            extend_meld(meld, (card,), rules)
        except InvalidMeldError:
            continue
        found.add(card.code)
    return found


def _count(melds: Sequence[Meld], wild: int | None, rules: fc.Rules) -> int:
    """How many natural cards could be laid off alone onto one of ``melds``."""
    chances: set[int] = set()
    for meld in melds:
        chances |= _chances(meld, wild, rules)
    return len(chances)


def _partitions(items: list[int]) -> Iterator[list[list[int]]]:
    """Every partition of ``items`` into blocks of three or more."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for mask in range(1 << len(rest)):
        block = [first] + [x for i, x in enumerate(rest) if mask >> i & 1]
        if len(block) < 3:
            continue
        left = [x for i, x in enumerate(rest) if not mask >> i & 1]
        for tail in _partitions(left):
            yield [block, *tail]


def _layouts(hand: Sequence[fc.Card], wild: int | None, rules: fc.Rules) -> Iterator[list[Meld]]:
    """Every layout of ``hand`` as books and runs (each block read as each kind it makes)."""
    for blocks in _partitions(list(range(len(hand)))):
        readings: list[list[Meld]] = [[]]
        for block in blocks:
            cards = [hand[i] for i in block]
            melds = []
            for kind in ("book", "run"):
                with contextlib.suppress(InvalidMeldError):
                    melds.append(meld_of(cards, wild, rules, kind))
            readings = [[*done, meld] for done in readings for meld in melds]
        yield from readings


def _hand_that_goes_out(rng: random.Random, size: int, wild: int | None) -> list[fc.Card]:
    """Cards dealt as a few books and runs (some cards swapped for jokers or the wild rank)."""
    hand: list[fc.Card] = []
    while len(hand) < size:
        length = min(size - len(hand), rng.randint(3, 5))
        if length < 3:
            hand += [fc.JOKER] * length
            break
        low = rng.randrange(0, 11 - length + 1)
        suit = rng.randrange(5)
        run = rng.random() < 0.5
        for k in range(length):
            code = suit * 11 + low + k if run else rng.randrange(5) * 11 + low
            if rng.random() < 0.2:
                joker = wild is None or rng.random() < 0.5
                code = 55 if joker else rng.randrange(5) * 11 + (wild or 3) - 3
            hand.append(CARDS[code])
    return hand


RULE_SETS = [
    fc.Rules(lay_off=True),
    fc.Rules(lay_off=True, distinct_suit_books=True),
    fc.Rules(lay_off=True, max_wilds_per_meld="naturals"),
    fc.Rules(lay_off=True, max_wilds_per_meld=1, all_wild_melds=False),
]


@pytest.mark.parametrize("rules", RULE_SETS, ids=["official", "distinct", "naturals", "one"])
def test_rule_option_out_layout_fewest_lay_offs_is_the_least_over_every_layout(
    rules: fc.Rules,
) -> None:
    """Against every layout tried one by one, judged by the rule book's meld and lay-off
    checks: the engine's layout leaves the fewest chances, and it is the solver's arrangement
    whenever that one does (the option changes a layout only to give fewer cards away)."""
    rng = random.Random(49)
    checked = differ = 0
    for _ in range(400):
        if checked == 40:
            break
        wild = rng.choice([None, 3, 7, 13])
        hand = _hand_that_goes_out(rng, rng.randint(3, 8), wild)
        try:
            if not fc.can_meld_all(hand, wild, rules=rules):
                continue
        except fc.InvalidHandError:  # (more copies of a card than the deck holds)
            continue
        least = min(_count(layout, wild, rules) for layout in _layouts(hand, wild, rules))
        melds = out_layout(hand, wild, rules=rules)
        assert sorted(c.code for m in melds for c in m.cards) == sorted(c.code for c in hand)
        assert _count(melds, wild, rules) == least, fc.format_cards(hand)
        solver = fc.best_arrangement(hand, wild, rules=rules).melds
        if _count(solver, wild, rules) == least:
            assert [str(m) for m in melds] == [str(m) for m in solver]
        else:
            differ += 1
        checked += 1
    assert checked == 40
    assert differ >= 1  # (hands where the choice matters were met)


def test_lay_off_chances_count_each_natural_once_and_never_a_wild() -> None:
    rules = fc.Rules(lay_off=True)
    book = fc.check_meld("7H 7S JK", 9, rules=rules)
    run = fc.check_meld("4H 5H 6H", 9, rules=rules)
    # the book takes every 7 (7H again too); the run 3H and 7H (9H would be a wild)
    chances = lay_off_chances([book, run], 9, rules=rules)
    assert fc.format_cards(chances) == "7* 3H 7H 7C 7S 7D"


# -- saves ---------------------------------------------------------------------------------


def _went_out(out: str) -> fc.GameState:
    """Seed 4 played by greedy bots under ``lay_off`` until someone goes out (round 4, 6s
    wild), where the two layouts differ."""
    rules = fc.Rules.short_game(9, lay_off=True, out_layout=out)
    state = fc.GameState.new(3, rules=rules, seed=4)
    bots = [make_bot("greedy") for _ in range(3)]
    while state.round_number < 4 or state.went_out is None:
        seat = state.current
        state = state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
    return state


def test_rule_option_out_layout_old_lay_off_saves_load_as_played_with_the_solver() -> None:
    """A save or a record of a ``lay_off`` game from before ``out_layout`` (no key) plays on
    with the solver's layout, as it was played; new saves write the key; others lack it."""
    state, default = _went_out("solver"), _went_out("fewest_lay_offs")
    assert [str(p.meld) for p in state.table] == ["5C JK=5* JK=5H", "KS KD 6H=K*"]
    assert [str(p.meld) for p in default.table] == ["5C 6H=6C JK=7C", "KS KD JK=K*"]
    chances = [
        lay_off_chances([p.meld for p in s.table], 6, rules=s.rules) for s in (state, default)
    ]
    assert [len(found) for found in chances] == [10, 9]
    data = json.loads(state.to_json())
    assert data["rules"]["out_layout"] == "solver"
    del data["rules"]["out_layout"]
    old = fc.GameState.from_json(json.dumps(data))
    assert old.rules.out_layout == "solver"
    assert old == state
    record = json.loads(state.record().to_json())
    del record["rules"]["out_layout"]
    assert fc.GameRecord.from_json(json.dumps(record)).replay() == state
    assert fc.Rules(lay_off=True).to_dict()["out_layout"] == "fewest_lay_offs"
    assert "out_layout" not in fc.Rules().to_dict()
    assert fc.Rules(out_layout="solver").to_dict()["out_layout"] == "solver"
    # options given (the command line, the web form) are not saves: the default holds
    assert fc.Rules.from_dict({"lay_off": True}).out_layout == "fewest_lay_offs"


# -- both engines ----------------------------------------------------------------------------


@pytest.mark.parametrize("out", ["fewest_lay_offs", "solver"])
def test_rule_option_out_layout_the_core_lays_hands_out_as_the_python_engine(out: str) -> None:
    if game_engine.COMPILED is None:
        pytest.skip("the compiled core does not run")
    rng = random.Random(out)
    for seed in range(6):
        rules = fc.Rules.short_game(
            rng.choice([5, 7, 9]), lay_off=True, out_layout=out, turn_limit=200
        )
        played, mismatch = step_both(rules, 3, seed, rng.choice, bots=["strong"] * 3)
        assert mismatch is None, (seed, played, mismatch)


# -- the command line and the web form ------------------------------------------------------


def test_rule_option_out_layout_on_the_command_line() -> None:
    text = run("rules", "--lay-off").stdout
    assert "laid out        to leave the fewest cards to lay off" in text
    text = run("rules", "--lay-off", "--out-layout", "solver").stdout
    assert "laid out        as the solver arranges it" in text
    assert "laid out" not in run("rules").stdout
    data = json.loads(run("rules", "--lay-off", "--out-layout", "solver", "--json").stdout)
    assert fc.Rules.from_dict(data) == fc.Rules(lay_off=True, out_layout="solver")
    refused = run("rules", "--out-layout", "best")
    assert refused.returncode != 0
    assert "--out-layout" in refused.stderr
    assert "fewest_lay_offs" in refused.stderr
