"""Solitaire: one test per rule of RULES.md's Solitaire section, saving, and a stateful test."""

from __future__ import annotations

import io
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

import fivecrowns as fc
from fivecrowns.cli._play_solitaire import play_solitaire
from fivecrowns.game.solitaire import (
    NUM_SOLITAIRE_ACTIONS,
    PILE_SIZES,
    SCHEMA,
    SolitaireAction,
    SolitairePile,
    SolitaireState,
    greedy_action,
    random_action,
)
from fivecrowns.rules import SolitaireDealtPiles

GOLDEN = json.loads((Path(__file__).parent / "data" / "solitaire_golden.json").read_text("utf-8"))
DRAW_TO_CLOSE = fc.Rules(solitaire_dealt_piles="draw")
ALL_BUT_ONE = fc.Rules(solitaire_dealt_piles="all_but_one")


def golden_rules(case: dict[str, Any]) -> fc.Rules:
    """The rules a golden game was recorded under: its options, with dealt piles closing only
    once a card is added (recorded before the option existed; the first action of seed 13,
    "9 6H", closes its pile 9, dealt all in melds)."""
    return fc.Rules.from_dict({"solitaire_dealt_piles": "draw", **case["rules"]})


def position(piles: dict[int, str], top: str, rules: fc.Rules = fc.OFFICIAL) -> SolitaireState:
    """A legal position: the given piles (by size) and top card; every other card of the deck
    fills the other piles and the draw pile, so each card is in exactly one place."""
    rest = Counter(fc.deck(rules.packs))
    wanted = {size: fc.parse_cards(text) for size, text in piles.items()}
    top_card = fc.Card.parse(top)
    rest.subtract([*[card for cards in wanted.values() for card in cards], top_card])
    assert min(rest.values()) >= 0
    pool = sorted(rest.elements())
    built = []
    for size in PILE_SIZES:
        cards = wanted.get(size)
        if cards is None:
            cards, pool = tuple(pool[:size]), pool[size:]
        assert len(cards) == size
        built.append(SolitairePile(size, tuple(sorted(cards))))
    state = SolitaireState.new(rules=rules, seed=0)
    state = attrs.evolve(state, piles=tuple(built), draw_pile=(*pool, top_card), discards=())
    state.check()
    return state


def test_rule_solitaire_deal_eleven_piles_of_3_to_13_and_a_draw_pile_of_28() -> None:
    state = SolitaireState.new(rules=DRAW_TO_CLOSE, seed=1)  # every pile as dealt
    assert [len(pile.cards) for pile in state.piles] == list(range(3, 14))
    assert len(state.draw_pile) == 28
    assert sum(len(pile.cards) for pile in state.piles) == 88
    state.check()
    assert not state.is_over
    assert state.top_card == state.draw_pile[-1]
    # under all_but_one pile 6, dealt with all but one card melded, discards it at the deal
    dealt = SolitaireState.new(rules=ALL_BUT_ONE, seed=1)
    assert [len(pile.cards) for pile in dealt.piles] == [3, 4, 5, 5, *range(7, 14)]
    assert sum(len(pile.cards) for pile in dealt.piles) + len(dealt.discards) == 88
    assert dealt.draw_pile == state.draw_pile


def test_rule_solitaire_each_pile_has_its_own_wild_rank() -> None:
    assert [pile.wild_rank for pile in SolitaireState.new(seed=2).piles] == list(range(3, 14))
    # In the 5-card pile 5D is wild: 3H 4H 5D 6H 7H is a run and KS goes, closing the pile.
    state = position({5: "3H 4H 7H 5D KS"}, top="6H")
    after = state.apply("5 KS")
    assert after.pile(5).is_closed
    # In the 6-card pile 5D is a plain diamond (and 6H is wild): the same cards cannot close.
    other = position({6: "3H 4H 7H 5D KS QC"}, top="6H")
    assert not any(other.apply(a).pile(6).is_closed for a in other.legal_actions() if a.pile == 6)


def test_rule_solitaire_turn_adds_the_top_card_to_one_pile_and_discards_from_it() -> None:
    state = SolitaireState.new(seed=3)
    top = state.top_card
    assert top is not None
    pile = state.pile(9)
    discard = pile.cards[0]
    after = state.apply(SolitaireAction(9, discard))
    assert Counter(after.pile(9).cards) == Counter(pile.cards) + Counter([top]) - Counter([discard])
    assert after.discards == (*state.discards, discard)
    assert after.draw_pile == state.draw_pile[:-1]
    for other in PILE_SIZES:
        if other != 9:
            assert after.pile(other) == state.pile(other)


def test_rule_solitaire_discard_may_be_the_card_just_added() -> None:
    state = SolitaireState.new(seed=3)
    top = state.top_card
    assert top is not None
    action = next(a for a in state.legal_actions() if a.discard == top and a.pile == 13)
    after = state.apply(action)
    assert after.pile(13) == state.pile(13)
    assert after.discards == (*state.discards, top)


def test_rule_solitaire_discard_must_come_from_that_pile() -> None:
    state = position({3: "7H 8H KD", 4: "QC QD 5S 9S"}, top="4C")
    with pytest.raises(fc.IllegalActionError, match="neither in pile 3"):
        state.apply("3 QC")


def test_rule_solitaire_pile_closes_when_all_but_one_card_meld() -> None:
    state = position({3: "7H 8H KD"}, top="9H")
    after = state.apply("3 KD")
    pile = after.pile(3)
    assert pile.is_closed
    assert pile.melds is not None
    assert sorted(card for meld in pile.melds for card in meld.cards) == sorted(pile.cards)
    assert after.discards == (fc.Card.parse("KD"),)


def test_rule_solitaire_closed_pile_takes_no_more_cards() -> None:
    state = position({3: "7H 8H KD"}, top="9H").apply("3 KD")
    assert all(action.pile != 3 for action in state.legal_actions())
    with pytest.raises(fc.IllegalActionError, match="closed"):
        state.apply(SolitaireAction(3, state.pile(3).cards[0]))


def test_rule_solitaire_pile_that_cannot_close_stays_open() -> None:
    state = position({3: "7H 9C KD"}, top="JS")
    after = state.apply("3 KD")
    assert not after.pile(3).is_closed
    assert Counter(after.pile(3).cards) == Counter(fc.parse_cards("7H 9C JS"))


def test_rule_solitaire_closing_is_compulsory() -> None:
    state = position({3: "7H 8H KD"}, top="9H")
    assert {str(a) for a in state.legal_actions() if a.pile == 3} == {"3 KD"}
    with pytest.raises(fc.IllegalActionError, match="can close"):
        state.apply("3 7H")


def test_rule_solitaire_win_when_every_pile_is_closed() -> None:
    case = next(game for game in GOLDEN["games"] if game["won"])
    state = SolitaireState.replay(case["actions"], rules=golden_rules(case), seed=case["seed"])
    assert state.won
    assert state.is_over
    assert state.score == 1
    assert state.legal_actions() == ()


def test_rule_solitaire_lose_when_the_draw_pile_runs_out_first() -> None:
    state = SolitaireState.new(seed=1)
    rng = random.Random(1)
    while len(state.draw_pile) > 1:
        state = state.apply(random_action(state, rng))
        assert not state.is_over or state.won
    assert not state.won
    last = state.apply(random_action(state, rng))  # the last card of the draw pile
    assert last.draw_pile == ()
    assert last.is_over
    assert last.won == all(pile.is_closed for pile in last.piles)
    assert last.score == int(last.won)
    with pytest.raises(fc.IllegalActionError, match="over"):
        last.apply(0)


def test_rule_solitaire_deadwood_scoring() -> None:
    rules = fc.Rules(solitaire_scoring="deadwood")
    state = position({3: "7H 9C KD"}, top="JS", rules=rules)
    expected = sum(fc.min_deadwood(pile.cards, pile.size, rules=rules) for pile in state.piles)
    assert state.score == state.deadwood == expected
    assert expected > 0
    closed = position({3: "7H 8H KD"}, top="9H", rules=rules).apply("3 KD")
    assert closed.deadwood == sum(
        fc.min_deadwood(pile.cards, pile.size, rules=rules)
        for pile in closed.piles
        if pile.size != 3
    )


# -- a pile dealt closed (Rules.solitaire_dealt_piles) -----------------------------------------
# Seed 12 deals pile 3 as 10C 10S JK (a book) and pile 4 as 4H QH 7S 8S (all but QH melded);
# seed 13 deals pile 9 all in melds; seed 2 deals pile 4 as 3* JH KH 4D: all but one card
# (3*) melded, and no pile all in melds.


def test_rule_solitaire_a_pile_dealt_all_in_melds_is_closed_at_the_deal() -> None:
    # the default, the text's reading: closed "when all its cards are arranged into books
    # and/or runs"
    state = SolitaireState.new(seed=12)
    assert state.rules.solitaire_dealt_piles == "whole"
    pile = state.pile(3)
    assert pile.cards == fc.parse_cards("10C 10S JK")
    assert pile.is_closed
    assert pile.melds is not None
    assert [str(meld) for meld in pile.melds] == ["10C 10S JK=10*"]
    # nothing was drawn, played or discarded: the deal closed it; pile 4 (all but QH melded)
    # stays open under this reading
    assert (len(state.draw_pile), state.actions, state.discards) == (28, (), ())
    assert state.dealt_discards == {}
    assert not state.pile(4).is_closed
    assert all(action.pile != 3 for action in state.legal_actions())
    with pytest.raises(fc.IllegalActionError, match="pile 3 is closed"):
        state.apply("3 10C")
    state.check()
    assert SolitaireState.new(seed=13).pile(9).is_closed
    # a pile whose dealt cards all meld is closed at the deal and keeps them all
    for seed in range(20):
        drawn = SolitaireState.new(rules=DRAW_TO_CLOSE, seed=seed)
        for dealt, pile in zip(drawn.piles, SolitaireState.new(seed=seed).piles):
            assert pile.is_closed == (fc.min_deadwood(dealt.cards, dealt.size) == 0)
            assert pile.cards == dealt.cards


def test_rule_option_solitaire_dealt_piles_all_but_one_closes_a_pile_with_one_card_spare() -> None:
    state = SolitaireState.new(rules=ALL_BUT_ONE, seed=12)
    assert state.pile(3).is_closed
    assert state.pile(4).is_closed
    assert state.dealt_discards == {4: fc.Card.parse("QH")}
    assert state.discards == (fc.Card.parse("QH"),)
    assert (len(state.draw_pile), state.actions) == (28, ())
    state.check()


def test_rule_option_solitaire_dealt_piles_draw_closes_only_after_a_card_is_added() -> None:
    state = SolitaireState.new(rules=DRAW_TO_CLOSE, seed=12)
    assert not state.pile(3).is_closed
    assert state.top_card == fc.Card.parse("10*")
    # closing is compulsory: every discard from pile 3 closes it (any card can go from a book)
    on_three = [str(action) for action in state.legal_actions() if action.pile == 3]
    assert on_three == ["3 10*", "3 10C", "3 10S", "3 JK"]
    after = state.apply("3 JK")
    assert after.pile(3).is_closed
    assert after.pile(3).cards == fc.parse_cards("10* 10C 10S")
    assert after.discards == (fc.Card.parse("JK"),)
    assert len(after.draw_pile) == 27  # closing it cost a turn
    assert not SolitaireState.new(rules=DRAW_TO_CLOSE, seed=13).pile(9).is_closed
    for seed in range(20):
        assert not any(
            p.is_closed for p in SolitaireState.new(rules=DRAW_TO_CLOSE, seed=seed).piles
        )


def test_rule_solitaire_all_but_one_closes_a_pile_dealt_all_but_one_melded_at_the_deal() -> None:
    state = SolitaireState.new(rules=ALL_BUT_ONE, seed=2)  # pile 4 (4s wild) is dealt 3* JH KH 4D
    pile = state.pile(4)
    assert pile.is_closed
    assert pile.melds is not None
    assert [str(meld) for meld in pile.melds] == ["JH 4D=QH KH"]
    # the pile holds only the cards in its melds; the extra card left the game at the deal
    assert pile.cards == fc.parse_cards("JH KH 4D")
    assert sorted(card for meld in pile.melds for card in meld.cards) == sorted(pile.cards)
    extra = fc.Card.parse("3*")
    assert fc.best_discard("3* JH KH 4D", 4)[0] == extra  # the engine's pick
    assert state.discards == (extra,)
    assert state.dealt_discards == {4: extra}
    # no turn was spent: the draw pile is whole and nothing was played
    assert (len(state.draw_pile), state.actions) == (28, ())
    assert all(action.pile != 4 for action in state.legal_actions())
    with pytest.raises(fc.IllegalActionError, match="pile 4 is closed"):
        state.apply("4 JH")
    state.check()
    # check() allows one card fewer only there, with its discard counted
    with pytest.raises(fc.InvalidStateError, match=r"2 discards, but 0 action\(s\) and 1 pile"):
        attrs.evolve(
            state, draw_pile=state.draw_pile[:-1], discards=(extra, state.top_card)
        ).check()
    for other in (DRAW_TO_CLOSE, fc.OFFICIAL):
        with pytest.raises(fc.InvalidStateError, match="only a pile closed at the deal"):
            attrs.evolve(state, rules=other).check()
    # a closed pile scores nothing
    rules = fc.Rules(solitaire_scoring="deadwood", solitaire_dealt_piles="all_but_one")
    scored = SolitaireState.new(rules=rules, seed=2)
    assert scored.pile(4).is_closed
    assert scored.deadwood == sum(
        fc.min_deadwood(p.cards, p.size, rules=rules) for p in scored.piles if p.size != 4
    )
    # the discards dealt come first, one per pile closed so, in pile order; turns add theirs
    several = SolitaireState.new(rules=ALL_BUT_ONE, seed=3)
    assert list(several.dealt_discards) == [4, 10]
    assert several.discards == tuple(several.dealt_discards.values())
    after = several.apply(greedy_action(several))
    assert after.discards[:2] == several.discards
    assert after.dealt_discards == several.dealt_discards
    after.check()


def test_rule_solitaire_pile_dealt_all_but_one_melded_stays_open_unless_all_but_one() -> None:
    state = SolitaireState.new(rules=DRAW_TO_CLOSE, seed=2)
    pile = state.pile(4)
    assert not pile.is_closed
    assert pile.cards == fc.parse_cards("3* JH KH 4D")
    assert (state.discards, state.dealt_discards) == ((), {})
    assert any(action.pile == 4 for action in state.legal_actions())
    # as under the default (a pile closes at the deal dealt whole only), unlike all_but_one
    assert SolitaireState.new(seed=2).pile(4) == pile
    assert SolitaireState.new(rules=ALL_BUT_ONE, seed=2).pile(4) != pile
    # it closes on a turn whose card completes it: the drawn 7S does not, so 4 7S is
    # one of the discards offered, and the pile stays open
    assert state.top_card == fc.Card.parse("7S")
    after = state.apply("4 7S")
    assert not after.pile(4).is_closed
    assert after.discards == (fc.Card.parse("7S"),)


@st.composite
def _solitaire_rules(draw: st.DrawFn) -> fc.Rules:
    return fc.Rules(
        packs=draw(st.sampled_from([2, 3])),
        distinct_suit_books=draw(st.booleans()),
        max_wilds_per_meld=draw(st.sampled_from([None, 1, "naturals"])),
        all_wild_melds=draw(st.booleans()),
        solitaire_dealt_piles=draw(st.sampled_from(["whole", "all_but_one", "draw"])),
    )


def _check_dealt_piles_against_the_solver(state: SolitaireState) -> None:
    """Each dealt pile is closed exactly when the solver says its dealt cards all meld or
    some single discard leaves zero deadwood (as the option reads the deal); every card is
    in one place."""
    rules = state.rules
    # the same deal with every pile open: the dealt cards, and the draw pile
    dealt = SolitaireState.new(
        rules=attrs.evolve(rules, solitaire_dealt_piles="draw"), seed=state.seed
    )
    assert not any(pile.is_closed for pile in dealt.piles)
    assert state.draw_pile == dealt.draw_pile
    extras = []
    for cards_dealt, pile in zip((p.cards for p in dealt.piles), state.piles):
        size = pile.size
        assert len(cards_dealt) == size
        all_meld = fc.min_deadwood(cards_dealt, size, rules=rules) == 0
        by_discard = fc.deadwood_by_discard(cards_dealt, size, rules=rules)
        all_but_one = min(by_discard.values()) == 0
        if rules.solitaire_dealt_piles != "draw" and all_meld:
            assert pile.is_closed
            assert pile.cards == cards_dealt
        elif rules.solitaire_dealt_piles == "all_but_one" and all_but_one:
            extra, rest = fc.best_discard(cards_dealt, size, rules=rules)
            assert by_discard[extra] == 0
            assert pile.is_closed
            assert Counter(pile.cards) + Counter([extra]) == Counter(cards_dealt)
            assert Counter(rest.cards) == Counter(pile.cards)
            extras.append(extra)
        else:
            assert not pile.is_closed
            assert pile.cards == cards_dealt
        if pile.melds is not None:
            assert Counter(c for meld in pile.melds for c in meld.cards) == Counter(pile.cards)
    assert state.discards == tuple(extras)
    assert list(state.dealt_discards.values()) == extras
    everything = [c for p in state.piles for c in p.cards] + [*state.draw_pile, *state.discards]
    assert Counter(everything) == Counter(fc.deck(rules.packs))
    state.check()
    assert SolitaireState.from_json(state.to_json()) == state


def test_rule_solitaire_dealt_piles_close_exactly_when_the_solver_says_many_seeds() -> None:
    for seed in range(40):
        for rules in (fc.OFFICIAL, ALL_BUT_ONE, DRAW_TO_CLOSE):
            _check_dealt_piles_against_the_solver(SolitaireState.new(rules=rules, seed=seed))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), rules=_solitaire_rules())
def test_rule_solitaire_dealt_piles_close_exactly_when_the_solver_says(
    seed: int, rules: fc.Rules
) -> None:
    _check_dealt_piles_against_the_solver(SolitaireState.new(rules=rules, seed=seed))


def test_cli_shows_a_pile_closed_at_the_deal_and_the_card_it_discarded() -> None:
    out = io.StringIO()
    play_solitaire(rules=fc.OFFICIAL, seed=12, load=None, stdin=io.StringIO("quit\n"), out=out)
    text = out.getvalue()
    assert "pile  3 (3s wild)  closed at the deal: 10C 10S JK=10*\n" in text
    assert "pile  4 (4s wild)  4H QH 7S 8S\n" in text
    assert "Closed 1/11." in text
    out = io.StringIO()
    play_solitaire(rules=ALL_BUT_ONE, seed=12, load=None, stdin=io.StringIO("quit\n"), out=out)
    text = out.getvalue()
    assert "pile  4 (4s wild)  closed at the deal: 7S 8S 4H=9S  (QH discarded)\n" in text
    assert "Closed 2/11." in text
    out = io.StringIO()
    play_solitaire(rules=DRAW_TO_CLOSE, seed=12, load=None, stdin=io.StringIO("quit\n"), out=out)
    assert "pile  4 (4s wild)  4H QH 7S 8S\n" in out.getvalue()
    assert "closed" not in out.getvalue().split("Closed")[0]


def test_rule_solitaire_dealt_piles_changes_the_game_and_the_policies() -> None:
    case = next(game for game in GOLDEN["games"] if game["seed"] == 13)
    with pytest.raises(fc.InvalidStateError, match="pile 9 is closed"):
        SolitaireState.replay(case["actions"], seed=13)
    # under the default the greedy policy never spends a draw on pile 9
    state = SolitaireState.new(seed=13)
    while not state.is_over:
        action = greedy_action(state)
        assert action.pile != 9
        state = state.apply(action)
    assert state.pile(9) == SolitaireState.new(seed=13).pile(9)


def test_rule_option_solitaire_dealt_piles_is_saved_only_when_not_the_default() -> None:
    assert "solitaire_dealt_piles" not in fc.Rules().to_dict()
    assert DRAW_TO_CLOSE.to_dict()["solitaire_dealt_piles"] == "draw"
    assert fc.Rules.from_dict(DRAW_TO_CLOSE.to_dict()) == DRAW_TO_CLOSE
    with pytest.raises(fc.InvalidRulesError, match="solitaire_dealt_piles must be 'whole'"):
        fc.Rules(solitaire_dealt_piles="no")  # type: ignore[arg-type]
    # the option it replaced, as older saves wrote it
    assert fc.Rules.from_dict({"solitaire_close_dealt_piles": False}) == DRAW_TO_CLOSE
    assert fc.Rules.from_dict({"solitaire_close_dealt_piles": True}) == ALL_BUT_ONE
    with pytest.raises(fc.InvalidRulesError, match="not given with solitaire_dealt_piles"):
        fc.Rules.from_dict({"solitaire_close_dealt_piles": 1, "solitaire_dealt_piles": "draw"})
    for rules in (fc.OFFICIAL, ALL_BUT_ONE, DRAW_TO_CLOSE):
        state = SolitaireState.new(rules=rules, seed=12)
        for _ in range(3):
            state = state.apply(greedy_action(state))
        data = json.loads(state.to_json())
        assert data["schema"] == SCHEMA == "fivecrowns.solitaire/4"
        assert 3 in data["closed"]
        assert SolitaireState.from_json(state.to_json()) == state
        # the same actions under another reading do not load as this game
        other = dict(data, rules=(ALL_BUT_ONE if rules is fc.OFFICIAL else fc.OFFICIAL).to_dict())
        with pytest.raises(fc.InvalidStateError):
            SolitaireState.from_dict(other)


def _old_save(state: SolitaireState, schema: str, **old: bool) -> dict[str, Any]:
    """``state`` saved as an older layout wrote it: its rules without the new option, with
    the old one as given."""
    data = json.loads(state.to_json())
    data["rules"].pop("solitaire_dealt_piles", None)
    if old:
        data["rules"]["solitaire_close_dealt_piles"] = old["old"]
    return dict(data, schema=f"fivecrowns.solitaire/{schema}")


def test_rule_solitaire_saves_of_every_older_layout_load_under_the_reading_they_played() -> None:
    """Layout /1 (before the option) played dealt piles open; /2 closed those dealt whole
    (the default now); /3 closed those dealt with all but one card melded too; False always
    meant draw. Each loads as the game it recorded and saves again in the current layout."""
    # seed 2 deals pile 4 with all but 3* melded and no pile all in melds; seed 13 deals
    # pile 9 all in melds: the readings give three different games between them
    for seed in (2, 13):
        for rules, schema, old in (
            (DRAW_TO_CLOSE, "1", {}),
            (fc.OFFICIAL, "2", {}),
            (DRAW_TO_CLOSE, "2", {"old": False}),
            (ALL_BUT_ONE, "3", {}),
            (DRAW_TO_CLOSE, "3", {"old": False}),
        ):
            state = SolitaireState.new(rules=rules, seed=seed)
            for _ in range(4):
                state = state.apply(greedy_action(state))
            loaded = SolitaireState.from_dict(_old_save(state, schema, **old))
            assert loaded == state, (seed, schema, old)
            assert json.loads(loaded.to_json())["schema"] == SCHEMA
    state = SolitaireState.replay(GOLDEN["games"][0]["actions"][:5], rules=DRAW_TO_CLOSE, seed=13)
    with pytest.raises(fc.InvalidStateError, match="sets its dealt piles by"):
        SolitaireState.from_dict(_old_save(state, "1", old=False))
    with pytest.raises(fc.InvalidStateError, match="do not replay"):
        SolitaireState.from_dict(_old_save(state, "3"))  # (pile 9 closed at the deal)
    with pytest.raises(fc.InvalidStateError, match="unknown schema"):
        SolitaireState.from_dict(_old_save(state, "9"))


def test_solitaire_needs_a_deck_bigger_than_the_piles() -> None:
    with pytest.raises(fc.InvalidStateError, match="draw pile"):
        SolitaireState.new(rules=fc.Rules(packs=1), seed=1)
    assert len(SolitaireState.new(rules=fc.Rules(packs=3), seed=1).draw_pile) == 174 - 88


def test_illegal_actions_raise_and_change_nothing() -> None:
    state = SolitaireState.new(seed=5)
    snapshot = state.to_json()
    for bad in ["2 KD", "14 KD", "7", "seven KD", 616, -1, 3.5, None, "7 XX"]:
        with pytest.raises(fc.FiveCrownsError):
            state.apply(bad)  # type: ignore[arg-type]
        assert not state.is_legal(bad)  # type: ignore[arg-type]
    assert state.to_json() == snapshot


def test_action_encoding_is_stable_and_round_trips() -> None:
    assert NUM_SOLITAIRE_ACTIONS == 616
    assert SolitaireAction.parse("3 3*").to_int() == 0
    assert SolitaireAction.parse("13 JK").to_int() == 615
    for value in range(NUM_SOLITAIRE_ACTIONS):
        action = SolitaireAction.from_int(value)
        assert action.to_int() == value
        assert SolitaireAction.parse(str(action)) == action
        assert eval(repr(action), {"SolitaireAction": SolitaireAction}) == action


@pytest.mark.parametrize("case", GOLDEN["games"], ids=lambda case: f"seed{case['seed']}")
def test_golden_games_replay_to_their_results(case: dict[str, Any]) -> None:
    rules = golden_rules(case)
    state = SolitaireState.replay(case["actions"], rules=rules, seed=case["seed"])
    assert state.is_over
    assert state.won == case["won"]
    assert [pile.size for pile in state.piles if pile.is_closed] == case["closed"]
    assert state.deadwood == case["deadwood"]
    assert state.score == case["score"]
    state.check()
    replayed = SolitaireState.new(rules=rules, seed=case["seed"])
    while not replayed.is_over:
        replayed = replayed.apply(greedy_action(replayed))
    assert replayed == state  # the policy itself is deterministic


def test_json_round_trip_and_tampering() -> None:
    state = SolitaireState.new(seed=11)
    for _ in range(6):
        state = state.apply(greedy_action(state))
    assert SolitaireState.from_json(state.to_json()) == state
    data = json.loads(state.to_json())
    tampered: list[dict[str, Any]] = []
    moved = dict(data, piles=dict(data["piles"]))
    moved["piles"]["3"] = "JK JK JK"
    tampered.append(moved)
    tampered.append(dict(data, discards=""))
    tampered.append(dict(data, seed=-1))
    tampered.append(dict(data, seed="11"))
    tampered.append(dict(data, actions=["3 ZZ"]))
    tampered.append(dict(data, schema="other/9"))
    tampered.append(dict(data, extra=1))
    tampered.append({k: v for k, v in data.items() if k != "closed"})
    tampered.append(dict(data, rules={"packs": 0}))
    tampered.append(dict(data, rules={"colour": "red"}))
    for bad in tampered:
        with pytest.raises(fc.InvalidStateError):
            SolitaireState.from_json(json.dumps(bad))
    for text in ["", "[]", "{", "null"]:
        with pytest.raises(fc.InvalidStateError):
            SolitaireState.from_json(text)


def test_greedy_closes_the_largest_pile_that_can_close() -> None:
    state = position({3: "7H 8H KD"}, top="9H")
    closers = {
        action.pile
        for action in state.legal_actions()
        if state.apply(action).pile(action.pile).is_closed
    }
    assert 3 in closers
    action = greedy_action(state)
    assert action.pile == max(closers)
    assert state.apply(action).pile(action.pile).is_closed


def test_policies_only_play_legal_actions() -> None:
    for seed in range(3):
        state = SolitaireState.new(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            for action in (greedy_action(state), random_action(state, rng)):
                assert action in state.legal_actions()
            state = state.apply(random_action(state, rng))


class SolitaireMachine(RuleBasedStateMachine):
    """Random games, legal and illegal actions mixed; every card stays in exactly one place."""

    def __init__(self) -> None:
        super().__init__()
        self.state = SolitaireState.new(seed=0)

    @rule(
        seed=st.integers(0, 2**32),
        deadwood=st.booleans(),
        dealt=st.sampled_from(["whole", "all_but_one", "draw"]),
    )
    def restart(self, seed: int, deadwood: bool, dealt: SolitaireDealtPiles) -> None:
        rules = fc.Rules(
            solitaire_scoring="deadwood" if deadwood else "win", solitaire_dealt_piles=dealt
        )
        self.state = SolitaireState.new(rules=rules, seed=seed)

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def play_legal(self, data: st.DataObject) -> None:
        action = data.draw(st.sampled_from(self.state.legal_actions()))
        self.state = self.state.apply(action)

    @precondition(lambda self: not self.state.is_over)
    @rule()
    def play_greedy(self) -> None:
        self.state = self.state.apply(greedy_action(self.state))

    @rule(value=st.integers(0, NUM_SOLITAIRE_ACTIONS - 1))
    def try_any(self, value: int) -> None:
        before = self.state
        if before.is_legal(value):
            self.state = before.apply(value)
        else:
            with pytest.raises(fc.IllegalActionError):
                before.apply(value)
            assert self.state == before

    @invariant()
    def every_card_in_exactly_one_place(self) -> None:
        self.state.check()
        dealt = self.state.dealt_discards
        assert len(self.state.discards) == len(self.state.actions) + len(dealt)
        assert self.state.discards[: len(dealt)] == tuple(dealt.values())

    @invariant()
    def json_round_trips(self) -> None:
        if len(self.state.actions) % 5 == 0:
            assert SolitaireState.from_json(self.state.to_json()) == self.state


TestSolitaireMachine = SolitaireMachine.TestCase
TestSolitaireMachine.settings = settings(max_examples=25, stateful_step_count=40, deadline=None)
