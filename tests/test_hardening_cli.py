"""Hardening (issue 17): tournaments that cannot hang or leave workers behind, bots that learn
nothing about the deal from their seeds or from the interpreter, and a command line that
works on plain terminals.

Everything that could hang runs in a subprocess with a timeout.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

import fivecrowns as fc
from fivecrowns.play.simulate import bot_seed, game_seed, play_game, tournament
from interrupts import sigint_as_usual

SRC = str(Path(fc.__file__).resolve().parent.parent)
RULES = fc.Rules.short_game(2)


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "TERM")}
    env["PYTHONPATH"] = SRC + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra)
    return env


def _python(code: str, timeout: float = 90) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        env=_env(),
        timeout=timeout,
        check=False,
    )


# -- 1. tournaments that cannot hang -----------------------------------------------------------


@pytest.mark.parametrize(
    "factory",
    [
        "lambda: GreedyBot()",
        "local()",
    ],
)
def test_tournament_with_unpicklable_factory_fails_fast_instead_of_hanging(factory: str) -> None:
    result = _python(
        f"""
        import time
        import fivecrowns as fc
        from fivecrowns.bots import GreedyBot

        def local():
            class Local(GreedyBot):
                pass
            return Local

        start = time.perf_counter()
        try:
            fc.tournament([{factory}, "greedy"], games=8, rules=fc.Rules.short_game(2), jobs=2)
        except fc.FiveCrownsError as error:
            print("refused:", error)
        print(f"took {{time.perf_counter() - start:.1f}}")
        """,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "refused: bot entry 0" in result.stdout
    assert "cannot be sent to worker processes" in result.stdout
    assert "jobs=1" in result.stdout
    assert "Traceback" not in result.stderr


def test_unpicklable_factory_still_plays_in_one_process() -> None:
    class Local(fc.GreedyBot):
        pass

    result = tournament([Local, "greedy"], games=2, rules=RULES, seed=1, jobs=1, progress=False)
    assert result.games == 2


def _live_members(group: int) -> list[int]:
    """The processes of a process group that are alive (zombies, which exited but were not
    reaped by a container's init, do not count)."""
    live = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if int(fields[2]) == group and fields[0] != "Z":
            live.append(int(entry.name))
    return live


def _start_with_workers(args: list[str]) -> subprocess.Popen[str]:
    """``python args`` (a long tournament in two worker processes) in a process group of
    its own; returns once the workers run."""
    process = subprocess.Popen(
        [sys.executable, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(),
        start_new_session=True,
        preexec_fn=sigint_as_usual,
    )
    deadline = time.monotonic() + 60
    while len(_live_members(process.pid)) < 3:
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the workers did not start"
        time.sleep(0.1)
    time.sleep(1.0)  # the workers are playing
    return process


def _start_simulation() -> subprocess.Popen[str]:
    """A long CLI tournament in two worker processes (see ``_start_with_workers``)."""
    args = ["-m", "fivecrowns", "simulate", "--games", "5000", "--jobs", "2", "--bots", "strong"]
    return _start_with_workers(args)


class StopsAtGame:
    """A greedy bot that presses Ctrl-C (raises KeyboardInterrupt) in the game numbered
    :data:`STOP_AT` of a run in this process, counting the games by its resets."""

    games = 0
    name = "stops"

    def __init__(self) -> None:
        self.bot = fc.GreedyBot()

    def reset(self, seed: int | None = None) -> None:
        StopsAtGame.games += 1
        self.bot.reset(seed)

    def act(self, view: fc.PlayerView, legal: Sequence[fc.Action]) -> fc.Action:
        if StopsAtGame.games > STOP_AT:
            raise KeyboardInterrupt
        return self.bot.act(view, legal)


STOP_AT = 60


def test_ctrl_c_keeps_the_results_of_the_games_already_played() -> None:
    # (issue 49: simulate threw them away) 120 games in chunks of 15 (one job): Ctrl-C in game
    # 60 keeps the 4 chunks before its own.
    StopsAtGame.games = 0
    rules = fc.Rules.short_game(2)
    with pytest.raises(fc.SimulationInterrupted) as stopped:
        tournament([StopsAtGame, "greedy"], games=120, rules=rules, seed=3, jobs=1)
    stop = stopped.value
    assert isinstance(stop, KeyboardInterrupt)
    assert (stop.played, stop.asked) == (60, 120)
    whole = tournament(["greedy", "greedy"], games=60, rules=rules, seed=3, jobs=1)
    assert stop.result is not None
    assert stop.result.games == 60
    assert [entry.mean_score for entry in stop.result.entries] == [
        entry.mean_score for entry in whole.entries
    ]
    StopsAtGame.games = STOP_AT - 5
    with pytest.raises(fc.SimulationInterrupted) as early:  # in the first chunk: no result
        tournament([StopsAtGame, "greedy"], games=1000, rules=rules, seed=3, jobs=1)
    assert early.value.result is None
    assert early.value.played == 0


@pytest.mark.parametrize("output", [(), ("--json",)])
def test_simulate_prints_the_games_played_before_ctrl_c(output: tuple[str, ...]) -> None:
    tests = str(Path(__file__).parent)
    args = ["--games", "120", "--jobs", "1", "--seed", "3", "--schedule", "3-4"]
    bots = ["--bots", "test_hardening_cli:StopsAtGame,greedy"]
    result = cli("simulate", *args, *bots, *output, PYTHONPATH=SRC + os.pathsep + tests)
    assert result.returncode == 130, result.stderr
    assert "interrupted after 60 of 120 games" in result.stderr
    assert result.stderr.strip().splitlines()[-1] == "interrupted"
    if output:
        assert json.loads(result.stdout)["games"] == 60
    else:
        assert "60 games" in result.stdout


def _wait_group_gone(group: int, seconds: float) -> list[int]:
    deadline = time.monotonic() + seconds
    while (live := _live_members(group)) and time.monotonic() < deadline:
        time.sleep(0.1)
    for pid in live:  # clean up after a failure
        os.kill(pid, signal.SIGKILL)
    return live


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_ctrl_c_stops_a_tournament_with_one_line_and_no_orphan_workers() -> None:
    process = _start_simulation()
    start = time.monotonic()
    os.killpg(process.pid, signal.SIGINT)  # what Ctrl-C does: the whole foreground group
    try:
        _, err = process.communicate(timeout=60)
    finally:
        process.kill()
    # At once: the workers are stopped, not waited for until their chunks are done.
    assert time.monotonic() - start < 5
    assert process.returncode == 130
    assert err.strip().splitlines()[-1] == "interrupted"
    assert "Traceback" not in err
    assert _wait_group_gone(process.pid, 10) == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_ctrl_c_in_a_library_tournament_raises_keyboard_interrupt_at_once() -> None:
    script = (
        "import fivecrowns as fc\n"
        "try:\n"
        "    fc.tournament(['strong'] * 4, games=5000, jobs=2, seed=1)\n"
        "except KeyboardInterrupt:\n"
        "    print('stopped')\n"
    )
    process = _start_with_workers(["-c", script])
    start = time.monotonic()
    os.killpg(process.pid, signal.SIGINT)
    try:
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert time.monotonic() - start < 5
    assert out.strip() == "stopped"
    assert err == ""  # no traceback from the workers
    assert _wait_group_gone(process.pid, 10) == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_killed_tournament_leaves_no_orphan_workers() -> None:
    process = _start_simulation()
    os.kill(process.pid, signal.SIGKILL)
    process.communicate(timeout=30)
    assert _wait_group_gone(process.pid, 10) == []


def test_error_in_a_worker_stops_the_pool_at_once() -> None:
    tests = str(Path(__file__).parent)
    result = _python(
        f"""
        import sys, time
        sys.path.insert(0, {tests!r})
        import fivecrowns as fc
        from test_hardening_cli import Crash
        start = time.perf_counter()
        try:
            fc.tournament([Crash, "strong"], games=400, rules=fc.Rules(), jobs=2, seed=1)
        except fc.FiveCrownsError as error:
            print("raised", type(error).__name__)
        print(f"took {{time.perf_counter() - start:.1f}}")
        """
    )
    assert result.returncode == 0, result.stderr
    assert "raised IllegalActionError" in result.stdout
    assert float(result.stdout.split("took ")[1]) < 30


class Crash:
    """A bot that breaks the rules at its first turn."""

    name = "crash"

    def reset(self, seed: int) -> None:
        pass

    def act(self, view: fc.PlayerView, legal: Sequence[fc.Action]) -> fc.Action:
        return "not an action"  # type: ignore[return-value]


# -- 2. a bot learns nothing about the deal from its seed --------------------------------------


class SeedSearchBot:
    """The attack: search small tournament seeds, game numbers and game seeds for the one
    that gives this bot's own seed, then replay the view's history on ``GameState.new`` and
    check the hand. ``cracked`` counts the games where that gave away the deal."""

    name = "seed-search"
    cracked = 0
    games = 0

    def reset(self, seed: int) -> None:
        SeedSearchBot.games += 1
        self.candidates = [
            deal
            for deal in [game_seed(s, g) for s in range(8) for g in range(8)] + list(range(256))
            if any(bot_seed(deal, seat) == seed for seat in range(3))
        ]
        self.checked = False

    def act(self, view: fc.PlayerView, legal: Sequence[fc.Action]) -> fc.Action:
        if not self.checked and view.round_number == 1:
            self.checked = True
            for deal in self.candidates:
                state = fc.GameState.new(view.players, rules=view.rules, seed=deal)
                for _, action in view.history:
                    state = state.apply(action)
                if sorted(state.hands[view.player]) == sorted(view.hand):
                    SeedSearchBot.cracked += 1
                    break
        return legal[0]


def test_bot_cannot_recover_the_deal_from_its_seed_in_a_default_tournament() -> None:
    SeedSearchBot.cracked = SeedSearchBot.games = 0
    result = tournament([SeedSearchBot, "greedy"], games=4, rules=RULES, jobs=1, progress=False)
    assert SeedSearchBot.games == 4
    assert SeedSearchBot.cracked == 0
    # The fresh seed is reported, and repeats the run exactly.
    again = tournament(
        [SeedSearchBot, "greedy"], games=4, rules=RULES, seed=result.seed, jobs=1, progress=False
    )
    assert again == result
    assert result.seed >= 2**16  # drawn from 64 bits of entropy, not a small default
    assert f"seed {result.seed}" in result.table()


def test_bot_cannot_recover_the_deal_from_its_seed_in_play_game_without_a_seed() -> None:
    SeedSearchBot.cracked = SeedSearchBot.games = 0
    for _ in range(3):
        game = play_game([SeedSearchBot(), fc.GreedyBot()], rules=RULES)
        assert game.replay().scores == game.scores  # the fresh seed is in the record
    assert SeedSearchBot.cracked == 0


def test_seed_search_attack_works_on_a_small_seed_as_documented() -> None:
    """The attack is real: a caller who passes a guessable seed makes the deal guessable."""
    SeedSearchBot.cracked = SeedSearchBot.games = 0
    tournament([SeedSearchBot, "greedy"], games=2, rules=RULES, seed=3, jobs=1, progress=False)
    assert SeedSearchBot.cracked == 2


def test_cli_simulate_without_seed_uses_a_fresh_reported_seed() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "fivecrowns", "simulate", "--games", "2", "--schedule", "3"],
        capture_output=True,
        text=True,
        env=_env(),
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    seed = int(result.stdout.split("seed ")[1].split()[0])
    assert seed >= 2**16


# -- 3. bots in processes of their own ---------------------------------------------------------

PEEKER = '''
import gc
import sys

import fivecrowns as fc


class Peeker:
    """Looks for the game's state through the interpreter (its callers' frames and every
    object the garbage collector knows); if it finds one, it shows it by breaking the rules."""

    name = "peeker"

    def reset(self, seed):
        pass

    def act(self, view, legal):
        frame = sys._getframe(1)
        found = False
        while frame is not None:
            found = found or any(isinstance(v, fc.GameState) for v in frame.f_locals.values())
            frame = frame.f_back
        found = found or any(isinstance(o, fc.GameState) for o in gc.get_objects())
        if found:
            return fc.Action.discard("JK") if fc.Action.discard("JK") not in legal else None
        return legal[0]
'''


def test_in_process_bot_can_reach_the_state_but_an_isolated_one_cannot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "peeker_bot.py").write_text(PEEKER)
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(fc.IllegalActionError):  # in this process: it finds the state
        tournament(["peeker_bot:Peeker", "greedy"], games=1, rules=RULES, seed=1, jobs=1)
    result = tournament(
        ["peeker_bot:Peeker", "greedy"], games=2, rules=RULES, seed=1, jobs=1, isolate=True
    )
    assert result.bots == ("peeker", "greedy")
    assert result.games == 2


def test_isolated_tournament_gives_the_same_result() -> None:
    names = ["greedy", "random"]
    here = tournament(names, games=3, rules=RULES, seed=4, jobs=1, progress=False)
    isolated = tournament(names, games=3, rules=RULES, seed=4, jobs=1, isolate=True)
    assert isolated == here


def test_isolated_bot_errors_are_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "broken_bot.py").write_text(
        "class Broken:\n    name = 'broken'\n    def reset(self, seed):\n        pass\n"
        "    def act(self, view, legal):\n        raise RuntimeError('no idea')\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(fc.FiveCrownsError, match="bot 'broken' raised while choosing an action"):
        tournament(["broken_bot:Broken", "greedy"], games=1, rules=RULES, seed=1, isolate=True)
    with pytest.raises(fc.FiveCrownsError, match="cannot load the bot factory 'broken_bot:Nope'"):
        tournament(["broken_bot:Nope", "greedy"], games=1, rules=RULES, seed=1, jobs=1)


def test_isolated_bot_past_its_time_limit_is_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "slow_bot.py").write_text(
        "import time\n\nclass Slow:\n    name = 'slow'\n    def reset(self, seed):\n"
        "        pass\n    def act(self, view, legal):\n        time.sleep(30)\n"
        "        return legal[0]\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    began = time.monotonic()
    with pytest.raises(fc.FiveCrownsError, match=r"bot 'slow' took more than 0.5 s choosing"):
        tournament(
            ["slow_bot:Slow", "greedy"],
            games=1,
            rules=RULES,
            seed=1,
            jobs=1,
            isolate=True,
            action_time_limit=0.5,
        )
    assert time.monotonic() - began < 20  # not the bot's 30 s
    # a limit the bots keep changes nothing
    kept = tournament(
        ["greedy", "random"],
        games=2,
        rules=RULES,
        seed=4,
        jobs=1,
        isolate=True,
        action_time_limit=30,
    )
    assert kept == tournament(["greedy", "random"], games=2, rules=RULES, seed=4, jobs=1)


@pytest.mark.parametrize("limit", [0, -1, float("nan"), float("inf"), True, "1", 4000])
def test_a_bad_action_time_limit_is_refused(limit: object) -> None:
    with pytest.raises(fc.FiveCrownsError, match="action_time_limit must be None or a number"):
        tournament(
            ["greedy", "random"],
            games=1,
            rules=RULES,
            isolate=True,
            action_time_limit=limit,  # type: ignore[arg-type]
        )


def test_an_action_time_limit_needs_isolated_bots() -> None:
    with pytest.raises(fc.FiveCrownsError, match="action_time_limit needs isolate=True"):
        tournament(["greedy", "random"], games=1, rules=RULES, action_time_limit=1.0)


def test_cli_simulate_isolate_runs_bots_apart_with_the_same_results() -> None:
    # issue 17: tournaments could isolate bots, the command line could not
    args = ("simulate", "--games", "2", "--schedule", "3", "--seed", "4", "--bots")
    here = cli(*args, "greedy,random", "--json")
    apart = cli(*args, "greedy,random", "--json", "--isolate", "--action-time-limit", "30")
    assert here.returncode == apart.returncode == 0, apart.stderr
    assert json.loads(apart.stdout) == json.loads(here.stdout)
    refused = cli(*args, "greedy,random", "--action-time-limit", "30")
    assert refused.returncode == 2
    assert "--action-time-limit needs --isolate" in refused.stderr
    assert "Traceback" not in refused.stderr
    solitaire = cli("simulate", "--solitaire", "--games", "1", "--isolate")
    assert solitaire.returncode == 2
    assert "not --solitaire" in solitaire.stderr


# -- 4-6. the command line on plain terminals, its words, its input ----------------------------


def cli(*args: str, stdin: str = "", **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "fivecrowns", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=_env(**env),
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize(
    "args",
    [
        ("simulate", "--games", "2", "--schedule", "3", "--seed", "1"),
        ("simulate", "--solitaire", "--games", "2", "--seed", "1"),
        ("simulate", "--solitaire", "--games", "2", "--seed", "1", "--policy", "both"),
        ("arrange", "7H 8H JK QS QD Q*", "--wild", "7"),
        ("arrange", "7♥ 8♥ 9♥ Q★", "--wild", "7"),
        ("rules",),
        ("rules", "--help"),
        ("play", "--schedule", "3", "--players", "2", "--seed", "1"),
        ("solitaire", "--seed", "1"),
    ],
)
def test_cli_does_not_crash_on_an_ascii_only_terminal(args: tuple[str, ...]) -> None:
    result = cli(*args, stdin="hand\nquit\n", PYTHONIOENCODING="ascii")
    assert "UnicodeEncodeError" not in result.stderr
    assert "Traceback" not in result.stderr
    assert result.returncode == 0, result.stderr
    assert result.stdout.isascii()


def test_simulate_table_stays_aligned_in_ascii() -> None:
    lines = cli(
        "simulate", "--games", "2", "--schedule", "3", "--seed", "1", PYTHONIOENCODING="ascii"
    )
    table = lines.stdout.splitlines()
    assert "+/- 95% CI" in table[1]
    assert len(table[1]) == len(table[2]) == len(table[3])
    utf8 = cli("simulate", "--games", "2", "--schedule", "3", "--seed", "1").stdout.splitlines()
    assert "± 95% CI" in utf8[1]


@pytest.mark.parametrize("env", [{"TERM": "dumb", "FORCE_COLOR": ""}, {"NO_COLOR": "1"}])
def test_dumb_terminal_and_no_color_get_no_ansi_colours(env: dict[str, str]) -> None:
    from fivecrowns.cli._term import wants_colour

    class Tty:
        def isatty(self) -> bool:
            return True

    with pytest.MonkeyPatch.context() as patch:
        for key in ("NO_COLOR", "FORCE_COLOR", "TERM"):
            patch.delenv(key, raising=False)
        assert wants_colour(Tty())  # type: ignore[arg-type]
        for key, value in env.items():
            patch.setenv(key, value)
        assert not wants_colour(Tty())  # type: ignore[arg-type]


def test_cli_errors_name_the_flag_not_the_library_option() -> None:
    result = cli("rules", "--turn-limit", "0")
    assert result.returncode == 2
    assert "--turn-limit must be" in result.stderr
    assert "turn_limit" not in result.stderr
    wilds = cli("rules", "--wild-ranks", "3,4")
    assert "--wild-ranks must" in wilds.stderr
    assert "wild_ranks" not in wilds.stderr
    bonus = cli("play", "--go-out-bonus", "5")
    assert "--go-out-bonus must" in bonus.stderr


def test_arrange_takes_unquoted_cards_as_several_arguments() -> None:
    result = cli("arrange", "7H", "8H", "9H", "--wild", "3")
    assert result.returncode == 0, result.stderr
    assert "run   7H 8H 9H" in result.stdout


def test_arrange_reads_the_hand_from_stdin_with_a_dash() -> None:
    result = cli("arrange", "-", "--wild", "3", "--json", stdin="7H 8H\n9H QS\n")
    assert result.returncode == 0, result.stderr
    assert '"deadwood": ["QS"]' in result.stdout
    empty = cli("arrange", "-", "--wild", "3", stdin="")
    assert empty.returncode == 2
    assert "no cards on standard input" in empty.stderr


@pytest.mark.parametrize("ten", ["T", "t", "10"])
def test_wild_t_means_ten_as_everywhere_else(ten: str) -> None:
    result = cli("arrange", "10H 3S 4S", "--wild", ten, "--json")
    assert result.returncode == 0, result.stderr
    assert '"wild_rank": 10' in result.stdout
    ranks = cli("rules", "--schedule", "3", "--wild-ranks", ten, "--json")
    assert ranks.returncode == 0, ranks.stderr
    assert '"wild_ranks": [10]' in ranks.stdout


# -- 9. the progress bar -----------------------------------------------------------------------


def test_a_progress_bar_asked_for_without_tqdm_warns_with_the_extra_and_plays(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from fivecrowns.play import _progress

    monkeypatch.setattr(_progress, "_have_tqdm", lambda: False)
    with pytest.warns(UserWarning, match=r"fivecrowns\[progress\]"):
        result = tournament(["greedy", "greedy"], games=2, rules=RULES, jobs=1, progress=True)
    assert result.games == 2
    assert capsys.readouterr().err == ""  # no bar of our own


# -- 10. fivecrowns play: saves that keep the bots, leaving a game -----------------------------

PLAY = ("play", "--schedule", "3-4", "--players", "3", "--seed", "5")


def test_play_load_seats_the_saved_bots_instead_of_greedy(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    first = cli(*PLAY, "--bots", "strong,random", stdin=f"d\nsave {save}\nquit\n")
    assert first.returncode == 0, first.stderr
    resumed = cli("play", "--load", str(save), stdin="quit\n")
    assert resumed.returncode == 0, resumed.stderr
    assert "P1 (strong) and P2 (random)" in resumed.stdout
    # The same bots spelt out again are fine; other bots are refused.
    same = cli("play", "--load", str(save), "--bots", "strong,random", stdin="quit\n")
    assert same.returncode == 0, same.stderr
    other = cli("play", "--load", str(save), "--bots", "greedy")
    assert other.returncode == 2
    assert "the saved game's opponents are strong,random, not greedy" in other.stderr


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (("--lay-off",), "--lay-off would change them"),
        (("--schedule", "3-13"), "--schedule would change them"),
        (("--seed", "6"), "dealt from seed 5, not 6"),
    ],
)
def test_play_load_refuses_conflicting_flags_instead_of_ignoring_them(
    tmp_path: Path, flags: tuple[str, ...], message: str
) -> None:
    save = tmp_path / "game.json"
    cli(*PLAY, stdin=f"save {save}\nquit\n")
    result = cli("play", "--load", str(save), *flags)
    assert result.returncode == 2
    assert message in result.stderr
    agreeing = cli("play", "--load", str(save), "--schedule", "3-4", "--seed", "5", stdin="quit\n")
    assert agreeing.returncode == 0, agreeing.stderr


def test_play_load_still_reads_a_bare_game(tmp_path: Path) -> None:
    bare = tmp_path / "bare.json"
    bare.write_text(fc.GameState.new(3, rules=fc.Rules(schedule=(3, 4)), seed=5).to_json())
    result = cli("play", "--load", str(bare), "--bots", "random", stdin="quit\n")
    assert result.returncode == 0, result.stderr
    assert "P1 (random) and P2 (random)" in result.stdout


def test_play_save_asks_before_overwriting(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    save.write_text("precious")
    kept = cli(*PLAY, stdin=f"save {save}\nn\nquit\n")
    assert "exists; overwrite it? [y/N]" in kept.stdout
    assert "not saved" in kept.stdout
    assert save.read_text() == "precious"
    replaced = cli(*PLAY, stdin=f"save {save}\ny\nquit\n")
    assert f"saved to {save}" in replaced.stdout
    assert save.read_text() != "precious"


@pytest.mark.parametrize("ending", ["quit\n", "d\n"])  # quit, or the end of input (Ctrl-D)
def test_play_leaving_a_game_autosaves_it_in_a_slot_of_its_own(tmp_path: Path, ending: str) -> None:
    result = cli(*PLAY, stdin=ending, FIVECROWNS_AUTOSAVE=str(tmp_path))
    assert result.returncode == 0, result.stderr
    slot = tmp_path / "play-1.json"
    assert f"game saved to {slot} (resume with: fivecrowns play --continue 1)" in result.stdout
    resumed = cli("play", "--continue", stdin="quit\n", FIVECROWNS_AUTOSAVE=str(tmp_path))
    assert resumed.returncode == 0, resumed.stderr
    assert "(seed 5)" in resumed.stdout
    assert f"game saved to {slot} " in resumed.stdout  # (its own slot again, no new one)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["play-1.json"]


def test_a_new_game_never_overwrites_a_saved_one_and_names_those_waiting(
    tmp_path: Path,
) -> None:
    # (issue 49: one slot, overwritten without a word when a new game started)
    first = cli(*PLAY, stdin="quit\n", FIVECROWNS_AUTOSAVE=str(tmp_path))
    kept = (tmp_path / "play-1.json").read_text()
    second = cli(
        "play", "--players", "2", "--seed", "9", stdin="quit\n", FIVECROWNS_AUTOSAVE=str(tmp_path)
    )
    assert first.returncode == second.returncode == 0, second.stderr
    assert "1 unfinished play game(s) saved (slot 1 in" in second.stdout
    assert "fivecrowns play --continue [SLOT]" in second.stdout
    assert (tmp_path / "play-1.json").read_text() == kept
    from fivecrowns.cli._session import read_session

    assert read_session((tmp_path / "play-2.json").read_text())[0].seed == 9
    one = cli("play", "--continue", "1", stdin="quit\n", FIVECROWNS_AUTOSAVE=str(tmp_path))
    assert "(seed 5)" in one.stdout
    newest = cli("play", "--continue", stdin="quit\n", FIVECROWNS_AUTOSAVE=str(tmp_path))
    assert "(seed 9)" in newest.stdout


def test_continue_says_what_is_wrong(tmp_path: Path) -> None:
    env = {"FIVECROWNS_AUTOSAVE": str(tmp_path)}
    nothing = cli("play", "--continue", stdin="quit\n", **env)
    assert nothing.returncode == 2
    assert "no unfinished play game is saved in" in nothing.stderr
    cli(*PLAY, stdin="quit\n", **env)
    missing = cli("play", "--continue", "4", stdin="quit\n", **env)
    assert missing.returncode == 2
    assert "no play game is saved in slot 4; the saved ones are 1" in missing.stderr
    both = cli("play", "--continue", "--load", "x.json", stdin="quit\n", **env)
    assert both.returncode == 2
    assert "--continue and --load both name the game to resume" in both.stderr
    off = cli("play", "--continue", stdin="quit\n", FIVECROWNS_AUTOSAVE="")
    assert off.returncode == 2
    assert "autosaves are off here" in off.stderr


def test_the_single_autosave_of_earlier_versions_is_play_slot_0(tmp_path: Path) -> None:
    old = cli(*PLAY, stdin="quit\n", FIVECROWNS_AUTOSAVE=str(tmp_path))
    assert old.returncode == 0, old.stderr
    (tmp_path / "play-1.json").rename(tmp_path / "autosave.json")
    resumed = cli("play", "--continue", "0", stdin="quit\n", FIVECROWNS_AUTOSAVE=str(tmp_path))
    assert resumed.returncode == 0, resumed.stderr
    assert "(seed 5)" in resumed.stdout


@pytest.mark.parametrize("ending", ["quit\n", ""])
def test_solitaire_leaving_a_game_autosaves_it(tmp_path: Path, ending: str) -> None:
    # (issue 49: Solitaire had no autosave)
    args = ("solitaire", "--seed", "4")
    left = cli(*args, stdin=ending, FIVECROWNS_AUTOSAVE=str(tmp_path))
    assert left.returncode == 0, left.stderr
    slot = tmp_path / "solitaire-1.json"
    assert f"game saved to {slot} (resume with: fivecrowns solitaire --continue 1)" in left.stdout
    again = cli(*args, stdin="quit\n", FIVECROWNS_AUTOSAVE=str(tmp_path))
    assert "1 unfinished solitaire game(s) saved" in again.stdout
    resumed = cli("solitaire", "--continue", "1", stdin="quit\n", FIVECROWNS_AUTOSAVE=str(tmp_path))
    assert resumed.returncode == 0, resumed.stderr
    assert "(seed 4)" in resumed.stdout
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        "solitaire-1.json",
        "solitaire-2.json",
    ]


def test_a_finished_game_leaves_no_autosave_behind(tmp_path: Path) -> None:
    from fivecrowns.cli._autosave import Slots

    slots = Slots(tmp_path, "play")
    slot, told = slots.write(None, "{}")
    assert slot == tmp_path / "play-1.json", told
    assert slot.exists()
    assert slots.write(None, "{}")[0] == tmp_path / "play-2.json"  # never slot 1 again
    Slots.finished(slot)
    assert list(slots.saved()) == [2]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_play_ctrl_c_autosaves_the_game(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "fivecrowns", *PLAY],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=_env(FIVECROWNS_AUTOSAVE=str(tmp_path)),
        preexec_fn=sigint_as_usual,
    )
    assert process.stdout is not None
    seen = _read_until(process.stdout.fileno(), b"> ")
    assert b"> " in seen, seen
    process.send_signal(signal.SIGINT)
    process.wait(timeout=60)  # stdin open till then (see test_cli_play's Ctrl-C test)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert b"Traceback" not in err
    assert b"game saved to" in out
    assert (tmp_path / "play-1.json").exists()


def _read_until(fd: int, marker: bytes, seconds: float = 60) -> bytes:
    import select

    seen = b""
    deadline = time.monotonic() + seconds
    while marker not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
    return seen


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pseudo-terminal")
def test_play_at_a_terminal_has_line_history_and_confirms_quit(tmp_path: Path) -> None:
    main, child = os.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "fivecrowns", *PLAY],
        stdin=child,
        stdout=child,
        stderr=child,
        env=_env(TERM="xterm", NO_COLOR="1", XDG_STATE_HOME=str(tmp_path)),
        start_new_session=True,
    )
    os.close(child)
    try:
        assert b"> " in _read_until(main, b"> ")
        os.write(main, b"scores\r")
        assert b"Total" in _read_until(main, b"Total")
        os.write(main, b"\x1b[A\r")  # the up arrow brings back "scores"
        again = _read_until(main, b"Total")
        assert b"Total" in again, again
        os.write(main, b"quit\r")
        assert b"Quit this game? [y/N]" in _read_until(main, b"[y/N]")
        os.write(main, b"n\r")
        assert b"> " in _read_until(main, b"> ")
        os.write(main, b"quit\r")
        _read_until(main, b"[y/N]")
        os.write(main, b"y\r")
        rest = _read_until(main, b"Bye.")
        assert b"Bye." in rest
        assert process.wait(timeout=30) == 0
    finally:
        process.kill()
        os.close(main)
    assert (tmp_path / "fivecrowns" / "play-1.json").exists()


def test_solitaire_save_asks_before_overwriting(tmp_path: Path) -> None:
    save = tmp_path / "solitaire.json"
    save.write_text("precious")
    kept = cli("solitaire", "--seed", "1", stdin=f"save {save}\nn\nquit\n")
    assert "exists; overwrite it? [y/N]" in kept.stdout
    assert save.read_text() == "precious"
    replaced = cli("solitaire", "--seed", "1", stdin=f"save {save}\nyes\nquit\n")
    assert f"saved to {save}" in replaced.stdout
    assert fc.SolitaireState.from_json(save.read_text()).seed == 1
