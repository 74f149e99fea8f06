"""PostgreSQL's session reads on the event loop: the same records as the thread path, bounded, and robust."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from pathlib import Path

import anyio
import psycopg
import pytest
from sqlalchemy import func, select

from deckkit_server.store import Store, open_store
from deckkit_server.store.hot_reads import CompiledRead
from deckkit_server.store.loop_reads import LoopReads
from deckkit_server.store.session_reads import ThreadReads, open_session_reads
from tests.server.conftest import START

UUID = "0b7c6f1e-4a55-4a0e-9b1e-0d7c2f1e4a55"
ADMIN = "host=127.0.0.1 user=postgres dbname=test"


@pytest.fixture
def store(postgres_url: str) -> Iterator[Store]:
    store = open_store(postgres_url)
    yield store
    store.close()


@pytest.fixture
def reads(store: Store) -> Iterator[LoopReads]:
    reads = open_session_reads(store, anyio.CapacityLimiter(4))
    assert isinstance(reads, LoopReads)
    yield reads
    reads.close()


def _rendered_session(store: Store) -> str:
    account = store.create_account("a", START)
    store.create_session(account.id, UUID, "k", START, START)
    assert store.claim_render(UUID, START + 1, START, owner="me")
    store.record_render(UUID, START + 2, succeeded=True, slide_count=3, message=None, output_key="o")
    store.revoke_token(store.create_token(account.id, "t", START)[0].id, START + 5)
    return account.id


def _backend_pids(reads: LoopReads) -> set[int]:
    """The PostgreSQL backends of the loop reads' idle connections."""
    return {connection.info.backend_pid for connection in reads.idle_connections()}


def test_a_sqlite_store_reads_in_threads(tmp_path: Path) -> None:
    sqlite = open_store(f"sqlite:///{tmp_path}/store.sqlite3")
    try:
        account = sqlite.create_account("a", START)
        sqlite.create_session(account.id, UUID, "k", START, START)
        reads = open_session_reads(sqlite, anyio.CapacityLimiter(4))
        assert isinstance(reads, ThreadReads)

        async def read() -> None:
            assert await reads.session(account.id, UUID, START + 1) == sqlite.get_session(
                account.id, UUID, START + 1
            )
            assert await reads.revocation_marker() == (0, 0)

        asyncio.run(read())
    finally:
        sqlite.close()


def test_loop_reads_give_the_records_the_thread_reads_give(store: Store, reads: LoopReads) -> None:
    account_id = _rendered_session(store)

    async def read() -> None:
        on_loop = await reads.session(account_id, UUID, START + 3)
        assert on_loop is not None
        assert on_loop.render_succeeded is True
        assert on_loop == store.get_session(account_id, UUID, START + 3)
        assert await reads.session("another account", UUID, START + 3) is None
        expired = START + 24 * 3600 * 1_000_000 + 1
        assert await reads.session(account_id, UUID, expired) is None
        assert await reads.revocation_marker() == store.revocation_marker() == (1, START + 5)

    asyncio.run(read())


def test_reads_at_once_share_a_bounded_set_of_connections(store: Store, reads: LoopReads) -> None:
    account_id = _rendered_session(store)

    async def read_many() -> None:
        records = await asyncio.gather(*(reads.session(account_id, UUID, START + 3) for _ in range(40)))
        assert {r.uuid for r in records if r is not None} == {UUID}

    asyncio.run(read_many())
    assert 1 <= len(_backend_pids(reads)) <= 4  # the limiter's threads, however many reads waited


def test_a_loop_read_survives_a_dropped_connection(store: Store, reads: LoopReads) -> None:
    account_id = _rendered_session(store)

    async def read_twice() -> None:
        assert await reads.session(account_id, UUID, START + 3) is not None
        (pid,) = _backend_pids(reads)
        with psycopg.connect(ADMIN, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        assert await reads.session(account_id, UUID, START + 3) is not None
        assert _backend_pids(reads) - {pid}  # the dead connection was replaced, not kept

    asyncio.run(read_twice())


def test_a_cancelled_read_leaves_no_connection_behind(store: Store, reads: LoopReads) -> None:
    """A read cancelled mid-query (the client left) closes its connection: its state is unknown."""
    slow = CompiledRead(select(func.pg_sleep(5).label("slept")), store.engine)

    async def cancel() -> None:
        task = asyncio.ensure_future(reads.first_row(slow))
        await asyncio.sleep(0.3)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert _backend_pids(reads) == set()
        assert await reads.revocation_marker() == (0, 0)  # a fresh connection serves

    asyncio.run(cancel())


def test_each_running_loop_reads_on_connections_of_its_own(reads: LoopReads) -> None:
    """asyncio connections cannot cross loops: a second loop (another thread) gets its own while
    the first runs, and the first's are closed once it has closed and another loop reads."""
    first_loop_open = threading.Event()
    release = threading.Event()

    async def first() -> None:
        await reads.revocation_marker()
        first_loop_open.set()
        while not release.is_set():
            await asyncio.sleep(0.01)

    thread = threading.Thread(target=asyncio.run, args=(first(),))
    thread.start()
    assert first_loop_open.wait(30)
    old = _backend_pids(reads)
    assert asyncio.run(reads.revocation_marker()) == (0, 0)
    assert len(_backend_pids(reads) - old) == 1  # the second loop's own connection
    release.set()
    thread.join(30)
    second = _backend_pids(reads) - old
    assert asyncio.run(reads.revocation_marker()) == (0, 0)
    assert old
    assert not (_backend_pids(reads) & (old | second))  # the closed loops' connections are gone


def test_closing_the_reads_closes_the_loop_connections(reads: LoopReads) -> None:
    async def read() -> list[psycopg.AsyncConnection[object]]:
        await reads.revocation_marker()
        return reads.idle_connections()

    connections = asyncio.run(read())
    reads.close()
    assert connections
    assert all(connection.closed for connection in connections)
    with pytest.raises(psycopg.InterfaceError):
        asyncio.run(reads.revocation_marker())
