"""The optimal-meld solver: the least deadwood of a hand, its best arrangement, the best
discard, whether a hand can go out, and which draws would let it.

All functions take the cards (a string, or an iterable of :class:`~fivecrowns.Card` or card
strings, at most :data:`MAX_CARDS`: the largest hand a round deals and the card drawn), the
round's wild rank (3..13, or None when only jokers are wild) and the rules.
The work is done on integer card codes by an engine (``fivecrowns._engine`` picks it): the
compiled core when it is built, else the Python twin (``fivecrowns._discards``, on the suit
DP and the memoised search). Both give the same answers, arrangements included. This module
checks the input and turns the answers back into cards and melds.

>>> min_deadwood("JS QS JK 7H 7D 7C 4D", wild_rank=5)
4
>>> print(best_arrangement("JS QS JK 7H 7D 7C 4D", wild_rank=5))
7H 7C 7D | JS QS JK=KS | deadwood 4D (4 points)
>>> card, arrangement = best_discard("3H 4H 5H 9C KD", wild_rank=9)
>>> card, arrangement.points
(Card.parse('KD'), 0)
>>> can_go_out("3H 4H 5H 9C KD", wild_rank=9)
True
"""

from __future__ import annotations

import bisect
import operator
import os
from collections.abc import Iterable, Sequence
from typing import Any, Final

import attrs
import numpy as np
import numpy.typing as npt

from . import _cache, _engine
from ._cache import CacheInfo, CacheStats, cache_info, set_cache_limit
from .cards import (
    JOKER_CODE,
    NUM_CODES,
    Card,
    CardsLike,
    Rank,
    as_int,
    format_cards,
    parse_cards,
    short_repr,
)
from .errors import FiveCrownsError, InvalidHandError
from .melds import Meld, _laid_out_meld, _solved_meld
from .rules import MAX_HAND_SIZE, OFFICIAL, Rules, check_rules

__all__ = [
    "MAX_CARDS",
    "MAX_THREADS",
    "Arrangement",
    "CacheInfo",
    "CacheStats",
    "best_arrangement",
    "best_discard",
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

_CARDS: Final = tuple(Card.from_code(code) for code in range(NUM_CODES))
#: The wild rank the core is given for a round with no wild rank: no card has rank 0.
_NO_WILD_RANK: Final = 0


@attrs.frozen
class Arrangement:
    """A way to lay out a hand: its melds, the cards left over and what they cost.

    ``points`` is the deadwood score: the left-over naturals at face value, an unmelded card
    of the wild rank 20 and an unmelded joker 50 (by default).
    """

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    points: int

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the arrangement: the melds' cards, then the deadwood."""
        return tuple(card for meld in self.melds for card in meld.cards) + self.deadwood

    def __str__(self) -> str:
        parts = [str(meld) for meld in self.melds]
        parts.append(f"deadwood {format_cards(self.deadwood) or '(none)'} ({self.points} points)")
        return " | ".join(parts)


def _melded(rules: Rules) -> Rules:
    """The rules under which a hand's least deadwood is 0 exactly when every card melds: a
    natural costs at least 3 points, and here an unmelded wild costs 1 (with
    ``wild_points`` or ``joker_points`` 0, "no points" does not mean "melded"). The meld
    rules are those of ``rules``."""
    if rules.wild_points and rules.joker_points:
        return rules
    melded = _MELDED.get(rules)
    if melded is None:
        melded = attrs.evolve(rules, wild_points=1, joker_points=1)
        if len(_MELDED) >= 64:
            _MELDED.clear()
        _MELDED[rules] = melded
    return melded


_MELDED: dict[Rules, Rules] = {}


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


#: The most cards a hand given to the solver may hold: the largest hand a round deals
#: (:data:`~fivecrowns.rules.MAX_HAND_SIZE`) and the card drawn. Every question about such a
#: hand is answered within a second under every rule set; larger hands are refused, since the
#: exact problem grows too fast with the copies of a card that many packs allow.
MAX_CARDS: Final = MAX_HAND_SIZE + 1
#: The most threads :func:`min_deadwood_many` takes.
MAX_THREADS: Final = 256


def _too_many(cards: int, most: int = MAX_CARDS) -> InvalidHandError:
    # (with MAX_CARDS, the compiled core's words too, so both engines refuse alike)
    if most == MAX_CARDS:
        why = f"the solver takes at most {MAX_CARDS}: the largest hand a round deals "
        why += f"({MAX_HAND_SIZE}) and the card drawn"
    else:
        why = f"outs takes at most {most}: the largest hand a round deals, before the draw"
    return InvalidHandError(f"a hand of {cards} cards, but {why}")


def _codes(cards: CardsLike, rules: Rules, most: int = MAX_CARDS) -> list[int]:
    """The sorted codes of ``cards``, checked against the deck of ``rules`` and, when the
    Python twin solves them, at most ``most`` of them (the compiled core takes any hand the
    deck holds)."""
    if isinstance(cards, (tuple, list)):
        codes = [card.code for card in cards if type(card) is Card]
        if len(codes) != len(cards):
            codes = [card.code for card in parse_cards(cards)]
    else:
        codes = [card.code for card in parse_cards(cards)]
    if len(codes) > most and _engine.engine(rules) is _engine._PURE:
        raise _too_many(len(codes), most)
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


def min_deadwood(cards: CardsLike, wild_rank: Rank | int | None, *, rules: Rules = OFFICIAL) -> int:
    """The least deadwood the hand can be left with, over every way to meld it.

    >>> min_deadwood("7H 8H 9H KS", wild_rank=3)
    13
    >>> min_deadwood("7H 8H KS JK", wild_rank=3)  # the joker completes 7H 8H; KS is left
    13
    >>> min_deadwood("JK 5S", wild_rank=3)  # a lone wild cannot meld: it costs 50
    55
    """
    # the compiled core reads parsed cards itself (see ``_engine.FAST``); anything else
    # takes the checked path
    found = _engine.FAST.least(cards, wild_rank, rules)
    if found is not None:
        return found
    if not isinstance(rules, Rules):
        check_rules(rules)
    fast = _engine.solvers(rules, _melded)
    if fast is not None:
        found = _engine.FAST.least(cards, wild_rank, rules)  # (rules new to the fast path)
        if found is not None:
            return found
        return fast[0].least(_codes(cards, rules), _wild(wild_rank))
    key: tuple[object, ...] | None = None
    if (type(cards) is tuple or type(cards) is list) and type(wild_rank) is int:
        # the hot path for parsed cards: one lookup; inputs are checked on a miss only.
        try:
            key = (tuple(sorted(map(_CODE, cards))), wild_rank, rules)
        except (AttributeError, TypeError):
            key = None
        else:
            value = _RESULTS.get(key)
            if value is not None:
                return value
    value = _engine.engine(rules).least(_codes(cards, rules), _wild(wild_rank), rules)
    if key is not None:
        codes: tuple[int, ...] = key[0]  # type: ignore[assignment]
        if _RESULTS_ACCOUNT.admit(_RESULT_BYTES + _cache.ITEM * len(codes)):
            _RESULTS[key] = value
    return value


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
    the answers are the same for any number of threads. The Python twin solves the hands
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
    if not isinstance(rules, Rules):
        check_rules(rules)
    if isinstance(hands, (str, bytes)):
        # (a string would be read a character at a time, each a hand of its own)
        raise InvalidHandError(
            "hands must be an iterable of hands (each a string such as '7H 8H JK' or an "
            f"iterable of cards) or an N x {NUM_CODES} array of card counts, got the string "
            f"{short_repr(hands)}: for one hand, pass [hand] or call min_deadwood"
        )
    wild = _wild(wild_rank)
    workers = _threads(threads)
    fast = _engine.solvers(rules, _melded)
    if isinstance(hands, np.ndarray):
        _check_counts(hands, compiled=fast is not None)
        if fast is not None:  # the core reads the array itself (and checks the copies)
            return fast[0].least_counts(hands.astype(np.int64, copy=False), wild, workers)
        every = np.arange(NUM_CODES)
        rows = [np.repeat(every, row).tolist() for row in hands]
        codes = [_codes([_CARDS[c] for c in row], rules) for row in rows]
    elif fast is not None:
        # the core reads a hand of parsed cards itself, and any other from `_codes`
        return fast[0].least_cards(hands, wild, workers, Card, lambda hand: _codes(hand, rules))
    else:
        codes = [_codes(hand, rules) for hand in hands]
    engine = _engine.engine(rules)
    return np.array([engine.least(hand, wild, rules) for hand in codes], dtype=np.int64)


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


def _check_counts(counts: npt.NDArray[np.integer[Any]], compiled: bool) -> None:
    """Refuse an array that is not N x 56 card counts of 0 to ``_MOST_COPIES``, or, unless
    the ``compiled`` core solves them, whose hands hold more than :data:`MAX_CARDS` cards."""
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
    largest = int(counts.sum(axis=1).max()) if counts.size else 0
    if largest > MAX_CARDS and not compiled:
        raise _too_many(largest)


#: The most copies of one card any deck holds: the jokers of 16 packs.
_MOST_COPIES: Final = 3 * 16


_CODE: Final = operator.attrgetter("code")
#: Results of ``min_deadwood`` for parsed hands, keyed by (sorted codes, wild rank, rules);
#: only inputs that passed every check are stored. Bounded in bytes (``_cache``): emptied
#: when full.
_RESULTS: dict[tuple[object, ...], int] = {}
_RESULTS_ACCOUNT: Final = _cache.account(
    "solver.min_deadwood", 0.06, _RESULTS.clear, _RESULTS.__len__
)
#: An entry's bytes but one item per card: the dict slot, the key, its codes, the value.
_RESULT_BYTES: Final = _cache.DICT_SLOT + _cache.tuple_bytes(3) + _cache.TUPLE + _cache.INT


def _arrangement(
    melds: Sequence[tuple[str, tuple[int, ...]]],
    deadwood: Sequence[int],
    points: int,
    wild_rank: int,
    rules: Rules,
) -> Arrangement:
    built = []
    for kind, codes in melds:
        key = _meld_key(kind, codes, wild_rank)
        meld = _MELDS.get(key)
        if meld is None:
            meld = _solved_meld(
                kind, codes, None if wild_rank == _NO_WILD_RANK else wild_rank, rules
            )
            _store_meld(key, meld)
        built.append(meld)
    # melds are listed by the cards they play: the order never depends on the search
    built.sort(key=_played)
    return Arrangement(
        tuple(built),
        tuple([_CARDS[code] for code in sorted(deadwood)]),
        points,
    )


def _played(meld: Meld) -> list[int]:
    """The codes of the cards a meld plays, in meld order (the order of an arrangement's
    melds)."""
    return [card.code for card in meld.stands_for]


def _meld_key(kind: str, codes: Sequence[int], wild_rank: int) -> int:
    """The key of a meld (its kind and sorted codes) in ``_MELDS``: the codes, each plus one
    in six bits, then the wild rank (0: only jokers) in four bits and the kind in one (1: a
    run). The compiled core computes the same key for the melds it returns."""
    key = 0
    for code in codes:
        key = key << 6 | code + 1
    return (key << 4 | wild_rank) << 1 | (kind == "run")


def _new_meld(
    key: int,
    kind: str,
    cards: tuple[Card, ...],
    stands_for: tuple[Card, ...],
    wild_rank: int | None,
) -> Meld:
    """A meld the compiled core laid out (``_core.Fast`` calls this for a meld ``_MELDS``
    lacks), stored there."""
    meld = _laid_out_meld(kind, cards, stands_for, wild_rank)
    _store_meld(key, meld)
    return meld


def _store_meld(key: int, meld: Meld) -> None:
    cost = _MELD_BYTES + _MELD_CARD_BYTES * len(meld.cards)
    if _MELDS_ACCOUNT.admit(cost if key < _SMALL_KEY else cost + _LARGE_KEY_BYTES):
        _MELDS[key] = meld


#: The public ``Meld`` of each meld the solver returns, keyed by ``_meld_key``: melds recur
#: across hands, and a ``Meld`` is immutable. Bounded in bytes (``_cache``): emptied when
#: full.
_MELDS: dict[int, Meld] = {}
_MELDS_ACCOUNT: Final = _cache.account("solver.melds", 0.12, _MELDS.clear, _MELDS.__len__)
#: An entry's bytes: the dict slot, the key, the Meld and its two tuples of cards (the cards
#: are the canonical ones); and per card, one item in each tuple.
_MELD_BYTES: Final = _cache.DICT_SLOT + _cache.INT + _cache.MELD + 2 * _cache.TUPLE
_MELD_CARD_BYTES: Final = 2 * _cache.ITEM
#: Keys from this one up (melds of ten cards or more) are ints of three or four digits.
_SMALL_KEY: Final = 1 << 60
_LARGE_KEY_BYTES: Final = 16

_engine.use_fast_kit(_engine.FastKit(Card, Rank, Arrangement, _MELDS, _new_meld))


def best_arrangement(
    cards: CardsLike, wild_rank: Rank | int | None, *, rules: Rules = OFFICIAL
) -> Arrangement:
    """An arrangement of the hand with the least deadwood; each meld says what its wilds
    stand for.

    >>> arrangement = best_arrangement("5H 6H 8H JK QC", wild_rank=3)
    >>> [str(meld) for meld in arrangement.melds], arrangement.points
    (['5H 6H JK=7H 8H'], 12)
    """
    # the compiled core reads parsed cards and builds the melds itself (see min_deadwood;
    # None too when a wild worth nothing is left over: the checked path below)
    found: Arrangement | None = _engine.FAST.arrangement(cards, wild_rank, rules)
    if found is not None:
        return found
    if not isinstance(rules, Rules):
        check_rules(rules)
    if _engine.solvers(rules, _melded) is not None:
        found = _engine.FAST.arrangement(cards, wild_rank, rules)
        if found is not None:
            return found
    wild = _wild(wild_rank)
    codes = _codes(cards, rules)
    engine = _engine.engine(rules)
    melds, deadwood, points = engine.arrange(codes, wild, rules)
    if points == 0 and deadwood and _melds_all(codes, wild, rules):
        melds, deadwood, _ = engine.arrange(codes, wild, _melded(rules))
    return _arrangement(melds, deadwood, points, wild, rules)


def _melds_all(codes: list[int], wild: int, rules: Rules) -> bool:
    return _engine.engine(rules).least(codes, wild, _melded(rules)) == 0


def _melding_discards(
    cards: CardsLike, wild_rank: Rank | int | None, rules: Rules
) -> frozenset[int]:
    """The codes of the cards whose discard leaves every other card of the hand melded
    (``can_meld_all`` of the rest), from one solve of every discard."""
    values = _engine.engine(rules).discard_values(
        _codes(cards, rules), _wild(wild_rank), _melded(rules)
    )
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
    if found is not None:
        return found
    if not isinstance(rules, Rules):
        check_rules(rules)
    if _engine.solvers(rules, _melded) is not None:
        found = _engine.FAST.best_discard(cards, wild_rank, rules)
        if found is not None:
            return found
    codes = _codes(cards, rules)
    if not codes:
        raise InvalidHandError("best_discard needs a hand of at least one card")
    wild = _wild(wild_rank)
    engine = _engine.engine(rules)
    discard, (melds, deadwood, points) = engine.best_discard(codes, wild, rules)
    if points == 0 and deadwood:  # a wild worth nothing is left: go out instead if possible
        melded, layout = engine.best_discard(codes, wild, _melded(rules))
        if layout.points == 0:
            discard, melds, deadwood = melded, layout.melds, layout.deadwood
    return _CARDS[discard], _arrangement(melds, deadwood, points, wild, rules)


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
    # the compiled core reads parsed cards (see min_deadwood)
    found: dict[Card, int] | None = _engine.FAST.discard_values(cards, wild_rank, rules)
    if found is not None:
        return found
    if not isinstance(rules, Rules):
        check_rules(rules)
    if _engine.solvers(rules, _melded) is not None:
        found = _engine.FAST.discard_values(cards, wild_rank, rules)
        if found is not None:
            return found
    codes = _codes(cards, rules)
    values = _engine.engine(rules).discard_values(codes, _wild(wild_rank), rules)
    return {_CARDS[code]: points for code, points in values.items()}


def can_go_out(cards: CardsLike, wild_rank: Rank | int | None, *, rules: Rules = OFFICIAL) -> bool:
    """For a hand after drawing: can it go out, melding every card but one discard?

    With ``rules.go_out_without_discard`` a hand whose every card melds can go out too.
    Melded means melded: a wild that costs no points (``joker_points=0``) but fits no meld
    keeps the hand from going out.

    >>> can_go_out("7H 8H 9H KS", wild_rank=3), can_go_out("7H 8H 9H KS QD", wild_rank=3)
    (True, False)
    """
    # the compiled core reads parsed cards (see min_deadwood; not under
    # go_out_without_discard)
    found = _engine.FAST.can_out(cards, wild_rank, rules)
    if found is not None:
        return found
    if not isinstance(rules, Rules):
        check_rules(rules)
    if _engine.solvers(rules, _melded) is not None:
        found = _engine.FAST.can_out(cards, wild_rank, rules)
        if found is not None:
            return found
    codes = _codes(cards, rules)
    wild = _wild(wild_rank)
    if codes and _engine.engine(rules).can_out(codes, wild, _melded(rules)):
        return True
    return rules.go_out_without_discard and _melds_all(codes, wild, rules)


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
    # the compiled core reads parsed cards (see min_deadwood)
    found = _engine.FAST.melds_all(cards, wild_rank, rules)
    if found is not None:
        return found
    if not isinstance(rules, Rules):
        check_rules(rules)
    if _engine.solvers(rules, _melded) is not None:
        found = _engine.FAST.melds_all(cards, wild_rank, rules)
        if found is not None:
            return found
    return _melds_all(_codes(cards, rules), _wild(wild_rank), rules)


def outs(
    cards: CardsLike, wild_rank: Rank | int | None, *, rules: Rules = OFFICIAL
) -> frozenset[Card]:
    """For a hand before drawing (at most :data:`~fivecrowns.rules.MAX_HAND_SIZE` cards):
    the cards that, if drawn, would let it go out. Cards the deck cannot hold another copy
    of (beside those in the hand) are left out.

    >>> format_cards(sorted(outs("7H 8H 9H 10H QS", wild_rank=3)))
    '3* 3H 6H JH 3C 3S 3D JK'
    """
    if not isinstance(rules, Rules):
        check_rules(rules)
    codes = _codes(cards, rules, MAX_HAND_SIZE)
    wild = _wild(wild_rank)
    melded = _melded(rules)
    engine = _engine.engine(rules)
    packs = rules.packs
    # the cards the deck holds another copy of
    left = [
        c for c in range(NUM_CODES) if codes.count(c) < (3 * packs if c == JOKER_CODE else packs)
    ]
    found = set(engine.outs(codes, wild, melded))
    if rules.go_out_without_discard:
        found.update(
            code
            for code in left
            if code not in found and engine.least([*codes, code], wild, melded) == 0
        )
    return frozenset(_CARDS[code] for code in left if code in found)


def clear_cache() -> None:
    """Empty the solver's caches (they are bounded in bytes, see :func:`set_cache_limit`;
    this is for measuring cold speed, or to give the memory back).

    >>> clear_cache()
    >>> cache_info().bytes
    0
    """
    _cache.clear_all()
    for engine in _engine.engines():
        engine.cache_clear()
