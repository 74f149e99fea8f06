"""A small versioned migration table: each migration runs once, in order, under a lock.

Several server processes may start at the same moment against one PostgreSQL; an advisory
lock serialises them so that exactly one applies a given version.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import Connection, Engine, Table, insert, inspect, select, text

from deckkit_server.clock import system_clock
from deckkit_server.store import tables

__all__ = ["MIGRATIONS", "migrate"]

_LOCK_ID = 0x6465636B  # "deck"


def _create_initial_tables(conn: Connection) -> None:
    for table in (tables.accounts, tables.tokens, tables.sessions):
        table.create(conn, checkfirst=True)


def _add_accounts_and_console_sessions(conn: Connection) -> None:
    """Disabled accounts, render-claim owners and console sessions (issue 13).

    A fresh database got the columns from migration 1 (which creates the current tables), so
    only the missing ones are added.
    """
    _add_missing_columns(conn, ((tables.accounts, "disabled_at"), (tables.sessions, "render_claimed_by")))
    tables.console_sessions.create(conn, checkfirst=True)


def _add_render_interruptions(conn: Connection) -> None:
    """The count of a session's renders whose worker died (issue 30): a killed worker is retried."""
    _add_missing_columns(conn, ((tables.sessions, "render_interruptions"),))


def _add_pdf_columns(conn: Connection) -> None:
    """The PDF a render may be asked for: where it is kept, or why it was not made (issue 28)."""
    _add_missing_columns(conn, ((tables.sessions, "pdf_key"), (tables.sessions, "pdf_message")))


def _add_render_warnings(conn: Connection) -> None:
    """What a render warned about, kept with its result (issue 25)."""
    _add_missing_columns(conn, ((tables.sessions, "render_warnings"),))


def _add_missing_columns(conn: Connection, wanted: tuple[tuple[Table, str], ...]) -> None:
    """A fresh database got every column from migration 1 (the current tables): add only the missing."""
    inspector = inspect(conn)
    for table, column in wanted:
        if column not in {c["name"] for c in inspector.get_columns(table.name)}:
            kind = table.c[column].type.compile(dialect=conn.dialect)
            conn.execute(text(f"ALTER TABLE {table.name} ADD COLUMN {column} {kind}"))


MIGRATIONS: tuple[tuple[int, Callable[[Connection], None]], ...] = (
    (1, _create_initial_tables),
    (2, _add_accounts_and_console_sessions),
    (3, _add_render_interruptions),
    (4, _add_pdf_columns),
    (5, _add_render_warnings),
)


def migrate(engine: Engine) -> list[int]:
    """Apply the migrations this database lacks; returns the versions applied."""
    applied: list[int] = []
    with engine.begin() as conn:
        if engine.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": _LOCK_ID})
        tables.schema_migrations.create(conn, checkfirst=True)
        done = set(conn.scalars(select(tables.schema_migrations.c.version)))
        for version, apply in MIGRATIONS:
            if version in done:
                continue
            apply(conn)
            conn.execute(insert(tables.schema_migrations).values(version=version, applied_at=system_clock()))
            applied.append(version)
    return applied
