"""The JSON API's routes (described by :func:`~fivecrowns.web._openapi.openapi`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import BaseRoute, Route

from ..rules import Rules
from ._analyse import analyse
from ._annotations import annotation_options, annotations_of
from ._openapi import every_option, openapi
from ._requests import MAX_SAVED_GAME, action_of, analysis_options, game_options, read_json
from ._service import Games, Table
from ._workers import GameLocks, Workers

__all__ = ["api_routes", "game_body", "games_of"]


def games_of(request: Request) -> Games:
    """The app's games."""
    games: Games = request.app.state.games
    return games


async def game_body(request: Request, show: Callable[[Table], Any]) -> Any:
    """``show`` of the request's game (``game_id``), read under the game's lock (so never
    halfway through a move)."""
    game_id = request.path_params["game_id"]
    locks: GameLocks = request.app.state.locks
    async with locks.hold(game_id):
        return show(games_of(request).get(game_id))


async def _openapi(request: Request) -> JSONResponse:
    return JSONResponse(openapi())


async def _rules(request: Request) -> JSONResponse:
    return JSONResponse(every_option(Rules()))


async def _create(request: Request) -> JSONResponse:
    players, difficulty, rules = game_options(await read_json(request))
    bots: Workers = request.app.state.bots  # (the bots may move first)
    body = await bots.run(games_of(request).create, players, difficulty, rules)
    return JSONResponse(body, status_code=201)


async def _game(request: Request) -> JSONResponse:
    return JSONResponse(await game_body(request, Table.body))


async def _act(request: Request) -> JSONResponse:
    games = games_of(request)
    game_id = request.path_params["game_id"]
    rules = games.get(game_id).state.rules  # (404 before the body is read)
    action = action_of(await read_json(request), rules)
    locks: GameLocks = request.app.state.locks
    bots: Workers = request.app.state.bots
    async with locks.hold(game_id):  # (one move of a game at a time, its bots' replies in a thread)
        return JSONResponse(await bots.run(games.play, game_id, action))


async def _annotate(request: Request) -> JSONResponse:
    options = annotation_options(await read_json(request, MAX_SAVED_GAME))
    annotator: Workers = request.app.state.annotator
    return JSONResponse(await annotator.run(annotations_of, *options))


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
        Route("/api/annotations", _annotate, methods=["POST"]),
    ]
