"""Shared helpers of the web app's tests: a client on a fresh app, and the person's moves
chosen by a greedy bot on the server's own state (the test's choice, not the app's)."""

from __future__ import annotations

import re
from typing import Any

from starlette.testclient import TestClient

import fivecrowns as fc
from fivecrowns.web import create_app

#: A card's notation as a word of a text (JSON or HTML).
CARD_WORD = re.compile(r"(?<![0-9A-Za-z])(?:10|[3-9JQK])[*HCSD](?![0-9A-Za-z*])|\bJK\b")


def client(db: str = ":memory:") -> TestClient:
    """A client of a new app on the SQLite file ``db``."""
    return TestClient(create_app(db))


def server_state(test_client: TestClient, game_id: str) -> fc.GameState:
    """The game's state as the server holds it (never sent to a client)."""
    state: fc.GameState = test_client.app.state.games.get(game_id).state  # type: ignore[attr-defined]
    return state


def greedy_move(state: fc.GameState) -> str:
    """The person's move: what the greedy bot would play in seat 0."""
    bot = fc.GreedyBot()
    bot.reset(seed=0)
    return str(bot.act(state.view(0), state.legal_actions()))


def play_round_or_game(
    test_client: TestClient, game: dict[str, Any], *, whole_game: bool
) -> list[tuple[dict[str, Any], str]]:
    """Play the person's greedy moves until the round (or the game) is over; each response
    body (and the text it came in)."""
    game_id, start = game["id"], game["view"]["round_number"]
    seen: list[tuple[dict[str, Any], str]] = []
    body = game
    while body["view"]["phase"] != "over" and (whole_game or body["view"]["round_number"] == start):
        move = greedy_move(server_state(test_client, game_id))
        response = test_client.post(f"/api/games/{game_id}/actions", json={"action": move})
        assert response.status_code == 200, response.text
        body = response.json()
        seen.append((body, response.text))
    return seen
