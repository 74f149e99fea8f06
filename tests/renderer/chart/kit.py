"""Chart test kit: fill the chart parts of a pptx directly, write them back, read them out.

The filler's own tests (and the corpus test, whose charts have no alt text) call
``check_chart``/``fill_chart`` on a chart part and store the result (chart XML and embedded
workbook) in a copy of the pptx; end-to-end tests go through ``deckkit.render``.
"""

from __future__ import annotations

import io
import posixpath
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lxml import etree

from deckkit.model.elements import Chart, ScatterChart
from deckkit.renderer.chart.checks import check_chart
from deckkit.renderer.chart.filler import fill_chart

C = "http://schemas.openxmlformats.org/drawingml/2006/chart"
NS = {"c": C, "a": "http://schemas.openxmlformats.org/drawingml/2006/main"}
_PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"


@dataclass
class ChartPart:
    name: str  # ppt/charts/chart1.xml
    root: etree._Element
    workbook_name: str | None  # ppt/embeddings/...xlsx (None when linked or absent)
    workbook: bytes | None


def chart_part_names(pptx: Path) -> list[str]:
    with zipfile.ZipFile(pptx) as z:
        names = [n for n in z.namelist() if re.fullmatch(r"ppt/charts/chart\d+\.xml", n)]
    return sorted(names, key=lambda n: int("".join(ch for ch in posixpath.basename(n) if ch.isdigit()) or 0))


def read_chart(pptx: Path, name: str) -> ChartPart:
    with zipfile.ZipFile(pptx) as z:
        root = etree.fromstring(z.read(name))
        folder, base = posixpath.split(name)
        rels_name = posixpath.join(folder, "_rels", base + ".rels")
        workbook_name = workbook = None
        ext = root.find(f"{{{C}}}externalData")
        if ext is not None and rels_name in z.namelist():
            rid = ext.get("{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id")
            for rel in etree.fromstring(z.read(rels_name)).iter(f"{{{_PKG_REL}}}Relationship"):
                if rel.get("Id") == rid and rel.get("TargetMode") != "External":
                    candidate = posixpath.normpath(posixpath.join(folder, rel.get("Target", "")))
                    if candidate in z.namelist():
                        workbook_name, workbook = candidate, z.read(candidate)
    return ChartPart(name, root, workbook_name, workbook)


def write_parts(src: Path, dst: Path, replacements: dict[str, bytes]) -> None:
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            zout.writestr(info, replacements.get(info.filename, zin.read(info.filename)))


def fill_pptx(
    template: Path, out: Path, charts: dict[str, Chart | ScatterChart | dict[str, Any]]
) -> dict[str, ChartPart]:
    """Fill the named chart parts of template into out; raise AssertionError on check problems."""
    replacements: dict[str, bytes] = {}
    filled = {}
    for name, data in charts.items():
        model = _model(data)
        part = read_chart(template, name)
        problems = check_chart(part.root, model, "chart")
        assert not problems, problems
        new_workbook = fill_chart(part.root, model, part.workbook)
        replacements[name] = etree.tostring(
            part.root, xml_declaration=True, encoding="UTF-8", standalone=True
        )
        if part.workbook_name is not None and new_workbook is not None:
            replacements[part.workbook_name] = new_workbook
        filled[name] = ChartPart(name, part.root, part.workbook_name, new_workbook)
    write_parts(template, out, replacements)
    return filled


def _model(data: Chart | ScatterChart | dict[str, Any]) -> Chart | ScatterChart:
    if isinstance(data, Chart | ScatterChart):
        return data
    return (
        ScatterChart.model_validate(data)
        if data.get("type") in ("scatter-chart", "scatter_chart")
        else Chart.model_validate(data)
    )


def sheet_values(workbook: bytes, sheet: str | None = None) -> dict[str, Any]:
    """{'A1': value} of the non-empty cells of a sheet, read with openpyxl."""
    import openpyxl

    wb = openpyxl.load_workbook(io.BytesIO(workbook))
    ws = wb[sheet] if sheet else wb.worksheets[0]
    return {cell.coordinate: cell.value for row in ws.iter_rows() for cell in row if cell.value is not None}


def output_series(root: etree._Element) -> list[etree._Element]:
    """The chart's series in display order (c:order)."""
    series = root.findall(".//c:plotArea/*/c:ser", NS)
    return sorted(series, key=lambda s: int(s.find("c:order", NS).get("val")))


def cache(el: etree._Element | None) -> list[str | None]:
    """Point values of a cache or literal, None for gaps, ptCount long."""
    if el is None:
        return []
    count = el.find(".//c:ptCount", NS)
    n = int(count.get("val")) if count is not None else 0
    out: list[str | None] = [None] * n
    for pt in el.iterfind(".//c:pt", NS):
        out[int(pt.get("idx"))] = pt.findtext("c:v", namespaces=NS)
    return out


def formula(el: etree._Element | None) -> str | None:
    return None if el is None else el.findtext(".//c:f", namespaces=NS)


def range_values(workbook: bytes, ref: str) -> list[Any]:
    """Values of the cells a chart formula points to, read with openpyxl (row by row)."""
    import openpyxl

    from deckkit.renderer.chart.workbook.editor import parse_formula

    parsed = parse_formula(ref)
    assert parsed is not None, ref
    sheet, rng = parsed
    ws = openpyxl.load_workbook(io.BytesIO(workbook))[sheet]
    return [
        ws.cell(r, col).value
        for r in range(rng.top, rng.bottom + 1)
        for col in range(rng.left, rng.right + 1)
    ]


def number_text(value: float | None) -> str | None:
    from deckkit.renderer.chart.workbook.editor import format_number

    return None if value is None else format_number(value)


def assert_structure(root: etree._Element) -> None:
    """Unique idx and order; no empty group; every axis used by a group and every group axis present."""
    series = output_series(root)
    idx = [s.find("c:idx", NS).get("val") for s in series]
    assert len(set(idx)) == len(idx), idx
    assert [int(s.find("c:order", NS).get("val")) for s in series] == list(range(len(series)))
    area = root.find(".//c:plotArea", NS)
    groups = [g for g in area if g.tag.endswith("Chart")]
    assert all(g.findall("c:ser", NS) for g in groups), "a plot group was left without series"
    group_axes = {a.get("val") for g in groups for a in g.findall("c:axId", NS)}
    axes = {
        ax.find("c:axId", NS).get("val")
        for ax in area
        if ax.tag.rsplit("}", 1)[1] in ("catAx", "valAx", "dateAx", "serAx")
    }
    assert axes <= group_axes, f"orphaned axes {axes - group_axes}"
    # 3-D charts without a series axis name it "0" (as PowerPoint writes them).
    assert group_axes - axes <= {"0"}, f"groups on missing axes {group_axes - axes}"


def formatting(ser: etree._Element) -> dict[str, bytes]:
    """The formatting children of a series, serialized (data children left out)."""
    keep = (
        "spPr",
        "marker",
        "invertIfNegative",
        "dLbls",
        "smooth",
        "explosion",
        "trendline",
        "errBars",
        "shape",
    )
    return {tag: etree.tostring(el) for tag in keep for el in ser.findall(f"c:{tag}", NS)}


def series_by_name(root: etree._Element) -> dict[str, etree._Element]:
    return {s.find("c:tx", NS).findtext(".//c:v", namespaces=NS): s for s in output_series(root)}
