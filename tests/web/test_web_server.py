"""The app as ``fivecrowns serve`` serves it (uvicorn on loopback): an idle keep-alive
connection stays open past uvicorn's default 5 s (a client reusing it then would fail as the
server closed it), the load test's clients let their connections expire before the server
does, and a shutdown lets a move in flight finish, stores it, and closes the file."""

from __future__ import annotations

import socket
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import fivecrowns as fc
from fivecrowns.web import KEEP_ALIVE_SECONDS, SHUTDOWN_SECONDS, _service, create_app
from fivecrowns.web._server import server_config

uvicorn = pytest.importorskip("uvicorn")
httpx2 = pytest.importorskip("httpx2")

#: uvicorn's own keep-alive, the one ``fivecrowns serve`` used to have.
_UVICORN_DEFAULT_KEEP_ALIVE = 5
_SLOW_S = 0.6


@contextmanager
def _serving(app: Any) -> Iterator[tuple[Any, int]]:
    """``app`` served in a thread as ``fivecrowns serve`` serves it, on a free port: the
    server and its port. Shut down (gracefully) on leaving, if the test has not."""
    server = uvicorn.Server(server_config(app, port=0, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive(), "the server stopped at once"
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    port: int = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield server, port
    finally:
        server.should_exit = True
        thread.join(timeout=SHUTDOWN_SECONDS + 5)
        assert not thread.is_alive(), "the server did not shut down"


def _get(connection: socket.socket, path: str) -> bytes:
    """One ``GET`` on an open keep-alive connection; the answer's status line and headers
    (b"" when the server has closed the connection)."""
    connection.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = connection.recv(65536)
        if not chunk:
            return b""
        answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":")[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length:")
    )
    while len(body) < length:
        body += connection.recv(65536)
    return head


def test_keep_alive_an_idle_connection_is_reused_past_uvicorns_default_timeout() -> None:
    assert KEEP_ALIVE_SECONDS > 2 * _UVICORN_DEFAULT_KEEP_ALIVE
    with (
        _serving(create_app()) as (_, port),
        socket.create_connection(("127.0.0.1", port), timeout=10) as connection,
    ):
        assert _get(connection, "/api/rules").startswith(b"HTTP/1.1 200")
        time.sleep(_UVICORN_DEFAULT_KEEP_ALIVE + 1.5)  # (idle, as a client between moves)
        again = _get(connection, "/api/rules")
    assert again.startswith(b"HTTP/1.1 200"), "the server closed an idle connection too soon"


def test_keep_alive_the_load_clients_expire_idle_connections_before_the_server() -> None:
    from web import load

    pool = load.limits(50)
    assert pool.keepalive_expiry is not None
    assert 0 < pool.keepalive_expiry < KEEP_ALIVE_SECONDS
    assert pool.max_connections == pool.max_keepalive_connections == 50  # (a bounded pool)
    port = load.free_port()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", port))  # (free: nothing listens there)


class _SlowBot(fc.GreedyBot):
    """The greedy bot, thinking ``_SLOW_S`` seconds per decision."""

    def act(self, view: fc.PlayerView, legal: Sequence[fc.Action]) -> fc.Action:
        time.sleep(_SLOW_S)
        return super().act(view, legal)


def test_shutdown_lets_a_move_in_flight_finish_stores_it_and_closes_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = _service.make_bot
    monkeypatch.setattr(
        _service, "make_bot", lambda name: _SlowBot() if name == "expert" else real(name)
    )
    db = str(tmp_path / "g.sqlite")
    app = create_app(db)
    answers: list[Any] = []
    with (
        _serving(app) as (server, port),
        httpx2.Client(base_url=f"http://127.0.0.1:{port}") as http,
    ):
        game = http.post("/api/games", json={"players": 2, "difficulty": "hard"}).json()
        url = f"/api/games/{game['id']}/actions"
        drawn = http.post(url, json={"action": "draw"}).json()
        discard = next(action for action in drawn["legal"] if action.startswith("discard"))
        mover = threading.Thread(
            target=lambda: answers.append(http.post(url, json={"action": discard}))
        )
        mover.start()
        time.sleep(_SLOW_S / 2)  # (the bot is thinking its first decision)
        server.should_exit = True  # (what Ctrl-C or SIGTERM does)
        mover.join(timeout=SHUTDOWN_SECONDS)
    (answer,) = answers
    assert answer.status_code == 200, answer.text
    moved = answer.json()
    assert [seat for seat, _ in moved["moves"]] == [0, 1, 1]  # (the discard, the bot's turn)
    with pytest.raises(sqlite3.ProgrammingError):  # (the server closed its file)
        app.state.games.store.live_games()
    restarted = create_app(db).state.games.get(game["id"])
    assert restarted.body()["view"] == moved["view"]


def test_shutdown_a_lifespan_begun_again_opens_the_file_again(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    app = create_app(str(tmp_path / "g.sqlite"))
    with TestClient(app) as client:  # (a start and a shutdown of the app)
        game = client.post("/api/games", json={"players": 2}).json()
    with pytest.raises(sqlite3.ProgrammingError):
        app.state.games.store.live_games()
    with TestClient(app) as client:
        assert client.get(f"/api/games/{game['id']}").json()["view"] == game["view"]
        assert app.state.games.store.live_games() == 1
