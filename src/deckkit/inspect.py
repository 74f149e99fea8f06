"""``deckkit.inspect``: the name under which notebooks and scripts reach template inspection.

It lives in :mod:`deckkit.template.inspect`; this module hands on its public names.
"""

from __future__ import annotations

from deckkit.template.inspect import Placeholder, Template, TemplateSlide

__all__ = ["Placeholder", "Template", "TemplateSlide"]
