"""The replay annotator: every decision of a recorded game valued against the best move, and
marked as a chess annotator marks moves.

:func:`annotate` replays a :class:`~fivecrowns.GameRecord` and, at each decision of the
chosen seats that had a choice, values every legal move as :func:`evaluate_actions` does
(rollouts on common deals; exact on the final lap). The **loss** of the move played is its
expected round score less the best move's, with the standard error of their paired
difference. A move is marked when its loss is at least a threshold *and* clearly more than
the noise (more than 1.96 standard errors): an **inaccuracy** from 2 points, a **mistake**
from 5, a **blunder** from 10 (``THRESHOLDS``; a round's score is points left in hand, so 10
points is a card or two thrown away).

The result serialises with the record (:meth:`AnnotatedGame.to_json`, schema
``"fivecrowns.annotations/1"``), and reads back checked against it.

>>> import fivecrowns as fc
>>> bots = [fc.make_bot("greedy"), fc.make_bot("random")]
>>> record = fc.play_game(bots, rules=fc.Rules.short_game(1), seed=3).record
>>> review = annotate(record, seats=[1], n=16, seed=2)
>>> {note.seat for note in review.annotations}
{1}
>>> worst = review.worst(1)[0]
>>> worst.loss >= max(note.loss for note in review.annotations) - 1e-9
True
>>> AnnotatedGame.from_json(review.to_json()) == review
True
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from typing import Any, Final

import attrs

from .._shuffle import derive_seed
from ..bots.rollout import ROLLOUT_BOTS, rollouts
from ..cards import as_int, short_repr
from ..errors import FiveCrownsError, InvalidStateError
from ..game import GameRecord, GameState
from ..game.actions import Action
from .actions import evaluate_actions

__all__ = ["SCHEMA", "THRESHOLDS", "AnnotatedGame", "Annotation", "annotate"]

#: The version of the JSON layout of :meth:`AnnotatedGame.to_json`.
SCHEMA: Final = "fivecrowns.annotations/1"
#: The marks, from the least loss (points) that earns each.
THRESHOLDS: Final = (("inaccuracy", 2.0), ("mistake", 5.0), ("blunder", 10.0))
#: How many standard errors a loss must clear to be marked.
_CLEAR: Final = 1.96


@attrs.frozen
class Annotation:
    """One decision: the action at ``index`` of the record (0-based), played by ``seat`` in
    round ``round_number``; the ``best`` move, the ``loss`` of the one ``played`` against it
    (expected points of round score, 0 or more) with its ``standard_error``, the ``mark``
    (None, ``"inaccuracy"``, ``"mistake"`` or ``"blunder"``), and whether it is ``exact``."""

    index: int
    seat: int
    round_number: int
    played: Action
    best: Action
    loss: float
    standard_error: float
    mark: str | None
    exact: bool

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data (the actions in their notation)."""
        return {
            "index": self.index,
            "seat": self.seat,
            "round": self.round_number,
            "played": str(self.played),
            "best": str(self.best),
            "loss": self.loss,
            "standard_error": self.standard_error,
            "mark": self.mark,
            "exact": self.exact,
        }


@attrs.frozen
class AnnotatedGame:
    """A record with the annotations of its ``seats``' decisions, in game order (decisions
    with one legal move are left out), and the settings they were made with."""

    record: GameRecord
    seats: tuple[int, ...]
    annotations: tuple[Annotation, ...]
    n: int
    bots: str
    seed: int

    def worst(self, count: int | None = None) -> tuple[Annotation, ...]:
        """The annotations by loss, the biggest first (the ``count`` biggest)."""
        ordered = sorted(self.annotations, key=lambda note: (-note.loss, note.index))
        return tuple(ordered if count is None else ordered[:count])

    def marked(self, mark: str) -> tuple[Annotation, ...]:
        """The decisions that earned ``mark``, in game order."""
        return tuple(note for note in self.annotations if note.mark == mark)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data: the schema, the record, the settings and the annotations."""
        return {
            "schema": SCHEMA,
            "record": self.record.to_dict(),
            "seats": list(self.seats),
            "settings": {"n": self.n, "bots": self.bots, "seed": self.seed},
            "annotations": [note.to_dict() for note in self.annotations],
        }

    def to_json(self) -> str:
        """The annotations and their record as a JSON text (see :meth:`to_dict`)."""
        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str | bytes) -> AnnotatedGame:
        """Read :meth:`to_json`'s text, checked against its record (which must replay, and
        whose actions the annotations must name); anything else raises
        :class:`~fivecrowns.InvalidStateError` saying what."""
        try:
            data = json.loads(text)
        except ValueError as error:
            raise InvalidStateError(f"annotations are JSON: {error}") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: object) -> AnnotatedGame:
        """Read :meth:`to_dict`'s data (see :meth:`from_json`)."""
        fields = {"schema", "record", "seats", "settings", "annotations"}
        if not isinstance(data, Mapping) or set(data) != fields:
            raise InvalidStateError(f"annotations have the fields {sorted(fields)}")
        if data["schema"] != SCHEMA:
            raise InvalidStateError(
                f"unknown annotations schema {short_repr(data['schema'])}; this version reads "
                f"{SCHEMA!r}"
            )
        record = GameRecord.from_dict(data["record"])
        settings = data["settings"]
        if not isinstance(settings, Mapping) or set(settings) != {"n", "bots", "seed"}:
            raise InvalidStateError("annotations' settings are n, bots and seed")
        seats = _seats(data["seats"], record.players)
        notes = data["annotations"]
        if not isinstance(notes, list):
            raise InvalidStateError("annotations must be a list")
        states = [state for state, _ in _moves(record)]
        return cls(
            record,
            seats,
            tuple(_note(note, record, states) for note in notes),
            settings["n"],
            settings["bots"],
            settings["seed"],
        )


def annotate(
    record: GameRecord,
    seats: Iterable[int] | None = None,
    *,
    n: int = 64,
    bots: str = "greedy",
    seed: int = 0,
) -> AnnotatedGame:
    """Annotate the decisions of ``seats`` (every seat by default) in ``record``: each move
    valued as :func:`evaluate_actions` values it (``n`` rollouts per move with ``bots``; each
    decision's rollouts seeded from ``seed`` and its index, so the whole is deterministic).
    A record that does not replay, or a seat the table does not have, raises
    :class:`~fivecrowns.FiveCrownsError`."""
    if not isinstance(record, GameRecord):
        raise FiveCrownsError(f"annotate takes a GameRecord, got {short_repr(record)}")
    chosen = _seats(range(record.players) if seats is None else seats, record.players)
    count = as_int(n)
    if count is None or count < 2:
        raise FiveCrownsError(f"n must be an int of at least 2, got {short_repr(n)}")
    if bots not in ROLLOUT_BOTS:
        raise FiveCrownsError(f"bots must be one of {', '.join(ROLLOUT_BOTS)}, got {bots!r}")
    number = as_int(seed)
    if number is None or not 0 <= number < 1 << 63:
        raise FiveCrownsError(f"seed must be an int from 0 to 2**63 - 1, got {short_repr(seed)}")
    notes = []
    for index, (state, played) in enumerate(_moves(record)):
        legal = state.legal_actions()
        if state.current not in chosen or len(legal) < 2:
            continue
        view = state.view(state.current)
        decision = derive_seed("fivecrowns/annotate/v1", number, index) >> 1
        notes.append(_annotation(index, state, view, legal, played, count, bots, decision))
    return AnnotatedGame(record, chosen, tuple(notes), count, bots, number)


def _annotation(
    index: int,
    state: GameState,
    view: Any,
    legal: tuple[Action, ...],
    played: Action,
    n: int,
    bots: str,
    seed: int,
) -> Annotation:
    """The annotation of the move ``played`` from ``state`` (the action at ``index``)."""
    values = evaluate_actions(view, n=n, bots=bots, seed=seed)
    means = {value.action: value.mean for value in values.actions}
    if values.exact:
        loss, error = means[played] - means[values.best], 0.0
    else:
        actions = [values.best, played]
        scores = rollouts(view, bots, n=n, seed=seed, actions=actions, improve=True)
        differences = (scores[1, :, view.player] - scores[0, :, view.player]).astype(float)
        loss = float(differences.mean())
        error = float(differences.std(ddof=1) / math.sqrt(n)) if played != values.best else 0.0
    loss = max(0.0, loss)
    return Annotation(
        index,
        state.current,
        state.round_number,
        played,
        values.best,
        loss,
        error,
        _mark(loss, error),
        values.exact,
    )


def _mark(loss: float, error: float) -> str | None:
    found = None
    for mark, least in THRESHOLDS:
        if loss >= least and loss > _CLEAR * error:
            found = mark
    return found


def _moves(record: GameRecord) -> list[tuple[GameState, Action]]:
    """The state before each action of ``record``, with the action (checked legal there: a
    record that does not replay raises, saying where)."""
    state = GameState.new(
        record.players, rules=record.rules, seed=record.seed, first_dealer=record.first_dealer
    )
    moves = []
    for number, value in enumerate(record.actions, start=1):
        try:
            action = Action.from_int(value, record.rules)
            after = state.apply(action)
        except FiveCrownsError as error:
            raise InvalidStateError(
                f"the record does not replay: action {number} ({value}): {error}"
            ) from None
        moves.append((state, action))
        state = after
    return moves


def _seats(seats: object, players: int) -> tuple[int, ...]:
    try:
        chosen = tuple(sorted(set(seats)))  # type: ignore[call-overload]
    except TypeError:
        chosen = ()
    if not chosen or not all(type(seat) is int and 0 <= seat < players for seat in chosen):
        raise FiveCrownsError(
            f"seats must be seats of the table, 0 to {players - 1}, got {short_repr(seats)}"
        )
    return chosen


def _note(data: object, record: GameRecord, states: list[GameState]) -> Annotation:
    """One annotation read back, checked against the record."""
    fields = {"index", "seat", "round", "played", "best", "loss", "standard_error", "mark"}
    if not isinstance(data, Mapping) or set(data) != fields | {"exact"}:
        raise InvalidStateError(f"an annotation has the fields {sorted(fields | {'exact'})}")
    index = data["index"]
    if type(index) is not int or not 0 <= index < len(states):
        raise InvalidStateError(f"annotation index {short_repr(index)} is not an action")
    state = states[index]
    played = Action.parse(str(data["played"]))
    best = Action.parse(str(data["best"]))
    legal = state.legal_actions()
    if played.to_int() != record.actions[index] or best not in legal:
        raise InvalidStateError(f"annotation {index} does not match the record's move")
    if data["seat"] != state.current or data["round"] != state.round_number:
        raise InvalidStateError(f"annotation {index} names another seat or round")
    marks = {mark for mark, _ in THRESHOLDS} | {None}
    loss, error = data["loss"], data["standard_error"]
    if data["mark"] not in marks or not all(
        isinstance(value, int | float) and value >= 0 for value in (loss, error)
    ):
        raise InvalidStateError(f"annotation {index} has a bad mark, loss or standard error")
    return Annotation(
        index,
        state.current,
        state.round_number,
        played,
        best,
        float(loss),
        float(error),
        data["mark"],
        bool(data["exact"]),
    )
