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
from ._service import DIFFICULTY, Limits

__all__ = ["DIFFICULTY", "Limits", "create_app", "serve"]


def serve(host: str = "127.0.0.1", port: int = 8000, db: str = "fivecrowns-games.sqlite") -> None:
    """Serve the app with uvicorn until interrupted, its games in the SQLite file ``db``."""
    import uvicorn

    uvicorn.run(create_app(db), host=host, port=port, log_level="info")
