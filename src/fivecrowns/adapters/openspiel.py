"""An `OpenSpiel <https://github.com/google-deepmind/open_spiel>`_ game for Five Crowns: the
rules engine registered as a pyspiel Python game, so OpenSpiel's own algorithms run on it.

Needs the ``openspiel`` extra: ``pip install "fivecrowns[openspiel]"``. Importing this module
registers the game under :data:`GAME_NAME`, ``"python_fivecrowns"`` (OpenSpiel prefixes the
names of its games written in Python with ``python_``):

.. code-block:: python

    import pyspiel
    import fivecrowns.adapters.openspiel  # registers "python_fivecrowns"

    game = pyspiel.load_game("python_fivecrowns(players=2,packs=1,rounds=1,turn_limit=8)")
    state = game.new_initial_state()
    while not state.is_terminal():
        ...  # state.chance_outcomes() at chance nodes, state.legal_actions() otherwise

The module imports without OpenSpiel (so that documentation tools can read it); building a
game then raises :class:`ImportError` saying what to install.

The game:

- **Parameters** (all optional): ``players`` (2: OpenSpiel's games default to small tables,
  its CFR-family tools are for two players, and the Python engine is slow with more),
  ``packs`` (2), ``rounds`` (11: the first that many rounds of the official schedule, 3 to 13
  cards), ``hand_size`` (0: the official schedule; ``n``: ``rounds`` rounds of ``n`` cards
  each), ``turn_limit`` (0: none, so the engine's limit of
  :data:`~fivecrowns.rules.MAX_ROUND_TURNS` turns), ``rules`` (every other option of
  :class:`~fivecrowns.Rules` as the command line's flags, e.g. ``"--lay-off --go-out-bonus
  -10"``; a list is written with ``/``, as in ``"--schedule 3/5/7"``, since OpenSpiel's game
  strings separate parameters with commas) and ``utility`` (below). The schedule is not a
  string like ``"3-13"`` because OpenSpiel reads such a value back from a game string as a
  number. :func:`game_parameters` writes the parameters of any :class:`~fivecrowns.Rules`;
  :func:`load_game` loads the game from one. Two options are refused: ``tie_break=
  "extra_round"`` (tie-break rounds change no return, and may repeat without bound, while an
  OpenSpiel game has a bounded length) and ``auto_arrange_final_hand=False`` (a player could
  select and deselect cards for ever).
- **Players' actions** are the stable integers of :mod:`fivecrowns.game.actions`
  (``num_distinct_actions`` is :func:`~fivecrowns.num_actions`), so the legal actions are the
  engine's. Drawing from the stock is the player's action ``0``; the card drawn is then a
  chance outcome.
- **Chance nodes** deal each round card by card, in the engine's order (one card at a time
  to each player from the dealer's left, then the card that starts the discard pile), and
  pick the card of every draw from the stock. An outcome is a card code (0 to 54 the
  naturals, 55 the joker; ``max_chance_outcomes`` 56), with probability the number of copies
  of that card left over the number of cards left: the deck not yet dealt, or the stock. So
  the stock has no order to hide: each draw is uniform over the cards in it, which is what
  drawing from a shuffled stock is. A reshuffle (the discard pile but its top card becomes
  the stock) needs no chance node of its own for the same reason. The engine plays the rest
  (:class:`~fivecrowns.GameState` is kept inside the state, with the chosen card put on top
  of its stock before each draw), so the rules are exactly the library's.
- **Returns** come at the end (``RewardModel.TERMINAL``; zero before). Higher is better, as
  OpenSpiel expects, while Five Crowns is won by the lowest total: with ``utility=
  "zero_sum"`` (the default) a player's return is the mean of the other players' totals minus
  its own (the margin, heads-up), and the returns add up to zero, so OpenSpiel's tools for
  zero-sum games apply; with ``utility="score"`` it is minus the player's own total
  (:attr:`fivecrowns.GameState.returns`), a general-sum game. ``min_utility`` and
  ``max_utility`` follow from the range of a total: at most :func:`fivecrowns.max_score`
  (proven maximal; with ``lay_off=True``, the maximum without lay-offs, which bounds it), at
  least 0 (``go_out_bonus`` times the rounds with ``go_out_bonus_below_zero``). With
  ``"score"`` they are minus those, both reached; with ``"zero_sum"``, the lowest total
  minus the highest and the reverse, reached by two players (with more, a bound).
- **Observations** (``observation_tensor``, ``observation_string``) are what the player
  may see now: the tensor of :meth:`fivecrowns.PlayerView.observation`
  (:func:`~fivecrowns.observation_size` entries; layout in :mod:`fivecrowns.game.views`; while a
  round is dealt, the cards dealt to the player so far, nothing to act on) and that view as
  text. Nothing another player holds, and no order of the stock.
- **Information states**: the string is perfect recall: every round's public events (the
  cards dealt to others counted, the upcard, every action with the card taken from the
  discard pile, the melds laid down, each round's result with every final hand) and the
  player's private ones (the cards dealt to it, the cards it drew from the stock), in order;
  OpenSpiel's tabular algorithms key on it. The tensor has a fixed size, so it is not the
  whole history (only a tensor as long as the longest game could hold that) but the
  observation tensor followed by a summary of the round so far: the cards dealt to the
  player, the cards it drew from the stock, for each seat (this player first, then to the
  left) the cards it took from the discard pile and the cards it put down (discards, melds,
  lay-offs), then the number of reshuffles (:func:`information_state_size`).
- **Sampling a world** for search (:meth:`FiveCrownsState.resample_from_infostate`, which
  OpenSpiel's Python ``ISMCTSBot`` calls; its C++ bots cannot call a Python game's): a state
  of a whole game whose information state for the player is this one's, the other players'
  hidden cards drawn again at random from what the player has not seen.

Anything not in this list is OpenSpiel's default (serialisation, for instance, pickles the
state's attributes).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, Final, NamedTuple

import attrs
import numpy as np
import numpy.typing as npt

from ..cards import CARDS, NUM_CODES, Card, as_int, deck, format_cards, short_repr
from ..errors import FiveCrownsError, IllegalActionError, InvalidRulesError, InvalidStateError
from ..game import GameState
from ..game.actions import DRAW_STOCK, Action, ActionKind, Phase, num_actions
from ..game.scoring_limits import max_score
from ..game.views import PlayerView, observation_size
from ..rules import OFFICIAL, OFFICIAL_SCHEDULE, Rules, rule_flag
from ._spaces import table_text

#: Why OpenSpiel could not be imported (None when it was).
_MISSING: ImportError | None = None

if TYPE_CHECKING:
    # OpenSpiel ships no type information: a typed outline of the parts used here.
    class _Game:
        def __init__(self, game_type: Any, game_info: Any, params: Mapping[str, Any]) -> None: ...
        def num_players(self) -> int: ...

    class _State:
        def __init__(self, game: Any) -> None: ...
        def get_game(self) -> Any: ...
        def history(self) -> list[int]: ...
        def apply_action(self, action: int) -> None: ...

    pyspiel: Any
else:
    try:
        import pyspiel
    except ImportError as error:  # pragma: no cover - depends on the environment
        _MISSING = error
        _Game = _State = object
    else:
        _Game, _State = pyspiel.Game, pyspiel.State

__all__ = [
    "GAME_NAME",
    "UTILITIES",
    "FiveCrownsGame",
    "FiveCrownsObserver",
    "FiveCrownsState",
    "game_parameters",
    "information_state_size",
    "load_game",
    "rules_from_parameters",
]

#: The name the game is registered under (OpenSpiel prefixes its Python games with
#: ``python_``).
GAME_NAME: Final = "python_fivecrowns"
#: The values of the ``utility`` parameter: ``"zero_sum"`` (the default) and ``"score"``.
UTILITIES: Final = ("zero_sum", "score")
#: Every parameter with its default (OpenSpiel fills in the ones a game string leaves out).
_DEFAULTS: Final[dict[str, int | str]] = {
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
#: Player ids OpenSpiel gives to chance and to a finished game.
_CHANCE: Final = -1
_TERMINAL: Final = -4
#: How many worlds :meth:`FiveCrownsState.resample_from_infostate` tries before giving up.
_RESAMPLE_TRIES: Final = 200


def _require() -> None:
    """Raise ImportError unless OpenSpiel is installed."""
    if _MISSING is not None:
        raise ImportError(
            "fivecrowns.adapters.openspiel needs OpenSpiel: "
            f'pip install "fivecrowns[openspiel]" ({_MISSING})'
        ) from _MISSING


# -- parameters ------------------------------------------------------------------------------


def _flags() -> dict[str, attrs.Attribute[Any]]:
    return {rule_flag(field).flag: field for field in attrs.fields(Rules)}


def _int_parameter(params: Mapping[str, object], name: str, low: int) -> int:
    value = params.get(name, _DEFAULTS[name])
    number = value if type(value) is int else as_int(value)
    if number is None or number < low:
        raise InvalidRulesError(
            f"the parameter {name} must be an int of at least {low}, got {short_repr(value)}"
        )
    return number


def _str_parameter(params: Mapping[str, object], name: str) -> str:
    value = params.get(name, _DEFAULTS[name])
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
    unknown = sorted(str(name) for name in params if name not in _DEFAULTS)
    if unknown:
        raise InvalidRulesError(
            f"unknown parameter(s) {', '.join(unknown)}; the parameters are {', '.join(_DEFAULTS)}"
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
        if rounds != _DEFAULTS["rounds"] or hand_size != _DEFAULTS["hand_size"]:
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
    ordered = {name: params[name] for name in _DEFAULTS if name in params}
    rules_from_parameters(ordered)  # refuse what the game would refuse, now
    return {name: value for name, value in ordered.items() if value != _DEFAULTS[name]}


def load_game(
    players: int = 2, rules: Rules = OFFICIAL, utility: str = "zero_sum"
) -> FiveCrownsGame:
    """``pyspiel.load_game`` of the game of ``players`` under ``rules``
    (:func:`game_parameters`)."""
    _require()
    game: FiveCrownsGame = pyspiel.load_game(GAME_NAME, game_parameters(players, rules, utility))
    return game


# -- the record of a game --------------------------------------------------------------------


class _Entry(NamedTuple):
    """One event of a round, as the players learn it.

    ``kind`` is one of ``round`` (a round begins), ``deal`` (a card dealt to ``seat``: its
    ``code`` is that player's secret), ``upcard``, ``stock`` (``seat`` draws from the stock),
    ``drew`` (the card ``seat`` drew: private), ``take`` (``seat`` took card ``code`` from the
    discard pile), ``put`` (``seat`` played action ``code`` and put down the cards
    ``cards``), ``reshuffle`` (``cards`` became the stock), ``reveal`` (at the end of the
    round, ``seat`` had ``cards``) and ``result``. ``step`` is the action's number in the
    game's history; ``public`` and ``private`` are the text each player reads (``private``
    for ``seat``, ``public`` for the others; None: nothing).
    """

    kind: str
    seat: int
    code: int
    step: int
    cards: tuple[int, ...]
    public: str | None
    private: str | None


#: The memory blocks (by seat): cards dealt, cards drawn from the stock, cards taken from the
#: discard pile, cards put down.
_DEALT, _DREW, _TOOK, _PUT = range(4)


@attrs.frozen
class _Snapshot:
    """Everything a :class:`FiveCrownsState` holds: immutable, so a copy is itself.

    ``game`` is the engine's state. While a round is dealt (``dealt`` not None: the codes
    dealt so far) its hands, discard pile and stock are the engine's own deal, which the
    chance outcomes replace when the deal is complete. ``drawing``: the player to act drew
    from the stock and chance picks the card. ``log`` holds this round's events; ``past``
    the finished rounds', ``past_text`` each player's information-state text of them.
    ``memory`` counts, by block, seat and card code, this round's cards (see ``_DEALT``).
    ``steps`` is the length of the game's history.
    """

    game: GameState
    dealt: tuple[int, ...] | None
    drawing: bool
    log: tuple[_Entry, ...]
    past: tuple[tuple[_Entry, ...], ...]
    past_text: tuple[str, ...]
    memory: npt.NDArray[np.int16] = attrs.field(eq=False)
    steps: int

    def __deepcopy__(self, memo: dict[int, Any]) -> _Snapshot:
        return self

    def __copy__(self) -> _Snapshot:
        return self


def _frozen(array: npt.NDArray[np.int16]) -> npt.NDArray[np.int16]:
    array.flags.writeable = False
    return array


def _copies(rules: Rules) -> Counter[int]:
    """The deck as counts by card code."""
    return Counter(card.code for card in deck(rules.packs))


def _seats(game: GameState) -> tuple[int, ...]:
    """The players dealt in, in dealing order (from the dealer's left)."""
    return tuple(sorted(game.active, key=lambda seat: (seat - game.dealer - 1) % game.players))


def _line(entry: _Entry, player: int) -> str | None:
    return entry.private if entry.seat == player else entry.public


def _round_header(game: GameState) -> _Entry:
    wild = "jokers only" if game.wild_rank is None else f"{game.wild_rank}s and jokers"
    text = f"round {game.round_number}: {game.hand_size} cards, {wild} wild, p{game.dealer} deals"
    return _Entry("round", -1, -1, -1, (), text, text)


def _table_text(game: GameState) -> str:
    return "; ".join(f"p{placed.owner} {placed.meld}" for placed in game.table)


def _result_text(game: GameState) -> str:
    result = game.results[-1]
    hands = []
    for seat, layout in enumerate(result.layouts):
        if layout is not None:
            melds = " | ".join(map(str, layout.melds)) or "-"
            off = f", laid off {format_cards(layout.laid_off)}" if layout.laid_off else ""
            hands.append(f"p{seat} melds {melds}{off}, deadwood {format_cards(layout.deadwood)}")
    return (
        f"round {result.round_number} over ({result.ended}): scores {list(result.scores)}; "
        + "; ".join(hands)
    )


def _lost(before: tuple[Card, ...], after: tuple[Card, ...]) -> tuple[int, ...]:
    """The codes of the cards in ``before`` and not in ``after`` (multisets)."""
    left = Counter(card.code for card in before)
    left.subtract(card.code for card in after)
    return tuple(sorted(left.elements()))


def _new_round(now: _Snapshot, game: GameState) -> dict[str, Any]:
    """The fields of a snapshot whose round ``game`` is about to be dealt (``now``'s round
    just ended)."""
    texts = tuple(
        now.past_text[seat]
        + "".join(f"\n{text}" for text in (_line(e, seat) for e in now.log) if text is not None)
        for seat in range(game.players)
    )
    return {
        "game": game,
        "dealt": () if not game.is_over else None,
        "log": (_round_header(game),) if not game.is_over else (),
        "past": (*now.past, now.log),
        "past_text": texts,
        "memory": _frozen(np.zeros_like(now.memory)),
    }


# -- the game --------------------------------------------------------------------------------


def information_state_size(players: int) -> int:
    """The length of the information-state tensor for a table of ``players``: the
    observation's entries, then 56 cards dealt to the player, 56 it drew from the stock,
    56 taken from the discard pile and 56 put down by each seat, and the reshuffles.

    >>> information_state_size(2)
    651
    """
    return observation_size(players) + 2 * NUM_CODES * (players + 1) + 1


def _utility_bounds(rules: Rules, utility: str) -> tuple[float, float]:
    bounded = attrs.evolve(rules, lay_off=False) if rules.lay_off else rules
    highest = max_score(bounded).total
    lowest = rules.go_out_bonus * rules.rounds if rules.go_out_bonus_below_zero else 0
    if utility == "score":
        return float(-highest), float(-lowest)
    return float(lowest - highest), float(highest - lowest)


def _game_type(utility: str, players: int) -> Any:
    return pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="Python Five Crowns",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM
            if utility == "zero_sum"
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(_DEFAULTS),
    )


class FiveCrownsGame(_Game):
    """The Five Crowns game for OpenSpiel; build it with ``pyspiel.load_game`` (after
    importing this module) or :func:`load_game`. ``params`` are the game's parameters
    (module docs). Besides OpenSpiel's API it has ``players``, ``rules`` and ``utility``.
    """

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        _require()
        params = dict(params or {})
        players, rules, utility = rules_from_parameters(params)
        low, high = _utility_bounds(rules, utility)
        turns = rules.round_turn_limit + players - 1  # turns in a round, at most
        info = pyspiel.GameInfo(
            num_distinct_actions=num_actions(rules),
            max_chance_outcomes=NUM_CODES,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if utility == "zero_sum" else None,
            max_game_length=2 * turns * rules.rounds,  # a draw, then a discard or a go-out
        )
        self._max_chance_nodes = sum(size * players + 1 + turns for size in rules.schedule)
        super().__init__(
            _game_type(utility, max(players, _REGISTERED_PLAYERS)),
            info,
            {**_DEFAULTS, **params},
        )
        self.players = players
        self.rules = rules
        self.utility = utility
        first = GameState.new(players, rules=rules, seed=0)
        memory = np.zeros((4, players, NUM_CODES), dtype=np.int16)
        self._initial = _Snapshot(
            game=first,
            dealt=(),
            drawing=False,
            log=(_round_header(first),),
            past=(),
            past_text=tuple(f"p{seat}" for seat in range(players)),
            memory=_frozen(memory),
            steps=0,
        )

    def new_initial_state(self) -> FiveCrownsState:
        """The start of a game: chance deals round 1."""
        return FiveCrownsState(self)

    def max_chance_nodes_in_history(self) -> int:
        """The most chance nodes a game passes: every card dealt, and a stock draw a turn."""
        return self._max_chance_nodes

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> FiveCrownsObserver:
        """The observer of OpenSpiel's observation (``iig_obs_type`` None or without perfect
        recall) or information state (``perfect_recall=True``); other observation types
        (public only, every player's private information) are refused with ValueError."""
        if params:
            raise ValueError(f"the observer takes no parameters, got {params!r}")
        if iig_obs_type is None:
            return FiveCrownsObserver(self.players, recall=False)
        if (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                "only the observation and the information state of a player (public and "
                f"the player's own private information) are observed here, not {iig_obs_type}"
            )
        return FiveCrownsObserver(self.players, recall=bool(iig_obs_type.perfect_recall))


class FiveCrownsState(_State):
    """A state of :class:`FiveCrownsGame` (OpenSpiel's state API; see the module docs).

    It holds an immutable record of the game, so a clone shares it and is cheap.
    :attr:`game_state` is the engine's state inside it (every hand in it: not for players).
    """

    def __init__(self, game: FiveCrownsGame) -> None:
        super().__init__(game)
        self._now: _Snapshot = game._initial

    # -- reading -----------------------------------------------------------------------------

    @property
    def game_state(self) -> GameState | None:
        """The :class:`~fivecrowns.GameState` of the game (hidden cards included), or None
        while a round is being dealt. Chance dealt it, not its seed, so its
        :meth:`~fivecrowns.GameState.record` does not replay to it; the state's history
        (``history()``) does, through this game."""
        return None if self._now.dealt is not None else self._now.game

    def current_player(self) -> int:
        """The player to act; chance (-1) while dealing or drawing from the stock; terminal
        (-4) when the game is over."""
        now = self._now
        if now.game.is_over:
            return _TERMINAL
        if now.dealt is not None or now.drawing:
            return _CHANCE
        return now.game.current

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self._now.game.is_over

    def _legal_actions(self, player: int) -> list[int]:
        """The legal actions of the player to act, ascending (the engine's integers)."""
        return list(self._now.game.legal_action_ints())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(card code, probability)`` for each card the chance node can give: the copies of
        the card left over the cards left (in the deck being dealt, or in the stock)."""
        now = self._now
        if now.dealt is not None:
            counts = _copies(now.game.rules)
            counts.subtract(now.dealt)
            left = now.game.rules.deck_size - len(now.dealt)
        elif now.drawing:
            counts = Counter(card.code for card in now.game.stock)
            left = len(now.game.stock)
        else:
            raise InvalidStateError("not a chance node: no chance outcomes")
        return [(code, counts[code] / left) for code in sorted(counts) if counts[code] > 0]

    def returns(self) -> list[float]:
        """Each player's return: zero until the game is over; then, by ``utility``, the
        mean of the other players' totals minus the player's own, or minus its own."""
        game = self._now.game
        if not game.is_over:
            return [0.0] * game.players
        scores = game.scores
        if self.get_game().utility == "score":
            return [-float(score) for score in scores]
        others = len(scores) - 1
        total = sum(scores)
        return [(total - score) / others - score for score in scores]

    def _action_to_string(self, player: int, action: int) -> str:
        """An action's text: the engine's notation (``discard 7H``), or for chance the card
        dealt (``deal 7H``) or drawn from the stock (``stock 7H``)."""
        if player == _CHANCE:
            card = CARDS[action] if 0 <= action < NUM_CODES else action
            return f"{'deal' if self._now.dealt is not None else 'stock'} {card}"
        return str(Action.from_int(action, self._now.game.rules))

    def __str__(self) -> str:
        now = self._now
        if now.dealt is None:
            text = table_text(now.game, _seat_name)
            if now.drawing:
                text += f"\n  p{now.game.current} draws from the stock"
            return text
        game = now.game
        lines = [f"round {game.round_number}: dealing, {len(now.dealt)} cards dealt"]
        for seat in range(game.players):
            lines.append(f"  p{seat}: {format_cards(self._dealt_to(seat))}")
        return "\n".join(lines)

    def _dealt_to(self, seat: int) -> tuple[Card, ...]:
        """The cards dealt to ``seat`` so far this round (by code)."""
        counts = self._now.memory[_DEALT, seat]
        return tuple(CARDS[code] for code in range(NUM_CODES) for _ in range(counts[code]))

    # -- what a player may know ----------------------------------------------------------------

    def _view(self, player: int) -> PlayerView:
        """``player``'s view; during a deal, with the cards dealt to it so far."""
        now = self._now
        view = now.game.view(player)
        if now.dealt is None:
            return view
        counts = now.memory[_DEALT].sum(axis=1)
        return attrs.evolve(
            view,
            hand=self._dealt_to(player),
            selection=(),
            hand_sizes=tuple(int(count) for count in counts),
            stock_size=now.game.rules.deck_size - len(now.dealt),
            discard_pile=(),
            current_player=None,
            phase=Phase.DRAW,
        )

    def _observation_string(self, player: int) -> str:
        view = self._view(player)
        rules = view.rules
        wild = "jokers only" if view.wild_rank is None else f"{view.wild_rank}s and jokers"
        if self._now.dealt is not None:
            doing = "dealing"
        elif view.phase is Phase.OVER:
            doing = f"game over, won by {', '.join(map(_seat_name, view.winners))}"
        else:
            doing = f"p{view.current_player} to {view.phase.value}"
        parts = [
            f"p{view.player}",
            f"round {view.round_number}/{rules.rounds} ({view.hand_size} cards, {wild} wild, "
            f"p{view.dealer} deals)",
            doing,
            f"hand {format_cards(view.hand) or '-'}",
            f"discard pile {format_cards(view.discard_pile) or '-'}",
            f"stock {view.stock_size}",
            f"hand sizes {list(view.hand_sizes)}",
            f"scores {list(view.scores)}",
        ]
        if view.table:
            parts.append(
                "table " + "; ".join(f"p{placed.owner} {placed.meld}" for placed in view.table)
            )
        if view.went_out is not None:
            parts.append(f"p{view.went_out} went out; final turns {list(view.final_turns_left)}")
        if view.taken is not None:
            parts.append(f"took {view.taken}")
        return "; ".join(parts)

    def _info_string(self, player: int) -> str:
        now = self._now
        lines = (_line(entry, player) for entry in now.log)
        return now.past_text[player] + "".join(f"\n{line}" for line in lines if line is not None)

    def _memory(self, player: int, out: npt.NDArray[np.float32]) -> None:
        """Write ``player``'s memory of the round into ``out`` (see
        :func:`information_state_size`)."""
        now = self._now
        players = now.game.players
        out[:NUM_CODES] = now.memory[_DEALT, player]
        out[NUM_CODES : 2 * NUM_CODES] = now.memory[_DREW, player]
        for offset in range(players):
            seat = (player + offset) % players
            base = 2 * NUM_CODES * (offset + 1)
            out[base : base + NUM_CODES] = now.memory[_TOOK, seat]
            out[base + NUM_CODES : base + 2 * NUM_CODES] = now.memory[_PUT, seat]
        out[-1] = 0 if now.dealt is not None else now.game.reshuffles

    # -- playing -------------------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        """Play ``action``: a card code at a chance node, an action integer otherwise (an
        illegal one raises :class:`~fivecrowns.IllegalActionError` and changes nothing)."""
        now = self._now
        if now.dealt is not None:
            self._now = _deal(now, action)
        elif now.drawing:
            self._now = _draw(now, action)
        else:
            self._now = _act(now, action)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> FiveCrownsState:
        """A state of a whole game (history included) in which ``player_id``'s information
        state is this one's, the cards hidden from that player drawn again at random.

        Every round is sampled: each card another player was dealt or drew from the stock is
        either one it later showed (a discard, a meld, its hand at the end of a round), or is
        drawn at random from the cards the player has not seen (after a reshuffle, from that
        stock's cards); then the game is replayed with those cards and kept if the player
        would have seen exactly the same (a final hand left after a final turn must still be
        arranged as it was). ``probability_sampler`` (a callable giving numbers in [0, 1),
        such as ``pyspiel.UniformProbabilitySampler``) seeds the draws. The result depends
        only on what the player knows and on the sampler. Raises RuntimeError if no world is
        found in 200 tries.
        """
        player = int(player_id)
        rng = random.Random(int(probability_sampler() * 2**53))
        target = self._info_string(player)
        game: FiveCrownsGame = self.get_game()
        for _ in range(_RESAMPLE_TRIES):
            history = self._sampled_history(player, rng)
            if history is None:
                continue
            state = game.new_initial_state()
            try:
                for action in history:
                    state.apply_action(action)
            except FiveCrownsError:
                continue
            if state._info_string(player) == target:
                return state
        raise RuntimeError(
            f"no game consistent with player {player}'s information state was found in "
            f"{_RESAMPLE_TRIES} tries"
        )

    def _sampled_history(self, player: int, rng: random.Random) -> list[int] | None:
        """The game's history with the cards hidden from ``player`` drawn again (None if a
        draw was inconsistent)."""
        now = self._now
        history = list(self.history())
        if len(history) != now.steps:
            raise InvalidStateError("the state's history does not match its record")
        rules = now.game.rules
        for log in (*now.past, now.log):
            sampled = _sampled_round(log, player, rules, rng)
            if sampled is None:
                return None
            for step, code in sampled:
                history[step] = code
        return history


def _seat_name(seat: int) -> str:
    return f"p{seat}"


class _Slot:
    """A card another player got hidden: from pool ``pool``, at history step ``step``;
    ``code`` once chosen (-1 before)."""

    __slots__ = ("code", "pool", "step")

    def __init__(self, pool: int, step: int) -> None:
        self.pool, self.step, self.code = pool, step, -1


def _sampled_round(
    log: Iterable[_Entry], player: int, rules: Rules, rng: random.Random
) -> list[tuple[int, int]] | None:
    """``(step, code)`` for each card hidden from ``player`` in one round's ``log``, drawn
    consistently with what it saw, or None if the draws met a dead end. Reads only what
    ``player`` knows of the log.

    The cards come from pools: the deck (for the deal, and the stock until the first
    reshuffle), then each reshuffled stock. Within a pool only counts matter (its cards leave
    it in any order), so the cards of a pool that ``player`` did not see come out of it, in
    any assignment, as the other players' hidden cards of that pool (and what is left in the
    stock). A card another player shows (a discard, a meld, its hand at the end of the
    round) is one it took from the discard pile, or else one of its hidden cards still in
    hand, from a pool with such a card left; hidden cards of one pool in one hand are alike,
    so only the pool is a choice. When no pool fits, one earlier choice of that player is
    moved to another pool to make room; the rest is left to chance (and retries).
    """
    log = tuple(log)
    pools = [_copies(rules)]
    for entry in log:  # pass 1: what the player saw come out of each pool
        if entry.kind == "upcard" or (entry.kind == "deal" and entry.seat == player):
            pools[0][entry.code] -= 1
        elif entry.kind == "drew" and entry.seat == player:
            pools[-1][entry.code] -= 1
        elif entry.kind == "reshuffle":
            pools.append(Counter(entry.cards))
    slots: list[_Slot] = []
    held: dict[int, list[_Slot]] = {}
    known: dict[int, Counter[int]] = {}
    shown: dict[int, list[tuple[int, _Slot]]] = {}  # by seat: (step shown, slot)
    pool = 0
    for entry in log:  # pass 2: the other players' hidden cards, and what they showed
        seat, kind = entry.seat, entry.kind
        if kind == "reshuffle":
            pool += 1
        if seat == player or seat < 0:
            continue
        if kind in ("deal", "drew"):
            slot = _Slot(0 if kind == "deal" else pool, entry.step)
            slots.append(slot)
            held.setdefault(seat, []).append(slot)
        elif kind == "take":
            known.setdefault(seat, Counter())[entry.code] += 1
        elif kind in ("put", "reveal"):
            mine, hand = known.setdefault(seat, Counter()), held.setdefault(seat, [])
            past = shown.setdefault(seat, [])
            for code in entry.cards:
                if mine[code] > 0:
                    mine[code] -= 1
                    continue
                fit = _fitting(code, hand, past, pools, rng)
                if fit is None:
                    return None
                fit.code = code
                pools[fit.pool][code] -= 1
                hand.remove(fit)
                past.append((entry.step, fit))
    for index, counts in enumerate(pools):
        free = [slot for slot in slots if slot.pool == index and slot.code < 0]
        cards = sorted(counts.elements())
        if len(cards) < len(free) or min(counts.values(), default=0) < 0:
            return None
        rng.shuffle(cards)
        for slot, code in zip(free, cards):
            slot.code = code
    return [(slot.step, slot.code) for slot in slots]


def _fitting(
    code: int,
    hand: list[_Slot],
    past: list[tuple[int, _Slot]],
    pools: list[Counter[int]],
    rng: random.Random,
) -> _Slot | None:
    """A hidden card of ``hand`` that can be ``code`` (its pool has one left), or None.
    Without one, a card shown earlier (``past``: when, and its slot) is given another
    hidden card of the hand, of another pool, that was already held then, if that frees a
    slot whose pool has a ``code`` left."""
    fits = [slot for slot in hand if pools[slot.pool][code] > 0]
    if fits:
        return rng.choice(fits)
    order = list(range(len(past)))
    rng.shuffle(order)
    for index in order:
        when, used = past[index]
        if pools[used.pool][code] <= 0:
            continue
        other = [
            slot
            for slot in hand
            if slot.step < when and slot.pool != used.pool and pools[slot.pool][used.code] > 0
        ]
        if not other:
            continue
        moved = rng.choice(other)
        moved.code = used.code
        pools[moved.pool][used.code] -= 1
        pools[used.pool][used.code] += 1
        hand.remove(moved)
        past[index] = (when, moved)
        hand.append(used)
        used.code = -1
        return used
    return None


# -- transitions -----------------------------------------------------------------------------


def _remembered(memory: npt.NDArray[np.int16], block: int, seat: int, codes: Iterable[int]) -> Any:
    out = memory.copy()
    for code in codes:
        out[block, seat, code] += 1
    return _frozen(out)


def _deal(now: _Snapshot, code: int) -> _Snapshot:
    """Deal the card of ``code`` (the next card of the round's deal)."""
    game, dealt = now.game, now.dealt
    assert dealt is not None
    rules = game.rules
    left = _copies(rules)
    left.subtract(dealt)
    if type(code) is not int or not 0 <= code < NUM_CODES or left[code] <= 0:
        raise IllegalActionError(f"no {short_repr(code)} is left to deal")
    seats = _seats(game)
    in_hands = game.hand_size * len(seats)
    step = now.steps
    if len(dealt) < in_hands:
        seat = seats[len(dealt) % len(seats)]
        card = CARDS[code]
        entry = _Entry("deal", seat, code, step, (), f"deal p{seat}", f"deal p{seat} {card}")
        return attrs.evolve(
            now,
            dealt=(*dealt, code),
            log=(*now.log, entry),
            memory=_remembered(now.memory, _DEALT, seat, (code,)),
            steps=step + 1,
        )
    # The upcard: the deal is complete, and the engine's state takes the dealt cards.
    hands: list[list[Card]] = [[] for _ in range(game.players)]
    for index, dealt_code in enumerate(dealt):
        hands[seats[index % len(seats)]].append(CARDS[dealt_code])
    left[code] -= 1
    stock = tuple(CARDS[rest] for rest in sorted(left.elements()))
    dealt_game = attrs.evolve(
        game,
        hands=tuple(tuple(sorted(hand, key=_code_of)) for hand in hands),
        discard_pile=(CARDS[code],),
        stock=stock,
    )
    text = f"upcard {CARDS[code]}"
    entry = _Entry("upcard", -1, code, step, (), text, text)
    return attrs.evolve(now, game=dealt_game, dealt=None, log=(*now.log, entry), steps=step + 1)


def _code_of(card: Card) -> int:
    return card.code


def _draw(now: _Snapshot, code: int) -> _Snapshot:
    """The player to act draws the card of ``code`` from the stock."""
    game = now.game
    stock = game.stock
    index = next(
        (i for i in range(len(stock) - 1, -1, -1) if stock[i].code == code), None
    )  # the top copy, if any
    if type(code) is not int or index is None:
        raise IllegalActionError(f"no {short_repr(code)} is in the stock")
    if index != len(stock) - 1:
        stock = (*stock[:index], *stock[index + 1 :], stock[index])
        game = attrs.evolve(game, stock=stock)
    seat = game.current
    after = game.apply(DRAW_STOCK)
    entry = _Entry("drew", seat, code, now.steps, (), None, f"p{seat} drew {CARDS[code]}")
    return attrs.evolve(
        now,
        game=after,
        drawing=False,
        log=(*now.log, entry),
        memory=_remembered(now.memory, _DREW, seat, (code,)),
        steps=now.steps + 1,
    )


def _act(now: _Snapshot, action: int) -> _Snapshot:
    """The player to act plays ``action`` (an integer of :mod:`fivecrowns.game.actions`)."""
    game = now.game
    seat, step = game.current, now.steps
    if action == DRAW_STOCK.to_int():
        if not game.is_legal(action):
            game.apply(action)  # raises, saying why
        text = f"p{seat} draw"
        entry = _Entry("stock", seat, action, step, (), text, text)
        return attrs.evolve(now, drawing=True, log=(*now.log, entry), steps=step + 1)
    after = game.apply(action)  # raises IllegalActionError, saying why, if illegal
    act = Action.from_int(action, game.rules)
    if act.kind is ActionKind.DRAW_DISCARD:
        code = game.discard_pile[-1].code
        text = f"p{seat} take {CARDS[code]}"
        entries: tuple[_Entry, ...] = (_Entry("take", seat, code, step, (), text, text),)
        memory = _remembered(now.memory, _TOOK, seat, (code,))
    elif len(after.results) == len(game.results):  # the round goes on
        lost = _lost(game.hands[seat], after.hands[seat])
        text = f"p{seat} {act}"
        if after.table != game.table:
            text += f" (table: {_table_text(after)})"
        entries = (_Entry("put", seat, action, step, lost, text, text),)
        memory = _remembered(now.memory, _PUT, seat, lost)
    else:  # the round ended: every hand is shown, and the next round is dealt
        text = f"p{seat} {act}"
        reveals = tuple(
            _Entry("reveal", other, -1, step, tuple(card.code for card in hand), None, None)
            for other, hand in enumerate(game.hands)
        )
        result = _result_text(after)
        entries = (
            _Entry("put", seat, action, step, (), text, text),
            *reveals,
            _Entry("result", -1, -1, step, (), result, result),
        )
        ended = attrs.evolve(now, log=(*now.log, *entries))
        return attrs.evolve(ended, steps=step + 1, drawing=False, **_new_round(ended, after))
    if after.reshuffles > game.reshuffles:
        codes = tuple(sorted(card.code for card in after.stock))
        text = f"reshuffle: {len(codes)} cards"
        entries += (_Entry("reshuffle", -1, -1, step, codes, text, text),)
    return attrs.evolve(now, game=after, log=(*now.log, *entries), memory=memory, steps=step + 1)


# -- observations ----------------------------------------------------------------------------


class FiveCrownsObserver:
    """What :meth:`FiveCrownsGame.make_py_observer` returns, in OpenSpiel's protocol for
    Python observers: ``tensor`` (float32) and its named parts ``dict`` (``"observation"``,
    and ``"memory"`` for an information state), filled by :meth:`set_from`; the text from
    :meth:`string_from`. ``recall`` chooses the information state over the observation."""

    def __init__(self, players: int, *, recall: bool) -> None:
        size = observation_size(players)
        total = information_state_size(players) if recall else size
        self.tensor: npt.NDArray[np.float32] = np.zeros(total, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {"observation": self.tensor[:size]}
        if recall:
            self.dict["memory"] = self.tensor[size:]
        self._recall = recall
        self._size = size

    def set_from(self, state: FiveCrownsState, player: int) -> None:
        """Fill the tensor with ``player``'s observation (or information state) of
        ``state``."""
        self.tensor[: self._size] = state._view(player).observation()
        if self._recall:
            state._memory(player, self.tensor[self._size :])

    def string_from(self, state: FiveCrownsState, player: int) -> str:
        """``player``'s observation (or information state) of ``state`` as text."""
        if self._recall:
            return state._info_string(player)
        return state._observation_string(player)


#: The table size the registered game type names (each game states its own).
_REGISTERED_PLAYERS: Final = 7

if _MISSING is None and GAME_NAME not in pyspiel.registered_names():
    pyspiel.register_game(_game_type("zero_sum", _REGISTERED_PLAYERS), FiveCrownsGame)
