"""The rules in force: every option of the rule book, its official default, and presets.

>>> rules = Rules()
>>> rules.rounds, rules.hand_size(1), rules.wild_rank(1), rules.wild_rank(11)
(11, 3, 3, 13)
>>> Rules.short_game(7).schedule
(3, 4, 5, 6, 7, 8, 9)
>>> Rules().max_players, Rules(seat_to_capacity=True).max_players, Rules(packs=3).max_players
(7, 8, 13)
>>> from fivecrowns import JOKER
>>> rules.points(Card.parse("KH"), wild_rank=13), rules.points(JOKER, wild_rank=3)
(20, 50)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Literal

import attrs

from . import _interned, _schedule
from ._rule_flags import (
    _OLD_DEALT_OPTION,
    RuleFlag,
    _choice,
    _cli,
    _is_choice,
    _is_int,
    _number,
    _parse_max_wilds,
    _renamed_dealt_option,
    _switch,
    _to_tuple,
    rule_flag,
)
from ._schedule import _parse_schedule, _parse_wild_ranks, parse_wild_rank
from .cards import JOKER_CODE, NUM_CODES, Card, _int_or_same, as_int, check_wild_rank, short_repr
from .errors import InvalidCardError, InvalidRulesError

__all__ = [
    "MAX_BONUS",
    "MAX_HAND_SIZE",
    "MAX_POINTS",
    "MAX_ROUND_TURNS",
    "OFFICIAL",
    "OFFICIAL_MAX_PLAYERS",
    "OFFICIAL_SCHEDULE",
    "RuleFlag",
    "Rules",
    "TieBreak",
    "check_rules",
    "parse_wild_rank",
    "rule_flag",
]

#: The official schedule of hand sizes: 3, 4, ..., 13 cards over 11 rounds.
OFFICIAL_SCHEDULE: Final = _schedule.OFFICIAL_SCHEDULE
#: The most players the official game seats (1 to 7; one player is Solitaire).
OFFICIAL_MAX_PLAYERS: Final = 7
#: The largest hand a round may deal (schedule entries, ``extra_round_hand_size``). The
#: Python engine of the solver answers every question about a hand of up to one card more
#: within a second, under every rule set the rules accept (the compiled core solves any hand).
MAX_HAND_SIZE: Final = _schedule.MAX_HAND_SIZE
#: The most an unmelded wild or joker may cost (``wild_points``, ``joker_points``): what the
#: compiled core represents (its sums of a whole deck's deadwood stay in 64 bits).
MAX_POINTS: Final = 1 << 20
#: The largest go-out bonus, as a number of points taken off (``go_out_bonus``): what the
#: compiled core represents.
MAX_BONUS: Final = 1 << 40
#: The most turns a round lasts with nobody out, even without a ``turn_limit``: then it
#: ends and every hand is scored (see :attr:`Rules.round_turn_limit`).
MAX_ROUND_TURNS: Final = 10_000

TieBreak = Literal["shared", "extra_round", "most_rounds_out"]
SolitaireScoring = Literal["win", "deadwood"]
SolitaireDealtPiles = Literal["whole", "all_but_one", "draw"]
MaxWilds = int | Literal["naturals"] | None

_TIE_BREAKS: Final = ("shared", "extra_round", "most_rounds_out")
_SOLITAIRE_SCORINGS: Final = ("win", "deadwood")
_DEALT_PILES: Final = ("whole", "all_but_one", "draw")


def check_rules(rules: object, name: str = "rules") -> Rules:
    """``rules`` if it is a :class:`Rules`; else :class:`~fivecrowns.InvalidRulesError`
    naming the parameter ``name``, what it got and what is accepted.

    >>> check_rules(None)
    Traceback (most recent call last):
    ...
    fivecrowns.errors.InvalidRulesError: rules must be a Rules, such as Rules() or \
Rules(lay_off=True), got None (NoneType)
    """
    if isinstance(rules, Rules):
        return rules
    raise InvalidRulesError(
        f"{name} must be a Rules, such as Rules() or Rules(lay_off=True), got "
        f"{short_repr(rules)} ({type(rules).__name__})"
    )


#: Options added after the save format was first published, with their defaults: written by
#: :meth:`Rules.to_dict` only when they differ from these.
_LATER_OPTIONS: Final[dict[str, object]] = {
    "seat_to_capacity": False,
    "go_out_bonus_below_zero": False,
    "solitaire_dealt_piles": "whole",
    "reshuffle_whole_discard_pile": False,
    "squared_discard_pile": False,
}
_WRITTEN: Final = object()


@attrs.frozen(kw_only=True, cache_hash=True)
class Rules(metaclass=_interned.Interned):
    """Every rule option of Five Crowns; the defaults are the official rules.

    All options are keyword arguments, validated on construction (a bad value raises
    :class:`~fivecrowns.InvalidRulesError` saying what is accepted). ``Rules`` is frozen and
    hashable; derive a variant with :func:`attrs.evolve`.

    Options (see the rules page for what each means):

    - ``packs`` (2): how many 58-card packs make the deck.
    - ``seat_to_capacity`` (False): seat as many players as the deck can deal
      (:attr:`deal_capacity`: 8 with the official deck and schedule) instead of the official
      1 to 7. A deck of more than two packs is not the official one and always seats its
      deal capacity (13 with three packs).
    - ``schedule`` (3..13): the hand size dealt in each round, one entry per round, each
      from 1 to :data:`MAX_HAND_SIZE` (14).
    - ``wild_ranks`` (None): the wild rank of each round, one entry per round, ``None`` for a
      round with only jokers wild. By default the wild rank of a round is its hand size
      (no rank is wild in a round dealing fewer than 3 or more than 13 cards).
    - ``distinct_suit_books`` (False): a book may not hold two cards of one suit.
    - ``max_wilds_per_meld`` (None = unlimited): an int, or ``"naturals"`` for "no more wilds
      than natural cards in a meld".
    - ``all_wild_melds`` (True): a meld made only of wilds is allowed.
    - ``may_discard_taken_discard`` (True): a player may discard the card just taken from the
      discard pile.
    - ``go_out_without_discard`` (False): a player may go out with every card melded and no
      discard.
    - ``lay_off`` (False): in the final turns, cards may be added to melds on the table.
      A lay-off may move a wild: laying off the natural card a wild stands for puts the
      natural in its place and sends the wild to a free end of the run (``7H JK=8H 9H`` +
      ``8H`` gives ``7H 8H 9H JK=10H``). The wild stays in the meld, and a run with no free
      end (3 to K already) refuses the card.
    - ``auto_arrange_final_hand`` (True): final hands are scored by their best arrangement.
    - ``reshuffle_whole_discard_pile`` (False): when the stock runs out, the whole discard
      pile (no card kept face up) is shuffled into the new stock, so the next player can only
      draw from it; with no discard pile at all, the round ends and every hand is scored. By
      default the top card stays and the rest is shuffled (a pile of one card ends the round).
    - ``squared_discard_pile`` (False): the table squares the discard pile, so a player's
      view shows only its top card (the ``discard_pile`` of a :class:`~fivecrowns.PlayerView`
      is that card alone). Play is the same.
    - ``go_out_bonus`` (0): points added to the score of the player who goes out first
      (a house rule uses -10); zero or negative, down to ``-MAX_BONUS`` (-2**40).
    - ``go_out_bonus_below_zero`` (False): the bonus counts in full even when it takes the
      player's total below zero. By default no total is ever negative (the rule book's "no
      score is ever negative"): the bonus takes a total down to zero at most
      (:meth:`go_out_score`). Tie-break rounds, whose scores are not totals, always count
      the bonus in full.
    - ``tie_break`` ("shared"): ``"shared"``, ``"extra_round"`` or ``"most_rounds_out"``.
    - ``extra_round_hand_size`` (13): the hand size of a tie-break round (at most
      :data:`MAX_HAND_SIZE`).
    - ``solitaire_scoring`` ("win"): ``"win"`` (close every pile) or ``"deadwood"``.
    - ``solitaire_dealt_piles`` ("whole"): in Solitaire, which piles start closed, before
      any card is drawn (the printed rules say a pile is closed "when all its cards are
      arranged into books and/or runs" and are silent on the deal). ``"whole"`` (the text's
      reading): a pile whose dealt cards all form books and runs is closed at the deal,
      keeping them all as melds. ``"all_but_one"``: also a pile dealt with all but one card
      in books and runs, its melds laid out and the extra card (the one
      :func:`~fivecrowns.best_discard` picks; which one cannot matter) discarded at the deal.
      ``"draw"`` (step 4 to the letter, "after adding a card"): every pile starts open, and
      closing one costs a turn.
    - ``wild_points`` (20) and ``joker_points`` (50): what an unmelded wild costs, 0 to
      :data:`MAX_POINTS` (2**20: what the compiled core represents).
    - ``turn_limit`` (None): not a rule but a simulation safeguard: end a round with nobody
      out after this many turns and score every hand, so games between weak bots finish.
      Without it a round still ends so after :data:`MAX_ROUND_TURNS` turns
      (:attr:`round_turn_limit`): under some house rules two bots can pass the same cards
      back and forth for ever, and no game may run for ever. No real table gets near it (random
      bots' rounds take a few hundred turns).
    """

    packs: int = _number(2, "--packs", "packs in the deck (default 2)", "3")
    schedule: tuple[int, ...] = attrs.field(
        default=OFFICIAL_SCHEDULE,
        metadata=_cli(
            RuleFlag(
                "--schedule",
                "hand sizes by round: 3-13 (default), 7x11, 3,5,7",
                _parse_schedule,
                example="7x3",
            )
        ),
        converter=_to_tuple,
    )
    wild_ranks: tuple[int | None, ...] | None = attrs.field(
        default=None,
        metadata=_cli(
            RuleFlag(
                "--wild-ranks",
                "the wild rank of each round, e.g. 3,4,none,K (default: the hand size)",
                _parse_wild_ranks,
                "R,R,...",
                example="3,4,5,6,7,8,9,10,J,Q,none",
            )
        ),
        converter=_to_tuple,
    )
    seat_to_capacity: bool = _switch(
        False,
        "--seat-to-capacity",
        "seat as many players as the deck can deal (8 with two packs), not the official 7",
    )
    distinct_suit_books: bool = _switch(
        False, "--distinct-suit-books", "books may not repeat a suit"
    )
    max_wilds_per_meld: MaxWilds = attrs.field(
        default=None,
        converter=_int_or_same,
        metadata=_cli(
            RuleFlag(
                "--max-wilds",
                "wilds allowed in one meld (default unlimited)",
                _parse_max_wilds,
                "N|naturals",
                example="naturals",
            )
        ),
    )
    all_wild_melds: bool = _switch(True, "--no-all-wild-melds", "every meld needs a natural card")
    may_discard_taken_discard: bool = _switch(
        True, "--no-discard-taken", "a card taken from the discard pile may not be thrown back"
    )
    go_out_without_discard: bool = _switch(
        False, "--go-out-without-discard", "allow going out with no discard"
    )
    lay_off: bool = _switch(False, "--lay-off", "final turns may lay off cards")
    auto_arrange_final_hand: bool = _switch(
        True,
        "--manual-final-hands",
        "final hands count the melds players lay down (no automatic arrangement)",
    )
    # -- the discard pile (issue 49) --
    reshuffle_whole_discard_pile: bool = _switch(
        False, "--reshuffle-whole-pile", "an empty stock takes the whole discard pile, top too"
    )
    squared_discard_pile: bool = _switch(
        False, "--squared-pile", "views show only the top card of the discard pile"
    )
    go_out_bonus: int = _number(0, "--go-out-bonus", "e.g. -10 (default 0)", "-10")
    go_out_bonus_below_zero: bool = _switch(
        False, "--go-out-bonus-below-zero", "the go-out bonus may take a total below zero"
    )
    # (ruff cannot see that _choice returns an attrs field, as _number and _switch do)
    tie_break: TieBreak = _choice(  # noqa: RUF009
        "shared", "--tie-break", "how a tie for the win is broken", _TIE_BREAKS, "extra_round"
    )
    extra_round_hand_size: int = _number(
        13, "--extra-round-hand-size", "cards dealt in a tie-break round (default 13)", "7"
    )
    solitaire_scoring: SolitaireScoring = _choice(  # noqa: RUF009
        "win", "--solitaire-scoring", "Solitaire scoring", _SOLITAIRE_SCORINGS, "deadwood"
    )
    solitaire_dealt_piles: SolitaireDealtPiles = _choice(  # noqa: RUF009
        "whole",
        "--solitaire-dealt-piles",
        "Solitaire: the dealt piles that start closed: all melded (whole), all but one card "
        "melded too (all_but_one), or none (draw)",
        _DEALT_PILES,
        "draw",
    )
    wild_points: int = _number(
        20, "--wild-points", "what an unmelded wild costs (default 20)", "25"
    )
    joker_points: int = _number(
        50, "--joker-points", "what an unmelded joker costs (default 50)", "0"
    )
    turn_limit: int | None = _number(
        None, "--turn-limit", "simulation safeguard: end a round after N turns", "300"
    )

    def __attrs_post_init__(self) -> None:
        self._validate()

    def _validate(self) -> None:
        # The main game needs two players, and every deck seats them: one pack (58 cards)
        # deals two hands of MAX_HAND_SIZE (14) and leaves a discard and a stock.
        self._validate_deal()
        self._validate_options()

    def _validate_deal(self) -> None:
        """The deck, the schedule and the wild ranks."""
        if not _is_int(self.packs) or not 1 <= self.packs <= 16:
            raise InvalidRulesError(
                f"packs must be an int from 1 to 16, got {short_repr(self.packs)}"
            )
        schedule = self.schedule
        if (
            not isinstance(schedule, tuple)
            or not schedule
            or not all(_is_int(size) and 1 <= size <= MAX_HAND_SIZE for size in schedule)
        ):
            raise InvalidRulesError(
                "schedule must be a non-empty sequence of hand sizes, ints from 1 to "
                f"{MAX_HAND_SIZE} (the official one is 3, 4, ..., 13), got {short_repr(schedule)}"
            )
        ranks = self.wild_ranks
        if ranks is not None:
            if not isinstance(ranks, tuple) or len(ranks) != len(schedule):
                raise InvalidRulesError(
                    f"wild_ranks must give one entry per round ({len(schedule)}), got "
                    f"{short_repr(ranks)}"
                )
            for rank in ranks:
                if rank is not None and not (_is_int(rank) and 3 <= rank <= 13):
                    raise InvalidRulesError(
                        "each wild rank must be an int from 3 to 13 or None, got "
                        f"{short_repr(rank)}"
                    )

    def _validate_options(self) -> None:
        """The meld limits, scoring and tie-break options."""
        limit = self.max_wilds_per_meld
        if not (
            limit is None
            or (isinstance(limit, str) and limit == "naturals")
            or (_is_int(limit) and limit >= 0)
        ):
            raise InvalidRulesError(
                "max_wilds_per_meld must be None (unlimited), an int of at least 0, or "
                f"'naturals' (no more wilds than naturals), got {short_repr(limit)}"
            )
        if not _is_int(self.go_out_bonus) or not -MAX_BONUS <= self.go_out_bonus <= 0:
            raise InvalidRulesError(
                f"go_out_bonus must be an int from -{MAX_BONUS} (-2**40) to 0 (e.g. -10), got "
                f"{short_repr(self.go_out_bonus)}"
            )
        if not _is_choice(self.tie_break, _TIE_BREAKS):
            raise InvalidRulesError(
                f"tie_break must be one of {', '.join(map(repr, _TIE_BREAKS))}, "
                f"got {short_repr(self.tie_break)}"
            )
        size = self.extra_round_hand_size
        if not _is_int(size) or not 1 <= size <= MAX_HAND_SIZE:
            raise InvalidRulesError(
                f"extra_round_hand_size must be an int from 1 to {MAX_HAND_SIZE}, got "
                f"{short_repr(size)}"
            )
        if not _is_choice(self.solitaire_scoring, _SOLITAIRE_SCORINGS):
            raise InvalidRulesError(
                "solitaire_scoring must be 'win' or 'deadwood', got "
                f"{short_repr(self.solitaire_scoring)}"
            )
        if not _is_choice(self.solitaire_dealt_piles, _DEALT_PILES):
            raise InvalidRulesError(
                "solitaire_dealt_piles must be 'whole', 'all_but_one' or 'draw', got "
                f"{short_repr(self.solitaire_dealt_piles)}"
            )
        for name in ("wild_points", "joker_points"):
            value = getattr(self, name)
            if not _is_int(value) or not 0 <= value <= MAX_POINTS:
                raise InvalidRulesError(
                    f"{name} must be an int from 0 to {MAX_POINTS} (2**20), got {short_repr(value)}"
                )
        if self.turn_limit is not None and (
            not _is_int(self.turn_limit) or not 1 <= self.turn_limit <= MAX_ROUND_TURNS
        ):
            raise InvalidRulesError(
                f"turn_limit must be None (no limit but {MAX_ROUND_TURNS:,} turns) or an int "
                f"from 1 to {MAX_ROUND_TURNS:,}, got {short_repr(self.turn_limit)}"
            )

    # -- presets ----------------------------------------------------------------------------

    @classmethod
    def official(cls) -> Rules:
        """The official rules (the same as ``Rules()``)."""
        return cls()

    @classmethod
    def short_game(cls, rounds: int, **options: object) -> Rules:
        """The first ``rounds`` rounds of the official schedule (5, 7 and 9 are common).

        >>> Rules.short_game(9).schedule[-1], Rules.short_game(9).wild_rank(9)
        (11, 11)
        """
        count = as_int(rounds)
        if count is None or not 1 <= count <= len(OFFICIAL_SCHEDULE):
            raise InvalidRulesError(f"rounds must be an int from 1 to 11, got {short_repr(rounds)}")
        return cls(schedule=OFFICIAL_SCHEDULE[:count], **options)  # type: ignore[arg-type]

    @classmethod
    def constant(cls, hand_size: int = 7, rounds: int = 11, **options: object) -> Rules:
        """Every round deals ``hand_size`` cards (and that rank is wild).

        >>> Rules.constant(7, rounds=3).schedule
        (7, 7, 7)
        """
        count = as_int(rounds)
        if count is None or count < 1:
            raise InvalidRulesError(
                f"rounds must be an int of at least 1, got {short_repr(rounds)}"
            )
        return cls(schedule=(hand_size,) * count, **options)  # type: ignore[arg-type]

    # -- saving ------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Every option by name, JSON-ready (sequences as lists). Options added after the
        save format was first published (``seat_to_capacity``, ``go_out_bonus_below_zero``,
        ``solitaire_dealt_piles``, the discard pile's two) are written only when they differ
        from their defaults, so saves and state digests of games that do not use them stay
        as they were.

        >>> Rules.from_dict(Rules(lay_off=True).to_dict()) == Rules(lay_off=True)
        True
        >>> "seat_to_capacity" in Rules().to_dict()
        False
        >>> Rules(seat_to_capacity=True).to_dict()["seat_to_capacity"]
        True
        """
        return {
            name: list(value) if isinstance(value, tuple) else value
            for name, value in attrs.asdict(self, recurse=False).items()
            if _LATER_OPTIONS.get(name, _WRITTEN) != value
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Rules:
        """Rules from :meth:`to_dict`'s data; options left out take their defaults. Unknown
        option names and bad values raise :class:`~fivecrowns.InvalidRulesError`."""
        if not isinstance(data, Mapping):
            raise InvalidRulesError(
                f"rules must be a mapping of option names, got {short_repr(data)}"
            )
        if _OLD_DEALT_OPTION in data:
            data = _renamed_dealt_option(data)
        names = {field.name for field in attrs.fields(cls)}
        unknown = sorted(str(key) for key in data if key not in names)
        if unknown:
            raise InvalidRulesError(
                f"unknown rule option(s) {', '.join(unknown)}; the options are "
                f"{', '.join(sorted(names))}"
            )
        return cls(**data)  # type: ignore[arg-type]

    # -- derived values ---------------------------------------------------------------------

    @property
    def round_turn_limit(self) -> int:
        """The turns after which a round with nobody out ends, every hand scored:
        ``turn_limit``, or :data:`MAX_ROUND_TURNS` without one.

        >>> Rules().round_turn_limit, Rules(turn_limit=300).round_turn_limit
        (10000, 300)
        """
        return MAX_ROUND_TURNS if self.turn_limit is None else self.turn_limit

    @property
    def rounds(self) -> int:
        """The number of rounds in a game."""
        return len(self.schedule)

    @property
    def deck_size(self) -> int:
        """The number of cards in the deck: 58 per pack."""
        return 58 * self.packs

    def _largest_hand(self) -> int:
        """The largest hand a game deals: the schedule's, or a tie-break round's."""
        extra = self.extra_round_hand_size if self.tie_break == "extra_round" else 0
        return max(max(self.schedule), extra)

    @property
    def deal_capacity(self) -> int:
        """The largest table the deck can deal: every player gets the largest hand of the
        game (of the schedule, or of a tie-break round under ``tie_break="extra_round"``),
        one card starts the discard pile, and at least one card is left as the stock.

        >>> Rules().deal_capacity, Rules(packs=1).deal_capacity, Rules.short_game(5).deal_capacity
        (8, 4, 16)
        """
        return (self.deck_size - 2) // self._largest_hand()

    @property
    def max_players(self) -> int:
        """The largest table these rules seat: the official 7 players
        (:data:`OFFICIAL_MAX_PLAYERS`, or fewer if the deck cannot deal them), or the
        :attr:`deal_capacity` with ``seat_to_capacity`` or a deck of more than two packs."""
        capacity = self.deal_capacity
        if self.seat_to_capacity or self.packs > 2:
            return capacity
        return min(OFFICIAL_MAX_PLAYERS, capacity)

    def _check_round(self, round_number: int) -> int:
        index = as_int(round_number)
        if index is None or not 1 <= index <= self.rounds:
            raise InvalidRulesError(
                f"round must be an int from 1 to {self.rounds}, got {short_repr(round_number)}"
            )
        return index - 1

    def hand_size(self, round_number: int) -> int:
        """The number of cards dealt in round ``round_number`` (1-based)."""
        return self.schedule[self._check_round(round_number)]

    def wild_rank(self, round_number: int) -> int | None:
        """The wild rank of round ``round_number`` (1-based), or None if only jokers are wild."""
        index = self._check_round(round_number)
        if self.wild_ranks is not None:
            return self.wild_ranks[index]
        size = self.schedule[index]
        return size if 3 <= size <= 13 else None

    def points(self, card: Card, wild_rank: int | None) -> int:
        """What ``card`` costs when left unmelded in a round whose wild rank is ``wild_rank``:
        its rank (J 11, Q 12, K 13), a card of the wild rank ``wild_points`` (20), a joker
        ``joker_points`` (50)."""
        if type(card) is not Card:
            raise InvalidCardError(
                f"points takes a Card (such as Card.parse('7H')), got {short_repr(card)}"
            )
        return self.points_by_code(wild_rank)[card.code]

    def points_by_code(self, wild_rank: int | None) -> tuple[int, ...]:
        """What every card costs unmelded, indexed by card code (the table form of
        :meth:`points`, for loops over codes).

        >>> table = Rules().points_by_code(7)
        >>> table[Card.parse("KH").code], table[Card.parse("7H").code], table[JOKER_CODE]
        (13, 20, 50)
        """
        if wild_rank is not None and type(wild_rank) is not int:
            wild_rank = check_wild_rank(wild_rank)  # a float or a bool must not hit the cache
        key = (self.wild_points, self.joker_points, wild_rank)
        table = _POINTS.get(key)
        if table is None:
            if wild_rank is not None:
                check_wild_rank(wild_rank)
            table = tuple(
                self.joker_points
                if code == JOKER_CODE
                else self.wild_points
                if code % 11 + 3 == wild_rank
                else code % 11 + 3
                for code in range(NUM_CODES)
            )
            if len(_POINTS) >= 256:
                _POINTS.clear()
            _POINTS[key] = table
        return table

    def go_out_score(self, total: int) -> int:
        """The round score of the player who went out of a round of the schedule, whose total
        before the round is ``total``: ``go_out_bonus``, but never taking the total below
        zero unless ``go_out_bonus_below_zero``.

        >>> rules = Rules(go_out_bonus=-10)
        >>> rules.go_out_score(25), rules.go_out_score(4), rules.go_out_score(0)
        (-10, -4, 0)
        >>> Rules(go_out_bonus=-10, go_out_bonus_below_zero=True).go_out_score(4)
        -10
        """
        if self.go_out_bonus_below_zero:
            return self.go_out_bonus
        return max(self.go_out_bonus, -max(total, 0))

    def max_wilds_in(self, naturals: int) -> int | None:
        """How many wilds a meld with ``naturals`` natural cards may hold (None: no limit)."""
        limit = self.max_wilds_per_meld
        if limit is None:
            return None
        if limit == "naturals":
            return naturals
        return int(limit)


#: Point tables by (wild points, joker points, wild rank); bounded: cleared when full.
_POINTS: dict[tuple[int, int, int | None], tuple[int, ...]] = {}

#: The official rules.
_interned.DEFAULTS.update(
    (field.name, (type(field.default), field.default)) for field in attrs.fields(Rules)
)
OFFICIAL: Final = Rules()
# (Rules(...) of options given before costs a look-up in the compiled core, when it runs)
_interned.compile_calls(Rules, OFFICIAL)
