"""Value checks of a filled foreign template: what each key shows is what the data says.

A chart's caches (``c:strCache``/``c:numCache``), the embedded workbook's cells its formulas
(``c:f``) point at, and the data agree; a table's cells hold the data's rows; a text key's value
is on the slide and its ``{key}`` is gone.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from pathlib import Path
from typing import Any

from tests.foreign.matrix import WORKBOOK_KEPT, Filled, tagged
from tests.renderer.chart.kit import (
    NS,
    assert_structure,
    cache,
    formula,
    number_text,
    output_series,
    read_chart,
)


class _Workbook:
    """The embedded workbook of a chart, opened once, read at the ranges its formulas name."""

    def __init__(self, data: bytes) -> None:
        import io
        import warnings

        import openpyxl

        with warnings.catch_warnings():
            # PptxGenJS writes workbooks without cell styles; openpyxl says so and reads them.
            warnings.filterwarnings("ignore", "Workbook contains no stylesheet", UserWarning)
            self._book = openpyxl.load_workbook(io.BytesIO(data))

    def at(self, ref: str | None) -> list[Any]:
        from deckkit.renderer.chart.workbook.editor import parse_formula

        parsed = parse_formula(ref or "")
        assert parsed is not None, f"not a cell range: {ref!r}"
        sheet, rng = parsed
        cells = self._book[sheet]
        return [
            cells.cell(r, c).value
            for r in range(rng.top, rng.bottom + 1)
            for c in range(rng.left, rng.right + 1)
        ]


def _shape_with_key(slide: Any, key: str) -> Any:
    for shape in slide.shapes:
        if shape._element.xpath("./*[1]/p:cNvPr/@descr") in ([key], [f"{{{key}}}"]):
            return shape
    raise AssertionError(f"no shape with alt text {key!r} on the output slide")


def check_deck(pptx: Path, filled: list[Filled]) -> None:
    """Fail unless every slide of ``pptx`` (in order) shows what its data slide says."""
    from pptx import Presentation

    slides = list(Presentation(str(pptx)).slides)
    assert len(slides) == len(filled)
    for number, (slide, data) in enumerate(zip(slides, filled, strict=True), start=1):
        for key, kind in data.kinds.items():
            value = data.data[key]
            where = f"output slide {number}, key {key!r}"
            if kind == "text":
                _check_text(slide, key, value, where)
            elif kind == "table":
                _check_table(_shape_with_key(slide, key), value, where)
            else:
                part = read_chart(pptx, _shape_with_key(slide, key).chart_part.partname.lstrip("/"))
                if data.template in WORKBOOK_KEPT:
                    assert part.workbook == _template_workbook(data, key), f"{where}: the workbook changed"
                    part = replace(part, workbook=None)
                if kind == "scatter-chart":
                    _check_scatter(part, value, where)
                else:
                    _check_chart(part, value, pie=key in data.pie, where=where)


def _template_workbook(data: Filled, key: str) -> bytes | None:
    import io

    from pptx import Presentation

    template = Presentation(io.BytesIO(tagged(data.template).data))
    frame = _shape_with_key(template.slides[data.data["template"] - 1], key)
    return read_chart_bytes(frame.chart_part)


def read_chart_bytes(chart_part: Any) -> bytes | None:
    """The embedded workbook of a python-pptx chart part (None when it has none)."""
    workbook = chart_part.chart_workbook.xlsx_part
    return None if workbook is None else bytes(workbook.blob)


def _check_text(slide: Any, key: str, value: str, where: str) -> None:
    paragraphs = [
        "".join(t.text or "" for t in p.iter("{*}t"))
        for p in slide._element.iter("{*}p")
        if p.tag.endswith("}p")
    ]
    assert not any(f"{{{key}}}" in p for p in paragraphs), f"{where}: {{{key}}} left on the slide"
    if value:
        assert any(value in p for p in paragraphs), f"{where}: {value!r} is not on the slide"


def _check_table(frame: Any, value: dict[str, Any], where: str) -> None:
    rows = value["rows"]
    width = max(len(r) for r in rows)
    expected = [[str(c) for c in r] + [""] * (width - len(r)) for r in rows]
    got = [[cell.text for cell in row.cells] for row in frame.table.rows]
    assert got == expected, f"{where}: the table shows {got}, the data says {expected}"


def _expected_series(chart: dict[str, Any], pie: bool) -> list[tuple[str, list[Any]]]:
    series = [
        (s.get("name") or key, s["values"])
        for axis in ("axis1", "axis2")
        for key, s in chart.get(axis, {}).get("series", {}).items()
    ]
    return series[:1] if pie else series


def _text(value: Any) -> str:
    """A cell or cache value as text, an empty cell and an empty string alike."""
    return "" if value is None else str(value)


def _serial(value: Any) -> Any:
    """A workbook cell read by openpyxl as a date, as the day serial it holds."""
    if isinstance(value, dt.datetime | dt.date):
        from openpyxl.utils.datetime import to_excel

        return to_excel(value)
    return value


def _check_chart(part: Any, chart: dict[str, Any], *, pie: bool, where: str) -> None:
    root = part.root
    assert_structure(root)
    expected = _expected_series(chart, pie)
    series = output_series(root)
    assert [_text(cache(s.find("c:tx", NS))[0]) for s in series] == [n for n, _ in expected], where
    book = None if part.workbook is None else _Workbook(part.workbook)
    if "date_labels" in chart:
        labels: list[Any] = [number_text(float(v)) for v in chart["date_labels"]]
        assert root.find(".//c:dateAx", NS) is not None, f"{where}: date labels on a category axis"
    else:
        labels = chart["labels"]
    for ser, (name, values) in zip(series, expected, strict=True):
        what = f"{where}, series {name!r}"
        assert [_text(v) for v in cache(ser.find("c:cat", NS))] == [_text(v) for v in labels], what
        assert cache(ser.find("c:val", NS)) == [number_text(v) for v in values], what
        if book is None:
            continue
        assert book.at(formula(ser.find("c:tx", NS))) == [name], what
        cells = book.at(formula(ser.find("c:cat", NS)))
        if "date_labels" in chart:
            assert [_serial(v) for v in cells] == chart["date_labels"], what
        else:
            assert [_text(v) for v in cells] == [_text(v) for v in labels], what
        assert book.at(formula(ser.find("c:val", NS))) == values, what


def _check_scatter(part: Any, chart: dict[str, Any], where: str) -> None:
    root = part.root
    assert_structure(root)
    expected = _expected_series(chart, pie=False)
    series = output_series(root)
    assert [_text(cache(s.find("c:tx", NS))[0]) for s in series] == [n for n, _ in expected], where
    book = None if part.workbook is None else _Workbook(part.workbook)
    rows = max(len(values) for _, values in expected)
    for ser, (name, points) in zip(series, expected, strict=True):
        what = f"{where}, series {name!r}"
        pad = [None] * (rows - len(points))
        xs = [float(x) for x, _ in points] + pad
        ys = [float(y) for _, y in points] + pad
        assert cache(ser.find("c:xVal", NS)) == [number_text(x) for x in xs], what
        assert cache(ser.find("c:yVal", NS)) == [number_text(y) for y in ys], what
        if book is None:
            continue
        assert book.at(formula(ser.find("c:tx", NS))) == [name], what
        assert book.at(formula(ser.find("c:xVal", NS))) == xs, what
        assert book.at(formula(ser.find("c:yVal", NS))) == ys, what
