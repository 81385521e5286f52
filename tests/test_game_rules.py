"""One test per rule of RULES.md about the game (sections "Rounds and wilds", "A round",
"Scoring", "Players"), on dealt or rigged states.

Rigged states are built through ``GameState.from_json``, so they pass the same validation as
any loaded game.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import fivecrowns as fc
from fivecrowns._shuffle import shuffled


def _code(card: fc.Card) -> int:
    return card.code


def rig(
    hands: list[str],
    *,
    rules: fc.Rules = fc.OFFICIAL,
    stock: str = "",
    pile: str = "",
    seed: int = 1,
    first_dealer: int | None = None,
) -> fc.GameState:
    """Round 1 with these hands; ``stock`` lists the next cards drawn (first = top), ``pile``
    the discard pile (last = top). The other cards go to the bottom of the stock."""
    state = fc.GameState.new(len(hands), rules=rules, seed=seed, first_dealer=first_dealer)
    data = state.to_dict()
    held = [fc.parse_cards(hand) for hand in hands]
    top, shown = fc.parse_cards(stock), fc.parse_cards(pile)
    used = Counter(card for part in [*held, top, shown] for card in part)
    rest = sorted((Counter(fc.deck(rules.packs)) - used).elements(), key=_code)
    for seat, hand in enumerate(held):
        if not hand:  # an empty string: deal the lowest cards left
            held[seat], rest = tuple(rest[: state.hand_size]), rest[state.hand_size :]
    if not shown:
        shown = (rest.pop(0),)
    pile_cards, stock_cards = list(shown), [*rest, *reversed(top)]
    data.update(
        hands=[fc.format_cards(hand) for hand in held],
        stock=fc.format_cards(stock_cards),
        discard_pile=fc.format_cards(pile_cards),
    )
    return fc.GameState.from_json(json.dumps(data))


def play(state: fc.GameState, *actions: str) -> fc.GameState:
    for action in actions:
        state = state.apply(action)
    return state


def finish(state: fc.GameState, seed: int = 0) -> fc.GameState:
    rng = random.Random(seed)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


# -- Rounds and wilds ------------------------------------------------------------------------


def test_rule_eleven_rounds_deal_three_to_thirteen_cards_with_that_rank_wild() -> None:
    state = fc.GameState.new(3, rules=fc.Rules(turn_limit=3), seed=5)
    seen = []
    rng = random.Random(5)
    while not state.is_over:
        if state.phase is fc.Phase.DRAW and state.turns == 0:
            assert all(len(hand) == state.hand_size for hand in state.hands)
            seen.append((state.round_number, state.hand_size, state.wild_rank))
        state = state.apply(rng.choice(state.legal_actions()))
    assert seen == [(n, n + 2, n + 2) for n in range(1, 12)]
    assert [(r.hand_size, r.wild_rank) for r in state.results] == [(n, n) for n in range(3, 14)]


def test_rule_short_and_constant_schedules() -> None:
    for rounds in (5, 7, 9):
        state = finish(fc.GameState.new(2, rules=fc.Rules.short_game(rounds, turn_limit=2), seed=1))
        assert [r.hand_size for r in state.results] == list(range(3, 3 + rounds))
    state = finish(fc.GameState.new(2, rules=fc.Rules.constant(7, rounds=3, turn_limit=2), seed=1))
    assert [(r.hand_size, r.wild_rank) for r in state.results] == [(7, 7)] * 3


def test_rule_schedule_entry_with_no_wild_rank_has_only_jokers_wild() -> None:
    rules = fc.Rules(schedule=(3,), wild_ranks=(None,))
    state = rig(["3H 3S 7D", "4S 5D 6C"], rules=rules, stock="JK")
    assert state.wild_rank is None
    state = state.apply("draw")
    # 3s are plain cards here: 3H 3S JK is a book of 3s, not three wilds.
    assert state.is_legal("out 7D")
    assert not state.is_legal("out 3H")
    state = state.apply("out 7D")
    assert [str(placed.meld) for placed in state.table] == ["3H 3S JK=3*"]


def test_rule_jokers_are_wild_in_every_round() -> None:
    hands = {
        3: ("7H 9H KD", "out KD"),
        8: ("5H 6H 7H 9H 4S 4D 4C KD", "out KD"),
        13: ("3H 4H 5H 6H 7H 9H 10H 4S 4D 4C 6C 7C 8C", "out 10H"),
    }
    for size, (hand, out) in hands.items():
        state = rig([hand, ""], rules=fc.Rules(schedule=(size,)), stock="JK").apply("draw")
        state = state.apply(out)
        assert fc.JOKER in [card for placed in state.table for card in placed.meld.cards]


def test_rule_wild_card_stands_for_any_card_even_its_own_rank() -> None:
    # Round 1: 3s are wild. 3S plays 8H between 7H and 9H.
    state = play(rig(["7H 9H KD", "4S 5D 6C"], stock="3S"), "draw", "out KD")
    assert [str(placed.meld) for placed in state.table] == ["7H 3S=8H 9H"]
    # A K in round 11 (kings wild) still completes a book of kings as a wild.
    rules = fc.Rules(schedule=(3,), wild_ranks=(13,))
    state = play(rig(["KH KS 5D", "4S 5S 6C"], rules=rules, stock="9C"), "draw")
    assert state.is_legal("out 5D")
    assert state.is_legal("out 9C")


# -- A round ---------------------------------------------------------------------------------


def test_rule_deal_one_card_at_a_time_from_left_of_dealer_then_discard_then_stock() -> None:
    state = fc.GameState.new(3, seed=11, first_dealer=1)
    order = shuffled(fc.deck(2), 11, 1, 0, 0)
    seats = [2, 0, 1]
    for seat in range(3):
        dealt = [order[i] for i in range(9) if seats[i % 3] == seat]
        assert state.hand(seat) == tuple(sorted(dealt, key=_code))
    assert state.discard_pile == (order[9],)
    assert state.stock[-1] == order[10]
    assert len(state.stock) == 116 - 10


def test_rule_player_left_of_dealer_starts_and_play_goes_left() -> None:
    state = fc.GameState.new(4, seed=2, first_dealer=2)
    order = []
    for _ in range(6):
        order.append(state.current_player)
        state = state.apply("draw")
        state = state.apply(fc.Action.discard(state.hand(state.current)[0]))
    assert order == [3, 0, 1, 2, 3, 0]


def test_rule_a_turn_is_draw_then_discard() -> None:
    state = rig(["7H 8H KD", "4S 5D 6C"], pile="QC", stock="10S")
    with pytest.raises(fc.IllegalActionError, match="player 0 must draw first"):
        state.apply("discard KD")
    taken = state.apply("take")
    assert "QC" in fc.format_cards(taken.hand(0))
    assert taken.discard_pile == ()
    drawn = state.apply("draw")
    assert fc.Card.parse("10S") in drawn.hand(0)
    assert drawn.discard_pile[-1] == fc.Card.parse("QC")
    with pytest.raises(fc.IllegalActionError, match="already drawn"):
        drawn.apply("draw")
    after = drawn.apply("discard 10S")
    assert after.current_player == 1
    assert after.phase is fc.Phase.DRAW
    assert after.discard_pile[-1] == fc.Card.parse("10S")


def test_rule_any_card_may_be_discarded_including_the_taken_one_and_wilds() -> None:
    state = rig(["7H JK KD", "4S 5D 6C"], pile="QC").apply("take")
    assert state.is_legal("discard QC")
    assert state.is_legal("discard JK")
    assert state.apply("discard QC").discard_pile[-1] == fc.Card.parse("QC")


def test_rule_option_may_discard_taken_discard_off() -> None:
    rules = fc.Rules(may_discard_taken_discard=False)
    state = rig(["7H JK KD", "4S 5D 6C"], rules=rules, pile="QC").apply("take")
    assert not state.is_legal("discard QC")
    with pytest.raises(fc.IllegalActionError, match="may_discard_taken_discard=False"):
        state.apply("discard QC")
    assert state.is_legal("discard KD")
    # Drawn from the stock, the same card may be thrown.
    state = rig(["7H JK KD", "4S 5D 6C"], rules=rules, stock="QC").apply("draw")
    assert state.is_legal("discard QC")


def test_rule_nothing_is_laid_on_the_table_during_ordinary_turns() -> None:
    rules = fc.Rules(auto_arrange_final_hand=False, lay_off=True)
    state = rig(["7H 8H 9H", "4S 5D 6C"], rules=rules, stock="KD").apply("draw")
    with pytest.raises(fc.IllegalActionError, match="only by going out or in a final turn"):
        state.apply("select 7H")
    state = state.apply("discard KD")
    assert state.table == ()


def test_rule_going_out_lays_down_all_but_one_card_and_discards_it() -> None:
    state = rig(["7H 8H KD", "4S 5D 6C", "9S 10C QC"], stock="9H").apply("draw")
    assert [a for a in state.legal_actions() if a.kind is fc.ActionKind.GO_OUT] == [
        fc.Action.go_out("KD")
    ]
    with pytest.raises(fc.IllegalActionError, match=r"cannot go out: 8H, 9H and KD are unmelded"):
        state.apply("out 7H")
    out = state.apply("out KD")
    assert out.went_out == 0
    assert out.hand(0) == ()
    assert [(t.owner, str(t.meld)) for t in out.table] == [(0, "7H 8H 9H")]
    assert out.discard_pile[-1] == fc.Card.parse("KD")
    assert out.final_turns_left == (1, 2)
    assert out.current_player == 1


def test_rule_going_out_error_names_the_unmelded_cards() -> None:
    rules = fc.Rules(schedule=(6,))
    state = rig(["7H 8H 9H 9S KD 4C", ""], rules=rules, stock="10H").apply("draw")
    with pytest.raises(fc.IllegalActionError, match="cannot go out: 9S and KD are unmelded"):
        state.apply("out 4C")


def test_rule_option_go_out_without_discard() -> None:
    hands = ["7H 8H 9H", "4S 5D 6C"]
    state = rig(hands, stock="10H").apply("draw")
    with pytest.raises(fc.IllegalActionError, match="go_out_without_discard=False"):
        state.apply("out!")
    rules = fc.Rules(go_out_without_discard=True)
    state = rig(hands, rules=rules, stock="10H").apply("draw")
    out = state.apply(fc.GO_OUT_WITHOUT_DISCARD)
    assert out.went_out == 0
    assert out.hand(0) == ()
    assert str(out.table[0].meld) == "7H 8H 9H 10H"
    assert len(out.discard_pile) == len(state.discard_pile)


def test_rule_final_turns_each_other_player_once() -> None:
    state = rig(["7H 8H KD", "4S 5D 6C", "9S 10C QC"], stock="9H 3* 4*")
    state = play(state, "draw", "out KD")
    with pytest.raises(fc.IllegalActionError, match="already gone out"):
        play(state, "draw").apply("out 4S")
    state = play(state, "draw", "discard 6C")
    assert state.current_player == 2
    assert state.final_turns_left == (2,)
    state = play(state, "draw", "discard QC")
    # The round is over after one final turn each: no new lap; round 2 is dealt.
    assert state.round_number == 2
    assert len(state.results) == 1
    result = state.results[0]
    assert result.went_out == 0
    assert result.ended == "out"
    assert result.scores[0] == 0


def test_rule_final_hand_is_scored_by_its_minimum_deadwood() -> None:
    state = rig(["7H 8H KD", "4S 4D KC", "9S 10C QC"], stock="9H 4C 3*")
    state = play(state, "draw", "out KD", "draw", "discard 4C", "draw", "discard QC")
    # Player 1 kept 4S 4D KC (21); player 2 kept 9S 10C and the wild 3* (9 + 10 + 20).
    assert state.results[0].scores == (0, 21, 39)


def test_rule_final_turn_melding_all_but_the_discard_scores_zero() -> None:
    state = rig(["7H 8H KD", "4S 4D KC", "9S 10S QC"], stock="9H 4C 3*")
    state = play(state, "draw", "out KD", "draw", "discard KC", "draw", "discard QC")
    assert state.results[0].scores[1] == 0
    assert state.results[0].scores[2] == 0  # 9S 10S and the wild 3*: a run


def test_rule_option_auto_arrange_off_player_lays_down_own_melds() -> None:
    rules = fc.Rules(auto_arrange_final_hand=False)
    state = rig(["7H 8H KD", "4S 4D KC", "9S 10C QC"], rules=rules, stock="9H 4C 5*")
    state = play(state, "draw", "out KD", "draw")
    with pytest.raises(fc.IllegalActionError, match="select the cards"):
        state.apply("meld book")
    state = play(state, "select 4S", "select 4D", "select 4C")
    assert state.view(1).selection == state.selection
    assert state.view(2).selection == ()
    assert not state.is_legal("meld run")
    state = state.apply("meld book")
    assert [(t.owner, str(t.meld)) for t in state.table][-1] == (1, "4C 4S 4D")
    state = play(state, "discard KC")
    # Player 2 lays nothing down: every card counts.
    state = play(state, "draw", "discard QC")
    assert state.results[0].scores == (0, 0, 9 + 10 + 5)


def test_rule_no_laying_off_by_default() -> None:
    state = rig(["7H 8H KD", "10H JK 5S"], stock="9H 6D")
    state = play(state, "draw", "out KD", "draw", "discard 6D")
    assert state.results[0].scores[1] == 10 + 50 + 5


def test_rule_option_lay_off_counts_cards_added_to_table_melds() -> None:
    rules = fc.Rules(lay_off=True)
    state = rig(["7H 8H KD", "10H JK 5S"], rules=rules, stock="9H 6D")
    state = play(state, "draw", "out KD", "draw", "discard 6D")
    # 10H extends 7H-9H, and a wild can always be laid off: only 5S is left.
    assert state.results[0].scores[1] == 5


def test_rule_option_lay_off_explicit_actions() -> None:
    rules = fc.Rules(lay_off=True, auto_arrange_final_hand=False)
    state = rig(["7H 8H KD", "10H JH 5S", "10S 4C 6D"], rules=rules, stock="9H 6D 7S")
    state = play(state, "draw", "out KD", "draw", "select 10H", "select JH")
    assert state.is_legal("layoff 0")
    assert not state.is_legal("layoff 1")
    with pytest.raises(fc.IllegalActionError, match="no table meld 1"):
        state.apply("layoff 1")
    state = play(state, "layoff 0", "discard 6D")
    assert str(state.table[0].meld) == "7H 8H 9H 10H JH"
    assert state.table[0].owner == 0
    state = play(state, "draw", "discard 7S")
    assert state.results[0].scores == (0, 5, 10 + 4 + 6)


def test_rule_empty_stock_reshuffles_the_discard_pile_but_its_top_card() -> None:
    # Both players draw from the stock and throw the card drawn, until the stock runs out.
    state = fc.GameState.new(2, seed=4)
    while True:
        player, held = state.current_player, Counter(state.hand(state.current_player))
        state = state.apply("draw")
        (drawn,) = (Counter(state.hand(player)) - held).elements()
        pile = state.discard_pile
        state = state.apply(f"discard {drawn}")
        if state.reshuffles:
            break
        assert state.stock
    assert state.reshuffles == 1
    assert state.discard_pile == (drawn,)
    assert Counter(state.stock) == Counter(pile)
    assert state.phase is fc.Phase.DRAW
    assert state.current_player == 1 - player


def test_rule_empty_stock_with_nothing_to_reshuffle_ends_the_round() -> None:
    # One pack, seven players of 8 cards: the stock and the pile hold one card each.
    rules = fc.Rules(
        packs=1,
        schedule=(8,),
        wild_ranks=(None,),
        seat_to_capacity=True,
        go_out_without_discard=True,
    )
    out_hand = "3* 4* 5* 6* 7* 8* 9* 10*"
    rest = [c for c in fc.deck(1) if str(c) not in (*out_hand.split(), "J*", "10S")]
    others = [" ".join(str(c) for c in rest[8 * i : 8 * i + 8]) for i in range(6)]
    state = rig([out_hand, *others], rules=rules, stock="J*", pile="10S")
    assert len(state.stock) == 1
    state = play(state, "draw", "out!")
    # Player 1 would draw, but the stock is empty and the pile holds only its top card.
    assert state.is_over
    assert state.results[0].ended == "stock"
    assert state.results[0].scores[1] == fc.min_deadwood(state.hand(1), None, rules=rules)


def test_rule_deal_passes_one_seat_left_each_round() -> None:
    state = finish(fc.GameState.new(3, rules=fc.Rules.short_game(5, turn_limit=2), seed=4))
    assert [r.dealer for r in state.results] == [2, 0, 1, 2, 0]


# -- Scoring ---------------------------------------------------------------------------------


def test_rule_cards_score_face_value_wild_rank_twenty_joker_fifty() -> None:
    rules = fc.Rules(schedule=(3,), turn_limit=1)
    state = play(rig(["4S 5S 7D", "KD JK 4S", "3S JD 5H"], rules=rules, stock="9C"), "draw")
    state = state.apply("discard 9C")
    assert state.results[0].scores == (16, 13 + 50 + 4, 20 + 11 + 5)
    rules = fc.Rules(schedule=(3,), wild_ranks=(13,), turn_limit=1)
    state = play(rig(["4S 5S 7D", "KD 5S 9H"], rules=rules, stock="9C"), "draw", "discard 9C")
    assert state.results[0].scores[1] == 20 + 5 + 9  # a K in a kings-wild round costs 20


def test_rule_whoever_goes_out_scores_zero() -> None:
    state = rig(["7H 8H KD", "4S 4D KC"], stock="9H 4C")
    state = play(state, "draw", "out KD", "draw", "discard KC")
    assert state.results[0].scores == (0, 0)
    assert state.scores == (0, 0)


def test_rule_option_go_out_bonus_never_takes_a_total_below_zero() -> None:
    # "No score is ever negative": by default the bonus takes a total down to zero at most.
    rules = fc.Rules(go_out_bonus=-10, schedule=(3, 3))
    state = rig(["7H 8H KD", "4S 5D KC"], rules=rules, stock="9H 4C")
    state = play(state, "draw", "out KD", "draw", "discard KC")
    assert state.results[0].scores == (0, 13)
    assert state.scores == (0, 13)
    assert [rules.go_out_score(total) for total in (25, 4, 0)] == [-10, -4, 0]


def test_rule_option_go_out_bonus_below_zero_counts_the_bonus_in_full() -> None:
    rules = fc.Rules(go_out_bonus=-10, go_out_bonus_below_zero=True)
    state = rig(["7H 8H KD", "4S 5D KC"], rules=rules, stock="9H 4C")
    state = play(state, "draw", "out KD", "draw", "discard KC")
    assert state.results[0].scores == (-10, 13)
    assert state.scores == (-10, 13)  # totals may go below zero


def test_rule_scores_accumulate_and_the_lowest_total_wins() -> None:
    state = finish(fc.GameState.new(4, rules=fc.Rules.short_game(5), seed=9), seed=9)
    totals = tuple(sum(r.scores[p] or 0 for r in state.results) for p in range(4))
    assert state.scores == totals
    assert state.winners == tuple(p for p in range(4) if totals[p] == min(totals))
    assert state.returns == tuple(-float(t) for t in totals)


def _tie(rules: fc.Rules, players: int = 2) -> fc.GameState:
    hands = ["7H 8H KD", "4S 4D 5C", "9S 10C QC"][:players]
    state = rig(hands, rules=rules, stock="9H 4C 3*")
    state = play(state, "draw", "out KD", "draw", "discard 5C")
    if players == 3:
        state = play(state, "draw", "discard QC")
    return state


def test_rule_tie_is_a_shared_win_by_default() -> None:
    state = _tie(fc.Rules(schedule=(3,)))
    assert state.is_over
    assert state.scores == (0, 0)
    assert state.winners == (0, 1)


def test_rule_tie_break_most_rounds_out() -> None:
    state = _tie(fc.Rules(schedule=(3,), tie_break="most_rounds_out"))
    assert state.is_over
    assert state.scores == (0, 0)
    assert state.winners == (0,)


def test_rule_tie_break_extra_round_among_the_tied_players() -> None:
    rules = fc.Rules(schedule=(3,), tie_break="extra_round", extra_round_hand_size=5)
    state = _tie(rules, players=3)
    assert not state.is_over
    assert state.extra_round == 1
    assert state.round_number == 2
    assert state.active == (0, 1)
    assert state.hand(2) == ()
    assert state.hand_size == 5
    assert state.wild_rank == 5
    assert len(state.hand(0)) == len(state.hand(1)) == 5
    assert state.dealer == 0  # the deal passed left from seat 2
    state = finish(state, seed=3)
    extra = [r for r in state.results if r.extra_round]
    assert extra
    assert all(r.scores[2] is None for r in extra)
    assert state.scores == (0, 0, 9 + 10 + 20)  # tie-break rounds do not count in totals
    assert len(state.winners) == 1
    last = extra[-1].scores
    assert last[state.winners[0]] == min(s for s in last if s is not None)


# -- Players ---------------------------------------------------------------------------------


def test_rule_two_to_seven_players_with_the_official_deck() -> None:
    # RULES.md, Players: two to seven play the main game (one player is Solitaire). The
    # official deck could deal 8 hands of 13 (8 x 13 + a discard + a stock fit in 116
    # cards), but an eighth seat is refused unless Rules(seat_to_capacity=True) asks for it.
    assert fc.OFFICIAL.max_players == 7
    for players in range(2, 8):
        assert fc.GameState.new(players, seed=1).players == players
    with pytest.raises(fc.InvalidStateError, match="Solitaire"):
        fc.GameState.new(1)
    with pytest.raises(
        fc.InvalidStateError, match=r"from 2 to 7 \(the official limit; .*seats 8.*got 8"
    ):
        fc.GameState.new(8)
    capacity = fc.Rules(seat_to_capacity=True)
    assert capacity.max_players == capacity.deal_capacity == 8
    assert fc.GameState.new(8, rules=capacity, seed=1).players == 8
    with pytest.raises(fc.InvalidStateError, match=r"from 2 to 8 .*got 9"):
        fc.GameState.new(9, rules=capacity)


def test_rule_more_packs_let_more_people_play() -> None:
    rules = fc.Rules(packs=3)
    assert fc.GameState.new(13, rules=rules, seed=1).players == 13
    with pytest.raises(fc.InvalidStateError, match="from 2 to 13"):
        fc.GameState.new(14, rules=rules)
    one = fc.Rules(packs=1)
    with pytest.raises(fc.InvalidStateError, match=r"cannot deal|from 2 to 4"):
        fc.GameState.new(5, rules=one)


def test_turn_limit_is_a_safeguard_that_scores_every_hand() -> None:
    rules = fc.Rules(schedule=(3,), turn_limit=2)
    state = rig(["4S 5S 7D", "KD JK 4S"], rules=rules, stock="9C 10C")
    state = play(state, "draw", "discard 9C")
    assert not state.is_over
    state = play(state, "draw", "discard 10C")
    assert state.is_over
    assert state.results[0].ended == "turn_limit"
    assert state.results[0].scores == (16, 67)
    assert state.results[0].went_out is None


#: House rules under which two greedy bots pass the same cards back and forth for ever (no
#: wild may meld, and wilds cost nothing): found by the hardening issue's search.
ENDLESS = fc.Rules(
    schedule=(5,),
    wild_ranks=(13,),
    max_wilds_per_meld=0,
    wild_points=0,
    tie_break="most_rounds_out",
)


def test_without_a_turn_limit_a_round_still_ends_after_max_round_turns() -> None:
    """No game runs for ever: a round with nobody out ends after ``MAX_ROUND_TURNS`` turns,
    every hand scored, as with a ``turn_limit`` (it hung tournaments and ``simulate``)."""
    from fivecrowns.bots import GreedyBot
    from fivecrowns.rules import MAX_ROUND_TURNS

    assert ENDLESS.turn_limit is None
    assert ENDLESS.round_turn_limit == MAX_ROUND_TURNS == 10_000
    result = fc.play_game([GreedyBot(), GreedyBot()], rules=ENDLESS, seed=18764795458828688)
    assert result.rounds[0].ended == "turn_limit"
    assert result.rounds[0].went_out is None
    assert len(result.record.actions) == 2 * MAX_ROUND_TURNS
    assert fc.GameState.from_json(result.replay().to_json()).is_over
    with pytest.raises(fc.InvalidRulesError, match="turn_limit must be None"):
        fc.Rules(turn_limit=MAX_ROUND_TURNS + 1)
    assert fc.Rules(turn_limit=MAX_ROUND_TURNS).round_turn_limit == MAX_ROUND_TURNS


def test_rule_tie_break_extra_round_of_some_players_ends_in_a_loadable_state() -> None:
    """A game decided by a tie-break round dealt to only some of the players must still
    save and load (a regression: the loader compared the finished round with its own
    result)."""
    rules = fc.Rules.short_game(2, tie_break="extra_round", extra_round_hand_size=3, turn_limit=4)
    rng = random.Random(96)
    state = fc.GameState.new(4, rules=rules, seed=96)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.extra_round > 0
    assert len(state.active) < 4
    assert fc.GameState.from_json(state.to_json()) == state


def test_rule_option_lay_off_of_the_card_a_wild_stands_for_moves_the_wild() -> None:
    """Laying off the natural a wild on the table stands for is allowed: the natural takes
    its place and the wild moves to a free end (``7H JK=8H 9H`` + ``8H`` -> ``JK=10H``). The
    wild stays in the meld; nobody takes it back into a hand."""
    for auto in (False, True):
        rules = fc.Rules(lay_off=True, auto_arrange_final_hand=auto)
        state = rig(["7H JK KD", "8H 5S 4C"], rules=rules, stock="9H 6D")
        state = play(state, "draw", "out KD")
        assert str(state.table[0].meld) == "7H JK=8H 9H"
        if auto:
            state = play(state, "draw", "discard 6D")
            meld = state.results[0].layouts[0].melds[0]
        else:
            state = play(state, "draw", "select 8H", "layoff 0")
            meld = state.table[0].meld
            assert state.table[0].owner == 0
            state = play(state, "discard 6D")
        assert str(meld) == "7H 8H 9H JK=10H"
        assert meld.wilds == ((fc.JOKER, fc.Card.parse("10H")),)
        assert state.results[0].layouts[1].laid_off == (fc.Card.parse("8H"),)
        assert state.results[0].scores == (0, 4 + 5)
