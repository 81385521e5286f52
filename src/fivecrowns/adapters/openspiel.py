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
  (its game is kept inside the state, on the compiled core when it plays the rules, with
  the chosen card put on top of its stock before each draw, and the stock in ascending
  order of card code after the deal and each reshuffle), so the rules are exactly the
  library's, and a step costs the same however long the game.
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
  hidden cards drawn again at random from what the player has not seen, built directly
  (history included) rather than by replaying the game.

Anything not in this list is OpenSpiel's default (serialisation, for instance, pickles the
state's attributes).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Final

import attrs
import numpy as np
import numpy.typing as npt

from ..cards import CARDS, NUM_CODES, Card, format_cards
from ..errors import FiveCrownsError, InvalidStateError
from ..game import GameState
from ..game.actions import Action, Phase, num_actions
from ..game.scoring_limits import max_score
from ..game.views import PlayerView, observation_size
from ..rules import OFFICIAL, Rules
from ._openspiel_record import (
    CHANCE,
    DEALT,
    DREW,
    PUT,
    TERMINAL,
    TOOK,
    Snapshot,
    act,
    deal,
    draw,
    entries,
    initial,
    line,
)
from ._openspiel_rules import DEFAULTS, game_parameters, rules_from_parameters
from ._openspiel_rules import UTILITIES as _UTILITIES
from ._openspiel_sample import sampled_round, seat_name
from ._openspiel_world import serialised, world
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
        def move_number(self) -> int: ...
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
UTILITIES: Final = _UTILITIES
#: Player ids OpenSpiel gives to chance and to a finished game.
_CHANCE: Final = CHANCE
_TERMINAL: Final = TERMINAL
#: How many worlds :meth:`FiveCrownsState.resample_from_infostate` tries before giving up.
_RESAMPLE_TRIES: Final = 200


def _require() -> None:
    """Raise ImportError unless OpenSpiel is installed."""
    if _MISSING is not None:
        raise ImportError(
            "fivecrowns.adapters.openspiel needs OpenSpiel: "
            f'pip install "fivecrowns[openspiel]" ({_MISSING})'
        ) from _MISSING


def load_game(
    players: int = 2, rules: Rules = OFFICIAL, utility: str = "zero_sum"
) -> FiveCrownsGame:
    """``pyspiel.load_game`` of the game of ``players`` under ``rules``
    (:func:`game_parameters`)."""
    _require()
    game: FiveCrownsGame = pyspiel.load_game(GAME_NAME, game_parameters(players, rules, utility))
    return game


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
        parameter_specification=dict(DEFAULTS),
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
            {**DEFAULTS, **params},
        )
        self.players = players
        self.rules = rules
        self.utility = utility
        self._initial = initial(GameState.new(players, rules=rules, seed=0))

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
        self._now: Snapshot = game._initial

    # -- reading -----------------------------------------------------------------------------

    @property
    def game_state(self) -> GameState | None:
        """The :class:`~fivecrowns.GameState` of the game (hidden cards included), or None
        while a round is being dealt. Chance dealt it, not its seed, so its
        :meth:`~fivecrowns.GameState.record` does not replay to it; the state's history
        (``history()``) does, through this game."""
        return None if self._now.dealt is not None else self._now.table.state

    def current_player(self) -> int:
        """The player to act; chance (-1) while dealing or drawing from the stock; terminal
        (-4) when the game is over."""
        return self._now.player

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self._now.table.over

    def _legal_actions(self, player: int) -> list[int]:
        """The legal actions of the player to act, ascending (the engine's integers)."""
        return self._now.table.legal()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(card code, probability)`` for each card the chance node can give: the copies of
        the card left over the cards left (in the deck being dealt, or in the stock)."""
        now = self._now
        if now.left is not None and now.dealt is not None:
            left = now.table.rules.deck_size - len(now.dealt)
            return [(code, count / left) for code, count in enumerate(now.left) if count > 0]
        if now.drawing:
            return now.table.stock_outcomes()
        raise InvalidStateError("not a chance node: no chance outcomes")

    def returns(self) -> list[float]:
        """Each player's return: zero until the game is over; then, by ``utility``, the
        mean of the other players' totals minus the player's own, or minus its own."""
        table = self._now.table
        if not table.over:
            return [0.0] * self.get_game().players
        scores = table.scores()
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
        return str(Action.from_int(action, self._now.table.rules))

    def __str__(self) -> str:
        now = self._now
        if now.dealt is None:
            text = table_text(now.game, seat_name)
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
        counts = self._now.memory()[DEALT, seat]
        return tuple(CARDS[code] for code in range(NUM_CODES) for _ in range(counts[code]))

    # -- what a player may know ----------------------------------------------------------------

    def _view(self, player: int) -> PlayerView:
        """``player``'s view; during a deal, with the cards dealt to it so far."""
        now = self._now
        view = now.game.view(player)
        if now.dealt is None:
            return view
        counts = now.memory()[DEALT].sum(axis=1)
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
            doing = f"game over, won by {', '.join(map(seat_name, view.winners))}"
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
        lines = (line(entry, player) for entry in entries(now.log))
        return now.past_text[player] + "".join(f"\n{line}" for line in lines if line is not None)

    def _memory(self, player: int, out: npt.NDArray[np.float32]) -> None:
        """Write ``player``'s memory of the round into ``out`` (see
        :func:`information_state_size`)."""
        now = self._now
        memory = now.memory()
        players = memory.shape[1]
        out[:NUM_CODES] = memory[DEALT, player]
        out[NUM_CODES : 2 * NUM_CODES] = memory[DREW, player]
        for offset in range(players):
            seat = (player + offset) % players
            base = 2 * NUM_CODES * (offset + 1)
            out[base : base + NUM_CODES] = memory[TOOK, seat]
            out[base + NUM_CODES : base + 2 * NUM_CODES] = memory[PUT, seat]
        out[-1] = 0 if now.dealt is not None else now.reshuffles

    # -- playing -------------------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        """Play ``action``: a card code at a chance node, an action integer otherwise (an
        illegal one raises :class:`~fivecrowns.IllegalActionError` and changes nothing)."""
        now = self._now
        if now.dealt is not None:
            self._now = deal(now, action)
        elif now.drawing:
            self._now = draw(now, action)
        else:
            self._now = act(now, action)

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> FiveCrownsState:
        """A state of a whole game (history included) in which ``player_id``'s information
        state is this one's, the cards hidden from that player drawn again at random.

        Every round is sampled: each card another player was dealt or drew from the stock is
        either one it later showed (a discard, a meld, its hand at the end of a round), or is
        drawn at random from the cards the player has not seen (after a reshuffle, from that
        stock's cards). The world is then built directly: the record with those cards, the
        other players' hands as their cards make them now and the stock the rest, in a state
        whose history has those cards (its cost grows with the game's length only by
        copying the record, not by playing it again). Only while another player's final
        hand was arranged this round (after a final turn), the game is replayed with those
        cards and kept if the player would have seen exactly the same (the hand must still
        be arranged as it was). ``probability_sampler`` (a callable giving numbers in
        [0, 1), such as ``pyspiel.UniformProbabilitySampler``) seeds the draws. The result
        depends only on what the player knows and on the sampler. Raises RuntimeError if no
        world is found in 200 tries.
        """
        return self._resampled(int(player_id), probability_sampler, replay=False)

    def _resampled(
        self, player: int, probability_sampler: Callable[[], float], *, replay: bool
    ) -> FiveCrownsState:
        """:meth:`resample_from_infostate`; with ``replay``, every world is replayed (the
        reference the benchmarks compare the direct build with)."""
        rng = random.Random(int(probability_sampler() * 2**53))
        now = self._now
        history = list(self.history())
        if len(history) != now.steps:
            raise InvalidStateError("the state's history does not match its record")
        target: str | None = None
        for _ in range(_RESAMPLE_TRIES):
            codes = self._sampled_codes(player, rng)
            if codes is None:
                continue
            sampled = list(history)
            for step, code in codes.items():
                sampled[step] = code
            built = None if replay else world(now, player, codes)
            if built is not None:
                return self._with_history(built, sampled)
            if target is None:
                target = self._info_string(player)
            found = self._replayed(sampled)
            if found is not None and found._info_string(player) == target:
                return found
        raise RuntimeError(
            f"no game consistent with player {player}'s information state was found in "
            f"{_RESAMPLE_TRIES} tries"
        )

    def _with_history(self, now: Snapshot, history: list[int]) -> FiveCrownsState:
        """A state of ``now`` whose history is ``history`` (OpenSpiel's own, set as its
        deserialisation sets it: nothing is replayed)."""
        text = serialised(now, history, self.move_number())
        state: FiveCrownsState = self.get_game().deserialize_state(text)
        state._now = now
        return state

    def _replayed(self, history: list[int]) -> FiveCrownsState | None:
        """The game of ``history`` played from the start (None if the engine refuses it)."""
        state: FiveCrownsState = self.get_game().new_initial_state()
        try:
            for action in history:
                state.apply_action(action)
        except FiveCrownsError:
            return None
        return state

    def _sampled_codes(self, player: int, rng: random.Random) -> dict[int, int] | None:
        """The cards hidden from ``player`` drawn again, by history step (None if a draw was
        inconsistent)."""
        now = self._now
        rules = now.table.rules
        codes: dict[int, int] = {}
        for log in (*now.past, entries(now.log)):
            sampled = sampled_round(log, player, rules, rng)
            if sampled is None:
                return None
            codes.update(sampled)
        return codes


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
