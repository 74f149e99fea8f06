"""deckkit_server: the session API service (see docs/server.md).

from deckkit_server import create_app, load_settings
app = create_app(load_settings())        # an ASGI app; `deckkit serve` runs it with uvicorn
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from deckkit_server.app import create_app
    from deckkit_server.settings import Settings, load_settings

__all__ = ["Settings", "create_app", "load_settings"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        # Lazy, so that `deckkit --help` (which imports the CLI verbs) does not import Starlette.
        from deckkit_server.app import create_app

        return create_app
    if name in {"Settings", "load_settings"}:
        # Lazy too: the settings load pydantic.
        from deckkit_server import settings

        return getattr(settings, name)
    raise AttributeError(f"module 'deckkit_server' has no attribute {name!r}")
