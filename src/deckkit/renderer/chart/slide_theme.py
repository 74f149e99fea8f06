"""The theme a chart part is drawn with: its slide's master's theme and colour map, and its own overrides.

A slide is drawn with the theme of its layout's master, through the master's colour map; a chart
part may override the colour scheme (a theme override part) and the map (``c:clrMapOvr``). Read
once per master (the template's masters are few) without changing how any part is written: a
part not parsed yet is parsed on the side.
"""

from __future__ import annotations

from lxml import etree

from deckkit.ooxml.chart import c
from deckkit.ooxml.namespaces import P
from deckkit.ooxml.opc.part import Part, parse_xml
from deckkit.ooxml.opc.relationships import RT
from deckkit.ooxml.xml_children import first_child
from deckkit.renderer.bounded_cache import BoundedCache
from deckkit.renderer.chart.drawn_colours import DrawnColours, colour_map, scheme_slots

__all__ = ["chart_colours"]

_MASTERS = 16
# id of a master part -> (the part, its theme's slots, its colour map)
_masters: BoundedCache[int, tuple[Part, dict[str, str], dict[str, str]]] = BoundedCache(_MASTERS)


def _root(part: Part) -> etree._Element:
    return part.xml if part.is_parsed else parse_xml(part.blob, part.name or part.name_hint)


def _master_colours(master: Part) -> tuple[dict[str, str], dict[str, str]]:
    hit = _masters.get(id(master))
    if isinstance(hit, tuple) and hit[0] is master:
        return hit[1], hit[2]
    theme = master.related(RT.THEME)
    slots = scheme_slots(_root(theme)) if theme is not None else {}
    mapping = colour_map(first_child(_root(master), f"{{{P}}}clrMap"))
    _masters.put(id(master), (master, slots, mapping))
    return slots, mapping


def chart_colours(slide: Part, chart: Part) -> DrawnColours:
    """The colours of the chart part as drawn on slide (a template slide and its chart part)."""
    layout = slide.related(RT.SLIDE_LAYOUT)
    master = layout.related(RT.SLIDE_MASTER) if layout is not None else None
    slots, mapping = _master_colours(master) if master is not None else ({}, {})
    override = chart.related(RT.THEME_OVERRIDE)
    if override is not None:
        slots = {**slots, **scheme_slots(_root(override))}
    chart_map = colour_map(first_child(chart.xml, c("clrMapOvr")))
    return DrawnColours(slots, {**mapping, **chart_map} if chart_map else mapping)
