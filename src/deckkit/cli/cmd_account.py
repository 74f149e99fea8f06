"""``deckkit account create|list|disable``: manage the server's accounts (operator commands)."""

from __future__ import annotations

from typing import Any

from deckkit.cli._server_verb import register_server_verb

__all__ = ["register"]


def register(subparsers: Any) -> None:
    register_server_verb(
        subparsers,
        "account",
        help="create, list and disable accounts of the local server",
        description="Manage accounts in the server's store (DECKKIT_DATABASE_URL or the data folder).",
    )
