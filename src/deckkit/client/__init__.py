"""Talk to a deckkit server (or any service that speaks the session interface).

    from deckkit.client import Client

    with Client() as client:                     # DECKKIT_BASE_URL, DECKKIT_API_TOKEN
        result = client.render("bundle.zip", to="deck.pptx")
    print(result.slide_count)

``Client`` blocks, ``AsyncClient`` is the same with ``await``; both are built on one I/O-free
base (``_base``). The errors they raise hang under ``deckkit.errors.DeckkitError`` through
``APIError`` (see ``deckkit.client._exceptions`` for the tree).
"""

from __future__ import annotations

import os
from pathlib import Path

from deckkit.client._async import AsyncClient
from deckkit.client._base import RetryPolicy
from deckkit.client._exceptions import (
    APIConnectionError,
    APIError,
    APIResponseValidationError,
    APIStatusError,
    APITimeoutError,
    AuthenticationError,
    BadRequestError,
    ClientConfigError,
    ConflictError,
    InternalServerError,
    NotFoundError,
    PayloadTooLargeError,
    PermissionDeniedError,
    RateLimitError,
    RenderFailed,
)
from deckkit.client._progress import ProgressCallback, TqdmProgress, TransferProgress
from deckkit.client._rendered import RenderedDeck
from deckkit.client._sync import Client
from deckkit.client._types import (
    RenderResponse,
    Session,
    SessionResponse,
    SessionState,
    SessionSummary,
    SupportsZipBytes,
    UploadForm,
)

__all__ = [
    "APIConnectionError",
    "APIError",
    "APIResponseValidationError",
    "APIStatusError",
    "APITimeoutError",
    "AsyncClient",
    "AuthenticationError",
    "BadRequestError",
    "Client",
    "ClientConfigError",
    "ConflictError",
    "InternalServerError",
    "NotFoundError",
    "PayloadTooLargeError",
    "PermissionDeniedError",
    "ProgressCallback",
    "RateLimitError",
    "RenderFailed",
    "RenderResponse",
    "RenderedDeck",
    "RetryPolicy",
    "Session",
    "SessionResponse",
    "SessionState",
    "SessionSummary",
    "SupportsZipBytes",
    "TqdmProgress",
    "TransferProgress",
    "UploadForm",
    "render_remote",
]


def render_remote(
    zip_path_or_bytes: str | os.PathLike[str] | bytes | SupportsZipBytes,
    out_path: str | os.PathLike[str],
    base_url: str | None = None,
    token: str | None = None,
    progress: bool = True,
) -> int:
    """Render a bundle on a server and write the pptx to ``out_path``; returns the slide count.

    The whole flow for ``deckkit render --remote``: base URL and token default to
    ``DECKKIT_BASE_URL`` and ``DECKKIT_API_TOKEN``; ``progress`` draws tqdm bars on stderr.
    A failed render raises RenderFailed with the server's ``render_message``.
    """
    bars = TqdmProgress(disable=not progress)
    with bars, Client(base_url, token) as client:
        result = client.render(zip_path_or_bytes, to=Path(out_path), progress=bars if progress else None)
    return result.slide_count or 0
