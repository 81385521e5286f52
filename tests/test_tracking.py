"""The bot writer's kit (fivecrowns.bots.tracking): what a view's public record tells a player,
checked against the hidden truth of the game state, and final layouts against the engine's
own scoring."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fivecrowns as fc
from fivecrowns.bots.tracking import (
    RoundTracker,
    deadwood_after_drawing,
    expected_stock_deadwood,
    final_layout,
    read_round,
)
from fivecrowns.cards import CARDS, without
from fivecrowns.game import _scoring
from fivecrowns.game.actions import Phase

SHORT = fc.Rules.short_game(6)


def _codes(cards: object) -> Counter[int]:
    return Counter(card.code for card in cards)  # type: ignore[attr-defined]


@pytest.mark.parametrize("rules", [SHORT, attrs.evolve(SHORT, packs=3), fc.Rules(schedule=(9, 11))])
@pytest.mark.parametrize("seed", range(3))
def test_unseen_cards_are_the_hidden_cards_less_what_others_are_known_to_hold(
    rules: fc.Rules, seed: int
) -> None:
    """Before anyone goes out, for every seat: the cards picked up and not thrown are in that
    seat's hand, and the unseen cards are exactly the stock and the other hands less those."""
    players = 3
    state = fc.GameState.new(players, rules=rules, seed=seed)
    bots = [fc.StrongBot(), fc.GreedyBot(), fc.RandomBot()]
    trackers = [RoundTracker() for _ in range(players)]
    for seat, bot in enumerate(bots):
        bot.reset(seat)
    checked = 0
    while not state.is_over:
        for player in state.active:
            know = trackers[player].read(state.view(player))
            if state.went_out is not None:
                continue
            for seat in state.active:
                assert not _codes(know.picked_up[seat]) - _codes(state.hands[seat])
            hidden = _codes(state.stock)
            for seat in state.active:
                if seat != player:
                    hidden += _codes(state.hands[seat])
                    hidden.subtract(_codes(know.picked_up[seat]))
            assert know.unseen_by_code == tuple(hidden[code] for code in range(56))
            assert know.unseen_total == sum(hidden.values())
            assert know.unseen == {fc.Card.from_code(c): n for c, n in sorted(hidden.items()) if n}
            wilds = sum(
                n for c, n in hidden.items() if fc.Card.from_code(c).is_wild(state.wild_rank)
            )
            assert know.unseen_wilds == wilds
            checked += 1
        seat = state.current
        state = state.apply(bots[seat].act(state.view(seat), state.legal_actions()))
    assert checked > 50


def test_turns_takes_and_throws_follow_the_history() -> None:
    state = fc.GameState.new(2, rules=fc.Rules(schedule=(9,)), seed=3)
    bot = fc.GreedyBot()
    for _ in range(8):
        state = state.apply(bot.act(state.view(state.current), state.legal_actions()))
    view = state.view(0)
    know = read_round(view)
    for seat in range(2):
        actions = [action for player, action in view.history if player == seat]
        draws = [
            a for a in actions if a.kind in (fc.ActionKind.DRAW_STOCK, fc.ActionKind.DRAW_DISCARD)
        ]
        assert know.turns[seat] == len(draws)
        assert know.takes[seat] == sum(a.kind is fc.ActionKind.DRAW_DISCARD for a in draws)
        thrown = [
            a.card for a in actions if a.kind in (fc.ActionKind.DISCARD, fc.ActionKind.GO_OUT)
        ]
        assert know.thrown[seat] == tuple(thrown)


def test_the_tracker_remembers_the_upcard_it_saw() -> None:
    """A take of the round's first upcard names the card, once the turn is over, only for a
    player who saw the round begin (during the turn the view's ``taken`` shows it to all);
    the take is counted either way."""
    for seed in range(40):
        state = fc.GameState.new(2, seed=seed)
        first, second = state.current, 1 - state.current
        watcher = RoundTracker()
        watcher.read(state.view(second))  # sees the upcard before anyone acts
        upcard = state.discard_pile[-1]
        if fc.DRAW_DISCARD in state.legal_actions():
            state = state.apply("take")
            assert RoundTracker().read(state.view(second)).picked_up[first] == (upcard,)
            keep = next(card for card in state.hands[first] if card != upcard)
            state = state.apply(fc.Action.discard(keep))
            taken = watcher.read(state.view(second))
            late = RoundTracker().read(state.view(second))
            assert taken.picked_up[first] == (upcard,)
            assert late.picked_up[first] == ()
            assert taken.takes == late.takes
            assert taken.takes[first] == 1
            assert taken.unseen_by_code[upcard.code] == late.unseen_by_code[upcard.code] - 1
            watcher.reset()
            assert watcher.upcard(state.view(second)) is None
            return
    pytest.fail("no deal let the first player take the upcard")  # pragma: no cover


@pytest.mark.parametrize(
    "rules",
    [fc.Rules.short_game(5, lay_off=True), fc.Rules.short_game(5)],
    ids=["lay-off", "plain"],
)
def test_final_layout_is_what_the_engine_scores(rules: fc.Rules) -> None:
    """In every final turn, the layout of the hand after the discard played scores what the
    engine scores that hand."""
    finals = lay_offs = 0
    for seed in range(4):
        state = fc.GameState.new(3, rules=rules, seed=seed)
        bots = [fc.GreedyBot(), fc.StrongBot(), fc.GreedyBot()]
        while not state.is_over:
            seat = state.current
            view = state.view(seat)
            action = bots[seat].act(view, state.legal_actions())
            after = state.apply(action)
            if state.went_out is not None and action.kind is fc.ActionKind.DISCARD:
                layout = final_layout(view, action.card)
                ended = len(after.results) > len(state.results)
                score = after.results[-1].scores[seat] if ended else after.round_scores[seat]
                assert layout.points == score
                finals += 1
                lay_offs += bool(layout.lay_offs)
            state = after
    assert finals
    assert lay_offs or not rules.lay_off


def test_a_card_taken_then_laid_down_is_no_longer_known_to_be_held() -> None:
    # seat 0 takes the 8D, then goes out with it in a meld on the table
    rng = random.Random(7180)
    rules = fc.Rules.short_game(rng.randint(1, 4), packs=rng.choice([1, 2, 3]))
    players = rng.randint(2, 4)
    state = fc.GameState.new(players, rules=rules, seed=7180)
    play = random.Random(7180)
    while state.went_out is None:
        state = state.apply(play.choice(state.legal_actions()))
    view = state.view(1)
    know = read_round(view)
    laid = [card for placed in view.table if placed.owner == 0 for card in placed.meld.cards]
    assert fc.Card.parse("8D") in laid
    assert know.picked_up[0] == ()  # it holds nothing: it went out
    known = sum(len(cards) for seat, cards in enumerate(know.picked_up) if seat != 1)
    hidden = sum(view.hand_sizes) - len(view.hand) + view.stock_size
    assert sum(know.unseen_by_code) + known == hidden  # every card in one place


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.booleans())
def test_a_stock_draw_is_worth_the_mean_over_the_unseen_cards(seed: int, final: bool) -> None:
    """``expected_stock_deadwood`` is the mean, over every unseen card, of the least deadwood
    the hand ends its turn with after drawing that card (counted by brute force here)."""
    rules = fc.Rules(schedule=(6,), lay_off=final)
    state = fc.GameState.new(3, rules=rules, seed=seed)
    rng = random.Random(seed)
    while state.phase is not Phase.DRAW or (final and state.went_out is None):
        if state.is_over:
            return
        state = state.apply(rng.choice(state.legal_actions()))
    view = state.view(state.current)
    know = read_round(view)
    drawn = [CARDS[code] for code, n in enumerate(know.unseen_by_code) for _ in range(n)]
    outcomes = [_after_drawing(view, card) for card in drawn]
    assert expected_stock_deadwood(view, know) == pytest.approx(sum(outcomes) / len(outcomes))
    assert deadwood_after_drawing(view, drawn[0]) == outcomes[0]


def _after_drawing(view: fc.PlayerView, card: fc.Card) -> int:
    """The least deadwood the view's hand ends its turn with after drawing ``card``, every
    discard tried (in a final turn under ``lay_off``, laying off as the engine does)."""
    hand = (*view.hand, card)
    if view.rules.lay_off and view.went_out is not None:
        return min(final_layout(attrs.evolve(view, hand=hand), c).points for c in set(hand))
    return min(fc.min_deadwood(without(hand, (c,)), view.wild_rank, rules=view.rules) for c in hand)


def test_a_card_no_meld_of_the_hand_holds_but_the_table_takes_is_priced_laying_off() -> None:
    """``expected_stock_deadwood`` prices a card that no meld of the hand can hold once for all
    such cards, unless a table meld could take it: final turns under ``lay_off`` where some
    unseen card is such, against every draw priced by brute force."""
    rules = fc.Rules(schedule=(5,), lay_off=True)
    met = 0
    for seed in range(400):
        state = fc.GameState.new(3, rules=rules, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and (state.phase is not Phase.DRAW or state.went_out is None):
            state = state.apply(rng.choice(state.legal_actions()))
        if state.is_over or not state.table:
            continue
        view = state.view(state.current)
        know = read_round(view)
        drawn = [CARDS[code] for code, n in enumerate(know.unseen_by_code) for _ in range(n)]
        table = [placed.meld for placed in view.table]
        joining = [
            card
            for card in drawn
            if not card.is_wild(view.wild_rank)
            and all(
                c.is_wild(view.wild_rank) or (c.rank != card.rank and c.suit != card.suit)
                for c in view.hand
            )
            and sum(c.is_wild(view.wild_rank) for c in view.hand) <= 1
            and any(_scoring.could_join(card, meld) for meld in table)
        ]
        if not joining:
            continue
        outcomes = [_after_drawing(view, card) for card in drawn]
        assert expected_stock_deadwood(view, know) == pytest.approx(sum(outcomes) / len(outcomes))
        met += 1
        if met == 12:
            break
    assert met == 12, met
