"""What a template expects: its slides, the keys on each, what each key can take, and a skeleton.

Inspection reads the template through the renderer's own ``package`` and ``locate`` layers, so
what it lists is exactly what ``deckkit.renderer`` will find::

    >>> template = Template.open("template.pptx")          # doctest: +SKIP
    >>> [p.key for p in template.slide(3).placeholders]    # doctest: +SKIP
    ['caption', 'table']
    >>> template.skeleton()                                 # doctest: +SKIP
    {'slides': [{'template': 1, 'title': 'title text', ...}, ...]}
"""

from __future__ import annotations

import html
import json
import os
from pathlib import Path
from typing import Any

from lxml import etree

from deckkit.display_hook import Displayable
from deckkit.errors import TemplateError
from deckkit.ooxml.chart import chart_label, family, local, plot_groups, series_name
from deckkit.ooxml.external_links import ExternalLink, external_links, links_allowed
from deckkit.ooxml.geometry import slide_size
from deckkit.ooxml.locate import chart_relationship_id, locate_placeholders, non_visual_properties
from deckkit.ooxml.namespaces import qn
from deckkit.ooxml.opc.package import Package, open_package
from deckkit.ooxml.opc.part import Part
from deckkit.ooxml.opc.relationships import RT
from deckkit.places import PlaceKindName, place_kind
from deckkit.template.chart_kinds import chart_kind
from deckkit.template.schema import template_json_schema
from deckkit.template.skeleton import python_skeleton
from deckkit.template.slides import Placeholder, TemplateSlide
from deckkit.template.tagging import tag_shape, untagged_shapes

__all__ = ["Placeholder", "Template", "TemplateSlide"]


class Template(Displayable):
    """A template.pptx opened for inspection (its notebook display: every slide's thumbnail with
    its keys; :meth:`keys_html` is the plain listing)."""

    def __init__(self, data: bytes, name: str = "template.pptx") -> None:
        self.name = name
        self._open(data)

    def _open(self, data: bytes) -> None:
        self.data = data
        self._package = open_package(data)
        self.slides: list[TemplateSlide] = [
            _describe_slide(self._package, part, number)
            for number, part in enumerate(self._package.slides(), 1)
        ]
        self.slide_size: tuple[int, int] = slide_size(self._package.presentation.xml)
        self.external_links: list[ExternalLink] = external_links(self._package.reachable())
        """Links to files or addresses outside the deck (linked pictures, workbooks, OLE objects,
        ``file:`` links) that PowerPoint may fetch where a deck of this template is opened."""
        self.external_links_allowed: bool = links_allowed(self._package.root_rels)
        """The template says its external links are meant (renders keep quiet about them)."""

    @classmethod
    def open(cls, source: str | os.PathLike[str] | bytes) -> Template:
        """Open a template from a path or bytes (raises TemplateError when it cannot be used)."""
        if isinstance(source, bytes):
            return cls(source)
        path = Path(source)
        return cls(path.read_bytes(), path.name)

    def slide(self, number: int) -> TemplateSlide:
        """Template slide ``number`` (from 1)."""
        if not 1 <= number <= len(self.slides):
            raise IndexError(f"{self.name} has slides 1 to {len(self.slides)}, not {number}")
        return self.slides[number - 1]

    def tag(self, slide: int, shape: str | int, key: str) -> None:
        """Give ``shape`` (its name, or its id as the selection pane and ``deckkit inspect`` show it)
        on template slide ``slide`` the alt text ``key``, so that data.json fills it by that key.

        The template changes in memory (:attr:`data`, :attr:`slides`); :meth:`save` writes it.
        TemplateError when the slide, the shape or the key will not do, saying why.
        """
        if not 1 <= slide <= len(self.slides):
            raise TemplateError(f"{self.name} has slides 1 to {len(self.slides)}, not {slide}")
        package = open_package(self.data)
        tag_shape(package.slides()[slide - 1].xml, slide, str(shape), key)
        self._open(package.write())

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the template (as tagged) to ``path``."""
        Path(path).write_bytes(self.data)

    def skeleton(self) -> dict[str, Any]:
        """A data.json that uses every template slide once and fills every key with an example."""
        return {"slides": [s.skeleton() for s in self.slides]}

    def skeleton_json(self) -> str:
        return json.dumps(self.skeleton(), indent=2, ensure_ascii=False)

    def json_schema(self) -> dict[str, Any]:
        """A JSON Schema of data.json for this template: each slide's keys and what they take."""
        return template_json_schema(self)

    def python_skeleton(self, path: str = "template.pptx") -> str:
        """Ready-to-run SDK code that uses every slide once (``%deckkit skeleton --python``)."""
        return python_skeleton(self, path)

    def __repr__(self) -> str:
        keys = sum(len(s.placeholders) for s in self.slides)
        return f"<Template {self.name!r}: {len(self.slides)} slides, {keys} placeholders>"

    def keys_html(self) -> str:
        """Every slide's keys as an HTML table (no pictures)."""
        rows = []
        for s in self.slides:
            cells = "<br>".join(
                f"<code>{html.escape(p.key)}</code> <small>{html.escape(p.detail)}</small>"
                for p in s.placeholders
            )
            rows.append(
                f"<tr><td>{s.number}</td><td>{html.escape(s.layout)}</td><td>{cells or '—'}</td></tr>"
            )
        return (
            f"<div><b>{html.escape(self.name)}</b>: {len(self.slides)} slides"
            "<table><thead><tr><th>slide</th><th>layout</th><th>placeholders</th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table></div>"
        )


def _layout_name(slide: Part) -> str:

    layout = slide.related(RT.SLIDE_LAYOUT)
    if layout is None:
        return ""
    c_sld = layout.xml.find(qn("p:cSld"))
    return (c_sld.get("name") or "") if c_sld is not None else ""


def _describe_slide(package: Package, slide: Part, number: int) -> TemplateSlide:

    found = locate_placeholders(slide.xml)
    places: list[Placeholder] = []
    for key, occurrences in found.text.items():
        shape = occurrences[0].shape
        nv = non_visual_properties(shape)
        name = (nv.get("name") or "") if nv is not None else ""
        where = "a table cell" if occurrences[0].cell is not None else f'"{name}"'
        detail = f"text in {where}" + (f" ({len(occurrences)} places)" if len(occurrences) > 1 else "")
        places.append(Placeholder(key, "text", name, detail, f"{key} text"))
    notes = slide.related(RT.NOTES_SLIDE)
    if notes is not None:
        # A key only in the speaker notes takes text (or a list) like one on the slide.
        for key in locate_placeholders(notes.xml).text:
            if key not in found.text:
                places.append(Placeholder(key, "text", "", "text in the speaker notes", f"{key} text"))
    for frame in found.frames:
        if not frame.names_a_key:
            continue  # a description for screen readers ("Curved arrow"), not a key: see docs/templates.md
        key = frame.key
        if frame.kind == "table":
            places.append(_table_placeholder(key, frame.name, frame.element))
        elif frame.kind == "chart":
            placeholder = _chart_placeholder(key, frame.name, frame.element, slide)
            if placeholder is not None:
                places.append(placeholder)
        elif place_kind(frame.kind).listed:  # a picture or a video
            example = {"type": "image", "src": f"images/{key}.png", "scaling": "contain"}
            places.append(Placeholder(key, frame.kind, frame.name, f'{frame.kind} "{frame.name}"', example))
    return TemplateSlide(number, _layout_name(slide), tuple(places), tuple(untagged_shapes(slide.xml)))


def _cell_text(tc: etree._Element) -> str:

    paragraphs = tc.findall(qn("a:txBody/a:p"))
    return "\n".join("".join(t.text or "" for t in p.iter(qn("a:t"))) for p in paragraphs)


def _table_placeholder(key: str, name: str, frame: etree._Element) -> Placeholder:

    rows = [[_cell_text(tc) for tc in tr.findall(qn("a:tc"))] for tr in frame.iter(qn("a:tr"))]
    columns = max((len(r) for r in rows), default=0)
    example = {"type": "table", "rows": rows or [[""]]}
    return Placeholder(key, "table", name, f"table {len(rows)}x{columns}", example)


def _chart_placeholder(key: str, name: str, frame: etree._Element, slide: Part) -> Placeholder | None:

    rid = chart_relationship_id(frame)
    part = slide.rels.target_part(rid) if rid else None
    if part is None:
        return None
    groups = plot_groups(part.xml)
    kind: PlaceKindName = "scatter-chart" if family(groups) == "scatter" else "chart"
    names = [series_name(ser) or f"Series {i + 1}" for g in groups for i, ser in enumerate(g.series)]
    detail = f"{chart_label(groups)} chart" + (
        f" with series {', '.join(map(json.dumps, names))}" if names else ""
    )
    return Placeholder(key, kind, name, detail, _chart_example(kind, groups), chart_kind(groups))


def _cache_points(ser: etree._Element, tag: str) -> list[Any]:

    cache = ser.find(qn(f"c:{tag}"))
    if cache is None:
        return []
    count_el = cache.find(qn(".//c:ptCount"))
    count = int(count_el.get("val", "0")) if count_el is not None else 0
    values: list[Any] = [None] * count
    for pt in cache.iter(qn("c:pt")):
        index = int(pt.get("idx", "0"))
        v = pt.find(qn("c:v"))
        if 0 <= index < count and v is not None:
            values[index] = v.text
    return values


def _number(text: Any) -> float | None:
    try:
        return float(text) if text is not None else None
    except ValueError:
        return None


def _chart_example(kind: PlaceKindName, groups: list[Any]) -> dict[str, Any]:

    axes: dict[str, dict[str, Any]] = {}
    labels: list[str] = []
    dates = any(g.x_axis is not None and local(g.x_axis) == "dateAx" for g in groups)
    for group in groups:
        axis = axes.setdefault("axis2" if group.secondary else "axis1", {"series": {}})
        for ser in group.series:
            name = series_name(ser) or f"Series {len(axis['series']) + 1}"
            if kind == "scatter-chart":
                xs, ys = _cache_points(ser, "xVal"), _cache_points(ser, "yVal")
                points = [[_number(x) or 0.0, _number(y) or 0.0] for x, y in zip(xs, ys, strict=False)]
                axis["series"][name] = {"name": name, "values": points}
            else:
                if not labels:
                    labels = [str(v or "") for v in _cache_points(ser, "cat")]
                values = [_number(v) for v in _cache_points(ser, "val")]
                axis["series"][name] = {"name": name, "values": values}
    if not any(axis["series"] for axis in axes.values()):
        # A chart the designer left without series: data needs one (an empty "series" is refused).
        example: list[Any] = (
            [[1.0, 2.0], [2.0, 3.0], [3.0, 5.0]] if kind == "scatter-chart" else [2.0, 3.0, 5.0]
        )
        axes = {"axis1": {"series": {"Series 1": {"name": "Series 1", "values": example}}}}
    if kind == "scatter-chart":
        return {"type": "scatter-chart", **axes}
    count = max((len(s["values"]) for a in axes.values() for s in a["series"].values()), default=0)
    labels = (labels + [f"Category {i + 1}" for i in range(len(labels), count)])[:count]
    for axis in axes.values():
        for s in axis["series"].values():
            s["values"] = (s["values"] + [None] * count)[:count]
    serials = [_number(label) for label in labels]
    if dates and serials and all(v is not None and v == int(v) for v in serials):
        # A date axis: its categories are day serials, given back as dates (not as text labels).
        return {"type": "chart", "date_labels": [int(v or 0) for v in serials], **axes}
    return {"type": "chart", "labels": labels, **axes}
