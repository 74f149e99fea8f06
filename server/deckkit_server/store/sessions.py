"""Sessions and their render claims: create (replacing unrendered ones), read, claim, record, expire."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import delete, func, or_, select, update

from deckkit_server.settings import SESSION_LIFETIME_SECONDS
from deckkit_server.store import tables
from deckkit_server.store.connections import StoreConnections
from deckkit_server.store.records import RenderWarningRow, SessionRecord, warnings_to_column
from deckkit_server.store.statements import DELETE_UNRENDERED, INSERT_SESSION, session_record, session_values

__all__ = ["SessionStore"]

_LIFETIME_MICROS = SESSION_LIFETIME_SECONDS * 1_000_000


class SessionStore(StoreConnections):
    def create_session(
        self, account_id: str, uuid: str, upload_key: str, now: int, render_stale_before: int
    ) -> tuple[SessionRecord, list[SessionRecord]]:
        """Insert a session and delete the account's other unrendered ones (returned, for their files).

        A session whose render is under way (claimed after ``render_stale_before``) is not deleted.
        """
        with self._write() as conn:
            doomed = [
                session_record(r._mapping)
                for r in conn.execute(
                    DELETE_UNRENDERED, {"account_id": account_id, "stale_before": render_stale_before}
                )
            ]
            conn.execute(
                INSERT_SESSION,
                {"uuid": uuid, "account_id": account_id, "created_at": now, "upload_key": upload_key},
            )
        record = SessionRecord(uuid, account_id, now, upload_key, None, None, None, None, None, None)
        return record, doomed

    def get_session(self, account_id: str, uuid: str, now: int) -> SessionRecord | None:
        """The account's session if it exists and has not expired."""
        row = self.hot_reads.first_row(self._session_of_account, session_values(account_id, uuid, now))
        return session_record(row) if row else None

    def list_sessions(self, account_id: str, now: int) -> list[SessionRecord]:
        """The account's sessions of the last 24 hours, newest first."""
        s = tables.sessions.c
        query = (
            select(tables.sessions)
            .where(s.account_id == account_id, s.created_at > now - _LIFETIME_MICROS)
            .order_by(s.created_at.desc(), s.uuid.desc())
        )
        with self.engine.connect() as conn:
            return [session_record(r._mapping) for r in conn.execute(query)]

    def session_by_uuid(self, uuid: str) -> SessionRecord | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(tables.sessions).where(tables.sessions.c.uuid == uuid)).first()
        return session_record(row._mapping) if row else None

    def claim_render(self, uuid: str, now: int, stale_before: int, owner: str | None = None) -> bool:
        """Take the right to render an unrendered session; only one caller anywhere gets True.

        ``owner`` names the claiming process (see ``deckkit_server.claims``), so that a claim of
        a process that is gone can be taken over at once (``take_over_claim``).
        """
        s = tables.sessions.c
        query = (
            update(tables.sessions)
            .where(
                s.uuid == uuid,
                s.rendered_at.is_(None),
                or_(s.render_claimed_at.is_(None), s.render_claimed_at < stale_before),
            )
            .values(render_claimed_at=now, render_claimed_by=owner)
        )
        with self.engine.begin() as conn:
            return conn.execute(query).rowcount == 1

    def take_over_claim(self, uuid: str, dead_owner: str, now: int, owner: str) -> bool:
        """Take the claim of an owner known to be gone; True for exactly one caller."""
        s = tables.sessions.c
        query = (
            update(tables.sessions)
            .where(s.uuid == uuid, s.rendered_at.is_(None), s.render_claimed_by == dead_owner)
            .values(render_claimed_at=now, render_claimed_by=owner)
        )
        with self.engine.begin() as conn:
            return conn.execute(query).rowcount == 1

    def refresh_render_claim(self, uuid: str, now: int) -> None:
        """The claimant is alive: push its claim's staleness further out."""
        s = tables.sessions.c
        with self.engine.begin() as conn:
            conn.execute(
                update(tables.sessions)
                .where(s.uuid == uuid, s.rendered_at.is_(None), s.render_claimed_at.is_not(None))
                .values(render_claimed_at=now)
            )

    def release_render_claim(self, uuid: str, owner: str | None = None) -> None:
        """Give an unrendered session's claim up (only ``owner``'s claim, when given)."""
        s = tables.sessions.c
        query = update(tables.sessions).where(s.uuid == uuid, s.rendered_at.is_(None))
        if owner is not None:
            query = query.where(s.render_claimed_by == owner)
        with self.engine.begin() as conn:
            conn.execute(query.values(render_claimed_at=None, render_claimed_by=None))

    def count_interruption(self, uuid: str) -> int:
        """Count a render of the session whose worker died, and release its claim; the count so far."""
        s = tables.sessions.c
        with self.engine.begin() as conn:
            count = conn.execute(
                update(tables.sessions)
                .where(s.uuid == uuid, s.rendered_at.is_(None))
                .values(
                    render_interruptions=func.coalesce(s.render_interruptions, 0) + 1,
                    render_claimed_at=None,
                    render_claimed_by=None,
                )
                .returning(s.render_interruptions)
            ).scalar()
        return int(count or 0)

    def record_render(
        self,
        uuid: str,
        now: int,
        *,
        succeeded: bool,
        slide_count: int | None,
        message: str | None,
        output_key: str | None,
        pdf_key: str | None = None,
        pdf_message: str | None = None,
        warnings: Sequence[RenderWarningRow] = (),
    ) -> None:
        s = tables.sessions.c
        with self.engine.begin() as conn:
            conn.execute(
                update(tables.sessions)
                .where(s.uuid == uuid)
                .values(
                    rendered_at=now,
                    render_succeeded=succeeded,
                    render_slide_count=slide_count,
                    render_message=message,
                    render_warnings=warnings_to_column(warnings),
                    output_key=output_key,
                    pdf_key=pdf_key,
                    pdf_message=pdf_message,
                )
            )

    def record_pdf(self, uuid: str, pdf_key: str | None, pdf_message: str | None) -> None:
        """The PDF of a session rendered before: where it is kept, or why it was not made."""
        s = tables.sessions.c
        with self.engine.begin() as conn:
            conn.execute(
                update(tables.sessions).where(s.uuid == uuid).values(pdf_key=pdf_key, pdf_message=pdf_message)
            )

    def take_expired_sessions(self, now: int, limit: int = 500) -> list[SessionRecord]:
        """Delete up to ``limit`` sessions older than 24 hours; returns them, for their files."""
        s = tables.sessions.c
        with self.engine.begin() as conn:
            rows = conn.execute(
                select(tables.sessions)
                .where(s.created_at <= now - _LIFETIME_MICROS)
                .order_by(s.created_at)
                .limit(limit)
            )
            expired = [session_record(r._mapping) for r in rows]
            if expired:
                conn.execute(delete(tables.sessions).where(s.uuid.in_([e.uuid for e in expired])))
        return expired
