"""What the store hands out: plain frozen records, independent of the database."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "Account",
    "RenderWarningRow",
    "SessionRecord",
    "TokenRecord",
    "warnings_from_column",
    "warnings_to_column",
]

RenderWarningRow = tuple[str, str, str]
"""One warning of a render: (code, path, message)."""


@dataclass(frozen=True, slots=True)
class Account:
    id: str
    name: str
    created_at: int
    disabled_at: int | None = None


@dataclass(frozen=True, slots=True)
class TokenRecord:
    id: str
    account_id: str
    name: str
    created_at: int
    last_used_at: int | None
    revoked_at: int | None


@dataclass(frozen=True, slots=True)
class SessionRecord:
    uuid: str
    account_id: str
    created_at: int
    upload_key: str
    output_key: str | None
    render_claimed_at: int | None
    rendered_at: int | None
    render_succeeded: bool | None
    render_slide_count: int | None
    render_message: str | None
    render_claimed_by: str | None = None
    pdf_key: str | None = None
    """Where the PDF asked for is kept (None: none asked, or it was not made)."""
    pdf_message: str | None = None
    """Why the PDF asked for was not made."""
    render_warnings: tuple[RenderWarningRow, ...] = ()

    @property
    def is_rendered(self) -> bool:
        return self.rendered_at is not None


def warnings_to_column(warnings: Sequence[RenderWarningRow]) -> str | None:
    """A render's warnings as the text the sessions table keeps (None for none)."""
    return json.dumps([list(w) for w in warnings]) if warnings else None


def warnings_from_column(stored: str | None) -> tuple[RenderWarningRow, ...]:
    """The warnings kept by :func:`warnings_to_column` (a row from before migration 3 has none)."""
    if not stored:
        return ()
    return tuple((str(code), str(path), str(message)) for code, path, message in json.loads(stored))
