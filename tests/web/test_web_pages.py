"""The pages (rendered on the server) and a game resumed after a restart: a new app on the
same SQLite file serves the same game by its link."""

from __future__ import annotations

import json
import re
from pathlib import Path

import attrs
import pytest

import fivecrowns as fc
from fivecrowns.web._cards_svg import card_svg
from web.helpers import client, greedy_move, play_round_or_game, server_state


def test_a_game_is_resumed_by_a_new_app_on_the_same_file(tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite")
    first = client(db)
    game = first.post("/api/games", json={"players": 3, "difficulty": "medium"}).json()
    bodies = play_round_or_game(first, game, whole_game=False)
    before = first.get(f"/api/games/{game['id']}").json()
    assert before["view"]["round_number"] == 2
    state = server_state(first, game["id"])
    second = client(db)  # (the restarted server)
    assert second.get(f"/api/games/{game['id']}").json() == before
    assert server_state(second, game["id"]).to_json() == state.to_json()
    move = greedy_move(state)
    after = second.post(f"/api/games/{game['id']}/actions", json={"action": move})
    assert after.status_code == 200
    assert after.json()["moves"][0] == [0, move]
    assert len(bodies) > 1


def test_the_new_game_page_offers_every_rule_option() -> None:
    page = client().get("/").text
    # every field, those Rules.to_dict leaves out at their defaults too
    for field in attrs.fields(fc.Rules):
        assert f'name="{field.name}"' in page
    for name in ("reshuffle_whole_discard_pile", "squared_discard_pile"):
        assert f'<input type="checkbox" name="{name}" data-rule="bool">' in page
    assert 'src="/static/new.js"' in page
    assert "http" not in page.replace('name="viewport"', "")  # (no external request)


def test_the_table_page_shows_the_hand_as_buttons_and_cards() -> None:
    c = client()
    game = c.post("/api/games", json={"players": 4}).json()
    page = c.get(f"/games/{game['id']}").text
    hand = game["view"]["hand"].split()
    assert len(re.findall(r'class="hand-card"', page)) == len(hand)
    for card in hand:
        assert card_svg(fc.Card.parse(card), game["view"]["wild_rank"]) in page
    assert 'data-action="draw"' in page
    assert "Your turn: draw." in page
    assert "Bot 3 (greedy)" in page


def test_a_card_has_its_suit_colour_a_label_and_a_letter() -> None:
    svg = card_svg(fc.Card.parse("QS"), 12)
    assert 'aria-label="queen of spades, wild"' in svg
    assert ">S</text>" in svg
    assert "#111111" in svg
    assert "#c8102e" in card_svg(fc.Card.parse("3H"))
    assert 'aria-label="joker"' in card_svg(fc.Card.parse("JK"))


def test_the_static_files_are_served() -> None:
    c = client()
    for name in ("table.js", "new.js", "style.css"):
        response = c.get(f"/static/{name}")
        assert response.status_code == 200
        assert len(response.text) > 100


def test_the_analyser_page_shows_the_solvers_arrangement() -> None:
    page = client().get("/analyse", params={"hand": "5H 6H 8H JK QC", "wild": "3"})
    assert page.status_code == 200
    expected = fc.best_arrangement("5H 6H 8H JK QC", 3)
    found = re.findall(r'data-meld="([^"]*)"', page.text)
    assert found == [str(meld) for meld in expected.melds]
    assert "<figcaption>as 7H</figcaption>" in page.text
    assert 'id="discard">QC<' in page.text


def test_the_analyser_page_refuses_a_bad_hand_with_its_message() -> None:
    page = client().get("/analyse", params={"hand": "5Z 6H", "wild": "3"})
    assert page.status_code == 422
    assert "bad suit in card" in page.text
    assert 'value="5Z 6H"' in page.text


def _saved_game(actions: int) -> fc.GameState:
    state = fc.GameState.new(3, seed=5)
    bot = fc.GreedyBot()
    bot.reset(seed=1)
    for _ in range(actions):
        state = state.apply(bot.act(state.view(state.current_player or 0), state.legal_actions()))
    return state


def test_a_replay_step_shows_every_hand_after_that_many_actions() -> None:
    c = client()
    state = _saved_game(40)
    record = state.record()
    for step in (0, 1, 17, 40):
        answer = c.post("/replay/step", json={"game": record.to_dict(), "step": step}).json()
        assert answer["steps"] == 40
        at = fc.GameRecord(3, record.rules, record.seed, record.first_dealer, record.actions[:step])
        replayed = at.replay()
        for seat in range(3):
            hand = "".join(card_svg(card, replayed.wild_rank) for card in replayed.hand(seat))
            assert f'data-seat="{seat}">{hand}</div>' in answer["html"]
    # (a saved state is read too)
    from_state = c.post("/replay/step", json={"game": state.to_dict(), "step": 40}).json()
    assert from_state["html"] == answer["html"]
    from fivecrowns.cli._session import session_text  # (what `fivecrowns play` saves)

    saved = json.loads(session_text(state, ["greedy", "greedy"]))
    from_save = c.post("/replay/step", json={"game": saved, "step": 40}).json()
    assert from_save["html"] == answer["html"]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": {"schema": "x"}, "step": 0}, "not a saved game"),
        ({"game": 3}, "game must be a saved game"),
        ({"step": 0}, "game must be a saved game"),
        ({"game": None, "x": 1}, "unknown field(s) x"),
    ],
)
def test_a_bad_saved_game_is_refused(body: dict[str, object], words: str) -> None:
    response = client().post("/replay/step", json=body)
    assert response.status_code == 422
    assert words in response.text


def test_a_step_past_the_end_is_refused() -> None:
    record = _saved_game(5).record().to_dict()
    response = client().post("/replay/step", json={"game": record, "step": 6})
    assert response.status_code == 422
    assert "step must be an int from 0 to 5" in response.text
