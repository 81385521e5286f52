"""Cards, the deck and the notation (RULES.md: Deck; DESIGN.md: notation)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import fivecrowns as fc
from fivecrowns.cards import JOKER_CODE, NUM_CODES, card_codes

cards = st.integers(0, NUM_CODES - 1).map(fc.Card.from_code)


def test_rule_deck_has_116_cards_two_of_each_natural_and_six_jokers() -> None:
    deck = fc.deck()
    assert len(deck) == 116
    counts = Counter(deck)
    assert counts[fc.JOKER] == 6
    naturals = [card for card in counts if not card.is_joker]
    assert len(naturals) == 55
    assert all(counts[card] == 2 for card in naturals)


def test_rule_deck_packs_option_scales_the_deck() -> None:
    assert len(fc.deck(1)) == 58
    assert max(Counter(fc.deck(1)).values()) == 3  # the three jokers of one pack
    assert len(fc.deck(3)) == 174
    with pytest.raises(fc.InvalidHandError, match="packs"):
        fc.deck(0)


def test_rule_suits_in_official_order_with_colours() -> None:
    assert [suit.name for suit in fc.Suit] == ["STARS", "HEARTS", "CLUBS", "SPADES", "DIAMONDS"]
    assert [suit.color for suit in fc.Suit] == ["yellow", "red", "green", "black", "blue"]
    assert [suit.letter for suit in fc.Suit] == ["*", "H", "C", "S", "D"]


def test_rule_ranks_three_to_king_no_aces_or_twos() -> None:
    assert [int(rank) for rank in fc.Rank] == list(range(3, 14))
    assert [rank.label for rank in fc.Rank][-3:] == ["J", "Q", "K"]
    for text in ("AH", "2H", "1H"):
        with pytest.raises(fc.InvalidCardError):
            fc.Card.parse(text)


def test_card_properties_and_codes() -> None:
    card = fc.Card.parse("QD")
    assert card.rank is fc.Rank.QUEEN
    assert card.suit is fc.Suit.DIAMONDS
    assert card.code == 4 * 11 + 12 - 3
    assert fc.JOKER.code == JOKER_CODE
    assert fc.JOKER.rank is None
    assert fc.JOKER.suit is None
    assert fc.Card.of(12, fc.Suit.DIAMONDS) is card


def test_cards_are_ordered_by_suit_then_rank_joker_last() -> None:
    hand = fc.parse_cards("JK KD 3* 10H 4*")
    assert fc.format_cards(sorted(hand)) == "3* 4* 10H KD JK"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("10H", "10H"),
        ("th", "10H"),
        ("T*", "10*"),
        ("q♠", "QS"),
        ("K♦", "KD"),
        ("3★", "3*"),
        ("7♣", "7C"),
        ("9♥", "9H"),
        ("jk", "JK"),
        ("Joker", "JK"),
        (" 5c ", "5C"),
    ],
)
def test_parse_accepts_case_and_symbols(text: str, expected: str) -> None:
    assert str(fc.Card.parse(text)) == expected


@pytest.mark.parametrize(
    "text", ["", " ", "1H", "11S", "7Z", "JKK", "10", "H", "7", "J", "77H", "10HH", "7 H", "AS"]
)
def test_malformed_card_raises_invalid_card_error(text: str) -> None:
    with pytest.raises(fc.InvalidCardError, match=r"accepted|rank|suit|empty"):
        fc.Card.parse(text)


@pytest.mark.parametrize("value", [None, 7, 7.0, b"7H", ["7H"], fc.Rank.SEVEN])
def test_non_string_card_raises_invalid_card_error(value: object) -> None:
    with pytest.raises(fc.InvalidCardError):
        fc.Card.parse(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text", ["7H,,8H", ",7H", "7H,", "7H , , 8H", "7H 1H", "7H, 11S", "7H 7Z", "JKK", "10"]
)
def test_malformed_hand_raises_invalid_card_error(text: str) -> None:
    with pytest.raises(fc.InvalidCardError):
        fc.parse_cards(text)


def test_error_names_token_position_and_what_is_accepted() -> None:
    with pytest.raises(fc.InvalidCardError) as info:
        fc.parse_cards("7H 8H 1H")
    message = str(info.value)
    assert "'1H'" in message
    assert "position 3" in message
    assert "JK for the joker" in message


@pytest.mark.parametrize("value", [None, 7, b"7H 8H", [7], ["7H", None], [fc.Rank.SEVEN]])
def test_parse_cards_rejects_non_cards(value: object) -> None:
    with pytest.raises(fc.InvalidCardError):
        fc.parse_cards(value)  # type: ignore[arg-type]


def test_parse_cards_accepts_separators_and_iterables() -> None:
    expected = fc.parse_cards("7H 8H JK")
    assert fc.parse_cards("7H,8H,JK") == expected
    assert fc.parse_cards(" 7H ,  8H\tJK \n") == expected
    assert fc.parse_cards(["7h", fc.Card.parse("8H"), "jk"]) == expected
    assert fc.parse_cards(card for card in expected) == expected
    assert fc.parse_cards("") == ()
    assert fc.parse_cards([]) == ()


def test_card_code_validation() -> None:
    with pytest.raises(fc.InvalidCardError, match="code"):
        fc.Card(56)
    with pytest.raises(fc.InvalidCardError, match="code"):
        fc.Card.from_code(-1)
    with pytest.raises(fc.InvalidCardError, match="code"):
        fc.Card(True)  # type: ignore[arg-type]
    with pytest.raises(fc.InvalidCardError, match="rank"):
        fc.Card.of(2, fc.Suit.HEARTS)
    with pytest.raises(fc.InvalidCardError, match="suit"):
        fc.Card.of(5, "H")  # type: ignore[arg-type]


def test_card_codes_checks_copies_against_packs() -> None:
    assert card_codes("7H 7H JK") == (15, 15, JOKER_CODE)
    with pytest.raises(fc.InvalidHandError, match="3 copies of 7H"):
        card_codes("7H 7H 7H")
    assert card_codes("7H 7H 7H", packs=3) == (15, 15, 15)
    with pytest.raises(fc.InvalidHandError, match="JK"):
        card_codes(["JK"] * 7)


def test_is_wild() -> None:
    assert fc.Card.parse("KH").is_wild(13)
    assert fc.Card.parse("KH").is_wild(fc.Rank.KING)
    assert not fc.Card.parse("KH").is_wild(12)
    assert not fc.Card.parse("KH").is_wild(None)
    assert fc.JOKER.is_wild(None)


@given(cards)
def test_every_card_round_trips_through_notation_and_repr(card: fc.Card) -> None:
    assert fc.Card.parse(str(card)) == card
    assert fc.Card.parse(str(card).lower()) == card
    assert eval(repr(card), {"Card": fc.Card}) == card
    assert hash(fc.Card.parse(str(card))) == hash(card)


@given(st.lists(cards, max_size=20), st.sampled_from([" ", ",", ", ", " ,  "]))
def test_random_hands_round_trip(hand: list[fc.Card], separator: str) -> None:
    text = separator.join(str(card) for card in hand)
    assert fc.parse_cards(text) == tuple(hand)
    assert fc.parse_cards(fc.format_cards(hand)) == tuple(hand)
    assert eval(repr(tuple(hand)), {"Card": fc.Card}) == tuple(hand)


@given(st.text(max_size=6))
def test_arbitrary_text_parses_or_raises_invalid_card_error(text: str) -> None:
    try:
        hand = fc.parse_cards(text)
    except fc.InvalidCardError:
        return
    assert all(isinstance(card, fc.Card) for card in hand)


@given(st.text(max_size=5))
def test_arbitrary_token_parses_or_raises_invalid_card_error(text: str) -> None:
    try:
        card = fc.Card.parse(text)
    except fc.InvalidCardError:
        return
    assert fc.Card.parse(str(card)) == card
