"""The renderer: template.pptx + data -> pptx (package / locate / fill / assemble).

``render(template, data, media=None, strict=False)`` fills a template; ``render_bundle(zip)``
renders the service's input zip. Both return a :class:`RenderResult` (pptx bytes, slide count,
warnings) or raise DataError / BundleError / TemplateError / RenderError.

``deckkit.render`` is both this package and the function: importing a submodule (say
``deckkit.render.engine``) binds the package to ``deckkit.render``, so the package is callable
and ``deckkit.render(template, data)`` works whichever was bound first.
"""

from __future__ import annotations

import sys
import types
from pathlib import Path
from typing import Any

from deckkit.render.engine import RenderResult, render

__all__ = ["RenderResult", "render", "render_bundle"]


def render_bundle(zip_bytes: bytes | str | Path, *, strict: bool = False) -> RenderResult:
    """Render the input zip (template.pptx, data.json and the media they name)."""
    from deckkit.bundle import read_bundle

    source: bytes | Path = zip_bytes if isinstance(zip_bytes, bytes) else Path(zip_bytes)
    bundle = read_bundle(source)
    return render(bundle.template, bundle.data, bundle.media, strict=strict)


class _CallableRenderModule(types.ModuleType):
    def __call__(self, *args: Any, **kwargs: Any) -> RenderResult:
        return render(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableRenderModule
