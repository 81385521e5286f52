"""The round schedules: the official one, the largest hand a round deals, and how a schedule
and a round's wild rank are written on a command line."""

from __future__ import annotations

from typing import Final

from ._rule_flags import _whole
from .cards import ASCII_SPACE, short_repr
from .errors import InvalidRulesError

__all__ = ["MAX_HAND_SIZE", "OFFICIAL_SCHEDULE", "parse_wild_rank"]

#: The official schedule of hand sizes: 3, 4, ..., 13 cards over 11 rounds.
OFFICIAL_SCHEDULE: Final = tuple(range(3, 14))
#: The largest hand a round may deal (schedule entries, ``extra_round_hand_size``).
MAX_HAND_SIZE: Final = 14
#: The most rounds a schedule written as ``7x11`` on a command line repeats (the rules
#: themselves set no limit; this keeps ``7x999999999`` from building a huge tuple).
_MAX_ROUNDS: Final = 1000


def _parse_schedule(text: str) -> tuple[int, ...]:
    """``3-13`` (a range), ``7x11`` (7 cards, 11 rounds) or ``3,5,7`` (a list)."""
    try:
        if "x" in text:
            size, rounds = text.split("x")
            return (_whole(size),) * min(_whole(rounds), _MAX_ROUNDS)
        if "-" in text:
            low, high = text.split("-")
            return tuple(range(_whole(low), min(_whole(high), MAX_HAND_SIZE) + 1))
        return tuple(_whole(part) for part in text.split(","))
    except ValueError:
        raise InvalidRulesError(
            f"a schedule is a range like 3-13, a constant like 7x11 or a list like 3,5,7; "
            f"got {short_repr(text)}"
        ) from None


_RANK_LETTERS: Final = {"T": 10, "J": 11, "Q": 12, "K": 13}
_RANK_NUMBERS: Final = frozenset(str(rank) for rank in range(3, 14))
#: Upper-cases the ASCII letters only (``str.upper`` maps "ſ" to "S", and more).
_ASCII_UPPER: Final = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def parse_wild_rank(text: str) -> int | None:
    """A wild rank as people write it: ``3`` to ``13``, ``T`` (ten, as in card notation),
    ``J``, ``Q``, ``K``, or ``none`` (or ``-``) for a round with only jokers wild.

    >>> parse_wild_rank("q"), parse_wild_rank("7"), parse_wild_rank("t"), parse_wild_rank("none")
    (12, 7, 10, None)
    """
    upper = text.strip(ASCII_SPACE).translate(_ASCII_UPPER) if isinstance(text, str) else ""
    if upper in ("NONE", "-"):
        return None
    if upper in _RANK_LETTERS:
        return _RANK_LETTERS[upper]
    if upper in _RANK_NUMBERS:
        return int(upper)
    raise InvalidRulesError(
        f"a wild rank is 3 to 13 (or T, J, Q, K) or 'none', got {short_repr(text)}"
    )


def _parse_wild_ranks(text: str) -> tuple[int | None, ...]:
    return tuple(parse_wild_rank(part) for part in text.split(","))
