"""The optional body of ``POST /sessions/{uuid}/render``: ``{"formats": ["pdf"], "strict": true}``.

No body (what every client of the interface sends) asks for the pptx alone, warnings allowed. A
body is small and read whole, up to a bound; anything that is not a RenderRequest is refused with
a 400 that says where (``formats[0]: ...``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request

from deckkit.wire import FORMATS
from deckkit_server.problems import APIProblem

__all__ = ["MAX_BODY_BYTES", "RenderAsked", "render_asked"]

MAX_BODY_BYTES = 4096

_FIELDS = ("formats", "strict")


@dataclass(frozen=True, slots=True)
class RenderAsked:
    """What a render request asks for."""

    formats: tuple[str, ...] = ()
    """The formats to make beside the pptx, each once, in the order given."""
    strict: bool = False
    """A render that warns fails (nothing is kept)."""


async def render_asked(request: Request) -> RenderAsked:
    """What the render request's body asks for (no body: the pptx alone, warnings allowed)."""
    body = await _bounded_body(request)
    if not body.strip():
        return RenderAsked()
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        raise _refused('the body is not JSON; send {"formats": ["pdf"]}, or no body') from None
    if not isinstance(data, dict):
        raise _refused(f'the body must be a JSON object, such as {{"formats": ["pdf"]}}, not {_kind(data)}')
    unknown = sorted(set(data) - set(_FIELDS))
    if unknown:
        raise _refused(
            f'{unknown[0]}: not a field of a render request (its fields are "formats" and "strict")'
        )
    strict = data.get("strict", False)
    if not isinstance(strict, bool):
        raise _refused(f"strict: must be true or false, not {_kind(strict)}")
    return RenderAsked(_formats_of(data), strict)


async def _bounded_body(request: Request) -> bytes:
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise APIProblem(
                413,
                "too_large",
                f'the render request\'s body is over {MAX_BODY_BYTES} bytes; send {{"formats": ["pdf"]}}',
            )
        chunks.append(chunk)
    return b"".join(chunks)


def _formats_of(data: dict[str, Any]) -> tuple[str, ...]:
    formats = data.get("formats", [])
    if not isinstance(formats, list):
        raise _refused(f'formats: must be a list, such as ["pdf"], not {_kind(formats)}')
    for i, name in enumerate(formats):
        if name not in FORMATS:
            known = ", ".join(f'"{f}"' for f in FORMATS)
            raise _refused(
                f"formats[{i}]: {json.dumps(name)} is not a format a render makes (it makes {known})"
            )
    return tuple(dict.fromkeys(formats))


def _kind(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "a boolean", type(None): "null"}.get(
        type(value), "a number"
    )


def _refused(message: str) -> APIProblem:
    return APIProblem(400, "bad_request", message)
