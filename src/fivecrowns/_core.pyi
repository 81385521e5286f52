# The compiled core (rust/python): its interface, for type checkers.
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

__version__: str

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
    def arrange(self, codes: Sequence[int], wild_rank: int) -> _Layout: ...
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
