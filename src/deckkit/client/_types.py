"""Typed answers of the session API.

The models are lenient, like the answers of any good SDK: unknown fields are kept (``extra``),
and both session shapes are read. The earlier shape (``is_rendered``, ``message``,
``updated_at``) is mapped onto the current fields so that code only ever looks at
``rendered_at``, ``render_succeeded``, ``render_slide_count``, ``render_message`` and
``state``:

- ``is_rendered: true`` is a successful render, ``rendered_at`` is taken from ``updated_at``;
- ``is_rendered`` false or null with a ``message`` is a failed render;
- anything else is unrendered.

The earlier list summary has no ``message``, so a failed render there reads as unrendered.

The fields are declared once, in ``deckkit.wire`` (which the server answers with); the models
here subclass them and only loosen them (extra fields, earlier shapes) and add conveniences.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, model_validator

import deckkit.wire as wire

__all__ = [
    "RenderResponse",
    "Session",
    "SessionResponse",
    "SessionState",
    "SessionSummary",
    "SupportsZipBytes",
    "UploadForm",
    "WarningDetail",
]


@runtime_checkable
class SupportsZipBytes(Protocol):
    """Anything that can give the input zip as bytes: a ``deckkit.Deck`` is one."""

    def to_zip_bytes(self) -> bytes: ...


class SessionState(enum.StrEnum):
    """Where a session stands; the API has no state field, it follows from the render fields."""

    UNRENDERED = "unrendered"
    SUCCEEDED = "succeeded"
    FAILED = "failed"


class _Lenient(BaseModel):
    model_config = ConfigDict(extra="allow", frozen=True)


def _from_earlier_shape(data: Any, *, with_message: bool) -> Any:
    if not isinstance(data, dict) or "rendered_at" in data or "is_rendered" not in data:
        return data
    data = dict(data)
    is_rendered = data.get("is_rendered")
    message = data.get("message") if with_message else None
    if is_rendered:
        data.setdefault("render_succeeded", True)
    elif message:
        data.setdefault("render_succeeded", False)
        data.setdefault("render_message", message)
    if data.get("render_succeeded") is not None:
        data.setdefault("rendered_at", data.get("updated_at") or data.get("created_at"))
    return data


def _state(succeeded: bool | None) -> SessionState:
    if succeeded is True:
        return SessionState.SUCCEEDED
    if succeeded is False:
        return SessionState.FAILED
    return SessionState.UNRENDERED


_LENIENT = ConfigDict(extra="allow", frozen=True)


class SessionSummary(wire.SessionSummary):
    """One element of ``GET /sessions``."""

    model_config = _LENIENT

    @model_validator(mode="before")
    @classmethod
    def _earlier_shape(cls, data: Any) -> Any:
        return _from_earlier_shape(data, with_message=False)

    @property
    def state(self) -> SessionState:
        return _state(self.render_succeeded)


class WarningDetail(wire.WarningDetail):
    """One entry of ``render_warnings``; fields a newer server adds to it are kept, not refused."""

    model_config = _LENIENT


class Session(SessionSummary, wire.Session):
    """A session record (current or earlier shape)."""

    model_config = _LENIENT
    render_warnings: Sequence[WarningDetail] = ()

    @model_validator(mode="before")
    @classmethod
    def _earlier_shape(cls, data: Any) -> Any:
        return _from_earlier_shape(data, with_message=True)


class UploadForm(wire.UploadForm):
    """The pre-signed form (``upload``): post the zip to ``action`` with every ``params`` field."""

    model_config = _LENIENT


class SessionResponse(wire.SessionWithUpload):
    """Answer of ``POST /sessions`` and ``GET /sessions/{uuid}``."""

    model_config = _LENIENT
    session: Session
    upload: UploadForm


class RenderResponse(wire.SessionWithDownload):
    """Answer of ``POST /sessions/{uuid}/render`` and ``.../download_url``."""

    model_config = _LENIENT
    session: Session

    @property
    def succeeded(self) -> bool:
        return self.session.state is SessionState.SUCCEEDED


class SessionList(wire.SessionList):
    model_config = _LENIENT
    sessions: list[SessionSummary]
