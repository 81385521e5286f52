"""Hardening of saved games and JSON loaders (issue 17): a save loaded without ``verify`` keeps
every invariant a played game keeps, and every loader bounds what it parses (size, nesting,
integer digits, repeated keys) and refuses the rest with short :class:`InvalidStateError`
messages.

The tamper tests take real saves (seeded games of the built-in bots, stopped in ordinary
turns, final laps, tie-break rounds, after reshuffles and once over) and change one field at
a time: each changed save is refused with :class:`InvalidStateError`, or loads to a state
whose shape (everything but which cards are where) is the one the game reached, so only a
replay (``verify=True``) could tell the difference, and play from it goes on keeping every
invariant.
"""

from __future__ import annotations

import functools
import json
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import fivecrowns as fc
from fivecrowns.bots import make_bot
from fivecrowns.game import _json as _game_json
from fivecrowns.game.solitaire import SolitaireState

# -- real saves ----------------------------------------------------------------------------


def _play(
    players: int,
    rules: fc.Rules,
    seed: int,
    bot: str = "greedy",
    stop: Callable[[fc.GameState], bool] | None = None,
) -> list[fc.GameState]:
    """Every state of a seeded game of built-in bots (until ``stop`` holds, if given)."""
    bots = [make_bot(bot) for _ in range(players)]
    for seat, each in enumerate(bots):
        each.reset(seed * 7 + seat)
    state = fc.GameState.new(players, rules=rules, seed=seed)
    states = [state]
    while not state.is_over and not (stop and stop(state)):
        state = state.apply(
            bots[state.current].act(state.view(state.current), state.legal_actions())
        )
        states.append(state)
    return states


#: A game with a tie-break round: after two rounds players 0 and 1 tie on 26.
TIE_RULES = fc.Rules.short_game(2, tie_break="extra_round", extra_round_hand_size=3)
TIE_SEED = 39


@functools.cache
def _tie_game() -> tuple[fc.GameState, ...]:
    states = _play(3, TIE_RULES, TIE_SEED)
    assert states[-1].results[-1].extra_round == 1
    assert states[-1].winners == (0,)
    return tuple(states)


@functools.cache
def _saves() -> tuple[fc.GameState, ...]:
    """States of several games at telling points."""
    picked: list[fc.GameState] = []

    def pick(states: list[fc.GameState] | tuple[fc.GameState, ...]) -> None:
        finals = [s for s in states if s.went_out is not None]
        tie = [s for s in states if s.extra_round]
        shuffled = [s for s in states if s.reshuffles]
        chosen = [states[1], states[len(states) // 2], states[-1]]
        for group in (finals, tie, shuffled):
            if group:
                chosen += [group[0], group[len(group) // 2], group[-1]]
        picked.extend(dict.fromkeys(chosen))

    pick(_play(3, fc.Rules.short_game(3), 1))
    pick(_tie_game())
    pick(_play(3, fc.Rules.short_game(2, auto_arrange_final_hand=False, lay_off=True), 5, "random"))
    pick(_play(7, fc.Rules(packs=1, schedule=(8, 8)), 3, "random"))  # reshuffles
    # Rounds that end with an empty stock and nothing to reshuffle.
    stock = fc.Rules(packs=1, schedule=(8, 8), go_out_without_discard=True)
    pick(_play(7, stock, 9, "random"))
    pick(_play(2, fc.Rules.short_game(2, go_out_without_discard=True, lay_off=True), 2))
    pick(_play(3, fc.Rules.short_game(2, turn_limit=5), 4, "random"))
    return tuple(picked)


@functools.cache
def _random_game() -> fc.GameState:
    """The end of a long game: two random bots."""
    return _play(2, fc.Rules(), 0, "random")[-1]


def _load(data: dict[str, Any], *, verify: bool = False) -> fc.GameState:
    return fc.GameState.from_json(json.dumps(data), verify=verify)


def _in_round(
    states: list[fc.GameState] | tuple[fc.GameState, ...], test: Callable[[fc.GameState], bool]
) -> fc.GameState:
    return next(state for state in states if not state.is_over and test(state))


# -- the failures the testers found ---------------------------------------------------------


def test_load_refuses_turn_given_to_wrong_seat_in_draw_phase() -> None:
    states = _play(3, fc.Rules(), 1, stop=lambda s: s.round_number == 9)
    state = _in_round(states, lambda s: s.round_number > 1 and s.turns == 4 and s.went_out is None)
    assert state.phase is fc.Phase.DRAW
    for seat in (1, 2):
        data = state.to_dict()
        data["current"] = (state.current + seat) % 3
        with pytest.raises(fc.InvalidStateError, match="current is"):
            _load(data)


def test_load_refuses_final_turn_player_in_discard_phase_without_drawing() -> None:
    states = _play(3, fc.Rules(), 1, stop=lambda s: s.round_number == 3)
    state = _in_round(states, lambda s: s.went_out is not None and s.phase is fc.Phase.DRAW)
    data = state.to_dict()
    data["phase"] = "discard"
    with pytest.raises(fc.InvalidStateError, match=r"hands: player 2 holds 3 cards, not 4"):
        _load(data)


def test_load_refuses_game_over_after_round_3_of_11() -> None:
    over = _play(3, fc.Rules.short_game(3), 1)[-1]
    data = over.to_dict()
    data["rules"] = fc.Rules().to_dict()  # the same three rounds, of an 11-round game
    with pytest.raises(fc.InvalidStateError, match="over after round 3 of 11"):
        _load(data)


def test_load_refuses_round_scores_of_10_to_the_300() -> None:
    over = _play(2, fc.Rules.short_game(2), 2)[-1]
    data = over.to_dict()
    for result in data["results"]:
        del result["layouts"]  # a save written before layouts were recorded
    data["results"][0]["scores"][1] = 10**300
    with pytest.raises(fc.InvalidStateError, match="more than 3 cards can cost") as error:
        _load(data)
    assert len(str(error.value)) < 200


def test_load_refuses_turn_counter_that_disagrees_with_the_history() -> None:
    states = _play(3, fc.Rules(), 1, stop=lambda s: s.round_number == 9)
    state = _in_round(states, lambda s: s.round_number > 1 and s.turns == 5)
    for turns in (2, 3, 8):  # 2 and 8 give the same seat the turn
        data = state.to_dict()
        data["turns"] = turns
        with pytest.raises(fc.InvalidStateError, match="turns is"):
            _load(data)


def test_load_refuses_tie_break_score_for_a_seat_not_dealt_in() -> None:
    over = _tie_game()[-1]
    data = over.to_dict()
    assert data["round_scores"] == [0, 26, None]
    data["round_scores"][2] = -5
    data["results"][-1]["scores"][2] = -5
    data["results"][-1]["layouts"][2] = {"melds": [], "laid_off": "", "deadwood": "", "points": 0}
    with pytest.raises(fc.InvalidStateError, match="gives player 2 an impossible score -5"):
        _load(data)
    data["round_scores"][2] = data["results"][-1]["scores"][2] = 0  # a score of 0, not dealt in
    with pytest.raises(fc.InvalidStateError, match=r"scores players \[0, 1, 2\], but the tie"):
        _load(data)
    # In a tie-break round in progress, a seat not dealt in has no round score.
    playing = _in_round(_tie_game(), lambda s: s.extra_round == 1 and s.went_out is not None)
    data = playing.to_dict()
    data["round_scores"][2] = -5
    with pytest.raises(fc.InvalidStateError, match="round_scores: player 2 is scored"):
        _load(data)


def test_load_refuses_table_melds_out_of_the_order_laid_down() -> None:
    states = _play(4, fc.Rules.short_game(6), 1)
    for state in states:
        owners = [placed.owner for placed in state.table]
        if not state.is_over and len(set(owners)) > 1:
            data = state.to_dict()
            data["table"].reverse()
            with pytest.raises(fc.InvalidStateError, match="table"):
                _load(data)
            return
    raise AssertionError("no round with melds of two players")  # pragma: no cover


def test_load_refuses_laid_off_cards_of_a_player_yet_to_take_a_final_turn() -> None:
    states = _play(3, fc.Rules.short_game(3, lay_off=True), 1)
    state = _in_round(states, lambda s: s.went_out is not None and s.phase is fc.Phase.DRAW)
    data = state.to_dict()
    data["laid_off"][state.current] = str(state.table[0].meld.cards[0])
    with pytest.raises(fc.InvalidStateError, match="laid_off: player"):
        _load(data)


def test_load_refuses_past_actions_that_do_not_finish_the_rounds_played() -> None:
    state = _in_round(_play(3, fc.Rules.short_game(3), 1), lambda s: s.round_number == 3)
    for cut in (state.past_actions[:-2], state.past_actions[2:], (*state.past_actions, 0, 2)):
        data = state.to_dict()
        data["past_actions"] = list(cut)
        with pytest.raises(fc.InvalidStateError, match=r"past_actions|results"):
            _load(data)


def test_load_refuses_a_100_mb_save_before_parsing_it() -> None:
    text = '{"schema": "' + "x" * (100 << 20) + '"}'
    start = time.perf_counter()
    with pytest.raises(fc.InvalidStateError, match="at most") as error:
        fc.GameState.from_json(text)
    assert time.perf_counter() - start < 0.1
    assert len(str(error.value)) < 200
    with pytest.raises(fc.InvalidStateError, match="at most"):
        fc.GameRecord.from_json(text.encode())


def test_record_from_json_refuses_deep_nesting_without_recursion_error() -> None:
    for text in ("[" * 100_000 + "]" * 100_000, '{"a": ' * 50_000 + "1" + "}" * 50_000):
        with pytest.raises(fc.InvalidStateError, match="nested"):
            fc.GameRecord.from_json(text)
        with pytest.raises(fc.InvalidStateError, match="nested"):
            fc.GameState.from_json(text)
    # Brackets in strings do not count, nor hide nesting.
    hidden = '["' + "]" * 1000 + '", ' + "[" * 5000 + "]" * 5000 + "]"
    with pytest.raises(fc.InvalidStateError, match="nested"):
        fc.GameRecord.from_json(hidden)


def test_record_from_json_refuses_a_5000_digit_integer() -> None:
    data = fc.GameState.new(2, seed=1).record().to_dict()
    text = json.dumps(data).replace('"seed": 1', '"seed": 1' + "0" * 5000)
    with pytest.raises(fc.InvalidStateError, match="digits") as error:
        fc.GameRecord.from_json(text)
    assert len(str(error.value)) < 200
    # A seed of the interpreter's digit limit still saves and loads.
    big = fc.GameRecord(2, fc.Rules(), 10**4299, 1, ())
    assert fc.GameRecord.from_json(big.to_json()) == big


def test_record_of_a_million_actions_is_refused_at_once() -> None:
    data = fc.GameState.new(2, seed=1).record().to_dict()
    data["actions"] = ["draw"] * 1_000_000
    start = time.perf_counter()
    with pytest.raises(fc.InvalidStateError, match="at most"):
        fc.GameRecord.from_dict(data)
    with pytest.raises(fc.InvalidStateError, match="at most"):
        fc.GameRecord.from_json(json.dumps(data))
    assert time.perf_counter() - start < 1.0


def test_record_from_dict_none_raises_invalid_state_error() -> None:
    for data in (None, [], "record", 7):
        with pytest.raises(fc.InvalidStateError, match="JSON object"):
            fc.GameRecord.from_dict(data)  # type: ignore[arg-type]


def test_duplicate_json_keys_are_refused() -> None:
    state = fc.GameState.new(2, seed=1)
    text = state.to_json()
    twice = text.replace('"turns": 0', '"turns": 0, "turns": 0')
    with pytest.raises(fc.InvalidStateError, match="'turns' appears twice"):
        fc.GameState.from_json(twice)
    record = state.record().to_json().replace('"seed": 1', '"seed": 2, "seed": 1')
    with pytest.raises(fc.InvalidStateError, match="'seed' appears twice"):
        fc.GameRecord.from_json(record)
    nested = text.replace('"packs": 2', '"packs": 2, "packs": 3')
    with pytest.raises(fc.InvalidStateError, match="'packs' appears twice"):
        fc.GameState.from_json(nested)


def test_floats_and_constants_are_refused() -> None:
    text = fc.GameState.new(2, seed=1).to_json()
    for number in ("1e999", "NaN", "Infinity", "0.5"):
        with pytest.raises(fc.InvalidStateError, match="integers only"):
            fc.GameState.from_json(text.replace('"turns": 0', f'"turns": {number}'))


def test_error_messages_stay_short_whatever_the_input() -> None:
    state = fc.GameState.new(3, seed=6)
    huge = "7H " * 200_000
    changes: list[Callable[[dict[str, Any]], None]] = [
        lambda d: d.update(hands=[huge, *d["hands"][1:]]),
        lambda d: d.update(stock=huge),
        lambda d: d.update(stock="XX" * 100_000),
        lambda d: d.update(phase="p" * 100_000),
        lambda d: d.update(current=["x" * 1000] * 1000),
        lambda d: d.update({f"field{i}": 0 for i in range(10_000)}),
        lambda d: d.update(schema="s" * 100_000),
        lambda d: d.update(round_history=[["x" * 100_000]]),
        lambda d: d["rules"].update(schedule=[3, 4, "x" * 100_000]),
        lambda d: d["rules"].update({"x" * 100_000: 1}),
    ]
    for change in changes:
        data = state.to_dict()
        change(data)
        with pytest.raises(fc.InvalidStateError) as error:
            _load(data)
        assert len(str(error.value)) <= _game_json.MAX_MESSAGE + 50, str(error.value)[:100]
    record = state.record().to_dict()
    record["actions"] = ["discard " + "7H" * 100_000]
    with pytest.raises(fc.InvalidStateError) as error:
        fc.GameRecord.from_dict(record)
    assert len(str(error.value)) <= _game_json.MAX_MESSAGE


def test_solitaire_loader_is_bounded_too() -> None:
    state = SolitaireState.new(seed=3)
    text = state.to_json()
    assert SolitaireState.from_json(text) == state
    bad = [
        "[" * 100_000,
        text.replace('"seed": 3', '"seed": 3, "seed": 4'),
        text.replace('"seed": 3', '"seed": 3' + "0" * 5000),
        " " * (100 << 20),
    ]
    for each in bad:
        with pytest.raises(fc.InvalidStateError):
            SolitaireState.from_json(each)
    data = state.to_dict()
    data["actions"] = ["3 KD"] * 1_000_000
    with pytest.raises(fc.InvalidStateError, match="at most 28"):
        SolitaireState.from_dict(data)


def test_the_bounds_hold_the_longest_legitimate_saves() -> None:
    """The size bound has room for games of many more actions than the bots play: a state
    of MAX_ACTIONS actions (the longest kind of notation, the largest history pairs) fits."""
    over = _random_game()  # random bots: about 5,000 actions
    assert len(over.actions) * 10 < _game_json.MAX_ACTIONS
    assert fc.GameState.from_json(over.to_json()) == over
    per_action = max(len(json.dumps(str(fc.Action.from_int(a)))) + 2 for a in range(267))
    assert per_action <= 20
    assert len(over.to_json()) + _game_json.MAX_ACTIONS * per_action <= _game_json.MAX_TEXT
    assert _game_json._depth(over.to_json()) <= 7


def test_loading_stays_fast() -> None:
    text = _random_game().to_json()
    start = time.perf_counter()
    fc.GameState.from_json(text)
    assert time.perf_counter() - start < 1.0


# -- tampering with real saves, one field at a time -----------------------------------------


def _shape(state: fc.GameState) -> tuple[Any, ...]:
    """Everything about a state but which cards are where (and what they score) and the rule
    options (their effects on counts and sizes are in the rest): what no check short of a
    replay can tell apart."""
    return (
        state.players,
        state.first_dealer,
        state.round_number,
        state.extra_round,
        state.dealer,
        state.active,
        state.current,
        state.phase,
        tuple(map(len, state.hands)),
        len(state.selection),
        len(state.stock),
        len(state.discard_pile),
        # The order of one player's melds on the table shows only in the cards.
        sorted((p.owner, p.meld.kind.value, len(p.meld.cards)) for p in state.table),
        state.went_out,
        state.final_turns_left,
        state.taken is None,
        state.turns,
        state.reshuffles,
        tuple(score is None for score in state.round_scores),
        tuple(
            (r.round_number, r.extra_round, r.dealer, r.went_out, r.ended) for r in state.results
        ),
        tuple(actor for actor, _ in state.round_history),
        tuple(fc.Action.from_int(a).kind for _, a in state.round_history),
        # Which pile a finished round's draws came from shows only in the cards.
        tuple(_kind(fc.Action.from_int(a).kind) for a in state.past_actions),
    )


def _kind(kind: fc.ActionKind) -> fc.ActionKind:
    return fc.ActionKind.DRAW_STOCK if kind is fc.ActionKind.DRAW_DISCARD else kind


def _leaves(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    yield path, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _leaves(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _leaves(value, (*path, index))


def _variants(value: Any, rng: random.Random) -> list[Any]:
    """Changed values of one field."""
    if isinstance(value, bool) or value is None:
        return [0, 1, -1, "x", [], not value if isinstance(value, bool) else 2]
    if isinstance(value, int):
        return [value + 1, value - 1, 0, -value - 1, 10**300, None, str(value), value + 7]
    if isinstance(value, str):
        words = value.split()
        out: list[Any] = ["", value + " JK", None, 3]
        if words:
            out += [" ".join(words[1:]), " ".join([*words, words[0]]), " ".join(words[::-1])]
            out.append(" ".join(rng.sample(words, len(words))))
            out.append(" ".join([rng.choice(["7H", "JK", "KS", "3*"]), *words[1:]]))
        return out
    if isinstance(value, list):
        out = [[], None, value[::-1], [*value, *value[:1]]]
        if value:
            out += [value[1:], value[:-1]]
        return out
    if isinstance(value, dict):
        return [{}, None, [value]]
    return []


def _set(text: str, path: tuple[Any, ...], value: Any) -> Any:
    """The JSON data of ``text`` with the field at ``path`` set to ``value``."""
    if not path:
        return value
    data = json.loads(text)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


def _try_load(text: str) -> fc.GameState | str:
    """The state ``text`` loads to, or the message of its refusal."""
    try:
        return fc.GameState.from_json(text)
    except fc.InvalidStateError as error:
        return str(error)


def _check_tampered(original: fc.GameState, data: dict[str, Any], change: str) -> None:
    text = json.dumps(data)
    loaded = _try_load(text)
    if isinstance(loaded, str):  # refused
        assert len(loaded) <= _game_json.MAX_MESSAGE + 50
        return
    if _shape(loaded) != _shape(original):
        # A different shape must be one the game really reaches: a replay accepts it.
        try:
            fc.GameState.from_json(text, verify=True)
        except fc.InvalidStateError as error:
            differ = [i for i, (a, b) in enumerate(zip(_shape(loaded), _shape(original))) if a != b]
            pytest.fail(f"{original!r}: {change} loads, shape parts {differ} differ: {error}")
    _play_on(loaded, seed=len(text))


def _play_on(state: fc.GameState, seed: int, steps: int = 12) -> None:
    """Random play from ``state`` keeps every invariant a loaded state must keep."""
    rng = random.Random(seed)
    for step in range(steps):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
        if step % 4 == 3 or state.is_over:
            assert fc.GameState.from_json(state.to_json()) == state


def test_every_one_field_change_of_real_saves_is_refused_or_undetectable_by_design() -> None:
    rng = random.Random(17)
    checked = 0
    for original in _saves():
        text = original.to_json()
        changes = [
            (path, changed)
            for path, value in _leaves(json.loads(text))
            for changed in _variants(value, rng)
            if changed != value
        ]
        for path, changed in rng.sample(changes, min(len(changes), 250)):
            change = f"{list(path)} = {_game_json.short(changed)}"
            _check_tampered(original, _set(text, path, changed), change)
            checked += 1
    assert checked > 5000


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_field_changes_are_refused_or_undetectable_by_design(data: st.DataObject) -> None:
    saves = _saves()
    original = saves[data.draw(st.integers(0, len(saves) - 1), label="save")]
    saved = original.to_json()
    leaves = list(_leaves(json.loads(saved)))
    path, value = leaves[data.draw(st.integers(0, len(leaves) - 1), label="field")]
    json_values = st.recursive(
        st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.text(max_size=8),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
        max_leaves=5,
    )
    choices = _variants(value, random.Random(0))
    if choices and data.draw(st.booleans(), label="known change"):
        changed = data.draw(st.sampled_from(choices), label="change")
    else:
        changed = data.draw(json_values, label="value")
    if changed != value:
        _check_tampered(original, _set(saved, path, changed), f"{list(path)} = {changed!r}")


def test_every_real_save_loads_and_verifies() -> None:
    saves = _saves()
    ended = {result.ended for state in saves for result in state.results}
    assert ended == {"out", "stock", "turn_limit"}
    assert any(s.reshuffles for s in saves)
    assert any(s.extra_round and not s.is_over for s in saves)
    assert any(s.went_out is not None and not s.is_over for s in saves)
    for state in saves:
        text = state.to_json()
        assert fc.GameState.from_json(text) == state
        assert fc.GameState.from_json(text, verify=True) == state
