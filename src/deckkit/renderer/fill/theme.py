"""Theme colours: ``theme.colors`` edits ``a:clrScheme`` of every theme the slide masters use."""

from __future__ import annotations

from deckkit.model import ThemeColors
from deckkit.ooxml.namespaces import qn
from deckkit.ooxml.opc.package import Package
from deckkit.ooxml.opc.part import Part
from deckkit.ooxml.opc.relationships import RT
from deckkit.renderer.drawingml import color_element

__all__ = ["apply_theme_colors"]


def apply_theme_colors(package: Package, colors: ThemeColors) -> int:
    """Set the given colour slots in the masters' themes; returns how many themes were edited."""
    changed = colors.changed()
    if not changed:
        return 0
    themes: list[Part] = []
    for rel in package.presentation.rels:
        if rel.reltype == RT.SLIDE_MASTER and not isinstance(rel.target, str):
            theme = rel.target.related(RT.THEME)
            if theme is not None and all(theme is not t for t in themes):
                themes.append(theme)
    for theme in themes:
        scheme = theme.xml.find(qn("a:themeElements/a:clrScheme"))
        if scheme is None:
            continue
        for slot, color in changed.items():
            holder = scheme.find(qn(f"a:{slot}"))
            if holder is None:
                continue
            for old in list(holder):
                holder.remove(old)
            holder.append(color_element(color))
    return len(themes)
