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


# -- actions read without narrowing ----------------------------------------------------------


def test_an_action_names_its_card_and_meld_typed_without_none() -> None:
    discard = fc.Action.discard("7H")
    assert discard.named_card == discard.card == fc.Card.parse("7H")
    for make in (fc.Action.go_out, fc.Action.select, fc.Action.deselect):
        assert make("JK").named_card is fc.JOKER
    assert fc.Action.lay_off(3).meld_index == fc.Action.lay_off(3).meld == 3
    # every integer action that names a card gives it back, typed
    for value in range(fc.num_actions()):
        action = fc.Action.from_int(value)
        if action.card is not None:
            assert action.named_card is action.card
        if action.meld is not None:
            assert action.meld_index == action.meld == value - 229


@pytest.mark.parametrize("action", [fc.DRAW_STOCK, fc.DRAW_DISCARD, fc.MELD_BOOK])
def test_an_action_of_another_kind_refuses_the_typed_accessors(action: fc.Action) -> None:
    with pytest.raises(fc.IllegalActionError, match="names no card; only discard"):
        _ = action.named_card
    with pytest.raises(fc.IllegalActionError, match="names no table meld; only a lay-off"):
        _ = action.meld_index
    with pytest.raises(fc.IllegalActionError, match="names no table meld"):
        _ = fc.Action.discard("7H").meld_index
    with pytest.raises(fc.IllegalActionError, match="names no card"):
        _ = fc.Action.lay_off(0).named_card
