"""What makes a :class:`~fivecrowns.GameState` possible.

:func:`check_fields` runs whenever a state is built from outside the engine (``GameState(...)``,
``attrs.evolve``, loading JSON): every field has its type and range, every card of the deck is
in exactly one place, the hands have the sizes the round deals, and the round in progress is
one the rules can reach (who is to act, final turns, scores of finished hands). The engine's
own transitions keep a state possible and skip it. What a loaded state
must also satisfy is checked in ``_history``. Both ask the game's own functions (round
parameters, turn order, ties, points); neither is a second model of the rules.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from ..cards import CARDS, JOKER_CODE, NUM_CODES, Card, format_cards
from ..errors import InvalidRulesError, InvalidStateError
from ..rules import Rules
from ._fields import StateFields
from ._round import RoundResult, TableMeld, seats_after
from ._scoring import hand_points
from .actions import Phase

__all__ = ["check_fields", "check_players", "check_round", "fail", "went_out_score"]


#: The longest message of a refusal (the cards or values it names are cut short).
_MAX_MESSAGE: Final = 300


def fail(message: str) -> InvalidStateError:
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
        raise fail(f"rules must be a Rules, got {state.rules!r}")
    last = check_players(state.players, state.rules) - 1
    for name in ("seed", "round_number", "extra_round", "turns", "reshuffles"):
        value = getattr(state, name)
        if type(value) is not int or value < (name == "round_number"):
            raise fail(f"{name} must be an int of at least {int(name == 'round_number')}")
    for name in ("first_dealer", "dealer", "current"):
        value = getattr(state, name)
        if type(value) is not int or not 0 <= value <= last:
            raise fail(f"{name} must be a seat from 0 to {last}, got {value!r}")
    if not isinstance(state.phase, Phase):
        raise fail(f"phase must be a Phase, got {state.phase!r}")
    for name in ("active", "final_turns_left"):
        if not _int_tuple(getattr(state, name), 0, last):
            raise fail(f"{name} must be a tuple of seats from 0 to {last}")
    for name in ("selection", "stock", "discard_pile"):
        if not _is_tuple_of(getattr(state, name), Card):
            raise fail(f"{name} must be a tuple of cards")
    for name in ("hands", "laid_off"):
        value = getattr(state, name)
        if len(value) != state.players or not all(_is_tuple_of(part, Card) for part in value):
            raise fail(f"{name} must hold {state.players} tuples of cards, one per seat")
    if state.went_out is not None and state.went_out not in state.active:
        raise fail(f"went_out must be a player dealt in or None, got {state.went_out!r}")
    if state.taken is not None and not isinstance(state.taken, Card):
        raise fail(f"taken must be a card or None, got {state.taken!r}")
    if not _is_tuple_of(state.table, TableMeld) or not _is_tuple_of(state.results, RoundResult):
        raise fail("table must be a tuple of TableMeld, results a tuple of RoundResult")
    scores = state.round_scores
    if len(scores) != state.players or not all(s is None or type(s) is int for s in scores):
        raise fail(f"round_scores must hold {state.players} ints or None")
    history = state.round_history
    if type(history) is not tuple or not all(
        _int_tuple(pair, 0, 1 << 30) and len(pair) == 2 for pair in history
    ):
        raise fail("round_history must be a tuple of (player, action) pairs")
    if not _int_tuple(state.past_actions, 0, 1 << 30):
        raise fail("past_actions must be a tuple of action integers")


def check_round(rules: Rules, round_number: int, extra_round: int) -> None:
    """Raise unless ``round_number`` (1, 2, ...) can be tie-break round ``extra_round`` (0:
    a round of the schedule) under ``rules``."""
    if extra_round == 0 and round_number > rules.rounds:
        raise fail(f"round {round_number} of a {rules.rounds}-round schedule")
    if extra_round and (
        rules.tie_break != "extra_round" or round_number != rules.rounds + extra_round
    ):
        raise fail(f"tie-break round {extra_round} cannot be round {round_number} here")


def _check_seats(state: StateFields) -> None:
    check_round(state.rules, state.round_number, state.extra_round)
    extra, active = state.extra_round, state.active
    if list(active) != sorted(set(active)) or len(active) < 2:
        raise fail(f"the players dealt in must be 2 or more distinct seats, got {list(active)}")
    if extra == 0 and active != tuple(range(state.players)):
        raise fail("every player is dealt in a round of the schedule")
    for placed in state.table:
        if placed.owner not in active:
            raise fail(f"table meld of player {placed.owner}, who is not dealt in")


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
        raise fail(
            "the cards of hands, stock, discard_pile and table are not the deck"
            + (f"; too many {format_cards(too_many)}" if too_many else "")
            + (f"; missing {format_cards(missing)}" if missing else "")
        )


def _check_final_turns(state: StateFields, went: int) -> None:
    """The round after player ``went`` went out: final turns, hands and scores so far."""
    rules, size, wild = state.rules, state.hand_size, state.wild_rank
    p, drawing, hands = state.current, state.phase is Phase.DRAW, state.hands
    if hands[went]:
        raise fail(f"player {went} went out but still holds cards")
    order = tuple(seat for seat in seats_after(state.active, state.players, went) if seat != went)
    left = state.final_turns_left
    if not left or order[len(order) - len(left) :] != left or left[0] != p:
        raise fail("the final turns are not the players after the one who went out")
    for seat in state.active:
        score, hand = state.round_scores[seat], hands[seat]
        if seat == went:
            bonus = went_out_score(state, state.results, seat, bool(state.extra_round))
            if score != bonus:
                raise fail(f"player {seat} went out, so scores {bonus}")
        elif seat in left:
            want = size + (seat == p and not drawing)
            if score is not None:
                raise fail(f"player {seat} is scored before the final turn")
            if seat != p and len(hand) != want:
                raise fail(f"hands: player {seat} holds {len(hand)} cards, not {want}")
            exact = drawing or rules.auto_arrange_final_hand
            if seat == p and exact and len(hand) != want:
                raise fail(f"hands: player {seat} holds {len(hand)} cards, not {want}")
            if seat == p and not 1 <= len(hand) <= want:
                raise fail(f"hands: player {seat} holds {len(hand)} cards, more than {want}")
        elif score != hand_points(hand, wild, rules) or len(hand) > size:
            raise fail(f"round_scores: player {seat}'s final score {score} does not match the hand")
    _check_table_order(state, went, left[int(not drawing) :])
    _check_laid_off(state, left[int(not drawing) :])


def _check_laid_off(state: StateFields, waiting: tuple[int, ...]) -> None:
    """Cards are laid off in a final turn (none yet by the players ``waiting`` for theirs),
    onto other players' melds, which hold them."""
    for seat, cards in enumerate(state.laid_off):
        if not cards:
            continue
        if not state.rules.lay_off or seat in waiting or seat == state.went_out:
            raise fail(f"laid_off: player {seat} cannot have laid off cards")
        others = Counter(
            card for placed in state.table if placed.owner != seat for card in placed.meld.cards
        )
        if Counter(cards) - others:
            raise fail(f"laid_off: player {seat}'s cards are not in other players' melds")


def _check_table_order(state: StateFields, went: int | None, waiting: tuple[int, ...]) -> None:
    """Melds reach the table in turn order: the player who went out, then each final turn
    (none yet of the players ``waiting`` for theirs)."""
    if went is None:
        if state.table:
            raise fail("table: melds on the table, but nobody went out")
        return
    order = seats_after(state.active, state.players, went - 1)  # from the one who went out
    turn = {seat: i for i, seat in enumerate(order)}
    owners = [turn[placed.owner] for placed in state.table]
    if (
        owners[:1] != [0]  # going out lays down every card
        or owners != sorted(owners)
        or any(placed.owner in waiting for placed in state.table)
    ):
        raise fail("table: melds are not in the order the players laid them down")


def _check_round(state: StateFields) -> None:
    """A round in progress: who acts, the hands, the final turns, what is taken or selected."""
    rules, size, active, p = state.rules, state.hand_size, state.active, state.current
    drawing, went = state.phase is Phase.DRAW, state.went_out
    if p not in active:
        raise fail(f"player {p} is to act but is not dealt in")
    for seat in range(state.players):
        if seat not in active and (state.hands[seat] or state.laid_off[seat]):
            raise fail(f"hands: player {seat} holds or laid off cards but is not dealt in")
    for seat in range(state.players):
        if seat not in active and state.round_scores[seat] is not None:
            raise fail(f"round_scores: player {seat} is scored but not dealt in")
    if drawing and not state.stock:
        raise fail("a player is to draw from an empty stock (it is refilled when a turn ends)")
    if not all(actor in active for actor, _ in state.round_history):
        raise fail("the round history names a player not dealt in")
    if went is None:
        if (
            state.table
            or state.final_turns_left
            or any(s is not None for s in state.round_scores)
            or any(state.laid_off)
        ):
            raise fail("melds, lay-offs, final turns or scores before anyone went out")
        if state.turns >= rules.round_turn_limit:
            raise fail(f"{state.turns} turns in a round limited to {rules.round_turn_limit}")
        for seat in active:
            want = size + (seat == p and not drawing)
            if len(state.hands[seat]) != want:
                raise fail(f"hands: player {seat} holds {len(state.hands[seat])} cards, not {want}")
    else:
        _check_final_turns(state, went)
    if state.taken is not None and (
        drawing or (went is None and state.taken not in state.hands[p])
    ):
        raise fail("a card is marked as just taken from the pile outside a turn")
    if state.selection:
        if drawing or went is None or rules.auto_arrange_final_hand:
            raise fail("cards are selected outside a final turn with lay-downs")
        if Counter(state.selection) - Counter(state.hands[p]):
            raise fail("selected cards are not in the hand")


def went_out_score(
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
            raise fail("nothing is selected, taken or played once the game is over")
        _check_table_order(state, state.went_out, ())
        if any(state.laid_off):
            raise fail("laid_off: cards are laid off only in a round in progress")
        return
    _check_round(state)
