"""Accounts, tokens and sessions in SQLite (default) or PostgreSQL, chosen by URL.

Methods are synchronous and short; the API calls them through a worker thread so the event
loop never waits on the database. Each job has its module: ``accounts`` (and tokens),
``console_sessions``, ``sessions`` (and render claims), on ``connections`` (engine, hot reads,
write transactions); ``Store`` is all of them.
"""

from __future__ import annotations

from deckkit_server.store.console_sessions import ConsoleSessionStore
from deckkit_server.store.engine import create_store_engine
from deckkit_server.store.migrations import migrate
from deckkit_server.store.sessions import SessionStore

__all__ = ["Store", "open_store"]


class Store(ConsoleSessionStore, SessionStore):
    """The whole store: accounts and tokens, console sign-ins, sessions."""


def open_store(url: str) -> Store:
    """Connect and bring the schema up to date."""
    engine = create_store_engine(url)
    migrate(engine)
    return Store(engine)
