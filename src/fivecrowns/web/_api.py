"""The JSON API's routes (described by :func:`~fivecrowns.web._openapi.openapi`)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import BaseRoute, Route

from ..rules import Rules
from ._analyse import analyse
from ._openapi import openapi
from ._requests import action_of, analysis_options, game_options, read_json
from ._service import Games

__all__ = ["api_routes", "games_of"]


def games_of(request: Request) -> Games:
    """The app's games."""
    games: Games = request.app.state.games
    return games


async def _openapi(request: Request) -> JSONResponse:
    return JSONResponse(openapi())


async def _rules(request: Request) -> JSONResponse:
    return JSONResponse(Rules().to_dict())


async def _create(request: Request) -> JSONResponse:
    players, difficulty, rules = game_options(await read_json(request))
    return JSONResponse(games_of(request).create(players, difficulty, rules), status_code=201)


async def _game(request: Request) -> JSONResponse:
    return JSONResponse(games_of(request).get(request.path_params["game_id"]).body())


async def _act(request: Request) -> JSONResponse:
    games = games_of(request)
    game_id = request.path_params["game_id"]
    rules = games.get(game_id).state.rules  # (404 before the body is read)
    action = action_of(await read_json(request), rules)
    return JSONResponse(games.play(game_id, action))


async def _analyse(request: Request) -> JSONResponse:
    return JSONResponse(analyse(*analysis_options(await read_json(request))))


def api_routes() -> list[BaseRoute]:
    """The API's routes."""
    return [
        Route("/api/openapi.json", _openapi, methods=["GET"]),
        Route("/api/rules", _rules, methods=["GET"]),
        Route("/api/games", _create, methods=["POST"]),
        Route("/api/games/{game_id}", _game, methods=["GET"]),
        Route("/api/games/{game_id}/actions", _act, methods=["POST"]),
        Route("/api/analyse", _analyse, methods=["POST"]),
    ]
