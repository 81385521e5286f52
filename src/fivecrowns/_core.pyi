# The compiled core (rust/python): its interface, for type checkers. Exact:
# `python -m mypy.stubtest fivecrowns._core` reports no error (CI runs it). PyO3 classes are
# built by `__new__` (they have no `__init__`) and cannot be subclassed (`@final`).
from collections.abc import Callable, Iterable, Sequence
from typing import Any, final

import numpy as np
import numpy.typing as npt
from typing_extensions import Self

from fivecrowns.cards import Card

__all__ = [
    "Batch",
    "Fast",
    "Game",
    "GameRules",
    "Interner",
    "SeatView",
    "Solver",
    "__version__",
    "after_draws",
    "canonical_cards",
    "chance_draw",
    "chance_played",
    "chance_redeal",
    "chance_rehand",
    "chance_stock",
    "panic_count",
    "panic_for_test",
    "play_game",
    "play_games",
    "play_summaries",
    "rollouts",
    "view_first_outs",
    "view_rollouts",
]

__version__: str

def canonical_cards(cards: tuple[object, ...], card_type: type) -> None: ...
def panic_count() -> int: ...
def panic_for_test(message: str) -> None: ...

_Layout = tuple[list[tuple[str, tuple[int, ...]]], tuple[int, ...], int]

@final
class Solver:
    def __new__(
        cls,
        packs: int,
        distinct_suit_books: bool,
        max_wilds: int | str | None,
        all_wild_melds: bool,
        wild_points: int,
        joker_points: int,
    ) -> Self: ...
    def least(self, codes: Sequence[int], wild_rank: int) -> int: ...
    def least_laying_off(self, codes: Sequence[int], wild_rank: int, free_ranks: int) -> int: ...
    def arrange(self, codes: Sequence[int], wild_rank: int) -> _Layout: ...
    def discard_values(self, codes: Sequence[int], wild_rank: int) -> list[tuple[int, int]]: ...
    def best_discard(self, codes: Sequence[int], wild_rank: int) -> tuple[int, _Layout]: ...
    def best_discard_value(self, codes: Sequence[int], wild_rank: int) -> tuple[int, int]: ...
    def can_out(self, codes: Sequence[int], wild_rank: int) -> bool: ...
    def outs(self, codes: Sequence[int], wild_rank: int) -> tuple[int, ...]: ...
    def least_many(
        self, hands: Sequence[Sequence[int]], wild_rank: int, threads: int = 1
    ) -> npt.NDArray[np.int64]: ...
    def least_counts(
        self, counts: npt.NDArray[np.int64], wild_rank: int, threads: int = 1
    ) -> npt.NDArray[np.int64]: ...
    def least_cards(
        self,
        hands: Iterable[Any],
        wild_rank: int,
        threads: int,
        card_type: type,
        codes_of: Callable[[Any], Sequence[int]],
    ) -> npt.NDArray[np.int64]: ...

@final
class Interner:
    def __new__(cls, official: object, make: Callable[..., Any]) -> Self: ...
    def __call__(self, *args: object, **options: object) -> Any: ...
    def clear(self) -> None: ...
    def __len__(self) -> int: ...

@final
class Fast:
    def __new__(
        cls, rules: object, solver: Solver, melded: Solver, can_out: bool, kit: object
    ) -> Self: ...
    def with_rules(self, rules: object, solver: Solver, melded: Solver, can_out: bool) -> Fast: ...
    def least(self, cards: object, wild_rank: object, rules: object) -> int | None: ...
    def arrangement(self, cards: object, wild_rank: object, rules: object) -> Any: ...
    def best_discard(self, cards: object, wild_rank: object, rules: object) -> Any: ...
    def best_discard_value(self, cards: object, wild_rank: object, rules: object) -> Any: ...
    def discard_values(self, cards: object, wild_rank: object, rules: object) -> Any: ...
    def can_out(self, cards: object, wild_rank: object, rules: object) -> bool | None: ...
    def melds_all(self, cards: object, wild_rank: object, rules: object) -> bool | None: ...

@final
class GameRules:
    def __new__(
        cls,
        melds: Solver,
        schedule: Sequence[int],
        wild_ranks: Sequence[int],
        extra_round_hand_size: int,
        tie_break: str,
        go_out_bonus: int,
        go_out_bonus_below_zero: bool,
        may_discard_taken_discard: bool,
        go_out_without_discard: bool,
        lay_off: bool,
        out_layout: str,
        auto_arrange_final_hand: bool,
        turn_limit: int,
        reshuffle_whole_discard_pile: bool = False,
        squared_discard_pile: bool = False,
    ) -> Self: ...
    @property
    def deal_capacity(self) -> int: ...

@final
class SeatView:
    def fields(self) -> tuple[Any, ...]: ...
    def table(self) -> tuple[tuple[int, str, tuple[int, ...]], ...]: ...
    def results_from(self, start: int) -> list[Any]: ...

@final
class Game:
    def __new__(cls, rules: GameRules, players: int, seed: int, first_dealer: int) -> Self: ...
    def clone(self) -> Game: ...
    def legal_actions(self) -> list[int]: ...
    def apply(self, action: int) -> None: ...
    def played(self, action: int) -> tuple[Game, int, str, bool]: ...
    def round_fields(self) -> tuple[Any, ...]: ...
    def seat_view(self, seat: int) -> SeatView: ...
    def round_facts(self) -> tuple[int, int, int, list[int], list[int], int]: ...
    def results_from(self, start: int) -> list[Any]: ...
    @property
    def stock(self) -> tuple[Card, ...]: ...
    @property
    def stock_size(self) -> int: ...
    @property
    def round_history(self) -> tuple[tuple[int, int], ...]: ...
    @property
    def phase(self) -> str: ...
    @property
    def seed(self) -> int: ...
    @property
    def first_dealer(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def current(self) -> int: ...
    @property
    def scores(self) -> list[int]: ...
    @property
    def winners(self) -> list[int]: ...
    @property
    def actions(self) -> list[int]: ...
    def observation(self, seat: int) -> npt.NDArray[np.float32]: ...
    def legal_mask(self, width: int) -> npt.NDArray[np.int8]: ...
    @property
    def rounds_played(self) -> int: ...
    def round_result(self, index: int) -> tuple[list[int | None], int]: ...
    def snapshot(self, results: bool = True) -> dict[str, object]: ...
    @staticmethod
    def from_parts(
        rules: GameRules,
        players: int,
        seed: int,
        first_dealer: int,
        round_number: int,
        extra_round: int,
        dealer: int,
        active: Sequence[int],
        current: int,
        phase: str,
        hands: Sequence[Sequence[int]],
        finished: Sequence[int],
        stock: Sequence[int],
        discard_pile: Sequence[int],
        went_out: int | None,
        final_turns_left: Sequence[int],
        taken: int | None,
        turns: int,
        reshuffles: int,
        round_scores: Sequence[int | None],
        results: Sequence[tuple[int, int, int | None, Sequence[int | None], str]],
        totals: Sequence[int],
        round_history: Sequence[tuple[int, int]],
    ) -> Game: ...

@final
class Batch:
    def __new__(
        cls,
        rules: GameRules,
        seats: Sequence[str | None],
        games: int,
        num_actions: int,
        auto_reset: bool,
        max_actions: int,
        record: bool,
    ) -> Self: ...
    def reset(self, seed: int) -> None: ...
    def deal_next(self, slots: npt.NDArray[np.bool_]) -> None: ...
    def step(self, actions: npt.NDArray[np.int64]) -> None: ...
    @property
    def rewards(self) -> npt.NDArray[np.float32]: ...
    @property
    def terminated(self) -> npt.NDArray[np.bool_]: ...
    @property
    def truncated(self) -> npt.NDArray[np.bool_]: ...
    @property
    def scores(self) -> npt.NDArray[np.int64]: ...
    @property
    def winners(self) -> npt.NDArray[np.bool_]: ...
    def to_act(self) -> npt.NDArray[np.int64]: ...
    def observation(
        self, seats: npt.NDArray[np.int64] | None = None
    ) -> npt.NDArray[np.float32]: ...
    def legal_action_mask(self) -> npt.NDArray[np.bool_]: ...
    def legal_actions(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.uint32]]: ...
    def game(self, index: int) -> tuple[Game, int]: ...
    @property
    def seed(self) -> int: ...

def play_game(rules: GameRules, bots: Sequence[str], seed: int) -> Game: ...
def play_games(
    rules: GameRules, bots: Sequence[str], seeds: Sequence[int]
) -> npt.NDArray[np.int64]: ...
def rollouts(
    games: Sequence[Game],
    bots: Sequence[str],
    seed: int,
    count: int,
    whole_game: bool,
    firsts: Sequence[int],
    horizon: int | None = None,
    rounds_out: bool = False,
) -> npt.NDArray[np.int64]: ...
def view_rollouts(
    template: Game,
    known: Sequence[Sequence[int]],
    laid: Sequence[Sequence[int]],
    hidden: Sequence[int],
    scored: Sequence[bool],
    improve: Sequence[int],
    unseen: Sequence[int],
    bots: Sequence[str],
    seed: int,
    count: int,
    whole_game: bool,
    firsts: Sequence[int],
    horizon: int | None = None,
    rounds_out: bool = False,
) -> npt.NDArray[np.int64]: ...

_Summary = tuple[list[int], list[int], list[list[int]], list[int]]

def play_summaries(
    rules: GameRules, bots: Sequence[Sequence[str]], seeds: Sequence[int]
) -> list[_Summary]: ...
def after_draws(
    solver: Solver, codes: Sequence[int], wild_rank: int, draws: Sequence[int]
) -> list[int]: ...
def view_first_outs(
    template: Game,
    known: Sequence[Sequence[int]],
    laid: Sequence[Sequence[int]],
    hidden: Sequence[int],
    scored: Sequence[bool],
    improve: Sequence[int],
    unseen: Sequence[int],
    bots: Sequence[str],
    seed: int,
    count: int,
    player: int,
    turns: int,
) -> list[int]: ...
def chance_redeal(game: Game, hands: Sequence[Sequence[int]], upcard: int) -> Game: ...
def chance_draw(game: Game, code: int) -> tuple[Game, int, str]: ...
def chance_stock(game: Game) -> list[tuple[int, float]]: ...
def chance_rehand(game: Game, seats: Sequence[int], hands: Sequence[Sequence[int]]) -> Game: ...
def chance_played(
    game: Game, action: int
) -> tuple[Game, int, str, int, int, int | None, int | None, bytes]: ...
