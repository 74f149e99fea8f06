"""The theme a chart part is drawn with: its slide's master's theme and colour map, and its own overrides.

A slide is drawn with the theme of its layout's master, through the master's colour map; a chart
part may override the colour scheme (a theme override part) and the map (``c:clrMapOvr``). Read
without changing how any part is written (a part not parsed yet is parsed on the side), once per
content: every render opens its own package, but a template's theme and masters are the same
bytes each time, and one :class:`DrawnColours` per theme keeps the colours it has resolved.
Every slide made of a template slide plans its chart with the template's chart part: what it is
drawn with is kept with the template chart's tree (:func:`template_colours`), looked up once.
"""

from __future__ import annotations

from collections.abc import Callable

from lxml import etree

from deckkit.ooxml.chart import c
from deckkit.ooxml.namespaces import P
from deckkit.ooxml.opc.part import Part, parse_xml
from deckkit.ooxml.opc.relationships import RT
from deckkit.ooxml.xml_children import first_child
from deckkit.renderer.bounded_cache import BoundedCache
from deckkit.renderer.chart.drawn_colours import DrawnColours, colour_map, scheme_slots
from deckkit.renderer.stencil.memo import SharedMemo

__all__ = ["chart_colours", "template_colours"]

_PARTS = 16
# (reader, a theme or master part's bytes) -> what the reader takes from it
_read: BoundedCache[object, dict[str, str]] = BoundedCache(_PARTS)
# a theme's slots and colour map -> its DrawnColours
_drawn: BoundedCache[tuple[tuple[str, str], ...], DrawnColours] = BoundedCache(_PARTS)
# a template chart's tree (and its slide's name) -> chart_colours of them
_by_template: SharedMemo[DrawnColours] = SharedMemo(32)


def _read_once(part: Part, read: Callable[[etree._Element], dict[str, str]]) -> dict[str, str]:
    """read(the part's root), once per part content (a parsed part is read as it is now)."""
    if part.is_parsed:
        return read(part.xml)
    blob = part.blob
    key = (read, blob)
    hit = _read.get(key)
    if isinstance(hit, dict):
        return hit
    found = read(parse_xml(blob, part.name or part.name_hint))
    _read.put(key, found)
    return found


def _theme_slots(root: etree._Element) -> dict[str, str]:
    return scheme_slots(root)


def _master_map(root: etree._Element) -> dict[str, str]:
    return colour_map(first_child(root, f"{{{P}}}clrMap"))


def chart_colours(slide: Part, chart: Part) -> DrawnColours:
    """The colours of the chart part as drawn on slide (a template slide and its chart part).

    Nothing here holds a part: a server's renders do not keep each other's templates alive.
    """
    layout = slide.related(RT.SLIDE_LAYOUT)
    master = layout.related(RT.SLIDE_MASTER) if layout is not None else None
    theme = master.related(RT.THEME) if master is not None else None
    slots = _read_once(theme, _theme_slots) if theme is not None else {}
    mapping = _read_once(master, _master_map) if master is not None else {}
    override = chart.related(RT.THEME_OVERRIDE)
    if override is not None:
        slots = {**slots, **_read_once(override, _theme_slots)}
    mapping = {**mapping, **colour_map(first_child(chart.xml, c("clrMapOvr")))}
    key = (*sorted(slots.items()), ("", ""), *sorted(mapping.items()))
    hit = _drawn.get(key)
    if isinstance(hit, DrawnColours):
        return hit
    drawn = DrawnColours(slots, mapping)
    _drawn.put(key, drawn)
    return drawn


def template_colours(slide: Part, chart: Part) -> DrawnColours:
    """chart_colours of a template slide and its chart part, once per template chart tree (the
    slide named, not held: within the chart's package a name is one slide)."""
    found = _by_template.get(chart.xml, ("colours", slide.name), lambda: chart_colours(slide, chart))
    assert found is not None
    return found
