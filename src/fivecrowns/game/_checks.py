"""What makes a :class:`~fivecrowns.GameState` possible.

:func:`check_fields` runs whenever a state is built from outside the engine (``GameState(...)``,
``attrs.evolve``, loading JSON): every field has its type and range, every card of the deck is
in exactly one place, the hands have the sizes the round deals, and the round in progress is
one the rules can reach (who is to act, final turns, scores of finished hands). The engine's
own transitions keep a state possible and skip it. :func:`check_history` adds what a loaded
state must also satisfy: its finished rounds, the deal and the tie-break are those the rules
give, and the actions of each round, counted from its deal (:class:`_Walk`: who acts, in
which phase, how many cards each hand and pile holds; never which cards, which only a
replay knows), lead to the counters, the turn, the phase, the sizes and the results the
state has. Both ask the game's own functions (round parameters, turn order, ties, points); neither
is a second model of the rules.
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import Final

from ..cards import CARDS, JOKER_CODE, NUM_CODES, Card, format_cards
from ..errors import InvalidRulesError, InvalidStateError
from ..melds import Meld
from ..rules import Rules
from ._fields import StateFields
from ._round import RoundResult, TableMeld, round_params, seats_after, tied
from ._scoring import hand_points
from .actions import Action, ActionKind, Phase, num_actions

__all__ = ["check_fields", "check_history", "check_players", "check_round"]


#: The longest message of a refusal (the cards or values it names are cut short).
_MAX_MESSAGE: Final = 300


def _fail(message: str) -> InvalidStateError:
    text = f"impossible state: {message}"
    if len(text) > _MAX_MESSAGE:
        text = f"{text[: _MAX_MESSAGE - 3]}..."
    return InvalidStateError(text)


def check_players(players: object, rules: Rules) -> int:
    """``players`` if the deck deals a game (and its tie-break rounds) to that many."""
    if type(players) is not int or not 2 <= players <= rules.max_players:
        most = rules.max_players
        why = (
            f"the most a deck of {rules.packs} pack(s) can deal the largest hand to"
            if most == rules.deal_capacity
            else f"the official limit; Rules(seat_to_capacity=True) seats {rules.deal_capacity}"
        )
        shown = repr(players)
        raise InvalidStateError(
            f"players must be an int from 2 to {most} ({why}; one player is Solitaire, a "
            f"different game), got {shown if len(shown) <= 60 else shown[:57] + '...'}"
        )
    size = rules.extra_round_hand_size
    if rules.tie_break == "extra_round" and players * size + 2 > rules.deck_size:
        raise InvalidStateError(
            f"a deck of {rules.deck_size} cards cannot deal a tie-break round of "
            f"{size} cards to {players} players"
        )
    return players


def check_rounds_end(rules: Rules) -> None:
    """Refuse rules with a round that no hand can go out of (and no turn limit ends): a game
    under them would play that round for ever, or until the stock happened to run out. New
    games and tournaments are checked; a saved state is loaded as it was saved."""
    if rules.turn_limit is not None:
        return
    least = 2 if rules.go_out_without_discard else 3
    sizes = {
        *rules.schedule,
        *([rules.extra_round_hand_size] if rules.tie_break == "extra_round" else []),
    }
    short = min(sizes)
    if short < least:
        raise InvalidRulesError(
            f"no hand dealt {short} card(s) can go out (a meld needs 3 cards), so a round "
            "dealing them ends only if the stock runs out with nothing to reshuffle; deal at "
            "least 3 cards (2 with go_out_without_discard), or set turn_limit"
        )


def _is_tuple_of(value: object, kind: type) -> bool:
    """True if ``value`` is a tuple of ``kind`` values (exactly that type)."""
    return type(value) is tuple and set(map(type, value)) <= {kind}


def _int_tuple(value: object, low: int, high: int) -> bool:
    if not _is_tuple_of(value, int):
        return False
    assert isinstance(value, tuple)
    return not value or (low <= min(value) and max(value) <= high)


def _check_types(state: StateFields) -> None:
    """Each field has its type; seats are seats."""
    if not isinstance(state.rules, Rules):
        raise _fail(f"rules must be a Rules, got {state.rules!r}")
    last = check_players(state.players, state.rules) - 1
    for name in ("seed", "round_number", "extra_round", "turns", "reshuffles"):
        value = getattr(state, name)
        if type(value) is not int or value < (name == "round_number"):
            raise _fail(f"{name} must be an int of at least {int(name == 'round_number')}")
    for name in ("first_dealer", "dealer", "current"):
        value = getattr(state, name)
        if type(value) is not int or not 0 <= value <= last:
            raise _fail(f"{name} must be a seat from 0 to {last}, got {value!r}")
    if not isinstance(state.phase, Phase):
        raise _fail(f"phase must be a Phase, got {state.phase!r}")
    for name in ("active", "final_turns_left"):
        if not _int_tuple(getattr(state, name), 0, last):
            raise _fail(f"{name} must be a tuple of seats from 0 to {last}")
    for name in ("selection", "stock", "discard_pile"):
        if not _is_tuple_of(getattr(state, name), Card):
            raise _fail(f"{name} must be a tuple of cards")
    for name in ("hands", "laid_off"):
        value = getattr(state, name)
        if len(value) != state.players or not all(_is_tuple_of(part, Card) for part in value):
            raise _fail(f"{name} must hold {state.players} tuples of cards, one per seat")
    if state.went_out is not None and state.went_out not in state.active:
        raise _fail(f"went_out must be a player dealt in or None, got {state.went_out!r}")
    if state.taken is not None and not isinstance(state.taken, Card):
        raise _fail(f"taken must be a card or None, got {state.taken!r}")
    if not _is_tuple_of(state.table, TableMeld) or not _is_tuple_of(state.results, RoundResult):
        raise _fail("table must be a tuple of TableMeld, results a tuple of RoundResult")
    scores = state.round_scores
    if len(scores) != state.players or not all(s is None or type(s) is int for s in scores):
        raise _fail(f"round_scores must hold {state.players} ints or None")
    history = state.round_history
    if type(history) is not tuple or not all(
        _int_tuple(pair, 0, 1 << 30) and len(pair) == 2 for pair in history
    ):
        raise _fail("round_history must be a tuple of (player, action) pairs")
    if not _int_tuple(state.past_actions, 0, 1 << 30):
        raise _fail("past_actions must be a tuple of action integers")


def check_round(rules: Rules, round_number: int, extra_round: int) -> None:
    """Raise unless ``round_number`` (1, 2, ...) can be tie-break round ``extra_round`` (0:
    a round of the schedule) under ``rules``."""
    if extra_round == 0 and round_number > rules.rounds:
        raise _fail(f"round {round_number} of a {rules.rounds}-round schedule")
    if extra_round and (
        rules.tie_break != "extra_round" or round_number != rules.rounds + extra_round
    ):
        raise _fail(f"tie-break round {extra_round} cannot be round {round_number} here")


def _check_seats(state: StateFields) -> None:
    check_round(state.rules, state.round_number, state.extra_round)
    extra, active = state.extra_round, state.active
    if list(active) != sorted(set(active)) or len(active) < 2:
        raise _fail(f"the players dealt in must be 2 or more distinct seats, got {list(active)}")
    if extra == 0 and active != tuple(range(state.players)):
        raise _fail("every player is dealt in a round of the schedule")
    for placed in state.table:
        if placed.owner not in active:
            raise _fail(f"table meld of player {placed.owner}, who is not dealt in")


def _check_cards(state: StateFields) -> None:
    """Every card of the deck in exactly one place."""
    places = [*state.hands, state.stock, state.discard_pile, *(t.meld.cards for t in state.table)]
    counts = [0] * NUM_CODES
    for place in places:
        for card in place:
            counts[card.code] += 1
    packs = state.rules.packs
    full = [packs] * JOKER_CODE + [3 * packs]
    if counts != full:
        too_many = [CARDS[c] for c in range(NUM_CODES) for _ in range(counts[c] - full[c])]
        missing = [CARDS[c] for c in range(NUM_CODES) for _ in range(full[c] - counts[c])]
        raise _fail(
            "the cards of hands, stock, discard_pile and table are not the deck"
            + (f"; too many {format_cards(too_many)}" if too_many else "")
            + (f"; missing {format_cards(missing)}" if missing else "")
        )


def _check_final_turns(state: StateFields, went: int) -> None:
    """The round after player ``went`` went out: final turns, hands and scores so far."""
    rules, size, wild = state.rules, state.hand_size, state.wild_rank
    p, drawing, hands = state.current, state.phase is Phase.DRAW, state.hands
    if hands[went]:
        raise _fail(f"player {went} went out but still holds cards")
    order = tuple(seat for seat in seats_after(state.active, state.players, went) if seat != went)
    left = state.final_turns_left
    if not left or order[len(order) - len(left) :] != left or left[0] != p:
        raise _fail("the final turns are not the players after the one who went out")
    for seat in state.active:
        score, hand = state.round_scores[seat], hands[seat]
        if seat == went:
            bonus = _went_out_score(state, state.results, seat, bool(state.extra_round))
            if score != bonus:
                raise _fail(f"player {seat} went out, so scores {bonus}")
        elif seat in left:
            want = size + (seat == p and not drawing)
            if score is not None:
                raise _fail(f"player {seat} is scored before the final turn")
            if seat != p and len(hand) != want:
                raise _fail(f"hands: player {seat} holds {len(hand)} cards, not {want}")
            exact = drawing or rules.auto_arrange_final_hand
            if seat == p and exact and len(hand) != want:
                raise _fail(f"hands: player {seat} holds {len(hand)} cards, not {want}")
            if seat == p and not 1 <= len(hand) <= want:
                raise _fail(f"hands: player {seat} holds {len(hand)} cards, more than {want}")
        elif score != hand_points(hand, wild, rules) or len(hand) > size:
            raise _fail(
                f"round_scores: player {seat}'s final score {score} does not match the hand"
            )
    _check_table_order(state, went, left[int(not drawing) :])
    _check_laid_off(state, left[int(not drawing) :])


def _check_laid_off(state: StateFields, waiting: tuple[int, ...]) -> None:
    """Cards are laid off in a final turn (none yet by the players ``waiting`` for theirs),
    onto other players' melds, which hold them."""
    for seat, cards in enumerate(state.laid_off):
        if not cards:
            continue
        if not state.rules.lay_off or seat in waiting or seat == state.went_out:
            raise _fail(f"laid_off: player {seat} cannot have laid off cards")
        others = Counter(
            card for placed in state.table if placed.owner != seat for card in placed.meld.cards
        )
        if Counter(cards) - others:
            raise _fail(f"laid_off: player {seat}'s cards are not in other players' melds")


def _check_table_order(state: StateFields, went: int | None, waiting: tuple[int, ...]) -> None:
    """Melds reach the table in turn order: the player who went out, then each final turn
    (none yet of the players ``waiting`` for theirs)."""
    if went is None:
        if state.table:
            raise _fail("table: melds on the table, but nobody went out")
        return
    order = seats_after(state.active, state.players, went - 1)  # from the one who went out
    turn = {seat: i for i, seat in enumerate(order)}
    owners = [turn[placed.owner] for placed in state.table]
    if (
        owners[:1] != [0]  # going out lays down every card
        or owners != sorted(owners)
        or any(placed.owner in waiting for placed in state.table)
    ):
        raise _fail("table: melds are not in the order the players laid them down")


def _check_round(state: StateFields) -> None:
    """A round in progress: who acts, the hands, the final turns, what is taken or selected."""
    rules, size, active, p = state.rules, state.hand_size, state.active, state.current
    drawing, went = state.phase is Phase.DRAW, state.went_out
    if p not in active:
        raise _fail(f"player {p} is to act but is not dealt in")
    for seat in range(state.players):
        if seat not in active and (state.hands[seat] or state.laid_off[seat]):
            raise _fail(f"hands: player {seat} holds or laid off cards but is not dealt in")
    for seat in range(state.players):
        if seat not in active and state.round_scores[seat] is not None:
            raise _fail(f"round_scores: player {seat} is scored but not dealt in")
    if drawing and not state.stock:
        raise _fail("a player is to draw from an empty stock (it is refilled when a turn ends)")
    if not all(actor in active for actor, _ in state.round_history):
        raise _fail("the round history names a player not dealt in")
    if went is None:
        if (
            state.table
            or state.final_turns_left
            or any(s is not None for s in state.round_scores)
            or any(state.laid_off)
        ):
            raise _fail("melds, lay-offs, final turns or scores before anyone went out")
        if state.turns >= rules.round_turn_limit:
            raise _fail(f"{state.turns} turns in a round limited to {rules.round_turn_limit}")
        for seat in active:
            want = size + (seat == p and not drawing)
            if len(state.hands[seat]) != want:
                raise _fail(
                    f"hands: player {seat} holds {len(state.hands[seat])} cards, not {want}"
                )
    else:
        _check_final_turns(state, went)
    if state.taken is not None and (
        drawing or (went is None and state.taken not in state.hands[p])
    ):
        raise _fail("a card is marked as just taken from the pile outside a turn")
    if state.selection:
        if drawing or went is None or rules.auto_arrange_final_hand:
            raise _fail("cards are selected outside a final turn with lay-downs")
        if Counter(state.selection) - Counter(state.hands[p]):
            raise _fail("selected cards are not in the hand")


def _went_out_score(
    state: StateFields, before: tuple[RoundResult, ...], seat: int, extra: bool
) -> int:
    """The round score of ``seat``, who went out, after the rounds ``before``."""
    if extra:
        return state.rules.go_out_bonus
    total = sum(r.scores[seat] or 0 for r in before if not r.extra_round)
    return state.rules.go_out_score(total)


def check_fields(state: StateFields) -> None:
    """Raise :class:`InvalidStateError`, naming the field, unless every field of ``state``
    is possible on its own and with the others (see the module docs)."""
    _check_types(state)
    _check_seats(state)
    _check_cards(state)
    if state.phase is Phase.OVER:
        if state.selection or state.taken is not None or state.round_history:
            raise _fail("nothing is selected, taken or played once the game is over")
        _check_table_order(state, state.went_out, ())
        if any(state.laid_off):
            raise _fail("laid_off: cards are laid off only in a round in progress")
        return
    _check_round(state)


def _check_result(state: StateFields, index: int, result: RoundResult) -> None:
    rules, players = state.rules, state.players
    if result.round_number != index:
        raise _fail(f"round result {index} says round {result.round_number}")
    extra = max(0, index - rules.rounds)
    if result.extra_round != extra:
        raise _fail(f"round result {index} has extra_round {result.extra_round}")
    if (result.hand_size, result.wild_rank) != round_params(rules, index, extra):
        raise _fail(f"round result {index} has the wrong hand size or wild rank")
    if result.dealer != (state.first_dealer + index - 1) % players:
        raise _fail(f"round result {index} names the wrong dealer")
    played = [p for p, score in enumerate(result.scores) if score is not None]
    if not extra and len(played) != players:
        raise _fail(f"round result {index} lacks a score")
    went = result.went_out
    most = _most_points(rules, result.hand_size, result.wild_rank)
    bonus = (
        0 if went is None else _went_out_score(state, state.results[: index - 1], went, bool(extra))
    )
    for p in played:
        score = result.scores[p]
        if score is not None and score > most:
            shown = score if score.bit_length() < 64 else f"an int of {len(str(score))} digits"
            raise _fail(
                f"results: round {index} gives player {p} {shown} points, more than "
                f"{result.hand_size} cards can cost ({most})"
            )
        if score is None or score < (bonus if p == went else 0) or (p == went and score != bonus):
            raise _fail(f"results: round {index} gives player {p} an impossible score {score}")
    if (result.ended == "out" and went is None) or (
        result.ended == "turn_limit" and went is not None
    ):
        raise _fail(f"round result {index}: ended {result.ended!r} with went_out {went}")
    if went is not None and went not in played:
        raise _fail(f"round result {index}: player {went} went out without playing")
    for p, layout in enumerate(result.layouts):
        score = result.scores[p]
        if (layout is None) != (score is None):
            raise _fail(f"round result {index}: player {p} has a score or layout, not both")
        if layout is None or score is None:
            continue
        points = hand_points(layout.deadwood, result.wild_rank, rules)
        if layout.points != points or score != points + (bonus if p == went else 0):
            raise _fail(f"round result {index}: player {p}'s layout does not match the score")


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
        return _fail(f"{self.where}: action {number} {message}")

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
            if len(self.pile) <= 1:
                self.ended = "stock"
                return
            self.reshuffles, self.stock = self.reshuffles + 1, len(self.pile) - 1
            self.pile = self.pile[-1:]
        self.phase, self.taken, self.selection = Phase.DRAW, None, 0

    def compare(self, state: StateFields) -> None:
        """Raise unless ``state`` stands where these actions leave the round."""
        over = state.phase is Phase.OVER
        if (self.ended is not None) != over:
            raise _fail(
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
                raise _fail(f"{name} is {got}, but the {self.where} gives {want}")
        for seat, size in self.hands.items():
            if size is not None and len(state.hands[seat]) != size:
                raise _fail(
                    f"hands: player {seat} holds {len(state.hands[seat])} cards, but the "
                    f"{self.where} gives {size}"
                )
        for index, card in enumerate(self.pile):
            if card is not None and state.discard_pile[index] != card:
                raise _fail(
                    f"discard_pile: card {index} is {state.discard_pile[index]}, but the "
                    f"{self.where} discarded {card} there"
                )
        if not over and self.taken is not None and self.taken[0] not in (None, state.taken):
            raise _fail(f"taken is {state.taken}, but the {self.where} took {self.taken[0]}")


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
            raise _fail(f"past_actions: round {index} does not finish")
        if (walk.ended, walk.went) != (result.ended, result.went_out):
            raise _fail(
                f"results: round {index} ended {result.ended!r} with went_out "
                f"{result.went_out}, but the past_actions end it {walk.ended!r} with "
                f"went_out {walk.went}"
            )
        start = number
    if start != len(actions):
        raise _fail(f"past_actions: {len(actions) - start} actions after the last finished round")
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
            raise _fail(f"table: player {p}'s melds differ from the last round's layout")
        hand = Counter(state.hands[p])
        rest = [card for meld in layout.melds[len(own) :] for card in meld.cards]
        if hand != Counter(layout.deadwood) and hand != Counter(
            [*rest, *layout.laid_off, *layout.deadwood]
        ):
            raise _fail(f"hands: player {p}'s hand differs from the last round's layout")


def check_history(state: StateFields) -> None:
    """Raise :class:`InvalidStateError` unless the finished rounds, the deal and the players
    dealt in are those the rules give (the checks a loaded state adds to
    :func:`check_fields`)."""
    rules, over = state.rules, state.phase is Phase.OVER
    done = state.round_number if over else state.round_number - 1
    if len(state.results) != done:
        raise _fail(f"{len(state.results)} round results, expected {done}")
    for index, result in enumerate(state.results, start=1):
        _check_result(state, index, result)
        if result.extra_round:
            # The tie that called this round, from the results before it.
            expected = tied(state.results[: index - 1], state.scores, rules)
            if _played(result) != expected:
                raise _fail(
                    f"results: tie-break round {index} scores players {list(_played(result))}, "
                    f"but the tie is {list(expected)}"
                )
    if state.extra_round:
        # The tie that called this round: once the game is over, this round's own result is
        # the last one and must be left out.
        before = state.results[:-1] if over else state.results
        expected = tied(before, state.scores, rules)
        if state.active != expected:
            raise _fail(
                f"tie-break round dealt to {list(state.active)}, but the tie is {list(expected)}"
            )
    if state.dealer != (state.first_dealer + state.round_number - 1) % state.players:
        raise _fail("the deal passes one seat to the left each round from first_dealer")
    if over and state.round_number < rules.rounds:
        raise _fail(f"phase: the game is over after round {state.round_number} of {rules.rounds}")
    if over and tied(state.results, state.scores, rules):
        raise _fail("the game is over but a tie-break round is due")
    if over and tuple(state.round_scores) != state.results[-1].scores:
        raise _fail("the last round's scores differ from its result")
    if over:
        _check_last_layouts(state, state.results[-1])
    _check_actions(state)
