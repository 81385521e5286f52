"""What a request asks for, read and checked: its JSON body (bounded), a new game's
options, an action, a hand to analyse. Anything wrong is :class:`RefusedError` with a 4xx that
says what was wrong and what is accepted.

>>> game_options({"players": 3, "difficulty": "easy"}) == (3, "easy", Rules())
True
>>> game_options({"players": 9})
Traceback (most recent call last):
...
fivecrowns.web._errors.RefusedError: players must be an int from 2 to 7, got 9
>>> str(action_of({"action": "discard 7h"}, Rules()))
'discard 7H'
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from starlette.requests import Request

from ..cards import Card, parse_cards
from ..errors import FiveCrownsError
from ..game.actions import Action
from ..rules import Rules, parse_wild_rank
from ._errors import RefusedError
from ._service import DIFFICULTY

__all__ = [
    "MAX_BODY",
    "MAX_SAVED_GAME",
    "action_of",
    "analysis_options",
    "game_options",
    "read_json",
]

#: The largest request body the server reads, in bytes.
MAX_BODY: Final = 16_384
#: The largest saved game the server reads (the replay viewer, the annotator), in bytes.
MAX_SAVED_GAME: Final = 1 << 20
_MAX_TEXT: Final = 400


async def read_json(request: Request, most: int = MAX_BODY) -> dict[str, Any]:
    """The request's body as a JSON object: 413 past ``most`` bytes, 400 when it is not a
    JSON object."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > most:
        raise RefusedError(
            413, f"the body is {declared} bytes; the most the server reads is {most}"
        )
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > most:
            raise RefusedError(413, f"the body is over {most} bytes, the most the server reads")
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        raise RefusedError(400, "the body is not JSON; send a JSON object") from None
    if not isinstance(data, dict):
        raise RefusedError(400, f"the body must be a JSON object, got {type(data).__name__}")
    return data


def _known(data: Mapping[str, Any], names: tuple[str, ...]) -> None:
    unknown = sorted(str(name) for name in data if name not in names)
    if unknown:
        raise RefusedError(
            422, f"unknown field(s) {', '.join(unknown)}; the fields are {', '.join(names)}"
        )


def _integer(value: object) -> int | None:
    """An integer of JSON (``5`` or ``5.0``, as JSON Schema counts them), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def _rules(data: object) -> Rules:
    if data is None:
        return Rules()
    if not isinstance(data, dict):
        raise RefusedError(422, "rules must be an object of rule options (see GET /api/rules)")
    try:
        return Rules.from_dict(data)
    except (FiveCrownsError, TypeError, ValueError) as error:
        raise RefusedError(422, str(error)[:_MAX_TEXT]) from None


def game_options(data: Mapping[str, Any]) -> tuple[int, str, Rules]:
    """A new game's players (the person included), difficulty and rules."""
    _known(data, ("players", "difficulty", "rules"))
    rules = _rules(data.get("rules"))
    given = data.get("players", 4)
    players, most = _integer(given), rules.max_players
    if players is None or not 2 <= players <= most:
        raise RefusedError(422, f"players must be an int from 2 to {most}, got {_short(given)}")
    difficulty = data.get("difficulty", "easy")
    if not isinstance(difficulty, str) or difficulty not in DIFFICULTY:
        raise RefusedError(
            422, f"difficulty must be one of {', '.join(DIFFICULTY)}, got {_short(difficulty)}"
        )
    return players, str(difficulty), rules


def action_of(data: Mapping[str, Any], rules: Rules) -> Action:
    """The action of ``{"action": "discard 7H"}`` (its notation, or its integer below
    :func:`~fivecrowns.num_actions`)."""
    _known(data, ("action",))
    value = data.get("action")
    try:
        if isinstance(value, str) and len(value) <= _MAX_TEXT:
            return Action.parse(value)
        number = _integer(value)
        if number is not None:
            return Action.from_int(number, rules)
    except FiveCrownsError as error:
        raise RefusedError(422, str(error)[:_MAX_TEXT]) from None
    raise RefusedError(
        422,
        f"action must be an action's notation ('draw', 'take', 'discard 7H', 'out KD', ...) "
        f"or its integer, got {_short(value)}",
    )


def _wild(value: object) -> int | None:
    if value is None:
        return None
    rank = _integer(value)
    if rank is not None and 3 <= rank <= 13:
        return rank
    try:
        if isinstance(value, str) and len(value) <= 8:
            return parse_wild_rank(value)
    except FiveCrownsError:
        pass
    raise RefusedError(
        422, f"wild must be a rank 3 to 13 (or T, J, Q, K) or 'none', got {_short(value)}"
    )


def analysis_options(data: Mapping[str, Any]) -> tuple[tuple[Card, ...], int | None, Rules]:
    """A hand to analyse: its cards, the wild rank, the rules."""
    _known(data, ("hand", "wild", "rules"))
    hand = data.get("hand")
    if not isinstance(hand, str) or len(hand) > _MAX_TEXT:
        raise RefusedError(
            422, f"hand must be a text of cards such as '7H 8H JK', got {_short(hand)}"
        )
    try:
        cards = parse_cards(hand)
    except FiveCrownsError as error:
        raise RefusedError(422, str(error)[:_MAX_TEXT]) from None
    return cards, _wild(data.get("wild")), _rules(data.get("rules"))


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
