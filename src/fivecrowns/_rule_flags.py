"""How each option of :class:`~fivecrowns.Rules` is written on a command line
(:class:`RuleFlag`), and the makers of the ``Rules`` fields that carry one."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, Final

import attrs

from .cards import _int_or_same, short_repr
from .errors import InvalidRulesError

__all__ = ["RuleFlag", "rule_flag"]


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_bool(_instance: object, attribute: attrs.Attribute[bool], value: bool) -> None:
    if not isinstance(value, bool):
        raise InvalidRulesError(f"{attribute.name} must be True or False, got {short_repr(value)}")


@attrs.frozen
class RuleFlag:
    """How one option of :class:`Rules` is set on a command line (``fivecrowns rules --lay-off``):
    each field of ``Rules`` carries one in its metadata (:func:`rule_flag` reads it).

    - ``flag``: the option's name on the command line.
    - ``help``: what it does, in a few words.
    - ``parse``: reads the option's value from the text after the flag (raising
      :class:`~fivecrowns.InvalidRulesError` saying what is accepted); ``None`` for a switch,
      a flag with no value that sets the option to the opposite of its default.
    - ``metavar``: how the help names the value; ``choices``: the only values accepted.
    - ``example``: a value the flag accepts (for the help of tools, and tests).
    """

    flag: str
    help: str
    parse: Callable[[str], object] | None = None
    metavar: str | None = None
    choices: tuple[str, ...] | None = None
    example: str | None = None

    @property
    def is_switch(self) -> bool:
        """True for a flag that takes no value."""
        return self.parse is None and self.choices is None


def rule_flag(field: attrs.Attribute[Any]) -> RuleFlag:
    """The :class:`RuleFlag` of a field of :class:`Rules`.

    >>> from fivecrowns import Rules
    >>> [rule_flag(field).flag for field in attrs.fields(Rules)][:3]
    ['--packs', '--schedule', '--wild-ranks']
    """
    flag = field.metadata.get("flag")
    if not isinstance(flag, RuleFlag):
        raise InvalidRulesError(f"the rule option {field.name} has no command-line flag")
    return flag


#: A whole number as the command line writes it: ASCII digits, an optional minus sign, no
#: more than 9 digits (``int`` also reads "+3", "3_0", " 3 " and other scripts' digits).
_WHOLE: Final = re.compile(r"-?[0-9]{1,9}")


def _whole(text: str) -> int:
    """``text`` as a whole number (see ``_WHOLE``); ValueError if it is not one."""
    if not isinstance(text, str) or _WHOLE.fullmatch(text) is None:
        raise ValueError(text)
    return int(text)


def _parse_int(text: str) -> int:
    try:
        return _whole(text)
    except ValueError:
        raise InvalidRulesError(
            f"expected a whole number in ASCII digits (e.g. 3 or -10), got {short_repr(text)}"
        ) from None


def _parse_max_wilds(text: str) -> int | str | None:
    if text == "naturals":
        return text
    if text in ("none", "unlimited"):
        return None
    try:
        return _whole(text)
    except ValueError:
        raise InvalidRulesError(
            f"expected a number, 'naturals' or 'unlimited', got {short_repr(text)}"
        ) from None


def _number(default: int | None, flag: str, help: str, example: str) -> Any:
    """An int option (any integer type but bool, kept as an int), a whole number on the
    command line."""
    return attrs.field(
        default=default,
        converter=_int_or_same,
        metadata=_cli(RuleFlag(flag, help, _parse_int, "N", example=example)),
    )


def _choice(default: str, flag: str, help: str, choices: tuple[str, ...], example: str) -> Any:
    """An option with a few named values (``choices``)."""
    return attrs.field(
        default=default, metadata=_cli(RuleFlag(flag, help, choices=choices, example=example))
    )


def _cli(flag: RuleFlag) -> dict[str, RuleFlag]:
    """The field metadata that gives an option its command-line flag."""
    return {"flag": flag}


def _switch(default: bool, flag: str, help: str) -> bool:
    """A True/False option, set on the command line by a switch that flips its default."""
    return attrs.field(default=default, validator=_check_bool, metadata=_cli(RuleFlag(flag, help)))


def _to_tuple(value: object) -> object:
    """A sequence option as a tuple, its integer entries (numpy ones too) as ints."""
    if isinstance(value, (list, range, tuple)):
        return tuple(_int_or_same(entry) for entry in value)
    return value


def _is_choice(value: object, choices: tuple[str, ...]) -> bool:
    """Is ``value`` one of the strings ``choices``? (Only a ``str`` is compared: ``in`` on a
    numpy array or another odd object would compare element-wise or raise.)"""
    return isinstance(value, str) and value in choices


#: The option ``solitaire_dealt_piles`` replaced (in unreleased versions, before a release),
#: read from old saves: True closed piles dealt whole or all but one card melded.
_OLD_DEALT_OPTION: Final = "solitaire_close_dealt_piles"


def _renamed_dealt_option(data: Mapping[str, object]) -> dict[str, object]:
    """``data`` with the old option ``solitaire_close_dealt_piles`` given as
    ``solitaire_dealt_piles``, as it last meant it: True ``"all_but_one"``, False
    ``"draw"`` (a Solitaire save reads it by its layout's version itself, see
    :meth:`fivecrowns.SolitaireState.from_json`)."""
    renamed = dict(data)
    old = renamed.pop(_OLD_DEALT_OPTION)
    if not isinstance(old, bool) or "solitaire_dealt_piles" in renamed:
        raise InvalidRulesError(
            f"{_OLD_DEALT_OPTION} (of older saves) must be True or False, and not given with "
            f"solitaire_dealt_piles, its successor; got {short_repr(old)}"
        )
    renamed["solitaire_dealt_piles"] = "all_but_one" if old else "draw"
    return renamed
