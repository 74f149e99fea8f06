"""deckkit_server: the session API service (see docs/server.md)."""
