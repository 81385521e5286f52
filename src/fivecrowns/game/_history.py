"""What a loaded :class:`~fivecrowns.GameState` must also satisfy (:func:`check_history`,
beyond ``_checks.check_fields``): its finished rounds, the deal and the tie-break are those
the rules give, and the actions of each round, counted from its deal (:class:`_Walk`: who
acts, in which phase, how many cards each hand and pile holds; never which cards, which only
a replay knows), lead to the counters, the turn, the phase, the sizes and the results the
state has.
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import Final

from ..cards import JOKER_CODE, NUM_CODES, Card
from ..errors import InvalidStateError
from ..melds import Meld
from ..rules import Rules
from ._checks import fail, went_out_score
from ._fields import StateFields
from ._round import RoundResult, round_params, seats_after, tied
from ._scoring import hand_points
from .actions import Action, ActionKind, Phase, num_actions

__all__ = ["check_history"]


def _check_result(state: StateFields, index: int, result: RoundResult) -> None:
    rules, players = state.rules, state.players
    if result.round_number != index:
        raise fail(f"round result {index} says round {result.round_number}")
    extra = max(0, index - rules.rounds)
    if result.extra_round != extra:
        raise fail(f"round result {index} has extra_round {result.extra_round}")
    if (result.hand_size, result.wild_rank) != round_params(rules, index, extra):
        raise fail(f"round result {index} has the wrong hand size or wild rank")
    if result.dealer != (state.first_dealer + index - 1) % players:
        raise fail(f"round result {index} names the wrong dealer")
    played = [p for p, score in enumerate(result.scores) if score is not None]
    if not extra and len(played) != players:
        raise fail(f"round result {index} lacks a score")
    went = result.went_out
    most = _most_points(rules, result.hand_size, result.wild_rank)
    bonus = (
        0 if went is None else went_out_score(state, state.results[: index - 1], went, bool(extra))
    )
    for p in played:
        score = result.scores[p]
        if score is not None and score > most:
            shown = score if score.bit_length() < 64 else f"an int of {len(str(score))} digits"
            raise fail(
                f"results: round {index} gives player {p} {shown} points, more than "
                f"{result.hand_size} cards can cost ({most})"
            )
        if score is None or score < (bonus if p == went else 0) or (p == went and score != bonus):
            raise fail(f"results: round {index} gives player {p} an impossible score {score}")
    if (result.ended == "out" and went is None) or (
        result.ended == "turn_limit" and went is not None
    ):
        raise fail(f"round result {index}: ended {result.ended!r} with went_out {went}")
    if went is not None and went not in played:
        raise fail(f"round result {index}: player {went} went out without playing")
    for p, layout in enumerate(result.layouts):
        score = result.scores[p]
        if (layout is None) != (score is None):
            raise fail(f"round result {index}: player {p} has a score or layout, not both")
        if layout is None or score is None:
            continue
        points = hand_points(layout.deadwood, result.wild_rank, rules)
        if layout.points != points or score != points + (bonus if p == went else 0):
            raise fail(f"round result {index}: player {p}'s layout does not match the score")


class _Walk:
    """The shape of one round played from its deal, found by counting along its actions:
    who acts and in which phase, how many cards each hand, the stock and the discard pile
    hold, the turns, the reshuffles, who went out and who still takes a final turn, and how
    the round ended. The deal itself is not re-derived (that is a replay), so the cards are
    unknown except those discarded onto the pile. ``where`` names the field the actions
    come from."""

    def __init__(self, state: StateFields, active: tuple[int, ...], dealer: int, size: int) -> None:
        self.rules, self.players, self.active = state.rules, state.players, active
        self.where = "round_history"
        self.current = seats_after(active, state.players, dealer)[0]
        self.phase = Phase.DRAW
        self.turns = self.reshuffles = self.selection = 0
        self.went: int | None = None
        self.left: tuple[int, ...] = ()
        #: Each hand's size (None: unknown, once the engine arranged a final hand).
        self.hands: dict[int, int | None] = dict.fromkeys(active, size)
        self.stock = state.rules.deck_size - size * len(active) - 1
        #: The discard pile, its cards known once discarded (None: unknown).
        self.pile: list[Card | None] = [None]
        self.taken: tuple[Card | None] | None = None
        self.ended: str | None = None

    def fail(self, number: int, message: str) -> InvalidStateError:
        return fail(f"{self.where}: action {number} {message}")

    def play(self, number: int, actor: int, code: int) -> None:
        """Action ``code`` by ``actor``, the ``number``-th of the round."""
        if self.ended is not None:
            raise self.fail(number, f"comes after the round ended ({self.ended})")
        if actor != self.current:
            raise self.fail(number, f"is by player {actor}, but player {self.current} acts")
        table = _actions(num_actions(self.rules))
        if type(code) is not int or not 0 <= code < len(table):
            raise self.fail(number, f"is not an action ({code})")
        act = table[code]
        kind, p = act.kind, actor
        drawing = kind in (ActionKind.DRAW_STOCK, ActionKind.DRAW_DISCARD)
        if drawing != (self.phase is Phase.DRAW):
            raise self.fail(number, f"({act}) is played in the wrong phase of the turn")
        if kind is ActionKind.GO_OUT_WITHOUT_DISCARD and not (
            self.rules.go_out_without_discard
            and (self.went is None or self.rules.auto_arrange_final_hand)
        ):
            raise self.fail(number, f"({act}) is not allowed by these rules here")
        laying = kind not in _TURN_KINDS
        if laying and (self.went is None or self.rules.auto_arrange_final_hand):
            raise self.fail(number, f"({act}) lays down cards outside a final turn")
        hand = self.hands[p]
        assert hand is not None  # only a finished final hand is unknown
        if kind is ActionKind.DRAW_STOCK or kind is ActionKind.DRAW_DISCARD:
            if not (self.stock if kind is ActionKind.DRAW_STOCK else self.pile):
                raise self.fail(number, f"({act}) draws from an empty pile")
            if kind is ActionKind.DRAW_STOCK:
                self.stock -= 1
            else:
                self.taken = (self.pile.pop(),)
            self.hands[p], self.phase = hand + 1, Phase.DISCARD
        elif kind is ActionKind.SELECT or kind is ActionKind.DESELECT:
            self.selection += 1 if kind is ActionKind.SELECT else -1
            if not 0 <= self.selection <= hand:
                raise self.fail(number, f"({act}) selects more cards than the hand holds")
        elif laying:  # meld or lay off the selection
            if not self.selection:
                raise self.fail(number, f"({act}) lays down no selected card")
            self.hands[p], self.selection = hand - self.selection, 0
            if not self.hands[p]:
                self.finish_final(p)
        else:  # the end of a turn: discard, or go out
            if act.card is not None:
                if not hand:
                    raise self.fail(number, f"({act}) discards from an empty hand")
                self.hands[p] = hand - 1
                self.pile.append(act.card)
            self.taken, self.selection = None, 0
            if self.went is None and kind is ActionKind.DISCARD:
                self.end_turn(p)
            elif self.went is None:
                self.go_out(p)
            elif kind is ActionKind.GO_OUT:
                raise self.fail(number, f"({act}) goes out after player {self.went} went out")
            else:
                self.finish_final(p)

    def go_out(self, p: int) -> None:
        self.hands[p], self.went, self.turns = 0, p, self.turns + 1
        self.left = tuple(seat for seat in seats_after(self.active, self.players, p) if seat != p)
        self.start_turn(self.left[0])

    def finish_final(self, p: int) -> None:
        if self.rules.auto_arrange_final_hand:
            self.hands[p] = None
        self.left, self.turns, self.taken = self.left[1:], self.turns + 1, None
        if not self.left:
            self.ended = "out"
        else:
            self.start_turn(self.left[0])

    def end_turn(self, p: int) -> None:
        self.turns += 1
        if self.turns >= self.rules.round_turn_limit:
            self.ended = "turn_limit"
        else:
            self.start_turn(seats_after(self.active, self.players, p)[0])

    def start_turn(self, player: int) -> None:
        self.current = player
        if not self.stock:
            kept = 0 if self.rules.reshuffle_whole_discard_pile else 1
            if len(self.pile) <= kept:
                self.ended = "stock"
                return
            self.reshuffles, self.stock = self.reshuffles + 1, len(self.pile) - kept
            self.pile = self.pile[len(self.pile) - kept :]
        self.phase, self.taken, self.selection = Phase.DRAW, None, 0

    def compare(self, state: StateFields) -> None:
        """Raise unless ``state`` stands where these actions leave the round."""
        over = state.phase is Phase.OVER
        if (self.ended is not None) != over:
            raise fail(
                f"{self.where}: the round ended ({self.ended})"
                if self.ended is not None
                else f"{self.where}: the last round is not finished"
            )
        facts: list[tuple[str, object, object]] = [
            ("current", state.current, self.current),
            ("turns", state.turns, self.turns),
            ("reshuffles", state.reshuffles, self.reshuffles),
            ("went_out", state.went_out, self.went),
            ("stock", len(state.stock), self.stock),
            ("discard_pile", len(state.discard_pile), len(self.pile)),
        ]
        if not over:
            facts += [
                ("phase", state.phase.value, self.phase.value),
                ("final_turns_left", list(state.final_turns_left), list(self.left)),
                ("selection", len(state.selection), self.selection),
                ("taken", state.taken is not None, self.taken is not None),
            ]
        for name, got, want in facts:
            if got != want:
                raise fail(f"{name} is {got}, but the {self.where} gives {want}")
        for seat, size in self.hands.items():
            if size is not None and len(state.hands[seat]) != size:
                raise fail(
                    f"hands: player {seat} holds {len(state.hands[seat])} cards, but the "
                    f"{self.where} gives {size}"
                )
        for index, card in enumerate(self.pile):
            if card is not None and state.discard_pile[index] != card:
                raise fail(
                    f"discard_pile: card {index} is {state.discard_pile[index]}, but the "
                    f"{self.where} discarded {card} there"
                )
        if not over and self.taken is not None and self.taken[0] not in (None, state.taken):
            raise fail(f"taken is {state.taken}, but the {self.where} took {self.taken[0]}")


@functools.cache
def _actions(count: int) -> tuple[Action, ...]:
    """The actions of the integers below ``count``, by integer."""
    return tuple(map(Action.from_int, range(count)))


_TURN_KINDS: Final = frozenset(
    (
        ActionKind.DRAW_STOCK,
        ActionKind.DRAW_DISCARD,
        ActionKind.DISCARD,
        ActionKind.GO_OUT,
        ActionKind.GO_OUT_WITHOUT_DISCARD,
    )
)


def _played(result: RoundResult) -> tuple[int, ...]:
    return tuple(p for p, score in enumerate(result.scores) if score is not None)


def _most_points(rules: Rules, size: int, wild: int | None) -> int:
    """The most points ``size`` cards of the deck can cost."""
    points = rules.points_by_code(wild)
    copies = [rules.packs] * JOKER_CODE + [3 * rules.packs]
    costs = sorted(points[code] for code in range(NUM_CODES) for _ in range(copies[code]))
    return sum(costs[-size:])


def _check_actions(state: StateFields) -> None:
    """The actions against the rounds: ``past_actions`` are the finished rounds, each ending
    as its result says, and ``round_history`` the round in progress, leaving the counters,
    the turn, the phase and the sizes of hands and piles as the state has them."""
    actions, results, over = state.past_actions, state.results, state.phase is Phase.OVER
    walk: _Walk | None = None
    start = 0
    for index, result in enumerate(results, start=1):
        walk = _Walk(state, _played(result), result.dealer, result.hand_size)
        walk.where = "past_actions"
        number = start
        while walk.ended is None and number < len(actions):
            walk.play(number - start + 1, walk.current, actions[number])
            number += 1
        if walk.ended is None:
            raise fail(f"past_actions: round {index} does not finish")
        if (walk.ended, walk.went) != (result.ended, result.went_out):
            raise fail(
                f"results: round {index} ended {result.ended!r} with went_out "
                f"{result.went_out}, but the past_actions end it {walk.ended!r} with "
                f"went_out {walk.went}"
            )
        start = number
    if start != len(actions):
        raise fail(f"past_actions: {len(actions) - start} actions after the last finished round")
    if over:
        assert walk is not None  # a game over has results
        walk.compare(state)
        return
    walk = _Walk(state, state.active, state.dealer, state.hand_size)
    for number, (actor, code) in enumerate(state.round_history, start=1):
        walk.play(number, actor, code)
    walk.compare(state)


def _meld_key(meld: Meld) -> tuple[str, tuple[int, ...]]:
    return meld.kind.value, tuple(sorted(card.code for card in meld.cards))


def _check_last_layouts(state: StateFields, result: RoundResult) -> None:
    """Once the game is over, the table and the hands are those the last round ended with:
    each player's table melds begin the player's layout, and the hand is the layout's
    deadwood (a final turn played) or all of its other cards (a hand the engine arranged)."""
    for p, layout in enumerate(result.layouts):
        if layout is None:
            continue
        own = [_meld_key(placed.meld) for placed in state.table if placed.owner == p]
        melds = [_meld_key(meld) for meld in layout.melds]
        if melds[: len(own)] != own:
            raise fail(f"table: player {p}'s melds differ from the last round's layout")
        hand = Counter(state.hands[p])
        rest = [card for meld in layout.melds[len(own) :] for card in meld.cards]
        if hand != Counter(layout.deadwood) and hand != Counter(
            [*rest, *layout.laid_off, *layout.deadwood]
        ):
            raise fail(f"hands: player {p}'s hand differs from the last round's layout")


def check_history(state: StateFields) -> None:
    """Raise :class:`InvalidStateError` unless the finished rounds, the deal and the players
    dealt in are those the rules give (the checks a loaded state adds to
    :func:`check_fields`)."""
    rules, over = state.rules, state.phase is Phase.OVER
    done = state.round_number if over else state.round_number - 1
    if len(state.results) != done:
        raise fail(f"{len(state.results)} round results, expected {done}")
    for index, result in enumerate(state.results, start=1):
        _check_result(state, index, result)
        if result.extra_round:
            # The tie that called this round, from the results before it.
            expected = tied(state.results[: index - 1], state.scores, rules)
            if _played(result) != expected:
                raise fail(
                    f"results: tie-break round {index} scores players {list(_played(result))}, "
                    f"but the tie is {list(expected)}"
                )
    if state.extra_round:
        # The tie that called this round: once the game is over, this round's own result is
        # the last one and must be left out.
        before = state.results[:-1] if over else state.results
        expected = tied(before, state.scores, rules)
        if state.active != expected:
            raise fail(
                f"tie-break round dealt to {list(state.active)}, but the tie is {list(expected)}"
            )
    if state.dealer != (state.first_dealer + state.round_number - 1) % state.players:
        raise fail("the deal passes one seat to the left each round from first_dealer")
    if over and state.round_number < rules.rounds:
        raise fail(f"phase: the game is over after round {state.round_number} of {rules.rounds}")
    if over and tied(state.results, state.scores, rules):
        raise fail("the game is over but a tie-break round is due")
    if over and tuple(state.round_scores) != state.results[-1].scores:
        raise fail("the last round's scores differ from its result")
    if over:
        _check_last_layouts(state, state.results[-1])
    _check_actions(state)
