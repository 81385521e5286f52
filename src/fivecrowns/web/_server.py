"""The app served by uvicorn (``fivecrowns serve``): idle connections kept open long
enough for clients that reuse them, and a graceful shutdown on Ctrl-C or ``SIGTERM``.

A client that keeps connections alive (a browser, httpx, requests) reuses an idle one for
its next request; if the server closes it at that moment, the request fails. uvicorn's
default keep-alive of 5 s is shorter than many clients' (httpx keeps a connection 5 s too),
so the server keeps an idle connection :data:`KEEP_ALIVE_SECONDS` instead: a client whose
own keep-alive expiry is shorter never sends on a connection the server is closing.

>>> config = server_config(create_app(), port=8123)
>>> config.timeout_keep_alive == KEEP_ALIVE_SECONDS, config.timeout_graceful_shutdown
(True, 10)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ._app import create_app

if TYPE_CHECKING:
    import uvicorn
    from starlette.applications import Starlette

__all__ = ["KEEP_ALIVE_SECONDS", "SHUTDOWN_SECONDS", "serve", "server_config"]

#: How long the server keeps an idle connection open, in seconds (a client should let its
#: idle connections expire sooner).
KEEP_ALIVE_SECONDS: Final = 60
#: On Ctrl-C or ``SIGTERM``, how long the server lets the requests in flight finish (each
#: move is stored before its answer is sent), in seconds, before it cancels them.
SHUTDOWN_SECONDS: Final = 10


def server_config(
    app: Starlette, host: str = "127.0.0.1", port: int = 8000, log_level: str = "info"
) -> uvicorn.Config:
    """uvicorn's configuration of ``app`` as ``fivecrowns serve`` runs it."""
    import uvicorn

    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        timeout_graceful_shutdown=SHUTDOWN_SECONDS,
    )


def serve(host: str = "127.0.0.1", port: int = 8000, db: str = "fivecrowns-games.sqlite") -> None:
    """Serve the app with uvicorn until interrupted, its games in the SQLite file ``db``.

    Idle connections stay open :data:`KEEP_ALIVE_SECONDS`; on Ctrl-C or ``SIGTERM`` the
    server stops accepting connections, lets the requests in flight finish (at most
    :data:`SHUTDOWN_SECONDS`), and closes the file."""
    import uvicorn

    uvicorn.Server(server_config(create_app(db), host, port)).run()
