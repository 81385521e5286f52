"""The game in the terminal: ``fivecrowns play``.

You are player 0 against built-in bots. Type ``draw`` (``d``) or ``take`` (``t``), then
``discard 7H`` (or just ``7H``) or ``out 7H``; ``hint``, ``hand``, ``scores``, ``table``,
``save FILE``, ``help`` and ``quit`` work at any prompt, and so does the action notation that
:meth:`fivecrowns.Action.parse` reads. Bad input gets a message and the prompt again; end of
input quits cleanly (Ctrl-C too, with exit status 130, handled by the command line).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any, Final, TextIO

import attrs

from .._shuffle import bot_seed
from ..bots import Bot, make_bot
from ..bots.tracking import final_layout
from ..cards import Card, Rank, parse_cards, without
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
from ..game.views import FinalLayout, PlayerView
from ..melds import Meld
from ..rules import Rules, rule_flag
from ..solver import deadwood_by_discard, min_deadwood
from ._term import (
    Painter,
    autosave_path,
    is_interactive,
    read_saved,
    save_text,
    wants_colour,
    write_autosave,
)

__all__ = ["play_game"]

#: The seat of the human player.
HUMAN: Final = 0

_QUIT: Final = ("quit", "q", "exit")
#: The first words of the action notation.
_KEYWORDS: Final = frozenset(kind.value.split()[0] for kind in ActionKind)
_ENDINGS: Final = {
    "stock": "the stock ran out with nothing to reshuffle",
    "turn_limit": "the turn limit was reached",
}

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
  hint               suggest a move and say why
  hand, show         show the table and your hand again
  scores             the scores round by round
  table              the melds on the table
  save FILE          save the game (resume with: fivecrowns play --load FILE)
  help               this text
  quit               stop playing
Cards: 3-10 (or T), J, Q, K with suit * (stars), H, C, S, D; JK is a joker. Lowest total wins."""


class _QuitError(Exception):
    """The player quit, or the input ended."""


#: The ``format`` of a file saved by ``fivecrowns play``: the game (as
#: :meth:`GameState.to_json` writes it) and the opponents, so that ``--load`` seats the same
#: bots. ``--load`` also reads a bare game (:meth:`GameState.to_json`).
SAVE_FORMAT: Final = "fivecrowns-play/1"


def session_text(state: GameState, bots: Sequence[str]) -> str:
    """A ``fivecrowns play`` save: the game and the bots' names (seats 1, 2, ...)."""
    data = {"format": SAVE_FORMAT, "bots": list(bots), "game": json.loads(state.to_json())}
    return json.dumps(data) + "\n"


def read_session(text: str) -> tuple[GameState, list[str] | None]:
    """The game of a ``fivecrowns play`` save and its bots' names (None for a bare game)."""
    try:
        data: Any = json.loads(text)
    except ValueError:
        data = None
    if not (isinstance(data, dict) and data.get("format") == SAVE_FORMAT):
        return GameState.from_json(text), None
    bots = data.get("bots")
    if not (isinstance(bots, list) and all(isinstance(name, str) for name in bots)):
        raise FiveCrownsError(
            f"a {SAVE_FORMAT} save needs 'bots', a list of bot names, got {bots!r}"
        )
    state = GameState.from_json(json.dumps(data.get("game")))
    if len(bots) != state.players - 1:
        raise FiveCrownsError(
            f"the save names {len(bots)} bots for {state.players - 1} opponent seats"
        )
    return state, bots


def _check_resume(
    state: GameState,
    saved_bots: list[str] | None,
    *,
    players: int | None,
    bots: Sequence[str] | None,
    seed: int | None,
    rule_options: Mapping[str, object],
) -> None:
    """Refuse command-line options that contradict the saved game."""
    if players is not None and players != state.players:
        raise FiveCrownsError(
            f"the saved game has {state.players} players, not {players} (leave out --players)"
        )
    if seed is not None and seed != state.seed:
        raise FiveCrownsError(
            f"the saved game was dealt from seed {state.seed}, not {seed} (leave out --seed)"
        )
    if saved_bots is not None and bots is not None:
        wanted = list(bots) * (state.players - 1) if len(bots) == 1 else list(bots)
        if wanted != saved_bots:
            raise FiveCrownsError(
                f"the saved game's opponents are {','.join(saved_bots)}, not "
                f"{','.join(bots)} (leave out --bots)"
            )
    if rule_options:
        asked = Rules.from_dict(dict(rule_options))
        fields = {field.name: field for field in attrs.fields(Rules)}
        conflicts = [
            rule_flag(fields[name]).flag
            for name in rule_options
            if getattr(asked, name) != getattr(state.rules, name)
        ]
        if conflicts:
            raise FiveCrownsError(
                f"the saved game keeps the rules it was started with; {', '.join(conflicts)} "
                "would change them (leave rule options out with --load; "
                "'fivecrowns play --load FILE' resumes it as it was)"
            )


def _rank_name(rank: int | None) -> str:
    if rank is None:
        return "no rank"
    return Rank(rank).label + "s"


def _wild_text(rank: int | None) -> str:
    if rank is None:
        return "only jokers wild"
    return f"{_rank_name(rank)} and jokers wild"


def _listed(names: Sequence[str]) -> str:
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


class _Game:
    """One session of ``fivecrowns play``: the state, the bots, the terminal."""

    def __init__(
        self,
        state: GameState,
        bots: dict[int, Bot],
        bot_names: Sequence[str],
        stdin: TextIO,
        out: TextIO,
        *,
        autosave: str | None = None,
    ) -> None:
        self.state = state
        self.bots = bots
        self.bot_names = list(bot_names)
        self.stdin = stdin
        self.out = out
        self.interactive = is_interactive(stdin)
        self.autosave = autosave
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
        self.shown_round: tuple[int, int] | None = None
        self.shown: tuple[int, ...] = ()
        self.drawn: tuple[Card, bool] | None = None

    # -- output ---------------------------------------------------------------------------

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def name(self, seat: int) -> str:
        if seat == HUMAN:
            return "You"
        return f"P{seat}"

    def long_name(self, seat: int) -> str:
        if seat == HUMAN:
            return "You"
        return f"P{seat} ({self.bots[seat].name})"

    def card(self, card: Card) -> str:
        return self.paint.card(card)

    def cards(self, cards: Sequence[Card]) -> str:
        return self.paint.cards(cards) or "(none)"

    def hand_text(self, cards: Sequence[Card], wild: int | None) -> str:
        """A hand sorted by suit then rank, the suits apart, its wilds last."""
        groups: list[list[Card]] = []
        wilds: list[Card] = []
        for card in sorted(cards, key=lambda c: c.code):
            if card.is_wild(wild):
                wilds.append(card)
            elif groups and groups[-1][0].suit == card.suit:
                groups[-1].append(card)
            else:
                groups.append([card])
        parts = [self.paint.cards(group) for group in groups]
        if wilds:
            parts.append("wild: " + " ".join(self.paint.bold(self.card(c)) for c in wilds))
        return "   ".join(parts) or "(none)"

    def ordinal_round(self, state: GameState | PlayerView) -> str:
        if state.extra_round:
            return f"Tie-break round {state.extra_round}"
        return f"Round {state.round_number}/{state.rules.rounds}"

    # -- the game loop --------------------------------------------------------------------

    def run(self) -> None:
        names = _listed([self.long_name(seat) for seat in range(1, self.state.players)])
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

    def leave(self) -> None:
        """The player leaves an unfinished game: save it where autosaves go, if anywhere."""
        if self.autosave is None or self.state.is_over:
            return
        told = write_autosave(self.autosave, session_text(self.state, self.bot_names))
        if told.startswith("game saved"):
            told += f" (resume with: fivecrowns play --load {self.autosave})"
        self.say(f"  {told}")

    def confirm(self, question: str, *, at_end: bool = False) -> bool:
        """Ask a yes/no question (default no); the end of input answers ``at_end``."""
        line = self.read_line(f"{question} [y/N] ")
        if line is None:
            return at_end
        return line.strip().lower() in ("y", "yes")

    def round_header(self) -> None:
        state = self.state
        key = (state.round_number, state.extra_round)
        if key == self.shown_round:
            return
        self.shown_round = key
        between = ""
        if state.extra_round:
            between = " between " + _listed([self.name(seat) for seat in state.active])
        dealer = "You deal" if state.dealer == HUMAN else f"{self.name(state.dealer)} deals"
        self.say()
        self.say(self.paint.bold(f"== {self.ordinal_round(state)}{between} ==") + f"  {dealer}.")

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

    def narrate(self, prev: GameState, action: Action, new: GameState) -> list[str]:
        seat, kind = prev.current, action.kind
        human = seat == HUMAN
        if kind is ActionKind.DRAW_STOCK:
            if human:
                return [f"drew {self.card(prev.stock[-1])} from the stock"]
            return ["drew from the stock"]
        if kind is ActionKind.DRAW_DISCARD:
            return [f"took {self.card(prev.discard_pile[-1])} from the discard pile"]
        if kind in (ActionKind.SELECT, ActionKind.DESELECT):
            return []
        if kind in (ActionKind.MELD_BOOK, ActionKind.MELD_RUN):
            word = "book" if kind is ActionKind.MELD_BOOK else "run"
            return [f"laid down the {word} {self.paint.meld(_laid_down(prev, new))}"]
        if kind is ActionKind.LAY_OFF:
            assert action.meld is not None
            return [f"laid off {self.cards(prev.selection)} onto meld {action.meld}"]
        final = prev.went_out is not None
        parts: list[str] = []
        if kind is ActionKind.GO_OUT:
            assert action.card is not None
            parts.append(self.paint.bold("went out") + f", discarding {self.card(action.card)}")
            melds = [placed.meld for placed in new.table if placed.owner == seat]
            if new.went_out == seat and melds:
                parts.append("melds " + " | ".join(self.paint.meld(meld) for meld in melds))
            return parts
        if kind is ActionKind.GO_OUT_WITHOUT_DISCARD:
            parts.append(
                "melded every card, no discard"
                if final
                else self.paint.bold("went out") + " with no discard"
            )
        else:
            assert action.card is not None
            parts.append(f"discarded {self.card(action.card)}")
        if final and len(new.results) == len(prev.results):
            score = new.round_scores[seat]
            laid = [placed.meld for placed in new.table[len(prev.table) :] if placed.owner == seat]
            if laid:
                parts.append("laid down " + " | ".join(self.paint.meld(meld) for meld in laid))
            if score is not None:
                left = new.hands[seat]
                kept = f"kept {self.cards(left)}" if left else "melded every card"
                parts.append(f"{kept} ({score} points)")
        return parts

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
                self.say(f"  {error}\n  (type 'help' for the commands)")
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
                    self.say(f"  {error}\n  (type 'help' for the commands)")
                    continue
                for step in action[:-1]:
                    self.play(step)
                return action[-1]
            if not self.state.is_legal(action):
                try:
                    self.state.apply(action)
                except FiveCrownsError as error:
                    self.say(f"  {error}\n  (type 'help' for the commands)")
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
            command, why = _suggest(state)
            self.say(f"  try: {command}  ({why})")
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
        """``out`` with no card: go out throwing the costliest card that allows it."""
        state = self.state
        outs = [action for action in state.legal_actions() if action.kind is ActionKind.GO_OUT]
        if GO_OUT_WITHOUT_DISCARD in state.legal_actions():
            return GO_OUT_WITHOUT_DISCARD
        if outs:
            wild, rules = state.wild_rank, state.rules

            def cost(action: Action) -> tuple[int, int]:
                assert action.card is not None
                return (rules.points(action.card, wild), action.card.code)

            return max(outs, key=cost)
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

    # -- showing the table ---------------------------------------------------------------------

    def show(self, *, full: bool = True) -> None:
        """The table as player 0 sees it and the hand (``full=False``: the hand only)."""
        view = self.state.view(HUMAN)
        if full:
            self.say()
            header = f"{self.ordinal_round(view)}: {view.hand_size} cards, "
            header += _wild_text(view.wild_rank)
            if view.went_out is not None:
                header += f".  {self.name(view.went_out)} went out: "
                header += (
                    "this is your final turn" if HUMAN in view.final_turns_left else "final turns"
                )
            self.say(header)
            self.say(
                "Scores   "
                + "   ".join(f"{self.name(p)} {view.scores[p]}" for p in range(view.players))
            )
            sizes = "   ".join(
                f"{self.name(p)} {view.hand_sizes[p]}" for p in view.active if p != HUMAN
            )
            self.say(f"Cards    {sizes}   (stock {view.stock_size})")
            top = view.top_discard
            self.say(f"Discard  {self.card(top) if top is not None else '(empty)'}")
            if view.table:
                self.table()
        elif self.drawn is not None:
            card, taken = self.drawn
            where = "took" if taken else "drew"
            self.say(f"You {where} {self.card(card)}.")
            self.drawn = None
        hand = view.hand
        if view.selection:
            hand = without(hand, view.selection)
            self.say(f"Selected {self.cards(view.selection)}")
        self.say(f"Hand     {self.hand_text(hand, view.wild_rank)}")
        if view.phase is Phase.DISCARD:
            legal = self.state.legal_actions()
            if any(a.kind is ActionKind.GO_OUT for a in legal) or GO_OUT_WITHOUT_DISCARD in legal:
                self.say(self.paint.bold("You can go out!") + " (type 'out')")
            if view.went_out is not None and not view.selection:
                if view.rules.auto_arrange_final_hand:
                    self.say(
                        "Final turn: discard; the rest of your hand is then laid out for the "
                        "fewest points."
                    )
                else:
                    self.say(
                        "Final turn: lay down books and runs ('book ...', 'run ...'), then "
                        "discard; what is left in your hand counts."
                    )

    def table(self) -> None:
        view = self.state.view(HUMAN)
        if not view.table:
            self.say("Table    (no melds)")
            return
        for index, placed in enumerate(view.table):
            label = "Table   " if index == 0 else "        "
            self.say(
                f"{label} {index}: {self.paint.meld(placed.meld)}  ({self.name(placed.owner)})"
            )

    def scores(self) -> None:
        state = self.state
        seats = range(state.players)
        self.say("Round    " + "".join(f"{self.name(p):>7}" for p in seats))
        for result in state.results:
            label = f"tb {result.extra_round}" if result.extra_round else str(result.round_number)
            cells = "".join(f"{'-' if score is None else score:>7}" for score in result.scores)
            self.say(f"{label:9}{cells}")
        self.say("Total    " + "".join(f"{state.scores[p]:>7}" for p in seats))

    def round_summary(self, prev: GameState, action: Action, new: GameState) -> None:
        result = new.results[-1]
        title = self.ordinal_round(prev)
        if result.went_out is not None:
            who = self.name(result.went_out)
            how = f"{who} went out" if who != "You" else "you went out"
        else:
            how = _ENDINGS.get(result.ended, result.ended)
        self.say(self.paint.bold(f"-- {title} over: {how}."))
        for seat in prev.active:
            layout = result.layouts[seat] if result.layouts else None
            shown = self.layout_text(layout, seat == result.went_out)
            self.say(f"  {self.long_name(seat):14} {result.scores[seat]:>4}   {shown}")
        totals = "   ".join(f"{self.name(p)} {new.scores[p]}" for p in range(new.players))
        self.say(f"Totals   {totals}")

    def layout_text(self, layout: FinalLayout | None, went_out: bool) -> str:
        """How a hand ended its round, as the engine scored it: its melds, the cards it laid
        off, and what it kept (``None``: a round saved before layouts were recorded)."""
        parts = [] if layout is None else [self.paint.meld(meld) for meld in layout.melds]
        if layout is not None and layout.laid_off:
            parts.append("laid off " + self.cards(layout.laid_off))
        if went_out:
            parts.append("went out")
        elif layout is not None:
            parts.append(
                f"left {self.cards(layout.deadwood)}" if layout.deadwood else "nothing left"
            )
        return " | ".join(parts)

    def standings(self) -> None:
        state = self.state
        winners = state.winners
        self.say()
        self.say(self.paint.bold(f"== Game over after {len(state.results)} rounds =="))
        order = sorted(range(state.players), key=lambda p: (state.scores[p], p))
        for place, seat in enumerate(order, start=1):
            mark = "  winner" if seat in winners else ""
            self.say(f"  {place}. {self.long_name(seat):14} {state.scores[seat]:>5}{mark}")
        low = min(state.scores)
        tied = [p for p in range(state.players) if state.scores[p] == low]
        if len(tied) > len(winners):
            how = "an extra round" if state.rules.tie_break == "extra_round" else "most rounds out"
            self.say(f"{_listed([self.name(p) for p in tied])} tied on {low}; {how} decided it.")
        if winners == (HUMAN,):
            self.say(self.paint.bold("You win!"))
        elif len(winners) == 1:
            self.say(f"{self.long_name(winners[0])} wins.")
        else:
            self.say("Shared win: " + _listed([self.long_name(p) for p in winners]) + ".")


def _laid_down(prev: GameState, new: GameState) -> Meld:
    """The meld that the player to act in ``prev`` has just laid down, as the engine placed
    it: the last on the table, or, if that ended the round, the last of the player's final
    layout."""
    if len(new.results) > len(prev.results):
        layout = new.results[-1].layouts[prev.current]
        assert layout is not None
        return layout.melds[-1]
    return new.table[-1].meld


def _suggest(state: GameState) -> tuple[str, str]:
    """A move for player 0 and the reason, from the solver."""
    rules, wild = state.rules, state.wild_rank
    hand = state.hands[HUMAN]
    legal = state.legal_actions()
    if state.phase is Phase.DRAW:
        now = min_deadwood(hand, wild, rules=rules)
        if DRAW_DISCARD in legal:
            top = state.discard_pile[-1]
            values = deadwood_by_discard((*hand, top), wild, rules=rules)
            allowed = {
                card: points
                for card, points in values.items()
                if rules.may_discard_taken_discard or card != top
            }
            best = min(allowed.values()) if allowed else now
            if best < now:
                return "take", f"{top} cuts your deadwood from {now} to {best} points"
            return "draw", f"{top} does not lower your deadwood ({now} points)"
        return "draw", "the discard pile is empty"
    outs = [action for action in legal if action.kind is ActionKind.GO_OUT]
    if GO_OUT_WITHOUT_DISCARD in legal:
        return "out!", "every card melds"
    if outs:
        return str(outs[-1]), "every other card melds"
    discards = [action.card for action in legal if action.kind is ActionKind.DISCARD]
    cards = [card for card in discards if card is not None]
    if state.final_turn:
        if state.selection:
            for action in legal:
                if action.kind in (ActionKind.MELD_BOOK, ActionKind.MELD_RUN, ActionKind.LAY_OFF):
                    return str(action), "the selected cards make that"
            return f"deselect {state.selection[0]}", "the selected cards make no meld"
        view = state.view(HUMAN)
        left = {card: final_layout(view, card) for card in cards}
        card = min(cards, key=lambda c: (left[c].points, c.is_wild(wild), -rules.points(c, wild)))
        layout = left[card]
        if not rules.auto_arrange_final_hand:
            if layout.lay_offs:
                index, extra = layout.lay_offs[0]
                return (
                    f"layoff {index} {' '.join(map(str, extra))}",
                    "lay off what fits the table melds before you discard",
                )
            if layout.melds:
                meld = layout.melds[0]
                shown = " ".join(str(c) for c in sorted(meld.cards, key=lambda c: c.code))
                return f"{meld.kind.value} {shown}", "lay down your melds before you discard"
        return f"discard {card}", f"your final hand then scores {layout.points} points"
    values = deadwood_by_discard(hand, wild, rules=rules)
    card = min(cards, key=lambda c: (values[c], c.is_wild(wild), -rules.points(c, wild)))
    return f"discard {card}", f"leaves {values[card]} points of deadwood"


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
) -> None:
    """Play a whole game on ``stdin``/``out`` until it ends or the player quits.

    ``bots`` names the opponents (built-in bots of :mod:`fivecrowns.bots`): one name for
    all, or one per opponent seat (None: greedy). With ``load``, the game (rules, players,
    seed, and the opponents if the ``save`` command wrote it) comes from that file, saved by
    the ``save`` command or :meth:`GameState.to_json`; ``players``, ``seed``, ``bots`` and
    ``rule_options`` (the rule options given on the command line) must then agree with it.

    An unfinished game the player leaves (``quit``, the end of input, Ctrl-C) is saved to
    :func:`~fivecrowns.cli._term.autosave_path`; at a terminal, ``quit`` asks first.
    """
    saved_bots: list[str] | None = None
    if load:
        state, saved_bots = read_session(read_saved(load))
        _check_resume(
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
    autosave = autosave_path(is_interactive(stdin))
    _Game(state, seated, names, stdin, out, autosave=autosave).run()
