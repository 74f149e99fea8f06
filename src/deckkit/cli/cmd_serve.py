"""``deckkit serve``: run the session API server (needs the ``server`` extra)."""

from __future__ import annotations

from typing import Any

from deckkit.cli._server_verb import register_server_verb

__all__ = ["register"]


def register(subparsers: Any) -> None:
    register_server_verb(
        subparsers,
        "serve",
        help="run the session API server",
        description="Run the deckkit session API server on this machine.",
    )
