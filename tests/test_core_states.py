"""A ``GameState`` the core plays is the state the Python transitions give, action for
action: equal as values (every field, the round results and their layouts included), with
the same views, legal actions, refusals and error messages, JSON, records and pickles,
whichever of its fields were read before the next action (a state the core plays reads its
fields from the core only when asked)."""

from __future__ import annotations

import concurrent.futures
import copy
import gc
import pickle
import random
import types
from collections.abc import Callable, Iterable
from typing import Any

import attrs
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fivecrowns as fc
from fivecrowns import _core
from fivecrowns.game import GameState, _core_game
from fivecrowns.game import _engine as game_engine
from game_twins import python_state, random_rules, step_both

if not game_engine.compiled_states(fc.Rules()):
    pytest.skip("the compiled core is not running", allow_module_level=True)


_Row = tuple[int, fc.PlayerView, tuple[fc.Card, ...], GameState]


def _pair(rules: fc.Rules, players: int, seed: int) -> tuple[GameState, GameState]:
    fast = GameState.new(players, rules=rules, seed=seed)
    slow = python_state(players, rules, seed)
    assert game_engine.own_core(fast) is not None
    assert game_engine.own_core(slow) is None
    return fast, slow


def _own_core(state: GameState) -> _core.Game:
    game = game_engine.own_core(state)
    assert game is not None
    return game


def _refusal(state: GameState, action: int | str) -> str | None:
    try:
        state.apply(action)
    except fc.IllegalActionError as error:
        return str(error)
    return None


def _read(view: fc.PlayerView, rng: random.Random) -> dict[str, Any]:
    """The fields of ``view``, read in a random order (a view of a state the core plays
    reads its round's fields from the core when one of them is first asked for)."""
    names = [field.name for field in attrs.fields(fc.PlayerView)]
    rng.shuffle(names)
    return {name: getattr(view, name) for name in names}


def _check_step(fast: GameState, slow: GameState, rng: random.Random) -> None:
    """Compare what a caller may read, in a random order (so states are compared both
    before and after their fields are read from the core)."""
    checks: list[Callable[[], bool]] = [
        lambda: (
            [fast.view(p) for p in range(fast.players)]
            == [slow.view(p) for p in range(slow.players)]
        ),
        lambda: all(
            _read(fast.view(p), rng) == _read(slow.view(p), rng) for p in range(fast.players)
        ),
        lambda: fast.legal_actions() == slow.legal_actions(),
        lambda: fast.legal_action_ints() == slow.legal_action_ints(),
        lambda: (
            (fast.current_player, fast.is_over, fast.phase)
            == (slow.current_player, slow.is_over, slow.phase)
        ),
        lambda: fast == slow and hash(fast) == hash(slow),
        lambda: all(
            fast.observation(p).dtype == np.float32
            and np.array_equal(fast.observation(p), slow.observation(p))
            for p in range(fast.players)
        ),
        lambda: np.array_equal(fast.legal_action_mask(), slow.legal_action_mask()),
    ]
    rng.shuffle(checks)
    for check in checks[: rng.randint(0, len(checks))]:
        assert check()


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32))
def test_a_state_the_core_plays_is_the_python_engines_state_action_for_action(
    seed: int,
) -> None:
    rng = random.Random(seed)
    rules = attrs.evolve(
        random_rules(rng),
        lay_off=rng.random() < 0.3,
        auto_arrange_final_hand=rng.random() < 0.7,
    )
    players = rng.randint(2, min(5, rules.max_players))
    fast, slow = _pair(rules, players, seed)
    width = fc.num_actions(rules)
    for _ in range(rng.randint(50, 400)):
        _check_step(fast, slow, rng)
        if slow.is_over:
            break
        legal = slow.legal_action_ints()
        wrong = rng.choice([a for a in range(width) if a not in legal] or [width])
        assert fast.is_legal(wrong) == slow.is_legal(wrong) is False
        assert _refusal(fast, wrong) == _refusal(slow, wrong) is not None
        action = rng.choice(legal)
        assert fast.is_legal(action)
        assert slow.is_legal(action)
        seat = rng.randrange(players)
        kept = fast.view(seat), slow.view(seat)  # (the core's is read after the action)
        fast, slow = fast.apply(action), slow.apply(action)
        assert _read(kept[0], rng) == _read(kept[1], rng)
    assert fast == slow
    assert fast.view(0) == slow.view(0)
    assert fast.to_json() == slow.to_json()
    assert fast.record() == slow.record()
    assert repr(fast) == repr(slow)
    assert (fast.scores, fast.winners) == (slow.scores, slow.winners)


def test_a_state_the_core_plays_keeps_its_fields_through_pickle_and_copy() -> None:
    fast, slow = _pair(fc.Rules.short_game(2), 3, 11)
    rng = random.Random(11)
    while not slow.is_over:
        action = rng.choice(slow.legal_actions())
        fast, slow = fast.apply(action), slow.apply(action)
        if len(slow.results) == 1 and slow.turns == 2:
            break
    for copied in (pickle.loads(pickle.dumps(fast)), copy.copy(fast), copy.deepcopy(fast)):
        assert copied == slow
        assert copied.view(copied.current) == slow.view(slow.current)
        assert copied.apply(fc.DRAW_STOCK) == slow.apply(fc.DRAW_STOCK)


def _reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` through the garbage collector's references,
    not walking into classes, modules and functions (shared by everything)."""
    seen: set[int] = set()
    found: list[object] = []
    todo = [root]
    while todo:
        item = todo.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        found.append(item)
        if not isinstance(item, (type, types.ModuleType, types.FunctionType)):
            todo.extend(gc.get_referents(item))
    return found


def test_a_view_of_a_state_the_core_plays_reaches_nothing_the_player_may_not_know() -> None:
    """The view reads from the core lazily, through a seat's view of the core game that
    offers only that seat's hand and public facts; it holds no reference to the state or to
    its core game, before or after its fields are read."""
    from fivecrowns import _core

    fast, slow = _pair(fc.Rules.short_game(3), 4, 21)
    rng = random.Random(21)
    for _ in range(60):
        action = rng.choice(slow.legal_actions())
        fast, slow = fast.apply(action), slow.apply(action)
    assert fast.results  # (a finished round's results are read through the seat's view)
    for player in range(4):
        view = fast.view(player)
        for when in ("unread", "read"):
            for item in _reachable(view):
                assert not isinstance(item, (GameState, _core.Game)), when
            assert _read(view, rng) == _read(slow.view(player), rng)
    public = {name for name in dir(_core.SeatView) if not name.startswith("_")}
    assert public == {
        *("discard_pile", "fields", "greedy", "hand", "results_from", "table", "top_discard")
    }
    with pytest.raises(fc.IllegalActionError) as core:
        _own_core(fast).seat_view(4)
    with pytest.raises(fc.IllegalActionError) as plain:
        slow.view(4)
    assert str(core.value) == str(plain.value)


def test_a_view_of_a_state_the_core_plays_pickles_and_stays_what_it_was() -> None:
    fast, slow = _pair(fc.Rules(), 3, 8)
    rng = random.Random(8)
    for _ in range(20):
        action = rng.choice(slow.legal_actions())
        fast, slow = fast.apply(action), slow.apply(action)
    expected = slow.view(slow.current)
    for view in (fast.view(fast.current), fast.view(fast.current)):
        copied = pickle.loads(pickle.dumps(view))  # (before any field is read)
        assert copied == expected
        assert set(vars(copied)) == {field.name for field in attrs.fields(fc.PlayerView)}
        assert copy.copy(view) == copy.deepcopy(view) == expected
    # An action played on the state's own core game (the package never does) plays on a
    # copy: a view made before it still reads the game as it was.
    view = fast.view(0)
    _own_core(fast).apply(fc.DRAW_STOCK.to_int())
    assert view == slow.view(0)
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        getattr(view, "nothing")  # noqa: B009 (a name mypy knows the view lacks)


def test_the_old_state_is_untouched_by_an_action_or_a_refusal() -> None:
    fast, _ = _pair(fc.Rules(), 4, 3)
    before = fast.to_json()
    fast.apply(fc.DRAW_STOCK)
    with pytest.raises(fc.IllegalActionError, match="draw first"):
        fast.apply("discard 10H")
    with pytest.raises(fc.IllegalActionError, match="an action is an Action"):
        fast.apply(object())  # type: ignore[arg-type]
    assert fast.to_json() == before
    assert fast.apply(fc.DRAW_STOCK) == fast.apply(fc.DRAW_STOCK)


def test_a_changed_state_is_a_plain_one() -> None:
    fast, slow = _pair(fc.Rules(), 4, 5)
    moved = fast._evolve(seed=6)
    assert game_engine.own_core(moved) is None
    assert moved == slow._evolve(seed=6)
    assert moved.apply(fc.DRAW_STOCK) == slow._evolve(seed=6).apply(fc.DRAW_STOCK)


def test_states_the_core_does_not_play_are_plain_ones() -> None:
    assert game_engine.own_core(GameState.new(4, seed=2**64)) is None
    # (the core plays the transitions of lay_off and of hands laid down by hand, not its
    # bots: whole games of built-in bots under them stay in Python)
    for rules in (fc.Rules(lay_off=True), fc.Rules(auto_arrange_final_hand=False)):
        assert game_engine.own_core(GameState.new(4, rules=rules, seed=1)) is not None
        assert not game_engine.compiled_games(rules)


def _final_turns_game(seed: int, by_hand: bool) -> tuple[int, int]:
    """One game of bots that go out under ``lay_off`` (random meld options; final hands laid
    down ``by_hand``, or by the engine) on both engines: the core's ``_core.Game`` and the
    public ``GameState`` on it against the Python transitions, compared after every action.
    Returns how many cards were laid off, and how many final turns laid melds down by
    hand."""
    rng = random.Random(seed)
    rules = fc.Rules.short_game(
        rng.randint(3, 6),
        lay_off=True,
        auto_arrange_final_hand=not by_hand,
        packs=rng.choice([1, 2, 3]),
        max_wilds_per_meld=rng.choice([None, 1, "naturals"]),
        distinct_suit_books=rng.random() < 0.3,
        all_wild_melds=rng.random() < 0.7,
        go_out_without_discard=rng.random() < 0.3,
    )
    players = rng.randint(2, 5)
    bots = [rng.choice(["greedy", "strong"]) for _ in range(players)]
    _, mismatch = step_both(rules, players, seed, rng.choice, bots=bots)
    assert mismatch is None, mismatch
    # the same game on the public states alone, counting its lay-offs
    fast, slow = _pair(rules, players, seed)
    chosen = [fc.make_bot(name) for name in bots]
    for index, bot in enumerate(chosen):
        bot.reset(seed + index)
    melded = 0
    while not slow.is_over:
        seat = slow.current
        action = chosen[seat].act(slow.view(seat), slow.legal_actions())
        melded += action.kind in (fc.ActionKind.MELD_BOOK, fc.ActionKind.MELD_RUN)
        fast, slow = fast.apply(action), slow.apply(action)
        assert fast.laid_off == slow.laid_off
        assert fast.selection == slow.selection
        if slow.selection:  # (the observation's selection block, the player's view of it)
            for p in range(players):
                assert np.array_equal(fast.observation(p), slow.observation(p))
                assert fast.view(p) == slow.view(p)
    assert fast == slow
    assert fast.results == slow.results
    laid = sum(len(layout.laid_off) for r in fast.results for layout in r.layouts if layout)
    return laid, melded


def test_lay_off_final_turns_are_the_python_engines_action_for_action() -> None:
    """Rule ``lay_off``: "the final-turn player may add cards to melds on the table", the
    engine laying out each final hand for the least deadwood (counting what it can lay off).
    Bots that go out play games on both engines; their final turns lay cards off."""
    laid = [_final_turns_game(seed, by_hand=False)[0] for seed in range(10)]
    assert sum(laid) >= 10
    assert sum(1 for count in laid if count) >= 4


def test_final_hands_laid_down_by_hand_are_the_python_engines_action_for_action() -> None:
    """Rule ``auto_arrange_final_hand=False``: "the player's own laid-down melds count" (and
    with ``lay_off``, its own lay-offs). Bots select cards, lay them down as books and runs
    and off onto table melds, on both engines."""
    played = [_final_turns_game(seed, by_hand=True) for seed in range(10)]
    assert sum(melded for _, melded in played) >= 10
    assert sum(laid for laid, _ in played) >= 5


def test_a_final_turn_goes_out_by_laying_off_on_both_engines() -> None:
    """A final turn under ``lay_off`` and ``go_out_without_discard`` may go out with no
    discard by laying cards off, even holding cards no meld of the hand could take (found
    by ``check_game``: the core once skipped such hands as unable to go out)."""
    rules = fc.Rules.short_game(5, lay_off=True, max_wilds_per_meld=1, go_out_without_discard=True)
    bots = ["strong", "strong", "strong"]
    _, mismatch = step_both(rules, 3, 1175, random.Random(0).choice, bots=bots)
    assert mismatch is None, mismatch
    state = python_state(3, rules, 1175)
    chosen = [fc.make_bot(name) for name in bots]
    for index, bot in enumerate(chosen):
        bot.reset(1175 + index)
    seen = False
    while not state.is_over:
        seat = state.current
        if state.went_out is not None and state.is_legal(fc.GO_OUT_WITHOUT_DISCARD):
            seen |= not fc.can_meld_all(state.hands[seat], state.wild_rank, rules=rules)
        state = state.apply(chosen[seat].act(state.view(seat), state.legal_actions()))
    assert seen


def test_threads_reading_and_playing_shared_states_see_what_one_thread_sees() -> None:
    rng = random.Random(7)
    fast, _ = _pair(fc.Rules.short_game(3), 4, 7)
    states: list[GameState] = []
    actions: list[fc.Action] = []
    while not fast.is_over and len(states) < 300:
        action = rng.choice(fast.legal_actions())
        states.append(fast)
        actions.append(action)
        fast = fast.apply(action)

    def work(order: list[int]) -> list[_Row]:
        found: list[_Row] = []
        for index in order:
            state = states[index]
            after = state.apply(actions[index])
            found.append((index, state.view(state.current), after.hand(state.current), after))
        return sorted(found, key=lambda row: row[0])

    orders = [random.Random(seed).sample(range(len(states)), len(states)) for seed in range(4)]
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        results = list(pool.map(work, orders))
    assert all(found == results[0] for found in results[1:])
    for index, view, hand, after in results[0]:
        assert after == states[index].apply(actions[index])
        assert view == states[index].view(states[index].current)
        assert hand == after.hand(states[index].current)


@pytest.mark.parametrize("read_every", [0, 1, 7])
def test_the_finished_rounds_read_late_are_those_read_as_they_end(read_every: int) -> None:
    """Results read only at the end of a game (every round's memo unread), or now and then,
    are the Python engine's."""
    rules = fc.Rules.short_game(5, tie_break="extra_round")
    fast, slow = _pair(rules, 3, 21)
    rng = random.Random(21)
    played = 0
    while not slow.is_over:
        action = rng.choice(slow.legal_action_ints())
        fast, slow = fast.apply(action), slow.apply(action)
        played += 1
        if read_every and played % read_every == 0:
            assert fast.results == slow.results
    assert len(slow.results) >= 5
    assert fast.results == slow.results
    assert fast.past_actions == slow.past_actions
    assert fast == slow


# -- the core's own refusals, in the Python engine's words --------------------------------


def _refused(apply: Callable[[int], object], action: int) -> tuple[type, str] | None:
    """The class and message of the error ``apply(action)`` raises (None: it plays)."""
    try:
        apply(action)
    except fc.FiveCrownsError as error:
        return type(error), str(error)
    return None


def _wrong_actions(state: GameState, rng: random.Random) -> list[int]:
    """A few illegal action integers of ``state`` (going out, out!, laying down and off
    among them when they are illegal), and one that is no action."""
    width = fc.num_actions(state.rules)
    legal = set(state.legal_action_ints())
    wrong = [action for action in range(width) if action not in legal]
    held = [58 + card.code for card in state.hands[state.current]]
    chosen = [a for a in (114, 227, 228, 229, 230, *held[:2]) if a not in legal]
    return [*chosen, *rng.sample(wrong, min(6, len(wrong))), rng.choice([-1, width, 2**40])]


def _eager(legal: tuple[int, ...], rng: random.Random) -> int:
    """A random legal action, going out (or laying a meld down) when it can, so that final
    turns come often."""
    ending = [a for a in legal if 58 <= a <= 114 or a >= 227]
    return rng.choice(ending if ending and rng.random() < 0.8 else legal)


def test_the_core_refuses_an_illegal_action_with_the_python_referees_class_and_words() -> None:
    rng = random.Random(45)
    met: set[str] = set()
    for seed in range(40):
        rules = attrs.evolve(
            random_rules(rng),
            lay_off=seed % 4 in (1, 3),
            auto_arrange_final_hand=seed % 4 < 2,
        )
        fast, slow = _pair(rules, rng.randint(2, min(4, rules.max_players)), seed)
        for _ in range(300):
            if slow.is_over:
                break
            game = _own_core(fast)
            for action in _wrong_actions(slow, rng):
                core = _refused(game.clone().apply, action)
                assert core is not None
                assert core == _refused(slow.apply, action), action
                met.add(" ".join(core[1].split()[:3]))
            action = _eager(slow.legal_action_ints(), rng)
            fast, slow = fast.apply(action), slow.apply(action)
    for words in ("cannot go out:", "cannot lay down", "an action integer", "there is no"):
        assert any(found.startswith(words) for found in met), (words, sorted(met))
    assert len(met) > 30


def test_the_cores_batch_refuses_an_illegal_step_with_the_python_referees_words() -> None:
    from fivecrowns.play.simulate import game_seed

    rules = fc.Rules.short_game(3)
    width = fc.num_actions(rules)
    batch = _core_game.batch(rules, [None, "greedy", None], 2, width, False, 0, False)
    batch.reset(9)
    game, number = batch.game(1)
    state = python_state(3, rules, game_seed(9, number))
    assert game.snapshot(False)["hands"] == tuple(
        tuple(card.code for card in hand) for hand in state.hands
    )

    def step(action: int) -> None:
        actions = np.zeros(2, dtype=np.int64)  # game 0 draws: a legal step
        actions[1] = action
        batch.step(actions)

    for action in (2 + 55, width, -1):
        core = _refused(step, action)
        plain = _refused(state.apply, action)
        assert plain is not None
        assert core == (plain[0], f"game 1: {plain[1]}")


# -- the core's refusals of a state, in the Python checks' words ---------------------------


def _from_parts(state: GameState, **changes: Any) -> _core.Game:
    """The core's game of the plain ``state`` (a round of the schedule in progress, nobody
    out) built from its fields as ``_core_game.core_game`` gives them, ``changes``
    (card codes for cards) made first."""
    fields: dict[str, Any] = {
        "players": state.players,
        "seed": state.seed,
        "first_dealer": state.first_dealer,
        "round_number": state.round_number,
        "extra_round": state.extra_round,
        "dealer": state.dealer,
        "active": list(state.active),
        "current": state.current,
        "phase": state.phase.value,
        "hands": [[card.code for card in hand] for hand in state.hands],
        "finished": [],
        "stock": [card.code for card in state.stock],
        "discard_pile": [card.code for card in state.discard_pile],
        "went_out": state.went_out,
        "final_turns_left": list(state.final_turns_left),
        "taken": None if state.taken is None else state.taken.code,
        "turns": state.turns,
        "reshuffles": state.reshuffles,
        "round_scores": list(state.round_scores),
        "results": [
            (r.round_number, r.extra_round, r.went_out, list(r.scores), r.ended)
            for r in state.results
        ],
        "totals": list(state.scores),
        "round_history": list(state.round_history),
    } | changes
    return _core.Game.from_parts(_core_game.game_rules(state.rules), **fields)


def _codes(cards: Iterable[fc.Card]) -> list[int]:
    return [card.code for card in cards]


def test_the_core_refuses_an_impossible_state_with_the_python_checks_class_and_words() -> None:
    rules = fc.Rules.short_game(2)
    drawing = python_state(3, rules, 4)
    state = drawing.apply(fc.DRAW_STOCK)
    assert _from_parts(state).snapshot(False)["stock"] == tuple(c.code for c in state.stock)
    hands = [list(hand) for hand in state.hands]
    stock = list(state.stock)
    duplicated = [list(hand) for hand in hands]
    duplicated[1][0] = stock[0]  # a card twice, one missing
    grown = [list(hand) for hand in hands]
    grown[2].append(stock[-1])  # a hand one card too big
    cases: list[tuple[GameState, dict[str, Any], dict[str, Any]]] = [
        (state, {"dealer": 3}, {"dealer": 3}),
        (state, {"current": 5}, {"current": 5}),
        (state, {"round_number": 3}, {"round_number": 3}),
        (state, {"round_number": 0}, {"round_number": 0}),
        (state, {"active": (0, 0, 1)}, {"active": [0, 0, 1]}),
        (state, {"active": (0, 1)}, {"active": [0, 1]}),
        (
            state,
            {"hands": tuple(map(tuple, duplicated))},
            {"hands": [_codes(hand) for hand in duplicated]},
        ),
        (
            state,
            {"hands": tuple(map(tuple, grown)), "stock": tuple(stock[:-1])},
            {"hands": [_codes(hand) for hand in grown], "stock": _codes(stock[:-1])},
        ),
        (
            drawing,
            {"stock": (), "discard_pile": (*drawing.stock, *drawing.discard_pile)},
            {"stock": [], "discard_pile": _codes((*drawing.stock, *drawing.discard_pile))},
        ),
        (drawing, {"taken": drawing.stock[0]}, {"taken": drawing.stock[0].code}),
        (state, {"turns": 10_000}, {"turns": 10_000}),
        (state, {"round_scores": (None, 4, None)}, {"round_scores": [None, 4, None]}),
    ]
    for base, plain_changes, core_changes in cases:
        with pytest.raises(fc.InvalidStateError) as plain:
            attrs.evolve(base, **plain_changes)
        with pytest.raises(fc.InvalidStateError) as core:
            _from_parts(base, **core_changes)
        assert str(core.value) == str(plain.value), plain_changes


def test_the_core_refuses_a_table_it_cannot_deal_with_the_python_class_and_words() -> None:
    rules = fc.Rules(seat_to_capacity=True)
    core_rules = _core_game.game_rules(rules)
    for players, first_dealer in ((9, 0), (1, 0), (3, 3)):
        with pytest.raises(fc.InvalidStateError) as plain:
            python_state(players, rules, 1, first_dealer)
        with pytest.raises(fc.InvalidStateError) as core:
            _core.Game(core_rules, players, 1, first_dealer)
        assert str(core.value) == str(plain.value)
    endless = fc.Rules(schedule=(3, 2), wild_ranks=(3, None))
    with pytest.raises(fc.InvalidRulesError) as plain_rules:
        python_state(2, endless, 1)
    with pytest.raises(fc.InvalidRulesError) as core_rules_error:
        _core.Game(_core_game.game_rules(endless), 2, 1, 1)
    assert str(core_rules_error.value) == str(plain_rules.value)
