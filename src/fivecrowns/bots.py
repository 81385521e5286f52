"""Bots: the protocol a bot follows, and the built-in bots.

A bot sees only what its player may know (a :class:`~fivecrowns.PlayerView`) and the legal
actions, and returns one of those actions. :func:`fivecrowns.simulate.play_game` calls
:meth:`Bot.reset` with a seed at the start of every game, so a game between seeded bots is
the same on every run and in every process.

Built-in bots (by name in :data:`BOTS`):

- ``"random"`` (:class:`RandomBot`): a uniformly random legal action.
- ``"greedy"`` (:class:`GreedyBot`): lowest deadwood now, using the solver.
- ``"strong"`` (:class:`StrongBot`): weighs what it may still draw against the danger that
  the round ends soon, and does not feed the next player.

>>> import fivecrowns as fc
>>> from fivecrowns.bots import make_bot
>>> bot = make_bot("greedy")
>>> bot.reset(seed=1)
>>> state = fc.GameState.new(players=2, seed=5)
>>> bot.act(state.view(0), state.legal_actions()) in state.legal_actions()
True

Writing a bot takes a ``name``, a ``reset`` and an ``act``:

>>> class FirstLegal:
...     name = "first"
...     def reset(self, seed: int) -> None:
...         pass
...     def act(self, view, legal):
...         return legal[0]
>>> isinstance(FirstLegal(), Bot)
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Final, Protocol, runtime_checkable

import attrs

from . import _solver_core as _core
from ._scoring import arrange_final
from .actions import (
    DRAW_DISCARD,
    DRAW_STOCK,
    GO_OUT_WITHOUT_DISCARD,
    MELD_BOOK,
    MELD_RUN,
    Action,
    ActionKind,
    Phase,
)
from .cards import JOKER_CODE, NUM_CODES, Card
from .errors import FiveCrownsError
from .rules import Rules
from .solver import _config, _wild
from .views import PlayerView

__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "StrongBot", "make_bot"]

_CARDS: Final = tuple(Card.from_code(code) for code in range(NUM_CODES))
_GO_OUT_KINDS: Final = (ActionKind.GO_OUT, ActionKind.GO_OUT_WITHOUT_DISCARD)


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


def _codes(cards: Sequence[Card]) -> list[int]:
    return sorted(card.code for card in cards)


def _is_wild(code: int, wild: int) -> bool:
    return code == JOKER_CODE or code % 11 + 3 == wild


def _points(code: int, wild: int, rules: Rules) -> int:
    if code == JOKER_CODE:
        return rules.joker_points
    rank = code % 11 + 3
    return rules.wild_points if rank == wild else rank


def _discard_key(card: Card, value: int, wild: int, rules: Rules) -> tuple[int, bool, int, int]:
    """Least deadwood first; among ties a natural before a wild, then the costliest card."""
    code = card.code
    return (value, _is_wild(code, wild), -_points(code, wild, rules), -code)


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


def _without(hand: Sequence[Card], card: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(card)
    return rest


def _final_values(view: PlayerView, discards: Sequence[Card]) -> dict[Card, int]:
    """In a final turn: what the hand scores after each discard (laying off onto the table
    when the rules allow it)."""
    rules, wild = view.rules, view.wild_rank
    if rules.lay_off and view.table:
        table = tuple(placed.meld for placed in view.table)
        return {
            card: arrange_final(_without(view.hand, card), table, wild, rules).points
            for card in discards
        }
    values = _core.discard_values(_codes(view.hand), _wild(wild), _config(rules))
    return {card: values[card.code] for card in discards}


def _best_final_discard(view: PlayerView, legal: Sequence[Action]) -> Card:
    discards = _legal_discards(legal)
    values = _final_values(view, discards)
    wild = _wild(view.wild_rank)
    return min(discards, key=lambda card: _discard_key(card, values[card], wild, view.rules))


def _lay_down(view: PlayerView, legal: Sequence[Action], discard: Card) -> Action:
    """A final turn where players lay down their own melds (``auto_arrange_final_hand=False``):
    the next step of laying down the best layout of the hand kept after ``discard`` (lay-offs
    first, then new melds, card by card), then the discard.

    The plan is recomputed from the hand at every step, so it needs no memory; it is the same
    plan while the hand is unchanged, and laying down a group shrinks the hand.
    """
    rules, wild = view.rules, view.wild_rank
    table = tuple(placed.meld for placed in view.table) if rules.lay_off else ()
    hand = list(view.hand)
    layout = arrange_final(_without(hand, discard), table, wild, rules)
    if rules.go_out_without_discard:
        whole = arrange_final(hand, table, wild, rules)
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


def _take_lowers_deadwood(view: PlayerView, legal: Sequence[Action]) -> bool:
    """Greedy's draw rule: the hand plus the top discard, after its best legal discard, has
    less deadwood than the hand as it is."""
    top = view.top_discard
    if top is None or DRAW_DISCARD not in legal:
        return False
    rules, wild = view.rules, _wild(view.wild_rank)
    config = _config(rules)
    codes = _codes(view.hand)
    now = _core.min_deadwood(codes, wild, config)
    values = _core.discard_values(sorted([*codes, top.code]), wild, config)
    if not rules.may_discard_taken_discard and any(code != top.code for code in codes):
        values = {code: value for code, value in values.items() if code != top.code}
    return min(values.values()) < now


# -- the built-in bots -------------------------------------------------------------------------


def _final_turn(view: PlayerView, legal: Sequence[Action]) -> Action:
    """After someone went out (both solver bots): take the discard only if it lowers the
    least deadwood, then lay down (when players lay down their own melds) and discard for
    the least deadwood."""
    if view.phase is Phase.DRAW:
        if _take_lowers_deadwood(view, legal):
            return DRAW_DISCARD
        return DRAW_STOCK if DRAW_STOCK in legal else legal[0]
    out = _go_out_action(legal)
    if out is not None:
        return out
    card = _best_final_discard(view, legal)
    if not view.rules.auto_arrange_final_hand:
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
        """Greedy's choice among ``legal``."""
        if view.went_out is not None:
            return _final_turn(view, legal)
        if view.phase is Phase.DRAW:
            if _take_lowers_deadwood(view, legal):
                return DRAW_DISCARD
            return DRAW_STOCK if DRAW_STOCK in legal else legal[0]
        out = _go_out_action(legal)
        if out is not None:
            return out
        discards = _legal_discards(legal)
        if not discards:  # pragma: no cover - a discard is always legal after drawing
            return legal[0]
        rules, wild = view.rules, _wild(view.wild_rank)
        values = _core.discard_values(_codes(view.hand), wild, _config(rules))
        card = min(discards, key=lambda card: _discard_key(card, values[card.code], wild, rules))
        return Action.discard(card)


# -- the strong bot ----------------------------------------------------------------------------


@attrs.frozen
class _Knowledge:
    """What the bot worked out from the public record of the round."""

    unseen: tuple[int, ...]  # per card code: copies neither in view nor known in a hand
    total: int  # sum of unseen
    wilds: int  # unseen wild cards
    wants: tuple[frozenset[int], ...]  # per seat: codes of cards that seat is known to hold
    thrown: tuple[frozenset[int], ...]  # per seat: codes that seat discarded this round
    turns: tuple[int, ...]  # per seat: turns taken this round
    takes: tuple[int, ...]  # per seat: cards taken from the discard pile this round


def _deck_counts(rules: Rules) -> list[int]:
    counts = [rules.packs] * NUM_CODES
    counts[JOKER_CODE] = 3 * rules.packs
    return counts


def _read_round(view: PlayerView, upcard: Card | None) -> _Knowledge:
    """Replay the public history of the round: who took which discards, who threw what."""
    players = view.players
    stack: list[Card | None] = [upcard]
    held: list[list[int]] = [[] for _ in range(players)]
    thrown: list[set[int]] = [set() for _ in range(players)]
    turns = [0] * players
    takes = [0] * players
    for player, action in view.history:
        kind = action.kind
        if kind in (ActionKind.DISCARD, ActionKind.GO_OUT):
            card = action.card
            assert card is not None
            stack.append(card)
            thrown[player].add(card.code)
            if card.code in held[player]:
                held[player].remove(card.code)
        elif kind is ActionKind.DRAW_DISCARD:
            turns[player] += 1
            takes[player] += 1
            taken = stack.pop() if stack else None
            if taken is not None:
                held[player].append(taken.code)
        elif kind is ActionKind.DRAW_STOCK:
            turns[player] += 1
    counts = _deck_counts(view.rules)
    for cards in (view.hand, view.discard_pile):
        for card in cards:
            counts[card.code] -= 1
    for placed in view.table:
        for card in placed.meld.cards:
            counts[card.code] -= 1
    for seat, codes in enumerate(held):
        if seat != view.player:
            for code in codes:
                counts[code] -= 1
    unseen = tuple(max(0, count) for count in counts)
    wild = _wild(view.wild_rank)
    wilds = sum(count for code, count in enumerate(unseen) if _is_wild(code, wild))
    return _Knowledge(
        unseen=unseen,
        total=max(1, sum(unseen)),
        wilds=wilds,
        wants=tuple(frozenset(codes) for codes in held),
        thrown=tuple(frozenset(codes) for codes in thrown),
        turns=tuple(turns),
        takes=tuple(takes),
    )


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
    discard when the hand it makes is worth more than a draw from the stock, always goes out
    when it can, and plays final turns for the least deadwood.

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
    _upcards: dict[tuple[int, int], Card] = attrs.field(factory=dict, init=False, repr=False)

    def reset(self, seed: int) -> None:
        """Forget the previous game (the bot uses no randomness)."""
        self._upcards = {}

    # -- reading the table ----------------------------------------------------------------

    def _knowledge(self, view: PlayerView) -> _Knowledge:
        key = (view.round_number, view.extra_round)
        if key not in self._upcards and not view.history and view.discard_pile:
            self._upcards[key] = view.discard_pile[0]
        return _read_round(view, self._upcards.get(key))

    def _hazard(self, view: PlayerView, know: _Knowledge) -> float:
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

    def _chances(self, deadwood: Sequence[int], wild: int, know: _Knowledge) -> list[float]:
        """Per deadwood card: the chance per draw of a card that melds it."""
        unseen, total, wilds = know.unseen, know.total, know.wilds
        chances = []
        naturals = [code for code in deadwood if not _is_wild(code, wild)]
        spare_wild = len(naturals) != len(deadwood)
        for code in deadwood:
            if _is_wild(code, wild):
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
        wild: int,
        rules: Rules,
        know: _Knowledge,
        hazard: float,
        *,
        drawing: bool = False,
    ) -> float:
        """Expected points of ``deadwood`` when the round ends, if this player draws again
        after each turn the round goes on (with chance ``1 - hazard``); ``drawing``: it is
        about to draw from the stock too."""
        total = 0.0
        for code, chance in zip(deadwood, self._chances(deadwood, wild, know)):
            left = hazard / (1.0 - (1.0 - hazard) * (1.0 - chance))
            if drawing:
                left *= 1.0 - chance
            total += _points(code, wild, rules) * left
        return total

    # -- choosing ---------------------------------------------------------------------------

    def _discard_options(
        self,
        codes: list[int],
        allowed: Sequence[Card],
        view: PlayerView,
        know: _Knowledge,
        hazard: float,
    ) -> list[tuple[float, Card]]:
        """For a hand after drawing: each allowed discard with the value of what is left."""
        rules, wild = view.rules, _wild(view.wild_rank)
        config = _config(rules)
        _, deadwood, points = _core.arrange(codes, wild, config)
        values = _core.discard_values(codes, wild, config)
        natural = [card for card in allowed if not _is_wild(card.code, wild)]
        candidates = natural or list(allowed)
        wants = self._next_wants(view, know)
        options: list[tuple[float, Card]] = []
        for card in candidates:
            code = card.code
            left = values[code]
            if code in deadwood:
                rest = list(deadwood)
                rest.remove(code)
            elif left <= points:
                rest = list(deadwood)
            else:
                # Breaking a meld: value the rest as plain points (rarely best).
                options.append((float(left), card))
                continue
            value = self._value(rest, wild, rules, know, hazard)
            value += self.feed_penalty * _feeds(code, wild, wants)
            options.append((value, card))
        return options

    def _next_wants(self, view: PlayerView, know: _Knowledge) -> frozenset[int]:
        order = sorted(view.active, key=lambda seat: (seat - view.player - 1) % view.players)
        following = [seat for seat in order if seat != view.player]
        return know.wants[following[0]] if following else frozenset()

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The strong bot's choice among ``legal``."""
        if view.went_out is not None:
            return _final_turn(view, legal)
        know = self._knowledge(view)
        hazard = self._hazard(view, know)
        rules, wild = view.rules, _wild(view.wild_rank)
        if view.phase is Phase.DRAW:
            top = view.top_discard
            if top is None or DRAW_DISCARD not in legal:
                return DRAW_STOCK
            if _is_wild(top.code, wild):
                return DRAW_DISCARD
            codes = _codes(view.hand)
            _, deadwood, _ = _core.arrange(codes, wild, _config(rules))
            stock = self._value(deadwood, wild, rules, know, hazard, drawing=True)
            hand = [*view.hand, top]
            allowed = sorted(set(hand), key=lambda card: card.code)
            if not rules.may_discard_taken_discard and any(card != top for card in view.hand):
                allowed = [card for card in allowed if card != top]
            options = self._discard_options(_codes(hand), allowed, view, know, hazard)
            take = min(value for value, _ in options)
            return DRAW_DISCARD if take < stock else DRAW_STOCK
        out = _go_out_action(legal)
        if out is not None:
            return out
        discards = _legal_discards(legal)
        options = self._discard_options(_codes(view.hand), discards, view, know, hazard)
        _, card = min(
            options,
            key=lambda item: (item[0], -_points(item[1].code, wild, rules), -item[1].code),
        )
        return Action.discard(card)


def _partner_counts(code: int, wild: int, unseen: Sequence[int]) -> int:
    """Unseen naturals that would make a pair or a near-run with the natural ``code``."""
    rank, suit = code % 11 + 3, code // 11
    found = sum(unseen[s * 11 + rank - 3] for s in range(5))
    for r in (rank - 2, rank - 1, rank + 1, rank + 2):
        if 3 <= r <= 13 and r != wild:
            found += unseen[suit * 11 + r - 3]
    return found


def _feeds(code: int, wild: int, wants: frozenset[int]) -> int:
    """1 if the natural ``code`` fits a card the next player took (same rank, or same suit
    within two ranks), else 0."""
    rank, suit = code % 11 + 3, code // 11
    for other in wants:
        if _is_wild(other, wild):
            continue
        o_rank, o_suit = other % 11 + 3, other // 11
        if o_rank == rank or (o_suit == suit and abs(o_rank - rank) <= 2):
            return 1
    return 0


#: The built-in bots by name.
BOTS: Final[Mapping[str, Callable[[], Bot]]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "strong": StrongBot,
}


def make_bot(name: str) -> Bot:
    """A new built-in bot by its name in :data:`BOTS`.

    >>> make_bot("strong").name
    'strong'
    >>> make_bot("clever")
    Traceback (most recent call last):
    ...
    fivecrowns.errors.FiveCrownsError: unknown bot 'clever'; ... greedy, random, strong
    """
    factory = BOTS.get(name) if isinstance(name, str) else None
    if factory is None:
        raise FiveCrownsError(
            f"unknown bot {name!r}; the built-in bots are {', '.join(sorted(BOTS))}"
        )
    return factory()
