"""One render as a worker process runs it for ``render_many``: a refusal is the answer, not a crash.

Its own module, importing the renderer alone, because ``render_many``'s forkserver preloads it:
the forkserver is one per process and shared with the server's render pool, whose workers must
load nothing above the renderer (no Deck, template inspection or display code).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deckkit.errors import DeckkitError
from deckkit.renderer.engine import render
from deckkit.renderer.result import RenderResult

__all__ = ["render_job"]


def render_job(
    template: bytes | str, data: Any, media: Mapping[str, bytes] | None, strict: bool
) -> RenderResult | DeckkitError:
    """One job, in a worker: :func:`deckkit.render` itself. A refusal of the input is the job's
    answer, not a failure of the worker (Dask would log it as a failed task)."""
    try:
        return render(template, data, media, strict=strict)
    except DeckkitError as error:
        return error
