"""``deckkit token create|list|revoke``: manage the server's API tokens (operator commands)."""

from __future__ import annotations

from functools import partial

from deckkit.cli._server_verb import register_server_verb

__all__ = ["register"]

_HELP = "create, list and revoke API tokens of the local server"
_DESCRIPTION = "Manage API tokens in the server's store (DECKKIT_DATABASE_URL or the data folder)."

register = partial(register_server_verb, verb="token", help=_HELP, description=_DESCRIPTION)
