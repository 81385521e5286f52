"""The pages: the new-game form, a game's table (and its HTML fragment, which the page's
script fetches after each move), and the static style and scripts."""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from ..rules import Rules
from ._api import games_of
from ._render import new_game_page, table_html, table_page

__all__ = ["page_routes"]

_STATIC = Path(__file__).with_name("static")


async def _new(request: Request) -> HTMLResponse:
    return HTMLResponse(new_game_page(Rules().to_dict()))


async def _game(request: Request) -> HTMLResponse:
    body = games_of(request).get(request.path_params["game_id"]).body()
    return HTMLResponse(table_page(body))


async def _table(request: Request) -> HTMLResponse:
    body = games_of(request).get(request.path_params["game_id"]).body()
    return HTMLResponse(table_html(body))


def page_routes() -> list[BaseRoute]:
    """The pages' routes."""
    return [
        Route("/", _new, methods=["GET"]),
        Route("/games/{game_id}", _game, methods=["GET"]),
        Route("/games/{game_id}/table", _table, methods=["GET"]),
        Mount("/static", StaticFiles(directory=_STATIC), name="static"),
    ]
