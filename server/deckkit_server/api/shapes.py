"""JSON shapes of the interface's resources."""

from __future__ import annotations

from typing import Any

from deckkit_server.clock import format_timestamp
from deckkit_server.store import SessionRecord

__all__ = ["session_json", "session_summary_json"]


def session_json(record: SessionRecord) -> dict[str, Any]:
    return {
        "uuid": record.uuid,
        "created_at": format_timestamp(record.created_at),
        "rendered_at": format_timestamp(record.rendered_at),
        "render_succeeded": record.render_succeeded,
        "render_slide_count": record.render_slide_count,
        "render_message": record.render_message,
    }


def session_summary_json(record: SessionRecord) -> dict[str, Any]:
    return {
        "uuid": record.uuid,
        "created_at": format_timestamp(record.created_at),
        "rendered_at": format_timestamp(record.rendered_at),
        "render_succeeded": record.render_succeeded,
    }
