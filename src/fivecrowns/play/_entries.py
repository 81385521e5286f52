"""Tournament entries: a built-in bot's name or a factory of bots (:data:`BotEntry`), made
into a fresh bot for each game, in this process or, with ``isolate=True``, each in a process of
its own (:class:`_IsolatedBot`), so a bot that crashes, hangs or cheats cannot harm the game."""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.connection
import signal
from collections.abc import Callable, Sequence
from typing import Any, Final

from ..bots import Bot, make_bot
from ..errors import FiveCrownsError, IllegalActionError
from ..game.actions import Action
from ..game.views import PlayerView

__all__ = ["BotEntry", "isolated_names", "make_entry"]

#: A tournament entry: a built-in bot's name, or a factory that makes a new Bot.
BotEntry = str | Callable[[], Bot]


def make_entry(entry: BotEntry) -> Bot:
    """A fresh bot for a tournament entry: a built-in name, ``"package.module:Name"`` or a
    bot factory."""
    if isinstance(entry, str):
        return make_bot(entry)  # (which checks what a factory it names returns)
    bot = entry()
    if not isinstance(bot, Bot):
        raise FiveCrownsError(
            f"a bot factory must return a Bot (with name, reset and act), got {bot!r}"
        )
    return bot


# -- bots in processes of their own (isolate=True) ---------------------------------------------

#: The longest reply (bytes) read from a bot process: an action number, a name or an error.
_REPLY_LIMIT: Final = 4096
#: With a time limit per action, the least time a bot's process is given to start a game
#: (the first reset of a process also imports the bot's module and the library).
_START_LIMIT: Final = 60.0
#: The largest time limit per action, in seconds.
MOST_TIME: Final = 3600.0


def _bot_server(conn: multiprocessing.connection.Connection, entry: BotEntry) -> None:
    """The loop of a bot's own process (started by :class:`_IsolatedBot`).

    It receives pickled requests from the game's process (which it trusts) and answers with
    plain bytes, which the game's process parses without unpickling anything: ``b"="`` and
    the bot's name once started, ``b"+"`` after a reset, ``b"="`` and the action's number
    after an action, ``b"!"`` and the error's text if the bot raised.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the game's process
    bot: Bot | None = None
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        try:
            if request[0] == "reset":
                bot = make_entry(entry)
                bot.reset(request[1])
                reply = "+" + bot.name
            elif request[0] == "act" and bot is not None:
                action = bot.act(request[1], request[2])
                reply = "=" + (str(action.to_int()) if isinstance(action, Action) else "?")
            else:
                return
        except Exception as error:
            reply = f"!{type(error).__name__}: {error}"
        try:
            conn.send_bytes(reply[:_REPLY_LIMIT].encode("utf-8", "replace"))
        except (EOFError, OSError):
            return


class _IsolatedBot:
    """A bot that runs in a process of its own, started fresh (``spawn``: it inherits none
    of this process's memory) and sent only pickled copies of views and legal actions; its
    answers come back as action numbers. A context manager: leaving it ends the process."""

    def __init__(self, entry: BotEntry, time_limit: float | None = None) -> None:
        self.entry = entry
        self.name = entry if isinstance(entry, str) and ":" not in entry else "?"
        self._time_limit = time_limit
        context = multiprocessing.get_context("spawn")
        self._conn, child = context.Pipe()
        self._process = context.Process(target=_bot_server, args=(child, entry), daemon=True)
        self._process.start()
        child.close()

    def __enter__(self) -> _IsolatedBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """End the bot's process."""
        with contextlib.suppress(OSError):
            self._conn.close()
        self._process.join(2)
        if self._process.is_alive():
            self._process.kill()
            self._process.join()

    def _ask(self, request: tuple[Any, ...], what: str, limit: float | None = None) -> str:
        try:
            self._conn.send(request)
            if limit is not None and not self._conn.poll(limit):
                self._process.kill()
                self._process.join()
                raise FiveCrownsError(
                    f"bot {self.name!r} took more than {limit:g} s {what}, the limit "
                    "(action_time_limit); its process was stopped"
                )
            reply = self._conn.recv_bytes(_REPLY_LIMIT).decode("utf-8", "replace")
        except (EOFError, OSError) as error:
            raise FiveCrownsError(
                f"the process of bot {self.name!r} ended while {what} "
                f"(exit code {self._process.exitcode}, {type(error).__name__})"
            ) from None
        if reply.startswith("!"):
            raise FiveCrownsError(f"bot {self.name!r} raised while {what}: {reply[1:]}")
        return reply[1:]

    def reset(self, seed: int) -> None:
        """Make a fresh bot in its process and reset it with ``seed``."""
        limit = None if self._time_limit is None else max(self._time_limit, _START_LIMIT)
        self.name = self._ask(("reset", seed), "starting a game", limit)

    def act(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The bot's action for ``view``, chosen in its process."""
        reply = self._ask(("act", view, tuple(legal)), "choosing an action", self._time_limit)
        if not reply.isdigit():
            raise IllegalActionError(
                f"bot {self.name!r} in seat {view.player} did not return an Action"
            )
        try:
            return Action.from_int(int(reply), view.rules)
        except FiveCrownsError:
            raise IllegalActionError(
                f"bot {self.name!r} in seat {view.player} chose action number {reply}, "
                "which is not an action"
            ) from None


def isolated_names(entries: tuple[BotEntry, ...]) -> tuple[str, ...]:
    """The names of the entries, asked of each in its own process."""
    names = []
    for entry in entries:
        with _IsolatedBot(entry) as bot:
            bot.reset(0)
            names.append(bot.name)
    return tuple(names)
