"""Solitaire in the terminal: ``fivecrowns solitaire``.

The player types moves such as ``7 KD`` (put the drawn card on the 7-card pile, discard KD
from it); ``hint``, ``save FILE``, ``help`` and ``quit`` also work. Bad input gets a message and
the prompt again; end of input quits cleanly. A game left unfinished is autosaved in a slot
of its own (``--continue`` resumes it).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Final, TextIO

from ..cards import Rank
from ..errors import FiveCrownsError
from ..game.solitaire import SolitaireAction, SolitairePile, SolitaireState, greedy_action
from ..rules import Rules
from ._autosave import Slots, start
from ._options import cli_words
from ._term import Painter, is_interactive, read_saved, save_text, wants_colour

__all__ = ["play_solitaire"]

_HELP: Final = """\
Moves: <pile> <card>  put the drawn card on the pile of that size (3-13) and discard
                      <card> from that pile; it may be the drawn card. Example: 7 KD
Other commands:
  hint        suggest a move (the solver's greedy choice)
  show        show the table again
  save FILE   save the game (resume with: fivecrowns solitaire --load FILE)
  help        this text
  quit        stop playing
A pile closes when all its cards but the discard form books and runs. A pile dealt with all
its cards in books and runs starts closed (--solitaire-dealt-piles all_but_one: also one
dealt with all but one, its extra card discarded at the deal; draw: none). Close all eleven
before the draw pile runs out to win."""


def _pile_line(pile: SolitairePile, state: SolitaireState, paint: Painter) -> str:
    """One pile: its cards while open; its melds once closed, with, for a pile closed at the
    deal (no turn played on it), the card discarded at the deal if any."""
    wild = Rank(pile.size).label
    head = f"  pile {pile.size:2} ({wild}s wild)  "
    if pile.melds is None:
        return head + paint.cards(pile.cards)
    melds = " | ".join(paint.meld(meld) for meld in pile.melds)
    if any(SolitaireAction.from_int(value).pile == pile.size for value in state.actions):
        return head + "closed: " + melds
    extra = state.dealt_discards.get(pile.size)
    discarded = f"  ({paint.card(extra)} discarded)" if extra is not None else ""
    return head + "closed at the deal: " + melds + discarded


def _show(state: SolitaireState, paint: Painter, out: TextIO) -> None:
    lines = [""]
    lines += [_pile_line(pile, state, paint) for pile in state.piles]
    top = state.top_card
    drawn = paint.card(top) if top is not None else "-"
    closed = sum(pile.is_closed for pile in state.piles)
    lines.append(
        f"Closed {closed}/11.  Draw pile: {len(state.draw_pile)} card(s).  "
        f"You drew: {paint.bold(drawn) if top is not None else drawn}"
    )
    out.write("\n".join(lines) + "\n")


def _result(state: SolitaireState, out: TextIO) -> None:
    if state.won:
        out.write("All eleven piles closed: you win!\n")
    elif state.rules.solitaire_scoring == "deadwood":
        out.write(f"The draw pile is empty. Deadwood left in open piles: {state.deadwood}\n")
    else:
        closed = sum(pile.is_closed for pile in state.piles)
        out.write(f"The draw pile is empty with {closed}/11 piles closed: you lose.\n")


def _reader(stdin: TextIO, out: TextIO) -> Callable[[str], str | None]:
    """A function reading one line after a prompt (None at the end of input): with line
    editing and history (``readline``) at a terminal."""
    if is_interactive(stdin) and stdin is sys.stdin and out is sys.stdout:
        try:
            import readline  # noqa: F401  (input() edits lines once it is imported)
        except ImportError:
            pass
        else:

            def edited(prompt: str) -> str | None:
                out.flush()
                try:
                    return input(prompt)
                except EOFError:
                    return None

            return edited

    def plain(prompt: str) -> str | None:
        out.write(prompt)
        out.flush()
        return stdin.readline() or None

    return plain


def play_solitaire(
    *,
    rules: Rules,
    seed: int | None,
    load: str | None,
    stdin: TextIO,
    out: TextIO,
    resume: int | None = None,
) -> None:
    """Play a game of Solitaire on ``stdin``/``out`` until it ends or the player quits.

    A game left unfinished (``quit``, the end of input, Ctrl-C) is saved in an autosave slot
    of its own (see :mod:`fivecrowns.cli._autosave`), which ``resume`` resumes (-1: the
    newest)."""
    slots, load, slot, waiting = start("solitaire", is_interactive(stdin), load, resume)
    if load:
        state = SolitaireState.from_json(read_saved(load))
    else:
        state = SolitaireState.new(rules=rules, seed=seed)
    if waiting is not None:
        out.write(waiting + "\n")
    out.write(f"Five Crowns Solitaire (seed {state.seed}). Type 'help' for the commands.\n")
    game = _Session(state, Painter(colour=wants_colour(out)), _reader(stdin, out), out)
    try:
        game.run()
    except KeyboardInterrupt:
        out.write("\n")
        _leave(game.state, slots, slot, out)
        raise
    if game.state.is_over:
        _result(game.state, out)
        Slots.finished(slot)
    else:
        _leave(game.state, slots, slot, out)


def _leave(state: SolitaireState, slots: Slots | None, slot: Path | None, out: TextIO) -> None:
    """The player leaves an unfinished game: save it in its autosave slot, if any."""
    if slots is not None:
        out.write(f"  {slots.write(slot, state.to_json())[1]}\n")


class _Session:
    """One game at the prompt: ``state`` changes as the player moves."""

    def __init__(
        self,
        state: SolitaireState,
        paint: Painter,
        read: Callable[[str], str | None],
        out: TextIO,
    ) -> None:
        self.state, self.paint, self.read, self.out = state, paint, read, out

    def confirm(self, question: str) -> bool:
        answer = self.read(f"{question} [y/N] ")
        return answer is not None and answer.strip().lower() in ("y", "yes")

    def run(self) -> None:
        """Read moves until the game ends, the player quits or the input ends."""
        out = self.out
        _show(self.state, self.paint, out)
        while not self.state.is_over:
            line = self.read("move> ")
            if line is None:
                out.write("\nEnd of input: game not finished.\n")
                return
            command = line.strip()
            word = command.split(" ", 1)[0].lower()
            if word in ("quit", "q", "exit"):
                out.write("Bye.\n")
                return
            if command:
                self.command(command, word)

    def command(self, command: str, word: str) -> None:
        out, state = self.out, self.state
        if word in ("help", "h", "?"):
            out.write(_HELP + "\n")
        elif word == "show":
            _show(state, self.paint, out)
        elif word == "hint":
            out.write(f"  try: {greedy_action(state)}\n")
        elif word == "save":
            target = command[4:].strip()
            problem = save_text(target, state.to_json(), self.confirm)
            out.write(f"  {problem}\n" if problem is not None else f"  saved to {target}\n")
        else:
            try:
                self.state = state.apply(command)
            except FiveCrownsError as error:
                out.write(f"  {cli_words(str(error))}\n  (type 'help' for the commands)\n")
                return
            _show(self.state, self.paint, out)
