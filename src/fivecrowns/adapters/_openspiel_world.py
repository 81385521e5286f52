"""Sampled worlds of the OpenSpiel game (:mod:`fivecrowns.adapters.openspiel`) built directly:
the state's record with the hidden cards drawn again (``_openspiel_sample``) put in, and the
engine's game with the other players' hands and the stock dealt from what is left, without
replaying the game.
"""

from __future__ import annotations

import base64
import pickle
from collections import Counter
from collections.abc import Iterable
from typing import Final

from ..cards import CARDS, NUM_CODES
from ..game._round import finished_seats
from ._openspiel_record import Entry, Log, PastText, Snapshot, copies, entries

__all__ = ["players_of", "serialised", "world"]

#: Each card code's notation.
_NAMES: Final = tuple(str(card) for card in CARDS)
#: The kinds of entry that are a player's action (any other entry at a step is chance's, or
#: comes with a player's action).
_ACTING: Final = frozenset({"stock", "take", "put"})


def _substituted(log: Iterable[Entry], codes: dict[int, int]) -> tuple[Entry, ...]:
    """``log`` with the card dealt or drawn at each step of ``codes`` replaced."""
    found = []
    get = codes.get
    for entry in log:
        kind = entry.kind
        if kind == "deal" or kind == "drew":  # (faster than a tuple's `in`)
            code = get(entry.step)
            if code is not None and code != entry.code:
                seat, card = entry.seat, _NAMES[code]
                text = f"deal p{seat} {card}" if kind == "deal" else f"p{seat} drew {card}"
                entry = Entry(kind, seat, code, entry.step, (), entry.public, text)
        found.append(entry)
    return tuple(found)


def world(now: Snapshot, player: int, codes: dict[int, int]) -> Snapshot | None:
    """The snapshot of ``now``'s game with the hidden card of each history step in ``codes``
    (step: card code) replaced, built directly; None when it must be replayed instead (a
    player other than ``player`` and the one who went out finished this round: its final
    hand was arranged with cards that are now others)."""
    players = len(now.past_text)
    past = tuple(_substituted(log, codes) for log in now.past)
    current = _substituted(entries(now.log), codes)
    table, dealt, left = now.table, now.dealt, now.left
    if dealt is not None:  # dealing: the cards dealt so far are the log's
        dealt = tuple(entry.code for entry in current if entry.kind == "deal")
        counts = copies(table.rules)
        counts.subtract(dealt)
        left = tuple(counts[code] for code in range(NUM_CODES))
    else:
        game = table.state
        finished = finished_seats(game.active, players, game.went_out, game.final_turns_left)
        if any(seat not in (player, game.went_out) for seat in finished):
            return None
        seats = [seat for seat in game.active if seat != player and seat not in finished]
        held: dict[int, Counter[int]] = {seat: Counter() for seat in seats}
        for entry in current:
            hand = held.get(entry.seat)
            if hand is None:
                continue
            if entry.kind in ("deal", "drew", "take"):
                hand[entry.code] += 1
            elif entry.kind == "put":
                hand.subtract(entry.cards)
        hands = [sorted(held[seat].elements()) for seat in seats]
        table = table.rehand(seats, hands)
    log: Log = None
    for entry in current:
        log = (entry, log)
    texts = PastText(past, players) if codes else now.past_text
    return Snapshot(
        table, dealt, left, now.drawing, log, past, texts, now.steps, now.rounds, now.reshuffles
    )


def players_of(now: Snapshot) -> list[int]:
    """The player of each step of ``now``'s history (-1: chance)."""
    found = [-1] * now.steps
    for log in (*now.past, entries(now.log)):
        for entry in log:
            if entry.kind in _ACTING:
                found[entry.step] = entry.seat
    return found


def serialised(now: Snapshot, history: list[int], move_number: int) -> str:
    """OpenSpiel's serialisation of a state of ``now`` whose history is ``history``, with no
    attributes (its deserialisation sets the history as it is, replaying nothing; the
    caller then gives the state ``now``)."""
    moves = ",".join(f"{seat}:{action}" for seat, action in zip(players_of(now), history))
    return f"history={moves}\nmove_number={move_number}\n__dict__={_NO_DICT}"


#: An empty ``__dict__`` as OpenSpiel's deserialisation of a Python state reads it.
_NO_DICT: Final = base64.b64encode(pickle.dumps({})).decode("ascii")
