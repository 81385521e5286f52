"""The web app's load test on loopback: ``--games`` scripted clients (default 200) each play
a game at once against the server (``fivecrowns serve`` in a process of its own, on a fresh
SQLite file), at ``--difficulty`` (default medium), with ``--think`` seconds between moves
(default 1), each stopping after ``--moves`` moves (default 30) or when its game is over,
the whole run after ``--seconds`` (default 120) at the latest. It prints the latency of a move (the
person's action and the bots' replies until the person's next turn, as the client sees it)
at p50 / p99 / max, the errors, and the games lost (a game the server no longer serves, or
serves in another state than its client last saw, or that its SQLite file does not hold as
its client last saw it once the server has shut down on ``SIGTERM``); the exit status is 1
when the p99 is over ``--p99-ms`` (default 100) or there was an error (a server that did
not shut down gracefully is one) or a lost game.

The clients share one pool of at most ``--connections`` (default 100) keep-alive connections
to the server (on a free loopback port, or ``--port``), whose idle connections expire after
:data:`KEEP_ALIVE_EXPIRY` seconds, well before the server closes them
(:data:`fivecrowns.web.KEEP_ALIVE_SECONDS`): a request is never sent on a connection the
server is closing. A request that fails (a status other than the expected one, or no
answer: a connection refused, reset or timed out) is an error.

    python tests/web/load.py [--games 200] [--think 1.0] [--moves 30] [--seconds 120]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from typing import IO, Any

import httpx2

from fivecrowns import GameState
from fivecrowns.web import KEEP_ALIVE_SECONDS
from fivecrowns.web._store import Store

#: How long the client keeps an idle connection for its next request, in seconds: shorter
#: than the server's keep-alive, so that the client, not the server, closes it.
KEEP_ALIVE_EXPIRY = KEEP_ALIVE_SECONDS / 2


def limits(connections: int) -> httpx2.Limits:
    """The clients' pool: at most ``connections`` connections, kept alive shorter than the
    server keeps them."""
    return httpx2.Limits(
        max_connections=connections,
        max_keepalive_connections=connections,
        keepalive_expiry=KEEP_ALIVE_EXPIRY,
    )


def _move(body: dict[str, Any], rng: random.Random) -> str:
    """The scripted client's choice: draw (sometimes take), then go out or discard."""
    legal: list[str] = body["legal"]
    if "draw" in legal:
        return "take" if "take" in legal and rng.random() < 0.2 else "draw"
    outs = [action for action in legal if action.startswith("out")]
    return outs[0] if outs else rng.choice(legal)


async def _client(
    http: httpx2.AsyncClient, args: argparse.Namespace, seed: int, stats: dict[str, Any]
) -> None:
    try:
        await _play(http, args, seed, stats)
    except httpx2.HTTPError as error:  # (no answer: refused, reset, timed out)
        stats["errors"].append(f"{type(error).__name__}: {error}")


async def _play(
    http: httpx2.AsyncClient, args: argparse.Namespace, seed: int, stats: dict[str, Any]
) -> None:
    rng = random.Random(seed)
    await asyncio.sleep(rng.random() * args.think)  # (the clients start spread out)
    response = await http.post("/api/games", json={"players": 4, "difficulty": args.difficulty})
    if response.status_code != 201:
        stats["errors"].append(f"create: {response.status_code} {response.text[:100]}")
        return
    body = response.json()
    stats["games"][body["id"]] = body
    for _ in range(args.moves):
        if body["view"]["phase"] == "over" or time.monotonic() > stats["deadline"]:
            break
        await asyncio.sleep(args.think * rng.uniform(0.5, 1.5))
        start = time.perf_counter()
        response = await http.post(
            f"/api/games/{body['id']}/actions", json={"action": _move(body, rng)}
        )
        stats["latency"].append(time.perf_counter() - start)
        if response.status_code != 200:
            stats["errors"].append(f"move: {response.status_code} {response.text[:100]}")
            return
        body = response.json()
        stats["games"][body["id"]] = body


async def _lost(http: httpx2.AsyncClient, games: dict[str, Any]) -> int:
    lost = 0
    for game_id, last in games.items():
        response = await http.get(f"/api/games/{game_id}")
        if response.status_code != 200 or response.json()["view"] != last["view"]:
            lost += 1
    return lost


async def _run(args: argparse.Namespace, base: str) -> dict[str, Any]:
    stats: dict[str, Any] = {"latency": [], "errors": [], "games": {}}
    stats["deadline"] = time.monotonic() + args.seconds
    pool = limits(args.connections)
    async with httpx2.AsyncClient(base_url=base, limits=pool, timeout=30) as http:
        clients = asyncio.gather(*(_client(http, args, seed, stats) for seed in range(args.games)))
        try:  # (each request times out after 30 s; the whole run after its time and a minute)
            await asyncio.wait_for(clients, args.seconds + 60)
        except asyncio.TimeoutError:
            stats["errors"].append("the clients did not finish in time")
        stats["lost"] = await _lost(http, stats["games"])
    return stats


def _lost_in_store(db: str, games: dict[str, Any]) -> int:
    """The games whose stored state (once the server stopped) is not the one their client
    last saw."""
    store = Store(db)
    try:
        lost = 0
        for game_id, last in games.items():
            row = store.load(game_id)
            if row is None or GameState.from_json(row.state).view(0).to_dict() != last["view"]:
                lost += 1
        return lost
    finally:
        store.close()


def free_port() -> int:
    """A loopback port no one listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _server(port: int, db: str, log: IO[bytes]) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "fivecrowns", "serve", "--port", str(port), "--db", db]
    server = subprocess.Popen(command, stderr=log, stdout=subprocess.DEVNULL)
    for _ in range(400):
        if server.poll() is not None:
            raise SystemExit(f"the server stopped at once (status {server.returncode})")
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return server
        time.sleep(0.05)
    server.kill()
    raise SystemExit("the server did not start")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--difficulty", default="medium")
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--p99-ms", type=float, default=100)
    parser.add_argument("--connections", type=int, default=100)
    parser.add_argument(
        "--port", type=int, default=0, help="the server's port (default: a free one)"
    )
    args = parser.parse_args()
    db = os.path.join(tempfile.mkdtemp(), "load.sqlite")
    port = args.port or free_port()
    with tempfile.TemporaryFile() as log:  # (the server's log, without its access lines)
        server = _server(port, db, log)
        try:
            begun = time.monotonic()
            stats = asyncio.run(_run(args, f"http://127.0.0.1:{port}"))
            took = time.monotonic() - begun
        finally:
            server.terminate()  # (a graceful shutdown: the moves in flight are stored)
            status = server.wait(timeout=30)
        log.seek(0)
        said = log.read().decode(errors="replace")
    # (uvicorn raises the signal again once it has shut down: the status is -SIGTERM)
    if status not in (0, -signal.SIGTERM) or "Application shutdown complete" not in said:
        stats["errors"].append(f"the server did not shut down gracefully (status {status})")
    stats["lost"] += _lost_in_store(db, stats["games"])
    latency = sorted(stats["latency"])
    p50, p99 = (1000 * latency[int(q * (len(latency) - 1))] for q in (0.5, 0.99))
    print(
        f"{len(stats['games'])} games, {len(latency)} moves in {took:.1f} s; move latency "
        f"p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {1000 * latency[-1]:.1f} ms; "
        f"{len(stats['errors'])} errors, {stats['lost']} games lost"
    )
    for error in stats["errors"][:5]:
        print("  error:", error)
    failed = p99 > args.p99_ms or stats["errors"] or stats["lost"]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
