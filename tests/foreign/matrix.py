"""The foreign templates and the data.json each data shape makes of them.

Three engines wrote the templates: PptxGenJS and python-pptx (scripts in this folder, files in
``templates/``) and PowerPoint (public decks of tests/corpus/decks). Their charts and tables are
keyed as a designer keys a foreign deck: by alt text where the engine wrote it, else with
``Template.tag`` (what ``deckkit tag`` does) under the shape's suggested key.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deckkit.template.inspect import Template
from tests.foreign.shapes import SHAPES, Shape
from tests.readers import CORPUS

HERE = Path(__file__).resolve().parent
TEMPLATES: dict[str, Path] = {
    "pptxgenjs": HERE / "templates" / "pptxgenjs.pptx",
    "python-pptx": HERE / "templates" / "python-pptx.pptx",
    # Saved by PowerPoint 2016 (pptx-automizer's test templates): clustered bars and a pie, German names.
    "powerpoint-charts": CORPUS / "pptx-automizer" / "__tests___pptx-templates_SlideWithCharts.pptx",
    # Saved by PowerPoint 2016: stacked bars with their labels formatted point by point.
    "powerpoint-stacked": CORPUS / "pptx-automizer" / "__tests___pptx-templates_ChartBarsStackedLabels.pptx",
    # Saved by PowerPoint 2016: styled tables.
    "powerpoint-tables": CORPUS / "pptx-automizer" / "__tests___pptx-templates_SlideWithTables.pptx",
    # Saved by PowerPoint 2007 (Open XML SDK's test assets): a 2-D chart with notes.
    "powerpoint-2007": CORPUS / "open-xml-sdk" / "v2FxTestFiles_presentation_Chart_2D.pptx",
}

# Templates whose chart workbooks deckkit keeps as they were (docs/charts.md: "a workbook that
# cannot be read is kept as it was"): Open XML SDK's PowerPoint 2007 deck embeds a workbook in the
# SpreadsheetML namespace of the Office 2007 beta (.../spreadsheetml/2006/7/main).
WORKBOOK_KEPT = frozenset({"powerpoint-2007"})


@functools.cache
def tagged(name: str) -> Template:
    """The template with every chart and table keyed (untagged ones by their suggested key)."""
    template = Template.open(TEMPLATES[name])
    for slide in template.slides:
        used = set(slide.keys)
        for shape in slide.untagged:
            if shape.kind not in ("chart", "table"):
                continue
            key = shape.suggested_key if shape.suggested_key not in used else f"{shape.kind}_{shape.shape_id}"
            used.add(key)
            template.tag(slide.number, shape.shape_id, key)
    return template


@dataclass(frozen=True)
class Filled:
    """One data slide of a case and what each of its keys is (text, table, chart, scatter-chart)."""

    data: dict[str, Any]
    kinds: dict[str, str]
    pie: frozenset[str]
    template: str


def _is_pie(detail: str) -> bool:
    return any(word in detail.lower() for word in ("pie", "doughnut"))


def slides_for(name: str, shape: Shape) -> list[Filled]:
    """The data slides of template ``name`` that ``shape`` changes (one per template slide it applies to)."""
    template = tagged(name)
    filled = []
    for slide in template.slides:
        data: dict[str, Any] = {"template": slide.number}
        kinds: dict[str, str] = {}
        pies: set[str] = set()
        changed = False
        for place in slide.placeholders:
            if place.key in data or place.kind not in ("text", "table", "chart", "scatter-chart"):
                continue
            pie = _is_pie(place.detail)
            value = shape.applies(place.kind, place.example, pie=pie)
            if value is not None:
                changed = True
            elif place.kind == "text":
                value = f"{name}, slide {slide.number}: {shape.name}"
            else:
                value = place.example
            data[place.key] = value
            kinds[place.key] = place.kind
            if pie:
                pies.add(place.key)
        if changed:
            filled.append(Filled(data, kinds, frozenset(pies), name))
    return filled


def cases() -> list[tuple[str, str]]:
    """Every (template, shape) pair that makes at least one slide."""
    return [(name, shape.name) for name in TEMPLATES for shape in SHAPES if slides_for(name, shape)]


SHAPES_BY_NAME = {shape.name: shape for shape in SHAPES}
