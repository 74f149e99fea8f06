"""``deckkit.validate``: "would this render?", under the name ``deckkit.validate`` has always had.

It lives in :mod:`deckkit.template.validate`; this module hands on its public names.
"""

from __future__ import annotations

from deckkit.template.validate import ValidationReport, validate_deck, validate_path

__all__ = ["ValidationReport", "validate_deck", "validate_path"]
