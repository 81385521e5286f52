"""Hardening, round two (issue 49): the library as a developer meets it.

Each test here failed before its fix: card strings wherever cards are taken, actions read
without narrowing, the typed surface of the compiled core, the notebook display.
"""

from __future__ import annotations

import pytest

import fivecrowns as fc

# -- format_cards takes what every card-taking function takes --------------------------------


def test_format_cards_accepts_a_card_string_and_normalises_it() -> None:
    # it raised AttributeError ('str' object has no attribute 'code')
    assert fc.format_cards("7h 8h") == "7H 8H"
    assert fc.format_cards("t*, jk  Q♦") == "10* JK QD"
    assert fc.format_cards("") == ""
    assert fc.format_cards(["7h", fc.Card.parse("8H")]) == "7H 8H"
    assert fc.format_cards(card for card in fc.parse_cards("3S 4S")) == "3S 4S"


def test_format_cards_refuses_what_is_not_cards_with_the_library_error() -> None:
    with pytest.raises(fc.InvalidCardError, match="bad suit"):
        fc.format_cards("7x")
    with pytest.raises(fc.InvalidCardError, match="not a Card or a card string"):
        fc.format_cards([7])  # type: ignore[list-item]
