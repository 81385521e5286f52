"""The replay viewer's page (open a saved game, step through it with buttons or the arrow
keys, ask for the annotator's marks) and each step's HTML: every hand, the piles, the melds,
the scores."""

from __future__ import annotations

from html import escape
from typing import Any

from ._render import cards_html, page, scores_html

__all__ = ["replay_page", "step_html"]


def replay_page() -> str:
    """The page: a saved game's JSON (a file, or pasted), then the steps."""
    body = (
        '<h1>Replay a saved game</h1><form id="open">'
        '<label>Saved game (JSON) <input type="file" id="file" accept=".json,application/json">'
        "</label>"
        '<label>or paste it <textarea id="text" rows="3" cols="40"></textarea></label>'
        '<button type="submit" id="load">Open</button></form>'
        '<p id="message" role="alert"></p>'
        '<nav class="steps" aria-label="steps"><button id="first" disabled>|&lt; first</button>'
        '<button id="back" disabled>&lt; back (←)</button>'
        '<button id="next" disabled>next (→) &gt;</button>'
        '<button id="last" disabled>last &gt;|</button></nav>'
        '<div class="review"><button id="annotate" disabled>Annotate the moves</button> '
        '<span id="review-status" aria-live="polite"></span></div>'
        '<p id="mark" aria-live="polite"></p>'
        '<div id="step" aria-live="polite"></div>'
        '<section id="worst" hidden><h2>Biggest mistakes</h2><ol id="worst-list"></ol></section>'
    )
    return page("Five Crowns: replay", body, "replay.js")


def step_html(step: dict[str, Any]) -> str:
    """One step of a replay."""
    view = step["view"]
    wild = view["wild_rank"]
    action = step["action"]
    played = "the deal of round 1" if action is None else f"player {action[0]}: {escape(action[1])}"
    hands = "".join(
        f"<li>Player {seat}{' (dealer)' * (seat == view['dealer'])}: "
        f'<div class="hand" data-seat="{seat}">{cards_html(hand, wild)}</div></li>'
        for seat, hand in enumerate(step["hands"])
    )
    pile = view["discard_pile"].split()
    melds = "".join(
        f'<div class="meld">{cards_html(meld["cards"], wild)}</div>' for meld in view["table"]
    )
    return (
        f'<p id="step-number" data-step="{step["step"]}" data-steps="{step["steps"]}">'
        f"Step {step['step']} of {step['steps']}: {played}. Round {view['round_number']}, "
        f"{view['hand_size']} cards.</p>"
        f'<ul class="seats">{hands}</ul>'
        f"<p>Discard pile: {cards_html(pile[-1], wild) if pile else 'empty'} "
        f"(stock: {view['stock_size']} cards)</p>"
        f'<section class="table-melds" aria-label="melds">{melds}</section>'
        f"{scores_html(view, lambda seat: f'P{seat}')}"
    )
