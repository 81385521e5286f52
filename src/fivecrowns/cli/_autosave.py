"""Autosaves of the games played in the terminal (``fivecrowns play``, ``fivecrowns
solitaire``): numbered slots, so that no saved game is ever overwritten by another.

An unfinished game the player leaves (``quit``, the end of input, Ctrl-C) is saved in a slot
of its own, ``play-N.json`` or ``solitaire-N.json``, in the autosave directory:
``FIVECROWNS_AUTOSAVE`` if set (empty: no autosaves), else, in an interactive session only,
the user's state directory (``$XDG_STATE_HOME/fivecrowns``, by default
``~/.local/state/fivecrowns``). A new game takes the next free number when it is first
saved; a resumed one (``--continue [N]``, or ``--load`` of a slot) keeps its slot, and the
slot is removed once its game is finished. A new game names the unfinished ones waiting.
``autosave.json``, the single slot of earlier versions, is ``play`` slot 0.
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path
from typing import Final

from ..errors import FiveCrownsError

__all__ = ["Slots", "start"]

#: The file of earlier versions' one autosave (``play`` slot 0).
_LEGACY: Final = "autosave.json"


class Slots:
    """The autosave slots of one command (``"play"`` or ``"solitaire"``) in ``directory``."""

    def __init__(self, directory: Path, command: str) -> None:
        self.directory = directory
        self.command = command
        self._name = re.compile(rf"{command}-([1-9][0-9]*)\.json")

    @classmethod
    def of(cls, command: str, interactive: bool) -> Slots | None:
        """The slots of ``command`` where autosaves go (see the module), or None."""
        chosen = os.environ.get("FIVECROWNS_AUTOSAVE")
        if chosen is not None:
            return cls(Path(chosen).expanduser(), command) if chosen else None
        if not interactive:
            return None
        base = os.environ.get("XDG_STATE_HOME") or os.path.join("~", ".local", "state")
        return cls(Path(base).expanduser() / "fivecrowns", command)

    def number(self, path: Path) -> int | None:
        """The slot number of ``path`` if it is one of these slots, else None."""
        if path.resolve().parent != self.directory.resolve():
            return None
        if self.command == "play" and path.name == _LEGACY:
            return 0
        found = self._name.fullmatch(path.name)
        return int(found.group(1)) if found else None

    def saved(self) -> dict[int, Path]:
        """The games waiting in these slots, by slot number (ascending)."""
        try:
            paths = [path for path in self.directory.iterdir() if path.is_file()]
        except OSError:
            return {}
        numbered = ((self.number(path), path) for path in paths)
        return dict(sorted((n, path) for n, path in numbered if n is not None))

    def pick(self, number: int | None) -> Path:
        """The slot ``--continue`` resumes: ``number``, or the newest (the highest number)."""
        saved = self.saved()
        if not saved:
            raise FiveCrownsError(f"no unfinished {self.command} game is saved in {self.directory}")
        if number is None:
            return saved[max(saved)]
        if number not in saved:
            raise FiveCrownsError(
                f"no {self.command} game is saved in slot {number}; the saved ones are "
                f"{', '.join(map(str, saved))} (in {self.directory})"
            )
        return saved[number]

    def waiting(self) -> str | None:
        """What a new game tells the player of the unfinished games saved, if any."""
        saved = self.saved()
        if not saved:
            return None
        numbers = ", ".join(map(str, saved))
        return (
            f"{len(saved)} unfinished {self.command} game(s) saved (slot {numbers} in "
            f"{self.directory}): resume one with 'fivecrowns {self.command} --continue "
            "[SLOT]'; this new game gets a slot of its own."
        )

    def write(self, slot: Path | None, text: str) -> tuple[Path | None, str]:
        """Save ``text`` in ``slot`` (None: the next free slot, never one in use); the slot
        and what to tell the player."""
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            if slot is None:
                slot = self._claim()
            slot.write_text(text, encoding="utf-8")
        except OSError as error:
            return slot, f"could not save the game in {self.directory}: {error.strerror}"
        number = self.number(slot)
        again = f"fivecrowns {self.command} --continue {number}"
        return slot, f"game saved to {slot} (resume with: {again})"

    def _claim(self) -> Path:
        """A new slot, its file made at once so that no other session takes it."""
        number = max(self.saved(), default=0) + 1
        while True:
            path = self.directory / f"{self.command}-{number}.json"
            try:
                with path.open("x", encoding="utf-8"):
                    return path
            except FileExistsError:
                number += 1

    @staticmethod
    def finished(slot: Path | None) -> None:
        """The game of ``slot`` is over: nothing is left to resume."""
        if slot is not None:
            with contextlib.suppress(OSError):
                slot.unlink(missing_ok=True)


def start(
    command: str, interactive: bool, load: str | None, resume: int | None
) -> tuple[Slots | None, str | None, Path | None, str | None]:
    """How a game of ``command`` starts: its slots (None: no autosaves), the file to load
    (``load``, or the slot ``resume`` names: -1 the newest), the game's slot (that of a
    resumed game, else None: a new one when first saved) and what to tell the player first
    (the unfinished games waiting, for a new game)."""
    slots = Slots.of(command, interactive)
    if resume is not None:
        if load is not None:
            raise FiveCrownsError("--continue and --load both name the game to resume; give one")
        if slots is None:
            raise FiveCrownsError(
                "--continue resumes an autosave, and autosaves are off here "
                "(FIVECROWNS_AUTOSAVE is empty, or the input is not a terminal: set "
                "FIVECROWNS_AUTOSAVE to their directory)"
            )
        path = slots.pick(None if resume == -1 else resume)
        return slots, str(path), path, None
    if load is not None:
        number = None if slots is None else slots.number(Path(load))
        return slots, load, None if number is None else Path(load), None
    return slots, None, None, None if slots is None else slots.waiting()
