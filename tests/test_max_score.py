"""The true maximum score (:func:`fivecrowns.max_score`): the exact search against brute
force, a random search, and the facts that must hold between rule sets."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import attrs
import numpy as np
import pytest

import fivecrowns as fc
from fivecrowns.cards import CARDS, JOKER_CODE, card_codes
from fivecrowns.game.scoring_limits import max_round_score

#: The Python twin scores ~30 times slower: the brute force then checks fewer cases.
PURE = not fc.core_info().compiled

#: The per-round maxima of the official game (3 to 13 cards, the hand size wild).
OFFICIAL_ROUNDS = (75, 86, 96, 105, 113, 118, 122, 125, 127, 116, 120)


def _brute_force(size: int, wild_rank: int | None, rules: fc.Rules) -> int:
    """The largest least deadwood over every hand of ``size`` cards the deck holds."""
    best = 0
    for jokers in range(min(size, 3 * rules.packs) + 1):
        naturals = size - jokers
        every = itertools.combinations_with_replacement(range(JOKER_CODE), naturals)
        while block := list(itertools.islice(every, 50_000)):
            combos = np.array(block, dtype=np.int64).reshape(len(block), naturals)
            counts = np.zeros((len(block), 56), dtype=np.int64)
            rows = np.repeat(np.arange(len(block)), naturals)
            np.add.at(counts, (rows, combos.ravel()), 1)
            counts = counts[counts.max(axis=1, initial=0) <= rules.packs]
            counts[:, JOKER_CODE] = jokers
            if len(counts):
                found = fc.min_deadwood_many(counts, wild_rank, rules=rules)
                best = max(best, int(found.max()))
    return best


def _goer_hand(hand: tuple[fc.Card, ...], rules: fc.Rules) -> list[fc.Card]:
    """Cards the rest of the deck holds that meld completely, as many as ``hand`` has: runs
    of the naturals left, longest first, trimmed to fit (a hand another player can go out
    with while ``hand`` is left to score)."""
    left = Counter(fc.deck(rules.packs)) - Counter(hand)
    runs = []
    for suit in fc.Suit:
        for copy in range(rules.packs):  # the copy-th copies left of each card of the suit
            run: list[fc.Card] = []
            for rank in (*fc.Rank, None):
                card = None if rank is None else fc.Card.of(rank, suit)
                if card is not None and left[card] > copy:
                    run.append(card)
                    continue
                if len(run) >= 3:
                    runs.append(run)
                run = []
    runs.sort(key=len, reverse=True)
    need, cards = len(hand), []
    for run in runs:
        if need == 0:
            break
        take = min(len(run), need)
        if need - take in (1, 2):
            take = need - 3  # leave room for one more run of 3
        if take >= 3:
            cards.extend(run[:take])
            need -= take
    return cards


def _hill_climb(
    size: int, wild_rank: int | None, rules: fc.Rules, rng: random.Random, steps: int
) -> int:
    """A random local search for a hand of high deadwood: swap one card at a time, keep
    the swap if the deadwood does not drop."""
    deck = list(fc.deck(rules.packs))
    rng.shuffle(deck)
    hand, pool = deck[:size], deck[size:]
    value = fc.min_deadwood(hand, wild_rank, rules=rules)
    best = value
    for _ in range(steps):
        i, j = rng.randrange(size), rng.randrange(len(pool))
        hand[i], pool[j] = pool[j], hand[i]
        new = fc.min_deadwood(hand, wild_rank, rules=rules)
        if new >= value:
            value = new
            best = max(best, value)
        else:
            hand[i], pool[j] = pool[j], hand[i]
    return best


HOUSE_RULES = [
    fc.Rules(),
    fc.Rules(distinct_suit_books=True),
    fc.Rules(max_wilds_per_meld="naturals"),
    fc.Rules(max_wilds_per_meld=1),
    fc.Rules(all_wild_melds=False),
    fc.Rules(wild_points=30, joker_points=0),
]
HOUSE_IDS = ["official", "distinct-suits", "naturals", "one-wild", "no-all-wild", "points"]


def test_rule_official_maximum_score() -> None:
    result = fc.max_score()
    assert result.total == sum(OFFICIAL_ROUNDS) == 1203
    assert tuple(entry.score for entry in result.rounds) == OFFICIAL_ROUNDS
    assert result.total == sum(entry.score for entry in result.rounds)
    assert [(e.round_number, e.hand_size, e.wild_rank) for e in result.rounds] == [
        (n - 2, n, n) for n in range(3, 14)
    ]
    assert result.rules == fc.Rules()


@pytest.mark.parametrize(
    "rules",
    [
        fc.Rules(),
        fc.Rules(packs=1),
        fc.Rules.short_game(9, distinct_suit_books=True),
        fc.Rules.constant(5, 3),
    ],
    ids=["official", "one-pack", "distinct-suit-books", "constant-5"],
)
def test_worst_hands_score_what_they_claim(rules: fc.Rules) -> None:
    for entry in fc.max_score(rules).rounds:
        assert len(entry.hand) == entry.hand_size
        card_codes(entry.hand, packs=rules.packs)  # the deck holds the hand (raises if not)
        assert fc.min_deadwood(entry.hand, entry.wild_rank, rules=rules) == entry.score
        assert list(entry.hand) == sorted(entry.hand, key=lambda card: card.code)


@pytest.mark.parametrize("rules", HOUSE_RULES, ids=HOUSE_IDS)
@pytest.mark.parametrize("wild_rank", [3, 13, None])
def test_three_cards_agree_with_brute_force(rules: fc.Rules, wild_rank: int | None) -> None:
    if PURE and (wild_rank != 3 or rules != fc.Rules()):
        pytest.skip("the Python twin checks one case (30,801 hands a case)")
    assert max_round_score(3, wild_rank, rules=rules)[0] == _brute_force(3, wild_rank, rules)


@pytest.mark.parametrize("wild_rank", [4, None])
def test_four_cards_one_pack_agree_with_brute_force(wild_rank: int | None) -> None:
    if PURE:
        pytest.skip("368,830 hands: the compiled core's check")
    rules = fc.Rules(packs=1)
    assert max_round_score(4, wild_rank, rules=rules)[0] == _brute_force(4, wild_rank, rules)


@pytest.mark.parametrize("size", [5, 7, 9, 11, 13])
def test_random_search_never_beats_the_exact_maximum(size: int) -> None:
    rules, rng = fc.Rules(), random.Random(size)
    exact = max_round_score(size, size, rules=rules)[0]
    found = max(_hill_climb(size, size, rules, rng, 400) for _ in range(5))
    assert found <= exact
    assert found >= exact // 2  # the random search is not broken either


@pytest.mark.parametrize("packs", [1, 2])
def test_every_worst_hand_can_be_left_while_another_player_goes_out(packs: int) -> None:
    rules = fc.Rules(packs=packs)
    for entry in fc.max_score(rules).rounds:
        goer = _goer_hand(entry.hand, rules)
        assert len(goer) == entry.hand_size
        assert fc.can_meld_all(goer, entry.wild_rank, rules=rules)
        card_codes((*goer, *entry.hand), packs=packs)  # both hands come from one deck


def test_a_larger_deck_never_lowers_the_maximum() -> None:
    short = fc.Rules.short_game(7)
    scores = [
        [entry.score for entry in fc.max_score(attrs.evolve(short, packs=packs)).rounds]
        for packs in (1, 2, 3)
    ]
    for smaller, larger in itertools.pairwise(scores):
        assert all(a <= b for a, b in zip(smaller, larger, strict=True))


def test_rule_distinct_suit_books_raise_the_maximum() -> None:
    short = fc.Rules.short_game(9)
    official = fc.max_score(short)
    distinct = fc.max_score(attrs.evolve(short, distinct_suit_books=True))
    for plain, strict in zip(official.rounds, distinct.rounds, strict=True):
        assert strict.score >= plain.score  # fewer melds, never less deadwood
    assert distinct.total > official.total


def test_rule_all_wild_melds_off_leaves_a_hand_of_wilds_unmelded() -> None:
    rules = fc.Rules(all_wild_melds=False)
    # three jokers cannot meld: 150, the most three cards can cost
    assert max_round_score(3, 3, rules=rules)[0] == 150
    assert max_round_score(3, 3)[0] == 75


def test_rule_max_wilds_per_meld_raises_the_maximum() -> None:
    for limit in ("naturals", 0, 1):
        rules = fc.Rules(max_wilds_per_meld=limit)
        assert max_round_score(6, 6, rules=rules)[0] >= max_round_score(6, 6)[0]
    # no wild may meld: the six jokers and a wild lie unmelded
    assert max_round_score(7, 7, rules=fc.Rules(max_wilds_per_meld=0))[0] == 6 * 50 + 20


def test_rule_manual_final_hands_count_every_card() -> None:
    rules = fc.Rules(auto_arrange_final_hand=False)
    result = fc.max_score(rules)
    for entry in result.rounds:
        deck = sorted(
            (rules.points(card, entry.wild_rank) for card in fc.deck(rules.packs)),
            reverse=True,
        )
        assert entry.score == sum(deck[: entry.hand_size])
        assert sum(rules.points(card, entry.wild_rank) for card in entry.hand) == entry.score
    assert result.rounds[0].score == 150  # three jokers
    assert result.total > fc.max_score().total


def test_rule_wild_ranks_none_and_points_options() -> None:
    jokers_only = fc.Rules(schedule=(3, 4), wild_ranks=(None, None))
    result = fc.max_score(jokers_only)
    assert [entry.wild_rank for entry in result.rounds] == [None, None]
    assert result.rounds[0].score == _brute_force(3, None, jokers_only)
    cheap = fc.Rules(schedule=(3, 4), joker_points=0, wild_points=0)
    dear = fc.Rules(schedule=(3, 4), joker_points=80, wild_points=40)
    assert (
        fc.max_score(cheap).total
        < fc.max_score(attrs.evolve(cheap, joker_points=50, wild_points=20)).total
    )
    assert fc.max_score(dear).total > fc.max_score(fc.Rules(schedule=(3, 4))).total


@pytest.mark.parametrize(
    "options",
    [
        {"go_out_bonus": -10},
        {"go_out_without_discard": True},
        {"tie_break": "extra_round"},
        {"tie_break": "extra_round", "extra_round_hand_size": 7},
        {"tie_break": "most_rounds_out"},
        {"may_discard_taken_discard": False},
        {"turn_limit": 50},
    ],
)
def test_rule_options_that_do_not_change_the_maximum(options: dict[str, object]) -> None:
    rules = fc.Rules(**options)  # type: ignore[arg-type]
    assert fc.max_score(rules).total == 1203


def test_rule_lay_off_is_refused() -> None:
    with pytest.raises(fc.InvalidRulesError, match="lay_off"):
        fc.max_score(fc.Rules(lay_off=True))
    # a player who arranges the final hand may lay off nothing: the plain points count
    manual = fc.Rules(lay_off=True, auto_arrange_final_hand=False)
    assert fc.max_score(manual) == attrs.evolve(
        fc.max_score(attrs.evolve(manual, lay_off=False)), rules=manual
    )


@pytest.mark.parametrize("bad", [None, "official", {"packs": 2}])
def test_rules_must_be_rules(bad: object) -> None:
    with pytest.raises(fc.InvalidRulesError, match="rules must be a Rules"):
        fc.max_score(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [-1, 61, 3.0, True])
def test_bad_hand_size(size: object) -> None:
    with pytest.raises(fc.InvalidRulesError, match="hand_size"):
        max_round_score(size, 3)  # type: ignore[arg-type]


@pytest.mark.parametrize("wild", [2, 14, "7", 7.0])
def test_bad_wild_rank(wild: object) -> None:
    with pytest.raises(fc.InvalidRulesError, match="wild_rank"):
        max_round_score(3, wild)  # type: ignore[arg-type]


def test_results_are_frozen_and_printable() -> None:
    result = fc.max_score(fc.Rules.short_game(2))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        result.total = 0  # type: ignore[misc]
    text = str(result)
    assert text.splitlines()[0] == "maximum total: 161"
    assert "round 1: 3 cards, 3s wild: 75" in text
    assert all(isinstance(card, fc.Card) for card in result.rounds[0].hand)
    assert CARDS[JOKER_CODE] in result.rounds[0].hand


@pytest.mark.parametrize("rules", HOUSE_RULES[:3], ids=HOUSE_IDS[:3])
def test_a_round_wilds_printed_suit_does_not_matter(rules: fc.Rules) -> None:
    # the search gives its round wilds fixed suits; that is sound only if suits do not count
    rng = random.Random(5)
    for _ in range(300):
        wild, size = rng.randrange(3, 14), rng.randrange(2, 11)
        hand = [card for card in rng.sample(fc.deck(2), size) if not card.is_wild(wild)]
        count = rng.randrange(1, 3)
        stars = [fc.Card.of(wild, fc.Suit.STARS)] * count
        others = [fc.Card.of(wild, suit) for suit in rng.sample(list(fc.Suit), count)]
        assert fc.min_deadwood(hand + stars, wild, rules=rules) == fc.min_deadwood(
            hand + others, wild, rules=rules
        )
