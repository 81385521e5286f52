"""The game: an immutable state machine for a whole match of Five Crowns.

:meth:`GameState.new` deals round 1; :meth:`GameState.apply` returns the state after one
action (the old state is untouched); :meth:`GameState.legal_actions` lists exactly the actions
:meth:`~GameState.apply` accepts, and anything else raises :class:`IllegalActionError` saying
why. The same seed and the same actions give the same game on every machine.

>>> import fivecrowns as fc
>>> state = fc.GameState.new(players=3, rules=fc.Rules.short_game(2), seed=7)
>>> state.round_number, state.wild_rank, state.current_player, state.phase
(1, 3, 0, Phase.DRAW)
>>> state.legal_actions()
(Action.parse('draw'), Action.parse('take'))
>>> state = state.apply(fc.DRAW_STOCK)
>>> state.hand(0)
(Card.parse('4H'), Card.parse('KC'), Card.parse('6S'), Card.parse('JK'))
>>> state.apply("discard 10H")
Traceback (most recent call last):
...
fivecrowns.errors.IllegalActionError: 10H is not in your hand (player 0 holds 4H KC 6S JK)
>>> import random
>>> rng = random.Random(1)
>>> while not state.is_over:
...     state = state.apply(rng.choice(state.legal_actions()))
>>> state.scores, state.winners
((40, 72, 37), (2,))

Decisions where the rule book is silent (see also the rules page):

- Seats are numbered 0..players-1 and "left" is the next number: play goes 0, 1, 2, ...
  By default the last seat deals round 1, so player 0 plays first.
- The empty stock is refilled as soon as a turn ends with it empty (before the next player
  draws), so a player about to draw always has a stock. If there is nothing to reshuffle the
  round ends and every hand is scored by its best arrangement.
- Going out lays down the solver's arrangement of the hand (the engine checks the hand melds;
  the player does not pick the melds), with or without ``auto_arrange_final_hand``.
- A final turn (after someone went out) is draw then discard; the player cannot "go out"
  again. With ``auto_arrange_final_hand`` the rest of the hand is arranged for the least
  deadwood (with ``lay_off``, counting what can be added to the table melds), and its melds go
  onto the table, where later final-turn players may lay off onto them. Without it, the
  player selects cards and lays them down (or off) before discarding; what is left in hand
  counts.
- ``may_discard_taken_discard=False`` forbids discarding (or going out on) any card equal to
  the one just taken from the pile, since copies cannot be told apart, unless the hand holds
  nothing else.
- ``go_out_bonus`` (e.g. -10) is the round score of the player who went out, so totals can go
  below zero; every other round score is zero or more.
- ``tie_break="extra_round"``: the tied players play a round of ``extra_round_hand_size``
  cards (dealt by the next dealer, only to them; wild rank its size when 3..13). Its scores
  decide between them and do not enter :attr:`GameState.scores`; if they tie again, the
  still-tied players play another. ``"most_rounds_out"``: a tie that remains is shared.
- ``turn_limit`` is a simulation safeguard, not a rule: after that many turns in a round with
  nobody out the round ends and every hand is scored by its best arrangement.
"""

from __future__ import annotations

import bisect
import functools
import json
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, Final

import attrs
import numpy as np
import numpy.typing as npt

from ._round import FinalLayout, RoundResult, TableMeld
from ._scoring import arrange_final, extend_meld, hand_points, meld_of
from ._shuffle import new_seed, shuffled
from .actions import (
    DRAW_DISCARD,
    DRAW_STOCK,
    GO_OUT_WITHOUT_DISCARD,
    MELD_BOOK,
    MELD_RUN,
    Action,
    ActionKind,
    Phase,
    num_actions,
)
from .cards import NUM_CODES, Card, deck, format_cards, parse_cards
from .errors import FiveCrownsError, IllegalActionError, InvalidStateError
from .melds import Meld
from .rules import OFFICIAL, Rules
from .solver import best_arrangement, can_go_out, min_deadwood
from .views import PlayerView

__all__ = ["RECORD_SCHEMA", "STATE_SCHEMA", "GameRecord", "GameState"]

#: The schema tag of :meth:`GameState.to_json`.
STATE_SCHEMA: Final = "fivecrowns.state/1"
#: The schema tag of :meth:`GameRecord.to_json`.
RECORD_SCHEMA: Final = "fivecrowns.record/1"

_CARDS: Final = tuple(Card.from_code(code) for code in range(NUM_CODES))
_SELECTING: Final = (
    ActionKind.SELECT,
    ActionKind.DESELECT,
    ActionKind.MELD_BOOK,
    ActionKind.MELD_RUN,
    ActionKind.LAY_OFF,
)
_PRIVATE: Final = (ActionKind.SELECT, ActionKind.DESELECT)
_ENDINGS: Final = ("out", "stock", "turn_limit")


def _code(card: Card) -> int:
    return card.code


def _insert(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = bisect.bisect_right(hand, card.code, key=_code)
    return (*hand[:i], card, *hand[i:])


def _remove(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


def _without(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return tuple(rest)


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_code))


def _put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _listed(cards: Sequence[Card]) -> str:
    names = [str(card) for card in cards]
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


@functools.lru_cache(maxsize=64)
def _melding(rules: Rules) -> Rules:
    """Rules under which "no deadwood points" means "every card melded": unmelded wilds must
    cost something."""
    if rules.wild_points > 0 and rules.joker_points > 0:
        return rules
    return attrs.evolve(rules, wild_points=1, joker_points=1)


def _melds_all(cards: Sequence[Card], wild_rank: int | None, rules: Rules) -> bool:
    return min_deadwood(cards, wild_rank, rules=_melding(rules)) == 0


@attrs.frozen(repr=False)
class GameState:
    """The whole state of a match: immutable, hashable, comparable, JSON round-trippable.

    Build one with :meth:`new` (or :meth:`from_json`); never build it field by field. The
    fields are public to read: ``hands`` (each sorted by card code), ``stock`` (its top card
    last), ``discard_pile`` (its top card last), ``table`` (melds laid down this round),
    ``selection`` (cards the current player picked to lay down in a final turn),
    ``laid_off`` (each player's cards laid off onto others' melds this round),
    ``went_out`` (who went out this round), ``final_turns_left`` (who still takes a final
    turn, in order), ``taken`` (the card just taken from the discard pile), ``turns``
    (turns finished this round), ``reshuffles``, ``round_scores`` (final hands scored so far),
    ``results`` (finished rounds), and the action history. A player's view of the state,
    with nothing hidden in it, is :meth:`view`.
    """

    rules: Rules
    players: int
    seed: int
    first_dealer: int
    round_number: int
    extra_round: int
    dealer: int
    active: tuple[int, ...]
    current: int
    phase: Phase
    hands: tuple[tuple[Card, ...], ...]
    selection: tuple[Card, ...]
    stock: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    table: tuple[TableMeld, ...]
    went_out: int | None
    final_turns_left: tuple[int, ...]
    taken: Card | None
    turns: int
    reshuffles: int
    round_scores: tuple[int | None, ...]
    laid_off: tuple[tuple[Card, ...], ...]
    results: tuple[RoundResult, ...]
    round_history: tuple[tuple[int, int], ...]
    past_actions: tuple[int, ...]

    # -- construction -----------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: int = 4,
        *,
        rules: Rules = OFFICIAL,
        seed: int | None = None,
        first_dealer: int | None = None,
    ) -> GameState:
        """A new match, round 1 dealt.

        ``players`` is 2 to ``rules.max_players`` (7 with the official deck; one player is
        Solitaire, a different game). ``seed`` (an int of at least 0) fixes every shuffle;
        without it, one is drawn from the operating system's entropy (and kept in the state,
        never in a player's view). ``first_dealer`` is the seat that deals round 1 (default:
        the last seat, so player 0 plays first).
        """
        if not isinstance(rules, Rules):
            raise InvalidStateError(f"rules must be a Rules, got {rules!r}")
        _check_players(players, rules)
        if seed is None:
            seed = new_seed()
        if type(seed) is not int or seed < 0:
            raise InvalidStateError(f"seed must be an int of at least 0 (or None), got {seed!r}")
        dealer = players - 1 if first_dealer is None else first_dealer
        if type(dealer) is not int or not 0 <= dealer < players:
            raise InvalidStateError(
                f"first_dealer must be a seat from 0 to {players - 1}, got {first_dealer!r}"
            )
        blank = cls(
            rules=rules,
            players=players,
            seed=seed,
            first_dealer=dealer,
            round_number=1,
            extra_round=0,
            dealer=dealer,
            active=tuple(range(players)),
            current=0,
            phase=Phase.DRAW,
            hands=((),) * players,
            selection=(),
            stock=(),
            discard_pile=(),
            table=(),
            went_out=None,
            final_turns_left=(),
            taken=None,
            turns=0,
            reshuffles=0,
            round_scores=(None,) * players,
            laid_off=((),) * players,
            results=(),
            round_history=(),
            past_actions=(),
        )
        return blank._dealt()

    def _seats_after(self, seat: int) -> tuple[int, ...]:
        """The players dealt in, clockwise from the one left of ``seat``."""
        n = self.players
        return tuple(sorted(self.active, key=lambda p: (p - seat - 1) % n))

    def _dealt(self) -> GameState:
        """This state's round dealt: fresh hands, discard, stock; first player to draw."""
        size = self.hand_size
        order = shuffled(deck(self.rules.packs), self.seed, self.round_number, self.extra_round, 0)
        seats = self._seats_after(self.dealer)
        hands: list[list[Card]] = [[] for _ in range(self.players)]
        dealt = size * len(seats)
        for i in range(dealt):
            hands[seats[i % len(seats)]].append(order[i])
        return attrs.evolve(
            self,
            current=seats[0],
            phase=Phase.DRAW,
            hands=tuple(tuple(sorted(hand, key=_code)) for hand in hands),
            selection=(),
            stock=order[:dealt:-1],
            discard_pile=(order[dealt],),
            table=(),
            went_out=None,
            final_turns_left=(),
            taken=None,
            turns=0,
            reshuffles=0,
            round_scores=(None,) * self.players,
            laid_off=((),) * self.players,
        )

    # -- reading the state ------------------------------------------------------------------

    @property
    def hand_size(self) -> int:
        """The number of cards dealt to each player this round."""
        if self.extra_round:
            return self.rules.extra_round_hand_size
        return self.rules.hand_size(self.round_number)

    @property
    def wild_rank(self) -> int | None:
        """This round's wild rank (3..13), or None when only jokers are wild."""
        if self.extra_round:
            size = self.rules.extra_round_hand_size
            return size if 3 <= size <= 13 else None
        return self.rules.wild_rank(self.round_number)

    @property
    def current_player(self) -> int | None:
        """The player to act, or None when the game is over."""
        return None if self.phase is Phase.OVER else self.current

    @property
    def is_over(self) -> bool:
        """True when the match is finished."""
        return self.phase is Phase.OVER

    @property
    def is_terminal(self) -> bool:
        """The same as :attr:`is_over` (the OpenSpiel name)."""
        return self.phase is Phase.OVER

    @property
    def final_turn(self) -> bool:
        """True once someone has gone out this round (the others take their final turns)."""
        return self.went_out is not None

    def hand(self, player: int) -> tuple[Card, ...]:
        """Player ``player``'s hand, sorted by card code."""
        return self.hands[self._seat(player)]

    @functools.cached_property
    def scores(self) -> tuple[int, ...]:
        """Each player's total over the finished rounds of the schedule (lowest wins;
        tie-break rounds are not included)."""
        totals = [0] * self.players
        for result in self.results:
            if not result.extra_round:
                for player, score in enumerate(result.scores):
                    totals[player] += score or 0
        return tuple(totals)

    @property
    def returns(self) -> tuple[float, ...]:
        """For bots that maximise: each player's total score, negated."""
        return tuple(-float(score) for score in self.scores)

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning players once the game is over (several for a shared win); empty
        before."""
        if self.phase is not Phase.OVER:
            return ()
        return _winners(self.results, self.scores, self.rules, self.players)

    @property
    def actions(self) -> tuple[int, ...]:
        """Every action applied since the deal of round 1, as integers."""
        return self.past_actions + tuple(action for _, action in self.round_history)

    def record(self) -> GameRecord:
        """The game record (rules, seed, actions) that replays to this state."""
        return GameRecord(self.players, self.rules, self.seed, self.first_dealer, self.actions)

    def clone(self) -> GameState:
        """This state (it is immutable, so a clone is free)."""
        return self

    def __repr__(self) -> str:
        if self.phase is Phase.OVER:
            where = f"over, winners {list(self.winners)}"
        else:
            extra = f" (tie-break {self.extra_round})" if self.extra_round else ""
            where = (
                f"round {self.round_number}/{self.rules.rounds}{extra}, "
                f"player {self.current} to {self.phase.value}"
            )
        return f"<GameState {self.players} players, {where}, scores {list(self.scores)}>"

    def _seat(self, player: int) -> int:
        if type(player) is not int or not 0 <= player < self.players:
            raise IllegalActionError(
                f"player must be a seat from 0 to {self.players - 1}, got {player!r}"
            )
        return player

    # -- legal actions ----------------------------------------------------------------------

    @functools.cached_property
    def _legal(self) -> tuple[Action, ...]:
        if self.phase is Phase.OVER:
            return ()
        if self.phase is Phase.DRAW:
            return (DRAW_STOCK, DRAW_DISCARD) if self.discard_pile else (DRAW_STOCK,)
        rules, wild = self.rules, self.wild_rank
        hand = self.hands[self.current]
        distinct = sorted(set(hand), key=_code)
        forbidden = self._forbidden_discard()
        droppable = [card for card in distinct if card != forbidden]
        actions: list[Action] = [Action.discard(card) for card in droppable]
        if self.went_out is None:
            if can_go_out(hand, wild, rules=_melding(rules)):
                actions.extend(
                    Action.go_out(card)
                    for card in droppable
                    if _melds_all(_remove(hand, card), wild, rules)
                )
                if rules.go_out_without_discard and _melds_all(hand, wild, rules):
                    actions.append(GO_OUT_WITHOUT_DISCARD)
        elif rules.auto_arrange_final_hand:
            if rules.go_out_without_discard and self._final_melds_all(hand):
                actions.append(GO_OUT_WITHOUT_DISCARD)
        else:
            actions.extend(self._selecting_actions(hand, distinct))
        return tuple(actions)

    def _selecting_actions(self, hand: tuple[Card, ...], distinct: list[Card]) -> list[Action]:
        selection = self.selection
        chosen = Counter(selection)
        held = Counter(hand)
        actions = [Action.select(card) for card in distinct if held[card] > chosen[card]]
        actions.extend(Action.deselect(card) for card in sorted(chosen, key=_code))
        if selection and (len(hand) > len(selection) or self.rules.go_out_without_discard):
            for action, kind in ((MELD_BOOK, "book"), (MELD_RUN, "run")):
                try:
                    meld_of(selection, self.wild_rank, self.rules, kind)
                except FiveCrownsError:
                    continue
                actions.append(action)
            if self.rules.lay_off:
                for index, placed in enumerate(self.table):
                    try:
                        extend_meld(placed.meld, selection, self.rules)
                    except FiveCrownsError:
                        continue
                    actions.append(Action.lay_off(index))
        return actions

    def _final_melds_all(self, hand: Sequence[Card]) -> bool:
        layout = arrange_final(hand, self._table_melds(), self.wild_rank, _melding(self.rules))
        return not layout.deadwood

    def _table_melds(self) -> tuple[Meld, ...]:
        return tuple(placed.meld for placed in self.table)

    def _forbidden_discard(self) -> Card | None:
        taken = self.taken
        if taken is None or self.rules.may_discard_taken_discard:
            return None
        if all(card == taken for card in self.hands[self.current]):
            return None
        return taken

    @functools.cached_property
    def _legal_ints(self) -> frozenset[int]:
        return frozenset(action.to_int() for action in self._legal)

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action :meth:`apply` accepts now, in integer order (empty when over)."""
        return self._legal

    def legal_action_ints(self) -> tuple[int, ...]:
        """The legal actions as integers (see :mod:`fivecrowns.actions`), ascending."""
        return tuple(action.to_int() for action in self._legal)

    def legal_action_mask(self) -> npt.NDArray[np.bool_]:
        """A bool array of :func:`~fivecrowns.num_actions` entries, True at each legal
        action's integer."""
        mask = np.zeros(num_actions(self.rules), dtype=np.bool_)
        mask[list(self._legal_ints)] = True
        return mask

    def is_legal(self, action: Action | int | str) -> bool:
        """True if :meth:`apply` would accept ``action``."""
        try:
            return _as_action(action, self.rules).to_int() in self._legal_ints
        except FiveCrownsError:
            return False

    # -- applying actions -------------------------------------------------------------------

    def apply(self, action: Action | int | str) -> GameState:
        """The state after ``action`` (an :class:`Action`, its integer or its notation).

        Raises :class:`IllegalActionError` saying why if the action is not legal now; this
        state is never changed.
        """
        act = _as_action(action, self.rules)
        value = act.to_int()
        if value not in self._legal_ints:
            raise IllegalActionError(self._why_illegal(act))
        state = attrs.evolve(self, round_history=(*self.round_history, (self.current, value)))
        kind = act.kind
        if kind is ActionKind.DRAW_STOCK:
            return state._draw(state.stock[-1], from_stock=True)
        if kind is ActionKind.DRAW_DISCARD:
            return state._draw(state.discard_pile[-1], from_stock=False)
        if kind is ActionKind.DISCARD:
            assert act.card is not None
            return state._discard(act.card)
        if kind is ActionKind.GO_OUT:
            assert act.card is not None
            return state._go_out(act.card)
        if kind is ActionKind.GO_OUT_WITHOUT_DISCARD:
            if state.went_out is None:
                return state._go_out(None)
            hand = state.hands[state.current]
            return state._finish_final(hand, state.discard_pile, _melding(state.rules))
        if kind is ActionKind.SELECT:
            assert act.card is not None
            return attrs.evolve(state, selection=_insert(state.selection, act.card))
        if kind is ActionKind.DESELECT:
            assert act.card is not None
            return attrs.evolve(state, selection=_remove(state.selection, act.card))
        return state._lay_down(act)

    def _draw(self, card: Card, *, from_stock: bool) -> GameState:
        p = self.current
        return attrs.evolve(
            self,
            stock=self.stock[:-1] if from_stock else self.stock,
            discard_pile=self.discard_pile if from_stock else self.discard_pile[:-1],
            hands=_put(self.hands, p, _insert(self.hands[p], card)),
            phase=Phase.DISCARD,
            taken=None if from_stock else card,
        )

    def _discard(self, card: Card) -> GameState:
        hand = _remove(self.hands[self.current], card)
        pile = (*self.discard_pile, card)
        if self.went_out is not None:
            return self._finish_final(hand, pile, self.rules)
        state = attrs.evolve(
            self,
            hands=_put(self.hands, self.current, hand),
            discard_pile=pile,
            selection=(),
            taken=None,
        )
        return state._end_turn()

    def _end_turn(self) -> GameState:
        turns = self.turns + 1
        state = attrs.evolve(self, turns=turns)
        limit = self.rules.turn_limit
        if self.went_out is None and limit is not None and turns >= limit:
            return state._end_round("turn_limit")
        return state._start_turn(self._seats_after(self.current)[0])

    def _start_turn(self, player: int) -> GameState:
        stock, pile, reshuffles = self.stock, self.discard_pile, self.reshuffles
        if not stock:
            if len(pile) <= 1:
                return attrs.evolve(self, current=player)._end_round("stock")
            reshuffles += 1
            stock = shuffled(pile[:-1], self.seed, self.round_number, self.extra_round, reshuffles)
            pile = pile[-1:]
        return attrs.evolve(
            self,
            current=player,
            phase=Phase.DRAW,
            stock=stock,
            discard_pile=pile,
            reshuffles=reshuffles,
            taken=None,
            selection=(),
        )

    def _go_out(self, card: Card | None) -> GameState:
        p, wild = self.current, self.wild_rank
        hand = self.hands[p]
        pile = self.discard_pile
        if card is not None:
            hand = _remove(hand, card)
            pile = (*pile, card)
        arrangement = best_arrangement(hand, wild, rules=_melding(self.rules))
        assert not arrangement.deadwood
        laid = tuple(
            TableMeld(p, meld_of(meld.cards, wild, self.rules, meld.kind.value))
            for meld in arrangement.melds
        )
        others = tuple(seat for seat in self._seats_after(p) if seat != p)
        state = attrs.evolve(
            self,
            hands=_put(self.hands, p, ()),
            discard_pile=pile,
            table=self.table + laid,
            went_out=p,
            final_turns_left=others,
            round_scores=_put(self.round_scores, p, self.rules.go_out_bonus),
            selection=(),
            taken=None,
            turns=self.turns + 1,
        )
        return state._start_turn(others[0])

    def _finish_final(
        self, hand: tuple[Card, ...], pile: tuple[Card, ...], rules: Rules
    ) -> GameState:
        """End the current player's final turn with ``hand`` left after the discard."""
        p, wild = self.current, self.wild_rank
        table, laid_off = self.table, self.laid_off
        if self.rules.auto_arrange_final_hand:
            layout = arrange_final(hand, self._table_melds(), wild, rules)
            placed = list(table)
            for index, cards in layout.lay_offs:
                old = placed[index]
                placed[index] = TableMeld(old.owner, extend_meld(old.meld, cards, self.rules))
                laid_off = _put(laid_off, p, _sorted((*laid_off[p], *cards)))
            placed.extend(
                TableMeld(p, meld_of(meld.cards, wild, self.rules, meld.kind.value))
                for meld in layout.melds
            )
            table, hand = tuple(placed), tuple(sorted(layout.deadwood, key=_code))
        score = hand_points(hand, wild, self.rules)
        left = self.final_turns_left[1:]
        state = attrs.evolve(
            self,
            hands=_put(self.hands, p, hand),
            discard_pile=pile,
            table=table,
            laid_off=laid_off,
            final_turns_left=left,
            round_scores=_put(self.round_scores, p, score),
            selection=(),
            taken=None,
            turns=self.turns + 1,
        )
        if not left:
            return state._end_round("out")
        return state._start_turn(left[0])

    def _lay_down(self, act: Action) -> GameState:
        p, wild, rules = self.current, self.wild_rank, self.rules
        selection = self.selection
        if act.kind is ActionKind.LAY_OFF:
            assert act.meld is not None
            old = self.table[act.meld]
            new = TableMeld(old.owner, extend_meld(old.meld, selection, rules))
            table = _put(self.table, act.meld, new)
            laid_off = _put(self.laid_off, p, _sorted((*self.laid_off[p], *selection)))
        else:
            kind = "book" if act.kind is ActionKind.MELD_BOOK else "run"
            table = (*self.table, TableMeld(p, meld_of(selection, wild, rules, kind)))
            laid_off = self.laid_off
        hand = _without(self.hands[p], selection)
        state = attrs.evolve(
            self, hands=_put(self.hands, p, hand), table=table, laid_off=laid_off, selection=()
        )
        if not hand:
            return state._finish_final(hand, state.discard_pile, rules)
        return state

    def _final_layouts(self) -> tuple[FinalLayout | None, ...]:
        """How each hand ends the round now: a player still holding a hand (nobody went out,
        or the stock ran out before their final turn) has it arranged for the least
        deadwood, laying off onto the table melds under ``lay_off`` (their melds are not put
        on the table)."""
        wild, rules = self.wild_rank, self.rules
        table = self._table_melds()
        layouts: list[FinalLayout | None] = [None] * self.players
        for p in self.active:
            melds = tuple(placed.meld for placed in self.table if placed.owner == p)
            if self.round_scores[p] is None:
                final = arrange_final(self.hands[p], table, wild, rules)
                own = tuple(meld_of(m.cards, wild, rules, m.kind.value) for m in final.melds)
                layouts[p] = FinalLayout(
                    melds + own,
                    _sorted(card for part in final.lay_offs for card in part.cards),
                    _sorted(final.deadwood),
                    final.points,
                )
            else:
                hand = self.hands[p]
                layouts[p] = FinalLayout(
                    melds, self.laid_off[p], hand, hand_points(hand, wild, rules)
                )
        return tuple(layouts)

    def _end_round(self, ended: str) -> GameState:
        wild, rules = self.wild_rank, self.rules
        layouts = self._final_layouts()
        scores = list(self.round_scores)
        for p, layout in enumerate(layouts):
            if scores[p] is None and layout is not None:
                scores[p] = layout.points
        result = RoundResult(
            round_number=self.round_number,
            extra_round=self.extra_round,
            hand_size=self.hand_size,
            wild_rank=wild,
            dealer=self.dealer,
            went_out=self.went_out,
            scores=tuple(scores),
            ended=ended,
            layouts=layouts,
        )
        results = (*self.results, result)
        state = attrs.evolve(
            self,
            results=results,
            round_scores=tuple(scores),
            laid_off=((),) * self.players,
            past_actions=self.actions,
            round_history=(),
            selection=(),
            taken=None,
        )
        if not self.extra_round and self.round_number < rules.rounds:
            active, extra = tuple(range(self.players)), 0
        else:
            active, extra = _tied(results, state.scores, rules), self.extra_round + 1
            if not active:
                return attrs.evolve(state, phase=Phase.OVER, final_turns_left=())
        return attrs.evolve(
            state,
            round_number=self.round_number + 1,
            extra_round=extra,
            dealer=(self.dealer + 1) % self.players,
            active=active,
        )._dealt()

    def _why_illegal(self, act: Action) -> str:
        """Why ``act`` is not legal now."""
        p, kind, rules = self.current, act.kind, self.rules
        if self.phase is Phase.OVER:
            return f"the game is over; no action is legal ({act})"
        if kind in (ActionKind.DRAW_STOCK, ActionKind.DRAW_DISCARD):
            if self.phase is Phase.DISCARD:
                return f"player {p} has already drawn; discard a card or go out"
            return "the discard pile is empty; draw from the stock"
        if self.phase is Phase.DRAW:
            return f"player {p} must draw first"
        hand = self.hands[p]
        card = act.card
        if kind in (ActionKind.DISCARD, ActionKind.GO_OUT, ActionKind.SELECT):
            assert card is not None
            if card not in hand:
                return f"{card} is not in your hand (player {p} holds {format_cards(hand)})"
            if card == self._forbidden_discard() and kind is not ActionKind.SELECT:
                return (
                    f"{card} was just taken from the discard pile and these rules forbid "
                    "discarding it (may_discard_taken_discard=False)"
                )
        if kind in (ActionKind.GO_OUT, ActionKind.GO_OUT_WITHOUT_DISCARD):
            if kind is ActionKind.GO_OUT_WITHOUT_DISCARD and not rules.go_out_without_discard:
                return (
                    "going out without a discard is not allowed by these rules "
                    "(go_out_without_discard=False)"
                )
            if self.went_out is not None and kind is ActionKind.GO_OUT:
                return (
                    f"player {self.went_out} has already gone out; this is the final turn of "
                    f"player {p}: discard a card to end it"
                )
            rest = hand if card is None else _remove(hand, card)
            if self.went_out is not None and rules.auto_arrange_final_hand:
                layout = arrange_final(rest, self._table_melds(), self.wild_rank, _melding(rules))
                unmelded = layout.deadwood
            elif self.went_out is not None:
                return "lay your cards down (select, then meld); the turn ends when none is left"
            else:
                unmelded = best_arrangement(rest, self.wild_rank, rules=_melding(rules)).deadwood
            verb = "is" if len(unmelded) == 1 else "are"
            return f"cannot go out: {_listed(unmelded)} {verb} unmelded"
        if kind in _SELECTING:
            if rules.auto_arrange_final_hand:
                return (
                    "final hands are arranged by the engine in this game "
                    "(auto_arrange_final_hand=True); just discard"
                )
            if self.went_out is None:
                return "cards are laid down only by going out or in a final turn"
            return self._why_not_laid(act)
        return f"{act} is not legal now"

    def _why_not_laid(self, act: Action) -> str:
        rules, selection, kind = self.rules, self.selection, act.kind
        if kind is ActionKind.SELECT:
            return f"every {act.card} of the hand is already selected"
        if kind is ActionKind.DESELECT:
            return f"{act.card} is not selected"
        if not selection:
            return "select the cards to lay down first"
        if len(selection) == len(self.hands[self.current]) and not rules.go_out_without_discard:
            return (
                "laying down every card leaves nothing to discard; keep one "
                "(go_out_without_discard=False)"
            )
        try:
            if kind is ActionKind.LAY_OFF:
                assert act.meld is not None
                if not rules.lay_off:
                    return (
                        "laying off onto table melds is not allowed by these rules (lay_off=False)"
                    )
                if act.meld >= len(self.table):
                    return f"there is no table meld {act.meld} (the table holds {len(self.table)})"
                extend_meld(self.table[act.meld].meld, selection, rules)
            else:
                meld_of(selection, self.wild_rank, rules, kind.value.split()[1])
        except FiveCrownsError as error:
            return f"cannot lay down {format_cards(selection)}: {error}"
        return f"{act} is not legal now"  # pragma: no cover

    # -- views ------------------------------------------------------------------------------

    def view(self, player: int) -> PlayerView:
        """What ``player`` may know: own hand and selection, and public facts only."""
        p = self._seat(player)
        history = tuple(
            (actor, _from_int(value))
            for actor, value in self.round_history
            if _from_int(value).kind not in _PRIVATE
        )
        return PlayerView(
            player=p,
            players=self.players,
            rules=self.rules,
            round_number=self.round_number,
            extra_round=self.extra_round,
            hand_size=self.hand_size,
            wild_rank=self.wild_rank,
            dealer=self.dealer,
            active=self.active,
            current_player=self.current_player,
            phase=self.phase,
            hand=self.hands[p],
            selection=self.selection if p == self.current else (),
            hand_sizes=tuple(len(hand) for hand in self.hands),
            stock_size=len(self.stock),
            discard_pile=self.discard_pile,
            table=self.table,
            went_out=self.went_out,
            final_turns_left=self.final_turns_left,
            taken=self.taken,
            turns=self.turns,
            scores=self.scores,
            results=self.results,
            history=history,
            winners=self.winners,
        )

    def observation(self, player: int) -> npt.NDArray[np.float32]:
        """``view(player).observation()``: the observation tensor (layout in
        :mod:`fivecrowns.views`)."""
        return self.view(player).observation()

    # -- JSON -------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (see :meth:`to_json`)."""
        return {
            "schema": STATE_SCHEMA,
            "rules": self.rules.to_dict(),
            "players": self.players,
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "round_number": self.round_number,
            "extra_round": self.extra_round,
            "dealer": self.dealer,
            "active": list(self.active),
            "current": self.current,
            "phase": self.phase.value,
            "hands": [format_cards(hand) for hand in self.hands],
            "selection": format_cards(self.selection),
            "stock": format_cards(self.stock),
            "discard_pile": format_cards(self.discard_pile),
            "table": [placed.to_dict() for placed in self.table],
            "went_out": self.went_out,
            "final_turns_left": list(self.final_turns_left),
            "taken": None if self.taken is None else str(self.taken),
            "turns": self.turns,
            "reshuffles": self.reshuffles,
            "round_scores": list(self.round_scores),
            "laid_off": [format_cards(cards) for cards in self.laid_off],
            "results": [result.to_dict() for result in self.results],
            "round_history": [list(pair) for pair in self.round_history],
            "past_actions": list(self.past_actions),
        }

    def to_json(self) -> str:
        """The whole state (hidden cards and seed included) as a JSON text with a schema tag.
        Keep it from the players: it holds every hand and the stock order."""
        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes, *, verify: bool = False) -> GameState:
        """Load a state saved by :meth:`to_json`.

        Malformed or tampered data (unknown or missing fields, wrong types, cards beyond the
        deck or missing from it, wrong hand sizes, phases, turns or scores the rules cannot
        reach) raises :class:`InvalidStateError`; an impossible state is never returned.
        With ``verify``, the state must also be exactly what its seed and action history
        replay to (this catches any tampering, at the cost of replaying the game).
        """
        state = _state_from_dict(_loads(text))
        if verify and state.record().replay() != state:
            raise InvalidStateError(
                "the state does not replay from its seed and actions: it was altered"
            )
        return state


# -- helpers for actions ---------------------------------------------------------------------


def _from_int(value: int) -> Action:
    return Action.from_int(value)


def _as_action(action: Action | int | str, rules: Rules) -> Action:
    if isinstance(action, Action):
        return action
    if isinstance(action, str):
        return Action.parse(action)
    if type(action) is int or isinstance(action, np.integer):
        return Action.from_int(int(action), rules)
    raise IllegalActionError(
        f"an action is an Action, its integer or its notation (e.g. 'discard 7H'), got {action!r}"
    )


def _check_players(players: object, rules: Rules) -> int:
    if type(players) is not int or not 2 <= players <= rules.max_players:
        raise InvalidStateError(
            f"players must be an int from 2 to {rules.max_players} (the most a deck of "
            f"{rules.packs} pack(s) can deal the largest hand to; one player is Solitaire, a "
            f"different game), got {players!r}"
        )
    if rules.tie_break == "extra_round" and players * rules.extra_round_hand_size + 2 > (
        rules.deck_size
    ):
        raise InvalidStateError(
            f"a deck of {rules.deck_size} cards cannot deal a tie-break round of "
            f"{rules.extra_round_hand_size} cards to {players} players"
        )
    return players


def _tied(
    results: tuple[RoundResult, ...], totals: tuple[int, ...], rules: Rules
) -> tuple[int, ...]:
    """The players who must play a tie-break round now (empty: the game is over)."""
    if rules.tie_break != "extra_round":
        return ()
    last = results[-1]
    if last.extra_round:
        played = {p: score for p, score in enumerate(last.scores) if score is not None}
    else:
        played = dict(enumerate(totals))
    low = min(played.values())
    tied = tuple(p for p in sorted(played) if played[p] == low)
    return tied if len(tied) > 1 else ()


def _winners(
    results: tuple[RoundResult, ...], totals: tuple[int, ...], rules: Rules, players: int
) -> tuple[int, ...]:
    low = min(totals)
    lowest = tuple(p for p in range(players) if totals[p] == low)
    if len(lowest) == 1 or rules.tie_break == "shared":
        return lowest
    if rules.tie_break == "most_rounds_out":
        outs = Counter(result.went_out for result in results if not result.extra_round)
        most = max(outs[p] for p in lowest)
        return tuple(p for p in lowest if outs[p] == most)
    last = results[-1]
    played = {p: score for p, score in enumerate(last.scores) if score is not None}
    best = min(played.values())
    return tuple(p for p in sorted(played) if played[p] == best)


# -- JSON loading and validation --------------------------------------------------------------


def _rules_from_dict(data: object) -> Rules:
    if not isinstance(data, dict):
        raise InvalidStateError(f"rules must be a JSON object of rule options, got {data!r}")
    try:
        return Rules.from_dict(data)
    except FiveCrownsError as error:
        raise InvalidStateError(f"bad rules: {error}") from None


def _loads(text: object) -> dict[str, Any]:
    if not isinstance(text, (str, bytes)):
        raise InvalidStateError(f"expected a JSON text, got {type(text).__name__}")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise InvalidStateError(f"not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise InvalidStateError("expected a JSON object")
    return data


class _Reader:
    """Typed access to a JSON object, with errors naming the field."""

    def __init__(self, data: dict[str, Any], fields: Sequence[str], what: str) -> None:
        unknown = sorted(set(data) - set(fields))
        if unknown:
            raise InvalidStateError(f"unknown field(s) in {what}: {', '.join(unknown)}")
        missing = [name for name in fields if name not in data and name not in _OPTIONAL_FIELDS]
        if missing:
            raise InvalidStateError(f"missing field(s) in {what}: {', '.join(missing)}")
        self.data, self.what = data, what

    def integer(self, name: str, low: int | None = 0, high: int | None = None) -> int:
        value = self.data[name]
        if (
            type(value) is not int
            or (low is not None and value < low)
            or (high is not None and value > high)
        ):
            bounds = f" from {low}" if low is not None else ""
            bounds += f" to {high}" if high is not None else ""
            raise InvalidStateError(f"{self.what}.{name} must be an int{bounds}, got {value!r}")
        return value

    def opt_int(self, name: str, low: int = 0, high: int | None = None) -> int | None:
        return None if self.data[name] is None else self.integer(name, low, high)

    def array(self, name: str) -> list[Any]:
        value = self.data[name]
        if not isinstance(value, list):
            raise InvalidStateError(f"{self.what}.{name} must be a list, got {value!r}")
        return value

    def ints(self, name: str, low: int = 0, high: int | None = None) -> tuple[int, ...]:
        values = self.array(name)
        for value in values:
            if type(value) is not int or value < low or (high is not None and value > high):
                raise InvalidStateError(
                    f"{self.what}.{name} must hold ints from {low}"
                    f"{'' if high is None else f' to {high}'}, got {value!r}"
                )
        return tuple(values)

    def cards(self, name: str, value: object = None) -> tuple[Card, ...]:
        value = self.data[name] if value is None else value
        if not isinstance(value, str):
            raise InvalidStateError(
                f"{self.what}.{name} must be a string of cards such as '7H JK', got {value!r}"
            )
        try:
            return parse_cards(value)
        except FiveCrownsError as error:
            raise InvalidStateError(f"{self.what}.{name}: {error}") from None

    def choice(self, name: str, accepted: Sequence[str]) -> str:
        value = self.data[name]
        if value not in accepted:
            raise InvalidStateError(
                f"{self.what}.{name} must be one of {', '.join(map(repr, accepted))}, got {value!r}"
            )
        return f"{value}"


_STATE_FIELDS: Final = (
    "schema",
    "rules",
    "players",
    "seed",
    "first_dealer",
    "round_number",
    "extra_round",
    "dealer",
    "active",
    "current",
    "phase",
    "hands",
    "selection",
    "stock",
    "discard_pile",
    "table",
    "went_out",
    "final_turns_left",
    "taken",
    "turns",
    "reshuffles",
    "round_scores",
    "laid_off",
    "results",
    "round_history",
    "past_actions",
)
_RESULT_FIELDS: Final = (
    "round_number",
    "extra_round",
    "hand_size",
    "wild_rank",
    "dealer",
    "went_out",
    "scores",
    "ended",
    "layouts",
)
#: Fields a save written before they were recorded may lack.
_OPTIONAL_FIELDS: Final = ("laid_off", "layouts")


def _state_from_dict(data: dict[str, Any]) -> GameState:
    read = _Reader(data, _STATE_FIELDS, "state")
    if data["schema"] != STATE_SCHEMA:
        raise InvalidStateError(
            f"unknown schema {data['schema']!r}; this version reads {STATE_SCHEMA!r}"
        )
    rules = _rules_from_dict(data["rules"])
    players = read.integer("players")
    _check_players(players, rules)
    last = players - 1
    round_number = read.integer("round_number", 1, rules.rounds + (1 << 20))
    extra_round = read.integer("extra_round", 0, 1 << 20)
    if extra_round == 0 and round_number > rules.rounds:
        raise _fail(f"round {round_number} of a {rules.rounds}-round schedule")
    if extra_round and (
        rules.tie_break != "extra_round" or round_number != rules.rounds + extra_round
    ):
        raise _fail(f"tie-break round {extra_round} cannot be round {round_number} here")
    size = rules.extra_round_hand_size
    wild = (size if 3 <= size <= 13 else None) if extra_round else rules.wild_rank(round_number)
    hands_data = read.array("hands")
    if len(hands_data) != players:
        raise InvalidStateError(f"state.hands must hold {players} hands, got {len(hands_data)}")
    round_scores = read.array("round_scores")
    if len(round_scores) != players or not all(
        score is None or type(score) is int for score in round_scores
    ):
        raise InvalidStateError(f"state.round_scores must hold {players} ints or nulls")
    history = read.array("round_history")
    pairs: list[tuple[int, int]] = []
    for pair in history:
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or type(pair[0]) is not int
            or type(pair[1]) is not int
            or not 0 <= pair[0] <= last
            or not 0 <= pair[1] < num_actions(rules)
        ):
            raise InvalidStateError(
                f"state.round_history holds [player, action] pairs, got {pair!r}"
            )
        pairs.append((pair[0], pair[1]))
    taken = data["taken"]
    if taken is not None and (not isinstance(taken, str) or len(read.cards("taken")) != 1):
        raise InvalidStateError(f"state.taken must be one card or null, got {taken!r}")
    laid_off = read.array("laid_off") if "laid_off" in data else [""] * players
    if len(laid_off) != players:
        raise InvalidStateError(f"state.laid_off must hold {players} lists of cards")
    state = GameState(
        rules=rules,
        players=players,
        seed=read.integer("seed"),
        first_dealer=read.integer("first_dealer", 0, last),
        round_number=round_number,
        extra_round=extra_round,
        dealer=read.integer("dealer", 0, last),
        active=read.ints("active", 0, last),
        current=read.integer("current", 0, last),
        phase=Phase(read.choice("phase", [phase.value for phase in Phase])),
        hands=tuple(tuple(sorted(read.cards("hands", hand), key=_code)) for hand in hands_data),
        selection=tuple(sorted(read.cards("selection"), key=_code)),
        stock=read.cards("stock"),
        discard_pile=read.cards("discard_pile"),
        table=tuple(_table_meld(item, rules, players, wild) for item in read.array("table")),
        went_out=read.opt_int("went_out", 0, last),
        final_turns_left=read.ints("final_turns_left", 0, last),
        taken=None if taken is None else read.cards("taken")[0],
        turns=read.integer("turns", 0, None),
        reshuffles=read.integer("reshuffles", 0, None),
        round_scores=tuple(round_scores),
        laid_off=tuple(_sorted(read.cards("laid_off", cards)) for cards in laid_off),
        results=tuple(_result(item, rules, players) for item in read.array("results")),
        round_history=tuple(pairs),
        past_actions=read.ints("past_actions", 0, num_actions(rules) - 1),
    )
    _check_state(state)
    return state


def _table_meld(item: object, rules: Rules, players: int, wild: int | None) -> TableMeld:
    if not isinstance(item, dict):
        raise InvalidStateError(f"a table meld is an object, got {item!r}")
    read = _Reader(item, ("owner", "kind", "cards"), "table meld")
    owner = read.integer("owner", 0, players - 1)
    kind = read.choice("kind", ["book", "run"])
    cards = read.cards("cards")
    try:
        return TableMeld(owner, meld_of(cards, wild, rules, kind))
    except FiveCrownsError as error:
        raise _fail(f"table meld {format_cards(cards)}: {error}") from None


def _layout(item: object, rules: Rules, wild: int | None) -> FinalLayout | None:
    if item is None:
        return None
    if not isinstance(item, dict):
        raise InvalidStateError(f"a final layout is an object or null, got {item!r}")
    read = _Reader(item, ("melds", "laid_off", "deadwood", "points"), "final layout")
    melds = []
    for meld in read.array("melds"):
        if not isinstance(meld, dict):
            raise InvalidStateError(f"a meld is an object, got {meld!r}")
        meld_read = _Reader(meld, ("kind", "cards"), "meld")
        cards = meld_read.cards("cards")
        try:
            melds.append(meld_of(cards, wild, rules, meld_read.choice("kind", ["book", "run"])))
        except FiveCrownsError as error:
            raise _fail(f"final layout meld {format_cards(cards)}: {error}") from None
    return FinalLayout(
        tuple(melds),
        _sorted(read.cards("laid_off")),
        _sorted(read.cards("deadwood")),
        read.integer("points"),
    )


def _result(item: object, rules: Rules, players: int) -> RoundResult:
    if not isinstance(item, dict):
        raise InvalidStateError(f"a round result is an object, got {item!r}")
    read = _Reader(item, _RESULT_FIELDS, "round result")
    scores = read.array("scores")
    if len(scores) != players or not all(s is None or type(s) is int for s in scores):
        raise InvalidStateError(f"round result scores must hold {players} ints or nulls")
    wild = read.opt_int("wild_rank", 3, 13)
    layouts = read.array("layouts") if "layouts" in item else []
    if layouts and len(layouts) != players:
        raise InvalidStateError(f"round result layouts must hold {players} layouts or nulls")
    return RoundResult(
        round_number=read.integer("round_number", 1),
        extra_round=read.integer("extra_round"),
        hand_size=read.integer("hand_size", 1),
        wild_rank=read.opt_int("wild_rank", 3, 13),
        dealer=read.integer("dealer", 0, players - 1),
        went_out=read.opt_int("went_out", 0, players - 1),
        scores=tuple(scores),
        ended=read.choice("ended", _ENDINGS),
        layouts=tuple(_layout(layout, rules, wild) for layout in layouts),
    )


def _fail(message: str) -> InvalidStateError:
    return InvalidStateError(f"impossible state: {message}")


def _check_state(state: GameState) -> None:
    """Raise InvalidStateError unless ``state`` is one the rules can reach."""
    rules, players = state.rules, state.players
    # Rounds and results.
    extra = state.extra_round
    over = state.phase is Phase.OVER
    done = state.round_number if over else state.round_number - 1
    if len(state.results) != done:
        raise _fail(f"{len(state.results)} round results, expected {done}")
    for index, result in enumerate(state.results, start=1):
        _check_result(state, index, result)
    # Who plays this round.
    active = state.active
    if list(active) != sorted(set(active)) or len(active) < 2:
        raise _fail(f"the players dealt in must be 2 or more distinct seats, got {list(active)}")
    if extra == 0 and active != tuple(range(players)):
        raise _fail("every player is dealt in a round of the schedule")
    if extra:
        # The tie that called this round: once the game is over, this round's own result is
        # the last one and must be left out.
        before = state.results[:-1] if over else state.results
        expected = _tied(before, state.scores, rules)
        if active != expected:
            raise _fail(f"tie-break round dealt to {list(active)}, but the tie is {list(expected)}")
    if state.dealer != (state.first_dealer + state.round_number - 1) % players:
        raise _fail("the deal passes one seat to the left each round from first_dealer")
    if over and _tied(state.results, state.scores, rules):
        raise _fail("the game is over but a tie-break round is due")
    for placed in state.table:
        if placed.owner not in active:
            raise _fail(f"table meld of player {placed.owner}, who is not dealt in")
    # Every card in exactly one place.
    places = [*state.hands, state.stock, state.discard_pile, *(t.meld.cards for t in state.table)]
    counts = Counter(card for place in places for card in place)
    if counts != Counter(deck(rules.packs)):
        extra_cards = counts - Counter(deck(rules.packs))
        missing = Counter(deck(rules.packs)) - counts
        raise _fail(
            "the cards are not the deck"
            + (
                f"; too many {format_cards(sorted(extra_cards.elements(), key=_code))}"
                if extra_cards
                else ""
            )
            + (
                f"; missing {format_cards(sorted(missing.elements(), key=_code))}"
                if missing
                else ""
            )
        )
    if over:
        if state.selection or state.taken is not None:
            raise _fail("nothing is selected or taken once the game is over")
        if tuple(state.round_scores) != state.results[-1].scores:
            raise _fail("the last round's scores differ from its result")
        if state.round_history:
            raise _fail("the game is over but a round history is open")
        return
    _check_round(state)


def _check_result(state: GameState, index: int, result: RoundResult) -> None:
    rules = state.rules
    if result.round_number != index:
        raise _fail(f"round result {index} says round {result.round_number}")
    extra = max(0, index - rules.rounds)
    if result.extra_round != extra:
        raise _fail(f"round result {index} has extra_round {result.extra_round}")
    size = rules.extra_round_hand_size if extra else rules.hand_size(index)
    wild = (size if 3 <= size <= 13 else None) if extra else rules.wild_rank(index)
    if (result.hand_size, result.wild_rank) != (size, wild):
        raise _fail(f"round result {index} has the wrong hand size or wild rank")
    if result.dealer != (state.first_dealer + index - 1) % state.players:
        raise _fail(f"round result {index} names the wrong dealer")
    played = [p for p, score in enumerate(result.scores) if score is not None]
    if not extra and len(played) != state.players:
        raise _fail(f"round result {index} lacks a score")
    for p in played:
        score = result.scores[p]
        assert score is not None
        floor = rules.go_out_bonus if p == result.went_out else 0
        if score < floor or (p == result.went_out and score != rules.go_out_bonus):
            raise _fail(f"round result {index} gives player {p} an impossible score {score}")
    if (result.ended == "out" and result.went_out is None) or (
        result.ended == "turn_limit" and result.went_out is not None
    ):
        raise _fail(f"round result {index}: ended {result.ended!r} with went_out {result.went_out}")
    if result.went_out is not None and result.went_out not in played:
        raise _fail(f"round result {index}: player {result.went_out} went out without playing")
    for p, layout in enumerate(result.layouts):
        if (layout is None) != (result.scores[p] is None):
            raise _fail(f"round result {index}: player {p} has a score or layout, not both")
        score = result.scores[p]
        if layout is None or score is None:
            continue
        bonus = rules.go_out_bonus if p == result.went_out else 0
        if layout.points != score - bonus or layout.points != hand_points(
            layout.deadwood, result.wild_rank, rules
        ):
            raise _fail(f"round result {index}: player {p}'s layout does not match the score")


def _check_round(state: GameState) -> None:
    """The checks of a round in progress."""
    rules, size, wild = state.rules, state.hand_size, state.wild_rank
    active, p = state.active, state.current
    if p not in active:
        raise _fail(f"player {p} is to act but is not dealt in")
    for seat in range(state.players):
        if seat not in active and state.hands[seat]:
            raise _fail(f"player {seat} holds cards but is not dealt in")
    drawing = state.phase is Phase.DRAW
    if drawing and not state.stock:
        raise _fail("a player is to draw from an empty stock (it is refilled when a turn ends)")
    if not all(actor in active for actor, _ in state.round_history):
        raise _fail("the round history names a player not dealt in")
    limit = rules.turn_limit
    went = state.went_out
    if went is None:
        if state.table or state.final_turns_left or any(s is not None for s in state.round_scores):
            raise _fail("melds, final turns or scores before anyone went out")
        if limit is not None and state.turns >= limit:
            raise _fail(f"{state.turns} turns in a round limited to {limit}")
        for seat in active:
            want = size + (seat == p and not drawing)
            if len(state.hands[seat]) != want:
                raise _fail(f"player {seat} holds {len(state.hands[seat])} cards, not {want}")
    else:
        if went not in active or state.hands[went]:
            raise _fail(f"player {went} went out but is not dealt in or still holds cards")
        order = tuple(seat for seat in state._seats_after(went) if seat != went)
        left = state.final_turns_left
        if not left or order[len(order) - len(left) :] != left or left[0] != p:
            raise _fail("the final turns are not the players after the one who went out")
        for seat in active:
            score = state.round_scores[seat]
            hand = state.hands[seat]
            if seat == went:
                if score != rules.go_out_bonus:
                    raise _fail(f"player {seat} went out, so scores {rules.go_out_bonus}")
            elif seat in left:
                if score is not None:
                    raise _fail(f"player {seat} is scored before the final turn")
                want = size + (seat == p and not drawing)
                if seat != p and len(hand) != want:
                    raise _fail(f"player {seat} holds {len(hand)} cards, not {want}")
                if seat == p and not 1 <= len(hand) <= want:
                    raise _fail(f"player {seat} holds {len(hand)} cards, more than {want}")
            elif score != hand_points(hand, wild, rules) or len(hand) > size:
                raise _fail(f"player {seat}'s final score {score} does not match the hand")
    if state.taken is not None and (
        drawing or (went is None and state.taken not in state.hands[p])
    ):
        raise _fail("a card is marked as just taken from the pile outside a turn")
    if state.selection:
        if drawing or went is None or rules.auto_arrange_final_hand:
            raise _fail("cards are selected outside a final turn with lay-downs")
        if Counter(state.selection) - Counter(state.hands[p]):
            raise _fail("selected cards are not in the hand")


@attrs.frozen
class GameRecord:
    """A game as played: the table, rules, seed and every action. :meth:`replay` rebuilds the
    state, identical to the one recorded.

    >>> import fivecrowns as fc
    >>> state = fc.GameState.new(players=2, seed=3).apply("draw")
    >>> record = state.record()
    >>> record.replay() == state, fc.GameRecord.from_json(record.to_json()) == record
    (True, True)
    """

    players: int
    rules: Rules
    seed: int
    first_dealer: int
    actions: tuple[int, ...]

    def replay(self) -> GameState:
        """The state after every action, from the deal of round 1."""
        state = GameState.new(
            self.players, rules=self.rules, seed=self.seed, first_dealer=self.first_dealer
        )
        for number, action in enumerate(self.actions, start=1):
            try:
                state = state.apply(action)
            except IllegalActionError as error:
                raise InvalidStateError(f"action {number} ({action}) is illegal: {error}") from None
        return state

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data; actions in their notation (``"discard 7H"``)."""
        return {
            "schema": RECORD_SCHEMA,
            "players": self.players,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "actions": [str(_from_int(action)) for action in self.actions],
        }

    def to_json(self) -> str:
        """The record as a JSON text."""
        return json.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameRecord:
        """Read :meth:`to_dict`'s data (actions as notation or integers)."""
        read = _Reader(
            data, ("schema", "players", "rules", "seed", "first_dealer", "actions"), "record"
        )
        if data["schema"] != RECORD_SCHEMA:
            raise InvalidStateError(
                f"unknown schema {data['schema']!r}; this version reads {RECORD_SCHEMA!r}"
            )
        rules = _rules_from_dict(data["rules"])
        players = _check_players(read.integer("players"), rules)
        actions: list[int] = []
        for item in read.array("actions"):
            if not isinstance(item, (int, str)) or isinstance(item, bool):
                raise InvalidStateError(f"an action is its notation or integer, got {item!r}")
            try:
                actions.append(_as_action(item, rules).to_int())
            except IllegalActionError as error:
                raise InvalidStateError(str(error)) from None
        return cls(
            players,
            rules,
            read.integer("seed"),
            read.integer("first_dealer", 0, players - 1),
            tuple(actions),
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Read a record saved by :meth:`to_json`."""
        return cls.from_dict(_loads(text))
