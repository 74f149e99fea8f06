"""S3-style XML error responses of the built-in storage."""

from __future__ import annotations

import secrets
from xml.sax.saxutils import escape

from starlette.responses import Response

__all__ = ["S3Error"]


class S3Error(Exception):
    def __init__(
        self, status: int, code: str, message: str, *, headers: dict[str, str] | None = None, **details: str
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.details = details
        self.headers = headers or {}

    def response(self, resource: str = "") -> Response:
        extra = "".join(f"<{name}>{escape(value)}</{name}>" for name, value in self.details.items())
        body = (
            '<?xml version="1.0" encoding="UTF-8"?>\n'
            f"<Error><Code>{escape(self.code)}</Code><Message>{escape(self.message)}</Message>{extra}"
            f"<Resource>{escape(resource)}</Resource><RequestId>{secrets.token_hex(8).upper()}</RequestId></Error>"
        )
        return Response(body, status_code=self.status, headers=self.headers, media_type="application/xml")
