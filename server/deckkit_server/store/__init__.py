"""The store: accounts, API tokens and sessions, in SQLite or PostgreSQL."""

from deckkit_server.store.records import Account, SessionRecord, TokenRecord
from deckkit_server.store.store import Store, open_store

__all__ = ["Account", "SessionRecord", "Store", "TokenRecord", "open_store"]
