"""The JSON API: a game created, viewed and played; the analyser; every bad input refused
with a 4xx and a clear message that changes nothing; the OpenAPI document."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import fivecrowns as fc
from fivecrowns.web import Limits, create_app
from web.helpers import client, play_round_or_game, server_state


def _new(test_client: Any, **options: Any) -> dict[str, Any]:
    response = test_client.post("/api/games", json=options)
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def test_a_new_game_shows_the_persons_view_and_legal_actions() -> None:
    c = client()
    game = _new(c, players=3, difficulty="medium", rules={"schedule": [5, 6]})
    assert game["bots"] == ["strong", "strong"]
    assert game["view"]["player"] == 0
    assert game["view"]["hand_size"] == 5
    assert game["legal"] == ["draw", "take"]
    state = server_state(c, game["id"])
    assert game["view"] == state.view(0).to_dict()
    assert c.get(f"/api/games/{game['id']}").json() == game


def test_an_action_is_played_and_the_bots_reply_until_the_persons_turn() -> None:
    c = client()
    game = _new(c, players=4, difficulty="easy")
    after = c.post(f"/api/games/{game['id']}/actions", json={"action": "draw"}).json()
    assert after["view"]["phase"] == "discard"
    discard = after["legal"][0]
    assert discard.startswith(("discard", "out"))
    done = c.post(f"/api/games/{game['id']}/actions", json={"action": discard}).json()
    assert done["moves"][0] == [0, discard]
    assert [seat for seat, _ in done["moves"][1:]] == [1, 1, 2, 2, 3, 3]
    assert done["view"]["current_player"] == 0
    assert done["legal"] == ["draw", "take"]


def test_a_whole_game_is_played_through_the_api() -> None:
    c = client()
    game = _new(c, players=2, rules={"schedule": [3, 4]})
    bodies = play_round_or_game(c, game, whole_game=True)
    last = bodies[-1][0]
    assert last["view"]["phase"] == "over"
    assert last["legal"] == []
    assert len(last["view"]["results"]) == 2
    assert last["view"]["winners"]


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        (b"{", 400, "not JSON"),
        (b"[1]", 400, "JSON object"),
        (b'{"action": "discard 1Z"}', 422, "bad rank"),
        (b'{"action": "fly"}', 422, "an action is"),
        (b'{"action": 9999}', 422, "from 0 to"),
        (b'{"action": true}', 422, "action must be"),
        (b'{"action": "draw", "x": 1}', 422, "unknown field"),
        (b'{"action": "discard JK"}', 409, "not legal now"),
        (b'{"action": "' + b"x" * 20_000 + b'"}', 413, "most the server reads"),
    ],
)
def test_a_bad_action_is_refused_and_changes_nothing(body: bytes, status: int, words: str) -> None:
    c = client()
    game = _new(c, players=2)
    response = c.post(f"/api/games/{game['id']}/actions", content=body)
    assert response.status_code == status
    assert words in response.json()["error"]
    assert c.get(f"/api/games/{game['id']}").json() == game


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"players": 1}, "players must be an int from 2 to 7"),
        ({"players": 8}, "players must be"),
        ({"players": "3"}, "players must be"),
        ({"difficulty": "extreme"}, "difficulty must be one of easy, medium, hard"),
        ({"difficulty": {}}, "difficulty must be one of"),
        ({"difficulty": ["easy"]}, "difficulty must be one of"),
        ({"rules": {"packs": "a"}}, "packs must be"),
        ({"rules": {"bogus": 1}}, "unknown rule option(s) bogus"),
        ({"rules": []}, "rules must be an object"),
        ({"seed": 1}, "unknown field(s) seed"),
    ],
)
def test_a_bad_new_game_is_refused(options: dict[str, Any], words: str) -> None:
    c = client()
    response = c.post("/api/games", json=options)
    assert response.status_code == 422
    assert words in response.json()["error"]
    assert c.app.state.games.store.live_games() == 0  # type: ignore[attr-defined]


def test_an_unknown_game_or_path_is_a_404() -> None:
    c = client()
    for path in ("/api/games/nope", "/api/games/" + "a" * 22, "/games/nope", "/api/nothing"):
        assert c.get(path).status_code == 404
    response = c.post("/api/games/nope/actions", json={"action": "draw"})
    assert response.status_code == 404
    assert "no game 'nope'" in response.json()["error"]
    refused = c.put("/api/games")
    assert refused.status_code == 405
    assert refused.headers["allow"] == "POST"


def test_the_live_games_are_bounded() -> None:
    from starlette.testclient import TestClient

    c = TestClient(create_app(limits=Limits(live_games=2, cached_games=1)))
    first = _new(c, players=2)
    _new(c, players=2)
    response = c.post("/api/games", json={"players": 2})
    assert response.status_code == 503
    assert "its most" in response.json()["error"]
    # (a game pushed out of memory is read back from the store)
    assert c.get(f"/api/games/{first['id']}").json() == first


def test_the_analyser_gives_the_solvers_answers() -> None:
    c = client()
    answer = c.post("/api/analyse", json={"hand": "5H 6H 8H JK QC", "wild": "3"}).json()
    expected = fc.best_arrangement("5H 6H 8H JK QC", 3)
    assert answer["arrangement"]["melds"] == [str(meld) for meld in expected.melds]
    assert answer["arrangement"]["points"] == expected.points
    card, _ = fc.best_discard("5H 6H 8H JK QC", 3)
    assert answer["discard"]["card"] == str(card)
    assert answer["outs"] == fc.format_cards(sorted(fc.outs("5H 6H 8H JK QC", 3)))


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"hand": "QQ", "wild": 3}, "bad suit"),
        ({"hand": "3H " * 40, "wild": 3}, "copies of 3H"),
        ({"hand": "3H", "wild": "Z"}, "wild must be a rank"),
        ({"hand": 5}, "hand must be a text"),
    ],
)
def test_a_bad_hand_is_refused(body: dict[str, Any], words: str) -> None:
    response = client().post("/api/analyse", json=body)
    assert response.status_code == 422
    assert words in response.json()["error"]


def test_the_openapi_document_names_every_route() -> None:
    c = client()
    document = c.get("/api/openapi.json").json()
    assert document["openapi"].startswith("3.")
    assert set(document["paths"]) == {
        "/api/rules",
        "/api/games",
        "/api/games/{game_id}",
        "/api/games/{game_id}/actions",
        "/api/annotations",
        "/api/analyse",
    }
    official = c.get("/api/rules").json()
    # every option, those Rules.to_dict leaves out at their defaults too
    assert set(official) == {field.name for field in attrs.fields(fc.Rules)}
    assert fc.Rules.from_dict(official) == fc.Rules()
    assert official["squared_discard_pile"] is False
    rules = document["components"]["schemas"]["NewGame"]["properties"]["rules"]
    assert set(rules["properties"]) == set(official)
