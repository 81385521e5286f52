"""Games between bots, and tournaments of many games run in parallel.

:func:`play_game` plays one game between bot objects and returns a :class:`GameResult` whose
record replays it exactly. :func:`tournament` plays many games between built-in bots (by
name), rotating the seats, and sums them up in a :class:`TournamentResult`: mean score with a
95% confidence interval, win rate, go-out rate and points per round, per bot.

>>> import fivecrowns as fc
>>> from fivecrowns.bots import GreedyBot, RandomBot
>>> game = play_game([GreedyBot(), RandomBot()], rules=fc.Rules.short_game(3), seed=1)
>>> game.scores, game.winners, game.went_out
((0, 113), (0,), (0, 0, 0))
>>> game.record.replay().scores == game.scores
True
>>> result = tournament(
...     ["greedy", "random"], games=4, rules=fc.Rules.short_game(2), seed=0, jobs=1
... )
>>> [(entry.name, entry.mean_score, entry.win_rate) for entry in result.entries]
[('greedy', 3.75, 1.0), ('random', 73.0, 0.0)]

Every game is reproducible on its own: game ``i`` of a tournament with seed ``s`` is dealt
from a game seed derived from ``(s, i)`` (:func:`game_seed`), and each bot is reset with a
seed derived from the game seed and its seat (:func:`bot_seed`). So a tournament gives the
same result whether it runs in one process, in a pool of processes, or on a Dask cluster.

.. rubric:: Seeds and what a bot can learn from them

Both derivations are one-way (SHA-256, each in its own domain): a bot's seed says nothing
about the deal seed, and a deal seed nothing about the tournament seed, *unless the seed they
come from can be guessed*. A bot that knows the derivation can try every small tournament
seed (or every small game seed, for :func:`play_game`) until one gives its own bot seed, and
then replay its view's history on :meth:`~fivecrowns.GameState.new` to learn every hand and
the stock.
So the seeds a bot must not guess are drawn fresh: without ``seed``, :func:`tournament` and
:func:`play_game` draw 64 bits of operating-system entropy, and the seed used is in the
result (``TournamentResult.seed``, ``GameResult.record.seed``), so the run can be repeated
exactly. **Passing a small or predictable seed makes the deal guessable to a bot that knows
it**: that is fine for tests and examples between bots you trust, not for an arena.

.. rubric:: What the hidden-information promise covers

A bot is handed a :class:`~fivecrowns.PlayerView` and the legal actions, and the view holds
only what that seat may know (:mod:`fivecrowns.game.views`). That is a promise about *the data a
bot is given*, not a sandbox: a bot running in the same interpreter as the game can reach the
game's objects through the interpreter itself (``gc.get_referrers``, the caller's stack frame,
module globals) and read every hand. Bots you do not trust must run where the state is not:
``tournament(..., isolate=True)`` runs every bot in a process of its own that is sent only
pickled copies of its views and answers with an action number; with ``action_time_limit``
a bot that takes too long to answer is stopped.

Running on a Dask cluster (``pip install "fivecrowns[dask]"``): pass the client's executor.

.. code-block:: python

    from distributed import Client
    client = Client("tcp://scheduler:8786")    # or Client(LocalCluster(...))
    result = tournament(["strong", "greedy"], games=10_000,
                        executor=client.get_executor())

Each task plays a chunk of games and returns small tuples of numbers; the workers need
``fivecrowns`` installed.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import functools
from collections.abc import Sequence
from typing import Any

import attrs

from .._shuffle import bot_seed, game_seed, new_seed
from ..bots import Bot
from ..cards import short_repr
from ..errors import FiveCrownsError, IllegalActionError
from ..game import GameRecord, GameState, RoundResult
from ..game._checks import check_rounds_end
from ..game.actions import Action
from ..rules import OFFICIAL, Rules
from . import _entries
from ._entries import BotEntry, isolated_names, make_entry
from ._parallel import (
    SimulationInterrupted,
    check_picklable,
    check_run,
    run_chunked,
    uses_own_processes,
)
from ._results import EntryStats, ScoreDifference, Summary, TournamentResult, summarise
from ._solitaire import SolitairePolicy, SolitaireResult, solitaire_seed, solitaire_stats

__all__ = [
    "BotEntry",
    "EntryStats",
    "GameResult",
    "ScoreDifference",
    "SimulationInterrupted",
    "SolitairePolicy",
    "SolitaireResult",
    "TournamentResult",
    "bot_seed",
    "game_seed",
    "play_game",
    "solitaire_seed",
    "solitaire_stats",
    "tournament",
]

# -- one game ----------------------------------------------------------------------------------


@attrs.frozen
class GameResult:
    """One finished game: who sat where (``bots``, the bots' names by seat), the record that
    replays it, the final scores by seat (lowest wins), the winners (several on a shared win)
    and every round's result (``rounds``; tie-break rounds, if any, come last and are marked
    ``extra_round``)."""

    bots: tuple[str, ...]
    record: GameRecord
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: tuple[RoundResult, ...]

    @property
    def round_scores(self) -> tuple[tuple[int | None, ...], ...]:
        """Each round's scores by seat (``None`` for a seat not dealt into a tie-break
        round)."""
        return tuple(result.scores for result in self.rounds)

    @property
    def went_out(self) -> tuple[int | None, ...]:
        """Who went out in each round (``None`` if nobody did)."""
        return tuple(result.went_out for result in self.rounds)

    def replay(self) -> GameState:
        """The final state, rebuilt from the record."""
        return self.record.replay()


def play_game(
    bots: Sequence[Bot], *, rules: Rules = OFFICIAL, seed: int | None = None
) -> GameResult:
    """Play one game with ``bots[i]`` in seat ``i``; the deal comes from ``seed`` (without
    one, from fresh operating-system entropy; ``result.record.seed`` holds it either way).

    Each bot is reset first with :func:`bot_seed` ``(seed, seat)``, then asked for an action
    whenever its seat is to act, seeing only that seat's view. A bot that returns anything
    but one of the legal actions stops the game with :class:`~fivecrowns.IllegalActionError`.
    The same bots (kind and settings) and the same seed always give the same game. A bot
    that can guess ``seed`` (a small number, say) can recompute the deal from its own bot
    seed: see the module documentation.

    >>> from fivecrowns.bots import GreedyBot
    >>> first = play_game([GreedyBot(), GreedyBot()], seed=4)
    >>> play_game([GreedyBot(), GreedyBot()], seed=4) == first
    True
    """
    bots = tuple(bots)
    for bot in bots:
        if not isinstance(bot, Bot):
            raise FiveCrownsError(
                f"play_game takes a Bot object per seat, got {short_repr(bot)}; for a built-in "
                "bot by name, make one with make_bot, e.g. make_bot('greedy')"
            )
    if len({id(bot) for bot in bots}) != len(bots):
        raise FiveCrownsError(
            "each seat needs its own bot object (a bot keeps memory of its game); "
            "make one per seat, e.g. [make_bot('greedy') for _ in range(4)]"
        )
    state = GameState.new(len(bots), rules=rules, seed=seed)
    for seat, bot in enumerate(bots):
        bot.reset(bot_seed(state.seed, seat))
    while not state.is_over:
        seat = state.current
        legal = state.legal_actions()
        action = bots[seat].act(state.view(seat), legal)
        if not isinstance(action, Action) or action not in legal:
            raise IllegalActionError(
                f"bot {bots[seat].name!r} in seat {seat} chose {action!r}, which is not one of "
                f"the legal actions: {', '.join(map(str, legal))}"
            )
        state = state.apply(action)
    return GameResult(
        bots=tuple(bot.name for bot in bots),
        record=state.record(),
        scores=state.scores,
        winners=state.winners,
        rounds=state.results,
    )


# -- tournaments -------------------------------------------------------------------------------


def _seating(entries: int, game: int) -> list[int]:
    """The entry in each seat in game ``game``: seats turn one place per game."""
    return [(seat + game) % entries for seat in range(entries)]


def _play_chunk(
    bots: tuple[BotEntry, ...],
    rules_data: dict[str, Any],
    seed: int,
    isolate: bool,
    time_limit: float | None,
    start: int,
    stop: int,
) -> list[Summary]:
    """Play games ``start`` to ``stop - 1`` of a tournament (runs in a worker)."""
    with contextlib.ExitStack() as stack:
        isolated = (
            [stack.enter_context(_entries._IsolatedBot(entry, time_limit)) for entry in bots]
            if isolate
            else []
        )
        return _play_games(bots, Rules.from_dict(rules_data), seed, isolated, start, stop)


def _play_games(
    bots: tuple[BotEntry, ...],
    rules: Rules,
    seed: int,
    isolated: list[_entries._IsolatedBot],
    start: int,
    stop: int,
) -> list[Summary]:
    if not isolated and _in_core(bots, rules):
        return _play_games_in_core(bots, rules, seed, start, stop)
    entries = len(bots)
    out: list[Summary] = []
    for game in range(start, stop):
        seats = _seating(entries, game)
        entry_seat = {entry: seat for seat, entry in enumerate(seats)}
        players: list[Bot] = (
            [isolated[entry] for entry in seats]
            if isolated
            else [make_entry(bots[entry]) for entry in seats]
        )
        result = play_game(players, rules=rules, seed=game_seed(seed, game))
        rounds = [r for r in result.rounds if not r.extra_round]
        out.append(
            (
                tuple(result.scores[entry_seat[e]] for e in range(entries)),
                tuple(sorted(seats[seat] for seat in result.winners)),
                tuple(tuple(r.scores[entry_seat[e]] or 0 for r in rounds) for e in range(entries)),
                tuple(-1 if r.went_out is None else seats[r.went_out] for r in rounds),
            )
        )
    return out


def _in_core(bots: tuple[BotEntry, ...], rules: Rules) -> bool:
    """Can the compiled core play these games itself: every entry a bot it has built in
    (named), under rules it plays?"""
    from ..game import _core_game, _engine

    names = _core_game.CORE_BOTS
    return all(isinstance(entry, str) and entry in names for entry in bots) and (
        _engine.compiled_from_deal(rules)
    )


def _play_games_in_core(
    bots: tuple[BotEntry, ...], rules: Rules, seed: int, start: int, stop: int
) -> list[Summary]:
    """:func:`_play_games` in the compiled core: the same games, move for move."""
    from ..game import _core_game

    entries = len(bots)
    seatings = [_seating(entries, game) for game in range(start, stop)]
    played = _core_game.play_summaries(
        rules,
        [[str(bots[entry]) for entry in seats] for seats in seatings],
        [game_seed(seed, game) for game in range(start, stop)],
    )
    out: list[Summary] = []
    for seats, (scores, winners, rounds, went_out) in zip(seatings, played):
        entry_seat = {entry: seat for seat, entry in enumerate(seats)}
        out.append(
            (
                tuple(scores[entry_seat[e]] for e in range(entries)),
                tuple(sorted(seats[seat] for seat in winners)),
                tuple(tuple(r[entry_seat[e]] for r in rounds) for e in range(entries)),
                tuple(-1 if out_seat < 0 else seats[out_seat] for out_seat in went_out),
            )
        )
    return out


def _check_args(
    bots: Sequence[BotEntry],
    games: int,
    rules: Rules,
    seed: int,
    jobs: int | None,
    executor: concurrent.futures.Executor | None,
    isolate: bool,
    time_limit: object = None,
) -> tuple[tuple[BotEntry, ...], tuple[str, ...]]:
    """The entries and their names, after checking every argument."""
    if isinstance(bots, str) or not all(isinstance(b, str) or callable(b) for b in bots):
        raise FiveCrownsError(
            "bots must be a sequence of built-in bot names such as ['strong', 'greedy'], "
            "'package.module:Name' strings or bot factories (a Bot class, or a function "
            f"returning a Bot), got {bots!r}"
        )
    entries = tuple(bots)
    check_run(rules, games, seed, jobs)
    check_rounds_end(rules)
    if type(isolate) is not bool:
        raise FiveCrownsError(f"isolate must be True or False, got {isolate!r}")
    if time_limit is not None:
        if (
            isinstance(time_limit, bool)
            or not isinstance(time_limit, (int, float))
            or not (0 < time_limit <= _entries.MOST_TIME)
        ):
            raise FiveCrownsError(
                f"action_time_limit must be None or a number of seconds above 0 and at most "
                f"{_entries.MOST_TIME:g}, got {short_repr(time_limit)}"
            )
        if not isolate:
            raise FiveCrownsError(
                "action_time_limit needs isolate=True: only a bot in a process of its own "
                "can be stopped when it takes too long"
            )
    if not 2 <= len(entries) <= rules.max_players:
        raise FiveCrownsError(
            f"a tournament table seats 2 to {rules.max_players} bots under these rules, "
            f"got {len(entries)}"
        )
    if isolate or uses_own_processes(games, executor, jobs):
        # Checked before any process starts: an entry that cannot be pickled would
        # otherwise leave the pool waiting for work that never arrives.
        for index, entry in enumerate(entries):
            check_picklable(
                entry,
                f"bot entry {index} ({entry!r})",
                "define the bot class or factory function at module level in an importable "
                "module (not a lambda, a local class or function), or pass jobs=1 to play "
                "in this process"
                + (" (isolate=True always needs picklable entries)" if isolate else ""),
            )
    names = isolated_names(entries) if isolate else tuple(make_entry(e).name for e in entries)
    return entries, names


def tournament(
    bots: Sequence[BotEntry],
    *,
    games: int,
    rules: Rules = OFFICIAL,
    seed: int | None = None,
    jobs: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    progress: bool | None = None,
    isolate: bool = False,
    action_time_limit: float | None = None,
) -> TournamentResult:
    """Play ``games`` games between ``bots``, one per seat, and sum up the results per entry.

    Each entry is a built-in bot's name (``"random"``, ``"greedy"``, ``"strong"``; see
    :data:`~fivecrowns.bots.BOTS`) or a bot factory: your Bot class, or a function returning a
    new Bot, or ``"package.module:Name"`` naming one to import. The same entry may appear
    more than once. When games run in other processes, a factory must be picklable and
    importable there (a class or function defined at module level, not a lambda or a local
    class, nor in ``__main__`` of an interactive session); one that is not is refused at once
    with :class:`~fivecrowns.FiveCrownsError`. ``jobs=1`` runs anything.

    - ``seed``: the seed of the whole run; game ``i`` is dealt from :func:`game_seed`
      ``(seed, i)``. Without it, a fresh seed is drawn from the operating system's entropy
      and reported in the result's ``seed``. A bot that can guess the seed can recompute
      every deal (see the module documentation): pass a small seed only between bots you trust.
    - ``isolate``: run every bot in a process of its own (started fresh, one per entry and
      chunk of games), sent only pickled copies of its views; its answers come back as
      action numbers. Slower (a process start per entry and chunk, a round trip per
      action), but a bot cannot reach the game's state through the interpreter. Errors in
      such a bot are raised as :class:`~fivecrowns.FiveCrownsError` with its message.
    - ``action_time_limit`` (with ``isolate``): the most seconds a bot may take to choose
      an action (wall-clock time, the round trip included; starting a game is allowed at
      least a minute). A bot that takes longer has its process stopped, and the tournament
      stops with :class:`~fivecrowns.FiveCrownsError` naming the bot.
    - Seats rotate: in game ``i`` entry ``e`` sits in seat ``(e - i) mod n``, so every entry
      plays every seat equally often over ``n`` games.
    - Where it runs: in ``executor`` if given (any :class:`concurrent.futures.Executor`,
      e.g. a ``ThreadPoolExecutor`` or a Dask ``Client.get_executor()``; it is not shut
      down), else in ``jobs`` processes (``None``: one per CPU core; ``1``: in this process).
      Games are sent in chunks and the results put back in game order, so the result is the
      same however the games are run.
    - ``progress``: a progress bar on stderr (tqdm's: the ``progress`` extra); ``None``
      shows it where someone watches (a terminal, a notebook).
    - In the compiled core: when every entry is ``"random"``, ``"greedy"`` or ``"strong"`` (by
      name), ``isolate`` is off, each chunk of games is played inside the core, with no Python call
      per action: the same games, move for move, as the Python engine plays (two orders of
      magnitude faster for official greedy games; see ``benchmarks/bench_simulate.py``).

    Ctrl-C stops the workers at once: :class:`~fivecrowns.SimulationInterrupted` (a
    :class:`KeyboardInterrupt`) carries the ``result`` of the games that had finished.
    """
    seed = new_seed() if seed is None else seed
    entries, names = _check_args(
        bots, games, rules, seed, jobs, executor, isolate, action_time_limit
    )
    limit = None if action_time_limit is None else float(action_time_limit)
    task = functools.partial(_play_chunk, entries, rules.to_dict(), seed, isolate, limit)
    total = functools.partial(summarise, names, rules, seed)
    return run_chunked(task, games, executor, jobs, progress, "games", total)
