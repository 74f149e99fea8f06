"""The interface's resources as wire models (``deckkit.wire``), from the store's records."""

from __future__ import annotations

from pydantic import BaseModel
from starlette.responses import Response

from deckkit.wire import Session, SessionSummary, WarningDetail
from deckkit_server.clock import to_datetime
from deckkit_server.store import SessionRecord

__all__ = ["session_model", "session_summary_model", "wire_response"]


def session_summary_model(record: SessionRecord) -> SessionSummary:
    return SessionSummary(
        uuid=record.uuid,
        created_at=to_datetime(record.created_at),
        rendered_at=None if record.rendered_at is None else to_datetime(record.rendered_at),
        render_succeeded=record.render_succeeded,
    )


def session_model(record: SessionRecord) -> Session:
    """The session: its summary, and what the render said."""
    return Session(
        **dict(session_summary_model(record)),
        render_slide_count=record.render_slide_count,
        render_message=record.render_message,
        render_warnings=[WarningDetail(code=c, path=p, message=m) for c, p, m in record.render_warnings],
    )


def wire_response(body: BaseModel, status_code: int = 200, headers: dict[str, str] | None = None) -> Response:
    """A JSON answer: the model serialized by pydantic (timestamps in the interface's format)."""
    return Response(body.model_dump_json(), status_code, headers, media_type="application/json")
