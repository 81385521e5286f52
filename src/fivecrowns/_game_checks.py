"""What makes a :class:`~fivecrowns.GameState` possible.

:func:`check_fields` runs whenever a state is built from outside the engine (``GameState(...)``,
``attrs.evolve``, loading JSON): every field has its type and range, every card of the deck is
in exactly one place, the hands have the sizes the round deals, and the round in progress is
one the rules can reach (who is to act, final turns, scores of finished hands). The engine's
own transitions keep a state possible and skip it. :func:`check_history` adds what a loaded
state must also satisfy: its finished rounds, the deal and the tie-break are those the rules
give. Both ask the game's own functions (round parameters, turn order, ties, points); neither
is a second model of the rules.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ._round import RoundResult, TableMeld, round_params, seats_after, tied
from ._scoring import hand_points
from .actions import Phase
from .cards import CARDS, JOKER_CODE, NUM_CODES, Card, format_cards
from .errors import InvalidStateError
from .rules import Rules

if TYPE_CHECKING:
    from .game import GameState

__all__ = ["check_fields", "check_history", "check_players", "check_round"]


def _fail(message: str) -> InvalidStateError:
    return InvalidStateError(f"impossible state: {message}")


def check_players(players: object, rules: Rules) -> int:
    """``players`` if the deck deals a game (and its tie-break rounds) to that many."""
    if type(players) is not int or not 2 <= players <= rules.max_players:
        raise InvalidStateError(
            f"players must be an int from 2 to {rules.max_players} (the most a deck of "
            f"{rules.packs} pack(s) can deal the largest hand to; one player is Solitaire, a "
            f"different game), got {players!r}"
        )
    size = rules.extra_round_hand_size
    if rules.tie_break == "extra_round" and players * size + 2 > rules.deck_size:
        raise InvalidStateError(
            f"a deck of {rules.deck_size} cards cannot deal a tie-break round of "
            f"{size} cards to {players} players"
        )
    return players


def _is_tuple_of(value: object, kind: type) -> bool:
    """True if ``value`` is a tuple of ``kind`` values (exactly that type)."""
    return type(value) is tuple and set(map(type, value)) <= {kind}


def _int_tuple(value: object, low: int, high: int) -> bool:
    if not _is_tuple_of(value, int):
        return False
    assert isinstance(value, tuple)
    return not value or (low <= min(value) and max(value) <= high)


def _check_types(state: GameState) -> None:
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


def _check_seats(state: GameState) -> None:
    check_round(state.rules, state.round_number, state.extra_round)
    extra, active = state.extra_round, state.active
    if list(active) != sorted(set(active)) or len(active) < 2:
        raise _fail(f"the players dealt in must be 2 or more distinct seats, got {list(active)}")
    if extra == 0 and active != tuple(range(state.players)):
        raise _fail("every player is dealt in a round of the schedule")
    for placed in state.table:
        if placed.owner not in active:
            raise _fail(f"table meld of player {placed.owner}, who is not dealt in")


def _check_cards(state: GameState) -> None:
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


def _check_final_turns(state: GameState, went: int) -> None:
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
            if score != rules.go_out_bonus:
                raise _fail(f"player {seat} went out, so scores {rules.go_out_bonus}")
        elif seat in left:
            want = size + (seat == p and not drawing)
            if score is not None:
                raise _fail(f"player {seat} is scored before the final turn")
            if seat != p and len(hand) != want:
                raise _fail(f"hands: player {seat} holds {len(hand)} cards, not {want}")
            if seat == p and not 1 <= len(hand) <= want:
                raise _fail(f"hands: player {seat} holds {len(hand)} cards, more than {want}")
        elif score != hand_points(hand, wild, rules) or len(hand) > size:
            raise _fail(f"player {seat}'s final score {score} does not match the hand")


def _check_round(state: GameState) -> None:
    """A round in progress: who acts, the hands, the final turns, what is taken or selected."""
    rules, size, active, p = state.rules, state.hand_size, state.active, state.current
    drawing, went = state.phase is Phase.DRAW, state.went_out
    if p not in active:
        raise _fail(f"player {p} is to act but is not dealt in")
    for seat in range(state.players):
        if seat not in active and (state.hands[seat] or state.laid_off[seat]):
            raise _fail(f"hands: player {seat} holds or laid off cards but is not dealt in")
    if drawing and not state.stock:
        raise _fail("a player is to draw from an empty stock (it is refilled when a turn ends)")
    if not all(actor in active for actor, _ in state.round_history):
        raise _fail("the round history names a player not dealt in")
    if went is None:
        if state.table or state.final_turns_left or any(s is not None for s in state.round_scores):
            raise _fail("melds, final turns or scores before anyone went out")
        if rules.turn_limit is not None and state.turns >= rules.turn_limit:
            raise _fail(f"{state.turns} turns in a round limited to {rules.turn_limit}")
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


def check_fields(state: GameState) -> None:
    """Raise :class:`InvalidStateError`, naming the field, unless every field of ``state``
    is possible on its own and with the others (see the module docs)."""
    _check_types(state)
    _check_seats(state)
    _check_cards(state)
    if state.phase is Phase.OVER:
        if state.selection or state.taken is not None or state.round_history:
            raise _fail("nothing is selected, taken or played once the game is over")
        return
    _check_round(state)


def _check_result(state: GameState, index: int, result: RoundResult) -> None:
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
    for p in played:
        score = result.scores[p]
        if (
            score is None
            or score < (rules.go_out_bonus if p == went else 0)
            or (p == went and score != rules.go_out_bonus)
        ):
            raise _fail(f"round result {index} gives player {p} an impossible score {score}")
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
        if layout.points != points or score != points + (rules.go_out_bonus if p == went else 0):
            raise _fail(f"round result {index}: player {p}'s layout does not match the score")


def check_history(state: GameState) -> None:
    """Raise :class:`InvalidStateError` unless the finished rounds, the deal and the players
    dealt in are those the rules give (the checks a loaded state adds to
    :func:`check_fields`)."""
    rules, over = state.rules, state.phase is Phase.OVER
    done = state.round_number if over else state.round_number - 1
    if len(state.results) != done:
        raise _fail(f"{len(state.results)} round results, expected {done}")
    for index, result in enumerate(state.results, start=1):
        _check_result(state, index, result)
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
    if over and tied(state.results, state.scores, rules):
        raise _fail("the game is over but a tie-break round is due")
    if over and tuple(state.round_scores) != state.results[-1].scores:
        raise _fail("the last round's scores differ from its result")
