"""The store's hot reads: no pre-ping, so a connection PostgreSQL dropped is retried once."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import psycopg
import pytest

from deckkit_server.store import open_store
from tests.server.conftest import START


def test_a_read_survives_a_dropped_connection(postgres_url: str) -> None:
    store = open_store(postgres_url)
    try:
        account = store.create_account("a", START)
        store.create_session(account.id, "0b7c6f1e-4a55-4a0e-9b1e-0d7c2f1e4a55", "k", START, START)
        store.get_session(account.id, "0b7c6f1e-4a55-4a0e-9b1e-0d7c2f1e4a55", START + 1)
        with store.hot_reads.connection() as conn:  # the hot reads' one idle connection afterwards
            pid = conn.execute("SELECT pg_backend_pid()").fetchone()[0]
        with psycopg.connect("host=127.0.0.1 user=postgres dbname=test", autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        record = store.get_session(account.id, "0b7c6f1e-4a55-4a0e-9b1e-0d7c2f1e4a55", START + 1)
        assert record is not None
        assert store.revocation_marker() == (0, 0)
    finally:
        store.close()


def test_a_hot_read_gives_the_record_sqlalchemy_gives(database_url: str) -> None:
    """The hot reads bypass SQLAlchemy's result types: a rendered session still reads back alike."""
    store = open_store(database_url)
    try:
        account = store.create_account("a", START)
        uuid = "0b7c6f1e-4a55-4a0e-9b1e-0d7c2f1e4a55"
        store.create_session(account.id, uuid, "k", START, START)
        assert store.claim_render(uuid, START + 1, START, owner="me")
        store.record_render(uuid, START + 2, succeeded=True, slide_count=3, message=None, output_key="o")
        hot = store.get_session(account.id, uuid, START + 3)
        assert hot is not None
        assert hot.render_succeeded is True
        assert hot == store.session_by_uuid(uuid)
        assert store.get_session("another account", uuid, START + 3) is None
    finally:
        store.close()


def test_closing_the_store_closes_the_hot_read_connections(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path / 'store.sqlite3'}")
    assert store.revocation_marker() == (0, 0)
    with store.hot_reads.connection() as conn:
        pass
    store.close()
    with pytest.raises(sqlite3.ProgrammingError):  # "Cannot operate on a closed database."
        conn.execute("SELECT 1")


def test_sqlite_writers_of_two_processes_take_turns(tmp_path: Path) -> None:
    """Two writer locks on one database file (two server processes): one waits for the other."""
    import threading

    from deckkit_server.store.sqlite_writer import SQLiteWriterLock

    database = tmp_path / "store.sqlite3"
    first, second = SQLiteWriterLock(database), SQLiteWriterLock(database)
    entered = threading.Event()

    def write_second() -> None:
        with second.held():
            entered.set()

    try:
        with first.held():
            thread = threading.Thread(target=write_second)
            thread.start()
            assert not entered.wait(0.3)  # blocked on the file lock while the first writes
        thread.join(30)
        assert entered.is_set()
    finally:
        first.close()
        second.close()
