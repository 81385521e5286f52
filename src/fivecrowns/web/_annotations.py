"""The annotator's marks for the replay viewer: a saved game's decisions valued by
:func:`~fivecrowns.annotate` (each move against the best, marked inaccuracy, mistake or
blunder), and the biggest losses first. It takes seconds for a whole game: the route runs
it in a worker thread (:class:`~fivecrowns.web._workers.Workers`).

>>> import fivecrowns as fc
>>> bots = [fc.make_bot("greedy"), fc.make_bot("random")]
>>> record = fc.play_game(bots, rules=fc.Rules.short_game(1), seed=3).record
>>> options = annotation_options({"game": record.to_dict(), "n": 8})
>>> answer = annotations_of(*options)
>>> answer["n"], len(answer["annotations"]) == len(answer["worst"])
(8, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from ..analysis import annotate
from ..errors import FiveCrownsError
from ..game import GameRecord
from ._errors import RefusedError
from ._replay import saved_record

__all__ = ["MOST_ROLLOUTS", "annotation_options", "annotations_of"]

#: The most rollouts per move a request may ask for (and the default).
MOST_ROLLOUTS: Final = 256
_DEFAULT_ROLLOUTS: Final = 64
_FIELDS: Final = ("game", "seats", "n")


def _rollouts(value: object) -> int:
    if value is None:
        return _DEFAULT_ROLLOUTS
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 2 <= value <= MOST_ROLLOUTS:
        raise RefusedError(
            422,
            f"n must be an int from 2 to {MOST_ROLLOUTS} (rollouts per move), got {value!r:.40}",
        )
    return value


def _seats(value: object, players: int) -> tuple[int, ...] | None:
    if value is None:
        return None
    if (
        not isinstance(value, list)
        or not value
        or not all(type(seat) is int and 0 <= seat < players for seat in value)
    ):
        raise RefusedError(
            422, f"seats must be a list of seats from 0 to {players - 1}, got {value!r:.60}"
        )
    return tuple(sorted(set(value)))


def annotation_options(
    data: Mapping[str, Any],
) -> tuple[GameRecord, tuple[int, ...] | None, int]:
    """What ``{"game": <saved game>, "seats": [0, 1], "n": 64}`` asks for: the record, the
    seats (None: every seat) and the rollouts per move."""
    unknown = sorted(str(name) for name in data if name not in _FIELDS)
    if unknown:
        raise RefusedError(
            422, f"unknown field(s) {', '.join(unknown)}; the fields are {', '.join(_FIELDS)}"
        )
    n = _rollouts(data.get("n"))
    record = saved_record(data.get("game"))
    return record, _seats(data.get("seats"), record.players), n


def annotations_of(record: GameRecord, seats: tuple[int, ...] | None, n: int) -> dict[str, Any]:
    """The annotations of the record's decisions (:meth:`~fivecrowns.Annotation.to_dict`,
    in game order; ``index`` is the action's, so the step after it is ``index + 1``) and
    their indexes by loss, the biggest first."""
    try:
        review = annotate(record, seats, n=n)
    except FiveCrownsError as error:
        raise RefusedError(422, f"the saved game does not replay: {str(error)[:300]}") from None
    return {
        "steps": len(record.actions),
        "seats": list(review.seats),
        "n": review.n,
        "bots": review.bots,
        "seed": review.seed,
        "annotations": [note.to_dict() for note in review.annotations],
        "worst": [note.index for note in review.worst()],
    }
