"""The parameters of the OpenSpiel game (:mod:`fivecrowns.adapters.openspiel`): reading the
:class:`~fivecrowns.Rules` from them, and writing them for any rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import attrs

from ..cards import as_int, short_repr
from ..errors import InvalidRulesError
from ..game import GameState
from ..rules import OFFICIAL, OFFICIAL_SCHEDULE, Rules, rule_flag

__all__ = ["DEFAULTS", "UTILITIES", "game_parameters", "rules_from_parameters"]

#: The values of the ``utility`` parameter: ``"zero_sum"`` (the default) and ``"score"``.
UTILITIES: Final = ("zero_sum", "score")
#: Every parameter with its default (OpenSpiel fills in the ones a game string leaves out).
DEFAULTS: Final[dict[str, int | str]] = {
    "players": 2,
    "packs": 2,
    "rounds": len(OFFICIAL_SCHEDULE),
    "hand_size": 0,
    "turn_limit": 0,
    "rules": "",
    "utility": "zero_sum",
}
#: The options with a parameter of their own, by flag (the ``rules`` parameter refuses them).
_OWN_PARAMETER: Final = {"--packs": "packs", "--turn-limit": "turn_limit"}


# -- parameters ------------------------------------------------------------------------------


def _flags() -> dict[str, attrs.Attribute[Any]]:
    return {rule_flag(field).flag: field for field in attrs.fields(Rules)}


def _int_parameter(params: Mapping[str, object], name: str, low: int) -> int:
    value = params.get(name, DEFAULTS[name])
    number = value if type(value) is int else as_int(value)
    if number is None or number < low:
        raise InvalidRulesError(
            f"the parameter {name} must be an int of at least {low}, got {short_repr(value)}"
        )
    return number


def _str_parameter(params: Mapping[str, object], name: str) -> str:
    value = params.get(name, DEFAULTS[name])
    if not isinstance(value, str):
        raise InvalidRulesError(f"the parameter {name} must be a string, got {short_repr(value)}")
    return value


def _flag_options(text: str) -> dict[str, object]:
    """The options the ``rules`` parameter sets, by field name."""
    if any(mark in text for mark in ",()="):
        raise InvalidRulesError(
            "the rules parameter may not hold ',', '(', ')' or '=' (OpenSpiel's game strings "
            f"use them); write lists with '/', as in --schedule 3/5/7; got {short_repr(text)}"
        )
    flags = _flags()
    options: dict[str, object] = {}
    tokens = text.split()
    i = 0
    while i < len(tokens):
        token = tokens[i]
        if token in _OWN_PARAMETER:
            raise InvalidRulesError(
                f"{token} has a parameter of its own: set {_OWN_PARAMETER[token]}= instead"
            )
        field = flags.get(token)
        if field is None:
            raise InvalidRulesError(
                f"unknown rule flag {short_repr(token)} in the rules parameter; the flags are "
                f"{', '.join(sorted(set(flags) - set(_OWN_PARAMETER)))}"
            )
        if field.name in options:
            raise InvalidRulesError(f"{token} is given twice in the rules parameter")
        flag = rule_flag(field)
        if flag.is_switch:
            options[field.name] = not field.default
            i += 1
            continue
        if i + 1 == len(tokens):
            raise InvalidRulesError(f"{token} needs a value, such as {flag.example}")
        value = tokens[i + 1].replace("/", ",")
        if flag.parse is not None:
            options[field.name] = flag.parse(value)
        elif flag.choices is not None and value not in flag.choices:
            raise InvalidRulesError(
                f"{token} is one of {', '.join(flag.choices)}, got {short_repr(value)}"
            )
        else:
            options[field.name] = value
        i += 2
    return options


def rules_from_parameters(params: Mapping[str, object]) -> tuple[int, Rules, str]:
    """The table (players), the :class:`~fivecrowns.Rules` and the utility that a game's
    parameters ask for (the module docs list them; those left out take their defaults).

    A bad parameter raises :class:`~fivecrowns.InvalidRulesError` saying what is accepted;
    a table the deck cannot deal, :class:`~fivecrowns.InvalidStateError`.

    >>> players, rules, utility = rules_from_parameters({"packs": 1, "rounds": 1})
    >>> players, rules.packs, rules.schedule, utility
    (2, 1, (3,), 'zero_sum')
    >>> rules_from_parameters({"hand_size": 7, "rounds": 2, "rules": "--lay-off"})[1].lay_off
    True
    """
    unknown = sorted(str(name) for name in params if name not in DEFAULTS)
    if unknown:
        raise InvalidRulesError(
            f"unknown parameter(s) {', '.join(unknown)}; the parameters are {', '.join(DEFAULTS)}"
        )
    players = _int_parameter(params, "players", 2)
    packs = _int_parameter(params, "packs", 1)
    rounds = _int_parameter(params, "rounds", 1)
    hand_size = _int_parameter(params, "hand_size", 0)
    turn_limit = _int_parameter(params, "turn_limit", 0)
    utility = _str_parameter(params, "utility")
    if utility not in UTILITIES:
        raise InvalidRulesError(
            f"the parameter utility must be 'zero_sum' or 'score', got {short_repr(utility)}"
        )
    options = _flag_options(_str_parameter(params, "rules"))
    if "schedule" in options:
        if rounds != DEFAULTS["rounds"] or hand_size != DEFAULTS["hand_size"]:
            raise InvalidRulesError(
                "--schedule in the rules parameter replaces rounds and hand_size: leave them out"
            )
    elif hand_size:
        options["schedule"] = (hand_size,) * rounds
    else:
        if rounds > len(OFFICIAL_SCHEDULE):
            raise InvalidRulesError(
                f"the official schedule has {len(OFFICIAL_SCHEDULE)} rounds, got rounds="
                f"{rounds} (set hand_size for a constant schedule)"
            )
        options["schedule"] = OFFICIAL_SCHEDULE[:rounds]
    options["packs"] = packs
    options["turn_limit"] = turn_limit or None
    rules = Rules.from_dict(options)
    if rules.tie_break == "extra_round":
        raise InvalidRulesError(
            "tie_break='extra_round' is not supported here: tie-break rounds change no return "
            "and may repeat without bound, while an OpenSpiel game has a bounded length"
        )
    if not rules.auto_arrange_final_hand:
        raise InvalidRulesError(
            "auto_arrange_final_hand=False is not supported here: a player may select and "
            "deselect cards for ever, while an OpenSpiel game has a bounded length"
        )
    GameState.new(players, rules=rules, seed=0)  # the engine's checks of the table
    return players, rules, utility


def _flag_value(value: object) -> str:
    if isinstance(value, tuple):
        return "/".join("none" if entry is None else str(entry) for entry in value)
    return "unlimited" if value is None else str(value)


def game_parameters(
    players: int = 2, rules: Rules = OFFICIAL, utility: str = "zero_sum"
) -> dict[str, int | str]:
    """The parameters of the game of ``players`` under ``rules`` (only those that differ
    from their defaults), for ``pyspiel.load_game(GAME_NAME, parameters)``.

    >>> game_parameters(rules=Rules(packs=1, schedule=(3,), turn_limit=8))
    {'packs': 1, 'rounds': 1, 'turn_limit': 8}
    >>> game_parameters(3, Rules(schedule=(3, 5), lay_off=True), "score")
    {'players': 3, 'rules': '--schedule 3/5 --lay-off', 'utility': 'score'}
    """
    params: dict[str, int | str] = {
        "players": players,
        "packs": rules.packs,
        "turn_limit": rules.turn_limit or 0,
        "utility": utility,
    }
    flags: list[str] = []
    schedule = rules.schedule
    if schedule == OFFICIAL_SCHEDULE[: len(schedule)]:
        params["rounds"] = len(schedule)
    elif len(set(schedule)) == 1:
        params["rounds"], params["hand_size"] = len(schedule), schedule[0]
    else:
        flags += ["--schedule", _flag_value(schedule)]
    for field in attrs.fields(Rules):
        value = getattr(rules, field.name)
        if field.name in ("packs", "schedule", "turn_limit") or value == field.default:
            continue
        flag = rule_flag(field)
        flags += [flag.flag] if flag.is_switch else [flag.flag, _flag_value(value)]
    params["rules"] = " ".join(flags)
    ordered = {name: params[name] for name in DEFAULTS if name in params}
    rules_from_parameters(ordered)  # refuse what the game would refuse, now
    return {name: value for name, value in ordered.items() if value != DEFAULTS[name]}
