"""The expert bot: it plays only legal moves under every rule option, is deterministic for a
seed, decides from its view alone, and its search changes StrongBot's choices."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import pytest

import fivecrowns as fc
from fivecrowns.bots import StrongBot, expert, make_bot
from fivecrowns.bots.expert import ExpertBot
from fivecrowns.bots.rollout import rollouts, sample_state
from fivecrowns.play.simulate import play_game

SHORT = fc.Rules.short_game(3)
VARIANTS = {
    "official-short": SHORT,
    "lay-off": attrs.evolve(SHORT, lay_off=True),
    "by-hand": attrs.evolve(SHORT, auto_arrange_final_hand=False),
    "no-discard-out": attrs.evolve(SHORT, go_out_without_discard=True),
    "no-take-back": attrs.evolve(SHORT, may_discard_taken_discard=False),
    "house": fc.Rules.short_game(3, max_wilds_per_meld="naturals", distinct_suit_books=True),
    "extra-round": fc.Rules(schedule=(3, 4), tie_break="extra_round"),
}


class Watched:
    """An expert that fails the test on an illegal answer and counts the decisions where it
    departed from what StrongBot would have done."""

    def __init__(self, bot: ExpertBot) -> None:
        self.bot, self.strong = bot, StrongBot()
        self.name = bot.name
        self.departures = self.calls = 0

    def reset(self, seed: int) -> None:
        self.bot.reset(seed)
        self.strong.reset(seed)

    def act(self, view: fc.PlayerView, legal: Sequence[fc.Action]) -> fc.Action:
        action = self.bot.act(view, legal)
        assert action in legal, (view.to_dict(), action, legal)
        self.calls += 1
        self.departures += action != self.strong.act(view, legal)
        return action


def test_the_expert_is_a_built_in_bot() -> None:
    bot = make_bot("expert")
    assert isinstance(bot, ExpertBot)
    assert isinstance(bot, fc.Bot)
    assert bot.name == "expert"
    assert (bot.rollouts, bot.card_budget, bot.improve) == (1024, 8192, True)
    assert fc.ExpertBot is ExpertBot


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("players", [2, 4])
def test_the_expert_plays_legal_moves(variant: str, players: int) -> None:
    rules = VARIANTS[variant]
    bots = [
        Watched(ExpertBot(rollouts=12)) if seat % 2 == 0 else StrongBot() for seat in range(players)
    ]
    result = play_game(bots, rules=rules, seed=players)  # type: ignore[arg-type]
    assert result.replay().is_over
    assert all(bot.calls for bot in bots if isinstance(bot, Watched))


def test_the_search_departs_from_strong_bot() -> None:
    experts = [Watched(ExpertBot(rollouts=64)) for _ in range(2)]
    play_game([experts[0], StrongBot(), experts[1], StrongBot()], rules=SHORT, seed=3)  # type: ignore[list-item]
    assert sum(bot.departures for bot in experts) > 0


@pytest.mark.parametrize("variant", ["lay-off", "by-hand"])
def test_the_expert_searches_where_players_lay_cards_down_or_off(variant: str) -> None:
    experts = [Watched(ExpertBot(rollouts=64)) for _ in range(2)]
    play_game([experts[0], StrongBot(), experts[1]], rules=VARIANTS[variant], seed=3)  # type: ignore[list-item]
    assert sum(bot.departures for bot in experts) > 0


def test_the_expert_is_deterministic_for_its_seed() -> None:
    def game() -> fc.GameRecord:
        return play_game([ExpertBot(rollouts=24), StrongBot()], rules=SHORT, seed=5).record

    assert game() == game()
    view = fc.GameState.new(2, rules=SHORT, seed=6).view(0)
    legal = fc.GameState.new(2, rules=SHORT, seed=6).legal_actions()
    first, again = ExpertBot(rollouts=24), ExpertBot(rollouts=24)
    first.reset(3)
    again.reset(3)
    assert [first.act(view, legal) for _ in range(3)] == [again.act(view, legal)] * 3


def test_the_expert_decides_from_its_view_alone() -> None:
    state = fc.GameState.new(3, rules=SHORT, seed=4).apply("draw").apply("discard 10S")
    seat = state.current
    # two complete states that player `seat` cannot tell apart (other hands, stock order)
    first, second = sample_state(state.view(seat), 1), sample_state(state.view(seat), 2)
    assert first != second
    assert first.view(seat) == second.view(seat)
    choices = []
    for sampled in (first, second, state):
        bot = ExpertBot(rollouts=64)
        bot.reset(7)
        choices.append(bot.act(sampled.view(seat), sampled.legal_actions()))
    assert choices[0] == choices[1] == choices[2]


def test_bad_settings_are_refused_with_what_is_accepted() -> None:
    with pytest.raises(fc.FiveCrownsError, match="rollouts must be an int from 1"):
        ExpertBot(rollouts=0)
    with pytest.raises(fc.FiveCrownsError, match="rollouts must be an int"):
        ExpertBot(rollouts=2.5)  # type: ignore[arg-type]
    with pytest.raises(fc.FiveCrownsError, match="candidates must be"):
        ExpertBot(candidates=1)
    with pytest.raises(fc.FiveCrownsError, match="policy must be a rollout bot"):
        ExpertBot(policy="expert")
    with pytest.raises(fc.FiveCrownsError, match="improve must be True or False, got 1"):
        ExpertBot(improve=1)  # type: ignore[arg-type]
    for bad in (-1, 10_001, 2.0, "8"):
        with pytest.raises(fc.FiveCrownsError, match="horizon must be None or an int from 0"):
            ExpertBot(horizon=bad)  # type: ignore[arg-type]
    for bad in (0, -5, 8.5, True, "8192", expert.MAX_CARD_BUDGET + 1):
        with pytest.raises(fc.FiveCrownsError, match="card_budget must be None or an int from 1"):
            ExpertBot(card_budget=bad)  # type: ignore[arg-type]


def test_a_big_hand_spends_fewer_rollouts_within_the_card_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each search plays ``rollouts`` split among its candidates, or, for a hand whose
    cards times ``rollouts`` exceed ``card_budget``, ``card_budget // cards`` (None: no
    cap): a rollout of a big hand costs more."""
    spent: list[tuple[int, int, int]] = []

    def spy(view: fc.PlayerView, *args: Any, **kwargs: Any) -> Any:
        spent.append((len(view.hand), len(kwargs["actions"]), kwargs["n"]))
        assert kwargs["n"] * len(kwargs["actions"]) <= max(bot.budget(view), len(kwargs["actions"]))
        return rollouts(view, *args, **kwargs)

    monkeypatch.setattr(expert, "rollouts", spy)
    rules = fc.Rules(schedule=(3, 9))
    for budget, cap in ((None, 64), (300, 64), (40, 64), (8192, 1024)):
        spent.clear()
        bot = ExpertBot(rollouts=cap, card_budget=budget)
        play_game([bot, StrongBot()], rules=rules, seed=3)
        assert {3, 4, 9, 10} <= {cards for cards, _, _ in spent}
        for cards, candidates, n in spent:
            most = cap if budget is None else min(cap, budget // cards)
            # split evenly among the candidates, as many as the budget allows
            assert n == max(1, most // candidates)


@pytest.mark.parametrize("improve", [True, False])
def test_the_expert_samples_improved_hands_unless_told_not_to(
    improve: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The expert's rollouts deal the other hands as played hands (``improve``, the
    default), or uniformly with ``improve=False``."""
    asked: list[object] = []

    def spy(*args: Any, **kwargs: Any) -> Any:
        asked.append(kwargs["improve"])
        return rollouts(*args, **kwargs)

    monkeypatch.setattr(expert, "rollouts", spy)
    bot = ExpertBot(rollouts=16) if improve else ExpertBot(rollouts=16, improve=False)
    play_game([bot, StrongBot()], rules=SHORT, seed=3)
    assert asked
    assert set(asked) == {improve}


@pytest.mark.parametrize("horizon", [None, 0, 8])
def test_the_expert_rolls_out_to_its_horizon(
    horizon: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each rollout of the expert's stops at its ``horizon`` (None: the round's end)."""
    asked: list[object] = []

    def spy(*args: Any, **kwargs: Any) -> Any:
        asked.append(kwargs["horizon"])
        return rollouts(*args, **kwargs)

    monkeypatch.setattr(expert, "rollouts", spy)
    play_game([ExpertBot(rollouts=16, horizon=horizon), StrongBot()], rules=SHORT, seed=3)
    assert asked
    assert set(asked) == {horizon}
