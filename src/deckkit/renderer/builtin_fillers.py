"""The built-in fillers: importing this module registers one filler per element kind.

Each filler module registers itself (``register_filler`` in :mod:`deckkit.renderer.filler`);
planning imports this list, so a new element kind is one new module named here.
"""

from __future__ import annotations

from deckkit.renderer.chart import filler as chart_filler
from deckkit.renderer.fill import delete, lists, text
from deckkit.renderer.media import filler as media_filler
from deckkit.renderer.table import filler as table_filler

__all__ = ["BUILTIN_FILLERS"]

BUILTIN_FILLERS = (text, lists, delete, table_filler, chart_filler, media_filler)
