"""``Image.from_url``: the SDK fetches a picture once, on the user's machine, and the bytes go in
the bundle like a file's. The renderer and the service never fetch a URL (docs/security.md)."""

from __future__ import annotations

from typing import Final

from deckkit.errors import DataError, Problem

__all__ = ["MAX_FETCHED_BYTES", "fetch"]

MAX_FETCHED_BYTES: Final = 16 * 1024 * 1024
"""A picture fetched by ``Image.from_url``: at most 16 MiB (as a data: URI in data.json)."""


def fetch(url: str, *, timeout: float, max_bytes: int) -> bytes:
    """The body of an http(s) GET of ``url``; DataError (the URL as its path) when it fails,
    times out, is not 2xx, or is longer than ``max_bytes``."""
    if not url.lower().startswith(("https://", "http://")):
        raise DataError([Problem(url, "only http and https URLs can be fetched")])
    try:
        import httpx  # the client extra's: it loads when a picture is fetched, never with the data model
    except ModuleNotFoundError:
        raise DataError(
            [Problem(url, "fetching a picture needs httpx: pip install 'deckkit[client]'")]
        ) from None
    try:
        with (
            httpx.Client(timeout=timeout, follow_redirects=True) as client,
            client.stream("GET", url) as response,
        ):
            if response.status_code >= 400:
                raise DataError(
                    [Problem(url, f"the server answered {response.status_code} {response.reason_phrase}")]
                )
            declared = response.headers.get("content-length", "")
            if declared.isdigit() and int(declared) > max_bytes:
                raise DataError([Problem(url, _too_large(int(declared), max_bytes))])
            body = bytearray()
            for chunk in response.iter_bytes():
                body += chunk
                if len(body) > max_bytes:
                    raise DataError([Problem(url, _too_large(len(body), max_bytes, more=True))])
            return bytes(body)
    except httpx.TimeoutException:
        raise DataError(
            [Problem(url, f"no answer within {timeout:g} seconds (pass timeout= to wait longer)")]
        ) from None
    except httpx.HTTPError as error:
        raise DataError([Problem(url, f"cannot fetch it: {error}")]) from None


def _too_large(size: int, limit: int, *, more: bool = False) -> str:
    return (
        f"the picture is {'more than ' if more else ''}{size:,} bytes; at most {limit:,} are fetched "
        "(pass max_bytes= to allow more)"
    )
