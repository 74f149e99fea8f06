"""Real decks made into templates as a designer would, and data of every size to fill them.

The corpus decks hold text, not ``{keys}``. :func:`keyed` puts a key in each paragraph of text
(``{t1}``, ``{t2}``... in its first run, which keeps that run's formatting) and tags every table
and chart, so that a fill reaches every text box, placeholder, table and chart of the deck.
:func:`fills` gives the data: the deck's own text and tables (which must not warn: nothing grew),
short text with small tables and fewer points, three long paragraphs with 40-row tables and more
points and series, and a 14-item list.
"""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from deckkit.errors import TemplateError
from deckkit.ooxml.namespaces import qn
from deckkit.ooxml.opc.package import open_package
from deckkit.template.inspect import Template

LONG = (
    "Revenue grew in every region this quarter, led by the North where two new distributors "
    "joined the network in August and doubled their first orders.\n"
    "Costs stayed flat: the savings from the consolidated warehouse offset higher freight rates "
    "and the one-off charge for the new planning system.\n"
    "For next quarter we expect a slower start while the South renegotiates its contracts, then a "
    "strong finish driven by the seasonal campaign and the launch of the premium line."
)
ITEMS = [f"Item {i + 1}: the point a presenter makes about topic {i + 1}" for i in range(14)]
_R, _BR, _FLD, _T = qn("a:r"), qn("a:br"), qn("a:fld"), qn("a:t")


@dataclass(frozen=True)
class Keyed:
    """A corpus deck with a key in each paragraph of text and every table and chart tagged."""

    template: bytes
    originals: list[dict[str, str]]  # per slide: key -> the paragraph's own text
    info: Template


def keyed(deck: bytes) -> Keyed:
    """The deck as a template (TemplateError when deckkit refuses the deck itself)."""
    package = open_package(deck)
    originals: list[dict[str, str]] = []
    for slide in package.slides():
        found: dict[str, str] = {}
        for sp in slide.xml.iter(qn("p:sp")):
            body = sp.find(qn("p:txBody"))
            for paragraph in body.findall(qn("a:p")) if body is not None else ():
                parts = [c for c in paragraph if c.tag in (_R, _BR, _FLD)]
                text = "".join(
                    "\n" if c.tag == _BR else "".join(t.text or "" for t in c.iter(_T)) for c in parts
                )
                first = next((c for c in parts if c.tag == _R), None)
                if first is None or not text.strip() or "{" in text or "}" in text:
                    continue
                key = f"t{len(found) + 1}"
                for part in parts:
                    if part is not first:
                        paragraph.remove(part)
                t = first.find(_T)
                assert t is not None
                t.text = "{" + key + "}"
                found[key] = text
        originals.append(found)
    info = Template(package.write())
    for number, slide_info in enumerate(info.slides, 1):
        for shape in slide_info.untagged:
            if shape.kind in ("table", "chart"):
                # A frame deckkit cannot tag (a shape id used twice) is left as it is.
                with contextlib.suppress(TemplateError):
                    info.tag(number, shape.shape_id, f"{shape.kind}_{shape.shape_id}")
    return Keyed(info.data, originals, info)


def _rows(example: dict[str, Any], count: int) -> list[list[str]]:
    rows = example["rows"]
    columns = max((len(r) for r in rows), default=1)
    header = (list(rows[0]) + [""] * columns)[:columns] if rows else [""]
    body = [
        [f"Region {r + 1}" if c == 0 else f"{(r + 1) * (c + 7) * 13:,}" for c in range(columns)]
        for r in range(count)
    ]
    return [header, *body]


def _chart(example: dict[str, Any], more: bool) -> dict[str, Any]:
    """The template chart's data with more points and a series more, or two points and one series."""
    chart = copy.deepcopy(example)
    count = 12 if more else 2
    scatter = chart["type"] == "scatter-chart"
    if not scatter:
        if "date_labels" in chart:
            start = (chart["date_labels"] or [45292])[0]
            chart["date_labels"] = [start + 31 * i for i in range(count)]
        else:
            chart["labels"] = [f"Category {i + 1}" for i in range(count)]
    for axis in ("axis1", "axis2"):
        series = chart.get(axis, {}).get("series")
        if not series:
            continue
        for one in series.values():
            one["values"] = [
                [i * 1.5, (i * 7) % 11 + 1] if scatter else float((i * 13) % 17 + 1) for i in range(count)
            ]
        if more:
            extra = (
                [[i + 0.5, i + 1.0] for i in range(count)]
                if scatter
                else [float(i + 1) for i in range(count)]
            )
            series[f"Extra {axis}"] = {"name": f"Extra {axis}", "values": extra}
        else:
            first = next(iter(series))
            chart[axis]["series"] = {first: series[first]}
    return chart


def fills(deck: Keyed) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """(name, data): ``same`` (the deck's own text, tables and charts), ``short``, ``long``, ``list``."""
    places = [{p.key: p for p in s.placeholders} for s in deck.info.slides]

    def build(text: Any, rows: int | None, chart: bool | None) -> list[dict[str, Any]]:
        slides = []
        for number, (own, keys) in enumerate(zip(deck.originals, places, strict=True), 1):
            entry: dict[str, Any] = {"template": number}
            for key, place in keys.items():
                if place.kind == "text":
                    entry[key] = own.get(key, key) if text is None else text
                elif place.kind == "table":
                    entry[key] = (
                        place.example
                        if rows is None
                        else {"type": "table", "rows": _rows(place.example, rows)}
                    )
                elif place.kind in ("chart", "scatter-chart") and _has_series(place.example):
                    entry[key] = place.example if chart is None else _chart(place.example, chart)
            slides.append(entry)
        return slides

    yield "same", build(None, None, None)
    yield "short", build("Q3 revenue", 5, False)
    yield "long", build(LONG, 40, True)
    yield "list", build({"type": "list", "values": ITEMS}, 5, True)


def _has_series(chart: dict[str, Any]) -> bool:
    return any(chart.get(axis, {}).get("series") for axis in ("axis1", "axis2"))
