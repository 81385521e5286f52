"""The pages: the new-game form, a game's table (and its HTML fragment, which the page's
script fetches after each move), the hand analyser, the replay viewer, and the static style
and scripts."""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from ..rules import Rules
from ._analyse import analyse
from ._api import game_body
from ._errors import RefusedError
from ._openapi import every_option
from ._render import new_game_page, table_html, table_page
from ._render_analyser import analyser_page
from ._render_replay import replay_page, step_html
from ._replay import replay_step
from ._requests import MAX_SAVED_GAME, analysis_options, read_json
from ._service import Table

__all__ = ["page_routes"]

_STATIC = Path(__file__).with_name("static")


async def _new(request: Request) -> HTMLResponse:
    return HTMLResponse(new_game_page(every_option(Rules())))


async def _game(request: Request) -> HTMLResponse:
    return HTMLResponse(table_page(await game_body(request, Table.body)))


async def _table(request: Request) -> HTMLResponse:
    return HTMLResponse(table_html(await game_body(request, Table.body)))


async def _analyser(request: Request) -> HTMLResponse:
    query = request.query_params
    hand, wild = query.get("hand", ""), query.get("wild", "none")
    if not hand.strip():
        return HTMLResponse(analyser_page(hand[:400], wild[:8], None, None))
    try:
        answer = analyse(*analysis_options({"hand": hand, "wild": wild}))
    except RefusedError as error:
        page = analyser_page(hand[:400], wild[:8], None, error.message)
        return HTMLResponse(page, status_code=error.status)
    return HTMLResponse(analyser_page(hand, wild, answer, None))


async def _replay(request: Request) -> HTMLResponse:
    return HTMLResponse(replay_page())


async def _replay_step(request: Request) -> JSONResponse:
    step = replay_step(await read_json(request, MAX_SAVED_GAME))
    return JSONResponse({"step": step["step"], "steps": step["steps"], "html": step_html(step)})


def page_routes() -> list[BaseRoute]:
    """The pages' routes."""
    return [
        Route("/", _new, methods=["GET"]),
        Route("/games/{game_id}", _game, methods=["GET"]),
        Route("/games/{game_id}/table", _table, methods=["GET"]),
        Route("/analyse", _analyser, methods=["GET"]),
        Route("/replay", _replay, methods=["GET"]),
        Route("/replay/step", _replay_step, methods=["POST"]),
        Mount("/static", StaticFiles(directory=_STATIC), name="static"),
    ]
