"""Terminal sessions of the command line: cards in their suit colours, when colour is wanted,
and the files of saved games.

Colour is used only when the stream is a terminal that is not ``TERM=dumb`` and the
``NO_COLOR`` environment variable is not set (https://no-color.org); ``FORCE_COLOR`` turns it
on regardless (``NO_COLOR`` still wins). Output that the terminal's encoding cannot show falls
back to ASCII (:func:`plain_streams`).
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Final, TextIO

from ..cards import Card, Suit
from ..errors import FiveCrownsError
from ..melds import Meld

__all__ = [
    "AsciiWriter",
    "Painter",
    "is_interactive",
    "plain_streams",
    "read_saved",
    "save_text",
    "wants_colour",
]

_RESET: Final = "\x1b[0m"
#: ANSI styles of the suit colours: stars yellow, hearts red, clubs green, spades black (shown
#: bold, since a black foreground vanishes on dark terminals), diamonds blue; jokers magenta.
_STYLES: Final = {
    Suit.STARS: "\x1b[33m",
    Suit.HEARTS: "\x1b[31m",
    Suit.CLUBS: "\x1b[32m",
    Suit.SPADES: "\x1b[1m",
    Suit.DIAMONDS: "\x1b[34m",
    None: "\x1b[35m",
}


def wants_colour(stream: TextIO) -> bool:
    """True if output to ``stream`` should be coloured."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    if os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:  # a closed stream
        return False


#: ASCII spellings of the non-ASCII characters the command line writes.
_ASCII: Final = str.maketrans(
    {
        "±": "+/-",
        "★": "*",
        "♥": "H",
        "♣": "C",
        "♠": "S",
        "♦": "D",
        "—": "--",
        "–": "-",
        "…": "...",
        "×": "x",
        "→": "->",
        "·": ".",
        "‘": "'",
        "’": "'",
        "“": '"',
        "”": '"',
    }
)
#: Characters the output may hold; a stream whose encoding cannot write them gets ASCII.
_PROBE: Final = "±★♥♣♠♦—–…"


class AsciiWriter(io.TextIOBase):
    """A text stream that writes to ``stream`` in ASCII spellings (``+/-`` for ``±``, the
    suit letters for the symbols), anything else its encoding cannot hold as ``?``.

    >>> out = io.StringIO()
    >>> AsciiWriter(out).write("mean 3.0 ± 1.2, 7♥")
    18
    >>> out.getvalue()
    'mean 3.0 +/- 1.2, 7H'
    """

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self.stream = stream
        self._encoding = getattr(stream, "encoding", None) or "ascii"

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._encoding

    def write(self, text: str) -> int:
        plain = text.translate(_ASCII).encode(self._encoding, "replace").decode(self._encoding)
        self.stream.write(plain)
        return len(text)

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()


def _can_show(stream: TextIO) -> bool:
    encoding = getattr(stream, "encoding", None)
    if not encoding:
        return True
    try:
        _PROBE.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


@contextlib.contextmanager
def plain_streams() -> Iterator[None]:
    """While inside, ``sys.stdout`` and ``sys.stderr`` write ASCII spellings if their
    encoding cannot show the command line's symbols (``PYTHONIOENCODING=ascii``, a legacy
    console); otherwise they are left alone."""
    saved = sys.stdout, sys.stderr
    try:
        if sys.stdout is not None and not _can_show(sys.stdout):
            sys.stdout = AsciiWriter(sys.stdout)
        if sys.stderr is not None and not _can_show(sys.stderr):
            sys.stderr = AsciiWriter(sys.stderr)
        reconfigure = getattr(sys.stdin, "reconfigure", None)
        if reconfigure is not None and not _can_show(sys.stdin):
            # Typed symbols the encoding cannot read become "?" (and a clear message about
            # the card), not a UnicodeDecodeError.
            with contextlib.suppress(Exception):
                reconfigure(errors="replace")
        yield
    finally:
        for stream in (sys.stdout, sys.stderr):
            if isinstance(stream, AsciiWriter):
                with contextlib.suppress(Exception):
                    stream.flush()
        sys.stdout, sys.stderr = saved


class Painter:
    """Formats cards, with or without colour.

    >>> Painter(colour=False).cards(Card.parse(text) for text in ("7H", "JK"))
    '7H JK'
    >>> Painter(colour=True).card(Card.parse("7H"))
    '\\x1b[31m7H\\x1b[0m'
    """

    def __init__(self, *, colour: bool) -> None:
        self.colour = colour

    def card(self, card: Card, shown: str | None = None) -> str:
        """One card (or ``shown`` instead of its notation) in its suit's colour."""
        text = str(card) if shown is None else shown
        if not self.colour:
            return text
        return f"{_STYLES[card.suit]}{text}{_RESET}"

    def cards(self, cards: Iterable[Card]) -> str:
        """Cards separated by spaces."""
        return " ".join(self.card(card) for card in cards)

    def meld(self, meld: Meld) -> str:
        """A meld as ``str(meld)`` writes it (each wild with what it stands for, ``JK=7H``),
        its cards in their colours.

        >>> from fivecrowns import check_meld
        >>> meld = check_meld("5H 6H JK", wild_rank=3)
        >>> Painter(colour=False).meld(meld) == str(meld)
        True
        """
        return " ".join(
            self.card(card) if card == stand else f"{self.card(card)}={stand}"
            for card, stand in zip(meld.cards, meld.stands_for)
        )

    def bold(self, text: str) -> str:
        """Text in bold, when colour is on."""
        return f"\x1b[1m{text}{_RESET}" if self.colour else text


def read_saved(path: str) -> str:
    """The text of the saved game in the file ``path``; a file that cannot be read raises
    :class:`~fivecrowns.FiveCrownsError` saying why."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise FiveCrownsError(f"cannot read {path}: {error.strerror}") from None


def save_text(target: str, text: str, confirm: Callable[[str], bool] | None = None) -> str | None:
    """Save ``text`` (a game's JSON) to the file ``target`` for a ``save FILE`` command: None
    once saved, else what to tell the player. If the file exists, ``confirm`` is asked
    (with a question to put to the player) whether to overwrite it; without ``confirm`` it
    is overwritten."""
    if not target:
        return "say where: save FILE"
    path = Path(target)
    if path.exists() and confirm is not None and not confirm(f"{target} exists; overwrite it?"):
        return f"not saved ({target} left as it was)"
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        return f"cannot save to {target}: {error.strerror}"
    return None


def is_interactive(stream: TextIO) -> bool:
    """True if ``stream`` (the player's input) is a terminal."""
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:
        return False
