"""Meld validation: one test per meld rule of RULES.md (section "Melds" and the wild rules)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import fivecrowns as fc

RULES = fc.Rules()


def meld(text: str, wild_rank: int | None = 3, **options: object) -> fc.Meld:
    return fc.check_meld(text, wild_rank, rules=fc.Rules(**options))  # type: ignore[arg-type]


def test_rule_book_is_three_or_more_cards_of_one_rank() -> None:
    book = meld("7H 7S 7D")
    assert book.kind is fc.MeldKind.BOOK
    assert book.rank is fc.Rank.SEVEN
    assert book.suit is None
    assert len(meld("7H 7S 7D 7C 7* 7H")) == 6


def test_rule_book_allows_duplicates_official_example() -> None:
    book = meld("KS KD KH KH")
    assert book.kind is fc.MeldKind.BOOK
    assert sorted(book.cards) == sorted(fc.parse_cards("KS KD KH KH"))


def test_rule_book_needs_one_rank() -> None:
    with pytest.raises(fc.InvalidMeldError, match="neither one rank"):
        meld("7H 7S 8S 8D")


def test_rule_option_distinct_suit_books() -> None:
    assert meld("7H 7S 7D", distinct_suit_books=True).kind is fc.MeldKind.BOOK
    with pytest.raises(fc.InvalidMeldError, match="two cards of one suit"):
        meld("KS KD KH KH", distinct_suit_books=True)
    with pytest.raises(fc.InvalidMeldError, match="at most 5"):
        meld("7H 7S 7D 7C 7* JK", distinct_suit_books=True)
    # Wilds stand for the missing suits.
    book = meld("7H 7S JK JK", distinct_suit_books=True)
    assert {stand.suit for stand in book.stands_for} == {
        fc.Suit.HEARTS,
        fc.Suit.SPADES,
        fc.Suit.STARS,
        fc.Suit.CLUBS,
    }


def test_rule_run_is_three_or_more_consecutive_ranks_of_one_suit() -> None:
    run = meld("5H 6H 7H 8H")
    assert run.kind is fc.MeldKind.RUN
    assert run.suit is fc.Suit.HEARTS
    assert run.rank is None
    with pytest.raises(fc.InvalidMeldError, match="run needs one suit: 7H 8S"):
        meld("7H 8S 9H")


def test_rule_run_no_wrap_around() -> None:
    with pytest.raises(fc.InvalidMeldError, match="gap"):
        meld("QH KH 4H", wild_rank=5)
    with pytest.raises(fc.InvalidMeldError, match="gap"):
        meld("KS 3S 4S", wild_rank=5)


def test_rule_run_at_most_eleven_long() -> None:
    full = meld("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", wild_rank=None)
    assert len(full) == 11
    assert [int(stand.rank or 0) for stand in full.stands_for] == list(range(3, 14))
    with pytest.raises(fc.InvalidMeldError, match="at most 11"):
        meld("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK", wild_rank=None)


def test_rule_run_cannot_hold_two_cards_of_one_rank() -> None:
    with pytest.raises(fc.InvalidMeldError, match="two cards of one rank"):
        meld("7H 7H 8H 9H", wild_rank=3)


def test_rule_wilds_fill_gaps_in_a_run() -> None:
    run = meld("5H JK 8H 9S", wild_rank=9)
    assert str(run) == "5H JK=6H 9S=7H 8H"
    assert run.wilds == (
        (fc.JOKER, fc.Card.parse("6H")),
        (fc.Card.parse("9S"), fc.Card.parse("7H")),
    )
    assert run.naturals == fc.parse_cards("5H 8H")


def test_rule_wilds_extend_either_end_jack_queen_king_plus_wild_is_ten_to_king() -> None:
    run = meld("JS QS KS JK", wild_rank=5)
    assert [str(stand) for stand in run.stands_for] == ["10S", "JS", "QS", "KS"]
    low = meld("3D 4D JK", wild_rank=5)
    assert [str(stand) for stand in low.stands_for] == ["3D", "4D", "5D"]


def test_rule_wilds_at_both_ends_and_in_gaps() -> None:
    run = meld("JK 6C JK 8C JK", wild_rank=3)
    assert [int(stand.rank or 0) for stand in run.stands_for] == [6, 7, 8, 9, 10]


def test_rule_any_number_of_wilds_in_one_meld() -> None:
    assert len(meld("7H JK JK JK JK 3S 3D", wild_rank=3)) == 7
    assert meld("9C JK JK JK JK JK JK", wild_rank=3).kind is fc.MeldKind.BOOK


def test_rule_option_max_wilds_per_meld() -> None:
    assert len(meld("7H 8H JK", max_wilds_per_meld=1)) == 3
    with pytest.raises(fc.InvalidMeldError, match="too many wilds"):
        meld("7H JK JK", max_wilds_per_meld=1)
    with pytest.raises(fc.InvalidMeldError, match="too many wilds"):
        meld("7H 8H JK", max_wilds_per_meld=0)


def test_rule_option_no_more_wilds_than_naturals() -> None:
    assert len(meld("7H 8H JK 3S", max_wilds_per_meld="naturals")) == 4
    with pytest.raises(fc.InvalidMeldError, match="no more wilds than naturals"):
        meld("7H JK JK", max_wilds_per_meld="naturals")
    with pytest.raises(fc.InvalidMeldError):
        meld("JK JK JK", max_wilds_per_meld="naturals")


def test_rule_all_wild_melds_allowed_by_default() -> None:
    all_wild = meld("JK JK JK", wild_rank=3)
    assert len(all_wild) == 3
    assert len(all_wild.wilds) == 3
    assert len(meld("JK 3H 3S 3D", wild_rank=3)) == 4


def test_rule_option_all_wild_melds_off() -> None:
    with pytest.raises(fc.InvalidMeldError, match="all_wild_melds"):
        meld("JK JK 3S", wild_rank=3, all_wild_melds=False)
    assert len(meld("JK JK 4S", wild_rank=3, all_wild_melds=False)) == 3


def test_rule_minimum_meld_size_three() -> None:
    with pytest.raises(fc.InvalidMeldError, match="at least 3"):
        meld("7H 8H")
    with pytest.raises(fc.InvalidMeldError, match="at least 3"):
        meld("JK JK")
    with pytest.raises(fc.InvalidMeldError, match="at least 3"):
        meld("")


def test_rule_wild_stands_for_any_card_including_its_own_rank() -> None:
    book = meld("7H 7S 7D", wild_rank=7)  # all wild: an all-wild meld
    assert len(book.wilds) == 3
    run = meld("6H 7H 8H", wild_rank=7)  # 7H is wild and plays 7H
    assert [str(stand) for stand in run.stands_for] == ["6H", "7H", "8H"]
    assert run.wilds == ((fc.Card.parse("7H"), fc.Card.parse("7H")),)


def test_rule_round_wild_is_purely_a_wild() -> None:
    # With kings wild, KS does not anchor a book of kings: two naturals of different ranks plus
    # the wild KS cannot be a book.
    with pytest.raises(fc.InvalidMeldError):
        meld("QS QD KS 5S", wild_rank=13)
    assert meld("QS QD KS", wild_rank=13).rank is fc.Rank.QUEEN


def test_rule_jokers_wild_in_every_round() -> None:
    for wild_rank in [*range(3, 14), None]:
        assert len(meld("9C 10C JK", wild_rank=wild_rank if wild_rank != 9 else 3)) == 3


def test_meld_constructor_refuses_impossible_shapes() -> None:
    seven_h, eight_h, nine_s = fc.parse_cards("7H 8H 9S")
    with pytest.raises(fc.InvalidMeldError):
        fc.Meld(fc.MeldKind.RUN, (seven_h, eight_h, nine_s), (seven_h, eight_h, nine_s), None)
    with pytest.raises(fc.InvalidMeldError, match="not wild"):
        fc.Meld(
            fc.MeldKind.RUN,
            (seven_h, eight_h, nine_s),
            (seven_h, eight_h, fc.Card.parse("9H")),
            None,
        )


def test_bad_wild_rank_is_refused() -> None:
    with pytest.raises(fc.InvalidHandError, match="wild rank"):
        fc.check_meld("7H 8H 9H", 2)
    with pytest.raises(fc.InvalidHandError, match="wild rank"):
        fc.check_meld("7H 8H 9H", "7")  # type: ignore[arg-type]


@given(
    st.sampled_from(list(fc.Suit)),
    st.integers(3, 11),
    st.integers(3, 11),
    st.sets(st.integers(0, 10)),
)
def test_any_run_with_wilds_in_place_of_some_cards_is_a_meld_keeping_its_naturals(
    suit: fc.Suit, low: int, length: int, replaced: set[int]
) -> None:
    high = min(13, low + length - 1)
    cards = [fc.Card.of(rank, suit) for rank in range(low, high + 1)]
    if len(cards) < 3:
        return
    hand = [fc.JOKER if i in replaced else card for i, card in enumerate(cards)]
    result = fc.check_meld(hand, None)
    assert sorted(result.cards) == sorted(hand)
    naturals = [card for card in hand if not card.is_joker]
    assert set(naturals) <= set(result.stands_for)
    if len({card.rank for card in naturals}) > 1:
        assert result.kind is fc.MeldKind.RUN
        assert result.suit is suit


def test_meld_repr_evaluates_back() -> None:
    namespace = {"Meld": fc.Meld, "MeldKind": fc.MeldKind, "Card": fc.Card}
    for text, wild_rank in [("JS QS KS JK", 5), ("KS KD KH KH", None), ("JK JK JK", 3)]:
        result = fc.check_meld(text, wild_rank)
        assert eval(repr(result), namespace) == result
