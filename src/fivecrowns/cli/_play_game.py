"""The game in the terminal: ``fivecrowns play``.

You are player 0 against built-in bots. Type ``draw`` (``d``) or ``take`` (``t``), then
``discard 7H`` (or just ``7H``) or ``out 7H``; ``hint``, ``hand``, ``scores``, ``table``,
``save FILE``, ``help`` and ``quit`` work at any prompt, and so does the action notation that
:meth:`fivecrowns.Action.parse` reads. Bad input gets a message and the prompt again; end of
input quits cleanly (Ctrl-C too, with exit status 130, handled by the command line).

This module holds the game loop and the commands; what the screen shows is drawn by
:mod:`fivecrowns.cli._screen` and the ``hint`` comes from :mod:`fivecrowns.cli._hint`.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Final, TextIO

from .._shuffle import bot_seed
from ..bots import Bot, make_bot
from ..bots._builtin import least_giving_out
from ..cards import parse_cards
from ..errors import FiveCrownsError
from ..game import GameState
from ..game.actions import (
    DRAW_DISCARD,
    DRAW_STOCK,
    GO_OUT_WITHOUT_DISCARD,
    MELD_BOOK,
    MELD_RUN,
    Action,
    ActionKind,
    Phase,
)
from ..rules import Rules
from ..solver import deadwood_by_discard
from ._autosave import Slots, start
from ._hint import action_values, suggest
from ._options import cli_words
from ._screen import HUMAN, Screen, listed
from ._session import check_resume, read_session, session_text
from ._term import Painter, is_interactive, read_saved, save_text, wants_colour

__all__ = ["play_game"]

_QUIT: Final = ("quit", "q", "exit")
#: The first words of the action notation.
_KEYWORDS: Final = frozenset(kind.value.split()[0] for kind in ActionKind)

_HELP: Final = """\
Your turn: draw a card, then discard one.
  draw, d            take the top card of the stock
  take, t            take the top card of the discard pile
  discard 7H, 7H     discard a card (ends your turn)
  out 7H, out        go out: every other card melded, discard 7H (plain 'out' picks the card)
  out!               go out with every card melded and no discard (when the rules allow it)
Final turns with your own lay-downs (--manual-final-hands):
  book 7H 7S JK      lay down a book; 'run 5H 6H 7H' lays down a run
  layoff 2 8H        add cards to table meld 2 (--lay-off); 'table' shows the indices
  select 7H, deselect 7H, meld book, meld run, layoff 2   the same, one card at a time
Any time:
  hint               suggest a move and say why, and value the best few moves
  hand, show         show the table and your hand again
  scores             the scores round by round
  table              the melds on the table
  save FILE          save the game (resume with: fivecrowns play --load FILE)
  help               this text
  quit               stop playing
Cards: 3-10 (or T), J, Q, K with suit * (stars), H, C, S, D; JK is a joker. Lowest total wins."""


class _QuitError(Exception):
    """The player quit, or the input ended."""


class _Game(Screen):
    """One session of ``fivecrowns play``: the state, the bots, the terminal."""

    def __init__(
        self,
        state: GameState,
        bots: dict[int, Bot],
        bot_names: Sequence[str],
        stdin: TextIO,
        out: TextIO,
        *,
        slots: Slots | None = None,
        slot: Path | None = None,
    ) -> None:
        self.state = state
        self.bots = bots
        self.bot_names = list(bot_names)
        self.stdin = stdin
        self.out = out
        self.interactive = is_interactive(stdin)
        self.slots, self.slot = slots, slot
        # Line editing and history at the prompt (readline), when it is a real terminal.
        self.use_input = False
        if self.interactive and stdin is sys.stdin and out is sys.stdout:
            try:
                import readline  # noqa: F401  (input() edits lines once it is imported)
            except ImportError:
                pass
            else:
                self.use_input = True
        self.paint = Painter(colour=wants_colour(out))
        self.turn: list[str] = []
        self.shown_round = None
        self.shown: tuple[int, ...] = ()
        self.drawn = None

    # -- the game loop --------------------------------------------------------------------

    def run(self) -> None:
        names = listed([self.long_name(seat) for seat in range(1, self.state.players)])
        self.say(
            f"Five Crowns: you are player 0 against {names} (seed {self.state.seed}). "
            "Type 'help' for the commands."
        )
        try:
            while not self.state.is_over:
                self.round_header()
                seat = self.state.current
                if seat == HUMAN:
                    action = self.ask_human()
                else:
                    view = self.state.view(seat)
                    action = self.bots[seat].act(view, self.state.legal_actions())
                self.play(action)
        except _QuitError:
            return
        except KeyboardInterrupt:
            self.say()
            self.leave()
            raise
        self.standings()
        Slots.finished(self.slot)

    def leave(self) -> None:
        """The player leaves an unfinished game: save it in its autosave slot, if any."""
        if self.slots is None or self.state.is_over:
            return
        self.slot, told = self.slots.write(self.slot, session_text(self.state, self.bot_names))
        self.say(f"  {told}")

    def confirm(self, question: str, *, at_end: bool = False) -> bool:
        """Ask a yes/no question (default no); the end of input answers ``at_end``."""
        line = self.read_line(f"{question} [y/N] ")
        if line is None:
            return at_end
        return line.strip().lower() in ("y", "yes")

    def play(self, action: Action) -> None:
        """Apply ``action`` for the player to act, telling the table what happened."""
        prev = self.state
        seat = prev.current
        new = prev.apply(action)
        self.state = new
        if seat == HUMAN and action.kind is not ActionKind.SELECT:
            self.drawn = None
            if action.kind is ActionKind.DRAW_STOCK:
                self.drawn = (prev.stock[-1], False)
            elif action.kind is ActionKind.DRAW_DISCARD:
                self.drawn = (prev.discard_pile[-1], True)
        self.turn.extend(self.narrate(prev, action, new))
        ended = len(new.results) > len(prev.results)
        if ended or new.current != seat or new.phase is Phase.DRAW:
            if self.turn:
                self.say(f"  {self.long_name(seat)}: {', '.join(self.turn)}.")
            self.turn = []
        if ended:
            self.round_summary(prev, action, new)

    # -- the human's turn ---------------------------------------------------------------------

    def ask_human(self) -> Action:
        """Read commands until one is a legal action; raise _QuitError to stop."""
        while True:
            state = self.state
            key = (
                state.round_number,
                state.extra_round,
                state.turns,
                len(state.hands[HUMAN]),
                len(state.selection),
            )
            if key != self.shown:
                self.show(full=state.phase is Phase.DRAW)
                self.shown = key
            line = self.read(self.prompt())
            try:
                action = self.command(line)
            except FiveCrownsError as error:
                self.say(f"  {cli_words(str(error))}\n  (type 'help' for the commands)")
                continue
            if action is None:
                continue
            if isinstance(action, list):
                # A lay-down spelt in one command: select the cards, then meld; all or nothing.
                trial = self.state
                try:
                    for step in action:
                        trial = trial.apply(step)
                except FiveCrownsError as error:
                    self.say(f"  {cli_words(str(error))}\n  (type 'help' for the commands)")
                    continue
                for step in action[:-1]:
                    self.play(step)
                return action[-1]
            if not self.state.is_legal(action):
                try:
                    self.state.apply(action)
                except FiveCrownsError as error:
                    self.say(f"  {cli_words(str(error))}\n  (type 'help' for the commands)")
                continue
            return action

    def read_line(self, prompt: str) -> str | None:
        """A line typed at ``prompt`` (None at the end of input)."""
        self.out.flush()
        if self.use_input:
            try:
                return input(prompt)
            except EOFError:
                return None
        self.out.write(prompt)
        self.out.flush()
        return self.stdin.readline() or None

    def read(self, prompt: str) -> str:
        line = self.read_line(prompt)
        if line is None:
            self.say("\nEnd of input: game not finished.")
            self.leave()
            raise _QuitError
        return line.strip()

    def prompt(self) -> str:
        state = self.state
        if state.phase is Phase.DRAW:
            top = state.discard_pile[-1] if state.discard_pile else None
            return "draw" + (f" or take {top}" if top is not None else "") + "> "
        if state.final_turn and not state.rules.auto_arrange_final_hand:
            return "lay down or discard> "
        return "discard> "

    def command(self, line: str) -> Action | list[Action] | None:
        """The action a command line asks for, or None after a command that is no action."""
        words = line.split()
        if not words:
            return None
        word = words[0].lower()
        rest = line[len(words[0]) :].strip()
        state = self.state
        if word in _QUIT:
            if self.interactive and not self.confirm("Quit this game?", at_end=True):
                return None
            self.leave()
            self.say("Bye.")
            raise _QuitError
        if word in ("help", "h", "?"):
            self.say(_HELP)
            return None
        if word in ("hand", "show", "look"):
            self.show()
            return None
        if word == "scores":
            self.scores()
            return None
        if word == "table":
            self.table()
            return None
        if word == "hint":
            command, why = suggest(state)
            self.say(f"  try: {command}  ({why})")
            self.say(f"  {action_values(state)}")
            return None
        if word == "save":
            self.save(rest)
            return None
        if word in ("d", "draw", "stock") and not rest:
            return DRAW_STOCK
        if word in ("t", "take", "pile") and not rest:
            return DRAW_DISCARD
        if word == "out" and not rest:
            return self.any_out()
        if word in ("book", "run"):
            return self.lay_down(word, rest)
        if word == "layoff" and len(words) > 2:
            return [
                *(Action.select(card) for card in parse_cards(" ".join(words[2:]))),
                Action.parse(" ".join(words[:2])),
            ]
        if len(words) == 1 and word not in ("out!",) and state.phase is Phase.DISCARD:
            try:
                cards = parse_cards(word)
            except FiveCrownsError:
                cards = ()
            if len(cards) == 1:
                return Action.discard(cards[0])
        try:
            return Action.parse(line)
        except FiveCrownsError:
            if word in _KEYWORDS:
                raise
            raise FiveCrownsError(f"unknown command {line!r}") from None

    def any_out(self) -> Action:
        """``out`` with no card: go out as StrongBot does (a natural before a wild: a wild on
        the pile is a free meld card for the next player)."""
        state = self.state
        out = least_giving_out(state.view(HUMAN), state.legal_actions())
        if out is not None:
            return out
        if state.phase is Phase.DISCARD and not state.final_turn:
            hand = state.hands[HUMAN]
            values = deadwood_by_discard(hand, state.wild_rank, rules=state.rules)
            card = min(values, key=lambda c: (values[c], c.code))
            return Action.go_out(card)  # illegal: apply() says why
        return (
            Action.go_out(state.hands[HUMAN][0]) if state.hands[HUMAN] else GO_OUT_WITHOUT_DISCARD
        )

    def lay_down(self, word: str, rest: str) -> list[Action]:
        cards = parse_cards(rest)
        if not cards and not self.state.selection:
            raise FiveCrownsError(f"say which cards: {word} 7H 7S JK")
        return [*(Action.select(card) for card in cards), MELD_BOOK if word == "book" else MELD_RUN]

    def save(self, target: str) -> None:
        problem = save_text(target, session_text(self.state, self.bot_names), self.confirm)
        if problem is not None:
            self.say(f"  {problem}")
            return
        self.say(f"  saved to {target} (resume with: fivecrowns play --load {target})")


def play_game(
    *,
    rules: Rules,
    players: int | None,
    bots: Sequence[str] | None,
    seed: int | None,
    load: str | None,
    stdin: TextIO,
    out: TextIO,
    rule_options: Mapping[str, object] | None = None,
    resume: int | None = None,
) -> None:
    """Play a whole game on ``stdin``/``out`` until it ends or the player quits.

    ``bots`` names the opponents (built-in bots of :mod:`fivecrowns.bots`): one name for
    all, or one per opponent seat (None: greedy). With ``load``, the game (rules, players,
    seed, and the opponents if the ``save`` command wrote it) comes from that file, saved by
    the ``save`` command or :meth:`GameState.to_json`; ``players``, ``seed``, ``bots`` and
    ``rule_options`` (the rule options given on the command line) must then agree with it.

    An unfinished game the player leaves (``quit``, the end of input, Ctrl-C) is saved to
    a slot of its own (see :mod:`fivecrowns.cli._autosave`; ``resume`` resumes slot
    ``resume``, -1: the newest); at a terminal, ``quit`` asks first.
    """
    slots, load, slot, waiting = start("play", is_interactive(stdin), load, resume)
    if waiting is not None:
        out.write(waiting + "\n")
    saved_bots: list[str] | None = None
    if load:
        state, saved_bots = read_session(read_saved(load))
        check_resume(
            state,
            saved_bots,
            players=players,
            bots=bots,
            seed=seed,
            rule_options=rule_options or {},
        )
    else:
        state = GameState.new(4 if players is None else players, rules=rules, seed=seed)
    opponents = state.players - 1
    chosen = saved_bots or list(bots or ["greedy"])
    if len(chosen) == 1:
        names = chosen * opponents
    elif len(chosen) == opponents:
        names = chosen
    else:
        raise FiveCrownsError(
            f"--bots names one bot for every opponent, or {opponents} (one per opponent), "
            f"got {len(chosen)}"
        )
    seated: dict[int, Bot] = {}
    for seat, name in enumerate(names, start=1):
        bot = make_bot(name)
        bot.reset(bot_seed(state.seed, seat))
        seated[seat] = bot
    _Game(state, seated, names, stdin, out, slots=slots, slot=slot).run()
