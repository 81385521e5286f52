"""The optimal-meld solver: the least deadwood of a hand, its best arrangement, the best
discard, whether a hand can go out, and which draws would let it.

All functions take the cards (a string, or an iterable of :class:`~fivecrowns.Card` or card
strings), the round's wild rank (3..13, or None when only jokers are wild) and the rules.
The work is done on integer card codes by one engine, chosen at import (``_engine``): the
compiled core when it is built, which solves any hand the deck holds, else the Python engine
(``_discards`` on the memoised search ``_search``: the readable rule book), which solves
hands of up to :data:`MAX_CARDS` cards and refuses bigger ones. Both give the same answers,
arrangements included. This package checks the input and turns the answers into cards and
melds.

>>> min_deadwood("JS QS JK 7H 7D 7C 4D", wild_rank=5)
4
>>> print(best_arrangement("JS QS JK 7H 7D 7C 4D", wild_rank=5))
7H 7C 7D | JS QS JK=KS | deadwood 4D (4 points)
>>> card, arrangement = best_discard("3H 4H 5H 9C KD", wild_rank=9)
>>> card, arrangement.points
(Card.parse('KD'), 0)
>>> best_discard_value("3H 4H 5H 9C KD", wild_rank=9)  # the same, without the arrangement
DiscardValue(card=Card.parse('KD'), points=0)
>>> can_go_out("3H 4H 5H 9C KD", wild_rank=9)
True
"""

from __future__ import annotations

import bisect
import os
from collections.abc import Callable, Iterable
from typing import Any, Final, TypeVar

import numpy as np
import numpy.typing as npt

from ..cards import (
    JOKER_CODE,
    NUM_CODES,
    Card,
    CardsLike,
    Rank,
    as_int,
    parse_cards,
    short_repr,
)
from ..errors import FiveCrownsError, InvalidHandError
from ..rules import OFFICIAL, Rules, check_rules
from . import _discards, _engine
from ._arrangement import Arrangement, DiscardValue, arrangement
from ._caches import CacheInfo, CacheStats, cache_info, clear_cache, set_cache_limit
from ._engine import Engine, melded
from ._layout import Layout

__all__ = [
    "MAX_CARDS",
    "MAX_THREADS",
    "Arrangement",
    "CacheInfo",
    "CacheStats",
    "DiscardValue",
    "best_arrangement",
    "best_discard",
    "best_discard_value",
    "cache_info",
    "can_go_out",
    "can_meld_all",
    "clear_cache",
    "deadwood_by_discard",
    "min_deadwood",
    "min_deadwood_many",
    "outs",
    "set_cache_limit",
]

_T = TypeVar("_T")
_CARDS: Final = tuple(Card.from_code(code) for code in range(NUM_CODES))
#: The wild rank the engines are given for a round with no wild rank: no card has rank 0.
_NO_WILD_RANK: Final = 0
#: The most cards of a hand the Python engine solves: the largest hand a round deals
#: (:data:`~fivecrowns.rules.MAX_HAND_SIZE`) and the card drawn (``outs``, asked before the
#: draw, one fewer). It refuses bigger hands with an :class:`~fivecrowns.InvalidHandError`
#: that says so; the compiled core solves any hand the rules' deck holds.
MAX_CARDS: Final = _discards.MAX_CARDS
#: The most threads :func:`min_deadwood_many` takes.
MAX_THREADS: Final = 256


def _wild(wild_rank: Rank | int | None) -> int:
    if wild_rank is None:
        return _NO_WILD_RANK
    value = wild_rank if type(wild_rank) is int else as_int(wild_rank)  # numpy ints too
    if value is not None and 3 <= value <= 13:
        return value
    raise InvalidHandError(
        f"wild rank must be a Rank, an int from 3 to 13, or None (only jokers wild), "
        f"got {short_repr(wild_rank)}"
    )


def _codes(cards: CardsLike, rules: Rules) -> list[int]:
    """The sorted codes of ``cards``, checked against the deck of ``rules`` (how many cards
    an engine takes, it checks itself)."""
    if isinstance(cards, (tuple, list)):
        codes = [card.code for card in cards if type(card) is Card]
        if len(codes) != len(cards):
            codes = [card.code for card in parse_cards(cards)]
    else:
        codes = [card.code for card in parse_cards(cards)]
    codes.sort()
    packs = rules.packs
    jokers = len(codes) - bisect.bisect_left(codes, JOKER_CODE)
    if jokers > 3 * packs:
        raise InvalidHandError(
            f"{jokers} jokers, but a deck of {packs} pack(s) holds only {3 * packs}"
        )
    # Sorted codes hold too many copies of a natural card exactly when a code equals the one
    # `packs` places further on.
    for i in range(len(codes) - jokers - packs):
        if codes[i] == codes[i + packs]:
            raise InvalidHandError(
                f"{codes.count(codes[i])} copies of {_CARDS[codes[i]]}, but a deck of {packs} "
                f"pack(s) holds only {packs}"
            )
    return codes


def _ladder(
    fast: str | None,
    cards: CardsLike,
    wild_rank: Rank | int | None,
    rules: Rules,
    checked: Callable[[Engine, list[int], int, Rules], _T],
) -> _T:
    """The call ladder of every public function, once the fast path (``_engine.FAST``,
    asked first by the function itself, as it costs least) has said None: the rule set is
    checked and compiled for the fast path, which is asked again (its method named
    ``fast``) if it did not know the rule set; else the checked path reads and checks the
    cards and the wild rank and asks the engine, ``checked(engine, codes, wild, rules)``."""
    rules = check_rules(rules)
    if fast is not None and _engine.prepare(rules):
        found: _T | None = getattr(_engine.FAST, fast)(cards, wild_rank, rules)
        if found is not None:
            return found
    codes = _codes(cards, rules)
    return checked(_engine.ENGINE, codes, _wild(wild_rank), rules)


def min_deadwood(cards: CardsLike, wild_rank: Rank | int | None, *, rules: Rules = OFFICIAL) -> int:
    """The least deadwood the hand can be left with, over every way to meld it.

    >>> min_deadwood("7H 8H 9H KS", wild_rank=3)
    13
    >>> min_deadwood("7H 8H KS JK", wild_rank=3)  # the joker completes 7H 8H; KS is left
    13
    >>> min_deadwood("JK 5S", wild_rank=3)  # a lone wild cannot meld: it costs 50
    55
    """
    found = _engine.FAST.least(cards, wild_rank, rules)
    if found is None:
        found = _ladder("least", cards, wild_rank, rules, _least)
    return found


def _least(engine: Engine, codes: list[int], wild: int, rules: Rules) -> int:
    return engine.least(codes, wild, rules)


def min_deadwood_many(
    hands: Iterable[CardsLike] | npt.NDArray[np.integer[Any]],
    wild_rank: Rank | int | None,
    *,
    rules: Rules = OFFICIAL,
    threads: int | None = 1,
) -> npt.NDArray[np.int64]:
    """The least deadwood of many hands in one call, as an int64 array: for bots and
    training loops that score thousands of hands at a time.

    ``hands`` is an iterable of hands (each anything ``min_deadwood`` takes), or an N x 56
    integer array of card counts (column c holds the copies of the card with code c; see
    :attr:`Card.code`); a lone string is refused (it is one hand, not a batch). Every hand
    is checked first; on the compiled core the hands are then solved in one call, without
    the GIL, on up to ``threads`` threads (1 to 256, ``fivecrowns.solver.MAX_THREADS``;
    None: one per core this process may use), each taking a share of at least 256 hands;
    the answers are the same for any number of threads. The Python engine solves the hands
    one at a time in the calling thread, whatever ``threads`` says.

    >>> min_deadwood_many(["JS QS JK 7H 7D 7C 4D", "7H 8H 9H KS"], wild_rank=5).tolist()
    [4, 13]
    >>> counts = np.zeros((2, 56), dtype=np.int64)
    >>> counts[0, Card.parse("KS").code] = 1
    >>> min_deadwood_many(counts, wild_rank=5).tolist()
    [13, 0]
    >>> min_deadwood_many(["7H 8H 9H KS"] * 1000, wild_rank=5, threads=2)[-3:].tolist()
    [13, 13, 13]
    """
    rules = check_rules(rules)
    if not isinstance(hands, (Iterable, np.ndarray)):
        raise InvalidHandError(
            "hands must be an iterable of hands (each a string such as '7H 8H JK' or an "
            f"iterable of cards) or an N x {NUM_CODES} array of card counts, got "
            f"{short_repr(hands)}"
        )
    if isinstance(hands, (str, bytes)):
        # (a string would be read a character at a time, each a hand of its own)
        raise InvalidHandError(
            "hands must be an iterable of hands (each a string such as '7H 8H JK' or an "
            f"iterable of cards) or an N x {NUM_CODES} array of card counts, got the string "
            f"{short_repr(hands)}: for one hand, pass [hand] or call min_deadwood"
        )
    wild = _wild(wild_rank)
    workers = _threads(threads)
    engine = _engine.ENGINE

    def codes_of(hand: CardsLike) -> list[int]:
        return _codes(hand, rules)

    if isinstance(hands, np.ndarray):
        _check_counts(hands)
        return engine.least_counts(hands, wild, rules, workers, codes_of)
    return engine.least_hands(hands, wild, rules, workers, codes_of)


def _threads(threads: object) -> int:
    """The threads ``min_deadwood_many`` is asked for, checked (None: this process's
    cores, at most ``MAX_THREADS``)."""
    if threads is None:
        return min(MAX_THREADS, _cores())
    if type(threads) is not int or not 1 <= threads <= MAX_THREADS:
        raise FiveCrownsError(
            f"threads must be None (one per core) or an int from 1 to {MAX_THREADS}, "
            f"got {threads!r}"
        )
    return threads


def _cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def _check_counts(counts: npt.NDArray[np.integer[Any]]) -> None:
    """Refuse an array that is not N x 56 card counts of 0 to ``_MOST_COPIES`` (how many
    cards a row may hold, the engine checks)."""
    if counts.ndim != 2 or counts.shape[1] != NUM_CODES or counts.dtype.kind not in "iu":
        raise InvalidHandError(
            f"card counts must be an N x {NUM_CODES} integer array (one column per card "
            f"code), got shape {counts.shape} of {counts.dtype}"
        )
    if counts.size and not 0 <= counts.min() <= counts.max() <= _MOST_COPIES:
        raise InvalidHandError(
            f"card counts must be from 0 to {_MOST_COPIES} (the jokers of 16 packs), got "
            f"{counts.min()} to {counts.max()}"
        )


#: The most copies of one card any deck holds: the jokers of 16 packs.
_MOST_COPIES: Final = 3 * 16


def best_arrangement(
    cards: CardsLike, wild_rank: Rank | int | None, *, rules: Rules = OFFICIAL
) -> Arrangement:
    """An arrangement of the hand with the least deadwood; each meld says what its wilds
    stand for.

    >>> arrangement = best_arrangement("5H 6H 8H JK QC", wild_rank=3)
    >>> [str(meld) for meld in arrangement.melds], arrangement.points
    (['5H 6H JK=7H 8H'], 12)
    """
    # (None too when a wild worth nothing is left over: the checked path below)
    found: Arrangement | None = _engine.FAST.arrangement(cards, wild_rank, rules)
    if found is None:
        found = _ladder("arrangement", cards, wild_rank, rules, _arrange)
    return found


def _arrange(engine: Engine, codes: list[int], wild: int, rules: Rules) -> Arrangement:
    layout = engine.arrange(codes, wild, rules)
    if layout.points == 0 and layout.deadwood:  # a wild worth nothing is left over
        melding = engine.arrange(codes, wild, melded(rules))
        if melding.points == 0:  # (every card melds: that arrangement instead)
            layout = Layout(melding.melds, melding.deadwood, 0)
    return arrangement(layout, wild, rules)


def _melding_discards(
    cards: CardsLike, wild_rank: Rank | int | None, rules: Rules
) -> frozenset[int]:
    """The codes of the cards whose discard leaves every other card of the hand melded
    (``can_meld_all`` of the rest), from one solve of every discard."""
    values = _engine.ENGINE.discard_values(_codes(cards, rules), _wild(wild_rank), melded(rules))
    return frozenset(code for code, points in values.items() if points == 0)


def best_discard(
    cards: CardsLike, wild_rank: Rank | int | None, *, rules: Rules = OFFICIAL
) -> tuple[Card, Arrangement]:
    """For a hand after drawing: the discard that leaves the least deadwood, and the best
    arrangement of the rest. Among equally good discards, one that leaves every other card
    melded comes first (it matters when a wild is worth no points), then a natural card is
    thrown before a wild, then the one worth the most points, then the higher card code.

    >>> card, rest = best_discard("7H 8H 9H KS QD", wild_rank=3)
    >>> card, rest.points
    (Card.parse('KS'), 12)
    """
    # as in best_arrangement (None for an empty hand too)
    found: tuple[Card, Arrangement] | None = _engine.FAST.best_discard(cards, wild_rank, rules)
    if found is None:
        found = _ladder("best_discard", cards, wild_rank, rules, _discard)
    return found


def _discard(engine: Engine, codes: list[int], wild: int, rules: Rules) -> tuple[Card, Arrangement]:
    if not codes:
        raise InvalidHandError("best_discard needs a hand of at least one card")
    card, layout = engine.best_discard(codes, wild, rules)
    if layout.points == 0 and layout.deadwood:  # a wild worth nothing is left: go out instead?
        out, melding = engine.best_discard(codes, wild, melded(rules))
        if melding.points == 0:
            card, layout = out, Layout(melding.melds, melding.deadwood, 0)
    return _CARDS[card], arrangement(layout, wild, rules)


def best_discard_value(
    cards: CardsLike, wild_rank: Rank | int | None, *, rules: Rules = OFFICIAL
) -> DiscardValue:
    """For a hand after drawing: the card :func:`best_discard` throws and the deadwood
    points the rest is left with, without arranging the rest. This is the call for bots
    and search loops that need only the value of the best discard (and the card): it costs
    about what :func:`min_deadwood` of the hand does, less than :func:`best_discard` (which
    also arranges the rest) and than taking the least of :func:`deadwood_by_discard`
    (which prices every discard). The card is the one :func:`best_discard` picks, ties
    broken the same way.

    >>> card, points = best_discard_value("7H 8H 9H KS QD", wild_rank=3)
    >>> card, points
    (Card.parse('KS'), 12)
    >>> best_discard_value("3H 4H 5H 9C KD", wild_rank=9)
    DiscardValue(card=Card.parse('KD'), points=0)
    """
    found: DiscardValue | None = _engine.FAST.best_discard_value(cards, wild_rank, rules)
    if found is None:
        found = _ladder("best_discard_value", cards, wild_rank, rules, _discard_value)
    return found


def _discard_value(engine: Engine, codes: list[int], wild: int, rules: Rules) -> DiscardValue:
    if not codes:
        raise InvalidHandError("best_discard_value needs a hand of at least one card")
    card, points = engine.best_discard_value(codes, wild, rules)
    if points == 0 and not (rules.wild_points and rules.joker_points):
        # (a wild that costs nothing may be left over: best_discard may prefer a discard
        # that melds every other card, which only an arrangement shows)
        return DiscardValue(_discard(engine, codes, wild, rules)[0], 0)
    return DiscardValue(_CARDS[card], points)


def deadwood_by_discard(
    cards: CardsLike, wild_rank: Rank | int | None, *, rules: Rules = OFFICIAL
) -> dict[Card, int]:
    """For a hand after drawing: each distinct card, with the least deadwood the rest of the
    hand is left with if that card is discarded (from one solve of the whole hand: a card
    that is deadwood in its best arrangement needs nothing more, any other re-solves only
    part of it).

    >>> values = deadwood_by_discard("7H 8H 9H KS QD", wild_rank=3)
    >>> {str(card): points for card, points in sorted(values.items())}
    {'7H': 42, '8H': 41, '9H': 40, 'KS': 12, 'QD': 13}
    """
    found: dict[Card, int] | None = _engine.FAST.discard_values(cards, wild_rank, rules)
    if found is None:
        found = _ladder("discard_values", cards, wild_rank, rules, _discard_values)
    return found


def _discard_values(engine: Engine, codes: list[int], wild: int, rules: Rules) -> dict[Card, int]:
    return {
        _CARDS[code]: points for code, points in engine.discard_values(codes, wild, rules).items()
    }


def can_go_out(cards: CardsLike, wild_rank: Rank | int | None, *, rules: Rules = OFFICIAL) -> bool:
    """For a hand after drawing: can it go out, melding every card but one discard?

    With ``rules.go_out_without_discard`` a hand whose every card melds can go out too.
    Melded means melded: a wild that costs no points (``joker_points=0``) but fits no meld
    keeps the hand from going out.

    >>> can_go_out("7H 8H 9H KS", wild_rank=3), can_go_out("7H 8H 9H KS QD", wild_rank=3)
    (True, False)
    """
    # (the fast path answers None under go_out_without_discard)
    found = _engine.FAST.can_out(cards, wild_rank, rules)
    if found is None:
        found = _ladder("can_out", cards, wild_rank, rules, _can_out)
    return found


def _can_out(engine: Engine, codes: list[int], wild: int, rules: Rules) -> bool:
    if codes and engine.can_out(codes, wild, melded(rules)):
        return True
    return rules.go_out_without_discard and _melds_all(engine, codes, wild, rules)


def can_meld_all(
    cards: CardsLike, wild_rank: Rank | int | None, *, rules: Rules = OFFICIAL
) -> bool:
    """Does every card of the hand fit in some set of disjoint melds (no deadwood at all)?

    This is the question for ``go_out_without_discard`` and for a final turn that melds
    everything; unlike ``min_deadwood(...) == 0`` it stays right when a wild costs no
    points.

    >>> can_meld_all("7H 8H 9H", wild_rank=3), can_meld_all("7H 8H 9H JK", wild_rank=3)
    (True, True)
    >>> can_meld_all("7H 8H 9H JK", 3, rules=Rules(joker_points=0, max_wilds_per_meld=0))
    False
    """
    found = _engine.FAST.melds_all(cards, wild_rank, rules)
    if found is None:
        found = _ladder("melds_all", cards, wild_rank, rules, _melds_all)
    return found


def _melds_all(engine: Engine, codes: list[int], wild: int, rules: Rules) -> bool:
    return engine.least(codes, wild, melded(rules)) == 0


def outs(
    cards: CardsLike, wild_rank: Rank | int | None, *, rules: Rules = OFFICIAL
) -> frozenset[Card]:
    """For a hand before drawing (at most :data:`~fivecrowns.rules.MAX_HAND_SIZE` cards):
    the cards that, if drawn, would let it go out. Cards the deck cannot hold another copy
    of (beside those in the hand) are left out.

    >>> from fivecrowns import format_cards
    >>> format_cards(sorted(outs("7H 8H 9H 10H QS", wild_rank=3)))
    '3* 3H 6H JH 3C 3S 3D JK'
    """
    return _ladder(None, cards, wild_rank, rules, _outs)


def _outs(engine: Engine, codes: list[int], wild: int, rules: Rules) -> frozenset[Card]:
    out = melded(rules)
    packs = rules.packs
    # the cards the deck holds another copy of
    left = [
        c for c in range(NUM_CODES) if codes.count(c) < (3 * packs if c == JOKER_CODE else packs)
    ]
    found = set(engine.outs(codes, wild, out))
    if rules.go_out_without_discard:  # (or meld every card, the draw included)
        rest = [code for code in left if code not in found]
        values = engine.least_hands([[*codes, code] for code in rest], wild, out, 1, list)
        found.update(code for code, value in zip(rest, values) if value == 0)
    return frozenset(_CARDS[code] for code in left if code in found)
