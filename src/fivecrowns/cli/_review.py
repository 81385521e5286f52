"""``fivecrowns review FILE``: a recorded game annotated (:func:`fivecrowns.annotate`), as text,
as the annotations' JSON, or as a picture of the score race and each decision's loss."""

from __future__ import annotations

import argparse
import importlib
import json
from collections.abc import Sequence
from typing import Any, Final, TextIO

from ..analysis import AnnotatedGame, Annotation, annotate
from ..analysis.annotate import SCHEMA, THRESHOLDS
from ..errors import FiveCrownsError
from ..game import GameRecord, GameState
from ..game._json import RECORD_SCHEMA
from ._session import read_session
from ._term import read_saved

__all__ = ["review", "review_options"]

#: The annotator's marks, as chess writes them.
SYMBOLS: Final = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def review_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file",
        help="the game: a record (GameRecord.to_json), a saved state or a fivecrowns play "
        "save, or annotations written by --json",
    )
    parser.add_argument(
        "--seat", type=int, action="append", help="a seat to review (repeat it; default all)"
    )
    parser.add_argument("--rollouts", type=int, default=64, help="rollouts per move (default 64)")
    parser.add_argument("--seed", type=int, default=0, help="the seed of the rollouts (default 0)")
    parser.add_argument("--json", action="store_true", help="print the annotations as JSON")
    parser.add_argument(
        "--plot",
        metavar="FILE",
        help="also draw the score race and each decision's loss to FILE (.png, .svg, .pdf; "
        'needs matplotlib: pip install "fivecrowns[plot]")',
    )


def review(args: argparse.Namespace, out: TextIO) -> None:
    """The ``review`` command."""
    annotated = _annotated(read_saved(args.file), args.seat, args.rollouts, args.seed)
    if args.plot:
        plot(annotated, args.plot)
    if args.json:
        out.write(annotated.to_json() + "\n")
        return
    out.write("\n".join(text_lines(annotated)) + "\n")


def _annotated(text: str, seats: Sequence[int] | None, n: int, seed: int) -> AnnotatedGame:
    """The annotations of the game in ``text`` (made now, unless they are the file)."""
    try:
        data: Any = json.loads(text)
    except ValueError:
        raise FiveCrownsError(
            "the file is not JSON (a game record, a saved game or annotations)"
        ) from None
    schema = data.get("schema") if isinstance(data, dict) else None
    if schema == SCHEMA:
        return AnnotatedGame.from_json(text)
    if schema == RECORD_SCHEMA:
        record = GameRecord.from_json(text)
    else:
        state: GameState = read_session(text)[0]
        record = state.record()
    return annotate(record, seats, n=n, seed=seed)


def text_lines(annotated: AnnotatedGame) -> list[str]:
    """The review as text: a summary per seat, the biggest losses, the marked moves."""
    record = annotated.record
    final = record.replay()
    lines = [
        f"{record.players} players, seed {record.seed}, {len(final.results)} round(s); "
        f"{len(annotated.annotations)} decisions of seat(s) "
        f"{', '.join(map(str, annotated.seats))} valued by {annotated.n} {annotated.bots} "
        "rollouts per move",
        f"marks: {', '.join(f'{SYMBOLS[m]} {m} from {p:g} points' for m, p in THRESHOLDS)} "
        "(and clearly above the noise)",
        "",
    ]
    for seat in annotated.seats:
        notes = [note for note in annotated.annotations if note.seat == seat]
        counts = ", ".join(
            f"{sum(1 for note in notes if note.mark == mark)} {mark}(s)" for mark, _ in THRESHOLDS
        )
        lost = sum(note.loss for note in notes)
        lines.append(
            f"seat {seat}: final score {final.scores[seat]}; {counts}; "
            f"{lost:.1f} expected points lost in {len(notes)} decisions"
        )
    worst = [note for note in annotated.worst(10) if note.loss > 0]
    if worst:
        lines += ["", "the biggest losses:"]
        lines += [f"  {_note_line(note)}" for note in worst]
    marked = [note for note in annotated.annotations if note.mark is not None]
    lines += ["", "marked moves in game order:" if marked else "no move marked"]
    lines += [f"  {_note_line(note)}" for note in marked]
    return lines


def _note_line(note: Annotation) -> str:
    symbol = SYMBOLS.get(note.mark or "", "")
    noise = "" if note.exact else f" ± {note.standard_error:.1f}"
    return (
        f"round {note.round_number}, move {note.index + 1}, seat {note.seat}: "
        f"{note.played}{symbol} (best {note.best}; {note.loss:.1f}{noise} points)"
    )


def plot(annotated: AnnotatedGame, path: str) -> None:
    """Draw the score race (each seat's total after each round) and each decision's loss
    to ``path`` with matplotlib (the ``plot`` extra)."""
    try:
        matplotlib: Any = importlib.import_module("matplotlib")
    except ImportError:
        raise FiveCrownsError('the plot needs matplotlib: pip install "fivecrowns[plot]"') from None
    matplotlib.use("Agg")
    pyplot: Any = importlib.import_module("matplotlib.pyplot")
    final = annotated.record.replay()
    figure, (race, losses) = pyplot.subplots(2, 1, figsize=(8, 6.5))
    for seat in range(final.players):
        totals = [0]
        for result in final.results:
            totals.append(totals[-1] + (result.scores[seat] or 0))
        race.plot(range(len(totals)), totals, marker="o", label=f"seat {seat}")
    race.set(title="the score race (lower is better)", xlabel="round", ylabel="total")
    race.legend()
    for seat in annotated.seats:
        notes = [note for note in annotated.annotations if note.seat == seat]
        losses.bar(
            [note.index + 1 for note in notes],
            [note.loss for note in notes],
            label=f"seat {seat}",
            width=1.0,
        )
    for _, points in THRESHOLDS:
        losses.axhline(points, linestyle=":", linewidth=0.8, color="grey")
    losses.set(
        title="expected points each decision lost", xlabel="move of the game", ylabel="points"
    )
    losses.legend()
    figure.tight_layout()
    try:
        figure.savefig(path)
    except (OSError, ValueError) as error:
        raise FiveCrownsError(f"cannot draw the plot to {path}: {error}") from None
    finally:
        pyplot.close(figure)
