"""The true maximum score: the highest total a player can be made to score under a rule set,
proven by an exact search over hands.

A player who does not go out scores the least deadwood of the hand left after the final turn
(the engine arranges it: ``auto_arrange_final_hand``, the default). So the most a round can
cost is the largest :func:`~fivecrowns.min_deadwood` of any hand of the round's size that the
deck can hold, and the most a game can cost is the sum over the rounds of the schedule.
:func:`max_score` finds each round's worst hand by branch and bound and proves it maximal.

>>> result = max_score()
>>> result.total
1203
>>> worst = result.rounds[0]
>>> worst.hand_size, worst.wild_rank, worst.score, format_cards(worst.hand)
(3, 3, 75, 'K* QH JK')

How the search works (and why it is exact):

- Hands are multisets: at most ``packs`` copies of each natural card, ``3 * packs`` jokers.
  The cards of the round's wild rank are wilds like jokers (they differ only in points), so a
  hand is a number of jokers, a number of round wilds, and naturals of the other ranks.
- Deadwood is subadditive: ``min_deadwood(A + B) <= min_deadwood(A) + min_deadwood(B)``
  (meld each part on its own). Let ``M(W, r, k)`` be the exact maximum over hands of the
  wilds ``W`` and ``k`` naturals of the ``r`` lowest natural ranks. A search for it picks
  the naturals rank by rank from the highest down; a partial hand ``P`` (the ranks above
  ``r'``) with ``k'`` naturals still to pick can score at most ``min_deadwood(P + W1) +
  M(W - W1, r', k')`` for every split of the wilds ``W1 + (W - W1)``, and the branch is cut
  when the smallest of these bounds does not beat the best hand found so far. The smaller
  problems ``M(W - W1, r', k')`` are solved the same way, on demand, memoised, and only as
  far as the bound needs (a search told "only values above F matter" answers "at most F" as
  soon as it can). Every hand that is not cut is scored by the solver, so the result is the
  maximum, not an estimate.
- Suits are symmetric (a permutation of the suits maps a hand to one of the same deadwood),
  so one hand per class is visited: the suits' columns of counts, read from the highest rank
  down, are kept in non-increasing order.
- :func:`max_score` searches the compositions of wilds from the fewest up and passes the best
  total found as the floor of the next search, so most compositions are dismissed at once.

Rule options:

- ``packs``, ``distinct_suit_books``, ``max_wilds_per_meld``, ``all_wild_melds``,
  ``wild_points``, ``joker_points`` and the wild rank of each round change what a hand can
  meld or cost, and the search takes them into account.
- ``auto_arrange_final_hand=False``: a player lays down melds by choice in the final turn and
  may lay down nothing, so the hand's plain points count: the worst hand is the ``n`` most
  valuable cards of the deck (no search is needed).
- ``go_out_bonus`` (zero or negative) only lowers the score of the player who went out, who is
  never the one with the most points; ``go_out_without_discard`` only changes how a player
  goes out; neither changes the maximum. Nor does ``turn_limit`` (a simulation safeguard: the
  hands are then scored by their best arrangement, as final hands are).
- ``lay_off=True`` is not covered: the final-turn player may then add cards to the melds on
  the table, so the worst hand depends on which melds the player who went out laid down, and
  the worst case is a game between the two hands, not a search over one. :func:`max_score`
  raises :class:`~fivecrowns.InvalidRulesError` for it; the maximum without lay-offs,
  ``max_score(attrs.evolve(rules, lay_off=False))``, is a proven upper bound (laying off only
  lowers a score), which may not be reached. (With ``auto_arrange_final_hand=False`` as well,
  a player may lay off nothing, and the answer is exact.)
- ``tie_break="extra_round"``: tie-break rounds do not count. Their scores decide between the
  players tied for the lowest total and never enter the totals (:attr:`GameState.scores
  <fivecrowns.GameState.scores>`); besides, they are played only by players tied for the
  *lowest* total. So the maximum is over the rounds of the schedule only.

Each worst hand can really be held at the end of a round: the deck deals it to a player who,
in every turn, draws from the stock and discards the card drawn, while another player goes out
with cards the rest of the deck holds (the tests build such a hand for every round of the
official game, with one pack and with two).

Figures (the official rules, the compiled core, a 2-core machine): the whole 11-round proof
takes about 3.5 s and about 58,000 solver calls (the 13-card round about 1 s); the Python twin
(``FIVECROWNS_PURE=1``) takes about 10 s. Results are cached in-process per hand size, wild
rank and the options above, so a second call is free. Every hand size a schedule may deal
stays in reach, more slowly: with kings wild, 20 cards take about 5 s, 40 cards about 30 s
and 57 cards (the most two packs deal to two players) about 70 s; more packs cost more (the
13-card round takes about 2 s with 4 packs, 7 s with 8, 2 minutes with 16).
``python benchmarks/max_score.py`` prints the figures.
"""

from __future__ import annotations

import itertools
from typing import Final

import attrs

from ..cards import CARDS, JOKER_CODE, Card, as_int, format_cards, short_repr
from ..errors import InvalidRulesError
from ..rules import MAX_HAND_SIZE, OFFICIAL, Rules, check_rules
from ..solver import min_deadwood

__all__ = ["MaxScore", "RoundMaximum", "max_round_score", "max_score"]

_SUITS: Final = 5
_NATURAL_RANKS: Final = tuple(range(3, 14))


@attrs.frozen
class RoundMaximum:
    """The most one round of the schedule can cost a player.

    - ``round_number``: the round (1-based).
    - ``hand_size``, ``wild_rank``: what the round deals (``wild_rank`` None: only jokers).
    - ``score``: the highest round score a player can be left with (proven maximal).
    - ``hand``: one hand that scores it (sorted by card code); its
      :func:`~fivecrowns.min_deadwood` is ``score`` (the plain sum of its points with
      ``auto_arrange_final_hand=False``).
    """

    round_number: int
    hand_size: int
    wild_rank: int | None
    score: int
    hand: tuple[Card, ...]

    def __str__(self) -> str:
        wild = "jokers only" if self.wild_rank is None else f"{self.wild_rank}s wild"
        return (
            f"round {self.round_number}: {self.hand_size} cards, {wild}: {self.score} "
            f"({format_cards(self.hand)})"
        )


@attrs.frozen
class MaxScore:
    """The highest total a player can score over a game (:func:`max_score`).

    - ``rules``: the rules it was computed for.
    - ``total``: the sum of the rounds' scores.
    - ``rounds``: one :class:`RoundMaximum` per round of the schedule.
    """

    rules: Rules
    total: int
    rounds: tuple[RoundMaximum, ...]

    def __str__(self) -> str:
        return "\n".join([f"maximum total: {self.total}", *map(str, self.rounds)])


def max_score(rules: Rules = OFFICIAL) -> MaxScore:
    """The highest total a player can score in a game under ``rules``, with a worst hand per
    round, proven maximal by an exact search (see :mod:`fivecrowns.game.scoring_limits`).

    Raises :class:`~fivecrowns.InvalidRulesError` if ``rules`` is not a
    :class:`~fivecrowns.Rules`, or has ``lay_off=True`` with ``auto_arrange_final_hand``
    (not covered; see the module notes).

    >>> max_score().total
    1203
    >>> max_score(Rules.short_game(9)).total
    967
    >>> max_score(Rules(auto_arrange_final_hand=False)).rounds[0].score
    150
    """
    rules = check_rules(rules)
    rounds = []
    for number in range(1, rules.rounds + 1):
        size, wild = rules.hand_size(number), rules.wild_rank(number)
        score, hand = max_round_score(size, wild, rules=rules)
        rounds.append(RoundMaximum(number, size, wild, score, hand))
    return MaxScore(rules, sum(entry.score for entry in rounds), tuple(rounds))


def max_round_score(
    hand_size: int, wild_rank: int | None, *, rules: Rules = OFFICIAL
) -> tuple[int, tuple[Card, ...]]:
    """The highest score a hand of ``hand_size`` cards can be left with when ``wild_rank`` is
    wild (None: only jokers), and one hand that scores it.

    >>> max_round_score(4, 4)
    (86, (Card.parse('K*'), Card.parse('QH'), Card.parse('JC'), Card.parse('JK')))
    """
    rules = check_rules(rules)
    if rules.lay_off and rules.auto_arrange_final_hand:
        raise InvalidRulesError(
            "the maximum score is not computed with lay_off=True: a final hand's score then "
            "depends on the melds on the table; max_score(attrs.evolve(rules, lay_off=False)) "
            "is an upper bound"
        )
    size, wild = as_int(hand_size), as_int(wild_rank)
    if size is None or not 0 <= size <= MAX_HAND_SIZE:
        raise InvalidRulesError(
            f"hand_size must be an int from 0 to {MAX_HAND_SIZE}, got {short_repr(hand_size)}"
        )
    if wild_rank is not None and (wild is None or not 3 <= wild <= 13):
        raise InvalidRulesError(
            f"wild_rank must be an int from 3 to 13 (or a Rank) or None, got "
            f"{short_repr(wild_rank)}"
        )
    hand_size, wild_rank = size, wild
    key = (
        hand_size,
        wild_rank,
        rules.packs,
        rules.auto_arrange_final_hand,
        rules.distinct_suit_books,
        rules.max_wilds_per_meld,
        rules.all_wild_melds,
        rules.wild_points,
        rules.joker_points,
    )
    found = _CACHE.get(key)
    if found is None:
        if rules.auto_arrange_final_hand:
            found = _Search(wild_rank, rules).best(hand_size)
        else:
            found = _most_points(hand_size, wild_rank, rules)
        if len(_CACHE) >= 4096:
            _CACHE.clear()
        _CACHE[key] = found
    return found


#: Proven round maxima by (hand size, wild rank, the options that matter); bounded.
_CACHE: dict[tuple[object, ...], tuple[int, tuple[Card, ...]]] = {}


def _most_points(size: int, wild_rank: int | None, rules: Rules) -> tuple[int, tuple[Card, ...]]:
    """The ``size`` cards of the deck worth the most points, and their sum."""
    points = rules.points_by_code(wild_rank)
    copies = [3 * rules.packs if code == JOKER_CODE else rules.packs for code in range(56)]
    # highest points first; ties by code (higher first, so kings before queens...)
    order = sorted(range(56), key=lambda code: (-points[code], -code))
    cards = [code for code in order for _ in range(copies[code])][:size]
    if len(cards) < size:
        raise InvalidRulesError(f"the deck of {rules.packs} pack(s) holds fewer than {size} cards")
    return sum(points[code] for code in cards), tuple(CARDS[code] for code in sorted(cards))


#: Count vectors over the suits of one class (an interval of suits with the same history):
#: non-increasing tuples, by (class size, copies per card).
_DESCENDING: dict[tuple[int, int], tuple[tuple[int, ...], ...]] = {}


def _descending(size: int, packs: int) -> tuple[tuple[int, ...], ...]:
    key = (size, packs)
    if key not in _DESCENDING:
        _DESCENDING[key] = tuple(
            sorted(
                (
                    combo
                    for combo in itertools.product(range(packs, -1, -1), repeat=size)
                    if all(combo[i] >= combo[i + 1] for i in range(size - 1))
                ),
                key=lambda combo: -sum(combo),
            )
        )
    return _DESCENDING[key]


_NEG: Final = -1  # below any score: "no hand of this size"

#: A wild composition: (jokers, round wilds).
_Wilds = tuple[int, int]
#: A hand as card codes.
_Codes = tuple[int, ...]
#: What :meth:`_Search.exact` answers: (value, hand, exact).
_Answer = tuple[int, _Codes, bool]


class _Search:
    """The exact branch and bound for one wild rank and rule set.

    Levels: 1..L are the natural ranks other than the wild rank, lowest first (level 0 has no
    naturals). :meth:`exact` ``((j, w), level, k)`` is the largest deadwood of a hand of ``j``
    jokers, ``w`` round wilds and ``k`` naturals of the ranks of levels ``1..level``, with one
    hand that has it. It is memoised and computed on demand; its search bounds a branch by
    the values of smaller problems, which it asks for in turn.
    """

    def __init__(self, wild_rank: int | None, rules: Rules) -> None:
        self.wild_rank = wild_rank
        self.rules = rules
        self.packs = rules.packs
        self.ranks = tuple(rank for rank in _NATURAL_RANKS if rank != wild_rank)
        self.most_jokers = 3 * self.packs
        # the round wilds, of any suits (a wild's printed suit does not matter)
        self.round_wilds: _Codes = (
            ()
            if wild_rank is None
            else tuple(suit * 11 + wild_rank - 3 for _ in range(self.packs) for suit in range(5))
        )
        self.memo: dict[tuple[_Wilds, int, int], _Answer] = {}
        self.split_memo: dict[_Wilds, list[tuple[_Wilds, _Codes, _Wilds]]] = {}
        self.md_memo: dict[_Codes, int] = {}
        self.transitions: dict[
            tuple[int, tuple[int, ...], int], list[tuple[int, _Codes, tuple[int, ...]]]
        ] = {}
        self.calls = 0  # solver calls (for the benchmark)

    def md(self, codes: _Codes) -> int:
        """The least deadwood of the hand ``codes`` (memoised)."""
        value = self.md_memo.get(codes)
        if value is None:
            self.calls += 1
            value = min_deadwood([CARDS[code] for code in codes], self.wild_rank, rules=self.rules)
            self.md_memo[codes] = value
        return value

    def wilds(self, wilds: _Wilds) -> _Codes:
        return (JOKER_CODE,) * wilds[0] + self.round_wilds[: wilds[1]]

    def best(self, size: int) -> tuple[int, tuple[Card, ...]]:
        """The largest deadwood of a ``size``-card hand, and one such hand."""
        top = len(self.ranks)
        best, hand = _NEG, _Codes()
        # few wilds first: they make the worst hands, so the later searches are cut early
        for total in range(min(size, self.most_jokers + len(self.round_wilds)) + 1):
            for jokers in range(min(total, self.most_jokers), -1, -1):
                wilds = (jokers, total - jokers)
                if wilds[1] > len(self.round_wilds):
                    continue
                value, codes, exact = self.exact(wilds, top, size - total, best)
                if exact and value > best:
                    best, hand = value, codes
        if best == _NEG:
            raise InvalidRulesError(
                f"the deck of {self.packs} pack(s) holds no hand of {size} cards"
            )
        return best, tuple(CARDS[code] for code in sorted(hand))

    def exact(self, wilds: _Wilds, level: int, k: int, floor: int = _NEG) -> _Answer:
        """``(value, hand, True)``: the largest deadwood of a hand of the wilds ``wilds`` and
        ``k`` naturals of levels ``1..level``, and one such hand, if it is above ``floor``
        (``_NEG``: the deck holds no such hand); else ``(floor, (), False)``: no such hand
        scores more than ``floor``."""
        key = (wilds, level, k)
        found = self.memo.get(key)
        if found is None or not (found[2] or found[0] <= floor):
            if k == 0:
                codes = self.wilds(wilds)
                found = (self.md(codes), codes, True)
            elif level == 0 or k > level * _SUITS * self.packs:
                found = (_NEG, (), True)
            else:
                # a start: the best hand without this level's rank
                start = self.exact(wilds, level - 1, k, floor)
                state = [max(start[0], floor)]
                hands = [start[1]]
                self._search(wilds, level, k, (), (_SUITS,), state, hands)
                value = state[0]
                exact = value > floor or (start[2] and start[0] >= floor)
                found = (value, hands[0] if exact else (), exact)
            self.memo[key] = found
        if found[2]:
            return found if found[0] > floor or found[0] == _NEG else (floor, (), False)
        return (floor, (), False)

    def _splits(self, wilds: _Wilds) -> list[tuple[_Wilds, _Codes, _Wilds]]:
        """The ways to split ``wilds`` between a partial hand and its completion, as (the
        hand's share, its codes, the completion's share): none to the hand first, then all,
        then the rest."""
        found = self.split_memo.get(wilds)
        if found is None:
            jokers, round_wilds = wilds
            shares = sorted(
                ((a, b) for a in range(jokers + 1) for b in range(round_wilds + 1)),
                key=lambda share: (share != (0, 0), share != wilds),
            )
            found = [
                (share, self.wilds(share), (jokers - share[0], round_wilds - share[1]))
                for share in shares
            ]
            self.split_memo[wilds] = found
        return found

    def _cut(self, wilds: _Wilds, level: int, rest: int, hand: _Codes, cut: int) -> bool:
        """True if no completion of ``hand`` (naturals of the levels above ``level``) by
        ``rest`` naturals of levels ``1..level`` and the wilds ``wilds`` scores more than
        ``cut``: for some split of the wilds between the hand and the rest, the hand's
        deadwood plus the rest's maximum is at most ``cut`` (deadwood is subadditive: meld
        each part on its own)."""
        for _, codes, other in self._splits(wilds):
            part = self.md(hand + codes)
            value, _, exact = self.exact(other, level, rest, cut - part)
            if not exact or value == _NEG or part + value <= cut:
                return True
        return False

    def _choices(
        self, level: int, classes: tuple[int, ...], most: int
    ) -> list[tuple[int, _Codes, tuple[int, ...]]]:
        """The cards of one rank a hand may take, canonical under the symmetry of the suits:
        count vectors over the suits, non-increasing within each class of suits that the
        hand so far cannot tell apart, with at most ``most`` cards; each as (count, codes,
        refined classes), largest first."""
        key = (level, classes, most)
        found = self.transitions.get(key)
        if found is None:
            rank = self.ranks[level - 1]
            parts = [_descending(size, self.packs) for size in classes]
            found = []
            for combo in itertools.product(*parts):
                vector = [count for part in combo for count in part]
                count = sum(vector)
                if count > most:
                    continue
                codes = tuple(
                    suit * 11 + rank - 3
                    for suit, copies in enumerate(vector)
                    for _ in range(copies)
                )
                refined = tuple(
                    len(list(group)) for part in combo for _, group in itertools.groupby(part)
                )
                found.append((count, codes, refined))
            found.sort(key=lambda item: -item[0])
            self.transitions[key] = found
        return found

    def _search(
        self,
        wilds: _Wilds,
        level: int,
        k: int,
        hand: _Codes,
        classes: tuple[int, ...],
        state: list[int],
        hands: list[_Codes],
    ) -> None:
        """Extend ``hand`` (naturals of the levels above ``level``) by ``k`` naturals of
        levels ``1..level``; record in ``state`` and ``hands`` any better hand."""
        for count, codes, refined in self._choices(level, classes, k):
            if count == 0 and not hand:
                continue  # the hands without this rank: the start value covers them
            rest = k - count
            cards = hand + codes
            if rest == 0:
                full = cards + self.wilds(wilds)
                value = self.md(full)
                if value > state[0]:
                    state[0], hands[0] = value, full
                continue
            if level == 1 or self._cut(wilds, level - 1, rest, cards, state[0]):
                continue
            self._search(wilds, level - 1, rest, cards, refined, state, hands)
