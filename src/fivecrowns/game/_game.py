"""The game object a :class:`~fivecrowns.GameState` wraps, as a Protocol: one state of a
match, and the engine that plays it.

Two classes implement it: ``_plain.PlainGame``, the state's fields played by the Python
engine (the referee of ``_moves`` and the transitions of ``_plain``), and
``_core_state.CoreGame``, a game the compiled core plays (which reads the fields from the core
into a ``PlainGame`` when they are first asked for). ``_engine`` chooses one when a match is
dealt; a state built from its fields (by hand, from JSON, by pickle) is a ``PlainGame``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import numpy as np
import numpy.typing as npt

from ..rules import Rules
from ._fields import PublicHistory
from .actions import Action, Phase
from .views import PlayerView

if TYPE_CHECKING:
    from .. import _core
    from ._plain import PlainGame

__all__ = ["Game"]


class Game(Protocol):
    """One state of a match and the engine that plays it (see the module docs)."""

    @property
    def fields(self) -> PlainGame:
        """Every field of the state (read from the core when first asked for)."""
        ...

    @property
    def core(self) -> _core.Game | None:
        """The compiled core's game of this state (None when the Python engine plays it)."""
        ...

    @property
    def rules(self) -> Rules: ...
    @property
    def players(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def first_dealer(self) -> int: ...
    @property
    def round_number(self) -> int: ...
    @property
    def extra_round(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def active(self) -> tuple[int, ...]: ...
    @property
    def current(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def hand_size(self) -> int: ...
    @property
    def wild_rank(self) -> int | None: ...
    @property
    def stock_size(self) -> int: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def winners(self) -> tuple[int, ...]: ...
    @property
    def public_history(self) -> PublicHistory: ...
    @property
    def actions(self) -> tuple[int, ...]: ...

    def legal(self) -> tuple[Action, ...]:
        """Every legal action, in integer order (empty when the game is over)."""
        ...

    def legal_mask(self, width: int) -> npt.NDArray[np.bool_]:
        """A bool array of ``width`` entries, True at each legal action's integer."""
        ...

    def play(self, code: int, act: Action) -> Game:
        """The game after ``act`` (whose integer is ``code``); this one is never changed. An
        illegal action raises :class:`~fivecrowns.IllegalActionError` saying why."""
        ...

    def view(self, seat: int) -> PlayerView:
        """What the player at ``seat`` may know."""
        ...

    def observation(self, seat: int) -> npt.NDArray[np.float32]:
        """The observation tensor of ``seat``'s view."""
        ...
