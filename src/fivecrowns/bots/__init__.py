"""Bots: the protocol a bot follows, the built-in bots, the writer's kit and the expert.

A bot sees only what its player may know (a :class:`~fivecrowns.PlayerView`) and the legal
actions, and returns one of those actions. :func:`fivecrowns.play.simulate.play_game` calls
:meth:`Bot.reset` with a seed at the start of every game, so a game between seeded bots is
the same on every run and in every process.

Built-in bots (by name in :data:`BOTS`):

- ``"random"`` (:class:`RandomBot`): a uniformly random legal action.
- ``"greedy"`` (:class:`GreedyBot`): lowest deadwood now, using the solver.
- ``"strong"`` (:class:`StrongBot`): weighs what it may still draw against the danger that
  the round ends soon, and does not feed the next player.

>>> import fivecrowns as fc
>>> from fivecrowns.bots import make_bot
>>> bot = make_bot("greedy")
>>> bot.reset(seed=1)
>>> state = fc.GameState.new(players=2, seed=5)
>>> bot.act(state.view(0), state.legal_actions()) in state.legal_actions()
True

Writing a bot takes a ``name``, a ``reset`` and an ``act``:

>>> class FirstLegal:
...     name = "first"
...     def reset(self, seed: int) -> None:
...         pass
...     def act(self, view, legal):
...         return legal[0]
>>> isinstance(FirstLegal(), Bot)
True
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Final

from ..errors import FiveCrownsError
from ._builtin import BUILTIN, Bot, GreedyBot, RandomBot, StrongBot
from .expert import ExpertBot

__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "StrongBot", "make_bot"]


#: The built-in bots by name.
BOTS: Final[Mapping[str, Callable[[], Bot]]] = {**BUILTIN, "expert": ExpertBot}


def make_bot(name: str) -> Bot:
    """A new bot: a built-in one by its name in :data:`BOTS`, or your own, named
    ``"package.module:Name"`` (a :class:`Bot` class, or any function that returns a bot,
    importable there; ``Name`` may be dotted, ``"pkg.mod:Outer.make"``).

    >>> make_bot("strong").name
    'strong'
    >>> make_bot("fivecrowns.bots:GreedyBot").name
    'greedy'
    >>> make_bot("clever")
    Traceback (most recent call last):
    ...
    fivecrowns.errors.FiveCrownsError: unknown bot 'clever'; ... expert, greedy, random, ..., or ...
    """
    if isinstance(name, str) and ":" in name:
        bot = _imported(name)()
        if not isinstance(bot, Bot):
            raise FiveCrownsError(
                f"the bot factory {name!r} must return a Bot (with name, reset and act), got "
                f"{bot!r}"
            )
        return bot
    factory = BOTS.get(name) if isinstance(name, str) else None
    if factory is None:
        raise FiveCrownsError(
            f"unknown bot {name!r}; the built-in bots are {', '.join(sorted(BOTS))}, or name "
            "your own as 'package.module:Name'"
        )
    return factory()


def _imported(entry: str) -> Callable[[], object]:
    """The factory ``"package.module:Name"`` names, imported."""
    module_name, _, attribute = entry.partition(":")
    try:
        found: object = importlib.import_module(module_name)
        for part in attribute.split("."):
            found = getattr(found, part)
    except (ImportError, AttributeError, ValueError) as error:
        raise FiveCrownsError(
            f"cannot load the bot factory {entry!r} ({type(error).__name__}: {error}); "
            "'package.module:Name' names a Bot class or function importable there"
        ) from None
    if not callable(found):
        raise FiveCrownsError(f"the bot factory {entry!r} is not callable, got {found!r}")
    return found
