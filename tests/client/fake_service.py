"""An in-memory stand-in for a deckkit server and its storage, for httpx's MockTransport.

It speaks the wire format of the interface (JSON shapes, pre-signed upload form with X-Amz-*
fields, ``{"error": {"code", "message"}}`` bodies, S3-style XML from storage) and records every
request, so tests can look at what the client really sent.
"""

from __future__ import annotations

import base64
import email.parser
import email.policy
import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime

import httpx

API = "http://api.test/v1"
STORAGE = "http://storage.test"
TOKEN = "dk_test_token"
PPTX_BYTES = b"PK\x03\x04 rendered pptx stand-in" + bytes(range(256)) * 300
PDF_BYTES = b"%PDF-1.7 rendered pdf stand-in"


def timestamp() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def parse_multipart(request: httpx.Request) -> list[tuple[str, str | None, bytes]]:
    """(name, filename, payload) of each part, in order, read by the standard library."""
    head = f"Content-Type: {request.headers['content-type']}\r\n\r\n".encode()
    message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(head + request.content)
    parts = []
    for part in message.iter_parts():
        payload = part.get_payload(decode=True)
        assert isinstance(payload, bytes)
        parts.append(
            (str(part.get_param("name", header="content-disposition")), part.get_filename(), payload)
        )
    return parts


@dataclass
class FakeSession:
    uuid: str
    created_at: str
    key: str
    uploaded: bytes | None = None
    rendered_at: str | None = None
    render_succeeded: bool | None = None
    render_slide_count: int | None = None
    render_message: str | None = None
    pdf_asked: bool = False

    def current_shape(self) -> dict[str, object]:
        return {
            "uuid": self.uuid,
            "created_at": self.created_at,
            "rendered_at": self.rendered_at,
            "render_succeeded": self.render_succeeded,
            "render_slide_count": self.render_slide_count,
            "render_message": self.render_message,
        }

    def earlier_shape(self) -> dict[str, object]:
        return {
            "uuid": self.uuid,
            "is_rendered": self.render_succeeded,
            "message": self.render_message,
            "created_at": self.created_at,
            "updated_at": self.rendered_at or self.created_at,
        }


@dataclass
class FakeService:
    """The API at ``API``, storage at ``STORAGE``; ``render_outcome`` decides each render."""

    render_outcome: Callable[[bytes], tuple[bool, int | None, str | None]] = lambda _zip: (True, 3, None)
    earlier_shape: bool = False
    max_bytes: int = 50 * 1024 * 1024
    sessions: dict[str, FakeSession] = field(default_factory=dict)
    requests: list[httpx.Request] = field(default_factory=list)
    renders_performed: int = 0
    # Answers to give before the real ones, by "METHOD path" (consumed one by one).
    scripted: dict[str, list[httpx.Response | Exception]] = field(default_factory=dict)
    expired_downloads: set[str] = field(default_factory=set)
    # Why the PDF asked for is not made (None: it is made).
    pdf_message: str | None = None

    def transport(self) -> httpx.MockTransport:
        return httpx.MockTransport(self.handle)

    def script(self, route: str, *answers: httpx.Response | Exception) -> None:
        self.scripted.setdefault(route, []).extend(answers)

    # -- dispatch ------------------------------------------------------------------------

    def handle(self, request: httpx.Request) -> httpx.Response:
        request.read()
        self.requests.append(request)
        url = str(request.url.copy_with(query=None))
        path = url.removeprefix(API) if url.startswith(API) else url.removeprefix(STORAGE)
        route = f"{request.method} {path}"
        pending = self.scripted.get(route)
        if pending:
            answer = pending.pop(0)
            if isinstance(answer, Exception):
                raise answer
            return answer
        if url.startswith(STORAGE):
            return self._storage(request, path)
        if request.headers.get("authorization") != f"Bearer {TOKEN}":
            return _error(401, "unauthorized", "missing or unknown API token", {"WWW-Authenticate": "Bearer"})
        parts = path.strip("/").split("/")
        if route == "POST /sessions":
            return self._create()
        if route == "GET /sessions":
            shape = "earlier_shape" if self.earlier_shape else "current_shape"
            keys = (
                ("uuid", "created_at", "is_rendered")
                if self.earlier_shape
                else ("uuid", "created_at", "rendered_at", "render_succeeded")
            )
            listed = [{k: getattr(s, shape)()[k] for k in keys} for s in self.sessions.values()]
            return httpx.Response(200, json={"sessions": listed})
        session = self.sessions.get(parts[1]) if len(parts) >= 2 else None
        if session is None:
            return _error(404, "not_found", "no such session")
        if request.method == "GET" and len(parts) == 2:
            return httpx.Response(200, json={"session": self._shape(session), "upload": self._form(session)})
        if route.endswith("/render"):
            if request.content and "pdf" in json.loads(request.content).get("formats", []):
                session.pdf_asked = True
            return self._render(session)
        if route.endswith("/download_url"):
            if session.render_succeeded is None:
                return _error(409, "not_rendered", "render the session first")
            if not session.render_succeeded:
                return _error(409, "render_failed", "the render failed")
            return self._rendered(session)
        return _error(404, "not_found", f"no route {route}")

    # -- API -----------------------------------------------------------------------------

    def _shape(self, session: FakeSession) -> dict[str, object]:
        return session.earlier_shape() if self.earlier_shape else session.current_shape()

    def _form(self, session: FakeSession) -> dict[str, object]:
        policy = {
            "expiration": "2099-01-01T00:00:00.000Z",
            "conditions": [["content-length-range", 1, self.max_bytes]],
        }
        return {
            "action": f"{STORAGE}/bucket",
            "method": "POST",
            "enctype": "multipart/form-data",
            "params": {
                "acl": "private",
                "key": session.key,
                "Content-Type": "application/zip",
                "X-Amz-Security-Token": "SECURITY_TOKEN",
                "X-Amz-Credential": "CREDENTIAL/20260101/auto/s3/aws4_request",
                "X-Amz-Algorithm": "AWS4-HMAC-SHA256",
                "X-Amz-Date": "20260101T000000Z",
                "Policy": base64.b64encode(json.dumps(policy).encode()).decode(),
                "X-Amz-Signature": "SIGNATURE",
            },
        }

    def _create(self) -> httpx.Response:
        ident = str(uuid.uuid4())
        session = FakeSession(uuid=ident, created_at=timestamp(), key=f"uploads/{ident}.zip")
        self.sessions[ident] = session
        return httpx.Response(201, json={"session": self._shape(session), "upload": self._form(session)})

    def _render(self, session: FakeSession) -> httpx.Response:
        if session.rendered_at is None:
            if session.uploaded is None:
                return _error(409, "not_uploaded", "upload the zip before rendering")
            self.renders_performed += 1
            ok, count, message = self.render_outcome(session.uploaded)
            session.rendered_at = timestamp()
            session.render_succeeded, session.render_slide_count, session.render_message = ok, count, message
        return self._rendered(session)

    def _rendered(self, session: FakeSession) -> httpx.Response:
        url = f"{STORAGE}/bucket/outputs/{session.uuid}.pptx?X-Amz-Signature=s{len(self.requests)}"
        body = {"session": self._shape(session), "download_url": url if session.render_succeeded else None}
        if session.pdf_asked and session.render_succeeded:
            made = self.pdf_message is None
            body["pdf_download_url"] = url.replace(".pptx?", ".pdf?") if made else None
            body["pdf_message"] = self.pdf_message
        return httpx.Response(200, json=body)

    # -- storage -------------------------------------------------------------------------

    def _storage(self, request: httpx.Request, path: str) -> httpx.Response:
        if request.method == "POST" and path == "/bucket":
            parts = parse_multipart(request)
            fields = {name: payload.decode() for name, filename, payload in parts if filename is None}
            session = next((s for s in self.sessions.values() if s.key == fields.get("key")), None)
            if session is None or fields.get("X-Amz-Signature") != "SIGNATURE":
                return _s3_error(403, "AccessDenied", "Invalid according to Policy")
            if parts[-1][0] != "file":
                return _s3_error(400, "InvalidArgument", "file must be the last field")
            if len(parts[-1][2]) > self.max_bytes:
                return _s3_error(
                    400, "EntityTooLarge", "Your proposed upload exceeds the maximum allowed size"
                )
            session.uploaded = parts[-1][2]
            return httpx.Response(204)
        if request.method == "GET" and path.startswith("/bucket/outputs/"):
            if str(request.url) in self.expired_downloads:
                return _s3_error(403, "AccessDenied", "Request has expired")
            content = PDF_BYTES if path.endswith(".pdf") else PPTX_BYTES
            return httpx.Response(200, content=content, headers={"Content-Type": "application/octet-stream"})
        return _s3_error(404, "NoSuchKey", "The specified key does not exist.")


def _error(status: int, code: str, message: str, headers: dict[str, str] | None = None) -> httpx.Response:
    return httpx.Response(status, json={"error": {"code": code, "message": message}}, headers=headers)


def _s3_error(status: int, code: str, message: str) -> httpx.Response:
    body = f"<?xml version='1.0' encoding='UTF-8'?><Error><Code>{code}</Code><Message>{message}</Message></Error>"
    return httpx.Response(status, content=body.encode(), headers={"Content-Type": "application/xml"})
