"""The web app under ``Rules(squared_discard_pile=True)``: the view the API sends and the
table page show the top card of the discard pile alone. The pile's own fields and markup
are checked, not all text: the moves log legitimately lists earlier discards."""

from __future__ import annotations

import re

import fivecrowns as fc
from fivecrowns.web._cards_svg import card_svg
from web.helpers import client, greedy_move, server_state

#: The discard pile's button on the table page (its markup, up to the button's end).
_PILE_BUTTON = re.compile(r'<button class="pile" id="discard".*?</button>', re.S)


def test_rule_option_squared_discard_pile_web_view_and_page_show_only_the_top() -> None:
    c = client()
    rules = {"schedule": [7], "squared_discard_pile": True}
    game = c.post("/api/games", json={"players": 3, "rules": rules}).json()
    game_id = game["id"]
    assert game["rules"]["squared_discard_pile"] is True
    deepest = 0
    while True:
        state = server_state(c, game_id)
        if state.is_over or state.round_number > 1:
            break
        pile = state.discard_pile
        deepest = max(deepest, len(pile))
        body = c.get(f"/api/games/{game_id}").json()
        assert body["view"]["discard_pile"] == " ".join(str(card) for card in pile[-1:])
        button = _PILE_BUTTON.findall(c.get(f"/games/{game_id}/table").text)
        assert len(button) == 1
        # one card drawn on the pile's button: the top one
        assert button[0].count("<svg") == (1 if pile else 0)
        if pile:
            assert card_svg(pile[-1], state.wild_rank) in button[0]
        response = c.post(f"/api/games/{game_id}/actions", json={"action": greedy_move(state)})
        assert response.status_code == 200, response.text
    assert deepest > 2  # (the pile grew: there were cards under the top to hide)


def test_rule_option_squared_discard_pile_off_the_api_sends_the_whole_pile() -> None:
    c = client()
    game = c.post("/api/games", json={"players": 3}).json()
    game_id = game["id"]
    for _ in range(6):
        state = server_state(c, game_id)
        c.post(f"/api/games/{game_id}/actions", json={"action": greedy_move(state)})
    state = server_state(c, game_id)
    body = c.get(f"/api/games/{game_id}").json()
    assert body["view"]["discard_pile"] == fc.format_cards(state.discard_pile)
    assert len(state.discard_pile) > 1
