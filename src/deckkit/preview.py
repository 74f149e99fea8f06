"""``deckkit.preview``: pictures of slides, under the name ``deckkit.preview`` has always had.

It lives in :mod:`deckkit.template.preview`; this module hands on its public names.
"""

from __future__ import annotations

from deckkit.template.preview import PreviewUnavailableError, libreoffice_available, slide_pngs, wireframe_svg

__all__ = ["PreviewUnavailableError", "libreoffice_available", "slide_pngs", "wireframe_svg"]
