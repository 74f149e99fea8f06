"""The store's hot reads: no pre-ping, so a connection PostgreSQL dropped is retried once."""

from __future__ import annotations

import psycopg

from deckkit_server.store import open_store
from tests.server.conftest import START


def test_a_read_survives_a_dropped_connection(postgres_url: str) -> None:
    store = open_store(postgres_url)
    try:
        account = store.create_account("a", START)
        store.create_session(account.id, "0b7c6f1e-4a55-4a0e-9b1e-0d7c2f1e4a55", "k", START, START)
        with store.engine.connect() as conn:  # the pool's one idle connection afterwards
            pid = conn.exec_driver_sql("SELECT pg_backend_pid()").scalar()
        with psycopg.connect("host=127.0.0.1 user=postgres dbname=test", autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        record = store.get_session(account.id, "0b7c6f1e-4a55-4a0e-9b1e-0d7c2f1e4a55", START + 1)
        assert record is not None
        assert store.revocation_marker() == (0, 0)
    finally:
        store.close()
