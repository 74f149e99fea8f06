"""The session API's wire format: the JSON bodies of docs/api.md, declared once.

The server (``deckkit_server``) answers with exactly these models and generates its OpenAPI
document from them; the client (``deckkit.client``) reads answers with lenient subclasses
(unknown fields kept, earlier shapes mapped). The fields carry defaults so that the client can
read partial answers; the server always writes every field, and its document marks them all
required (serialization mode).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PlainSerializer, WithJsonSchema

__all__ = [
    "FORMATS",
    "TIMESTAMP_PATTERN",
    "ErrorBody",
    "ErrorDetail",
    "RenderRequest",
    "Session",
    "SessionList",
    "SessionSummary",
    "SessionWithDownload",
    "SessionWithUpload",
    "Timestamp",
    "UploadForm",
    "WarningDetail",
    "format_timestamp",
]

TIMESTAMP_PATTERN = r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$"


def format_timestamp(moment: datetime) -> str:
    """``2026-11-22T05:23:35.123456Z``: UTC, always six fractional digits and a Z."""
    moment = moment.astimezone(UTC) if moment.tzinfo else moment
    return time.strftime("%Y-%m-%dT%H:%M:%S", moment.timetuple()) + f".{moment.microsecond:06d}Z"


Timestamp = Annotated[
    datetime,
    PlainSerializer(format_timestamp, return_type=str, when_used="json"),
    WithJsonSchema({"type": "string", "format": "date-time", "pattern": TIMESTAMP_PATTERN}),
]
"""A moment on the wire: read from any ISO 8601 text, written as ``format_timestamp`` writes it."""


class _Wire(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", json_schema_serialization_defaults_required=True)


class SessionSummary(_Wire):
    """One element of ``GET /sessions``."""

    uuid: str = Field(json_schema_extra={"format": "uuid"})
    created_at: Timestamp
    rendered_at: Timestamp | None = None
    render_succeeded: bool | None = None


class WarningDetail(_Wire):
    """One warning of a render, as a local render gives it: ``code`` names its kind
    (``unused_key``, ``unfilled_placeholder``, ``dummy_data``, ``off_slide``, ``overlap``, ``text_overflow``,
    ``dropped_link``, or ``render_warning``), ``path`` where the data says it (may be empty)."""

    code: str
    path: str
    message: str


class Session(SessionSummary):
    """A session: ``render_*`` are null until it is rendered; a failed render has a message.

    ``render_warnings`` (an added field) lists what a successful render warned about, in the
    order a local render gives them; empty until rendered, and when there were none.
    """

    render_slide_count: int | None = Field(None, ge=0)
    render_message: str | None = None
    render_warnings: Sequence[WarningDetail] = ()


class UploadForm(_Wire):
    """The pre-signed form: post the zip to ``action`` with every ``params`` field, the file last."""

    action: str = Field(json_schema_extra={"format": "uri"})
    method: str = Field("POST", json_schema_extra={"const": "POST"})
    enctype: str = Field("multipart/form-data", json_schema_extra={"const": "multipart/form-data"})
    params: dict[str, str] = Field(
        default_factory=dict,
        description="Form fields to send, unchanged, before the `file` field (S3's real X-Amz-* names).",
        json_schema_extra={
            "required": [
                "acl",
                "key",
                "Content-Type",
                "X-Amz-Credential",
                "X-Amz-Algorithm",
                "X-Amz-Date",
                "Policy",
                "X-Amz-Signature",
            ]
        },
    )


class SessionWithUpload(_Wire):
    """Answer of ``POST /sessions`` and ``GET /sessions/{uuid}``."""

    session: Session
    upload: UploadForm


FORMATS = ("pdf",)
"""What a render may be asked to make beside the pptx (``{"formats": ["pdf"]}``)."""


class RenderRequest(_Wire):
    """The optional body of ``POST /sessions/{uuid}/render``: what to make beside the pptx."""

    formats: list[Literal["pdf"]] = Field(
        default_factory=list,
        description='"pdf": a PDF of the deck too, made by LibreOffice after the render; '
        "its URL is pdf_download_url",
    )
    strict: bool = Field(
        default=False,
        description="true: a render that warns fails, every warning in its render_message (nothing is kept)",
    )


class SessionWithDownload(_Wire):
    """Answer of ``POST /sessions/{uuid}/render`` and ``.../download_url``."""

    session: Session
    download_url: str | None = Field(
        None, description="Valid 5 minutes; null when the render failed", json_schema_extra={"format": "uri"}
    )
    pdf_download_url: str | None = Field(
        None,
        description='The PDF asked for with {"formats": ["pdf"]}; valid 5 minutes; null when none was '
        "asked, the render failed, or the PDF was not made (pdf_message says why)",
        json_schema_extra={"format": "uri"},
    )
    pdf_message: str | None = Field(
        None,
        description="Why the PDF asked for was not made (the deck itself succeeded); null otherwise",
    )


class SessionList(_Wire):
    """Answer of ``GET /sessions``: the last 24 hours, newest first."""

    sessions: Sequence[SessionSummary]  # a list on the wire; Sequence lets the client narrow the item type


class ErrorDetail(_Wire):
    code: str
    message: str


class ErrorBody(_Wire):
    """Every error answer of the API: ``{"error": {"code", "message"}}``."""

    error: ErrorDetail


WIRE_MODELS: tuple[type[BaseModel], ...] = (
    SessionSummary,
    Session,
    UploadForm,
    SessionWithUpload,
    SessionWithDownload,
    SessionList,
    ErrorBody,
    RenderRequest,
)


def json_schemas(ref_template: str) -> dict[str, Any]:
    """The JSON Schemas of every wire model, by class name, as the server writes them."""
    # For the server's OpenAPI document only: the client never loads pydantic's schema generator.
    from pydantic.json_schema import models_json_schema

    _, schema = models_json_schema([(m, "serialization") for m in WIRE_MODELS], ref_template=ref_template)
    return dict(schema.get("$defs", {}))
