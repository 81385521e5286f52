"""The command line as a developer meets it (issue 49): each subcommand's ``--help`` lists
only the rule options it reads, ``rules`` writes the wild ranks as the notation does, every
error names the command line's flag (never the ``Rules`` keyword), and the CLI page
documents the commands typed at the prompt of ``play`` and ``solitaire``."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import attrs
import pytest

import fivecrowns as fc
from fivecrowns.cli import main
from fivecrowns.cli._options import HAND_OPTIONS, cli_words, parser
from fivecrowns.cli._play_game import _HELP as PLAY_HELP
from fivecrowns.cli._play_solitaire import _HELP as SOLITAIRE_HELP
from fivecrowns.game.actions import ActionKind


def _run(capsys: pytest.CaptureFixture[str], *args: str, stdin: str = "") -> tuple[int, str]:
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        status = main(list(args))
    except SystemExit as exit_:  # argparse: --help, or a usage error
        status = int(exit_.code or 0)
    finally:
        sys.stdin = old
    captured = capsys.readouterr()
    return status, captured.out + captured.err


def _rule_flags(command: str) -> set[str]:
    (sub,) = [
        action.choices[command]
        for action in parser()._actions
        if hasattr(action, "choices") and isinstance(action.choices, dict)
    ]
    return {
        action.option_strings[0]
        for group in sub._action_groups
        if str(group.title).startswith("rule options")
        for action in group._group_actions
    }


HAND = {"--packs", "--distinct-suit-books", "--max-wilds", "--no-all-wild-melds"} | {
    "--wild-points",
    "--joker-points",
}


def test_each_subcommand_takes_only_the_rule_options_it_reads() -> None:
    # every subcommand took all twenty (arrange --lay-off was accepted and meant nothing)
    assert len(HAND_OPTIONS) == len(HAND)
    assert _rule_flags("arrange") == _rule_flags("odds") == HAND
    assert _rule_flags("solitaire") == HAND | {"--solitaire-scoring", "--solitaire-dealt-piles"}
    play = _rule_flags("play")
    assert HAND | {"--schedule", "--lay-off", "--manual-final-hands", "--turn-limit"} <= play
    assert not play & {"--solitaire-scoring", "--solitaire-dealt-piles"}
    assert _rule_flags("rules") == _rule_flags("simulate") == play | _rule_flags("solitaire")
    assert len(_rule_flags("rules")) == len(attrs.fields(fc.Rules))  # every option
    assert _rule_flags("review") == _rule_flags("serve") == set()


def test_help_lists_only_those_and_the_others_are_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, text = _run(capsys, "arrange", "--help")
    assert status == 0
    assert "--max-wilds" in text
    for flag in ("--lay-off", "--schedule", "--solitaire-scoring", "--turn-limit"):
        assert flag not in text
    status, text = _run(capsys, "serve", "--help")
    assert "rule options" not in text
    status, text = _run(capsys, "arrange", "7H 8H 9H", "--wild", "3", "--lay-off")
    assert status == 2
    assert "unrecognized arguments: --lay-off" in text


def test_rules_writes_the_wild_ranks_in_the_notation(capsys: pytest.CaptureFixture[str]) -> None:
    # it wrote 11, 12, 13
    status, text = _run(capsys, "rules")
    assert status == 0
    assert "wild ranks      3, 4, 5, 6, 7, 8, 9, 10, J, Q, K (jokers always wild)" in text
    _, text = _run(capsys, "rules", "--schedule", "3,4,5", "--wild-ranks", "q,none,K")
    assert "wild ranks      Q, jokers only, K (jokers always wild)" in text


def test_errors_name_the_flag_not_the_rules_keyword(capsys: pytest.CaptureFixture[str]) -> None:
    status, text = _run(capsys, "play", "--players", "8")
    assert status == 2
    assert "--players must be an int from 2 to 7" in text
    assert "--seat-to-capacity seats 8" in text
    assert "seat_to_capacity" not in text
    # at the prompt of play: the rules' refusals name the flags too
    _, text = _run(capsys, "play", "--seed", "1", "--schedule", "3", stdin="draw\nout!\nquit\n")
    assert "not allowed by these rules (without --go-out-without-discard)" in text
    assert "go_out_without_discard" not in text
    _, text = _run(capsys, "play", "--seed", "1", "--schedule", "3", stdin="draw\nbook 3H\nquit\n")
    assert "arranged by the engine in this game (without --manual-final-hands)" in text
    assert "auto_arrange_final_hand" not in text


@pytest.mark.parametrize(
    ("message", "words"),
    [
        (
            "not allowed by these rules (lay_off=False)",
            "not allowed by these rules (without --lay-off)",
        ),
        ("needs Rules(lay_off=True)", "needs --lay-off"),
        (
            "the engine arranges them (auto_arrange_final_hand=True)",
            "the engine arranges them (without --manual-final-hands)",
        ),
        ("only under Rules(auto_arrange_final_hand=False)", "only under --manual-final-hands"),
        ("Rules(packs=3) deals more", "--packs 3 deals more"),
        ("under tie_break='extra_round'", "under --tie-break extra_round"),
        ("max_wilds_per_meld must be", "--max-wilds must be"),
        ("an unknown=True keyword stays", "an unknown=True keyword stays"),
    ],
)
def test_cli_words_turns_every_rules_setting_into_its_flag(message: str, words: str) -> None:
    assert cli_words(message) == words


def test_the_cli_page_documents_the_commands_at_the_prompt() -> None:
    pytest.importorskip("sphinx")
    scripts = Path(__file__).resolve().parent.parent / "docs" / "_scripts"
    if not scripts.is_dir():
        pytest.skip("the docs are not in this tree")
    sys.path.insert(0, str(scripts))
    try:
        import cli_reference
    finally:
        sys.path.remove(str(scripts))
    assert cli_reference._PROMPT_HELP == {"play": PLAY_HELP, "solitaire": SOLITAIRE_HELP}
    for kind in ActionKind:  # every move of the action notation is in play's help
        assert kind.value.split()[0] in PLAY_HELP
    for command in ("hint", "save FILE", "help", "quit"):
        assert command in PLAY_HELP
        assert command in SOLITAIRE_HELP
    page = (scripts.parent / "cli.md").read_text(encoding="utf-8")
    assert "{fivecrowns-cli}" in page
    assert "at their prompt" in page
