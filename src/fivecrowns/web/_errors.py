"""The web layer's one error: a request the server refuses, with its HTTP status and a
message that says what was wrong and what is accepted. Nothing is changed by a refused
request."""

from __future__ import annotations

__all__ = ["RefusedError"]


class RefusedError(Exception):
    """A refused request: ``status`` is a 4xx (or 503 when the server is full)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
