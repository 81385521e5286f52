"""Games and tournaments: exact replays, seeds, seat rotation, the statistics, and the same
results however a tournament runs (one process, a process pool, spawned processes, Dask)."""

from __future__ import annotations

import concurrent.futures
import io
import json
import math
import multiprocessing
from collections.abc import Sequence

import pytest

import fivecrowns as fc
from fivecrowns.bots import GreedyBot, RandomBot, StrongBot, make_bot
from fivecrowns.play.simulate import (
    GameResult,
    TournamentResult,
    bot_seed,
    game_seed,
    play_game,
    tournament,
)

RULES = fc.Rules.short_game(3)
NAMES = ("strong", "greedy", "strong")
GAMES = 9


@pytest.fixture(scope="module")
def reference() -> TournamentResult:
    """The tournament played in this process: what every other way of running must equal."""
    return tournament(NAMES, games=GAMES, rules=RULES, seed=5, jobs=1, progress=False)


# -- play_game ---------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [RULES, fc.Rules(), fc.Rules.short_game(4, lay_off=True)])
def test_play_game_record_replays_exactly(rules: fc.Rules) -> None:
    result = play_game([StrongBot(), GreedyBot(), RandomBot()], rules=rules, seed=3)
    final = result.replay()
    assert final.is_over
    assert final.record() == result.record
    assert final.scores == result.scores
    assert final.winners == result.winners
    assert final.results == result.rounds
    assert result.bots == ("strong", "greedy", "random")
    assert len(result.round_scores) == len(result.went_out) == rules.rounds
    assert [sum(s[p] or 0 for s in result.round_scores) for p in range(3)] == list(result.scores)
    assert fc.GameRecord.from_json(result.record.to_json()).replay() == final


def test_play_game_is_deterministic_and_seeds_the_bots() -> None:
    seeds: list[int] = []

    class Spy(RandomBot):
        def reset(self, seed: int) -> None:
            seeds.append(seed)
            super().reset(seed)

    first = play_game([Spy(), Spy()], rules=RULES, seed=9)
    assert seeds == [bot_seed(9, 0), bot_seed(9, 1)]
    assert play_game([Spy(), Spy()], rules=RULES, seed=9) == first
    assert play_game([Spy(), Spy()], rules=RULES, seed=10) != first


def test_play_game_refuses_an_illegal_action() -> None:
    class Cheat:
        name = "cheat"

        def reset(self, seed: int) -> None:
            pass

        def act(self, view: fc.PlayerView, legal: Sequence[fc.Action]) -> fc.Action:
            return fc.Action.discard("JK")

    with pytest.raises(fc.IllegalActionError, match="bot 'cheat' in seat 0 chose"):
        play_game([Cheat(), GreedyBot()], rules=RULES, seed=1)


def test_play_game_needs_one_bot_object_per_seat() -> None:
    bot = GreedyBot()
    with pytest.raises(fc.FiveCrownsError, match="its own bot object"):
        play_game([bot, bot], seed=1)


# -- tournaments -------------------------------------------------------------------------------


def test_games_seeds_and_seat_rotation(reference: TournamentResult) -> None:
    """Game i deals from game_seed(seed, i) with entry e in seat (e - i) mod n."""
    n = len(NAMES)
    for game in (0, 1, 5):
        seating = [NAMES[(seat + game) % n] for seat in range(n)]
        played = play_game(
            [make_bot(name) for name in seating], rules=RULES, seed=game_seed(5, game)
        )
        by_entry = tuple(played.scores[(entry - game) % n] for entry in range(n))
        assert reference.scores[game] == by_entry


def test_statistics(reference: TournamentResult) -> None:
    assert reference.bots == NAMES
    assert reference.games == GAMES
    assert len(reference.scores) == GAMES
    for entry in reference.entries:
        scores = [game[entry.index] for game in reference.scores]
        assert entry.name == NAMES[entry.index]
        assert entry.mean_score == pytest.approx(sum(scores) / GAMES)
        sd = math.sqrt(sum((s - entry.mean_score) ** 2 for s in scores) / (GAMES - 1))
        assert entry.sd == pytest.approx(sd)
        assert entry.ci95 == pytest.approx(1.96 * sd / math.sqrt(GAMES), rel=1e-3)
        assert entry.rounds == GAMES * RULES.rounds
        assert entry.go_out_rate == pytest.approx(entry.rounds_out / entry.rounds)
        assert entry.mean_round_points == pytest.approx(entry.mean_score / RULES.rounds)
        assert len(entry.go_out_by_round) == len(entry.points_by_round) == RULES.rounds
        assert sum(entry.points_by_round) == pytest.approx(entry.mean_score)
    # Every game has winners; shared wins are split.
    assert sum(entry.wins for entry in reference.entries) == pytest.approx(GAMES)
    assert sum(entry.win_rate for entry in reference.entries) == pytest.approx(1.0)
    # Rounds nobody went out are possible, never more outs than rounds.
    assert sum(entry.rounds_out for entry in reference.entries) <= GAMES * RULES.rounds


def test_difference(reference: TournamentResult) -> None:
    pair = reference.difference(0, 1)
    diffs = [game[0] - game[1] for game in reference.scores]
    assert pair.mean == pytest.approx(sum(diffs) / GAMES)
    assert pair.games == GAMES
    assert "0:strong - 1:greedy" in str(pair)
    grouped = reference.difference("strong", "greedy")
    means = [(game[0] + game[2]) / 2 - game[1] for game in reference.scores]
    assert grouped.mean == pytest.approx(sum(means) / GAMES)
    assert grouped.significant == (abs(grouped.mean) > grouped.ci95)
    with pytest.raises(fc.FiveCrownsError, match="no entry named 'random'"):
        reference.difference("random", "greedy")
    with pytest.raises(fc.FiveCrownsError, match="entry index"):
        reference.difference(7, 0)


def test_outputs(reference: TournamentResult) -> None:
    text = str(reference)
    assert text == reference.table()
    for label in ("0:strong", "1:greedy", "2:strong", "mean score", "win rate"):
        assert label in text
    data = reference.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert fc.Rules.from_dict(data["rules"]) == RULES
    assert [entry["name"] for entry in data["entries"]] == list(NAMES)
    rows = reference.rows()
    assert [row["name"] for row in rows] == list(NAMES)
    csv = reference.to_csv().splitlines()
    assert csv[0].startswith("index,name,games,mean_score,ci95")
    assert len(csv) == 1 + len(NAMES)


def test_same_results_with_a_process_pool(reference: TournamentResult) -> None:
    assert tournament(NAMES, games=GAMES, rules=RULES, seed=5, jobs=2, progress=False) == reference


def test_same_results_in_spawned_processes(reference: TournamentResult) -> None:
    """Spawned workers have their own hash seeds: nothing may depend on set order."""
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(2, mp_context=context) as pool:
        result = tournament(NAMES, games=GAMES, rules=RULES, seed=5, executor=pool, progress=False)
    assert result == reference


def test_same_results_with_threads(reference: TournamentResult) -> None:
    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        result = tournament(NAMES, games=GAMES, rules=RULES, seed=5, executor=pool, progress=False)
    assert result == reference


def test_same_results_on_a_dask_cluster(reference: TournamentResult) -> None:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            silence_logs=50,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        result = tournament(
            NAMES, games=GAMES, rules=RULES, seed=5, executor=client.get_executor(), progress=False
        )
    assert result == reference


def test_progress_bar_only_when_asked_or_on_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    tournament(["greedy", "greedy"], games=2, rules=fc.Rules.short_game(1), jobs=1)
    assert capsys.readouterr().err == ""  # stderr is not a terminal under pytest
    pytest.importorskip("tqdm")  # (in the test extra)
    tournament(["greedy", "greedy"], games=2, rules=fc.Rules.short_game(1), jobs=1, progress=True)
    err = capsys.readouterr().err
    assert "2/2" in err  # tqdm's bar
    assert err.endswith("\n")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"bots": "greedy"}, "sequence of built-in bot names"),
        ({"bots": ["greedy", "clever"]}, "unknown bot 'clever'"),
        ({"bots": ["greedy"]}, r"seats 2 to \d+ bots"),
        ({"games": 0}, "games must be an int of at least 1"),
        ({"seed": -1}, "seed must be an int of at least 0"),
        ({"jobs": 0}, "jobs must be None"),
        ({"rules": "official"}, "rules must be a Rules"),
    ],
)
def test_bad_arguments(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"bots": ["greedy", "greedy"], "games": 1}
    args.update(kwargs)
    with pytest.raises(fc.FiveCrownsError, match=message):
        tournament(**args)  # type: ignore[arg-type]


def test_game_result_is_a_value() -> None:
    result = play_game([GreedyBot(), GreedyBot()], rules=fc.Rules.short_game(1), seed=2)
    assert isinstance(result, GameResult)
    assert result == play_game([GreedyBot(), GreedyBot()], rules=fc.Rules.short_game(1), seed=2)
    assert isinstance(io.StringIO(result.record.to_json()).read(), str)


class CautiousBot:
    """A custom bot for the tournament test: greedy, but never takes the discard."""

    name = "cautious"

    def __init__(self) -> None:
        self.inner = fc.GreedyBot()

    def reset(self, seed: int) -> None:
        self.inner.reset(seed)

    def act(self, view: fc.PlayerView, legal: Sequence[fc.Action]) -> fc.Action:
        if fc.DRAW_STOCK in legal:
            return fc.DRAW_STOCK
        return self.inner.act(view, legal)


def test_tournament_takes_custom_bot_factories() -> None:
    rules = fc.Rules.short_game(2)
    one = tournament([CautiousBot, "greedy"], games=4, rules=rules, seed=3, jobs=1, progress=False)
    assert [entry.name for entry in one.entries] == ["cautious", "greedy"]
    two = tournament([CautiousBot, "greedy"], games=4, rules=rules, seed=3, jobs=2, progress=False)
    assert two == one
    with pytest.raises(fc.FiveCrownsError, match="must return a Bot"):
        tournament([lambda: 42, "greedy"], games=1, rules=rules, jobs=1)  # type: ignore[list-item, return-value]


# -- Solitaire statistics ----------------------------------------------------------------------


def test_solitaire_stats_sum_up_the_games_played_one_by_one() -> None:
    from fivecrowns.game.solitaire import SolitaireState, greedy_action
    from fivecrowns.play.simulate import solitaire_seed, solitaire_stats

    result = solitaire_stats("greedy", games=6, seed=3, jobs=1, progress=False)
    deadwood, wins = [], 0
    for game in range(6):
        state = SolitaireState.new(seed=solitaire_seed(3, game))
        while not state.is_over:
            state = state.apply(greedy_action(state))
        deadwood.append(state.deadwood)
        wins += state.won
    assert result.deadwood == tuple(deadwood)
    assert (result.games, result.wins, result.win_rate) == (6, wins, wins / 6)
    assert result.mean_deadwood == pytest.approx(sum(deadwood) / 6)
    low, high = result.mean_deadwood_ci95
    sd = math.sqrt(sum((d - result.mean_deadwood) ** 2 for d in deadwood) / 5)
    assert high - result.mean_deadwood == pytest.approx(1.96 * sd / math.sqrt(6), rel=1e-3)
    assert result.mean_deadwood - low == pytest.approx(high - result.mean_deadwood)
    assert 0.0 <= result.win_rate_ci95[0] <= result.win_rate <= result.win_rate_ci95[1] <= 1.0
    assert json.loads(json.dumps(result.to_dict()))["deadwood"] == deadwood


def test_solitaire_stats_the_same_however_they_run() -> None:
    from fivecrowns.play.simulate import solitaire_stats

    rules = fc.Rules(solitaire_scoring="deadwood")
    one = solitaire_stats("random", games=5, rules=rules, seed=8, jobs=1, progress=False)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        threaded = solitaire_stats("random", games=5, rules=rules, seed=8, executor=pool)
    assert threaded == one
    assert solitaire_stats("random", games=5, rules=rules, seed=8, jobs=2) == one
    assert one.wins == 0
    assert solitaire_stats("random", games=5, rules=rules, seed=9, jobs=1) != one


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"policy": "clever", "games": 2}, "policy must be"),
        ({"games": 0}, "games must be"),
        ({"games": 2, "seed": -1}, "seed must be"),
        ({"games": 2, "jobs": 0}, "jobs must be"),
        ({"games": 2, "rules": "official"}, "rules must be a Rules"),
    ],
)
def test_solitaire_stats_refuse_bad_arguments(kwargs: dict[str, object], message: str) -> None:
    from fivecrowns.play.simulate import solitaire_stats

    with pytest.raises(fc.FiveCrownsError, match=message):
        solitaire_stats(**kwargs)  # type: ignore[arg-type]


def test_play_game_refuses_a_bot_name_with_what_to_do() -> None:
    # (a name where a Bot object belongs raised AttributeError from deep inside)
    with pytest.raises(fc.FiveCrownsError, match=r"make_bot\('greedy'\)"):
        fc.play_game(["greedy", fc.GreedyBot()])  # type: ignore[list-item]
