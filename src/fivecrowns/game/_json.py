"""The JSON codec of the game: a :class:`~fivecrowns.GameState` and a
:class:`~fivecrowns.GameRecord` to and from JSON-ready data.

Reading checks the shape of the data (known fields, types, cards) and builds the records; what
makes a state possible is checked by the game itself (:mod:`fivecrowns.game._checks`), so the
reader never re-derives a rule. Fields added after a schema was first written (``laid_off`` of
a state, ``layouts`` of a round result) may be missing: a save written before them loads, with
nothing laid off and no layouts.
"""

from __future__ import annotations

import json
import reprlib
from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from ..cards import Card, format_cards, parse_cards
from ..errors import FiveCrownsError, InvalidStateError
from ..melds import Meld
from ..rules import Rules
from ._checks import check_players, check_round
from ._fields import RecordFields, StateFields
from ._round import FinalLayout, RoundResult, TableMeld, round_facts_dict, round_params
from ._scoring import meld_of
from .actions import Action, Phase, num_actions

__all__ = [
    "MAX_ACTIONS",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_TEXT",
    "RECORD_SCHEMA",
    "STATE_SCHEMA",
    "clip",
    "loads",
    "record_fields",
    "record_to_dict",
    "short",
    "state_fields",
    "state_to_dict",
]

#: The schema tag of :meth:`GameState.to_json`.
STATE_SCHEMA: Final = "fivecrowns.state/1"
#: The schema tag of :meth:`GameRecord.to_json`.
RECORD_SCHEMA: Final = "fivecrowns.record/1"

_ENDINGS: Final = ("out", "stock", "turn_limit")
_STATE_FIELDS: Final = (
    *("schema", "rules", "players", "seed", "first_dealer", "round_number", "extra_round"),
    *("dealer", "active", "current", "phase", "hands", "selection", "stock", "discard_pile"),
    *("table", "went_out", "final_turns_left", "taken", "turns", "reshuffles", "round_scores"),
    *("laid_off", "results", "round_history", "past_actions"),
)
_RESULT_FIELDS: Final = (
    *("round_number", "extra_round", "hand_size", "wild_rank", "dealer", "went_out"),
    *("scores", "ended", "layouts"),
)
_RECORD_FIELDS: Final = ("schema", "players", "rules", "seed", "first_dealer", "actions")
#: Fields a save written before they were recorded may lack.
_OPTIONAL_FIELDS: Final = ("laid_off", "layouts")


def state_to_dict(state: StateFields) -> dict[str, Any]:
    """The whole state as JSON-ready data."""
    return {
        "schema": STATE_SCHEMA,
        "rules": state.rules.to_dict(),
        "players": state.players,
        "seed": state.seed,
        "first_dealer": state.first_dealer,
        "round_number": state.round_number,
        "extra_round": state.extra_round,
        "dealer": state.dealer,
        "active": list(state.active),
        "current": state.current,
        "phase": state.phase.value,
        "hands": [format_cards(hand) for hand in state.hands],
        "selection": format_cards(state.selection),
        "stock": format_cards(state.stock),
        **round_facts_dict(state),
        "reshuffles": state.reshuffles,
        "round_scores": list(state.round_scores),
        "laid_off": [format_cards(cards) for cards in state.laid_off],
        "results": [result.to_dict() for result in state.results],
        "round_history": [list(pair) for pair in state.round_history],
        "past_actions": list(state.past_actions),
    }


def record_to_dict(record: RecordFields) -> dict[str, Any]:
    """A game record as JSON-ready data; actions in their notation (``"discard 7H"``)."""
    return {
        "schema": RECORD_SCHEMA,
        "players": record.players,
        "rules": record.rules.to_dict(),
        "seed": record.seed,
        "first_dealer": record.first_dealer,
        "actions": [str(Action.from_int(action)) for action in record.actions],
    }


#: The most actions a loaded game or record may hold. The rules bound neither a round (the
#: discard pile is reshuffled into the stock as often as it runs out) nor the number of
#: tie-break rounds, so no game is "the longest"; the bound is twenty times the longest game
#: the built-in random bot plays in a sample of seeded games (about 5,000 actions), and more
#: than any game a person or a bot that tries to go out plays.
MAX_ACTIONS: Final = 100_000
#: The longest JSON text a loader parses (checked before parsing): :data:`MAX_ACTIONS`
#: actions at 20 characters each (``"deselect 10H", `` in a record, ``[6, 123], `` in a
#: state's round history), plus 1 MiB for the rest (rules, hands, stock, about 2 KB of result
#: per round).
MAX_TEXT: Final = 20 * MAX_ACTIONS + (1 << 20)
#: The deepest nesting of arrays and objects a loader parses (a save nests 7 deep: a state,
#: its results, a result, its layouts, a layout, its melds, a meld).
MAX_DEPTH: Final = 16
#: The most digits of an integer a loader parses: the interpreter's default limit for
#: turning text into an int, so any seed :meth:`~fivecrowns.GameState.to_json` can write
#: loads back.
MAX_DIGITS: Final = 4300
#: The longest error message a loader writes (a bad value is shown cut short).
MAX_MESSAGE: Final = 300

_SHORT: Final = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxlist, _SHORT.maxdict = 3, 6, 4
_SHORT.maxstring = _SHORT.maxlong = _SHORT.maxother = 40


def short(value: object) -> str:
    """``repr(value)``, cut short (bad input may be huge)."""
    try:
        return _SHORT.repr(value)
    except ValueError:  # an int beyond the interpreter's digit limit
        return "an int too long to show"


def clip(message: str) -> str:
    """``message`` cut to :data:`MAX_MESSAGE` characters."""
    return message if len(message) <= MAX_MESSAGE else f"{message[: MAX_MESSAGE - 3]}..."


def _depth(text: str) -> int:
    """The deepest nesting of arrays and objects in ``text``, brackets in strings left out,
    in linear time whatever the text: escaped backslashes, then escaped quotes, are dropped
    (so every quote left opens or closes a string), then array operations count over the
    quotes and brackets of the UTF-8 bytes (no multi-byte character holds an ASCII byte)."""
    if "\\" in text:
        text = text.replace("\\\\", "").replace('\\"', "")
    raw = np.frombuffer(text.encode("utf-8", "surrogatepass"), dtype=np.uint8)
    marks = raw[np.flatnonzero(np.isin(raw, _MARKS))]
    outside = np.cumsum(marks == ord('"'), dtype=np.int32) % 2 == 0
    steps = np.isin(marks, _OPENS).astype(np.int8) - np.isin(marks, _CLOSES).astype(np.int8)
    steps[~outside] = 0
    return int(np.cumsum(steps, dtype=np.int32).max(initial=0))


_OPENS: Final = np.frombuffer(b"[{", dtype=np.uint8)
_CLOSES: Final = np.frombuffer(b"]}", dtype=np.uint8)
_MARKS: Final = np.frombuffer(b'"[]{}', dtype=np.uint8)


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        for twice, _ in pairs:
            if twice in seen:
                break
            seen.add(twice)
        raise InvalidStateError(
            f"the key {short(twice)} appears twice in one JSON object; each field is given once"
        )
    return data


def _int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise InvalidStateError(
            f"an integer of {len(digits.lstrip('-'))} digits; a save holds integers of at most "
            f"{MAX_DIGITS} digits"
        )
    try:
        return int(digits)
    except ValueError:  # the interpreter's digit limit, lowered below MAX_DIGITS
        raise InvalidStateError(f"an integer of {len(digits)} digits is too long") from None


def _no_number(text: str) -> Any:
    raise InvalidStateError(f"a save holds integers only, got the number {short(text)}")


def loads(text: object, what: str = "saved game") -> dict[str, Any]:
    """The JSON object in ``text``, a :data:`MAX_TEXT`-bounded str or bytes.

    Sizes are checked before anything is parsed: the length of the text, then the nesting
    depth; while parsing, the digits of each integer and repeated keys. Floats, ``NaN`` and
    ``Infinity`` are refused (a save holds integers only). Every refusal is an
    :class:`InvalidStateError` with a short message.
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise InvalidStateError(f"expected a JSON text (str or bytes), got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise InvalidStateError(
            f"a {what} is a JSON text of at most {MAX_TEXT:,} characters, got {len(text):,}"
        )
    if not isinstance(text, str):
        try:
            text = bytes(text).decode(json.detect_encoding(text))
        except UnicodeDecodeError as error:
            raise InvalidStateError(f"not valid JSON: {clip(str(error))}") from None
    depth = _depth(text)
    if depth > MAX_DEPTH:
        raise InvalidStateError(
            f"JSON nested {depth} deep; a {what} nests at most {MAX_DEPTH} deep"
        )
    try:
        data = json.loads(
            text,
            object_pairs_hook=_object,
            parse_int=_int,
            parse_float=_no_number,
            parse_constant=_no_number,
        )
    except json.JSONDecodeError as error:
        raise InvalidStateError(f"not valid JSON: {clip(str(error))}") from None
    except RecursionError:  # unreachable after the depth check; kept as a backstop
        raise InvalidStateError(f"JSON nested too deep for a {what}") from None
    if not isinstance(data, dict):
        raise InvalidStateError(f"a {what} is a JSON object, got {type(data).__name__}")
    return data


class _Reader:
    """Typed access to a JSON object, with errors naming the field."""

    def __init__(self, data: object, fields: Sequence[str], what: str) -> None:
        if not isinstance(data, dict):
            raise InvalidStateError(f"a {what} is a JSON object, got {short(data)}")
        unknown = sorted(set(data) - set(fields))
        if unknown:
            raise InvalidStateError(
                clip(f"unknown field(s) in {what}: {', '.join(map(short, unknown))}")
            )
        missing = [name for name in fields if name not in data and name not in _OPTIONAL_FIELDS]
        if missing:
            raise InvalidStateError(f"missing field(s) in {what}: {', '.join(missing)}")
        self.data: dict[str, Any] = data
        self.what = what

    def integer(self, name: str, low: int | None = 0, high: int | None = None) -> int:
        value = self.data[name]
        if (
            type(value) is not int
            or (low is not None and value < low)
            or (high is not None and value > high)
        ):
            bounds = f" from {low}" if low is not None else ""
            bounds += f" to {high}" if high is not None else ""
            raise InvalidStateError(
                f"{self.what}.{name} must be an int{bounds}, got {short(value)}"
            )
        return value

    def opt_int(self, name: str, low: int = 0, high: int | None = None) -> int | None:
        return None if self.data[name] is None else self.integer(name, low, high)

    def array(
        self, name: str, length: int | None = None, default: object = None, most: int = MAX_TEXT
    ) -> list[Any]:
        value = self.data.get(name, default)
        if not isinstance(value, list) or (length is not None and len(value) != length):
            size = "" if length is None else f" of {length} entries"
            raise InvalidStateError(f"{self.what}.{name} must be a list{size}, got {short(value)}")
        if len(value) > most:
            raise InvalidStateError(
                f"{self.what}.{name} holds {len(value):,} entries; a save holds at most {most:,}"
            )
        return value

    def ints(
        self, name: str, low: int = 0, high: int | None = None, most: int = MAX_TEXT
    ) -> tuple[int, ...]:
        values = self.array(name, most=most)
        for value in values:
            if type(value) is not int or value < low or (high is not None and value > high):
                raise InvalidStateError(
                    f"{self.what}.{name} must hold ints from {low}"
                    f"{'' if high is None else f' to {high}'}, got {short(value)}"
                )
        return tuple(values)

    def scores(self, name: str, players: int) -> tuple[int | None, ...]:
        values = self.array(name)
        if len(values) != players or not all(v is None or type(v) is int for v in values):
            raise InvalidStateError(f"{self.what}.{name} must hold {players} ints or nulls")
        return tuple(values)

    def cards(self, name: str, value: object = None) -> tuple[Card, ...]:
        value = self.data[name] if value is None else value
        if not isinstance(value, str):
            raise InvalidStateError(
                f"{self.what}.{name} must be a string of cards such as '7H JK', got {short(value)}"
            )
        try:
            return parse_cards(value)
        except FiveCrownsError as error:
            raise InvalidStateError(clip(f"{self.what}.{name}: {error}")) from None

    def sorted_cards(self, name: str, value: object = None) -> tuple[Card, ...]:
        return tuple(sorted(self.cards(name, value), key=lambda card: card.code))

    def choice(self, name: str, accepted: Sequence[str]) -> str:
        value = self.data[name]
        if value not in accepted:
            choices = ", ".join(map(repr, accepted))
            raise InvalidStateError(
                f"{self.what}.{name} must be one of {choices}, got {short(value)}"
            )
        return f"{value}"

    def meld(self, wild: int | None, rules: Rules) -> Meld:
        """This object's ``kind`` and ``cards`` as a meld."""
        kind, cards = self.choice("kind", ["book", "run"]), self.cards("cards")
        try:
            return meld_of(cards, wild, rules, kind)
        except FiveCrownsError as error:
            raise InvalidStateError(
                clip(f"impossible state: {self.what} {format_cards(cards)}: {error}")
            ) from None


def _rules(data: object) -> Rules:
    if not isinstance(data, dict):
        raise InvalidStateError(f"rules must be a JSON object of rule options, got {short(data)}")
    try:
        # (saved: a lay_off save from before out_layout plays on with "solver", as it was played)
        return Rules.from_dict(data, saved=True)
    except FiveCrownsError as error:
        raise InvalidStateError(clip(f"bad rules: {error}")) from None


def _schema(data: dict[str, Any], schema: str) -> None:
    if data["schema"] != schema:
        raise InvalidStateError(
            f"unknown schema {short(data['schema'])}; this version reads {schema!r}"
        )


def _layout(item: object, rules: Rules, wild: int | None) -> FinalLayout | None:
    if item is None:
        return None
    read = _Reader(item, ("melds", "laid_off", "deadwood", "points"), "final layout")
    melds = tuple(
        _Reader(meld, ("kind", "cards"), "final layout meld").meld(wild, rules)
        for meld in read.array("melds")
    )
    return FinalLayout(
        melds, read.sorted_cards("laid_off"), read.sorted_cards("deadwood"), read.integer("points")
    )


def _result(item: object, rules: Rules, players: int) -> RoundResult:
    read = _Reader(item, _RESULT_FIELDS, "round result")
    wild = read.opt_int("wild_rank", 3, 13)
    layouts = read.array("layouts", default=[])
    if layouts and len(layouts) != players:
        raise InvalidStateError(f"round result layouts must hold {players} layouts or nulls")
    return RoundResult(
        round_number=read.integer("round_number", 1),
        extra_round=read.integer("extra_round"),
        hand_size=read.integer("hand_size", 1),
        wild_rank=wild,
        dealer=read.integer("dealer", 0, players - 1),
        went_out=read.opt_int("went_out", 0, players - 1),
        scores=read.scores("scores", players),
        ended=read.choice("ended", _ENDINGS),
        layouts=tuple(_layout(layout, rules, wild) for layout in layouts),
    )


def _history(read: _Reader, last: int, actions: int) -> tuple[tuple[int, int], ...]:
    pairs: list[tuple[int, int]] = []
    for pair in read.array("round_history", most=MAX_ACTIONS):
        if not (
            isinstance(pair, list)
            and len(pair) == 2
            and all(type(value) is int for value in pair)
            and 0 <= pair[0] <= last
            and 0 <= pair[1] < actions
        ):
            raise InvalidStateError(
                f"state.round_history holds [player, action] pairs, got {short(pair)}"
            )
        pairs.append((pair[0], pair[1]))
    return tuple(pairs)


def state_fields(data: dict[str, Any]) -> dict[str, Any]:
    """The fields of the :class:`GameState` that :func:`state_to_dict` wrote as ``data``
    (their shape checked; the state they make is checked when it is built)."""
    read = _Reader(data, _STATE_FIELDS, "state")
    _schema(data, STATE_SCHEMA)
    rules = _rules(data["rules"])
    players = check_players(read.integer("players"), rules)
    last = players - 1
    round_number = read.integer("round_number", 1, rules.rounds + (1 << 20))
    extra_round = read.integer("extra_round", 0, 1 << 20)
    check_round(rules, round_number, extra_round)
    wild = round_params(rules, round_number, extra_round).wild_rank
    table = []
    for item in read.array("table"):
        meld = _Reader(item, ("owner", "kind", "cards"), "table meld")
        table.append(TableMeld(meld.integer("owner", 0, last), meld.meld(wild, rules)))
    taken = data["taken"]
    if taken is not None and (not isinstance(taken, str) or len(read.cards("taken")) != 1):
        raise InvalidStateError(f"state.taken must be one card or null, got {short(taken)}")
    fields: dict[str, Any] = {
        "rules": rules,
        "players": players,
        "seed": read.integer("seed"),
        "first_dealer": read.integer("first_dealer", 0, last),
        "round_number": round_number,
        "extra_round": extra_round,
        "dealer": read.integer("dealer", 0, last),
        "active": read.ints("active", 0, last),
        "current": read.integer("current", 0, last),
        "phase": Phase(read.choice("phase", [phase.value for phase in Phase])),
        "hands": tuple(read.sorted_cards("hands", h) for h in read.array("hands", players)),
        "selection": read.sorted_cards("selection"),
        "stock": read.cards("stock"),
        "discard_pile": read.cards("discard_pile"),
        "table": tuple(table),
        "went_out": read.opt_int("went_out", 0, last),
        "final_turns_left": read.ints("final_turns_left", 0, last),
        "taken": None if taken is None else read.cards("taken")[0],
        "turns": read.integer("turns", 0, None),
        "reshuffles": read.integer("reshuffles", 0, None),
        "round_scores": read.scores("round_scores", players),
        "laid_off": tuple(
            read.sorted_cards("laid_off", cards)
            for cards in read.array("laid_off", players, [""] * players)
        ),
        "results": tuple(_result(item, rules, players) for item in read.array("results")),
        "round_history": _history(read, last, num_actions(rules)),
        "past_actions": read.ints("past_actions", 0, num_actions(rules) - 1, MAX_ACTIONS),
    }
    if len(fields["past_actions"]) + len(fields["round_history"]) > MAX_ACTIONS:
        raise InvalidStateError(f"state: more than {MAX_ACTIONS:,} actions in all")
    return fields


def record_fields(data: dict[str, Any]) -> dict[str, Any]:
    """The fields of the :class:`GameRecord` that :func:`record_to_dict` wrote as ``data``."""
    read = _Reader(data, _RECORD_FIELDS, "record")
    _schema(data, RECORD_SCHEMA)
    rules = _rules(data["rules"])
    players = check_players(read.integer("players"), rules)
    actions: list[int] = []
    for item in read.array("actions", most=MAX_ACTIONS):
        if not isinstance(item, (int, str)) or isinstance(item, bool):
            raise InvalidStateError(
                f"record.actions: an action is its notation or integer, got {short(item)}"
            )
        try:
            action = Action.parse(item) if isinstance(item, str) else Action.from_int(item, rules)
        except FiveCrownsError as error:  # a bad action, or a bad card in one
            raise InvalidStateError(clip(f"record.actions: {error}")) from None
        actions.append(action.to_int())
    return {
        "players": players,
        "rules": rules,
        "seed": read.integer("seed"),
        "first_dealer": read.integer("first_dealer", 0, players - 1),
        "actions": tuple(actions),
    }
