"""Hardening, round two (issue 49): the library as a developer meets it.

Each test here failed before its fix: card strings wherever cards are taken, actions read
without narrowing, the typed surface of the compiled core, the notebook display.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

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


# -- the notebook display: cards, melds, arrangements and views as SVG cards ----------------

_SVG_NS = 'xmlns="http://www.w3.org/2000/svg"'


def _faces(svg: str) -> list[str]:
    """The aria labels of the cards drawn (in order)."""
    return re.findall(r'<svg class="card[^"]*" [^>]*aria-label="([^"]+)"', svg)


def _captions(svg: str) -> list[str]:
    """The notes under the cards and the captions under the groups (in order)."""
    return re.findall(r'font-family="sans-serif"[^>]*>([^<]+)<', svg)


def test_a_card_displays_as_an_svg_card_in_its_suit_colour() -> None:
    svg = fc.Card.parse("7H")._repr_svg_()
    assert svg.startswith(f"<svg {_SVG_NS}")
    assert ET.fromstring(svg) is not None  # one well-formed document
    assert _faces(svg) == ["7 of hearts"]
    assert 'fill="#c8102e"' in svg  # hearts red
    # readable without colour: the rank, the suit's symbol and its letter are text
    assert re.findall(r">([^<]+)</text>", svg) == ["7", "♥", "H"]
    colours = {
        "5*": "#8a6d00",  # stars: yellow card
        "5C": "#1b7f3b",  # clubs green
        "5S": "#111111",  # spades black
        "5D": "#1d4fc4",  # diamonds blue
    }
    for text, colour in colours.items():
        assert f'fill="{colour}"' in fc.Card.parse(text)._repr_svg_()
    assert _faces(fc.JOKER._repr_svg_()) == ["joker"]


def test_a_meld_and_an_arrangement_display_their_cards_with_what_the_wilds_play() -> None:
    meld = fc.check_meld("5H JK 8H 9S", wild_rank=9)
    svg = meld._repr_svg_()
    ET.fromstring(svg)
    assert _faces(svg) == ["5 of hearts", "joker", "9 of spades, wild", "8 of hearts"]
    assert _captions(svg) == ["=6H", "=7H", "run"]
    arrangement = fc.best_arrangement("JS QS JK 7H 7D 7C 4D", wild_rank=5)
    svg = arrangement._repr_svg_()
    ET.fromstring(svg)
    assert f'aria-label="{arrangement}"' in svg
    assert len(_faces(svg)) == 7
    assert _captions(svg) == ["book", "=KS", "run", "deadwood, 4 points"]


def test_a_view_displays_as_html_showing_only_what_its_player_may_see() -> None:
    state = fc.GameState.new(players=3, seed=4, rules=fc.Rules(schedule=(9,)))
    view = state.view(1)
    html = view._repr_html_()
    ET.fromstring(html)  # well-formed: every SVG closed
    shown = _faces(html)
    hand = [_name(card, 9) for card in view.hand]
    top = state.discard_pile[-1]
    assert shown == [*hand, _name(top, 9)]
    assert "player 0 9 cards, player 2 9 cards" in html
    for seat in (0, 2):  # the other hands are never drawn
        assert f'aria-label="your hand: {fc.format_cards(state.hands[seat])}"' not in html
    assert f"Stock {len(state.stock)} cards" in html


def _name(card: fc.Card, wild_rank: int) -> str:
    from fivecrowns._svg import card_name

    return card_name(card.code, wild_rank)
