"""What the sync and the async client share, free of I/O.

Settings (from arguments or ``DECKKIT_BASE_URL`` / ``DECKKIT_API_TOKEN``), building requests,
the retry policy, and reading answers into typed results or errors all live here; ``_sync``
and ``_async`` only send requests and sleep.
"""

from __future__ import annotations

import email.utils
import json
import os
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar
from xml.etree import ElementTree

import httpx
from pydantic import BaseModel, ValidationError

import deckkit.wire as wire
from deckkit.client._exceptions import (
    APIError,
    APIResponseValidationError,
    ClientConfigError,
    RenderFailed,
    make_status_error,
)
from deckkit.client._types import (
    RenderResponse,
    Session,
    SessionList,
    SessionResponse,
    SessionSummary,
    UploadForm,
)
from deckkit.version import __version__

__all__ = [
    "DEFAULT_MAX_RETRIES",
    "DEFAULT_TIMEOUT",
    "ClientSettings",
    "RetryPolicy",
    "SessionRef",
    "session_uuid",
]

DEFAULT_TIMEOUT = httpx.Timeout(300.0, connect=10.0)
"""Renders run inside the request, so reads may take minutes; connecting should not."""
DEFAULT_MAX_RETRIES = 2

SessionRef = str | Session | SessionSummary | SessionResponse | RenderResponse
"""A session named by its uuid or by any result that carries it."""

ModelT = TypeVar("ModelT", bound=BaseModel)


def session_uuid(ref: SessionRef) -> str:
    if isinstance(ref, str):
        return ref
    if isinstance(ref, SessionResponse | RenderResponse):
        return ref.session.uuid
    return ref.uuid


@dataclass(frozen=True)
class RetryPolicy:
    """Exponential backoff with jitter; ``Retry-After`` wins when the server sends a sane one."""

    max_retries: int = DEFAULT_MAX_RETRIES
    initial_delay: float = 0.5
    max_delay: float = 8.0
    max_retry_after: float = 60.0

    def should_retry_status(self, status_code: int) -> bool:
        return status_code == 429 or status_code >= 500

    def delay(self, retries_done: int, headers: Mapping[str, str] | None = None) -> float:
        retry_after = _retry_after_seconds(headers) if headers is not None else None
        if retry_after is not None and 0 <= retry_after <= self.max_retry_after:
            return retry_after
        backoff = min(self.initial_delay * 2.0**retries_done, self.max_delay)
        # Up to a quarter less than the backoff, so that many clients hit by one outage spread out.
        return backoff * (1.0 - 0.25 * random.random())


def _retry_after_seconds(headers: Mapping[str, str]) -> float | None:
    lowered = {k.lower(): v for k, v in headers.items()}
    if "retry-after-ms" in lowered:
        try:
            return float(lowered["retry-after-ms"]) / 1000.0
        except ValueError:
            pass
    value = lowered.get("retry-after")
    if value is None:
        return None
    try:
        return float(value)
    except ValueError:
        pass
    try:
        parsed = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, parsed.timestamp() - time.time())


@dataclass
class ClientSettings:
    """Resolved settings of a client: arguments first, then the environment."""

    base_url: str
    token: str
    timeout: httpx.Timeout
    retry: RetryPolicy
    headers: dict[str, str] = field(default_factory=dict)

    @classmethod
    def resolve(
        cls,
        base_url: str | None,
        token: str | None,
        timeout: float | httpx.Timeout | None,
        max_retries: int,
        headers: Mapping[str, str] | None,
    ) -> ClientSettings:
        base_url = base_url or os.environ.get("DECKKIT_BASE_URL")
        token = token or os.environ.get("DECKKIT_API_TOKEN")
        if not base_url:
            raise ClientConfigError(
                "no server address: pass base_url= or set DECKKIT_BASE_URL (e.g. http://127.0.0.1:8000)"
            )
        if not token:
            raise ClientConfigError(
                "no API token: pass token= or set DECKKIT_API_TOKEN; create a token in the web console"
            )
        if httpx.URL(base_url).scheme not in {"http", "https"} or not httpx.URL(base_url).host:
            raise ClientConfigError(
                f"base URL {base_url!r} is not an http(s) address, e.g. http://127.0.0.1:8000"
            )
        if max_retries < 0:
            raise ClientConfigError(f"max_retries must be 0 or more, not {max_retries}")
        if timeout is None:
            resolved_timeout = DEFAULT_TIMEOUT
        elif isinstance(timeout, httpx.Timeout):
            resolved_timeout = timeout
        else:
            resolved_timeout = httpx.Timeout(timeout)
        return cls(
            base_url=base_url.rstrip("/"),
            token=token,
            timeout=resolved_timeout,
            retry=RetryPolicy(max_retries=max_retries),
            headers=dict(headers or {}),
        )

    def api_request(self, method: str, path: str, body: bytes | None = None) -> httpx.Request:
        """A request to the API: the only kind that carries the token (``body``: JSON, when given)."""
        typed = {"Content-Type": "application/json"} if body is not None else {}
        return httpx.Request(
            method,
            self.base_url + path,
            headers={
                **self.headers,
                "Authorization": f"Bearer {self.token}",
                "Accept": "application/json",
                "User-Agent": f"deckkit-python/{__version__}",
                **typed,
            },
            content=body,
            extensions={"timeout": self.timeout.as_dict()},
        )

    def foreign_request(
        self, method: str, url: str, headers: Mapping[str, str] | None = None, content: Any = None
    ) -> httpx.Request:
        """A request to storage (upload form, download URL): signed by its URL or form, never by the token."""
        return httpx.Request(
            method,
            self.absolute(url),
            headers={"User-Agent": f"deckkit-python/{__version__}", **(headers or {})},
            content=content,
            extensions={"timeout": self.timeout.as_dict()},
        )

    def absolute(self, url: str) -> str:
        """Resolve a URL the server gave relative to its base (absolute ones pass unchanged)."""
        return str(httpx.URL(self.base_url + "/").join(url))


def raise_for_status(response: httpx.Response) -> None:
    """Turn a non-2xx answer (already read) into the matching APIStatusError."""
    if response.is_success:
        return
    body, code, detail = _error_details(response)
    raise make_status_error(response, body, code, detail)


def _error_details(response: httpx.Response) -> tuple[Any, str | None, str | None]:
    text = response.text
    content_type = response.headers.get("content-type", "")
    if "json" in content_type or text.lstrip().startswith("{"):
        try:
            body = response.json()
        except ValueError:
            body = text
        else:
            error = body.get("error") if isinstance(body, dict) else None
            if isinstance(error, dict):
                return body, _str_or_none(error.get("code")), _str_or_none(error.get("message"))
            if isinstance(body, dict):
                return (
                    body,
                    _str_or_none(body.get("code")),
                    _str_or_none(body.get("message") or body.get("detail")),
                )
            return body, None, None
    if text.lstrip().startswith("<"):
        code, message = _storage_error(text)
        return text, code, message
    return text, None, text.strip()[:300] or None


def _storage_error(text: str) -> tuple[str | None, str | None]:
    # S3-style answer: <Error><Code>EntityTooLarge</Code><Message>...</Message></Error>.
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError:
        return None, text.strip()[:300] or None
    code = root.findtext("Code") or root.findtext("{*}Code")
    message = root.findtext("Message") or root.findtext("{*}Message")
    return code, message


def _str_or_none(value: Any) -> str | None:
    return None if value is None else str(value)


def parse_json(response: httpx.Response, model: type[ModelT]) -> ModelT:
    """Read a 2xx JSON answer into ``model``; a mismatch is the server's fault, said plainly."""
    raise_for_status(response)
    try:
        return model.model_validate(response.json())
    except (ValueError, ValidationError) as error:
        raise APIResponseValidationError(
            f"{response.request.method} {response.request.url.copy_with(query=None)} answered "
            f"{response.status_code} with a body that is not a {model.__name__}: {error}",
            response=response,
        ) from error


def parse_session_list(response: httpx.Response) -> list[SessionSummary]:
    return list(parse_json(response, SessionList).sessions)


def render_body(formats: Sequence[str] | None, strict: bool = False) -> bytes | None:
    """The render request's body: ``{"formats": [...], "strict": true}`` with what is asked, or none
    at all when nothing is (what every server of the interface takes)."""
    asked: dict[str, Any] = {}
    if formats:
        if isinstance(formats, str):
            raise ValueError(f'formats: give a list, such as ["pdf"], not the string {formats!r}')
        for i, name in enumerate(formats):
            if name not in wire.FORMATS:
                known = ", ".join(repr(f) for f in wire.FORMATS)
                raise ValueError(f"formats[{i}]: {name!r} is not a format a render makes (it makes {known})")
        asked["formats"] = list(dict.fromkeys(formats))
    if strict:
        asked["strict"] = True
    return json.dumps(asked).encode() if asked else None


def checked_render(result: RenderResponse, raise_on_failure: bool) -> RenderResponse:
    if raise_on_failure and result.session.render_succeeded is False:
        raise RenderFailed(result)
    return result


def check_upload_form(form: UploadForm) -> None:
    if form.method.upper() != "POST" or form.enctype.lower() != "multipart/form-data":
        raise APIError(
            f"the server asks for an upload by {form.method} {form.enctype}; "
            "this client only knows POST multipart/form-data"
        )


def download_url_of(source: str | RenderResponse) -> str:
    if isinstance(source, str):
        return source
    if source.download_url is not None:
        return source.download_url
    if source.session.render_succeeded is False:
        raise RenderFailed(source)
    raise APIError(f"session {source.session.uuid} has no download URL: render it first")
