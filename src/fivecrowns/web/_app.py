"""The web app: the API's and the pages' routes on one Starlette app, with the games in
an SQLite file (closed when the server shuts down). Every refusal is a JSON (or, for a page,
a plain text) 4xx; an unexpected error is logged and answered 500 without details."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response

from ._api import api_routes
from ._errors import RefusedError
from ._pages import page_routes
from ._service import Games, Limits
from ._store import Store
from ._workers import GameLocks, Workers

__all__ = ["create_app"]

_LOG = logging.getLogger("fivecrowns.web")


def _answer(
    request: Request, status: int, message: str, headers: Mapping[str, str] | None = None
) -> Response:
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": message}, status_code=status, headers=headers)
    return PlainTextResponse(message, status_code=status, headers=headers)


async def _refused(request: Request, error: Exception) -> Response:
    assert isinstance(error, RefusedError)
    return _answer(request, error.status, error.message)


async def _http(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    # (with its headers: a 405 says which methods are allowed)
    return _answer(request, error.status_code, str(error.detail), error.headers)


async def _unexpected(request: Request, error: Exception) -> Response:
    _LOG.exception("unexpected error on %s %s", request.method, request.url.path)
    return _answer(request, 500, "internal error")


@asynccontextmanager
async def _lifespan(app: Starlette) -> AsyncIterator[None]:
    # (uvicorn ends the lifespan once the requests in flight are done: each has stored its
    # move; a lifespan begun again, as a test client may, opens the file again)
    store = app.state.games.store
    store.open()
    yield
    store.close()


def create_app(db: str = ":memory:", limits: Limits | None = None) -> Starlette:
    """The app, its games stored in the SQLite file ``db`` (a new app on the same file
    resumes every game)."""
    app = Starlette(
        routes=[*api_routes(), *page_routes()],
        lifespan=_lifespan,
        exception_handlers={
            RefusedError: _refused,
            HTTPException: _http,
            Exception: _unexpected,
        },
    )
    games = app.state.games = Games(Store(db), limits)
    app.state.bots = Workers("moves", games.limits.bot_threads, games.limits.bot_waiting)
    app.state.annotator = Workers(
        "annotation", games.limits.annotator_threads, games.limits.annotator_waiting
    )
    app.state.locks = GameLocks()
    return app
