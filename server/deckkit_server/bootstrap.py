"""First start: create an account and one API token, shown once."""

from __future__ import annotations

from deckkit_server.clock import Clock
from deckkit_server.store import Store

__all__ = ["ensure_first_account"]


def ensure_first_account(store: Store, clock: Clock) -> str | None:
    """The plaintext token of a newly created first account, or None when accounts exist."""
    if store.count_accounts() > 0:
        return None
    account = store.create_account("default", clock())
    _, token = store.create_token(account.id, "first token", clock())
    return token
