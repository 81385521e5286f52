"""The games' store: one SQLite row per game (its :meth:`~fivecrowns.GameState.to_json`,
the seat the person plays, the bots and the difficulty), so that a restart of the server
loses no game.

>>> store = Store(":memory:")
>>> store.insert(GameRow("g1", '{"x": 1}', 0, ("greedy",), "easy", 7, False))
>>> store.load("g1").bots, store.live_games()
(('greedy',), 1)
>>> store.load("nope") is None
True

A server's shutdown closes the file, and a start opens it again (:meth:`Store.open`).
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time

import attrs

__all__ = ["GameRow", "Store"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    state TEXT NOT NULL,
    seat INTEGER NOT NULL,
    bots TEXT NOT NULL,
    difficulty TEXT NOT NULL,
    bot_seed INTEGER NOT NULL,
    over INTEGER NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL
)
"""


@attrs.frozen
class GameRow:
    """One stored game: ``state`` is the game's JSON (seed and stock included: it never
    leaves the server), ``bots`` the bot's name of each other seat in seat order."""

    id: str
    state: str
    seat: int
    bots: tuple[str, ...]
    difficulty: str
    bot_seed: int
    over: bool


class Store:
    """The games in an SQLite file (``":memory:"`` for a store that lives with the
    process). Safe to share between threads: one connection behind a lock."""

    def __init__(self, path: str) -> None:
        self._lock = threading.Lock()
        self.path = path
        self._db = self._connect()
        self._open = True

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        if self.path != ":memory:":
            db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute(_SCHEMA)
        return db

    def open(self) -> None:
        """Open the file again after :meth:`close` (nothing when it is open): a server that
        starts again on the same app."""
        with self._lock:
            if not self._open:
                self._db = self._connect()
                self._open = True

    def insert(self, row: GameRow) -> None:
        """Store a new game."""
        now = time.time()
        with self._lock:
            self._db.execute(
                "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    row.id,
                    row.state,
                    row.seat,
                    json.dumps(list(row.bots)),
                    row.difficulty,
                    row.bot_seed,
                    int(row.over),
                    now,
                    now,
                ),
            )

    def update(self, game_id: str, state: str, over: bool) -> None:
        """Store a game's new state."""
        with self._lock:
            self._db.execute(
                "UPDATE games SET state = ?, over = ?, updated = ? WHERE id = ?",
                (state, int(over), time.time(), game_id),
            )

    def load(self, game_id: str) -> GameRow | None:
        """The stored game of that id, or None."""
        with self._lock:
            found = self._db.execute(
                "SELECT id, state, seat, bots, difficulty, bot_seed, over FROM games WHERE id = ?",
                (game_id,),
            ).fetchone()
        if found is None:
            return None
        return GameRow(
            found[0], found[1], found[2], tuple(json.loads(found[3])), found[4], found[5],
            bool(found[6]),
        )  # fmt: skip

    def live_games(self) -> int:
        """How many stored games are not over."""
        with self._lock:
            (count,) = self._db.execute("SELECT COUNT(*) FROM games WHERE over = 0").fetchone()
        return int(count)

    def close(self) -> None:
        """Close the file (a store in ``":memory:"`` stays open: closing it would lose its
        games)."""
        with self._lock:
            if self._open and self.path != ":memory:":
                self._db.close()
                self._open = False
