"""``deckkit token create|list|revoke``: manage the server's API tokens (operator commands)."""

from __future__ import annotations

from typing import Any

from deckkit.cli._server_verb import register_server_verb

__all__ = ["register"]


def register(subparsers: Any) -> None:
    register_server_verb(
        subparsers,
        "token",
        help="create, list and revoke API tokens of the local server",
        description="Manage API tokens in the server's store (DECKKIT_DATABASE_URL or the data folder).",
    )
