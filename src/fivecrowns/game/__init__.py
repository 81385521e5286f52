"""The game: an immutable state machine for a whole match of Five Crowns.

The game layer sits on the solver and the vocabulary (cards, rules, melds): the state
(:class:`GameState`, :class:`GameRecord`), its actions (:mod:`fivecrowns.game.actions`) and
what a player may see (:mod:`fivecrowns.game.views`), with the referee, scoring, checks, JSON
and the core-backed states as private modules, and Solitaire and the highest possible score
beside them.

:meth:`GameState.new` deals round 1; :meth:`GameState.apply` returns the state after one
action (the old state is untouched); :meth:`GameState.legal_actions` lists exactly the actions
:meth:`~GameState.apply` accepts, and anything else raises :class:`IllegalActionError` saying
why. The same seed and the same actions give the same game on every machine.

>>> import fivecrowns as fc
>>> state = fc.GameState.new(players=3, rules=fc.Rules.short_game(2), seed=7)
>>> state.round_number, state.wild_rank, state.current_player, state.phase
(1, 3, 0, Phase.DRAW)
>>> state.legal_actions()
(Action.parse('draw'), Action.parse('take'))
>>> state = state.apply(fc.DRAW_STOCK)
>>> state.hand(0)
(Card.parse('4H'), Card.parse('KC'), Card.parse('6S'), Card.parse('JK'))
>>> state.apply("discard 10H")
Traceback (most recent call last):
...
fivecrowns.errors.IllegalActionError: 10H is not in your hand (player 0 holds 4H KC 6S JK)
>>> import random
>>> rng = random.Random(1)
>>> while not state.is_over:
...     state = state.apply(rng.choice(state.legal_actions()))
>>> state.scores, state.winners
((40, 72, 37), (2,))

Decisions where the rule book is silent (see also the rules page):

- Seats are numbered 0..players-1 and "left" is the next number: play goes 0, 1, 2, ...
  By default the last seat deals round 1, so player 0 plays first.
- The empty stock is refilled as soon as a turn ends with it empty (before the next player
  draws), so a player about to draw always has a stock. If there is nothing to reshuffle the
  round ends and every hand is scored by its best arrangement. With
  ``reshuffle_whole_discard_pile`` the whole pile is reshuffled (the next player can only draw
  from the stock), and only an empty pile is nothing to reshuffle.
- ``squared_discard_pile`` changes views only: a view's ``discard_pile`` (and its JSON and
  observation) is the top card alone; see :func:`fivecrowns.game.views.remembered_pile`.
- Going out lays down the solver's arrangement of the hand (the engine checks the hand melds;
  the player does not pick the melds), with or without ``auto_arrange_final_hand``.
- A final turn (after someone went out) is draw then discard; the player cannot "go out"
  again. With ``auto_arrange_final_hand`` the rest of the hand is arranged for the least
  deadwood (with ``lay_off``, counting what can be added to the table melds), and its melds go
  onto the table, where later final-turn players may lay off onto them. Without it, the
  player selects cards and lays them down (or off) before discarding; what is left in hand
  counts.
- ``may_discard_taken_discard=False`` forbids discarding (or going out on) any card equal to
  the one just taken from the pile, since copies cannot be told apart, unless the hand holds
  nothing else.
- ``go_out_bonus`` (e.g. -10) is the round score of the player who went out, but it takes a
  total down to zero at most (:meth:`Rules.go_out_score`) unless
  ``go_out_bonus_below_zero``; every other round score is zero or more.
- ``tie_break="extra_round"``: the tied players play a round of ``extra_round_hand_size``
  cards (dealt by the next dealer, only to them; wild rank its size when 3..13). Its scores
  decide between them and do not enter :attr:`GameState.scores`; if they tie again, the
  still-tied players play another. ``"most_rounds_out"``: a tie that remains is shared.
- ``turn_limit`` is a simulation safeguard, not a rule: after that many turns in a round with
  nobody out the round ends and every hand is scored by its best arrangement.
"""

from ._round import FinalLayout, RoundResult, TableMeld
from ._state import RECORD_SCHEMA, STATE_SCHEMA, GameRecord, GameState

__all__ = [
    "RECORD_SCHEMA",
    "STATE_SCHEMA",
    "FinalLayout",
    "GameRecord",
    "GameState",
    "RoundResult",
    "TableMeld",
]
