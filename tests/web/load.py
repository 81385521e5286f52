"""The web app's load test on loopback: ``--games`` scripted clients (default 200) each play
a game at once against the server (``fivecrowns serve`` in a process of its own, on a fresh
SQLite file), at ``--difficulty`` (default medium), with ``--think`` seconds between moves
(default 1), each stopping after ``--moves`` moves (default 30) or when its game is over,
the whole run after ``--seconds`` (default 120). It prints the latency of a move (the
person's action and the bots' replies until the person's next turn, as the client sees it)
at p50 / p99 / max, the errors, and the games lost (a game the server no longer serves, or
serves in another state than its client last saw); the exit status is 1 when the p99 is
over ``--p99-ms`` (default 100) or there was an error or a lost game.

    python tests/web/load.py [--games 200] [--think 1.0] [--moves 30] [--seconds 120]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from typing import Any

import httpx2


def _move(body: dict[str, Any], rng: random.Random) -> str:
    """The scripted client's choice: draw (sometimes take), then go out or discard."""
    legal = body["legal"]
    if "draw" in legal:
        return "take" if "take" in legal and rng.random() < 0.2 else "draw"
    outs = [action for action in legal if action.startswith("out")]
    return outs[0] if outs else rng.choice(legal)


async def _client(
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
    limits = httpx2.Limits(max_connections=args.games + 10)
    async with httpx2.AsyncClient(base_url=base, limits=limits, timeout=30) as http:
        await asyncio.gather(*(_client(http, args, seed, stats) for seed in range(args.games)))
        stats["lost"] = await _lost(http, stats["games"])
    return stats


def _server(port: int, db: str) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "fivecrowns", "serve", "--port", str(port), "--db", db]
    server = subprocess.Popen(command, stderr=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    for _ in range(200):
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
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()
    db = os.path.join(tempfile.mkdtemp(), "load.sqlite")
    server = _server(args.port, db)
    try:
        begun = time.monotonic()
        stats = asyncio.run(_run(args, f"http://127.0.0.1:{args.port}"))
        took = time.monotonic() - begun
    finally:
        server.terminate()
        server.wait(timeout=10)
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
