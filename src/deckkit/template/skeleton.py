"""A template's skeleton as ready-to-run Python (``%deckkit skeleton --python``, the browser's tab).

Each template slide becomes one ``deck.add_slide(...)`` whose values are built the way an
analyst would: a DataFrame per table and chart (holding the template's own sample values, so the
code runs as it is), ``Image.from_path`` per picture, strings for text keys.
"""

from __future__ import annotations

import json
from typing import Any

from deckkit.template.slides import Placeholder, TemplateSlide, TemplateSlides

__all__ = ["python_skeleton", "slide_code"]


def _identifier(key: str) -> str:
    name = "".join(c if c.isalnum() else "_" for c in key).strip("_") or "value"
    return name if not name[0].isdigit() else f"v_{name}"


def _literal(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False).replace("null", "None")


def _frame_code(var: str, p: Placeholder) -> tuple[list[str], str]:
    """(lines that build the DataFrame, the expression for the key)."""
    example = p.example
    if p.kind == "table":
        rows = example["rows"]
        header, body = rows[0], rows[1:] or [["" for _ in rows[0]]]
        return (
            [f"{var} = pd.DataFrame({_literal(body)}, columns={_literal(header)})"],
            f"Table.from_dataframe({var})",
        )
    if p.kind == "chart":
        columns: dict[str, Any] = {}
        axis2: list[str] = []
        for axis_name in ("axis1", "axis2"):
            for name, series in example.get(axis_name, {}).get("series", {}).items():
                columns[name] = series["values"]
                if axis_name == "axis2":
                    axis2.append(name)
        extra = f", axis2={_literal(axis2)}" if axis2 else ""
        if "date_labels" in example:  # a date axis: its day serials as dates
            index = f'pd.to_datetime({_literal(example["date_labels"])}, unit="D", origin="1899-12-30")'
        else:
            index = _literal(example["labels"])
        return (
            [f"{var} = pd.DataFrame({_literal(columns)}, index={index})"],
            f"Chart.from_dataframe({var}{extra})",
        )
    points: dict[str, list[Any]] = {"x": [], "y": [], "series": []}
    for axis_name in ("axis1", "axis2"):
        for name, series in example.get(axis_name, {}).get("series", {}).items():
            for x, y in series["values"]:
                points["x"].append(x)
                points["y"].append(y)
                points["series"].append(name)
    return (
        [f"{var} = pd.DataFrame({_literal(points)})"],
        f'Scatter.from_dataframe({var}, x="x", y="y", by="series")',
    )


def slide_code(slide: TemplateSlide) -> list[str]:
    """The lines that add template slide ``slide`` to ``deck``, values first."""
    lines: list[str] = []
    keywords: list[str] = []
    mapping: list[str] = []
    for p in {p.key: p for p in slide.placeholders}.values():
        if p.kind == "text":
            value = _literal(f"{p.key} text")
        elif p.kind in ("picture", "video"):
            value = f'Image.from_path("{_identifier(p.key)}.png")'
        else:
            var = _identifier(p.key)
            built, value = _frame_code(var, p)
            lines += built
        if p.key.isidentifier() and p.key != "template":
            keywords.append(f"{p.key}={value}")
        else:
            mapping.append(f"{_literal(p.key)}: {value}")
    arguments = [str(slide.number)]
    if mapping:
        arguments.append("{" + ", ".join(mapping) + "}")
    arguments += keywords
    call = f"deck.add_slide({', '.join(arguments)})"
    if len(call) > 100:
        call = "deck.add_slide(\n    " + ",\n    ".join(arguments) + ",\n)"
    return [*lines, call]


def python_skeleton(template: TemplateSlides, path: str = "template.pptx") -> str:
    """Python that builds a deck using every template slide once, ready to run and edit."""
    kinds = {p.kind for s in template.slides for p in s.placeholders}
    names = [
        n
        for n, used in (
            ("Chart", "chart" in kinds),
            ("Image", bool(kinds & {"picture", "video"})),
            ("Scatter", "scatter-chart" in kinds),
            ("Table", "table" in kinds),
        )
        if used
    ]
    head = (
        ["import pandas as pd", "", "import deckkit"]
        if kinds & {"table", "chart", "scatter-chart"}
        else ["import deckkit"]
    )
    if names:
        head.append(f"from deckkit import {', '.join(names)}")
    body = [f"deck = deckkit.Deck({_literal(path)})"]
    for slide in template.slides:
        body += [
            "",
            f"# slide {slide.number}" + (f" ({slide.layout})" if slide.layout else ""),
            *slide_code(slide),
        ]
    return "\n".join([*head, "", *body, "", 'result = deck.render("out.pptx")', "result", ""])
