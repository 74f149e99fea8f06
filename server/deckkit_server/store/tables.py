"""The store's tables (SQLAlchemy Core); times are integer microseconds since the epoch, UTC."""

from __future__ import annotations

from sqlalchemy import BigInteger, Boolean, Column, ForeignKey, Index, Integer, MetaData, String, Table, Text

metadata = MetaData()

schema_migrations = Table(
    "deckkit_schema_migrations",
    metadata,
    Column("version", Integer, primary_key=True, autoincrement=False),
    Column("applied_at", BigInteger, nullable=False),
)

accounts = Table(
    "deckkit_accounts",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(200), nullable=False),
    Column("created_at", BigInteger, nullable=False),
    Column("disabled_at", BigInteger, nullable=True),  # migration 2
)

tokens = Table(
    "deckkit_tokens",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("account_id", String(32), ForeignKey("deckkit_accounts.id", ondelete="CASCADE"), nullable=False),
    Column("name", String(200), nullable=False),
    Column("token_hash", String(64), nullable=False),
    Column("created_at", BigInteger, nullable=False),
    Column("last_used_at", BigInteger, nullable=True),
    Column("revoked_at", BigInteger, nullable=True),
)

sessions = Table(
    "deckkit_sessions",
    metadata,
    Column("uuid", String(36), primary_key=True),
    Column("account_id", String(32), ForeignKey("deckkit_accounts.id", ondelete="CASCADE"), nullable=False),
    Column("created_at", BigInteger, nullable=False),
    Column("upload_key", String(300), nullable=False),
    Column("output_key", String(300), nullable=True),
    Column("render_claimed_at", BigInteger, nullable=True),
    Column("render_claimed_by", String(200), nullable=True),  # migration 2: "host boot pid start"
    Column("rendered_at", BigInteger, nullable=True),
    Column("render_succeeded", Boolean, nullable=True),
    Column("render_slide_count", Integer, nullable=True),
    Column("render_message", Text, nullable=True),
    # migration 3: renders of this session whose worker died before it answered (killed, OOM)
    Column("render_interruptions", Integer, nullable=True),
    Column("pdf_key", String(300), nullable=True),  # migration 4: the PDF asked for ({"formats": ["pdf"]})
    Column("pdf_message", Text, nullable=True),  # migration 4: why the PDF asked for was not made
    Column("render_warnings", Text, nullable=True),  # migration 5: JSON [[code, path, message], ...]
    Index("ix_deckkit_sessions_account_created", "account_id", "created_at"),
    Index("ix_deckkit_sessions_created", "created_at"),
)

# migration 2: the console's own sign-in credential, so the cookie never holds an API token
console_sessions = Table(
    "deckkit_console_sessions",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("account_id", String(32), ForeignKey("deckkit_accounts.id", ondelete="CASCADE"), nullable=False),
    Column("token_id", String(32), ForeignKey("deckkit_tokens.id", ondelete="CASCADE"), nullable=False),
    Column("secret_hash", String(64), nullable=False),
    Column("created_at", BigInteger, nullable=False),
    Column("expires_at", BigInteger, nullable=False),
    Index("ix_deckkit_console_sessions_expires", "expires_at"),
)
