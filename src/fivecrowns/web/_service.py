"""The games the server holds: create one, show a seat its view, play the person's action
and then the bots' replies until it is the person's turn again (or the game is over).

Every game lives on the server (in the :class:`~fivecrowns.web._store.Store`, and the most
recently used in memory); what leaves it is only the person's :class:`~fivecrowns.PlayerView`,
the legal actions, and the public moves the bots made.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from typing import Any, Final

import attrs

from ..bots import Bot, make_bot
from ..errors import FiveCrownsError
from ..game import GameState
from ..game.actions import Action, ActionKind
from ..rules import Rules
from ._errors import RefusedError
from ._store import GameRow, Store

__all__ = ["DIFFICULTY", "Games", "Limits", "Table"]

#: The bot of each difficulty.
DIFFICULTY: Final = {"easy": "greedy", "medium": "strong", "hard": "expert"}
#: The person's seat in every game.
SEAT: Final = 0
_PRIVATE: Final = (ActionKind.SELECT, ActionKind.DESELECT)
_ID_LENGTH: Final = 22  # secrets.token_urlsafe(16)


@attrs.frozen
class Limits:
    """The server's bounds: unfinished games stored, games kept in memory, the bots' worker
    threads (how many think at once, how many more moves may wait for one) and the
    annotator's."""

    live_games: int = 10_000
    cached_games: int = 1_000
    bot_threads: int = 4
    bot_waiting: int = 10_000
    annotator_threads: int = 1
    annotator_waiting: int = 8


@attrs.define
class Table:
    """A game in play: its row, its state and its bots (one per seat; None for the
    person's seat)."""

    row: GameRow
    state: GameState
    bots: list[Bot | None]

    def body(self, moves: list[list[Any]] | None = None) -> dict[str, Any]:
        """What the person may see: the view, the legal actions, the game's setup, and the
        public moves of the bots since the person's last action."""
        state = self.state
        view = state.view(SEAT)
        legal = state.legal_actions() if state.current_player == SEAT else ()
        return {
            "id": self.row.id,
            "seat": SEAT,
            "difficulty": self.row.difficulty,
            "bots": list(self.row.bots),
            "rules": state.rules.to_dict(),
            "view": view.to_dict(),
            "legal": [str(action) for action in legal],
            "moves": moves or [],
        }


def _bots(row: GameRow) -> list[Bot | None]:
    bots: list[Bot | None] = [None]
    for seat, name in enumerate(row.bots, start=1):
        bot = make_bot(name)
        bot.reset(seed=(row.bot_seed + seat) % (1 << 63))
        bots.append(bot)
    return bots


class Games:
    """Every game of the server, stored in ``store``."""

    def __init__(self, store: Store, limits: Limits | None = None) -> None:
        self.store = store
        self.limits = limits or Limits()
        self._cache: OrderedDict[str, Table] = OrderedDict()
        self._cache_lock = threading.Lock()  # (the games are played in worker threads)

    def create(self, players: int, difficulty: str, rules: Rules) -> dict[str, Any]:
        """A new game of ``players`` (the person and the bots) at ``difficulty``; the
        person's body (:meth:`Table.body`)."""
        if self.store.live_games() >= self.limits.live_games:
            raise RefusedError(
                503,
                f"the server holds {self.limits.live_games} unfinished games, its most; "
                "finish one or try again later",
            )
        try:
            state = GameState.new(players, rules=rules)
        except FiveCrownsError as error:
            raise RefusedError(422, str(error)) from None
        bots = (DIFFICULTY[difficulty],) * (players - 1)
        row = GameRow(
            secrets.token_urlsafe(16), state.to_json(), SEAT, bots, difficulty,
            secrets.randbits(62), False,
        )  # fmt: skip
        table = Table(row, state, _bots(row))
        moves = self._bots_play(table)
        table.row = attrs.evolve(row, state=table.state.to_json(), over=table.state.is_over)
        self.store.insert(table.row)
        self._remember(table)
        return table.body(moves)

    def get(self, game_id: str) -> Table:
        """The game of that id (404 when there is none)."""
        with self._cache_lock:
            return self._get(game_id)

    def _get(self, game_id: str) -> Table:
        table = self._cache.get(game_id)
        if table is not None:
            self._cache.move_to_end(game_id)
            return table
        row = self.store.load(game_id) if len(game_id) == _ID_LENGTH else None
        if row is None:
            raise RefusedError(404, f"no game {game_id[:40]!r} on this server")
        table = Table(row, GameState.from_json(row.state), _bots(row))
        self._keep(table)
        return table

    def play(self, game_id: str, action: Action) -> dict[str, Any]:
        """Play the person's ``action``, then the bots' replies; the person's new body."""
        table = self.get(game_id)
        state = table.state
        if state.is_over:
            raise RefusedError(409, "the game is over: no action is legal")
        if state.current_player != SEAT:
            raise RefusedError(409, f"it is player {state.current_player}'s turn, not yours")
        if not state.is_legal(action):
            legal = ", ".join(repr(str(a)) for a in state.legal_actions())
            raise RefusedError(409, f"{str(action)!r} is not legal now; the legal actions: {legal}")
        table.state = state.apply(action)
        moves = [[SEAT, str(action)]] if action.kind not in _PRIVATE else []
        moves += self._bots_play(table)
        self.store.update(table.row.id, table.state.to_json(), table.state.is_over)
        return table.body(moves)

    def _bots_play(self, table: Table) -> list[list[Any]]:
        """The bots play until it is the person's turn or the game is over; their public
        moves."""
        moves: list[list[Any]] = []
        state = table.state
        while not state.is_over and state.current_player != SEAT:
            player = state.current_player
            assert player is not None
            bot = table.bots[player]
            assert bot is not None
            action = bot.act(state.view(player), state.legal_actions())
            state = state.apply(action)
            if action.kind not in _PRIVATE:
                moves.append([player, str(action)])
        table.state = state
        return moves

    def _remember(self, table: Table) -> None:
        with self._cache_lock:
            self._keep(table)

    def _keep(self, table: Table) -> None:
        self._cache[table.row.id] = table
        while len(self._cache) > self.limits.cached_games:
            self._cache.popitem(last=False)
