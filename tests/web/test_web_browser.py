"""The pages in a real headless browser (Debian's chromium through Selenium): a game
started from the form and a whole round played by clicks, a game resumed after the server
restarts, and a phone-width screenshot checked for the hand being fully visible."""

from __future__ import annotations

import os
import struct
from pathlib import Path
from typing import Any

import pytest

from web.browser import MISSING, chromium, served

if MISSING is not None and os.environ.get("FIVECROWNS_REQUIRE_BROWSER"):
    raise RuntimeError(f"FIVECROWNS_REQUIRE_BROWSER is set, but {MISSING}")
pytestmark = pytest.mark.skipif(MISSING is not None, reason=str(MISSING))


def _settled(driver: Any) -> bool:
    return bool(
        driver.execute_script(
            "const t = document.getElementById('table');"
            "return !document.body.classList.contains('busy') && t !== null &&"
            " (t.dataset.turn === '1' || t.dataset.phase === 'over');"
        )
    )


def _wait(driver: Any) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, 30, poll_frequency=0.05).until(_settled)


def _start(driver: Any, base: str, bots: str = "1") -> str:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    driver.get(base + "/")
    Select(driver.find_element(By.NAME, "players")).select_by_value(str(int(bots) + 1))
    Select(driver.find_element(By.NAME, "difficulty")).select_by_value("easy")
    driver.find_element(By.ID, "start").click()
    WebDriverWait(driver, 20).until(lambda d: "/games/" in d.current_url)
    game_id: str = driver.current_url.rsplit("/", 1)[1]
    driver.get(f"{base}/games/{game_id}?pause=10")  # (the bots' pause, shortened)
    _wait(driver)
    return game_id


def _click_turn(driver: Any) -> None:
    """One turn by clicks: the stock, then a card of the hand (going out when it can)."""
    from selenium.webdriver.common.by import By

    driver.find_element(By.ID, "stock").click()
    _wait(driver)
    cards = driver.find_elements(By.CSS_SELECTOR, ".hand-card:not([disabled])")
    outs = [card for card in cards if card.get_attribute("data-action").startswith("out")]
    (outs or cards)[-1].click()
    _wait(driver)


def _status(driver: Any) -> str:
    from selenium.webdriver.common.by import By

    text: str = driver.find_element(By.ID, "status").text
    return text


def test_a_whole_round_is_played_by_clicks(tmp_path: Path) -> None:
    with served(str(tmp_path / "g.sqlite")) as base, chromium() as driver:
        _start(driver, base, bots="2")
        assert _status(driver).startswith("Round 1: 3 cards")
        for _ in range(200):
            if not _status(driver).startswith("Round 1"):
                break
            _click_turn(driver)
        assert "Round 2: 4 cards" in _status(driver)
        scores = driver.find_element("id", "scores").text
        assert "total" in scores
        assert len(driver.find_elements("css selector", "#scores tbody tr")) == 1


def _drag(driver: Any, source: Any, target: Any) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    chain = ActionChains(driver).click_and_hold(source).move_by_offset(10, 10)
    chain.move_to_element(target).release().perform()


def _hand_actions(driver: Any) -> list[str]:
    cards = driver.find_elements("css selector", "#hand .hand-card")
    return [card.get_attribute("data-action") for card in cards]


def test_a_card_is_drawn_and_discarded_by_drag_and_drop(tmp_path: Path) -> None:
    with served(str(tmp_path / "g.sqlite")) as base, chromium() as driver:
        _start(driver, base)
        before = _hand_actions(driver)
        _drag(driver, driver.find_element("id", "stock"), driver.find_element("id", "scores"))
        assert _status(driver).endswith("Your turn: draw."), "a drop off the hand draws nothing"
        _drag(driver, driver.find_element("id", "stock"), driver.find_element("id", "hand"))
        _wait(driver)
        assert _status(driver).endswith("Your turn: discard.")
        drawn = _hand_actions(driver)
        assert len(drawn) == len(before) + 1
        card = driver.find_elements("css selector", "#hand .hand-card")[0]
        action = card.get_attribute("data-action")
        _drag(driver, card, driver.find_element("id", "discard"))
        _wait(driver)
        after = _hand_actions(driver)
        if action.startswith("discard") and _status(driver).startswith("Round 1"):
            assert len(after) == len(before)
            assert after.count(action) == drawn.count(action) - 1
        else:  # (the person went out: the next round, or the final lap, is on)
            assert after != drawn


def test_a_game_is_resumed_after_the_server_restarts(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite")
    with chromium() as driver:
        with served(db) as base:
            game_id = _start(driver, base)
            _click_turn(driver)
            hand = driver.find_element("id", "hand").get_attribute("innerHTML")
        with served(db) as base:
            driver.get(f"{base}/games/{game_id}")
            _wait(driver)
            assert driver.find_element("id", "hand").get_attribute("innerHTML") == hand


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_hand_is_fully_visible_at_phone_width(tmp_path: Path) -> None:
    with served(str(tmp_path / "g.sqlite")) as base, chromium(390, 844) as driver:
        driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True},
        )
        game_id = _start(driver, base, bots="6")
        for _ in range(40):  # (to a round of 13 cards is long; 7 cards and more will do)
            if len(driver.find_elements("css selector", ".hand-card")) >= 7:
                break
            _click_turn(driver)
        driver.execute_script("document.getElementById('hand').scrollIntoView({block: 'center'})")
        shot = driver.get_screenshot_as_png()
        (tmp_path / f"{game_id}.png").write_bytes(shot)
        width = driver.execute_script("return window.innerWidth")
        assert _png_size(shot)[0] == width
        boxes = driver.execute_script(
            "return Array.from(document.querySelectorAll('.hand-card')).map(c => {"
            " const r = c.getBoundingClientRect();"
            " return [r.left, r.right, r.top, r.bottom, window.innerHeight]; });"
        )
        assert len(boxes) >= 7
        for left, right, top, bottom, height in boxes:
            assert 0 <= left < right <= width, boxes
            assert 0 <= top < bottom <= height, boxes
        assert driver.execute_script("return document.documentElement.scrollWidth") <= width


def test_the_analyser_shows_the_solvers_arrangement_for_a_typed_hand(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    import fivecrowns as fc

    with served(str(tmp_path / "g.sqlite")) as base, chromium() as driver:
        driver.get(base + "/analyse")
        driver.find_element(By.ID, "hand-text").send_keys("7H 8H JK QS QD")
        driver.find_element(By.CSS_SELECTOR, "details summary").click()  # (the palette)
        driver.find_element(By.CSS_SELECTOR, 'button.pick[data-card="Q*"]').click()
        Select(driver.find_element(By.ID, "wild")).select_by_value("5")
        driver.find_element(By.ID, "go").click()
        WebDriverWait(driver, 20).until(lambda d: d.find_elements(By.ID, "arrangement"))
        melds = driver.find_elements(By.CSS_SELECTOR, "#arrangement .meld")
        expected = fc.best_arrangement("7H 8H JK QS QD Q*", 5)
        assert [m.get_attribute("data-meld") for m in melds] == [str(m) for m in expected.melds]


def test_a_saved_game_is_opened_and_stepped_through(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    import fivecrowns as fc

    state = fc.GameState.new(2, seed=9)
    for _ in range(12):
        state = state.apply(state.legal_actions()[-1])
    saved = tmp_path / "game.json"
    saved.write_text(state.record().to_json())

    def at(step: int) -> Any:
        script = "const p = document.getElementById('step-number'); return p && p.dataset.step;"
        return lambda d: d.execute_script(script) == str(step)

    with served(str(tmp_path / "g.sqlite")) as base, chromium() as driver:
        driver.get(base + "/replay")
        driver.find_element(By.ID, "file").send_keys(str(saved))
        driver.find_element(By.ID, "load").click()
        WebDriverWait(driver, 20).until(lambda d: d.find_elements(By.ID, "step-number"))
        assert "Step 0 of 12" in driver.find_element(By.ID, "step-number").text
        driver.find_element(By.ID, "next").click()
        WebDriverWait(driver, 20).until(at(1))
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
        WebDriverWait(driver, 20).until(at(2))
        driver.find_element(By.ID, "last").click()
        WebDriverWait(driver, 20).until(at(12))
        hand = driver.find_element(By.CSS_SELECTOR, '.hand[data-seat="1"]')
        labels = [svg.get_attribute("aria-label") for svg in hand.find_elements(By.TAG_NAME, "svg")]
        assert len(labels) == len(state.hand(1))


def test_the_annotators_marks_show_in_the_replay(tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    import fivecrowns as fc

    bots = [fc.make_bot("greedy"), fc.make_bot("random"), fc.make_bot("strong")]
    record = fc.play_game(bots, rules=fc.Rules.short_game(2), seed=4).record
    saved = tmp_path / "game.json"
    saved.write_text(record.to_json())
    review = fc.annotate(record)  # (what the server computes: the default settings)
    worst = next(note for note in review.worst() if note.mark is not None)

    with served(str(tmp_path / "g.sqlite")) as base, chromium() as driver:
        driver.get(base + "/replay")
        driver.find_element(By.ID, "file").send_keys(str(saved))
        driver.find_element(By.ID, "load").click()
        WebDriverWait(driver, 20).until(lambda d: d.find_element(By.ID, "annotate").is_enabled())
        driver.find_element(By.ID, "annotate").click()
        WebDriverWait(driver, 60).until(
            lambda d: d.find_element(By.ID, "review-status").get_attribute("data-done") == "1"
        )
        jumps = driver.find_elements(By.CSS_SELECTOR, "#worst-list button.jump")
        assert jumps[0].get_attribute("data-step") == str(worst.index + 1)
        jumps[0].click()
        script = "return document.getElementById('step-number').dataset.step;"
        WebDriverWait(driver, 20).until(lambda d: d.execute_script(script) == str(worst.index + 1))
        mark = driver.find_element(By.ID, "mark")
        assert mark.get_attribute("data-mark") == worst.mark
        assert f"best: {worst.best}" in mark.text
        assert f"{worst.loss:.1f} points" in mark.text
