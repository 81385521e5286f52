"""How ``fivecrowns play`` looks: every line the terminal game writes about the table.

:class:`Screen` is the drawing half of the game session (:mod:`fivecrowns.cli._play_game`
holds the loop and the commands): the round headers, what each player did, the table and
the hand as player 0 sees them, the scores and the standings.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TextIO

from ..bots import Bot
from ..cards import Card, Rank, without
from ..game import GameState
from ..game.actions import GO_OUT_WITHOUT_DISCARD, Action, ActionKind, Phase
from ..game.views import FinalLayout, PlayerView
from ..melds import Meld
from ._term import Painter

__all__ = ["HUMAN", "Screen", "listed"]

#: The seat of the human player.
HUMAN: Final = 0

_ENDINGS: Final = {
    "stock": "the stock ran out with nothing to reshuffle",
    "turn_limit": "the turn limit was reached",
}


def _rank_name(rank: int | None) -> str:
    if rank is None:
        return "no rank"
    return Rank(rank).label + "s"


def _wild_text(rank: int | None) -> str:
    if rank is None:
        return "only jokers wild"
    return f"{_rank_name(rank)} and jokers wild"


def listed(names: Sequence[str]) -> str:
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


class Screen:
    """The drawing half of a game session (a mixin of :mod:`fivecrowns.cli._play_game`'s
    session): it writes to ``out`` what the table looks like in ``state``."""

    state: GameState
    bots: dict[int, Bot]
    out: TextIO
    paint: Painter
    #: The card player 0 last drew, and whether it came from the discard pile.
    drawn: tuple[Card, bool] | None
    #: The round whose header was last shown, as (round number, extra round).
    shown_round: tuple[int, int] | None

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

    def round_header(self) -> None:
        state = self.state
        key = (state.round_number, state.extra_round)
        if key == self.shown_round:
            return
        self.shown_round = key
        between = ""
        if state.extra_round:
            between = " between " + listed([self.name(seat) for seat in state.active])
        dealer = "You deal" if state.dealer == HUMAN else f"{self.name(state.dealer)} deals"
        self.say()
        self.say(self.paint.bold(f"== {self.ordinal_round(state)}{between} ==") + f"  {dealer}.")

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
            self.say(f"{listed([self.name(p) for p in tied])} tied on {low}; {how} decided it.")
        if winners == (HUMAN,):
            self.say(self.paint.bold("You win!"))
        elif len(winners) == 1:
            self.say(f"{self.long_name(winners[0])} wins.")
        else:
            self.say("Shared win: " + listed([self.long_name(p) for p in winners]) + ".")


def _laid_down(prev: GameState, new: GameState) -> Meld:
    """The meld that the player to act in ``prev`` has just laid down, as the engine placed
    it: the last on the table, or, if that ended the round, the last of the player's final
    layout."""
    if len(new.results) > len(prev.results):
        layout = new.results[-1].layouts[prev.current]
        assert layout is not None
        return layout.melds[-1]
    return new.table[-1].meld
