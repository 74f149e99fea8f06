"""PostgreSQL's hot reads on the event loop: the same records as the thread path, bounded, and robust."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import func, select

from deckkit_server.store import Store, open_store
from deckkit_server.store.hot_reads import CompiledRead
from tests.server.conftest import START

UUID = "0b7c6f1e-4a55-4a0e-9b1e-0d7c2f1e4a55"
ADMIN = "host=127.0.0.1 user=postgres dbname=test"


@pytest.fixture
def store(postgres_url: str) -> Iterator[Store]:
    store = open_store(postgres_url)
    yield store
    store.close()


def _rendered_session(store: Store) -> str:
    account = store.create_account("a", START)
    store.create_session(account.id, UUID, "k", START, START)
    assert store.claim_render(UUID, START + 1, START, owner="me")
    store.record_render(UUID, START + 2, succeeded=True, slide_count=3, message=None, output_key="o")
    store.revoke_token(store.create_token(account.id, "t", START)[0].id, START + 5)
    return account.id


def _backend_pids(store: Store) -> set[int]:
    """The PostgreSQL backends of the loop reads' idle connections."""
    assert store.loop_reads is not None
    return {connection.info.backend_pid for connection in store.loop_reads._idle}


def test_a_sqlite_store_reads_in_threads(tmp_path: Path) -> None:
    sqlite = open_store(f"sqlite:///{tmp_path}/store.sqlite3")
    try:
        assert sqlite.loop_reads is None
        assert asyncio.run(_reads_on_loop(sqlite)) is False
    finally:
        sqlite.close()


async def _reads_on_loop(store: Store) -> bool:
    return store.reads_on_loop()


def test_loop_reads_give_the_records_the_thread_reads_give(store: Store) -> None:
    account_id = _rendered_session(store)

    async def read() -> None:
        assert store.reads_on_loop()
        on_loop = await store.get_session_on_loop(account_id, UUID, START + 3)
        assert on_loop is not None
        assert on_loop.render_succeeded is True
        assert on_loop == store.get_session(account_id, UUID, START + 3)
        assert await store.get_session_on_loop("another account", UUID, START + 3) is None
        expired = START + 24 * 3600 * 1_000_000 + 1
        assert await store.get_session_on_loop(account_id, UUID, expired) is None
        assert await store.revocation_marker_on_loop() == store.revocation_marker() == (1, START + 5)

    asyncio.run(read())


def test_reads_at_once_share_a_bounded_set_of_connections(store: Store) -> None:
    account_id = _rendered_session(store)

    async def read_many() -> None:
        assert store.reads_on_loop()
        records = await asyncio.gather(
            *(store.get_session_on_loop(account_id, UUID, START + 3) for _ in range(40))
        )
        assert {r.uuid for r in records if r is not None} == {UUID}

    asyncio.run(read_many())
    assert 1 <= len(_backend_pids(store)) <= 4  # CONCURRENT_CALLS, however many reads waited


def test_a_loop_read_survives_a_dropped_connection(store: Store) -> None:
    account_id = _rendered_session(store)

    async def read_twice() -> None:
        assert store.reads_on_loop()
        assert await store.get_session_on_loop(account_id, UUID, START + 3) is not None
        (pid,) = _backend_pids(store)
        with psycopg.connect(ADMIN, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        assert await store.get_session_on_loop(account_id, UUID, START + 3) is not None
        assert _backend_pids(store) - {pid}  # the dead connection was replaced, not kept

    asyncio.run(read_twice())


def test_a_cancelled_read_leaves_no_connection_behind(store: Store) -> None:
    """A read cancelled mid-query (the client left) closes its connection: its state is unknown."""
    assert store.loop_reads is not None
    slow = CompiledRead(select(func.pg_sleep(5).label("slept")), store.engine)

    async def cancel() -> None:
        assert store.reads_on_loop()
        task = asyncio.ensure_future(store.loop_reads.first_row(slow))  # type: ignore[union-attr]
        await asyncio.sleep(0.3)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert _backend_pids(store) == set()
        assert await store.revocation_marker_on_loop() == (0, 0)  # a fresh connection serves

    asyncio.run(cancel())


def test_another_running_loop_takes_the_thread_path(store: Store) -> None:
    """Connections belong to one loop; a second loop (another thread) reads in threads meanwhile,
    and once the first loop has closed, the next one takes over with fresh connections."""
    first_loop_open = threading.Event()
    release = threading.Event()
    answers: list[bool] = []

    async def first() -> None:
        answers.append(store.reads_on_loop())
        await store.revocation_marker_on_loop()
        first_loop_open.set()
        while not release.is_set():
            await asyncio.sleep(0.01)

    thread = threading.Thread(target=asyncio.run, args=(first(),))
    thread.start()
    assert first_loop_open.wait(30)
    old = _backend_pids(store)
    answers.append(asyncio.run(_reads_on_loop(store)))
    release.set()
    thread.join(30)

    async def after() -> None:
        answers.append(store.reads_on_loop())
        await store.revocation_marker_on_loop()

    asyncio.run(after())
    assert answers == [True, False, True]
    assert old
    assert not (_backend_pids(store) & old)


def test_closing_the_store_closes_the_loop_connections(postgres_url: str) -> None:
    store = open_store(postgres_url)
    assert store.loop_reads is not None

    async def read() -> list[psycopg.AsyncConnection[object]]:
        assert store.reads_on_loop()
        await store.revocation_marker_on_loop()
        return list(store.loop_reads._idle)  # type: ignore[union-attr]

    connections = asyncio.run(read())
    store.close()
    assert connections
    assert all(connection.closed for connection in connections)
    assert asyncio.run(_reads_on_loop(store)) is False
