"""Five Crowns Solitaire, the official one-player game.

All 116 cards are shuffled and dealt into eleven face-up piles of 3, 4, ..., 13 cards; the
other 28 cards are the draw pile. Each pile has its own wild rank, its dealt size (3s wild in
the 3-card pile ... kings in the 13-card pile); jokers are always wild. A turn takes the top
card of the draw pile, adds it to one open pile and discards one card of that pile (perhaps
the one just added); discards leave the game. When, after adding a card, all but one of a
pile's cards form books and runs, the pile **closes**: its melds are laid out and the extra
card discarded. Close all eleven piles to win; the game is lost when the draw pile runs out
first. With ``Rules(solitaire_scoring="deadwood")`` the whole draw pile is played and the
cards left unmelded in open piles are scored (lowest is best).

Piles are numbered by their size (and wild rank), 3 to 13. An action names the pile the drawn
card goes to and the card discarded from it: ``"7 KD"`` adds the card to the 7-card pile and
discards KD.

>>> state = SolitaireState.new(seed=7)
>>> state.top_card, len(state.draw_pile), state.is_over
(Card.parse('JD'), 28, False)
>>> state = state.apply(greedy_action(state))
>>> len(state.draw_pile), len(state.discards)
(27, 1)

*Closing is compulsory*: the rules say a pile that can close is closed, so when the drawn card
lets a pile close, the only discards allowed from that pile are those that close it (closing
is never worse, in either scoring).

*A pile dealt closed*: the printed rules close a pile "when all its cards are arranged into
books and/or runs" and are silent on the deal; the option ``Rules.solitaire_dealt_piles``
offers the three readings:

- ``"whole"`` (the default, the text's reading): a pile whose dealt cards all form books and
  runs is closed at the deal, keeping them all, laid out as melds; nothing is discarded.
- ``"all_but_one"``: also a pile dealt with all but one card in books and runs (the closing
  a turn makes, without the turn): the melds are laid out and the extra card (the one
  :func:`~fivecrowns.best_discard` picks) is discarded at the deal: it leaves the game and is
  one of ``SolitaireState.discards`` before any turn (piles 3 to 13 in order). Which card it
  is cannot change the game: a closed pile takes no more cards and scores nothing, discards
  leave the game, and closing is compulsory anyway.
- ``"draw"`` (step 4, "after adding a card", read to the letter): every pile starts open and
  closes only on a turn that adds a card to it; closing is compulsory, so that turn discards
  the added card or a card the pile can spare.

No turn is spent and the draw pile is untouched. A closed pile's ``cards`` are the cards in
its melds: its size, or one fewer for a pile closed at the deal with a discard.

>>> dealt = SolitaireState.new(seed=12)  # pile 3 is dealt 10C 10S JK, a book
>>> dealt.pile(3).is_closed, [str(meld) for meld in dealt.pile(3).melds or ()]
(True, ['10C 10S JK=10*'])
>>> [action for action in dealt.legal_actions() if action.pile == 3]
[]
>>> drawn = SolitaireState.new(rules=Rules(solitaire_dealt_piles="draw"), seed=12)
>>> drawn.pile(3).is_closed, [str(a) for a in drawn.legal_actions() if a.pile == 3]
(False, ['3 10*', '3 10C', '3 10S', '3 JK'])

Seed 2 deals ``3* JH KH 4D`` to pile 4 (4s wild): JH 4D KH is a run, and 3* is spare.

>>> SolitaireState.new(seed=2).pile(4).is_closed
False
>>> spare = SolitaireState.new(rules=Rules(solitaire_dealt_piles="all_but_one"), seed=2)
>>> spare.pile(4).is_closed, [str(meld) for meld in spare.pile(4).melds or ()]
(True, ['JH 4D=QH KH'])
>>> spare.discards, spare.dealt_discards, len(spare.draw_pile)
((Card.parse('3*'),), {4: Card.parse('3*')}, 28)
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

import attrs

from .._shuffle import new_seed, shuffled
from ..cards import Card, deck, format_cards, without
from ..errors import (
    FiveCrownsError,
    IllegalActionError,
    InvalidRulesError,
    InvalidStateError,
)
from ..rules import OFFICIAL, Rules, SolitaireDealtPiles
from ..solver import (
    best_arrangement,
    deadwood_by_discard,
    min_deadwood,
)
from ._json import clip, loads, short
from ._solitaire_parts import (
    NUM_SOLITAIRE_ACTIONS,
    PILE_SIZES,
    SolitaireAction,
    SolitairePile,
    as_action,
    dealt_pile,
)

__all__ = [
    "NUM_SOLITAIRE_ACTIONS",
    "PILE_SIZES",
    "SolitaireAction",
    "SolitairePile",
    "SolitaireState",
    "greedy_action",
    "random_action",
]

#: The version of the JSON layout written by :meth:`SolitaireState.to_json`.
SCHEMA: Final = "fivecrowns.solitaire/4"
#: The older layouts :meth:`SolitaireState.from_json` reads (the same fields), and the
#: reading of the dealt piles their games were played under, by the value of the option of
#: their time, ``solitaire_close_dealt_piles`` (True when left out; ``/1`` predates it).
_OLD_SCHEMAS: Final[dict[str, dict[bool, SolitaireDealtPiles]]] = {
    "fivecrowns.solitaire/1": {True: "draw"},
    "fivecrowns.solitaire/2": {True: "whole", False: "draw"},
    "fivecrowns.solitaire/3": {True: "all_but_one", False: "draw"},
}
_OLD_OPTION: Final = "solitaire_close_dealt_piles"
#: Solitaire deals take the game-seed shuffle of "round 0", which the main game never uses.
_DEAL_ROUND: Final = 0


@attrs.frozen(repr=False)
class SolitaireState:
    """The whole state of a Solitaire game: immutable, comparable, JSON round-trippable.

    ``piles`` in size order; ``draw_pile`` with its top card last; ``discards`` in the order
    they left the game; ``actions`` the integers played so far. Build it with :meth:`new` or
    :meth:`from_json`.
    """

    rules: Rules
    seed: int
    piles: tuple[SolitairePile, ...]
    draw_pile: tuple[Card, ...]
    discards: tuple[Card, ...]
    actions: tuple[int, ...]

    @classmethod
    def new(cls, *, rules: Rules = OFFICIAL, seed: int | None = None) -> SolitaireState:
        """A new game, dealt. ``seed`` (an int of at least 0) fixes the shuffle; without it,
        one is drawn from the operating system's entropy. A pile dealt with all its cards in
        books and runs is closed already, or also one with all but one (the extra card
        discarded), as ``rules.solitaire_dealt_piles`` says."""
        if not isinstance(rules, Rules):
            raise InvalidStateError(f"rules must be a Rules, got {rules!r}")
        if rules.deck_size <= sum(PILE_SIZES):
            raise InvalidStateError(
                f"Solitaire deals {sum(PILE_SIZES)} cards to its piles and needs a draw pile: "
                f"a deck of {rules.packs} pack(s) has only {rules.deck_size} cards"
            )
        if seed is None:
            seed = new_seed()
        if type(seed) is not int or seed < 0:
            raise InvalidStateError(f"seed must be an int of at least 0 (or None), got {seed!r}")
        order = shuffled(deck(rules.packs), seed, _DEAL_ROUND, 0, 0)
        piles = []
        discards = []
        start = 0
        for size in PILE_SIZES:
            pile, extra = dealt_pile(size, tuple(sorted(order[start : start + size])), rules)
            piles.append(pile)
            if extra is not None:
                discards.append(extra)
            start += size
        return cls(rules, seed, tuple(piles), order[start:], tuple(discards), ())

    # -- what the state says ------------------------------------------------------------------

    @property
    def top_card(self) -> Card | None:
        """The card drawn this turn (the top of the draw pile), None when it is empty."""
        return self.draw_pile[-1] if self.draw_pile else None

    @property
    def open_piles(self) -> tuple[SolitairePile, ...]:
        """The piles not yet closed."""
        return tuple(pile for pile in self.piles if not pile.is_closed)

    @property
    def won(self) -> bool:
        """True when every pile is closed."""
        return all(pile.is_closed for pile in self.piles)

    @property
    def is_over(self) -> bool:
        """True when every pile is closed or the draw pile is empty."""
        return self.won or not self.draw_pile

    @property
    def deadwood(self) -> int:
        """The least deadwood of the open piles, each with its own wild rank (the score of
        ``solitaire_scoring="deadwood"``; lowest is best)."""
        return sum(
            min_deadwood(pile.cards, pile.wild_rank, rules=self.rules) for pile in self.open_piles
        )

    @property
    def score(self) -> int:
        """The result: under ``"win"`` scoring 1 for a win and 0 otherwise; under
        ``"deadwood"`` the deadwood left (see :attr:`deadwood`)."""
        if self.rules.solitaire_scoring == "deadwood":
            return self.deadwood
        return int(self.won)

    @property
    def dealt_discards(self) -> dict[int, Card]:
        """The cards discarded at the deal, by pile size: the extra card of each pile dealt
        with all but one of its cards in books and runs (closed at the deal under
        ``solitaire_dealt_piles="all_but_one"``). They are the first of ``discards``."""
        short = [pile.size for pile in self.piles if len(pile.cards) < pile.size]
        return dict(zip(short, self.discards))

    def pile(self, size: int) -> SolitairePile:
        """The pile of that size (3..13)."""
        if type(size) is not int or size not in PILE_SIZES:
            raise IllegalActionError(f"a pile is named by its size, 3 to 13, got {size!r}")
        return self.piles[size - PILE_SIZES[0]]

    # -- actions ------------------------------------------------------------------------------

    def _choices(self, pile: SolitairePile) -> dict[Card, int]:
        """For an open pile: each card the turn may discard from it after adding the drawn
        card, with the deadwood left; only closing discards when the pile can close."""
        assert self.top_card is not None
        values = deadwood_by_discard((*pile.cards, self.top_card), pile.wild_rank, rules=self.rules)
        if min(values.values()) == 0:
            return {card: 0 for card, value in values.items() if value == 0}
        return values

    @functools.cached_property
    def _legal(self) -> tuple[SolitaireAction, ...]:
        if self.is_over:
            return ()
        actions = [
            SolitaireAction(pile.size, card)
            for pile in self.open_piles
            for card in self._choices(pile)
        ]
        return tuple(sorted(actions, key=SolitaireAction.to_int))

    def legal_actions(self) -> tuple[SolitaireAction, ...]:
        """Every action :meth:`apply` accepts now, in integer order (empty when over)."""
        return self._legal

    def is_legal(self, action: SolitaireAction | int | str) -> bool:
        """True if :meth:`apply` would accept ``action``."""
        try:
            self._check(as_action(action))
        except FiveCrownsError:
            return False
        return True

    def _check(self, action: SolitaireAction) -> dict[Card, int]:
        if self.is_over:
            raise IllegalActionError("the game is over")
        pile = self.pile(action.pile)
        if pile.is_closed:
            raise IllegalActionError(f"pile {pile.size} is closed and takes no more cards")
        choices = self._choices(pile)
        if action.discard not in choices:
            if action.discard in pile.cards or action.discard == self.top_card:
                closing = format_cards(sorted(choices))
                raise IllegalActionError(
                    f"pile {pile.size} can close with {self.top_card}: discard one of {closing}"
                )
            raise IllegalActionError(
                f"{action.discard} is neither in pile {pile.size} nor the drawn card "
                f"{self.top_card}"
            )
        return choices

    def apply(self, action: SolitaireAction | int | str) -> SolitaireState:
        """The state after ``action`` (a :class:`SolitaireAction`, its integer or notation).

        Raises :class:`IllegalActionError` saying why if it is not legal; this state is never
        changed.
        """
        act = as_action(action)
        choices = self._check(act)
        pile = self.pile(act.pile)
        top = self.top_card
        assert top is not None
        cards = without((*pile.cards, top), (act.discard,))
        closes = choices[act.discard] == 0
        melds = best_arrangement(cards, pile.wild_rank, rules=self.rules).melds if closes else None
        new_pile = SolitairePile(pile.size, tuple(sorted(cards)), melds)
        index = pile.size - PILE_SIZES[0]
        return attrs.evolve(
            self,
            piles=(*self.piles[:index], new_pile, *self.piles[index + 1 :]),
            draw_pile=self.draw_pile[:-1],
            discards=(*self.discards, act.discard),
            actions=(*self.actions, act.to_int()),
        )

    # -- saving -------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data: the rules, seed and actions (which determine everything), and the
        piles, draw pile and discards (checked against them when loading)."""
        return {
            "schema": SCHEMA,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "actions": [str(SolitaireAction.from_int(value)) for value in self.actions],
            "piles": {str(pile.size): format_cards(pile.cards) for pile in self.piles},
            "closed": [pile.size for pile in self.piles if pile.is_closed],
            "draw_pile": format_cards(self.draw_pile),
            "discards": format_cards(self.discards),
        }

    def to_json(self) -> str:
        """The state as JSON text (see :meth:`to_dict`)."""
        return json.dumps(self.to_dict())

    @classmethod
    def replay(
        cls,
        actions: Sequence[SolitaireAction | int | str],
        *,
        rules: Rules = OFFICIAL,
        seed: int,
    ) -> SolitaireState:
        """The state after playing ``actions`` from the deal of ``seed``."""
        state = cls.new(rules=rules, seed=seed)
        for number, action in enumerate(actions, start=1):
            try:
                state = state.apply(action)
            except IllegalActionError as error:
                raise InvalidStateError(f"action {number} ({action}) is illegal: {error}") from None
        return state

    @classmethod
    def from_json(cls, text: str | bytes) -> SolitaireState:
        """Load :meth:`to_json`'s text. The game is replayed from its seed and actions and
        must match the piles, draw pile and discards given, so a tampered file raises
        :class:`InvalidStateError` instead of yielding an impossible state. The text is
        bounded like :meth:`GameState.from_json <fivecrowns.GameState.from_json>`'s (size,
        nesting, integer digits, no repeated key).

        A save of an older layout (``"fivecrowns.solitaire/1"`` to ``/3``) loads under the
        reading of the dealt piles its game was played with (``/1``: ``"draw"``; ``/2``:
        ``"whole"``; ``/3``: ``"all_but_one"``; ``"draw"`` wherever it set
        ``solitaire_close_dealt_piles=False``), and saves again in the current layout."""
        return cls.from_dict(loads(text, "saved Solitaire game"))

    @classmethod
    def from_dict(cls, data: object) -> SolitaireState:
        """Load :meth:`to_dict`'s data (see :meth:`from_json`)."""
        fields = {"schema", "rules", "seed", "actions", "piles", "closed", "draw_pile", "discards"}
        if not isinstance(data, dict) or set(data) != fields:
            got = short(sorted(data)) if isinstance(data, dict) else type(data).__name__
            raise InvalidStateError(
                f"a saved Solitaire game has the fields {sorted(fields)}, got {got}"
            )
        schema = data["schema"]
        rules = cls._saved_rules(schema, data["rules"])
        actions = data["actions"]
        most = rules.deck_size - sum(PILE_SIZES)  # one action per card of the draw pile
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise InvalidStateError("actions must be a list of action notations such as '7 KD'")
        if len(actions) > most:
            raise InvalidStateError(
                f"actions: {len(actions):,} actions, but a game has at most {most} "
                "(one per card of the draw pile)"
            )
        try:
            state = cls.replay(actions, rules=rules, seed=data["seed"])
        except (IllegalActionError, ValueError) as error:
            raise InvalidStateError(clip(f"the saved actions do not replay: {error}")) from None
        expected = json.loads(state.to_json())
        if schema != SCHEMA:  # (its rules were read from the data as that layout wrote them)
            expected.update(schema=schema, rules=data["rules"])
        if expected != data:
            raise InvalidStateError(
                "the saved piles, draw pile or discards do not match the game's seed and actions"
            )
        return state

    @staticmethod
    def _saved_rules(schema: object, saved: object) -> Rules:
        """The rules of a save of layout ``schema``: the dealt piles read as its game was
        played (see :meth:`from_json`)."""
        if schema != SCHEMA and schema not in _OLD_SCHEMAS:
            raise InvalidStateError(
                f"unknown schema {short(schema)}; this version reads {SCHEMA!r} (and the "
                f"older {', '.join(map(repr, reversed(_OLD_SCHEMAS)))})"
            )
        if schema != SCHEMA and isinstance(saved, dict):
            readings = _OLD_SCHEMAS[str(schema)]
            old = saved.get(_OLD_OPTION, True)
            if "solitaire_dealt_piles" in saved or old not in readings:
                raise InvalidStateError(
                    f"a {schema!r} save sets its dealt piles by {_OLD_OPTION} "
                    f"({', '.join(map(str, readings))}), got {short(saved)}"
                )
            saved = {
                **{k: v for k, v in saved.items() if k != _OLD_OPTION},
                "solitaire_dealt_piles": readings[old],
            }
        try:
            return Rules.from_dict(saved)  # type: ignore[arg-type]
        except InvalidRulesError as error:
            raise InvalidStateError(clip(f"bad rules: {error}")) from None

    def check(self) -> None:
        """Raise :class:`InvalidStateError` unless every card of the deck is in exactly one
        place, every pile holds its size (closed piles: in valid melds; a pile closed at the
        deal with its extra card discarded: one card fewer), and there is one discard per
        action plus one per pile closed at the deal with a discard."""
        places = [card for pile in self.piles for card in pile.cards]
        places += [*self.draw_pile, *self.discards]
        if Counter(places) != Counter(deck(self.rules.packs)):
            raise InvalidStateError("the cards in play are not exactly the deck")
        played = {SolitaireAction.from_int(value).pile for value in self.actions}
        short = 0
        for pile in self.piles:
            if len(pile.cards) == pile.size - 1 and pile.is_closed:
                spare = self.rules.solitaire_dealt_piles == "all_but_one"
                if not spare or pile.size in played:
                    raise InvalidStateError(
                        f"closed pile {pile.size} holds {len(pile.cards)} cards, but only a "
                        'pile closed at the deal (solitaire_dealt_piles="all_but_one") holds '
                        "one card fewer than its size"
                    )
                short += 1
            elif len(pile.cards) != pile.size:
                raise InvalidStateError(f"pile {pile.size} holds {len(pile.cards)} cards")
            if pile.melds is not None:
                melded = [card for meld in pile.melds for card in meld.cards]
                if Counter(melded) != Counter(pile.cards):
                    raise InvalidStateError(f"closed pile {pile.size} is not all melded")
        if len(self.discards) != len(self.actions) + short:
            raise InvalidStateError(
                f"{len(self.discards)} discards, but {len(self.actions)} action(s) and "
                f"{short} pile(s) closed at the deal with a discard make "
                f"{len(self.actions) + short}"
            )

    def __repr__(self) -> str:
        closed = sum(pile.is_closed for pile in self.piles)
        return (
            f"<SolitaireState seed={self.seed} turn={len(self.actions)} closed={closed}/11 "
            f"draw_pile={len(self.draw_pile)}>"
        )


# -- policies ------------------------------------------------------------------------------------


def random_action(state: SolitaireState, rng: random.Random) -> SolitaireAction:
    """A legal action chosen uniformly at random with ``rng``."""
    actions = state.legal_actions()
    if not actions:
        raise IllegalActionError("the game is over: there is no action to choose")
    return actions[int(rng.random() * len(actions))]


def greedy_action(state: SolitaireState) -> SolitaireAction:
    """A solver-driven choice: close a pile if the drawn card lets one close (the largest
    such pile); otherwise feed the pile whose least deadwood the card lowers most (ties: the
    pile left nearest to closing), discarding the card that leaves the least deadwood; if no
    pile gains, throw the drawn card away from the pile with the most deadwood."""
    top = state.top_card
    if top is None or state.won:
        raise IllegalActionError("the game is over: there is no action to choose")
    best: tuple[tuple[int, int, int], SolitaireAction] | None = None
    for pile in state.open_piles:
        choices = state._choices(pile)
        now = min_deadwood(pile.cards, pile.wild_rank, rules=state.rules)
        card = min(choices, key=lambda c: (choices[c], c.is_wild(pile.wild_rank), -c.code))
        after = choices[card]
        if after == 0:
            key = (0, -pile.size, 0)
        elif after < now:
            key = (1, after - now, after)
        else:
            key = (2, -now, 0)
            card = top
        if best is None or key < best[0]:
            best = (key, SolitaireAction(pile.size, card))
    assert best is not None
    return best[1]
