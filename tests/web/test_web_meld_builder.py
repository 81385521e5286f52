"""A final turn laid down by hand (``Rules(auto_arrange_final_hand=False)``) in a real
browser: the game is played over the API up to the person's final turn (the bot has gone
out), then the page draws, selects the cards of each meld of the best arrangement, lays each
down, and discards; the round's score is the arrangement's deadwood."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

import fivecrowns as fc
from web.browser import MISSING, chromium, served

if MISSING is not None and os.environ.get("FIVECROWNS_REQUIRE_BROWSER"):
    raise RuntimeError(f"FIVECROWNS_REQUIRE_BROWSER is set, but {MISSING}")
pytestmark = pytest.mark.skipif(MISSING is not None, reason=str(MISSING))

_RULES = {"auto_arrange_final_hand": False, "schedule": [7, 8]}


def _to_final_turn(http: Any) -> dict[str, Any]:
    """A game at the person's final turn with a meld in hand (new games until one is)."""
    for _ in range(20):
        body = _one_game_to_final_turn(http)
        view = body["view"]
        if fc.best_arrangement(view["hand"], view["wild_rank"]).melds:
            return body
    raise AssertionError("no final hand with a meld in 20 games")


def _one_game_to_final_turn(http: Any) -> dict[str, Any]:
    """A new game played (draw, then the first discard: the person never goes out) until
    the bot has gone out and it is the person's final turn."""
    body: dict[str, Any] = http.post("/api/games", json={"players": 2, "rules": _RULES}).json()
    for _ in range(500):
        view = body["view"]
        if view["went_out"] is not None and view["current_player"] == 0:
            return body
        legal = body["legal"]
        move = "draw" if "draw" in legal else next(a for a in legal if a.startswith("discard"))
        body = http.post(f"/api/games/{body['id']}/actions", json={"action": move}).json()
    raise AssertionError("the bot never went out")


def _best_final_hand(hand: str, wild: int) -> tuple[str, fc.Arrangement]:
    """The card to discard and the best arrangement of the others (the least deadwood)."""
    cards = hand.split()
    rules = fc.Rules.from_dict(_RULES)
    options = []
    for at, card in enumerate(cards):
        rest = " ".join(cards[:at] + cards[at + 1 :])
        options.append((fc.best_arrangement(rest, wild, rules=rules), card))
    arrangement, card = min(options, key=lambda option: option[0].points)
    return card, arrangement


def _click(driver: Any, css: str) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    from web.test_web_browser import _wait

    WebDriverWait(driver, 20).until(lambda d: d.find_elements("css selector", css))
    driver.find_elements("css selector", css)[0].click()
    _wait(driver)


def test_a_final_hand_is_laid_down_by_hand_in_the_browser(tmp_path: Path) -> None:
    import httpx2

    from web.test_web_browser import _wait

    with served(str(tmp_path / "g.sqlite")) as base, chromium() as driver:
        with httpx2.Client(base_url=base) as http:
            body = _to_final_turn(http)
            game_id = body["id"]
            driver.get(f"{base}/games/{game_id}?pause=10")
            _wait(driver)
            _click(driver, "#stock")
            view = http.get(f"/api/games/{game_id}").json()["view"]
            discard, arrangement = _best_final_hand(view["hand"], view["wild_rank"])
            assert driver.find_elements("id", "meld-builder")
            assert arrangement.melds
            for meld in arrangement.melds:
                for card in meld.cards:
                    _click(driver, f'#selectable button[data-action="select {card}"]')
                _click(driver, f'#lay-down button[data-action="meld {meld.kind.value}"]')
            _click(driver, f'#hand button[data-action$=" {discard}"]')
            after = http.get(f"/api/games/{game_id}").json()["view"]
        assert len(after["results"]) == 1
        assert after["results"][0]["scores"][0] == arrangement.points
        assert after["round_number"] == 2 or after["phase"] == "over"
