"""The renderer: template.pptx + data -> pptx (package / locate / fill / assemble).

``render(template, data, media=None, strict=False)`` fills a template; ``plan_render(template,
data, media=None)`` checks the data against it without writing (a dry run: ``.problems``,
``.warnings``); ``render_bundle(zip)``
renders the service's input zip; ``read_deck(pptx)`` reads a deck and writes it again, every
slide as it is (to export a deck deckkit did not render). Both return a :class:`RenderResult` (pptx bytes, slide count,
warnings) or raise DataError / BundleError / TemplateError / RenderError. ``deckkit.render`` is
the same function as :func:`render`; this package is ``deckkit.renderer``.
"""

from __future__ import annotations

from pathlib import Path

from deckkit.bundle import read_bundle
from deckkit.gc_pause import collector_paused
from deckkit.renderer.engine import RenderResult, plan_render, read_deck, render

__all__ = ["RenderResult", "plan_render", "read_deck", "render", "render_bundle"]


def render_bundle(zip_bytes: bytes | str | Path, *, strict: bool = False) -> RenderResult:
    """Render the input zip (template.pptx, data.json and the media they name)."""
    source: bytes | Path = zip_bytes if isinstance(zip_bytes, bytes) else Path(zip_bytes)
    with collector_paused():  # reading data.json allocates as much as the render
        bundle = read_bundle(source)
        return render(bundle.template, bundle.data, bundle.media, strict=strict)
