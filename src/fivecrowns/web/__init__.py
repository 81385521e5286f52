"""The reference web app on the engine (``pip install "fivecrowns[web]"``, then
``fivecrowns serve``): play against the bots in a browser, over a JSON API that other apps
can use too (its OpenAPI document is at ``/api/openapi.json``).

Every game lives on the server, stored in SQLite so that a restart loses none; a browser
only ever receives its seat's :class:`~fivecrowns.PlayerView` and legal actions.

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app())
>>> game = client.post("/api/games", json={"players": 2}).json()
>>> game["view"]["hand_size"], game["legal"]
(3, ['draw', 'take'])
"""

from __future__ import annotations

from ._app import create_app
from ._server import KEEP_ALIVE_SECONDS, SHUTDOWN_SECONDS, serve
from ._service import DIFFICULTY, Limits

__all__ = ["DIFFICULTY", "KEEP_ALIVE_SECONDS", "SHUTDOWN_SECONDS", "Limits", "create_app", "serve"]
