"""``deckkit serve``: run the session API server (needs the ``server`` extra)."""

from __future__ import annotations

from functools import partial

from deckkit.cli._server_verb import register_server_verb

__all__ = ["register"]

_HELP = "run the session API server"
_DESCRIPTION = "Run the deckkit session API server on this machine."

register = partial(register_server_verb, verb="serve", help=_HELP, description=_DESCRIPTION)
