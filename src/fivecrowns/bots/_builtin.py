"""The built-in bots that play without searching: the :class:`Bot` protocol they follow,
:class:`RandomBot`, :class:`GreedyBot` and :class:`StrongBot` (described in
:mod:`fivecrowns.bots`)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Final, Protocol, runtime_checkable

import attrs

from ..cards import Card, is_wild_code, without
from ..game._core_state import core_greedy
from ..game._scoring import least_final_discard
from ..game.actions import (
    DRAW_DISCARD,
    DRAW_STOCK,
    GO_OUT_WITHOUT_DISCARD,
    MELD_BOOK,
    MELD_RUN,
    Action,
    ActionKind,
    Phase,
)
from ..game.views import PlayerView
from ..solver import (
    best_arrangement,
    can_go_out,
    can_meld_all,
    deadwood_by_discard,
    min_deadwood,
)
from .tracking import (
    RoundKnowledge,
    RoundTracker,
    allowed_after_taking,
    deadwood_after_drawing,
    discard_values,
    expected_stock_deadwood,
    final_layout,
)

__all__ = ["BUILTIN", "Bot", "GreedyBot", "RandomBot", "StrongBot"]


@runtime_checkable
class Bot(Protocol):
    """What a bot is: a ``name``, :meth:`reset` at the start of each game, and :meth:`act`.

    A bot may keep memory between its calls within a game (what it saw, what it planned);
    :meth:`reset` is where that memory is cleared and its random generator seeded.
    """

    name: str

    def reset(self, seed: int) -> None:
        """Start a new game; ``seed`` seeds any randomness the bot uses."""

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Choose one of ``legal`` (never empty) for the player whose view is ``view``."""


# -- shared helpers ----------------------------------------------------------------------------


def _cheapest_discard(
    view: PlayerView, discards: Sequence[Card], values: Mapping[Card, int]
) -> Card:
    """The discard leaving the least deadwood (``values``); among ties a natural before a
    wild, then the costliest card, then the higher code."""
    wild = view.wild_rank
    points = view.rules.points_by_code(wild)
    return min(
        discards,
        key=lambda card: (values[card], card.is_wild(wild), -points[card.code], -card.code),
    )


def _holds(legal: Sequence[Action], action: Action) -> bool:
    """Is ``action`` one of ``legal``? (The same object first: legal actions are shared.)"""
    for found in legal:
        if found is action:
            return True
    return action in legal


def _legal_discards(legal: Sequence[Action]) -> list[Card]:
    return [action.card for action in legal if action.kind is ActionKind.DISCARD and action.card]


def _go_out_action(legal: Sequence[Action]) -> Action | None:
    """A legal way to go out (or to end a final turn with every card melded), if any; going
    out without a discard first, else the costliest card discarded."""
    if GO_OUT_WITHOUT_DISCARD in legal:
        return GO_OUT_WITHOUT_DISCARD
    outs = [action for action in legal if action.kind is ActionKind.GO_OUT]
    if not outs:
        return None
    return max(outs, key=lambda action: action.card.code if action.card else -1)


def least_giving_out(view: PlayerView, legal: Sequence[Action]) -> Action | None:
    """StrongBot's way to go out, if it has one: without a discard when it can; else the
    discard that gives the others' final turns least: a natural before a wild (a wild on the
    pile is a free meld card for the next player), then the higher code."""
    if GO_OUT_WITHOUT_DISCARD in legal:
        return GO_OUT_WITHOUT_DISCARD
    outs = [action for action in legal if action.kind is ActionKind.GO_OUT and action.card]
    if not outs:
        return None
    wild = view.wild_rank
    return max(outs, key=lambda a: (not is_wild_code(a.card.code, wild), a.card.code))  # type: ignore[union-attr]


def _goes_out(view: PlayerView, hand: Sequence[Card], allowed: Sequence[Card]) -> bool:
    """Would the referee let the player go out with ``hand`` (after drawing), discarding one
    of ``allowed``, or with no discard where the rules allow it?"""
    rules, wild = view.rules, view.wild_rank
    if not can_go_out(hand, wild, rules=rules):  # (one solve proves the common no)
        return False
    if rules.go_out_without_discard and can_meld_all(hand, wild, rules=rules):
        return True
    return any(can_meld_all(without(hand, (card,)), wild, rules=rules) for card in allowed)


def _discard_values(view: PlayerView, discards: Sequence[Card]) -> Mapping[Card, int]:
    """The deadwood the hand is left with after each discard (in a final turn, laying off
    onto the table melds when the rules allow it; before, the table is empty)."""
    values = discard_values(view, view.hand)
    return {card: values[card] for card in discards}


def _lay_down(view: PlayerView, legal: Sequence[Action], discard: Card) -> Action:
    """A final turn where players lay down their own melds (``auto_arrange_final_hand=False``):
    the next step of laying down the best layout of the hand kept after ``discard`` (lay-offs
    first, then new melds, card by card), then the discard.

    The plan is recomputed from the hand at every step, so it needs no memory; it is the same
    plan while the hand is unchanged, and laying down a group shrinks the hand.
    """
    layout = final_layout(view, discard)
    if view.rules.go_out_without_discard:
        whole = final_layout(view)
        if not whole.deadwood:
            layout = whole
    groups: list[tuple[tuple[Card, ...], Action]] = [
        (cards, Action.lay_off(index)) for index, cards in layout.lay_offs
    ]
    groups.extend(
        (meld.cards, MELD_BOOK if meld.kind.value == "book" else MELD_RUN) for meld in layout.melds
    )
    discard_action = Action.discard(discard)
    if not groups:
        return discard_action
    cards, finish = groups[0]
    selected = Counter(view.selection)
    wanted = Counter(cards)
    extra = selected - wanted
    if extra:
        step = Action.deselect(min(extra, key=lambda card: card.code))
    else:
        missing = wanted - selected
        step = Action.select(min(missing, key=lambda card: card.code)) if missing else finish
    return step if step in legal else discard_action


def _greedy_draw(view: PlayerView, legal: Sequence[Action]) -> Action:
    """Greedy's draw: take the top discard if the hand plus that card, after its best legal
    discard, has less deadwood than the hand as it is; else draw from the stock."""
    top = view.top_discard
    if top is not None and DRAW_DISCARD in legal:
        rules, wild = view.rules, view.wild_rank
        now = min_deadwood(view.hand, wild, rules=rules)
        values = deadwood_by_discard((*view.hand, top), wild, rules=rules)
        if min(values[card] for card in allowed_after_taking(view, top, list(values))) < now:
            return DRAW_DISCARD
    return DRAW_STOCK if DRAW_STOCK in legal else legal[0]


def _final_draw(view: PlayerView, legal: Sequence[Action], know: RoundKnowledge) -> Action:
    """StrongBot's draw in its final turn: the top discard only if the deadwood it leaves is
    less than a stock draw's, on average over the cards this player has not seen."""
    top = view.top_discard
    if top is None or DRAW_DISCARD not in legal:
        return DRAW_STOCK if DRAW_STOCK in legal else legal[0]
    if DRAW_STOCK not in legal:
        return DRAW_DISCARD
    if sum(know.unseen_by_code) == 0:
        return _greedy_draw(view, legal)
    taken = deadwood_after_drawing(view, top, taken=True)
    return DRAW_DISCARD if taken < expected_stock_deadwood(view, know) else DRAW_STOCK


# -- the built-in bots -------------------------------------------------------------------------


def _greedy_turn(view: PlayerView, legal: Sequence[Action]) -> Action:
    """Greedy's choice (see :class:`GreedyBot`); both solver bots play final turns so."""
    if view.phase is Phase.DRAW:
        return _greedy_draw(view, legal)
    out = _go_out_action(legal)
    if out is not None:
        return out
    discards = _legal_discards(legal)
    if view.rules.lay_off and view.table:
        # (a final turn laying off: only the discards that can still beat the best are priced)
        wild, points = view.wild_rank, view.rules.points_by_code(view.wild_rank)
        card, _ = least_final_discard(
            view.hand,
            tuple(placed.meld for placed in view.table),
            wild,
            view.rules,
            set(discards).__contains__,
            lambda card, left: (left, card.is_wild(wild), -points[card.code], -card.code),
        )
    else:
        card = _cheapest_discard(view, discards, _discard_values(view, discards))
    if view.went_out is not None and not view.rules.auto_arrange_final_hand:
        return _lay_down(view, legal, card)
    return Action.discard(card)


@attrs.define
class RandomBot:
    """A uniformly random legal action (seeded by :meth:`reset`).

    >>> import fivecrowns as fc
    >>> bot = RandomBot()
    >>> bot.reset(3)
    >>> state = fc.GameState.new(players=2, seed=1)
    >>> str(bot.act(state.view(0), state.legal_actions()))
    'draw'
    """

    name: str = "random"
    _rng: random.Random = attrs.field(factory=lambda: random.Random(0), init=False, repr=False)

    def reset(self, seed: int) -> None:
        """Seed the generator."""
        self._rng = random.Random(seed)

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """A legal action chosen uniformly at random."""
        return legal[self._rng.randrange(len(legal))]


@attrs.define
class GreedyBot:
    """Plays for the least deadwood now, with the solver, and goes out whenever it can.

    - Draw: take the top discard if the hand plus that card, after its best legal discard,
      has less deadwood than the hand as it is; otherwise draw from the stock.
    - Discard: the legal discard that leaves the least deadwood (in a final turn with
      ``lay_off``, counting what can be laid off); among ties keep wilds and throw the
      natural worth the most.
    - Go out whenever it can. In a final turn where players lay down their own melds
      (``auto_arrange_final_hand=False``) it lays down the melds of its best arrangement
      (and lay-offs, with ``lay_off``), then discards.

    It is deterministic; :meth:`reset` does nothing.

    In round 1 (threes wild) this hand has no meld, so the wild 3S is 20 points of deadwood
    and greedy throws it:

    >>> import fivecrowns as fc
    >>> state = fc.GameState.new(players=2, seed=5).apply("draw")
    >>> fc.format_cards(state.hand(0))
    '5C QC 3S 10D'
    >>> str(GreedyBot().act(state.view(0), state.legal_actions()))
    'discard 3S'
    """

    name: str = "greedy"

    def reset(self, seed: int) -> None:
        """Nothing to reset: the bot is deterministic and has no memory."""

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Greedy's choice among ``legal`` (on a view of a state the compiled core plays,
        the core's twin of this bot chooses: the same action, for less)."""
        chosen = core_greedy(view)
        if chosen is not None and _holds(legal, chosen):
            return chosen
        return _greedy_turn(view, legal)


# -- the strong bot ----------------------------------------------------------------------------


@attrs.define
class StrongBot:
    """A bot that plays for its expected score at the end of the round, not its deadwood now.

    Each card left unmelded (in the solver's best arrangement) is valued at its points times
    the chance that it is still unmelded when the round ends. That chance comes from two
    estimates:

    - *what can still come*: the cards still unseen (the deck minus its own hand, the discard
      pile, the table and the discards other players are known to hold), and among them how
      many would turn a pair or a near-run of its deadwood into a meld (wilds complete any
      of them); a lone card needs two such draws;
    - *danger*: the chance that some opponent goes out before its next turn, which grows
      with the turns each opponent has had in the round (relative to the hand size) and with
      each discard they took.

    So early in a round it keeps pairs and near-runs and throws lone cards, even high ones it
    could otherwise keep; as danger grows it sheds points like :class:`GreedyBot`. It never
    throws a wild before the last turn, avoids discarding cards the next player is known to
    collect (same rank, or same suit within two ranks of a discard they took), takes the top
    discard when the hand it makes is worth ``take_margin`` points more than a draw from the
    stock, always goes out when it can (throwing a natural before a wild), and plays final
    turns for the least deadwood: it takes the top discard then only if that leaves less
    deadwood than a stock draw on average over the cards it has not seen.

    The weights are fields, so variants can be compared in a tournament.

    On the hand where :class:`GreedyBot` throws its wild (see there), it keeps the wild:

    >>> import fivecrowns as fc
    >>> state = fc.GameState.new(players=2, seed=5).apply("draw")
    >>> bot = StrongBot()
    >>> bot.reset(0)
    >>> str(bot.act(state.view(0), state.legal_actions()))
    'discard QC'
    """

    name: str = "strong"
    #: Base chance per turn that an opponent goes out, and its growth per turn taken,
    #: relative to the hand size (tuned in heads-up games against GreedyBot).
    hazard_base: float = 0.0
    hazard_slope: float = 0.4
    #: Extra chance per discard an opponent took this round.
    hazard_take: float = 0.03
    #: How much a lone card's chance counts, relative to a partial meld's.
    single_weight: float = 1.0
    #: Points added to a discard that the next player is known to collect.
    feed_penalty: float = 6.0
    #: How much better (in expected points) the hand made with the top discard must be than a
    #: stock draw for the bot to take it: the expert's search drew from the stock in 153 of
    #: the 164 draws where it disagreed with a StrongBot without it (a taken card is also
    #: shown to every opponent).
    take_margin: float = 2.0
    _tracker: RoundTracker = attrs.field(factory=RoundTracker, init=False, repr=False)

    def reset(self, seed: int) -> None:
        """Forget the previous game (the bot uses no randomness)."""
        self._tracker.reset()

    # -- reading the table ----------------------------------------------------------------

    def _hazard(self, view: PlayerView, know: RoundKnowledge) -> float:
        """The chance that the round ends before this player's next turn."""
        size = max(1, view.hand_size)
        stay = 1.0
        for seat in view.active:
            if seat == view.player:
                continue
            rate = (
                self.hazard_base
                + self.hazard_slope * know.turns[seat] / size
                + self.hazard_take * know.takes[seat]
            )
            stay *= 1.0 - min(0.95, max(0.01, rate))
        return 1.0 - stay

    # -- valuing a hand ---------------------------------------------------------------------

    def _chances(self, deadwood: Sequence[int], wild: int | None, odds: _Odds) -> list[float]:
        """Per deadwood card (by code): the chance per draw of a card that melds it."""
        unseen, total, wilds = odds.unseen, odds.total, odds.wilds
        chances = []
        naturals = [code for code in deadwood if not is_wild_code(code, wild)]
        spare_wild = len(naturals) != len(deadwood)
        for code in deadwood:
            if is_wild_code(code, wild):
                # A wild left over melds once any pair or near-run comes along.
                partners = sum(_partner_counts(other, wild, unseen) for other in naturals)
                chances.append(min(1.0, (partners + wilds) / total))
                continue
            rank, suit = code % 11 + 3, code // 11
            best = 0
            for other in naturals:
                if other == code and naturals.count(code) < 2:
                    continue
                o_rank, o_suit = other % 11 + 3, other // 11
                if o_rank == rank:
                    found = sum(unseen[s * 11 + rank - 3] for s in range(5))
                elif o_suit == suit and abs(o_rank - rank) <= 2:
                    low, high = min(rank, o_rank), max(rank, o_rank)
                    needed = [low + 1] if high - low == 2 else [low - 1, high + 1]
                    found = sum(
                        unseen[suit * 11 + r - 3] for r in needed if 3 <= r <= 13 and r != wild
                    )
                else:
                    continue
                best = max(best, found + wilds)
            if best:
                chances.append(min(1.0, best / total))
            elif spare_wild:
                chances.append(min(1.0, _partner_counts(code, wild, unseen) / total))
            else:
                lone = _partner_counts(code, wild, unseen) + wilds
                chances.append(self.single_weight * lone * wilds / (total * total))
        return chances

    def _value(
        self,
        deadwood: Sequence[int],
        view: PlayerView,
        odds: _Odds,
        hazard: float,
        *,
        drawing: bool = False,
    ) -> float:
        """Expected points of ``deadwood`` (card codes) when the round ends, if this player
        draws again after each turn the round goes on (with chance ``1 - hazard``);
        ``drawing``: it is about to draw from the stock too."""
        points = view.rules.points_by_code(view.wild_rank)
        total = 0.0
        for code, chance in zip(deadwood, self._chances(deadwood, view.wild_rank, odds)):
            left = hazard / (1.0 - (1.0 - hazard) * (1.0 - chance))
            if drawing:
                left *= 1.0 - chance
            total += points[code] * left
        return total

    # -- choosing ---------------------------------------------------------------------------

    def _discard_options(
        self,
        hand: Sequence[Card],
        allowed: Sequence[Card],
        view: PlayerView,
        odds: _Odds,
        hazard: float,
    ) -> list[tuple[float, Card]]:
        """For a hand after drawing: each allowed discard with the value of what is left."""
        rules, wild = view.rules, view.wild_rank
        arrangement = best_arrangement(hand, wild, rules=rules)
        deadwood = [card.code for card in arrangement.deadwood]
        values = deadwood_by_discard(hand, wild, rules=rules)
        natural = [card for card in allowed if not card.is_wild(wild)]
        options: list[tuple[float, Card]] = []
        for card in natural or allowed:
            left = values[card]
            if card.code in deadwood:
                rest = list(deadwood)
                rest.remove(card.code)
            elif left <= arrangement.points:
                rest = deadwood
            else:
                # Breaking a meld: value the rest as plain points (rarely best).
                options.append((float(left), card))
                continue
            value = self._value(rest, view, odds, hazard)
            value += self.feed_penalty * _feeds(card.code, wild, odds.next_wants)
            options.append((value, card))
        return options

    def _draw(
        self, view: PlayerView, legal: Sequence[Action], odds: _Odds, hazard: float
    ) -> Action:
        """Take the top discard when it lets the player go out at once, or when the best hand
        it makes is worth ``take_margin`` points more than a draw from the stock (a wild
        always)."""
        top = view.top_discard
        if top is None or DRAW_DISCARD not in legal:
            return DRAW_STOCK
        if top.is_wild(view.wild_rank):
            return DRAW_DISCARD
        hand = [*view.hand, top]
        allowed = allowed_after_taking(view, top, sorted(set(hand), key=lambda card: card.code))
        if _goes_out(view, hand, allowed):
            return DRAW_DISCARD  # (a certain out: no margin to clear)
        arrangement = best_arrangement(view.hand, view.wild_rank, rules=view.rules)
        deadwood = [card.code for card in arrangement.deadwood]
        stock = self._value(deadwood, view, odds, hazard, drawing=True)
        options = self._discard_options(hand, allowed, view, odds, hazard)
        take = min(value for value, _ in options)
        return DRAW_DISCARD if take < stock - self.take_margin else DRAW_STOCK

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The strong bot's choice among ``legal``."""
        if view.went_out is not None:
            if view.phase is Phase.DRAW:
                return _final_draw(view, legal, self._tracker.read(view))
            return _greedy_turn(view, legal)
        know = self._tracker.read(view)
        odds = _Odds.of(view, know)
        hazard = self._hazard(view, know)
        if view.phase is Phase.DRAW:
            return self._draw(view, legal, odds, hazard)
        out = least_giving_out(view, legal)
        if out is not None:
            return out
        options = self._discard_options(view.hand, _legal_discards(legal), view, odds, hazard)
        points = view.rules.points_by_code(view.wild_rank)
        _, card = min(options, key=lambda item: (item[0], -points[item[1].code], -item[1].code))
        return Action.discard(card)


@attrs.frozen
class _Odds:
    """What StrongBot draws its chances from: the unseen cards by code, how many there are
    (at least 1), how many are wild, and the codes of the cards the next player to act is
    known to hold."""

    unseen: tuple[int, ...]
    total: int
    wilds: int
    next_wants: frozenset[int]

    @classmethod
    def of(cls, view: PlayerView, know: RoundKnowledge) -> _Odds:
        order = sorted(view.active, key=lambda seat: (seat - view.player - 1) % view.players)
        following = [seat for seat in order if seat != view.player]
        wants = know.picked_up[following[0]] if following else ()
        return cls(
            unseen=know.unseen_by_code,
            total=max(1, know.unseen_total),
            wilds=know.unseen_wilds,
            next_wants=frozenset(card.code for card in wants),
        )


def _partner_counts(code: int, wild: int | None, unseen: Sequence[int]) -> int:
    """Unseen naturals that would make a pair or a near-run with the natural ``code``."""
    rank, suit = code % 11 + 3, code // 11
    found = sum(unseen[s * 11 + rank - 3] for s in range(5))
    for r in (rank - 2, rank - 1, rank + 1, rank + 2):
        if 3 <= r <= 13 and r != wild:
            found += unseen[suit * 11 + r - 3]
    return found


def _feeds(code: int, wild: int | None, wants: frozenset[int]) -> int:
    """1 if the natural ``code`` fits a card the next player took (same rank, or same suit
    within two ranks), else 0."""
    rank, suit = code % 11 + 3, code // 11
    for other in wants:
        if is_wild_code(other, wild):
            continue
        o_rank, o_suit = other % 11 + 3, other // 11
        if o_rank == rank or (o_suit == suit and abs(o_rank - rank) <= 2):
            return 1
    return 0


#: The built-in bots that play without searching, by name (rollouts play them).
BUILTIN: Final[Mapping[str, Callable[[], Bot]]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "strong": StrongBot,
}
