"""The web console (server-rendered HTML, no JavaScript framework)."""

from __future__ import annotations

from starlette.routing import BaseRoute

from deckkit_server.console.pages import routes

__all__ = ["console_routes"]


def console_routes() -> list[BaseRoute]:
    return routes()
