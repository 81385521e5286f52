"""Deterministic shuffles: the same seed gives the same order on every machine and Python.

Each shuffle has its own seed, derived with SHA-256 from the game seed and where the shuffle
happens (round, extra round, reshuffle count), and drives a Fisher-Yates shuffle written here
from :meth:`random.Random.random`, whose sequence CPython guarantees for an int seed (unlike
``random.shuffle`` or numpy's generators, whose algorithms may change between versions).

Sampling the hidden cards of a rollout (:func:`fivecrowns.sample_state`) deals millions of
times and replays nothing recorded, so it uses a cheaper generator than the Mersenne Twister
(whose seeding costs more than the shuffle): :func:`splitmix_shuffle`.

>>> _fisher_yates(list(range(8)), 1)
[0, 2, 3, 6, 7, 4, 5, 1]
>>> splitmix_shuffle(list(range(8)), 1)
[0, 3, 7, 1, 2, 6, 5, 4]
>>> shuffle_seed(7, 1, 0, 0) == shuffle_seed(7, 1, 0, 0) != shuffle_seed(7, 1, 0, 1)
True
"""

from __future__ import annotations

import hashlib
import random
import secrets
from typing import TypeVar

__all__ = [
    "SplitMix64",
    "bot_seed",
    "derive_seed",
    "game_seed",
    "new_seed",
    "shuffle_seed",
    "shuffled",
    "splitmix_shuffle",
]

_T = TypeVar("_T")


def new_seed() -> int:
    """A fresh game seed from the operating system's entropy (64 bits)."""
    return secrets.randbits(64)


def derive_seed(*parts: object) -> int:
    """A 64-bit seed derived from ``parts``: the first 8 bytes of the SHA-256 of their
    text joined by ``/``, big-endian. Every seed the library derives (shuffles, games of a
    tournament, bots) comes from here, so recorded games replay identically.

    >>> derive_seed("fivecrowns/shuffle/v1", 7, 1, 0, 0) == shuffle_seed(7, 1, 0, 0)
    True
    """
    text = "/".join(map(str, parts))
    return int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:8], "big")


def _derive(*parts: object) -> int:
    return derive_seed(*parts) >> 1  # 63 bits (seeds recorded so far are)


def game_seed(seed: int, game: int) -> int:
    """The deal seed of game number ``game`` (from 0) of a tournament with seed ``seed``.

    >>> game_seed(0, 0) == game_seed(0, 0) != game_seed(0, 1)
    True
    """
    return _derive("fivecrowns/game/v1", seed, game)


def bot_seed(seed: int, seat: int) -> int:
    """The seed :func:`fivecrowns.play_game` resets the bot in ``seat`` with, in a game dealt from
    ``seed``."""
    return _derive("fivecrowns/bot/v1", seed, seat)


def shuffle_seed(seed: int, round_number: int, extra_round: int, reshuffle: int) -> int:
    """The seed of one shuffle, derived from the game seed and the shuffle's place."""
    return derive_seed("fivecrowns/shuffle/v1", seed, round_number, extra_round, reshuffle)


_MASK = (1 << 64) - 1


class SplitMix64:
    """SplitMix64, the generator of rollout sampling (the twin of the core's
    ``shuffle::SplitMix64``, word for word), seeded with ``seed`` (0 to 2**64 - 1).

    >>> generator = SplitMix64(1)
    >>> generator.below(10), generator.below(10)
    (5, 7)
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed

    def next(self) -> int:
        """The next 64-bit word."""
        self.state = state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A number below ``n`` (at least 1) from the next word ``z``: ``z * n >> 64`` (a
        bias of at most ``n / 2**64``)."""
        return (self.next() * n) >> 64

    def shuffle(self, items: list[_T]) -> list[_T]:
        """``items`` shuffled in place (and returned) by Fisher-Yates: for ``i`` from the
        last index down to 1, items ``i`` and ``self.below(i + 1)`` swap."""
        below = self.below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items


def splitmix_shuffle(items: list[_T], seed: int) -> list[_T]:
    """``items`` shuffled in place (and returned) by :meth:`SplitMix64.shuffle` of the
    generator seeded with ``seed``. The twin of the core's ``shuffle::splitmix_shuffle``."""
    return SplitMix64(seed).shuffle(items)


def _fisher_yates(items: list[_T], seed: int) -> list[_T]:
    draw = random.Random(seed).random
    for i in range(len(items) - 1, 0, -1):
        j = int(draw() * (i + 1))
        items[i], items[j] = items[j], items[i]
    return items


def shuffled(
    items: tuple[_T, ...], seed: int, round_number: int, extra_round: int, reshuffle: int
) -> tuple[_T, ...]:
    """``items`` in the shuffled order for that game seed and place in the game."""
    order = _fisher_yates(list(items), shuffle_seed(seed, round_number, extra_round, reshuffle))
    return tuple(order)
