"""Each round result carries every player's final layout (melds, cards laid off, deadwood,
points), filled in by the engine when it scores the round, and saved with the state."""

from __future__ import annotations

import json
import random

import pytest

import fivecrowns as fc
from test_game_rules import finish, play, rig

_VARIANTS = [
    fc.Rules.short_game(3),
    fc.Rules.short_game(3, lay_off=True, go_out_bonus=-10),
    fc.Rules.short_game(3, lay_off=True, auto_arrange_final_hand=False),
    fc.Rules.short_game(3, auto_arrange_final_hand=False, go_out_without_discard=True),
    fc.Rules.short_game(2, lay_off=True, turn_limit=6),
]


def _dealt_in(result: fc.RoundResult) -> list[fc.FinalLayout]:
    """The layouts of a round every player was dealt in."""
    layouts = [layout for layout in result.layouts if layout is not None]
    assert len(layouts) == len(result.layouts)
    return layouts


def _texts(melds: tuple[fc.Meld, ...]) -> list[str]:
    return [str(meld) for meld in melds]


def test_round_result_layouts_match_scores() -> None:
    for number, rules in enumerate(_VARIANTS):
        for seed in range(4):
            state = finish(fc.GameState.new(3, rules=rules, seed=seed), seed)
            for result in state.results:
                assert len(result.layouts) == state.players
                for seat, layout in enumerate(_dealt_in(result)):
                    score = result.scores[seat]
                    assert score is not None, (number, seed)
                    if seat == result.went_out:  # the bonus, down to a total of zero at most
                        assert rules.go_out_bonus <= score <= 0
                        assert layout.points == 0
                    else:
                        assert score == layout.points
                    wild = result.wild_rank
                    assert layout.points == sum(rules.points(c, wild) for c in layout.deadwood)
                    if seat == result.went_out:
                        assert layout.deadwood == ()
                    if not rules.lay_off:
                        assert layout.laid_off == ()
                        cards = len(layout.deadwood) + sum(len(m.cards) for m in layout.melds)
                        assert cards in (result.hand_size, result.hand_size + 1)


def test_round_result_layouts_record_what_the_final_turns_did() -> None:
    rules = fc.Rules(lay_off=True, auto_arrange_final_hand=False)
    state = rig(["7H 8H KD", "10H JH 5S", "10S 4C 6D"], rules=rules, stock="9H 6D 7S")
    state = play(state, "draw", "out KD", "draw", "select 10H", "select JH", "layoff 0")
    state = play(state, "discard 6D", "draw", "discard 7S")
    (result,) = state.results
    out, laid, left = _dealt_in(result)
    # Player 0's meld as it stands at the end: with player 1's lay-off on it.
    assert (_texts(out.melds), out.laid_off, out.deadwood, out.points) == (
        ["7H 8H 9H 10H JH"],
        (),
        (),
        0,
    )
    assert (_texts(laid.melds), fc.format_cards(laid.laid_off)) == ([], "10H JH")
    assert (fc.format_cards(laid.deadwood), laid.points) == ("5S", 5)
    assert (_texts(left.melds), left.laid_off, fc.format_cards(left.deadwood)) == (
        [],
        (),
        "4C 10S 6D",
    )
    assert result.scores == (0, 5, 20)


def test_round_result_layouts_of_auto_arranged_final_hands() -> None:
    rules = fc.Rules(lay_off=True, go_out_bonus=-10, go_out_bonus_below_zero=True)
    state = rig(["7H 8H KD", "10H JK 5S"], rules=rules, stock="9H 6D")
    state = play(state, "draw", "out KD", "draw", "discard 6D")
    out, other = _dealt_in(state.results[0])
    assert (out.points, state.results[0].scores[0]) == (0, -10)
    assert fc.format_cards(other.laid_off) == "10H JK"  # both join 7H 8H 9H
    assert (fc.format_cards(other.deadwood), other.points) == ("5S", 5)


def test_round_result_layouts_when_nobody_went_out() -> None:
    rules = fc.Rules(turn_limit=2)
    state = rig(["7H 8H 9H", "4S 5D 6C"], rules=rules, stock="QC KC")
    state = play(state, "draw", "discard QC", "draw", "discard KC")
    assert state.results[0].ended == "turn_limit"
    first, second = _dealt_in(state.results[0])
    # Each hand is arranged for the least deadwood.
    assert (_texts(first.melds), first.deadwood, first.points) == (["7H 8H 9H"], (), 0)
    assert (second.melds, fc.format_cards(second.deadwood), second.points) == (
        (),
        "6C 4S 5D",
        15,
    )


def test_round_result_layouts_leave_seats_not_dealt_in_empty() -> None:
    rules = fc.Rules.short_game(2, tie_break="extra_round", extra_round_hand_size=3, turn_limit=4)
    for seed in range(200):
        state = finish(fc.GameState.new(3, rules=rules, seed=seed), 0)
        extra = [result for result in state.results if result.extra_round]
        if extra and None in extra[0].scores:
            break
    else:  # pragma: no cover
        pytest.fail("no tie-break round among some of the players")
    for result in extra:
        assert [layout is None for layout in result.layouts] == [
            score is None for score in result.scores
        ]


def test_round_result_layouts_survive_json() -> None:
    state = finish(fc.GameState.new(3, rules=_VARIANTS[2], seed=5), 5)
    loaded = fc.GameState.from_json(state.to_json())
    assert loaded == state
    assert loaded.results[-1].layouts == state.results[-1].layouts


def test_saves_without_layouts_still_load() -> None:
    rng = random.Random(3)
    state = fc.GameState.new(2, rules=fc.Rules.short_game(3, lay_off=True), seed=3)
    while len(state.results) < 2:
        state = state.apply(rng.choice(state.legal_actions()))
    data = state.to_dict()
    del data["laid_off"]
    for result in data["results"]:
        del result["layouts"]
    loaded = fc.GameState.from_json(json.dumps(data))
    assert [result.layouts for result in loaded.results] == [(), ()]
    assert [result.scores for result in loaded.results] == [r.scores for r in state.results]
    assert loaded.laid_off == ((), ())
    assert loaded.to_dict() == {**data, "laid_off": ["", ""]}  # written back, less nothing
    finished = finish(loaded, 1)  # and plays on, with layouts from then on
    assert all(len(result.layouts) == 2 for result in finished.results[2:])


def test_tampered_layouts_are_refused() -> None:
    state = finish(fc.GameState.new(2, rules=fc.Rules.short_game(2), seed=4), 4)
    data = state.to_dict()
    layout = data["results"][0]["layouts"][1]
    layout["points"] += 1
    with pytest.raises(fc.InvalidStateError, match="layout does not match the score"):
        fc.GameState.from_json(json.dumps(data))
    data["results"][0]["layouts"] = data["results"][0]["layouts"][:1]
    with pytest.raises(fc.InvalidStateError, match="layouts must hold 2"):
        fc.GameState.from_json(json.dumps(data))
