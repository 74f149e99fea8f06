"""One suite for both stores: SQLite and PostgreSQL (a throwaway schema per test)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import select

from deckkit_server.store import Store, open_store, tables
from deckkit_server.store.migrations import migrate
from tests.server.conftest import START

HOUR = 3600 * 1_000_000


@pytest.fixture
def store(database_url: str) -> Iterator[Store]:
    opened = open_store(database_url)
    yield opened
    opened.close()


def test_migrations_run_once(store: Store) -> None:
    assert migrate(store.engine) == []
    with store.engine.connect() as conn:
        assert list(conn.scalars(select(tables.schema_migrations.c.version))) == [1, 2, 3, 4, 5]


def test_a_version_2_database_gains_the_count_of_interrupted_renders_and_the_pdf_columns(
    store: Store,
) -> None:
    from sqlalchemy import delete, inspect, text

    with store.engine.begin() as conn:  # back to what version 2 made
        conn.execute(text("ALTER TABLE deckkit_sessions DROP COLUMN render_interruptions"))
        conn.execute(text("ALTER TABLE deckkit_sessions DROP COLUMN pdf_key"))
        conn.execute(text("ALTER TABLE deckkit_sessions DROP COLUMN pdf_message"))
        conn.execute(text("ALTER TABLE deckkit_sessions DROP COLUMN render_warnings"))
        conn.execute(
            delete(tables.schema_migrations).where(tables.schema_migrations.c.version.in_((3, 4, 5)))
        )
    assert migrate(store.engine) == [3, 4, 5]
    with store.engine.connect() as conn:
        columns = {c["name"] for c in inspect(conn).get_columns("deckkit_sessions")}
    assert {"render_interruptions", "pdf_key", "pdf_message", "render_warnings"} <= columns


def test_a_version_4_database_keeps_its_sessions_and_gains_render_warnings(store: Store) -> None:
    from sqlalchemy import delete, text

    account = store.create_account("before", START)
    record, _ = store.create_session(account.id, "00000000-0000-4000-8000-000000000001", "k", START, START)
    store.record_render(record.uuid, START + 1, succeeded=True, slide_count=1, message=None, output_key="o")
    with store.engine.begin() as conn:  # back to what version 4 made
        conn.execute(text("ALTER TABLE deckkit_sessions DROP COLUMN render_warnings"))
        conn.execute(delete(tables.schema_migrations).where(tables.schema_migrations.c.version == 5))
    assert migrate(store.engine) == [5]
    before = store.session_by_uuid(record.uuid)
    assert before is not None
    assert before.render_warnings == ()  # rendered before warnings were kept: none
    warned, _ = store.create_session(account.id, "00000000-0000-4000-8000-000000000002", "k2", START, START)
    rows = (("unused_key", "slides[0].titel", "no key `titel`"),)
    store.record_render(
        warned.uuid, START + 2, succeeded=True, slide_count=1, message=None, output_key="o", warnings=rows
    )
    after = store.session_by_uuid(warned.uuid)
    assert after is not None
    assert after.render_warnings == rows


def test_a_version_1_database_is_upgraded(store: Store) -> None:
    from sqlalchemy import delete, inspect, text

    with store.engine.begin() as conn:  # back to what version 1 made
        conn.execute(text("DROP TABLE deckkit_console_sessions"))
        conn.execute(text("ALTER TABLE deckkit_accounts DROP COLUMN disabled_at"))
        conn.execute(text("ALTER TABLE deckkit_sessions DROP COLUMN render_claimed_by"))
        conn.execute(delete(tables.schema_migrations).where(tables.schema_migrations.c.version == 2))
    assert migrate(store.engine) == [2]  # (3, 4 and 5 are applied: their columns are there)
    with store.engine.connect() as conn:
        assert "disabled_at" in {c["name"] for c in inspect(conn).get_columns("deckkit_accounts")}
        assert inspect(conn).has_table("deckkit_console_sessions")
    account = store.create_account("after", START)
    assert store.disable_account(account.id, START) == []


def test_a_version_3_database_gets_the_pdf_columns(store: Store) -> None:
    from sqlalchemy import delete, inspect, text

    with store.engine.begin() as conn:  # back to what version 3 made
        conn.execute(text("ALTER TABLE deckkit_sessions DROP COLUMN pdf_key"))
        conn.execute(text("ALTER TABLE deckkit_sessions DROP COLUMN pdf_message"))
        conn.execute(delete(tables.schema_migrations).where(tables.schema_migrations.c.version == 4))
    assert migrate(store.engine) == [4]
    with store.engine.connect() as conn:
        columns = {c["name"] for c in inspect(conn).get_columns("deckkit_sessions")}
    assert {"pdf_key", "pdf_message"} <= columns
    account = store.create_account("after", START)
    store.create_session(account.id, "00000000-0000-4000-8000-000000000003", "k", START, START)
    store.record_pdf("00000000-0000-4000-8000-000000000003", None, "no LibreOffice")
    assert store.session_by_uuid("00000000-0000-4000-8000-000000000003").pdf_message == "no LibreOffice"


def test_tokens_are_stored_as_hashes_and_checked(store: Store) -> None:
    account = store.create_account("acme", START)
    record, token = store.create_token(account.id, "ci", START)
    assert token.startswith(f"dk_{record.id}_")
    assert len(token.split("_", 2)[2]) >= 43
    with store.engine.connect() as conn:
        row = conn.execute(select(tables.tokens)).one()
    assert token not in row
    assert row.token_hash != token
    assert len(row.token_hash) == 64
    assert store.authenticate(token, START) == account
    assert store.authenticate(token[:-1] + ("A" if token[-1] != "A" else "B"), START) is None
    assert store.authenticate("dk_" + "0" * 16 + "_" + "a" * 43, START) is None
    assert store.authenticate("garbage", START) is None
    assert store.revoke_token(record.id, START + 1)
    assert not store.revoke_token(record.id, START + 2)
    assert store.authenticate(token, START + 3) is None
    assert [t.revoked_at for t in store.list_tokens(account.id)] == [START + 1]


def test_sessions_live_24_hours_and_list_newest_first(store: Store) -> None:
    account = store.create_account("acme", START)
    first, _ = store.create_session(account.id, "00000000-0000-4000-8000-000000000001", "k1", START, START)
    store.record_render(first.uuid, START + 1, succeeded=True, slide_count=3, message=None, output_key="o1")
    second, _ = store.create_session(
        account.id, "00000000-0000-4000-8000-000000000002", "k2", START + HOUR, START
    )
    assert [s.uuid for s in store.list_sessions(account.id, START + HOUR)] == [second.uuid, first.uuid]
    assert store.get_session(account.id, first.uuid, START + 24 * HOUR - 1) is not None
    assert store.get_session(account.id, first.uuid, START + 24 * HOUR) is None
    assert [s.uuid for s in store.list_sessions(account.id, START + 24 * HOUR)] == [second.uuid]
    assert [s.uuid for s in store.take_expired_sessions(START + 24 * HOUR)] == [first.uuid]
    assert store.session_by_uuid(first.uuid) is None
    other = store.create_account("other", START)
    assert store.get_session(other.id, second.uuid, START + HOUR) is None


def test_create_session_deletes_older_unrendered_ones_of_the_account(store: Store) -> None:
    account = store.create_account("acme", START)
    other = store.create_account("other", START)
    theirs, _ = store.create_session(other.id, "00000000-0000-4000-8000-000000000002", "k2", START, START)
    rendering, _ = store.create_session(
        account.id, "00000000-0000-4000-8000-000000000003", "k3", START, START
    )
    assert store.claim_render(rendering.uuid, START + 10, START)
    old, gone = store.create_session(
        account.id, "00000000-0000-4000-8000-000000000001", "k1", START + 11, START
    )
    assert gone == []
    _, replaced = store.create_session(
        account.id, "00000000-0000-4000-8000-000000000004", "k4", START + 20, START + 5
    )
    assert [r.uuid for r in replaced] == [old.uuid]  # a render under way is kept
    assert store.session_by_uuid(theirs.uuid) is not None


def test_claim_render_is_granted_once_until_stale(store: Store) -> None:
    account = store.create_account("acme", START)
    session, _ = store.create_session(account.id, "00000000-0000-4000-8000-000000000001", "k", START, START)
    assert store.claim_render(session.uuid, START + 1, START)
    assert not store.claim_render(session.uuid, START + 2, START)
    assert store.claim_render(session.uuid, START + 3, START + 2)  # the first claim went stale
    store.release_render_claim(session.uuid)
    assert store.claim_render(session.uuid, START + 4, START)
    store.record_render(
        session.uuid, START + 5, succeeded=False, slide_count=None, message="m", output_key=None
    )
    assert not store.claim_render(session.uuid, START + 6, START + 6)
    got = store.session_by_uuid(session.uuid)
    assert got is not None
    assert got.render_message == "m"
    assert got.render_succeeded is False


def test_timestamps_keep_microseconds(store: Store) -> None:
    account = store.create_account("acme", START)
    session, _ = store.create_session(
        account.id, "00000000-0000-4000-8000-000000000001", "k", START + 7, START
    )
    assert store.get_session(account.id, session.uuid, START + 8).created_at == START + 7  # type: ignore[union-attr]


def test_refreshing_a_claim_keeps_it_from_going_stale(store: Store) -> None:
    account = store.create_account("acme", START)
    session, _ = store.create_session(account.id, "00000000-0000-4000-8000-000000000001", "k", START, START)
    assert store.claim_render(session.uuid, START + 1, START)
    store.refresh_render_claim(session.uuid, START + 100)
    assert not store.claim_render(session.uuid, START + 101, START + 50)  # refreshed after START + 50
    assert store.claim_render(session.uuid, START + 201, START + 150)  # not refreshed since: stale


def test_console_sessions_live_until_expiry_sign_out_revocation_or_disable(store: Store) -> None:
    account = store.create_account("acme", START)
    record, token = store.create_token(account.id, "ci", START)
    opened = store.open_console_session(token, START, START + HOUR)
    assert opened is not None
    credential, signed_in = opened
    assert signed_in.id == account.id
    assert credential.startswith("cs_")
    assert store.console_account(credential, START + HOUR - 1) == signed_in
    assert store.console_account(credential, START + HOUR) is None  # expired
    assert store.console_account(credential[:-1] + ("A" if credential[-1] != "A" else "B"), START) is None
    assert store.open_console_session("dk_nope", START, START + HOUR) is None
    store.close_console_session(credential)
    assert store.console_account(credential, START) is None
    second, _ = store.open_console_session(token, START, START + HOUR) or ("", None)
    assert store.revoke_token(record.id, START)
    assert store.console_account(second, START) is None
    _, other_token = store.create_token(account.id, "other", START)
    third, _ = store.open_console_session(other_token, START, START + HOUR) or ("", None)
    assert store.console_account(third, START) is not None
    assert store.disable_account(account.id, START) is not None
    assert store.console_account(third, START) is None
    assert store.authenticate(other_token, START) is None


def test_expired_console_sessions_are_deleted(store: Store) -> None:
    account = store.create_account("acme", START)
    _, token = store.create_token(account.id, "ci", START)
    store.open_console_session(token, START, START + HOUR)
    store.open_console_session(token, START, START + 2 * HOUR)
    assert store.delete_expired_console_sessions(START + HOUR) == 1
    with store.engine.connect() as conn:
        assert len(conn.execute(select(tables.console_sessions)).all()) == 1


def test_only_the_named_dead_owner_claim_is_taken_over(store: Store) -> None:
    account = store.create_account("acme", START)
    store.create_session(account.id, "u1", "sessions/u1/input.zip", START, START - HOUR)
    assert store.claim_render("u1", START, START - HOUR, "host boot 1 10")
    assert not store.take_over_claim("u1", "host boot 2 20", START + 1, "me")  # not the current owner
    assert store.take_over_claim("u1", "host boot 1 10", START + 1, "me")
    assert not store.take_over_claim("u1", "host boot 1 10", START + 2, "someone else")  # only once
    record = store.session_by_uuid("u1")
    assert record is not None
    assert record.render_claimed_by == "me"
    store.release_render_claim("u1")
    released = store.session_by_uuid("u1")
    assert released is not None
    assert released.render_claimed_by is None
