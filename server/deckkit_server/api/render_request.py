"""The optional body of ``POST /sessions/{uuid}/render``: ``{"formats": ["pdf"]}``.

No body (what every client of the interface sends) asks for the pptx alone. A body is small and
read whole, up to a bound; anything that is not a RenderRequest is refused with a 400 that says
where (``formats[0]: ...``).
"""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request

from deckkit.wire import FORMATS
from deckkit_server.api.errors import APIProblem

__all__ = ["MAX_BODY_BYTES", "formats_asked"]

MAX_BODY_BYTES = 4096


async def formats_asked(request: Request) -> tuple[str, ...]:
    """The formats the render request asks for beside the pptx, each once, in the order given."""
    body = await _bounded_body(request)
    if not body.strip():
        return ()
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        raise _refused('the body is not JSON; send {"formats": ["pdf"]}, or no body') from None
    return _formats_of(data)


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


def _formats_of(data: Any) -> tuple[str, ...]:
    if not isinstance(data, dict):
        raise _refused(f'the body must be a JSON object, such as {{"formats": ["pdf"]}}, not {_kind(data)}')
    unknown = sorted(set(data) - {"formats"})
    if unknown:
        raise _refused(f'{unknown[0]}: not a field of a render request (it has one, "formats")')
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
