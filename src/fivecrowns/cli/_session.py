"""The save file of a terminal game (``fivecrowns play --save/--load``): the game and the
bots in its seats (:func:`session_text`, :func:`read_session`), and the checks a resumed
game must pass (:func:`check_resume`)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs

from ..errors import FiveCrownsError
from ..game import GameState
from ..rules import Rules, rule_flag

__all__ = ["SAVE_FORMAT", "check_resume", "read_session", "session_text"]


#: The ``format`` of a file saved by ``fivecrowns play``: the game (as
#: :meth:`GameState.to_json` writes it) and the opponents, so that ``--load`` seats the same
#: bots. ``--load`` also reads a bare game (:meth:`GameState.to_json`).
SAVE_FORMAT: Final = "fivecrowns-play/1"


def session_text(state: GameState, bots: Sequence[str]) -> str:
    """A ``fivecrowns play`` save: the game and the bots' names (seats 1, 2, ...)."""
    data = {"format": SAVE_FORMAT, "bots": list(bots), "game": json.loads(state.to_json())}
    return json.dumps(data) + "\n"


def read_session(text: str) -> tuple[GameState, list[str] | None]:
    """The game of a ``fivecrowns play`` save and its bots' names (None for a bare game)."""
    try:
        data: Any = json.loads(text)
    except ValueError:
        data = None
    if not (isinstance(data, dict) and data.get("format") == SAVE_FORMAT):
        return GameState.from_json(text), None
    bots = data.get("bots")
    if not (isinstance(bots, list) and all(isinstance(name, str) for name in bots)):
        raise FiveCrownsError(
            f"a {SAVE_FORMAT} save needs 'bots', a list of bot names, got {bots!r}"
        )
    state = GameState.from_json(json.dumps(data.get("game")))
    if len(bots) != state.players - 1:
        raise FiveCrownsError(
            f"the save names {len(bots)} bots for {state.players - 1} opponent seats"
        )
    return state, bots


def check_resume(
    state: GameState,
    saved_bots: list[str] | None,
    *,
    players: int | None,
    bots: Sequence[str] | None,
    seed: int | None,
    rule_options: Mapping[str, object],
) -> None:
    """Refuse command-line options that contradict the saved game."""
    if players is not None and players != state.players:
        raise FiveCrownsError(
            f"the saved game has {state.players} players, not {players} (leave out --players)"
        )
    if seed is not None and seed != state.seed:
        raise FiveCrownsError(
            f"the saved game was dealt from seed {state.seed}, not {seed} (leave out --seed)"
        )
    if saved_bots is not None and bots is not None:
        wanted = list(bots) * (state.players - 1) if len(bots) == 1 else list(bots)
        if wanted != saved_bots:
            raise FiveCrownsError(
                f"the saved game's opponents are {','.join(saved_bots)}, not "
                f"{','.join(bots)} (leave out --bots)"
            )
    if rule_options:
        asked = Rules.from_dict(dict(rule_options))
        fields = {field.name: field for field in attrs.fields(Rules)}
        conflicts = [
            rule_flag(fields[name]).flag
            for name in rule_options
            if getattr(asked, name) != getattr(state.rules, name)
        ]
        if conflicts:
            raise FiveCrownsError(
                f"the saved game keeps the rules it was started with; {', '.join(conflicts)} "
                "would change them (leave rule options out with --load; "
                "'fivecrowns play --load FILE' resumes it as it was)"
            )
