"""The command line, run as a subprocess (``python -m fivecrowns``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import fivecrowns as fc
from fivecrowns.game.solitaire import SolitaireState, greedy_action
from fivecrowns.rules import rule_flag


def run(
    *args: str, stdin: str = "", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "fivecrowns", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=environment,
        timeout=120,
        check=False,
    )


def test_arrange_prints_melds_with_what_wilds_stand_for() -> None:
    result = run("arrange", "7H 8H JK QS QD Q*", "--wild", "7")
    assert result.returncode == 0, result.stderr
    assert "book  Q* QS QD" in result.stdout
    assert "JK=" in result.stdout
    assert "deadwood  (none)  (0 points)" in result.stdout
    assert "\x1b[" not in result.stdout  # not a terminal: no colour


def test_arrange_json_and_discard() -> None:
    result = run("arrange", "3H 4H 5H 9C KD", "--wild", "9", "--discard", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["discard"] == "KD"
    assert data["points"] == 0
    assert data["melds"][0]["stands_for"] == ["3H", "4H", "5H", "6H"]


def test_arrange_colour_follows_force_color_and_no_color() -> None:
    coloured = run("arrange", "7H 8H 9H", "--wild", "3", env={"FORCE_COLOR": "1"})
    assert "\x1b[31m7H" in coloured.stdout
    plain = run("arrange", "7H 8H 9H", "--wild", "3", env={"FORCE_COLOR": "1", "NO_COLOR": "1"})
    assert "\x1b[" not in plain.stdout


def test_arrange_rule_options() -> None:
    result = run("arrange", "5H JK JK 8H", "--wild", "3", "--max-wilds", "1", "--json")
    assert json.loads(result.stdout)["points"] == 113
    result = run("arrange", "KS KD KH", "--wild", "K", "--no-all-wild-melds", "--json")
    assert json.loads(result.stdout)["points"] == 60


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("arrange", "7H 8H 1S", "--wild", "7"), "bad rank in card '1S' at position 3"),
        (("arrange", "7H 7H 7H", "--wild", "3"), "3 copies of 7H"),
        (("arrange", "7H 8H 9H", "--wild", "2"), "--wild must be a rank"),
        (("arrange", "", "--wild", "3", "--discard"), "at least one card"),
        (("rules", "--packs", "0"), "packs must be"),
    ],
)
def test_user_mistakes_go_to_stderr_without_traceback(args: tuple[str, ...], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize(
    "args",
    [
        ("arrange", "7H"),
        ("frobnicate",),
        ("rules", "--max-wilds", "lots"),
        ("rules", "--schedule", "x"),
    ],
)
def test_bad_command_lines_exit_2_with_usage(args: tuple[str, ...]) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert "usage:" in result.stderr
    assert "Traceback" not in result.stderr


def test_rules_text_and_json() -> None:
    text = run("rules", "--max-wilds", "naturals", "--tie-break", "extra_round").stdout
    assert "no more than the naturals" in text
    assert "extra round (13 cards)" in text
    assert "116 cards" in text
    data = json.loads(run("rules", "--schedule", "7x3", "--lay-off", "--json").stdout)
    assert fc.Rules.from_dict(data) == fc.Rules(schedule=(7, 7, 7), lay_off=True)


def test_version_and_help() -> None:
    assert fc.__version__ in run("--version").stdout
    assert "arrange" in run("--help").stdout


def test_solitaire_session_help_bad_input_hint_save_and_quit(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = run(
        "solitaire", "--seed", "7", stdin=f"help\n9 XX\n99 KD\n\nhint\nsave {save}\nquit\n"
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Moves: <pile> <card>" in out
    assert "bad card in action '9 XX'" in out
    assert "a pile is named by its size" in out
    assert f"try: {greedy_action(SolitaireState.new(seed=7))}" in out
    assert SolitaireState.from_json(save.read_text()) == SolitaireState.new(seed=7)
    assert out.rstrip().endswith("Bye.")


def test_solitaire_plays_to_the_end_and_resumes(tmp_path: Path) -> None:
    state = SolitaireState.new(seed=13)
    moves = []
    while not state.is_over:
        action = greedy_action(state)
        moves.append(str(action))
        state = state.apply(action)
    assert state.won
    result = run("solitaire", "--seed", "13", stdin="\n".join(moves) + "\n")
    assert result.returncode == 0, result.stderr
    assert "you win" in result.stdout
    # Save half way, resume from the file, finish.
    save = tmp_path / "half.json"
    half = len(moves) // 2
    run("solitaire", "--seed", "13", stdin="\n".join(moves[:half]) + f"\nsave {save}\nquit\n")
    resumed = run("solitaire", "--load", str(save), stdin="\n".join(moves[half:]) + "\n")
    assert "you win" in resumed.stdout


def test_solitaire_end_of_input_quits_cleanly() -> None:
    result = run("solitaire", "--seed", "1", stdin="")
    assert result.returncode == 0
    assert "End of input" in result.stdout


def test_solitaire_load_errors() -> None:
    result = run("solitaire", "--load", "/nonexistent/game.json")
    assert result.returncode == 2
    assert "cannot read" in result.stderr


def _rules_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    from fivecrowns.cli import main

    assert main(["rules", *args, "--json"]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


@pytest.mark.parametrize("field", attrs.fields(fc.Rules), ids=lambda field: field.name)
def test_every_rule_option_has_a_flag(
    field: attrs.Attribute[object], capsys: pytest.CaptureFixture[str]
) -> None:
    """Each field of Rules carries a command-line flag (a new option without one fails
    here), and the flag sets that option and no other."""
    flag = rule_flag(field)
    assert flag.flag.startswith("--")
    args = [flag.flag]
    if not flag.is_switch:
        assert flag.example is not None, f"{flag.flag} needs an example value"
        args.append(flag.example)
    data = _rules_json(capsys, *args)
    official = fc.Rules().to_dict()

    def default(name: str) -> object:
        # (options added later are written only when set: absent means the default)
        return official.get(name, getattr(fc.Rules(), name))

    assert data.get(field.name, default(field.name)) != default(field.name)
    names = set(official) | set(data)
    assert {name for name in names if data.get(name, default(name)) != default(name)} == {
        field.name
    }


def test_old_rule_flags_keep_working(capsys: pytest.CaptureFixture[str]) -> None:
    data = _rules_json(
        capsys,
        "--packs", "3", "--schedule", "3-5", "--distinct-suit-books", "--max-wilds", "1",
        "--no-all-wild-melds", "--no-discard-taken", "--go-out-without-discard", "--lay-off",
        "--manual-final-hands", "--go-out-bonus", "-10", "--tie-break", "most_rounds_out",
        "--turn-limit", "50", "--solitaire-scoring", "deadwood",
    )  # fmt: skip
    assert fc.Rules.from_dict(data) == fc.Rules(
        packs=3,
        schedule=(3, 4, 5),
        distinct_suit_books=True,
        max_wilds_per_meld=1,
        all_wild_melds=False,
        may_discard_taken_discard=False,
        go_out_without_discard=True,
        lay_off=True,
        auto_arrange_final_hand=False,
        go_out_bonus=-10,
        tie_break="most_rounds_out",
        turn_limit=50,
        solitaire_scoring="deadwood",
    )
    assert _rules_json(capsys, "--max-wilds", "unlimited")["max_wilds_per_meld"] is None


def test_new_rule_flags(capsys: pytest.CaptureFixture[str]) -> None:
    data = _rules_json(
        capsys,
        "--schedule", "7x3", "--wild-ranks", "q,none,3", "--wild-points", "25",
        "--joker-points", "0", "--tie-break", "extra_round", "--extra-round-hand-size", "9",
    )  # fmt: skip
    assert fc.Rules.from_dict(data) == fc.Rules(
        schedule=(7, 7, 7),
        wild_ranks=(12, None, 3),
        wild_points=25,
        joker_points=0,
        tie_break="extra_round",
        extra_round_hand_size=9,
    )
    bad = run("rules", "--wild-ranks", "3,2,none")
    assert bad.returncode == 2
    assert "a wild rank is 3 to 13" in bad.stderr


def test_simulate_and_play_take_your_own_bot_by_its_import_path() -> None:
    ours = run(
        "simulate",
        "--bots",
        "fivecrowns.bots:StrongBot,greedy",
        "--games",
        "2",
        "--schedule",
        "3,4",
        "--seed",
        "1",
    )
    assert ours.returncode == 0, ours.stderr
    assert "strong" in ours.stdout
    builtin = run(
        "simulate", "--bots", "strong,greedy", "--games", "2", "--schedule", "3,4", "--seed", "1"
    )
    assert ours.stdout == builtin.stdout  # the same bot, named either way
    played = run(
        "play",
        "--players",
        "2",
        "--bots",
        "fivecrowns.bots:GreedyBot",
        "--schedule",
        "3",
        "--seed",
        "2",
        stdin="quit\n",
    )
    assert played.returncode == 0, played.stderr
    for entry, message in (
        ("nosuchpackage.mod:Bot", "cannot load the bot factory"),
        ("fivecrowns.bots:BOTS", "not callable"),
        ("fivecrowns.cards:deck", "must return a Bot"),
    ):
        for command in ("simulate", "play"):
            failed = run(command, "--bots", entry, stdin="quit\n")
            assert failed.returncode == 2, (command, entry)
            assert message in failed.stderr
            assert "Traceback" not in failed.stderr
