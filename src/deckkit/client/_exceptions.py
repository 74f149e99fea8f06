"""Errors of the session API client.

    DeckkitError                      (deckkit.errors)
    ├── ClientConfigError             no base URL or no token: nothing was sent
    └── APIError                      the service could not give the answer asked for
        ├── APIConnectionError        the server could not be reached (DNS, refused, reset)
        │   └── APITimeoutError       no answer within the timeout
        ├── APIResponseValidationError  a 2xx answer that is not the documented JSON
        ├── RenderFailed              the render ran and failed: ``render_message`` says why
        └── APIStatusError            a non-2xx answer: ``status_code``, ``body``, ``code``, ``response``
            ├── BadRequestError           400
            ├── AuthenticationError       401
            ├── PermissionDeniedError     403 (storage: expired or tampered signature)
            ├── NotFoundError             404
            ├── ConflictError             409 (``code``: not_uploaded, not_rendered, render_failed)
            ├── PayloadTooLargeError      413 (and storage's EntityTooLarge)
            ├── RateLimitError            429
            └── InternalServerError       5xx

Connection errors, timeouts, 429 and 5xx are retried before they are raised.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deckkit.client._types import RenderResponse
from deckkit.errors import DeckkitError

if TYPE_CHECKING:
    import httpx

# The public names are listed once, in deckkit.client.__all__.


class ClientConfigError(DeckkitError, ValueError):
    """The client lacks a setting it needs (base URL, API token); no request was sent."""


class APIError(DeckkitError):
    """Base of every error met while talking to a deckkit server or its storage."""

    message: str
    request: httpx.Request | None

    def __init__(self, message: str, *, request: httpx.Request | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.request = request


class APIConnectionError(APIError):
    """The server could not be reached, or the connection broke before an answer came."""

    def __init__(self, message: str | None = None, *, request: httpx.Request | None = None) -> None:
        where = f" {request.method} {_redacted(request)}" if request is not None else ""
        super().__init__(
            message
            or f"could not connect to the deckkit server ({where.strip() or 'no request'}); "
            "check the base URL (DECKKIT_BASE_URL) and that the server is running",
            request=request,
        )


class APITimeoutError(APIConnectionError):
    """No answer came within the timeout (raise ``timeout=`` on the client for big decks)."""

    def __init__(self, message: str | None = None, *, request: httpx.Request | None = None) -> None:
        where = f"{request.method} {_redacted(request)}" if request is not None else "the request"
        super().__init__(
            message or f"{where} timed out; pass a larger timeout= to the client if the deck is large",
            request=request,
        )


class APIResponseValidationError(APIError):
    """The server answered 2xx but not with the JSON the interface documents."""

    def __init__(self, message: str, *, response: httpx.Response) -> None:
        super().__init__(message, request=response.request)
        self.response = response
        self.status_code = response.status_code


class APIStatusError(APIError):
    """The server answered with an error status.

    ``body`` is the decoded JSON (or the text when it was not JSON); ``code`` and the message
    come from the ``{"error": {"code", "message"}}`` envelope of the API, or from the
    ``<Error><Code>`` of the storage endpoint.
    """

    status_code: int
    response: httpx.Response
    body: Any
    code: str | None

    def __init__(
        self, message: str, *, response: httpx.Response, body: Any = None, code: str | None = None
    ) -> None:
        super().__init__(message, request=response.request)
        self.response = response
        self.status_code = response.status_code
        self.body = body
        self.code = code


class BadRequestError(APIStatusError):
    """400: the request was malformed (for storage: a form field was rejected)."""


class AuthenticationError(APIStatusError):
    """401: the API token is missing, unknown or revoked."""


class PermissionDeniedError(APIStatusError):
    """403: refused (for storage: the pre-signed form or download URL expired or was altered)."""


class NotFoundError(APIStatusError):
    """404: no such session for this token (unknown, another account's, or expired after 24 h)."""


class ConflictError(APIStatusError):
    """409: the session is not in the state the call needs (``code`` tells which)."""


class PayloadTooLargeError(APIStatusError):
    """413: the zip is larger than the service accepts (50 MB by default)."""


class RateLimitError(APIStatusError):
    """429: more requests than the account may send per minute (see ``retry_after``)."""

    @property
    def retry_after(self) -> float | None:
        value = self.response.headers.get("retry-after")
        try:
            return float(value) if value is not None else None
        except ValueError:
            return None


class InternalServerError(APIStatusError):
    """5xx: the server failed; retried before it is raised."""


class RenderFailed(APIError):  # noqa: N818 - the name the issue and the docs use
    """The render ran and failed; ``render_message`` names the slide, the key and the reason."""

    def __init__(self, result: RenderResponse) -> None:
        self.result = result
        self.session = result.session
        self.render_message: str = result.session.render_message or "the server gave no reason"
        super().__init__(f"render of session {result.session.uuid} failed: {self.render_message}")


_STATUS_CLASSES: dict[int, type[APIStatusError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    409: ConflictError,
    413: PayloadTooLargeError,
    429: RateLimitError,
}

_HINTS: dict[type[APIStatusError], str] = {
    AuthenticationError: "check the API token (token= or DECKKIT_API_TOKEN); tokens are made in the web console",
    NotFoundError: "sessions are kept 24 hours and only for the account that made them",
    PayloadTooLargeError: "make the zip smaller (compress images, drop unused media)",
    RateLimitError: "slow down or pass a larger max_retries= to the client",
}

# Storage speaks S3: a few of its error codes mean the same as an API status.
_STORAGE_CODE_CLASSES: dict[str, type[APIStatusError]] = {
    "EntityTooLarge": PayloadTooLargeError,
    "AccessDenied": PermissionDeniedError,
    "SignatureDoesNotMatch": PermissionDeniedError,
    "NoSuchKey": NotFoundError,
    "SlowDown": RateLimitError,
}


def status_error_class(status_code: int, code: str | None = None) -> type[APIStatusError]:
    """The exception class for an error answer: by storage code first, then by status."""
    if code in _STORAGE_CODE_CLASSES:
        return _STORAGE_CODE_CLASSES[code]
    if status_code in _STATUS_CLASSES:
        return _STATUS_CLASSES[status_code]
    if status_code >= 500:
        return InternalServerError
    return APIStatusError


def make_status_error(
    response: httpx.Response, body: Any, code: str | None, detail: str | None
) -> APIStatusError:
    """Build the error for ``response``; the message says what failed and what to do."""
    cls = status_error_class(response.status_code, code)
    request = response.request
    head = f"{request.method} {_redacted(request)} answered {response.status_code}"
    if code:
        head += f" {code}"
    message = f"{head}: {detail}" if detail else head
    hint = _HINTS.get(cls)
    if hint:
        message += f" ({hint})"
    return cls(message, response=response, body=body, code=code)


def _redacted(request: httpx.Request) -> str:
    """The URL without its query: pre-signed URLs carry signatures that must not land in logs."""
    return str(request.url.copy_with(query=None))
