"""The bots think in worker threads: a slow bot in one game does not delay another game's
requests, and two requests on one game never interleave (a per-game lock)."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Sequence
from typing import Any

import pytest

import fivecrowns as fc
from fivecrowns.web import _service, create_app

httpx2 = pytest.importorskip("httpx2")

_SLOW_S = 0.8


class _SlowBot(fc.GreedyBot):  # type: ignore[misc]
    """The greedy bot, thinking ``_SLOW_S`` seconds per decision (a thread sleep, as a bot
    computing would hold its thread)."""

    active = 0
    most_active = 0
    lock = threading.Lock()

    def act(self, view: fc.PlayerView, legal: Sequence[fc.Action]) -> fc.Action:
        with _SlowBot.lock:
            _SlowBot.active += 1
            _SlowBot.most_active = max(_SlowBot.most_active, _SlowBot.active)
        time.sleep(_SLOW_S)
        with _SlowBot.lock:
            _SlowBot.active -= 1
        return super().act(view, legal)


@pytest.fixture
def slow_hard_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hard difficulty's bot is the slow one; the others are as they are."""
    real = _service.make_bot
    monkeypatch.setattr(
        _service, "make_bot", lambda name: _SlowBot() if name == "expert" else real(name)
    )


async def _scenario() -> dict[str, Any]:
    app = create_app()
    transport = httpx2.ASGITransport(app=app)
    async with httpx2.AsyncClient(transport=transport, base_url="http://t") as client:
        slow = (await client.post("/api/games", json={"players": 2, "difficulty": "easy"})).json()
        fast = (await client.post("/api/games", json={"players": 2, "difficulty": "easy"})).json()
        # (the slow game's bot is swapped for the slow one, on the server's own table)
        table = app.state.games.get(slow["id"])
        table.bots[1] = _SlowBot()
        state = table.state
        move = str(fc.GreedyBot().act(state.view(0), state.legal_actions()))
        await client.post(f"/api/games/{slow['id']}/actions", json={"action": move})
        hand = app.state.games.get(slow["id"]).state.view(0).hand
        started = time.perf_counter()
        discard = asyncio.create_task(
            client.post(f"/api/games/{slow['id']}/actions", json={"action": f"discard {hand[0]}"})
        )
        await asyncio.sleep(0.1)  # (the slow bot is thinking)
        other = await client.get(f"/api/games/{fast['id']}")
        other_took = time.perf_counter() - started
        same = await client.get(f"/api/games/{slow['id']}")  # (waits for the move to end)
        same_took = time.perf_counter() - started
        answer = await discard
    return {
        "other": other, "other_took": other_took, "same": same, "same_took": same_took,
        "answer": answer,
    }  # fmt: skip


def test_a_slow_bot_does_not_delay_another_games_request() -> None:
    result = asyncio.run(_scenario())
    assert result["other"].status_code == 200
    assert result["other_took"] < _SLOW_S / 2, "another game's request waited for the bot"
    assert result["answer"].status_code == 200
    moves = result["answer"].json()["moves"]
    assert moves[1][0] == 1, "the slow bot replied"
    # one game's requests never interleave: the read of the slow game waited for the move
    assert result["same_took"] >= _SLOW_S
    assert result["same"].json() == result["answer"].json() | {"moves": []}


async def _many_slow_games(count: int) -> float:
    """``count`` games at the hard difficulty (the slow bot), each discarding at once: the
    seconds until every bot has replied."""
    app = create_app()
    transport = httpx2.ASGITransport(app=app)
    async with httpx2.AsyncClient(transport=transport, base_url="http://t") as client:
        new = {"players": 2, "difficulty": "hard"}
        games = [(await client.post("/api/games", json=new)).json() for _ in range(count)]
        discards = []
        for game in games:
            url = f"/api/games/{game['id']}/actions"
            drawn = (await client.post(url, json={"action": "draw"})).json()
            discards.append(client.post(url, json={"action": drawn["legal"][0]}))
        started = time.perf_counter()
        answers = await asyncio.gather(*discards)
        took = time.perf_counter() - started
        assert all(any(seat == 1 for seat, _ in answer.json()["moves"]) for answer in answers)
        return took


def test_slow_bots_think_in_parallel_threads_up_to_the_bound(slow_hard_bots: None) -> None:
    _SlowBot.most_active = 0
    at_once = create_app().state.bots.at_once
    took = asyncio.run(_many_slow_games(at_once + 2))
    assert _SlowBot.most_active == at_once  # (as many as the bound, never more)
    serial = (at_once + 2) * 2 * _SLOW_S  # (each bot's turn: a draw and a discard)
    assert took < serial / 2
