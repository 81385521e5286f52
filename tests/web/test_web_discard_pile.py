"""The web app under ``Rules(squared_discard_pile=True)``: the view the API sends and the
table page show the top card of the discard pile alone. The pile's own fields and markup
are checked, not all text: the moves log legitimately lists earlier discards."""

from __future__ import annotations

import re

from starlette.testclient import TestClient

import fivecrowns as fc
from fivecrowns.web._cards_svg import card_svg
from web.helpers import client, greedy_move, server_state

#: The discard pile's button on the table page (its markup, up to the button's end).
_PILE_BUTTON = re.compile(r'<button class="pile" id="discard".*?</button>', re.S)


def _round_one(c: TestClient, rules: dict[str, object]) -> int:
    """Play round 1 of a new game (the person's moves greedy), checking at every step that
    the API's view and the table page's pile show what the rules let the seat see; the
    deepest pile met."""
    game = c.post("/api/games", json={"players": 3, "rules": rules}).json()
    game_id, squared = game["id"], bool(rules.get("squared_discard_pile"))
    assert game["rules"].get("squared_discard_pile", False) is squared
    deepest = 0
    while True:
        state = server_state(c, game_id)
        if state.is_over or state.round_number > 1:
            return deepest
        pile = state.discard_pile
        deepest = max(deepest, len(pile))
        shown = pile[-1:] if squared else pile
        body = c.get(f"/api/games/{game_id}").json()
        assert body["view"]["discard_pile"] == fc.format_cards(shown)
        button = _PILE_BUTTON.findall(c.get(f"/games/{game_id}/table").text)
        assert len(button) == 1
        # one card drawn on the pile's button, the top one (the page never drew more)
        assert button[0].count("<svg") == (1 if pile else 0)
        if pile:
            assert card_svg(pile[-1], state.wild_rank) in button[0]
        response = c.post(f"/api/games/{game_id}/actions", json={"action": greedy_move(state)})
        assert response.status_code == 200, response.text


def test_rule_option_squared_discard_pile_web_view_and_page_show_only_the_top() -> None:
    c = client()
    # (the deal is random: play games until one had cards under the top to hide)
    deepest = 0
    for _ in range(5):
        deepest = _round_one(c, {"schedule": [9], "squared_discard_pile": True})
        if deepest > 2:
            break
    assert deepest > 2


def test_rule_option_squared_discard_pile_off_the_api_sends_the_whole_pile() -> None:
    c = client()
    deepest = 0
    for _ in range(5):
        deepest = _round_one(c, {"schedule": [9]})
        if deepest > 2:
            break
    assert deepest > 2
