"""The replay annotator (issue 47): ``fc.annotate`` and ``fc.AnnotatedGame``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import fivecrowns as fc
from fivecrowns.analysis.annotate import SCHEMA, THRESHOLDS

RULES = fc.Rules.short_game(3)


def record(seed: int, *names: str) -> fc.GameRecord:
    return fc.play_game([fc.make_bot(name) for name in names], rules=RULES, seed=seed).record


def test_every_decision_with_a_choice_is_annotated_with_the_move_played() -> None:
    game = record(4, "random", "greedy", "greedy")
    review = fc.annotate(game, seats=[0, 2], n=16, seed=1)
    state = fc.GameState.new(game.players, rules=game.rules, seed=game.seed)
    expected = []
    for index, action in enumerate(game.actions):
        if state.current in (0, 2) and len(state.legal_actions()) > 1:
            expected.append((index, state.current, state.round_number, action))
        state = state.apply(action)
    found = [(n.index, n.seat, n.round_number, n.played.to_int()) for n in review.annotations]
    assert found == expected
    for note in review.annotations:
        assert note.loss >= 0
        if note.played == note.best:
            assert note.loss == 0
        least = dict(THRESHOLDS)
        if note.mark is not None:
            assert note.loss >= least[note.mark]
            assert note.loss > 1.96 * note.standard_error
        if note.exact:
            assert note.standard_error == 0
    assert review.worst() == tuple(sorted(review.annotations, key=lambda n: (-n.loss, n.index)))
    assert review == fc.annotate(game, seats=[0, 2], n=16, seed=1)  # deterministic


def test_a_random_player_is_marked_more_than_a_greedy_one() -> None:
    game = record(7, "random", "greedy")
    review = fc.annotate(game, n=32, seed=3)
    by_seat = {
        seat: sum(1 for note in review.annotations if note.seat == seat and note.mark)
        for seat in (0, 1)
    }
    assert by_seat[0] > by_seat[1]
    losses = {
        seat: sum(note.loss for note in review.annotations if note.seat == seat) for seat in (0, 1)
    }
    assert losses[0] > losses[1]
    assert review.marked("blunder") or review.marked("mistake")


def test_annotations_serialise_with_their_record_and_are_checked_against_it() -> None:
    game = record(5, "random", "greedy")
    review = fc.annotate(game, seats=[0], n=8, seed=2)
    text = review.to_json()
    data = json.loads(text)
    assert data["schema"] == SCHEMA == "fivecrowns.annotations/1"
    assert fc.GameRecord.from_dict(data["record"]) == game
    assert fc.AnnotatedGame.from_json(text) == review
    first = data["annotations"][0]
    for bad in (
        dict(data, schema="fivecrowns.annotations/9"),
        dict(data, annotations=[dict(first, index=10**6)]),
        dict(data, annotations=[dict(first, played="discard XX")]),
        dict(data, annotations=[dict(first, seat=1 - first["seat"])]),
        dict(data, annotations=[dict(first, mark="genius")]),
        dict(data, annotations=[dict(first, loss=-1)]),
        dict(data, seats=[7]),
        dict(data, record=dict(data["record"], actions=["discard JK"])),
    ):
        with pytest.raises(fc.FiveCrownsError):
            fc.AnnotatedGame.from_json(json.dumps(bad))
    with pytest.raises(fc.InvalidStateError, match="JSON"):
        fc.AnnotatedGame.from_json("{")


def test_bad_input_says_what_is_wrong() -> None:
    game = record(1, "greedy", "greedy")
    with pytest.raises(fc.FiveCrownsError, match="takes a GameRecord"):
        fc.annotate("game.json")  # type: ignore[arg-type]
    with pytest.raises(fc.FiveCrownsError, match="seats must be seats of the table, 0 to 1"):
        fc.annotate(game, seats=[2])
    with pytest.raises(fc.FiveCrownsError, match="n must be an int of at least 2"):
        fc.annotate(game, n=1)
    with pytest.raises(fc.FiveCrownsError, match="bots must be one of"):
        fc.annotate(game, bots="expert")
    broken = fc.GameRecord(game.players, game.rules, game.seed, game.first_dealer, (5, 5, 5))
    with pytest.raises(fc.FiveCrownsError, match="does not replay"):
        fc.annotate(broken)


def test_the_review_command_prints_saves_and_plots_the_annotations(tmp_path: Path) -> None:
    from test_cli import run

    game = tmp_path / "game.json"
    game.write_text(record(7, "random", "greedy").to_json())
    text = run("review", str(game), "--rollouts", "8", "--seat", "0")
    assert text.returncode == 0, text.stderr
    assert "decisions of seat(s) 0 valued by 8 greedy rollouts per move" in text.stdout
    assert "seat 0: final score" in text.stdout
    assert "the biggest losses:" in text.stdout
    saved = run("review", str(game), "--rollouts", "8", "--seat", "0", "--json")
    notes = tmp_path / "notes.json"
    notes.write_text(saved.stdout)
    review = fc.AnnotatedGame.from_json(saved.stdout)
    assert review == fc.annotate(review.record, seats=[0], n=8, seed=0)
    again = run("review", str(notes))  # (annotations read back, not made again)
    assert again.stdout == text.stdout
    state = tmp_path / "state.json"
    state.write_text(review.record.replay().to_json())
    assert run("review", str(state), "--rollouts", "8", "--seat", "0").stdout == text.stdout
    bad = tmp_path / "bad.json"
    bad.write_text("not json")
    refused = run("review", str(bad))
    assert refused.returncode == 2
    assert "the file is not JSON" in refused.stderr
    pytest.importorskip("matplotlib")
    picture = tmp_path / "review.png"
    drawn = run("review", str(notes), "--plot", str(picture))
    assert drawn.returncode == 0, drawn.stderr
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_plot_without_matplotlib_says_which_extra_to_install(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import importlib

    from fivecrowns.cli import _review

    real = importlib.import_module

    def no_matplotlib(name: str, package: str | None = None) -> object:
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real(name, package)

    monkeypatch.setattr(importlib, "import_module", no_matplotlib)  # (_review imports by it)
    review = fc.annotate(record(2, "greedy", "greedy"), n=4)
    with pytest.raises(fc.FiveCrownsError, match=r'pip install "fivecrowns\[plot\]"'):
        _review.plot(review, str(tmp_path / "x.png"))
    assert not (tmp_path / "x.png").exists()
