"""The annotator's marks over the API: the same as :func:`fivecrowns.annotate` on the same
record (a record, a saved state or a ``fivecrowns play`` save), the biggest losses first, and
bad requests refused with a 4xx that says what was wrong."""

from __future__ import annotations

import json
from typing import Any

import pytest

import fivecrowns as fc
from fivecrowns.web import Limits, create_app
from web.helpers import client


def _record(seed: int = 4, rounds: int = 2) -> fc.GameRecord:
    bots = [fc.make_bot("greedy"), fc.make_bot("random"), fc.make_bot("strong")]
    return fc.play_game(bots, rules=fc.Rules.short_game(rounds), seed=seed).record


def test_the_marks_are_the_annotators_on_the_same_record() -> None:
    record = _record()
    response = client().post("/api/annotations", json={"game": record.to_dict(), "n": 16})
    assert response.status_code == 200, response.text
    answer = response.json()
    review = fc.annotate(record, n=16)
    assert answer["annotations"] == [note.to_dict() for note in review.annotations]
    assert answer["worst"] == [note.index for note in review.worst()]
    assert answer["steps"] == len(record.actions)
    assert answer["seats"] == [0, 1, 2]
    assert {note["mark"] for note in answer["annotations"]} - {None}, "a random bot blunders"
    losses = {note["index"]: note["loss"] for note in answer["annotations"]}
    ordered = [losses[index] for index in answer["worst"]]
    assert ordered == sorted(ordered, reverse=True)


def test_a_saved_state_and_seats_give_the_same_marks_as_its_record() -> None:
    state = fc.GameState.new(2, rules=fc.Rules.short_game(1), seed=8)
    bots = [fc.make_bot("random"), fc.make_bot("random")]
    for seat, bot in enumerate(bots):
        bot.reset(seed=seat)
    while not state.is_over:
        player = state.current_player
        assert player is not None
        state = state.apply(bots[player].act(state.view(player), state.legal_actions()))
    body = {"game": json.loads(state.to_json()), "seats": [1], "n": 8}
    answer = client().post("/api/annotations", json=body).json()
    review = fc.annotate(state.record(), [1], n=8)
    assert answer["annotations"] == [note.to_dict() for note in review.annotations]
    assert {note["seat"] for note in answer["annotations"]} == {1}


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": {"x": 1}}, "not a saved game"),
        ({"game": 5}, "game must be a saved game"),
        ({"n": 8}, "game must be a saved game"),
        ({"game": "RECORD", "n": 1}, "n must be an int from 2 to 256"),
        ({"game": "RECORD", "n": 10_000}, "n must be an int from 2 to 256"),
        ({"game": "RECORD", "n": "8"}, "n must be an int"),
        ({"game": "RECORD", "seats": [3]}, "seats must be a list of seats from 0 to 2"),
        ({"game": "RECORD", "seats": []}, "seats must be a list"),
        ({"game": "RECORD", "seats": [True]}, "seats must be a list"),
        ({"game": "RECORD", "depth": 3}, "unknown field(s) depth"),
    ],
)
def test_a_bad_request_is_refused_with_its_message(body: dict[str, Any], words: str) -> None:
    if body.get("game") == "RECORD":
        body = {**body, "game": _record(rounds=1).to_dict()}
    response = client().post("/api/annotations", json=body)
    assert response.status_code == 422, response.text
    assert words in response.json()["error"]


def test_a_record_that_does_not_replay_is_refused() -> None:
    data = _record(rounds=1).to_dict()
    data["actions"] = [data["actions"][1], *data["actions"]]  # (a discard before a draw)
    response = client().post("/api/annotations", json={"game": data})
    assert response.status_code == 422
    assert "saved game" in response.json()["error"]


def test_annotations_beyond_the_workers_bound_are_refused_with_503() -> None:
    app = create_app(limits=Limits(annotator_threads=1, annotator_waiting=0))
    app.state.annotator._calls = 1  # (as if one annotation were running)
    from starlette.testclient import TestClient

    response = TestClient(app).post("/api/annotations", json={"game": _record().to_dict()})
    assert response.status_code == 503
    assert "busy" in response.json()["error"]
