"""``deckkit account create|list|disable``: manage the server's accounts (operator commands)."""

from __future__ import annotations

from functools import partial

from deckkit.cli._server_verb import register_server_verb

__all__ = ["register"]

_HELP = "create, list and disable accounts of the local server"
_DESCRIPTION = "Manage accounts in the server's store (DECKKIT_DATABASE_URL or the data folder)."

register = partial(register_server_verb, verb="account", help=_HELP, description=_DESCRIPTION)
