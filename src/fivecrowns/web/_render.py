"""The pages' HTML: the layout, the new-game form, and the table as the person's seat sees
it (rendered from the :meth:`~fivecrowns.web._service.Table.body` only, so a page shows no
more than the API gives)."""

from __future__ import annotations

import json
from collections.abc import Callable
from html import escape
from typing import Any

from ..cards import Card
from ._cards_svg import card_back_svg, card_svg
from ._render_melds import BUILDER_KINDS, meld_builder

__all__ = [
    "cards_html",
    "new_game_page",
    "page",
    "scores_html",
    "table_html",
    "table_page",
]

_RANKS = {11: "J", 12: "Q", 13: "K"}


def page(title: str, body: str, script: str = "") -> str:
    """A whole page (no external request: the style and the script are the server's)."""
    tag = f'<script src="/static/{script}" defer></script>' if script else ""
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title>"
        f'<link rel="stylesheet" href="/static/style.css">{tag}</head>'
        '<body><header><nav><a href="/">Five Crowns: new game</a> '
        '<a href="/analyse">Hand analyser</a> <a href="/replay">Replay</a></nav></header>'
        f"<main>{body}</main></body></html>"
    )


def _rule_input(name: str, default: object) -> str:
    label = escape(name.replace("_", " "))
    if isinstance(default, bool):
        checked = " checked" if default else ""
        return (
            f'<label><input type="checkbox" name="{name}" data-rule="bool"{checked}> '
            f"{label}</label>"
        )
    kind = "number" if isinstance(default, int) else "json"
    value = escape(str(default if kind == "number" else _json_text(default)))
    return (
        f'<label>{label} <input name="{name}" data-rule="{kind}" value="{value}" '
        f'data-default="{value}"></label>'
    )


def _json_text(value: object) -> str:
    return json.dumps(value)


def new_game_page(rules: dict[str, Any]) -> str:
    """The new-game form: players, difficulty, every rule option."""
    players = "".join(
        f'<option value="{n}"{" selected" if n == 4 else ""}>{n - 1} bot{"s" * (n > 2)}</option>'
        for n in range(2, 8)
    )
    options = "".join(_rule_input(name, value) for name, value in rules.items())
    body = (
        '<h1>New game</h1><form id="new-game">'
        f'<label>Opponents <select name="players">{players}</select></label>'
        '<label>Difficulty <select name="difficulty"><option value="easy">easy (greedy)'
        '</option><option value="medium">medium (strong)</option>'
        '<option value="hard">hard (expert)</option></select></label>'
        f"<details><summary>Rule options</summary>{options}</details>"
        '<button type="submit" id="start">Start</button>'
        '<p id="message" role="alert"></p></form>'
    )
    return page("Five Crowns: new game", body, "new.js")


def _card(text: str, wild: int | None) -> str:
    return card_svg(Card.parse(text), wild)


def cards_html(text: str, wild: int | None) -> str:
    """The cards of a text in notation (``"7H 8H JK"``), drawn."""
    return "".join(_card(word, wild) for word in text.split())


def _short_name(body: dict[str, Any], seat: int) -> str:
    return "You" if seat == body["seat"] else f"Bot {seat}"


def _seat_name(body: dict[str, Any], seat: int) -> str:
    return "You" if seat == body["seat"] else f"Bot {seat} ({body['bots'][seat - 1]})"


def _seats(body: dict[str, Any]) -> str:
    view = body["view"]
    rows = []
    for seat in range(view["players"]):
        marks = []
        if seat == view["dealer"]:
            marks.append("dealer")
        if seat == view["current_player"]:
            marks.append("to play")
        if seat == view["went_out"]:
            marks.append("went out")
        rows.append(
            f'<li class="seat{" current" * (seat == view["current_player"])}" '
            f'data-seat="{seat}">{escape(_seat_name(body, seat))}: {view["hand_sizes"][seat]} '
            f"cards, {view['scores'][seat]} points"
            f"{' (' + ', '.join(marks) + ')' if marks else ''}</li>"
        )
    return f'<ul class="seats" aria-label="players">{"".join(rows)}</ul>'


def _piles(body: dict[str, Any]) -> str:
    view, legal = body["view"], body["legal"]
    stock = card_back_svg(f"stock, {view['stock_size']} cards")
    pile = view["discard_pile"].split()
    top = pile[-1] if pile else None
    top_svg = _card(top, view["wild_rank"]) if top else "<span>empty</span>"
    draw = "" if "draw" in legal else " disabled"
    take = "" if "take" in legal else " disabled"
    return (
        '<div class="piles">'
        f'<button class="pile" id="stock" data-action="draw"{draw} '
        f'aria-label="draw from the stock ({view["stock_size"]} cards), key D">{stock}</button>'
        f'<button class="pile" id="discard" data-action="take"{take} aria-label="take the '
        f'discard{", " + top if top else ""}, key T">{top_svg}</button></div>'
    )


def _hand(body: dict[str, Any]) -> str:
    view, legal = body["view"], set(body["legal"])
    buttons = []
    for index, text in enumerate(view["hand"].split()):
        action = f"out {text}" if f"out {text}" in legal else f"discard {text}"
        enabled = action in legal
        verb = "go out discarding" if action.startswith("out") else "discard"
        label = f"{verb} {text}" if enabled else text
        buttons.append(
            f'<button class="hand-card" data-index="{index}" data-action="{action}"'
            f'{"" if enabled else " disabled"} aria-label="{escape(label)}">'
            f"{_card(text, view['wild_rank'])}</button>"
        )
    return f'<div class="hand" id="hand" aria-label="your hand">{"".join(buttons)}</div>'


def _melds(body: dict[str, Any]) -> str:
    view = body["view"]
    melds = [
        f'<div class="meld" aria-label="{escape(_seat_name(body, meld["owner"]))}\'s meld">'
        f"{cards_html(meld['cards'], view['wild_rank'])}</div>"
        for meld in view.get("table", [])
    ]
    return f'<section class="table-melds" aria-label="melds">{"".join(melds)}</section>'


def _status(body: dict[str, Any]) -> str:
    view = body["view"]
    wild = view["wild_rank"]
    wild_text = "jokers only" if wild is None else f"{_RANKS.get(wild, wild)}s"
    lines = [f"Round {view['round_number']}: {view['hand_size']} cards, wild {wild_text}."]
    if view["went_out"] is not None:
        left = ", ".join(_seat_name(body, seat) for seat in view["final_turns_left"])
        lines.append(
            f"Final lap: {_seat_name(body, view['went_out'])} went out"
            + (f"; still to play: {left}." if left else ".")
        )
    if view["phase"] == "over":
        names = ", ".join(_seat_name(body, seat) for seat in view["winners"])
        lines.append(f"Game over. Winner: {names}.")
    elif view["current_player"] == body["seat"]:
        lines.append("Your turn: draw." if view["phase"] == "draw" else "Your turn: discard.")
    text = " ".join(map(escape, lines))
    return f'<div class="status" id="status" aria-live="polite">{text}</div>'


def scores_html(view: dict[str, Any], name: Callable[[int], str]) -> str:
    """The table of the round scores and the totals of a view, each seat's column headed
    by its short ``name``."""
    head = "".join(f'<th scope="col">{escape(name(s))}</th>' for s in range(view["players"]))
    rows = []
    for result in view["results"]:
        cells = "".join(f"<td>{'' if score is None else score}</td>" for score in result["scores"])
        rows.append(f'<tr><th scope="row">{result["hand_size"]}</th>{cells}</tr>')
    total = "".join(f"<td>{score}</td>" for score in view["scores"])
    return (
        '<div class="scroll"><table class="scores" id="scores"><caption>Round scores</caption>'
        f'<thead><tr><th scope="col">cards</th>{head}</tr></thead>'
        f'<tbody>{"".join(rows)}</tbody><tfoot><tr><th scope="row">total</th>{total}</tr>'
        "</tfoot></table></div>"
    )


def _actions(body: dict[str, Any]) -> str:
    elsewhere = ("draw", "take", "discard", *BUILDER_KINDS)
    shown = [a for a in body["legal"] if a.split()[0] not in elsewhere]
    buttons = "".join(
        f'<button class="action" data-action="{escape(a)}">{escape(a)}</button>' for a in shown
    )
    return f'<div class="actions" aria-label="other actions">{buttons}</div>'


def table_html(body: dict[str, Any]) -> str:
    """The table as the person sees it: status, seats, piles, melds, hand, scores."""
    return (
        f'<div id="table" data-phase="{body["view"]["phase"]}" '
        f'data-turn="{int(body["view"]["current_player"] == body["seat"])}">'
        f"{_status(body)}{_seats(body)}{_piles(body)}{_melds(body)}{_hand(body)}{meld_builder(body)}"
        f"{_actions(body)}{scores_html(body['view'], lambda s: _short_name(body, s))}</div>"
    )


def table_page(body: dict[str, Any]) -> str:
    """The game's page; its script plays the person's actions and shows the bots' moves."""
    content = (
        f'<h1>Five Crowns</h1><p class="link">This game\'s link: <a href="/games/{body["id"]}">'
        f"/games/{body['id']}</a> (open it again to resume).</p>"
        '<p id="moves" aria-live="polite"></p><p id="message" role="alert"></p>'
        f'<div id="game" data-id="{body["id"]}">{table_html(body)}</div>'
    )
    return page("Five Crowns", content, "table.js")
