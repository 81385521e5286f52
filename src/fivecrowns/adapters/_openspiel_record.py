"""The record inside a state of the OpenSpiel game (:mod:`fivecrowns.adapters.openspiel`): the
log of what happened, the memory blocks, and the transitions (deal, draw, act) that extend it.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable
from typing import Any, NamedTuple

import attrs
import numpy as np
import numpy.typing as npt

from ..cards import CARDS, NUM_CODES, Card, deck, format_cards, short_repr
from ..errors import IllegalActionError
from ..game import GameState
from ..game.actions import DRAW_STOCK, Action, ActionKind
from ..rules import Rules

__all__ = [
    "DEALT",
    "DREW",
    "PUT",
    "TOOK",
    "Entry",
    "Snapshot",
    "act",
    "copies",
    "deal",
    "draw",
    "frozen",
    "line",
    "round_header",
]

# -- the record of a game --------------------------------------------------------------------


class Entry(NamedTuple):
    """One event of a round, as the players learn it.

    ``kind`` is one of ``round`` (a round begins), ``deal`` (a card dealt to ``seat``: its
    ``code`` is that player's secret), ``upcard``, ``stock`` (``seat`` draws from the stock),
    ``drew`` (the card ``seat`` drew: private), ``take`` (``seat`` took card ``code`` from the
    discard pile), ``put`` (``seat`` played action ``code`` and put down the cards
    ``cards``), ``reshuffle`` (``cards`` became the stock), ``reveal`` (at the end of the
    round, ``seat`` had ``cards``) and ``result``. ``step`` is the action's number in the
    game's history; ``public`` and ``private`` are the text each player reads (``private``
    for ``seat``, ``public`` for the others; None: nothing).
    """

    kind: str
    seat: int
    code: int
    step: int
    cards: tuple[int, ...]
    public: str | None
    private: str | None


#: The memory blocks (by seat): cards dealt, cards drawn from the stock, cards taken from the
#: discard pile, cards put down.
DEALT, DREW, TOOK, PUT = range(4)


@attrs.frozen
class Snapshot:
    """Everything a :class:`FiveCrownsState` holds: immutable, so a copy is itself.

    ``game`` is the engine's state. While a round is dealt (``dealt`` not None: the codes
    dealt so far) its hands, discard pile and stock are the engine's own deal, which the
    chance outcomes replace when the deal is complete. ``drawing``: the player to act drew
    from the stock and chance picks the card. ``log`` holds this round's events; ``past``
    the finished rounds', ``past_text`` each player's information-state text of them.
    ``memory`` counts, by block, seat and card code, this round's cards (see ``DEALT``).
    ``steps`` is the length of the game's history.
    """

    game: GameState
    dealt: tuple[int, ...] | None
    drawing: bool
    log: tuple[Entry, ...]
    past: tuple[tuple[Entry, ...], ...]
    past_text: tuple[str, ...]
    memory: npt.NDArray[np.int16] = attrs.field(eq=False)
    steps: int

    def __deepcopy__(self, memo: dict[int, Any]) -> Snapshot:
        return self

    def __copy__(self) -> Snapshot:
        return self


def frozen(array: npt.NDArray[np.int16]) -> npt.NDArray[np.int16]:
    array.flags.writeable = False
    return array


def copies(rules: Rules) -> Counter[int]:
    """The deck as counts by card code (a new counter, to change)."""
    return Counter(_copies(rules.packs))


@functools.lru_cache(maxsize=16)
def _copies(packs: int) -> Counter[int]:
    return Counter(card.code for card in deck(packs))


def _seats(game: GameState) -> tuple[int, ...]:
    """The players dealt in, in dealing order (from the dealer's left)."""
    return tuple(sorted(game.active, key=lambda seat: (seat - game.dealer - 1) % game.players))


def line(entry: Entry, player: int) -> str | None:
    return entry.private if entry.seat == player else entry.public


def round_header(game: GameState) -> Entry:
    wild = "jokers only" if game.wild_rank is None else f"{game.wild_rank}s and jokers"
    text = f"round {game.round_number}: {game.hand_size} cards, {wild} wild, p{game.dealer} deals"
    return Entry("round", -1, -1, -1, (), text, text)


def _table_text(game: GameState) -> str:
    return "; ".join(f"p{placed.owner} {placed.meld}" for placed in game.table)


def _result_text(game: GameState) -> str:
    result = game.results[-1]
    hands = []
    for seat, layout in enumerate(result.layouts):
        if layout is not None:
            melds = " | ".join(map(str, layout.melds)) or "-"
            off = f", laid off {format_cards(layout.laid_off)}" if layout.laid_off else ""
            hands.append(f"p{seat} melds {melds}{off}, deadwood {format_cards(layout.deadwood)}")
    return (
        f"round {result.round_number} over ({result.ended}): scores {list(result.scores)}; "
        + "; ".join(hands)
    )


def _lost(before: tuple[Card, ...], after: tuple[Card, ...]) -> tuple[int, ...]:
    """The codes of the cards in ``before`` and not in ``after`` (multisets)."""
    left = Counter(card.code for card in before)
    left.subtract(card.code for card in after)
    return tuple(sorted(left.elements()))


def _new_round(now: Snapshot, game: GameState) -> dict[str, Any]:
    """The fields of a snapshot whose round ``game`` is about to be dealt (``now``'s round
    just ended)."""
    texts = tuple(
        now.past_text[seat]
        + "".join(f"\n{text}" for text in (line(e, seat) for e in now.log) if text is not None)
        for seat in range(game.players)
    )
    return {
        "game": game,
        "dealt": () if not game.is_over else None,
        "log": (round_header(game),) if not game.is_over else (),
        "past": (*now.past, now.log),
        "past_text": texts,
        "memory": frozen(np.zeros_like(now.memory)),
    }


# -- transitions -----------------------------------------------------------------------------


def _remembered(memory: npt.NDArray[np.int16], block: int, seat: int, codes: Iterable[int]) -> Any:
    out = memory.copy()
    for code in codes:
        out[block, seat, code] += 1
    return frozen(out)


def deal(now: Snapshot, code: int) -> Snapshot:
    """Deal the card of ``code`` (the next card of the round's deal)."""
    game, dealt = now.game, now.dealt
    assert dealt is not None
    rules = game.rules
    left = copies(rules)
    left.subtract(dealt)
    if type(code) is not int or not 0 <= code < NUM_CODES or left[code] <= 0:
        raise IllegalActionError(f"no {short_repr(code)} is left to deal")
    seats = _seats(game)
    in_hands = game.hand_size * len(seats)
    step = now.steps
    if len(dealt) < in_hands:
        seat = seats[len(dealt) % len(seats)]
        card = CARDS[code]
        entry = Entry("deal", seat, code, step, (), f"deal p{seat}", f"deal p{seat} {card}")
        return attrs.evolve(
            now,
            dealt=(*dealt, code),
            log=(*now.log, entry),
            memory=_remembered(now.memory, DEALT, seat, (code,)),
            steps=step + 1,
        )
    # The upcard: the deal is complete, and the engine's state takes the dealt cards.
    hands: list[list[Card]] = [[] for _ in range(game.players)]
    for index, dealt_code in enumerate(dealt):
        hands[seats[index % len(seats)]].append(CARDS[dealt_code])
    left[code] -= 1
    stock = tuple(CARDS[rest] for rest in sorted(left.elements()))
    # (unchecked: the dealt cards are the deck's, counted above, in the hand sizes the round
    # deals; a check would cost as much as the whole deal)
    dealt_game = game._evolve(
        hands=tuple(tuple(sorted(hand, key=_code_of)) for hand in hands),
        discard_pile=(CARDS[code],),
        stock=stock,
    )
    text = f"upcard {CARDS[code]}"
    entry = Entry("upcard", -1, code, step, (), text, text)
    return attrs.evolve(now, game=dealt_game, dealt=None, log=(*now.log, entry), steps=step + 1)


def _code_of(card: Card) -> int:
    return card.code


def draw(now: Snapshot, code: int) -> Snapshot:
    """The player to act draws the card of ``code`` from the stock."""
    game = now.game
    stock = game.stock
    index = next(
        (i for i in range(len(stock) - 1, -1, -1) if stock[i].code == code), None
    )  # the top copy, if any
    if type(code) is not int or index is None:
        raise IllegalActionError(f"no {short_repr(code)} is in the stock")
    if index != len(stock) - 1:
        stock = (*stock[:index], *stock[index + 1 :], stock[index])
        game = game._evolve(stock=stock)  # (the same stock reordered: nothing to check)
    seat = game.current
    after = game.apply(DRAW_STOCK)
    entry = Entry("drew", seat, code, now.steps, (), None, f"p{seat} drew {CARDS[code]}")
    return attrs.evolve(
        now,
        game=after,
        drawing=False,
        log=(*now.log, entry),
        memory=_remembered(now.memory, DREW, seat, (code,)),
        steps=now.steps + 1,
    )


def act(now: Snapshot, action: int) -> Snapshot:
    """The player to act plays ``action`` (an integer of :mod:`fivecrowns.game.actions`)."""
    game = now.game
    seat, step = game.current, now.steps
    if action == DRAW_STOCK.to_int():
        if not game.is_legal(action):
            game.apply(action)  # raises, saying why
        text = f"p{seat} draw"
        entry = Entry("stock", seat, action, step, (), text, text)
        return attrs.evolve(now, drawing=True, log=(*now.log, entry), steps=step + 1)
    after = game.apply(action)  # raises IllegalActionError, saying why, if illegal
    act = Action.from_int(action, game.rules)
    if act.kind is ActionKind.DRAW_DISCARD:
        code = game.discard_pile[-1].code
        text = f"p{seat} take {CARDS[code]}"
        entries: tuple[Entry, ...] = (Entry("take", seat, code, step, (), text, text),)
        memory = _remembered(now.memory, TOOK, seat, (code,))
    elif len(after.results) == len(game.results):  # the round goes on
        lost = _lost(game.hands[seat], after.hands[seat])
        text = f"p{seat} {act}"
        if after.table != game.table:
            text += f" (table: {_table_text(after)})"
        entries = (Entry("put", seat, action, step, lost, text, text),)
        memory = _remembered(now.memory, PUT, seat, lost)
    else:  # the round ended: every hand is shown, and the next round is dealt
        text = f"p{seat} {act}"
        reveals = tuple(
            Entry("reveal", other, -1, step, tuple(card.code for card in hand), None, None)
            for other, hand in enumerate(game.hands)
        )
        result = _result_text(after)
        entries = (
            Entry("put", seat, action, step, (), text, text),
            *reveals,
            Entry("result", -1, -1, step, (), result, result),
        )
        ended = attrs.evolve(now, log=(*now.log, *entries))
        return attrs.evolve(ended, steps=step + 1, drawing=False, **_new_round(ended, after))
    if after.reshuffles > game.reshuffles:
        codes = tuple(sorted(card.code for card in after.stock))
        text = f"reshuffle: {len(codes)} cards"
        entries += (Entry("reshuffle", -1, -1, step, codes, text, text),)
    return attrs.evolve(now, game=after, log=(*now.log, *entries), memory=memory, steps=step + 1)
