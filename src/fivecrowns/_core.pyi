# The compiled core (rust/python): its interface, for type checkers.
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

__version__: str

def canonical_cards(cards: tuple[object, ...], card_type: type) -> None: ...

_Layout = tuple[list[tuple[str, tuple[int, ...]]], tuple[int, ...], int]

class Solver:
    def __init__(
        self,
        packs: int,
        distinct_suit_books: bool,
        max_wilds: int | str | None,
        all_wild_melds: bool,
        wild_points: int,
        joker_points: int,
    ) -> None: ...
    def least(self, codes: Sequence[int], wild_rank: int) -> int: ...
    def least_cards(self, cards: object, wild_rank: int, card_type: type) -> int | None: ...
    def can_out_cards(self, cards: object, wild_rank: int, card_type: type) -> bool | None: ...
    def arrange(self, codes: Sequence[int], wild_rank: int) -> _Layout: ...
    def arrangement_cards(
        self,
        cards: object,
        wild_rank: int,
        card_type: type,
        cache: dict[int, Any],
        make: Callable[..., Any],
    ) -> tuple[tuple[Any, ...], tuple[Any, ...], int] | None: ...
    def best_discard_cards(
        self,
        cards: object,
        wild_rank: int,
        card_type: type,
        cache: dict[int, Any],
        make: Callable[..., Any],
    ) -> tuple[Any, tuple[tuple[Any, ...], tuple[Any, ...], int]] | None: ...
    def discard_values_cards(
        self, cards: object, wild_rank: int, card_type: type
    ) -> dict[Any, int] | None: ...
    def discard_values(self, codes: Sequence[int], wild_rank: int) -> list[tuple[int, int]]: ...
    def best_discard(self, codes: Sequence[int], wild_rank: int) -> tuple[int, _Layout]: ...
    def can_out(self, codes: Sequence[int], wild_rank: int) -> bool: ...
    def outs(self, codes: Sequence[int], wild_rank: int) -> tuple[int, ...]: ...
    def least_many(
        self, hands: Sequence[Sequence[int]], wild_rank: int
    ) -> npt.NDArray[np.int64]: ...
    def least_counts(
        self, counts: npt.NDArray[np.int64], wild_rank: int
    ) -> npt.NDArray[np.int64]: ...

class GameRules:
    def __init__(
        self,
        melds: Solver,
        schedule: Sequence[int],
        wild_ranks: Sequence[int],
        extra_round_hand_size: int,
        tie_break: str,
        go_out_bonus: int,
        go_out_bonus_below_zero: bool,
        may_discard_taken_discard: bool,
        go_out_without_discard: bool,
        turn_limit: int,
    ) -> None: ...
    @property
    def deal_capacity(self) -> int: ...

class Game:
    def __init__(self, rules: GameRules, players: int, seed: int, first_dealer: int) -> None: ...
    def clone(self) -> Game: ...
    def legal_actions(self) -> list[int]: ...
    def apply(self, action: int) -> None: ...
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

class Batch:
    def __init__(
        self,
        rules: GameRules,
        seats: Sequence[str | None],
        games: int,
        num_actions: int,
        auto_reset: bool,
        max_actions: int,
        record: bool,
    ) -> None: ...
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
    seeds: Sequence[int],
    whole_game: bool,
    firsts: Sequence[int],
) -> npt.NDArray[np.int64]: ...
def view_rollouts(
    template: Game,
    known: Sequence[Sequence[int]],
    laid: Sequence[Sequence[int]],
    hidden: Sequence[int],
    scored: Sequence[bool],
    unseen: Sequence[int],
    bots: Sequence[str],
    seeds: Sequence[int],
    whole_game: bool,
    firsts: Sequence[int],
) -> npt.NDArray[np.int64]: ...

_Summary = tuple[list[int], list[int], list[list[int]], list[int]]

def play_summaries(
    rules: GameRules, bots: Sequence[Sequence[str]], seeds: Sequence[int]
) -> list[_Summary]: ...
