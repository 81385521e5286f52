"""The record inside a state of the OpenSpiel game (:mod:`fivecrowns.adapters.openspiel`): the
log of what happened, the memory blocks, and the transitions (deal, draw, act) that extend it.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Final, NamedTuple, overload

import numpy as np
import numpy.typing as npt

from ..cards import CARDS, NUM_CODES, deck, format_cards, short_repr
from ..errors import IllegalActionError
from ..game import GameState
from ..game.actions import _ACTIONS as _BASE_ACTIONS
from ..game.actions import DRAW_STOCK, NUM_BASE_ACTIONS, Action, ActionKind
from ..rules import Rules
from ._openspiel_table import Table, table_of

__all__ = [
    "CHANCE",
    "DEALT",
    "DREW",
    "PUT",
    "TERMINAL",
    "TOOK",
    "Entry",
    "Later",
    "Log",
    "PastText",
    "Snapshot",
    "act",
    "copies",
    "deal",
    "deck_left",
    "draw",
    "entries",
    "initial",
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
    for ``seat``, ``public`` for the others; None: nothing), or a :class:`Later` that
    writes it when first read.
    """

    kind: str
    seat: int
    code: int
    step: int
    cards: tuple[int, ...]
    public: str | Later | None
    private: str | Later | None


class Later:
    """A text written by ``make`` when first read, then kept (a put that changed the table,
    a round's result: the melds in them, which only an information string reads, cost more
    than the step)."""

    __slots__ = ("_make", "_text")

    def __init__(self, make: Callable[[], str]) -> None:
        self._make: Callable[[], str] | None = make
        self._text: str | None = None

    def __str__(self) -> str:
        text = self._text
        if text is None:
            make = self._make
            assert make is not None
            text = self._text = make()
            self._make = None
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        return (str, (str(self),))


#: The memory blocks (by seat): cards dealt, cards drawn from the stock, cards taken from the
#: discard pile, cards put down.
DEALT, DREW, TOOK, PUT = range(4)


#: A round's log: its last entry and the log before it (None: empty), so that a step adds
#: an entry without copying the round's (a step costs the same however long the round).
Log = tuple[Entry, "Log"] | None


def entries(log: Log) -> tuple[Entry, ...]:
    """The entries of ``log``, in order."""
    found = []
    while log is not None:
        found.append(log[0])
        log = log[1]
    return tuple(reversed(found))


class Snapshot:
    """Everything a :class:`FiveCrownsState` holds: never changed, so a copy is itself.

    ``table`` is the engine's game (``_openspiel_table``). While a round is dealt (``dealt``
    not None: the codes dealt so far; ``left``: the deck's cards not dealt yet, by code) its
    hands, discard pile and stock are the engine's own deal, which the chance outcomes
    replace when the deal is complete. ``drawing``: the player to act drew from the stock
    and chance picks the card. ``log`` holds this round's events (:data:`Log`); ``past``
    the finished rounds', ``past_text`` each player's information-state text of them (by
    seat: a tuple, or a :class:`PastText` that writes a seat's when first asked for).
    ``steps`` is the length of the game's history, ``player`` OpenSpiel's player to act.
    The memory blocks (:meth:`memory`) are counted from the log when first asked for.
    """

    __slots__ = (
        "_memory",
        "dealt",
        "drawing",
        "left",
        "log",
        "past",
        "past_text",
        "player",
        "reshuffles",
        "rounds",
        "steps",
        "table",
    )

    def __init__(
        self,
        table: Table,
        dealt: tuple[int, ...] | None,
        left: tuple[int, ...] | None,
        drawing: bool,
        log: Log,
        past: tuple[tuple[Entry, ...], ...],
        past_text: Sequence[str],
        steps: int,
        rounds: int = 0,
        reshuffles: int = 0,
    ) -> None:
        self.table, self.dealt, self.left, self.drawing = table, dealt, left, drawing
        self.log, self.past, self.past_text, self.steps = log, past, past_text, steps
        self.rounds, self.reshuffles = rounds, reshuffles
        if table.over:
            self.player = TERMINAL
        elif dealt is not None or drawing:
            self.player = CHANCE
        else:
            self.player = table.current
        self._memory: npt.NDArray[np.int16] | None = None

    @property
    def game(self) -> GameState:
        """The engine's state (while a round is dealt, its own deal)."""
        return self.table.state

    def memory(self) -> npt.NDArray[np.int16]:
        """This round's cards by block (``DEALT`` ...), seat and card code (read-only)."""
        found = self._memory
        if found is None:
            found = np.zeros((4, self.table.state.players, NUM_CODES), dtype=np.int16)
            for entry in entries(self.log):
                kind = entry.kind
                if kind == "deal":
                    found[DEALT, entry.seat, entry.code] += 1
                elif kind == "drew":
                    found[DREW, entry.seat, entry.code] += 1
                elif kind == "take":
                    found[TOOK, entry.seat, entry.code] += 1
                elif kind == "put":
                    for code in entry.cards:
                        found[PUT, entry.seat, code] += 1
            found.flags.writeable = False
            self._memory = found
        return found

    def replaced(self, table: Table) -> Snapshot:
        """This snapshot with another engine's game (the same game's, e.g. on the other
        engine or with its stock in another order)."""
        fields = (self.dealt, self.left, self.drawing, self.log, self.past, self.past_text)
        return Snapshot(table, *fields, self.steps, self.rounds, self.reshuffles)

    def __deepcopy__(self, memo: dict[int, Any]) -> Snapshot:
        return self

    def __copy__(self) -> Snapshot:
        return self

    def __getstate__(self) -> tuple[Any, ...]:
        fields = (self.dealt, self.left, self.drawing, self.past, self.past_text, self.steps)
        return (self.table, *fields, self.rounds, self.reshuffles, entries(self.log))

    def __setstate__(self, values: tuple[Any, ...]) -> None:
        table, dealt, left, drawing, past, past_text, steps, rounds, reshuffles, logged = values
        log: Log = None
        for entry in logged:
            log = (entry, log)
        Snapshot.__init__(
            self, table, dealt, left, drawing, log, past, past_text, steps, rounds, reshuffles
        )


class PastText(Sequence[str]):
    """Each seat's information-state text of the finished rounds ``logs``, written when first
    asked for (a sampled world's: its hidden cards are other than the state's)."""

    def __init__(self, logs: tuple[tuple[Entry, ...], ...], players: int) -> None:
        self._logs = logs
        self._texts: list[str | None] = [None] * players

    def __len__(self) -> int:
        return len(self._texts)

    @overload
    def __getitem__(self, seat: int) -> str: ...
    @overload
    def __getitem__(self, seat: slice) -> Sequence[str]: ...
    def __getitem__(self, seat: int | slice) -> str | Sequence[str]:
        if isinstance(seat, slice):
            return [self[index] for index in range(len(self))[seat]]
        text = self._texts[seat]
        if text is None:
            lines = (line(entry, seat) for log in self._logs for entry in log)
            text = f"p{seat}" + "".join(f"\n{text}" for text in lines if text is not None)
            self._texts[seat] = text
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        return (tuple, (tuple(self),))


#: OpenSpiel's player ids of chance and of a finished game.
CHANCE: Final = -1
TERMINAL: Final = -4


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
    text = entry.private if entry.seat == player else entry.public
    return text if text is None or type(text) is str else str(text)


def round_header(game: GameState) -> Entry:
    wild = "jokers only" if game.wild_rank is None else f"{game.wild_rank}s and jokers"
    text = f"round {game.round_number}: {game.hand_size} cards, {wild} wild, p{game.dealer} deals"
    return Entry("round", -1, -1, -1, (), text, text)


def _table_text(game: GameState) -> str:
    return "; ".join(f"p{placed.owner} {placed.meld}" for placed in game.table)


def _put_text(head: str, table: Table) -> str:
    return f"{head} (table: {_table_text(table.state)})"


def _result_text(table: Table) -> str:
    result = table.state.results[-1]
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


def _new_round(now: Snapshot, ended: Log, table: Table, rounds: int) -> Snapshot:
    """The snapshot whose round ``table`` is about to be dealt (``now``'s round just ended,
    its log ``ended``)."""
    past = (*now.past, entries(ended))
    texts = PastText(past, len(now.past_text))  # (written when an information state is)
    over = table.over
    log: Log = None if over else (round_header(table.state), None)
    return Snapshot(
        table,
        None if over else (),
        None if over else deck_left(table.rules),
        False,
        log,
        past,
        texts,
        now.steps + 1,
        rounds,
    )


def initial(first: GameState) -> Snapshot:
    """The start of a game whose round 1 ``first`` deals (its own deal, which chance
    replaces)."""
    log = (round_header(first), None)
    texts = tuple(f"p{seat}" for seat in range(first.players))
    return Snapshot(table_of(first), (), deck_left(first.rules), False, log, (), texts, 0)


def deck_left(rules: Rules) -> tuple[int, ...]:
    """The deck's cards by code."""
    counts = _copies(rules.packs)
    return tuple(counts[code] for code in range(NUM_CODES))


# -- transitions -----------------------------------------------------------------------------


def deal(now: Snapshot, code: int) -> Snapshot:
    """Deal the card of ``code`` (the next card of the round's deal)."""
    table, dealt, left = now.table, now.dealt, now.left
    assert dealt is not None
    assert left is not None
    if type(code) is not int or not 0 <= code < NUM_CODES or left[code] <= 0:
        raise IllegalActionError(f"no {short_repr(code)} is left to deal")
    game = table.state  # (the round's facts: the same in every state of the deal)
    seats = _seats(game)
    in_hands = game.hand_size * len(seats)
    step = now.steps
    rest = (*left[:code], left[code] - 1, *left[code + 1 :])
    if len(dealt) < in_hands:
        seat = seats[len(dealt) % len(seats)]
        card = CARDS[code]
        entry = Entry("deal", seat, code, step, (), f"deal p{seat}", f"deal p{seat} {card}")
        return _next(now, table, (*dealt, code), rest, False, (entry, now.log))
    # The upcard: the deal is complete, and the engine's game takes the dealt cards.
    hands: list[list[int]] = [[] for _ in range(game.players)]
    for index, dealt_code in enumerate(dealt):
        hands[seats[index % len(seats)]].append(dealt_code)
    text = f"upcard {CARDS[code]}"
    entry = Entry("upcard", -1, code, step, (), text, text)
    dealt_table = table.redeal(hands, code)
    return _next(now, dealt_table, None, None, False, (entry, now.log))


def draw(now: Snapshot, code: int) -> Snapshot:
    """The player to act draws the card of ``code`` from the stock."""
    table = now.table
    seat = table.current
    after = table.drawn(code)  # raises IllegalActionError if no such card is in the stock
    entry = Entry("drew", seat, code, now.steps, (), None, f"p{seat} drew {CARDS[code]}")
    return _next(now, after, None, None, False, (entry, now.log))


def act(now: Snapshot, action: int) -> Snapshot:
    """The player to act plays ``action`` (an integer of :mod:`fivecrowns.game.actions`)."""
    table = now.table
    seat, step = table.current, now.steps
    log = now.log
    if action == _DRAW_STOCK:
        if _DRAW_STOCK not in table.legal():
            table.state.apply(action)  # raises, saying why
        text = f"p{seat} draw"
        entry = Entry("stock", seat, action, step, (), text, text)
        return _next(now, table, None, None, True, (entry, log))
    played = table.played(action)  # raises IllegalActionError, saying why, if illegal
    after = played.table
    if type(action) is int and 0 <= action < NUM_BASE_ACTIONS:
        act = _BASE_ACTIONS[action]
    else:
        act = Action.from_int(action, table.rules)
    if act.kind is ActionKind.DRAW_DISCARD:
        code = played.taken
        assert code is not None
        text = f"p{seat} take {CARDS[code]}"
        log = (Entry("take", seat, code, step, (), text, text), log)
    elif played.rounds == now.rounds:  # the round goes on
        lost = played.lost
        head = f"p{seat} {act}"
        # (cards went onto the table when more left the hand than the discard)
        changed = len(lost) > (act.kind in _DISCARDING)
        put = Later(functools.partial(_put_text, head, after)) if changed else head
        log = (Entry("put", seat, action, step, lost, put, put), log)
    else:  # the round ended: every hand is shown, and the next round is dealt
        text = f"p{seat} {act}"
        log = (Entry("put", seat, action, step, (), text, text), log)
        for other, hand in enumerate(table.hands()):
            log = (Entry("reveal", other, -1, step, hand, None, None), log)
        result = Later(functools.partial(_result_text, after))
        log = (Entry("result", -1, -1, step, (), result, result), log)
        return _new_round(now, log, after, played.rounds)
    if played.reshuffles > now.reshuffles:
        # (the stock in ascending order, as dealt: its order means nothing, a draw takes any
        # card, and so a sampled world's stock, dealt from what is left, is the same)
        after = after.rehand([], [])
        codes = tuple(card.code for card in after.state.stock)
        text = f"reshuffle: {len(codes)} cards"
        log = (Entry("reshuffle", -1, -1, step, codes, text, text), log)
    return _next(now, after, None, None, False, log, played.reshuffles)


def _next(
    now: Snapshot,
    table: Table,
    dealt: tuple[int, ...] | None,
    left: tuple[int, ...] | None,
    drawing: bool,
    log: Log,
    reshuffles: int | None = None,
) -> Snapshot:
    """The snapshot a step after ``now`` in the same round."""
    return Snapshot(
        table,
        dealt,
        left,
        drawing,
        log,
        now.past,
        now.past_text,
        now.steps + 1,
        now.rounds,
        now.reshuffles if reshuffles is None else reshuffles,
    )


_DRAW_STOCK: Final = DRAW_STOCK.to_int()
#: The kinds of action that put a card on the discard pile.
_DISCARDING: Final = (ActionKind.DISCARD, ActionKind.GO_OUT)
