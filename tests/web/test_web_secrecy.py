"""No response of a whole game holds a card the seat may not see: every body (the API's
JSON and the page's HTML) is compared with the hidden cards of the other seats and the
stock at that moment, less those the seat has seen (its hand, the discard pile, the table,
the public moves and the finished rounds' layouts)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

import fivecrowns as fc
from fivecrowns.web._cards_svg import card_name
from web.helpers import CARD_WORD, client, greedy_move, server_state


def _hidden(state: fc.GameState) -> set[str]:
    data = state.to_dict()
    words = " ".join(hand for seat, hand in enumerate(data["hands"]) if seat != 0)
    return set((words + " " + data["stock"]).split())


def _public(body: dict[str, Any]) -> Iterable[str]:
    """The cards the seat has seen, as told by the library's own view (and the moves)."""
    yield from CARD_WORD.findall(fc.PlayerView.to_json(body["_view"]))
    for _, move in body["moves"]:
        yield from CARD_WORD.findall(move)


def _check(text: str, state: fc.GameState, seen: set[str]) -> None:
    secret = _hidden(state) - seen
    leaked = secret & set(CARD_WORD.findall(text))
    assert not leaked, f"hidden cards in a response: {sorted(leaked)}"
    names = {card_name(fc.Card.parse(card)) for card in secret}
    assert not {name for name in names if f'"{name}"' in text or f'"{name},' in text}


@pytest.mark.parametrize(
    "rules",
    [
        {"schedule": [3, 5, 7]},
        # (the final turns laid down by hand: the table's meld builder, lay-offs too)
        {"schedule": [5, 7], "auto_arrange_final_hand": False, "lay_off": True},
    ],
)
def test_no_response_of_a_whole_game_shows_a_hidden_card(rules: dict[str, Any]) -> None:
    c = client()
    response = c.post("/api/games", json={"players": 3, "rules": rules})
    game_id = response.json()["id"]
    seen: set[str] = set()
    checked = 0
    rounds_checked: set[int] = set()
    while True:
        state = server_state(c, game_id)
        rounds_checked.add(len(state.results))
        body = response.json()
        for move in body["moves"]:
            assert move[1].split()[0] not in ("select", "deselect")
        body["_view"] = state.view(0)
        seen |= set(_public(body))
        for text in (
            response.text,
            c.get(f"/api/games/{game_id}").text,
            c.get(f"/games/{game_id}").text,
            c.get(f"/games/{game_id}/table").text,
        ):
            _check(text, state, seen)
            checked += 1
        assert str(state.to_dict()["seed"]) not in response.text.replace(game_id, "")
        if state.is_over:
            break
        response = c.post(f"/api/games/{game_id}/actions", json={"action": greedy_move(state)})
        assert response.status_code == 200
    # every round was checked at seat 0's turns, and the finished game too (the bots'
    # moves in between are in the responses of those turns)
    assert rounds_checked == set(range(len(rules["schedule"]) + 1))
    assert checked >= 4 * len(rounds_checked)


def test_the_check_finds_a_leak() -> None:
    state = fc.GameState.new(2, seed=1)
    secret = sorted(_hidden(state) - set(state.hand(0)) - {"8H"})[0]
    try:
        _check(f'{{"hand": "{secret}"}}', state, set())
    except AssertionError:
        return
    raise AssertionError("the leak went unseen")
