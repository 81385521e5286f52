"""The OpenAPI 3.1 document of the JSON API (served at ``/api/openapi.json``)."""

from __future__ import annotations

from typing import Any

import attrs

from .._version import __version__
from ..rules import Rules

__all__ = ["every_option", "openapi"]

_ERROR = {"$ref": "#/components/schemas/Error"}
_JSON_TYPES = {bool: "boolean", int: "integer", str: "string", list: "array"}


def every_option(rules: Rules) -> dict[str, Any]:
    """Every option of ``rules`` by name, JSON-ready, even those :meth:`Rules.to_dict`
    leaves out at their defaults (``squared_discard_pile``, ...): what ``GET /api/rules``
    answers, what the new-game form offers and what the document's rule options list."""
    return {
        field.name: list(value) if isinstance(value, tuple) else value
        for field in attrs.fields(Rules)
        for value in [getattr(rules, field.name)]
    }


def _rule_options() -> dict[str, Any]:
    """Each rule option's JSON type (that of its official value; any type for an option
    whose official value is null). A value of the right type may still be refused (422)."""
    return {
        name: {"type": _JSON_TYPES[type(value)]} if type(value) in _JSON_TYPES else {}
        for name, value in every_option(Rules()).items()
    }


_RULES = {
    "type": ["object", "null"],
    "description": "rule options by name (GET /api/rules); left out or null: the official rules",
    "properties": _rule_options(),
    "additionalProperties": False,
}
_GAME_ID = {
    "name": "game_id",
    "in": "path",
    "required": True,
    "schema": {"type": "string"},
    "description": "the game's id, from its link (unguessable)",
}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _refusals(*statuses: int) -> dict[str, Any]:
    words = {
        400: "the body is not a JSON object",
        404: "no such game",
        409: "the action is not legal now",
        413: "the body is too big",
        422: "a field is wrong (the message says which and what is accepted)",
        503: "the server is full (its most unfinished games, or busy workers)",
    }
    return {str(status): _json(_ERROR, words[status]) for status in statuses}


def _game_schema() -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["id", "seat", "difficulty", "bots", "rules", "view", "legal", "moves"],
        "properties": {
            "id": {"type": "string"},
            "seat": {"type": "integer", "description": "the person's seat (0)"},
            "difficulty": {"type": "string", "enum": ["easy", "medium", "hard"]},
            "bots": {"type": "array", "items": {"type": "string"}},
            "rules": {"type": "object", "description": "every rule option (Rules.to_dict)"},
            "view": {"type": "object", "description": "the seat's PlayerView.to_dict()"},
            "legal": {"type": "array", "items": {"type": "string"}},
            "moves": {
                "type": "array",
                "description": "the public moves since the person's last action: [seat, action]",
                "items": {"type": "array"},
            },
        },
    }


def _annotations_schema() -> dict[str, Any]:
    note = {
        "type": "object",
        "description": "Annotation.to_dict(): the action at index (0-based) valued against the "
        "best; loss in expected points of round score; mark null, inaccuracy, mistake or "
        "blunder",
        "required": ["index", "seat", "round", "played", "best", "loss", "mark", "exact"],
    }
    return {
        "type": "object",
        "required": ["steps", "seats", "n", "annotations", "worst"],
        "properties": {
            "steps": {"type": "integer"},
            "seats": {"type": "array", "items": {"type": "integer"}},
            "n": {"type": "integer"},
            "annotations": {"type": "array", "items": note},
            "worst": {
                "type": "array",
                "items": {"type": "integer"},
                "description": "the annotations' indexes by loss, the biggest first",
            },
        },
    }


def _schemas() -> dict[str, Any]:
    return {
        "Error": {
            "type": "object",
            "required": ["error"],
            "properties": {"error": {"type": "string"}},
        },
        "Game": _game_schema(),
        "NewGame": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "players": {"type": "integer", "minimum": 2, "maximum": 7, "default": 4},
                "difficulty": {"type": "string", "enum": ["easy", "medium", "hard"]},
                "rules": _RULES,
            },
        },
        "Action": {
            "type": "object",
            "additionalProperties": False,
            "required": ["action"],
            "properties": {
                "action": {
                    "oneOf": [{"type": "string"}, {"type": "integer"}],
                    "description": "an action's notation ('draw', 'discard 7H', ...) or integer",
                }
            },
        },
        "Hand": {
            "type": "object",
            "additionalProperties": False,
            "required": ["hand"],
            "properties": {
                "hand": {"type": "string", "description": "cards, as '7H 8H JK'"},
                "wild": {
                    "oneOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}],
                    "description": "the wild rank: 3-13, T, J, Q, K, or none",
                },
                "rules": _RULES,
            },
        },
        "Analysis": {"type": "object"},
        "Review": {
            "type": "object",
            "additionalProperties": False,
            "required": ["game"],
            "properties": {
                "game": {
                    "type": "object",
                    "description": "a saved game: a GameRecord's, a GameState's or a "
                    "`fivecrowns play` save's JSON",
                },
                "seats": {
                    "type": "array",
                    "items": {"type": "integer", "minimum": 0},
                    "description": "the seats whose decisions are annotated (default: all)",
                },
                "n": {"type": "integer", "minimum": 2, "maximum": 256, "default": 64},
            },
        },
        "Annotations": _annotations_schema(),
    }


def _body(name: str) -> dict[str, Any]:
    return {
        "required": True,
        "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{name}"}}},
    }


def _paths() -> dict[str, Any]:
    game = {"$ref": "#/components/schemas/Game"}
    return {
        "/api/rules": {
            "get": {
                "summary": "The official rules: every option and its default",
                "responses": {"200": _json({"type": "object"}, "the options")},
            }
        },
        "/api/games": {
            "post": {
                "summary": "A new game against bots; the person plays seat 0",
                "requestBody": _body("NewGame"),
                "responses": {
                    "201": _json(game, "the new game"),
                    **_refusals(400, 413, 422, 503),
                },
            }
        },
        "/api/games/{game_id}": {
            "get": {
                "summary": "The person's view of a game and the legal actions",
                "parameters": [_GAME_ID],
                "responses": {"200": _json(game, "the game"), **_refusals(404)},
            }
        },
        "/api/games/{game_id}/actions": {
            "post": {
                "summary": "Play an action; the bots reply until it is the person's turn",
                "parameters": [_GAME_ID],
                "requestBody": _body("Action"),
                "responses": {
                    "200": _json(game, "the game after the moves"),
                    **_refusals(400, 404, 409, 413, 422, 503),
                },
            }
        },
        "/api/annotations": {
            "post": {
                "summary": "The annotator's marks of a saved game's decisions (seconds for "
                "a whole game)",
                "requestBody": _body("Review"),
                "responses": {
                    "200": _json({"$ref": "#/components/schemas/Annotations"}, "the marks"),
                    **_refusals(400, 413, 422, 503),
                },
            }
        },
        "/api/analyse": {
            "post": {
                "summary": "The best arrangement, best discard and outs of a hand",
                "requestBody": _body("Hand"),
                "responses": {
                    "200": _json({"$ref": "#/components/schemas/Analysis"}, "the analysis"),
                    **_refusals(400, 413, 422),
                },
            }
        },
    }


def openapi() -> dict[str, Any]:
    """The document."""
    return {
        "openapi": "3.1.0",
        "info": {"title": "fivecrowns", "version": __version__},
        "paths": _paths(),
        "components": {"schemas": _schemas()},
    }
