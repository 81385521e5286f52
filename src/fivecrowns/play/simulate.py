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
import csv
import functools
import io
import math
import multiprocessing
import multiprocessing.connection
import random
import signal
import statistics
from collections.abc import Callable, Sequence
from typing import Any, Final, Literal

import attrs

from .._shuffle import bot_seed, derive_seed, game_seed, new_seed
from ..bots import Bot, make_bot
from ..cards import short_repr
from ..errors import FiveCrownsError, IllegalActionError
from ..game import GameRecord, GameState, RoundResult
from ..game._checks import check_rounds_end
from ..game.actions import Action
from ..game.solitaire import SolitaireState, greedy_action, random_action
from ..game.views import PlayerView
from ..rules import OFFICIAL, Rules
from ._parallel import check_picklable, run_chunked, uses_own_processes

__all__ = [
    "BotEntry",
    "EntryStats",
    "GameResult",
    "ScoreDifference",
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

#: A tournament entry: a built-in bot's name, or a factory that makes a new Bot.
BotEntry = str | Callable[[], Bot]

#: z for a two-sided 95% interval (normal approximation).
_Z95: Final = 1.959963984540054


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

# What a worker returns per game, by entry (not seat): total scores, the winners, each
# round's scores (rounds of the schedule only) and who went out in each round (-1: nobody).
_Summary = tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]


def _seating(entries: int, game: int) -> list[int]:
    """The entry in each seat in game ``game``: seats turn one place per game."""
    return [(seat + game) % entries for seat in range(entries)]


def _make(entry: BotEntry) -> Bot:
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
_MOST_TIME: Final = 3600.0


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
                bot = _make(entry)
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


def _isolated_names(entries: tuple[BotEntry, ...]) -> tuple[str, ...]:
    """The names of the entries, asked of each in its own process."""
    names = []
    for entry in entries:
        with _IsolatedBot(entry) as bot:
            bot.reset(0)
            names.append(bot.name)
    return tuple(names)


def _play_chunk(
    bots: tuple[BotEntry, ...],
    rules_data: dict[str, Any],
    seed: int,
    isolate: bool,
    time_limit: float | None,
    start: int,
    stop: int,
) -> list[_Summary]:
    """Play games ``start`` to ``stop - 1`` of a tournament (runs in a worker)."""
    with contextlib.ExitStack() as stack:
        isolated = (
            [stack.enter_context(_IsolatedBot(entry, time_limit)) for entry in bots]
            if isolate
            else []
        )
        return _play_games(bots, Rules.from_dict(rules_data), seed, isolated, start, stop)


def _play_games(
    bots: tuple[BotEntry, ...],
    rules: Rules,
    seed: int,
    isolated: list[_IsolatedBot],
    start: int,
    stop: int,
) -> list[_Summary]:
    if not isolated and _in_core(bots, rules):
        return _play_games_in_core(bots, rules, seed, start, stop)
    entries = len(bots)
    out: list[_Summary] = []
    for game in range(start, stop):
        seats = _seating(entries, game)
        entry_seat = {entry: seat for seat, entry in enumerate(seats)}
        players: list[Bot] = (
            [isolated[entry] for entry in seats]
            if isolated
            else [_make(bots[entry]) for entry in seats]
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


@attrs.frozen
class ScoreDifference:
    """A mean difference of scores per game (``a`` minus ``b``; negative means ``a`` scored
    less, which is better) with the half-width of its 95% confidence interval."""

    a: str
    b: str
    games: int
    mean: float
    ci95: float

    @property
    def significant(self) -> bool:
        """True if zero lies outside the 95% confidence interval."""
        return abs(self.mean) > self.ci95

    def __str__(self) -> str:
        return (
            f"{self.a} - {self.b}: {self.mean:+.2f} ± {self.ci95:.2f} points per game "
            f"(95% CI, {self.games} games)"
        )


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
) -> list[_Summary]:
    """:func:`_play_games` in the compiled core: the same games, move for move."""
    from ..game import _core_game

    entries = len(bots)
    seatings = [_seating(entries, game) for game in range(start, stop)]
    played = _core_game.play_summaries(
        rules,
        [[str(bots[entry]) for entry in seats] for seats in seatings],
        [game_seed(seed, game) for game in range(start, stop)],
    )
    out: list[_Summary] = []
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


@attrs.frozen
class EntryStats:
    """One bot entry's results over a tournament.

    - ``mean_score`` and ``ci95``: mean total score per game and the half-width of its 95%
      confidence interval (normal approximation, ``1.96 * sd / sqrt(games)``); ``sd`` is the
      sample standard deviation of the game scores.
    - ``wins``: games won, a win shared by ``k`` players counting ``1/k``; ``win_rate`` is
      that over the games.
    - ``rounds``, ``rounds_out`` and ``go_out_rate``: rounds played (of the schedule;
      tie-break rounds are left out), rounds this bot went out in, and their ratio.
    - ``mean_round_points``: its mean score per round.
    - ``go_out_by_round`` and ``points_by_round``: the same two by round number (index 0 is
      round 1).
    """

    index: int
    name: str
    games: int
    mean_score: float
    ci95: float
    sd: float
    wins: float
    win_rate: float
    rounds: int
    rounds_out: int
    go_out_rate: float
    mean_round_points: float
    go_out_by_round: tuple[float, ...]
    points_by_round: tuple[float, ...]

    @property
    def label(self) -> str:
        """``"<index>:<name>"``, unique within a tournament."""
        return f"{self.index}:{self.name}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data."""
        data = attrs.asdict(self)
        data["go_out_by_round"] = list(self.go_out_by_round)
        data["points_by_round"] = list(self.points_by_round)
        return data


_COLUMNS: Final = (
    "index",
    "name",
    "games",
    "mean_score",
    "ci95",
    "sd",
    "wins",
    "win_rate",
    "rounds",
    "rounds_out",
    "go_out_rate",
    "mean_round_points",
)


def _mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean, the half-width of its 95% confidence interval (normal approximation;
    infinite for fewer than two values) and the sample standard deviation."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf, 0.0
    sd = statistics.stdev(values)
    return mean, _Z95 * sd / math.sqrt(len(values)), sd


@attrs.frozen
class TournamentResult:
    """The results of :func:`tournament`: the entries (``bots``, the names in the order
    given), the rules, seed and number of games, each entry's :class:`EntryStats`
    (``entries``), and every game's total score per entry (``scores``, for further analysis).

    ``str(result)`` (or :meth:`table`) is a plain-text table; :meth:`to_dict`, :meth:`rows` and
    :meth:`to_csv` give the numbers as data; :meth:`difference` compares two bots game by game.
    """

    bots: tuple[str, ...]
    rules: Rules
    seed: int
    games: int
    entries: tuple[EntryStats, ...]
    scores: tuple[tuple[int, ...], ...] = attrs.field(repr=False)

    def _members(self, who: int | str) -> list[int]:
        if isinstance(who, int) and not isinstance(who, bool):
            if not 0 <= who < len(self.bots):
                raise FiveCrownsError(
                    f"entry index must be from 0 to {len(self.bots) - 1}, got {who!r}"
                )
            return [who]
        members = [index for index, name in enumerate(self.bots) if name == who]
        if not members:
            raise FiveCrownsError(f"no entry named {who!r}; the entries are {', '.join(self.bots)}")
        return members

    def difference(self, a: int | str, b: int | str) -> ScoreDifference:
        """The mean per game of ``a``'s score minus ``b``'s, with its 95% confidence interval
        (paired by game, so the luck of the deal cancels out). ``a`` and ``b`` are entry
        indices or bot names (a name stands for the mean of all entries with that name, e.g.
        two ``"strong"`` against two ``"greedy"``)."""
        first, second = self._members(a), self._members(b)
        diffs = [
            math.fsum(game[i] for i in first) / len(first)
            - math.fsum(game[i] for i in second) / len(second)
            for game in self.scores
        ]
        mean, ci95, _ = _mean_ci(diffs)
        return ScoreDifference(self._label(a), self._label(b), len(diffs), mean, ci95)

    def _label(self, who: int | str) -> str:
        return who if isinstance(who, str) else f"{who}:{self.bots[who]}"

    def rows(self) -> list[dict[str, Any]]:
        """One dict per entry with the summary columns (no per-round lists)."""
        return [{column: getattr(entry, column) for column in _COLUMNS} for entry in self.entries]

    def to_csv(self) -> str:
        """:meth:`rows` as CSV text with a header line."""
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=_COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(self.rows())
        return out.getvalue()

    def to_dict(self) -> dict[str, Any]:
        """Everything as JSON-ready data (rules as :meth:`Rules.to_dict`)."""
        return {
            "bots": list(self.bots),
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "games": self.games,
            "entries": [entry.to_dict() for entry in self.entries],
            "scores": [list(game) for game in self.scores],
        }

    def table(self, *, ascii: bool = False) -> str:
        """A plain-text table, best mean score first; ``ascii=True`` writes ``+/-`` for
        ``±`` (for terminals that cannot show it)."""
        plus_minus, width = ("+/- 95% CI", 10) if ascii else ("± 95% CI", 9)
        header = (
            f"{'bot':<14} {'mean score':>10} {plus_minus:>{width}} {'win rate':>9} "
            f"{'out rate':>9} {'pts/round':>10}"
        )
        lines = [
            f"{self.games} games, {len(self.bots)} players, seats rotated, seed {self.seed}",
            header,
            "-" * len(header),
        ]
        for entry in sorted(self.entries, key=lambda entry: (entry.mean_score, entry.index)):
            lines.append(
                f"{entry.label:<14} {entry.mean_score:10.2f} {entry.ci95:{width}.2f} "
                f"{entry.win_rate:9.3f} {entry.go_out_rate:9.3f} {entry.mean_round_points:10.2f}"
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


def _summarise(
    names: tuple[str, ...], rules: Rules, seed: int, games: list[_Summary]
) -> TournamentResult:
    count = len(games)
    rounds = rules.rounds
    entries: list[EntryStats] = []
    for entry, name in enumerate(names):
        totals = [float(game[0][entry]) for game in games]
        mean, ci95, sd = _mean_ci(totals)
        wins = math.fsum(1 / len(game[1]) for game in games if entry in game[1])
        per_round = [[game[2][entry][r] for game in games] for r in range(rounds)]
        out_by_round = [sum(game[3][r] == entry for game in games) for r in range(rounds)]
        played = count * rounds
        rounds_out = sum(out_by_round)
        entries.append(
            EntryStats(
                index=entry,
                name=name,
                games=count,
                mean_score=mean,
                ci95=ci95,
                sd=sd,
                wins=wins,
                win_rate=wins / count,
                rounds=played,
                rounds_out=rounds_out,
                go_out_rate=rounds_out / played,
                mean_round_points=math.fsum(map(math.fsum, per_round)) / played,
                go_out_by_round=tuple(out / count for out in out_by_round),
                points_by_round=tuple(math.fsum(points) / count for points in per_round),
            )
        )
    return TournamentResult(
        bots=names,
        rules=rules,
        seed=seed,
        games=count,
        entries=tuple(entries),
        scores=tuple(game[0] for game in games),
    )


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
    _check_run(rules, games, seed, jobs)
    check_rounds_end(rules)
    if type(isolate) is not bool:
        raise FiveCrownsError(f"isolate must be True or False, got {isolate!r}")
    if time_limit is not None:
        if (
            isinstance(time_limit, bool)
            or not isinstance(time_limit, (int, float))
            or not (0 < time_limit <= _MOST_TIME)
        ):
            raise FiveCrownsError(
                f"action_time_limit must be None or a number of seconds above 0 and at most "
                f"{_MOST_TIME:g}, got {short_repr(time_limit)}"
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
    names = _isolated_names(entries) if isolate else tuple(_make(e).name for e in entries)
    return entries, names


def _check_run(rules: Rules, games: int, seed: int, jobs: int | None) -> None:
    """Check the arguments every simulation takes."""
    if not isinstance(rules, Rules):
        raise FiveCrownsError(f"rules must be a Rules, got {rules!r}")
    for label, value, low in (("games", games, 1), ("seed", seed, 0)):
        if type(value) is not int or value < low:
            raise FiveCrownsError(f"{label} must be an int of at least {low}, got {value!r}")
    if jobs is not None and (type(jobs) is not int or jobs < 1):
        raise FiveCrownsError(
            f"jobs must be None (all cores) or an int of at least 1, got {jobs!r}"
        )


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
      every deal (see the module documentation): pass a small seed only between bots you
      trust.
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
    - ``progress``: a progress bar on stderr (tqdm's with the ``progress`` extra); ``None``
      shows it only if stderr is a terminal (or in a notebook, with tqdm).
    - In the compiled core: when every entry is ``"random"``, ``"greedy"`` or ``"strong"`` (by
      name), the rules are ones the core plays (all but points beyond its integers) and
      ``isolate`` is off, each chunk of games is
      played inside the core, with no Python call per action: the same games, move for move,
      as the Python engine plays (two orders of magnitude faster for official greedy games; see
      ``benchmarks/bench_simulate.py``).

    Ctrl-C stops the worker processes at once and raises :class:`KeyboardInterrupt` here.
    """
    if seed is None:
        seed = new_seed()
    entries, names = _check_args(
        bots, games, rules, seed, jobs, executor, isolate, action_time_limit
    )
    limit = None if action_time_limit is None else float(action_time_limit)
    task = functools.partial(_play_chunk, entries, rules.to_dict(), seed, isolate, limit)
    played = run_chunked(task, games, executor, jobs, progress, "games")
    return _summarise(names, rules, seed, played)


# -- Solitaire ---------------------------------------------------------------------------------

#: The Solitaire policies :func:`solitaire_stats` plays (see :mod:`fivecrowns.game.solitaire`).
SolitairePolicy = Literal["greedy", "random"]
_POLICIES: Final = ("greedy", "random")


def solitaire_seed(seed: int, game: int) -> int:
    """The deal seed of game number ``game`` (from 0) of a Solitaire run with seed ``seed``
    (every policy plays the same deals); a ``"random"`` policy's generator is seeded with it
    too.

    >>> solitaire_seed(0, 0) == solitaire_seed(0, 0) != solitaire_seed(0, 1)
    True
    """
    return derive_seed("fivecrowns/simulate/solitaire", seed, game)


def _solitaire_chunk(
    rules_data: dict[str, Any], policy: str, seed: int, start: int, stop: int
) -> list[tuple[bool, int]]:
    """Play games ``start`` to ``stop - 1`` of a Solitaire run; each gives (won, deadwood
    left). Runs in a worker."""
    rules = Rules.from_dict(rules_data)
    results = []
    for game in range(start, stop):
        deal = solitaire_seed(seed, game)
        state = SolitaireState.new(rules=rules, seed=deal)
        rng = random.Random(deal)
        while not state.is_over:
            action = greedy_action(state) if policy == "greedy" else random_action(state, rng)
            state = state.apply(action)
        results.append((state.won, state.deadwood))
    return results


def _wilson(successes: int, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    z2 = _Z95 * _Z95
    p = successes / trials
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = _Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    half /= 1 + z2 / trials
    # With no success (or no failure) the bound is exactly 0 (or 1), rounding aside.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


@attrs.frozen
class SolitaireResult:
    """The results of :func:`solitaire_stats`: the policy, rules, seed and number of games;
    the games won, the win rate and its 95% Wilson score interval ``(low, high)``; the mean
    deadwood left when the draw pile ran out (0 for a win) and its 95% confidence interval
    ``(low, high)`` (normal approximation, as :class:`EntryStats`; one game gives the
    interval ``(mean, mean)``); and each game's ``deadwood``, for further analysis."""

    policy: str
    rules: Rules
    seed: int
    games: int
    wins: int
    win_rate: float
    win_rate_ci95: tuple[float, float]
    mean_deadwood: float
    mean_deadwood_ci95: tuple[float, float]
    deadwood: tuple[int, ...] = attrs.field(repr=False)

    def to_dict(self) -> dict[str, Any]:
        """Everything as JSON-ready data (rules as :meth:`Rules.to_dict`)."""
        data = attrs.asdict(self, recurse=False)
        data["rules"] = self.rules.to_dict()
        for name in ("win_rate_ci95", "mean_deadwood_ci95", "deadwood"):
            data[name] = list(data[name])
        return data


def solitaire_stats(
    policy: SolitairePolicy = "greedy",
    *,
    games: int,
    rules: Rules = OFFICIAL,
    seed: int = 0,
    jobs: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    progress: bool | None = None,
) -> SolitaireResult:
    """Play ``games`` games of Solitaire with a policy and sum them up: ``"greedy"``
    (:func:`~fivecrowns.game.solitaire.greedy_action`) or ``"random"``
    (:func:`~fivecrowns.game.solitaire.random_action`). Game ``i`` is dealt from
    :func:`solitaire_seed` ``(seed, i)``, so every policy plays the same deals, and the result
    is the same however the games run: ``jobs``, ``executor`` and ``progress`` work as in
    :func:`tournament`.

    >>> result = solitaire_stats("greedy", games=4, seed=1, jobs=1)
    >>> result.wins, result.deadwood, result.mean_deadwood
    (1, (15, 28, 17, 0), 15.0)
    """
    if policy not in _POLICIES:
        raise FiveCrownsError(f"policy must be 'greedy' or 'random', got {policy!r}")
    _check_run(rules, games, seed, jobs)
    task = functools.partial(_solitaire_chunk, rules.to_dict(), policy, seed)
    outcomes = run_chunked(task, games, executor, jobs, progress, f"{policy} games")
    wins = sum(won for won, _ in outcomes)
    deadwood = tuple(left for _, left in outcomes)
    mean, half, _ = _mean_ci(deadwood)
    if games == 1:
        half = 0.0
    return SolitaireResult(
        policy=policy,
        rules=rules,
        seed=seed,
        games=games,
        wins=wins,
        win_rate=wins / games,
        win_rate_ci95=_wilson(wins, games),
        mean_deadwood=mean,
        mean_deadwood_ci95=(mean - half, mean + half),
        deadwood=deadwood,
    )
