"""The designer's chart colours survive (issue 16, points 6-10): new series, point styles, formats."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from deckkit.errors import RenderError
from deckkit.renderer import render
from tests.readers import assert_readable
from tests.renderer.chart.intent_kit import accent_chart, chart_data, pie_chart
from tests.renderer.chart.kit import NS, output_series, read_chart, series_by_name

CHART = "ppt/charts/chart1.xml"


def filled(template: Path, data: dict[str, Any], tmp_path: Path) -> Any:
    out = tmp_path / "out.pptx"
    out.write_bytes(render(template, [{"template": 1, "chart": data}]).pptx)
    assert_readable(out, template, pages=1, libreoffice=False)
    return read_chart(out, CHART)


def colour(ser: etree._Element) -> tuple[str, ...]:
    """The series' main colour: scheme or rgb value and its lumMod/lumOff modifiers."""
    el = ser.xpath("(c:spPr/a:solidFill/* | c:spPr/a:ln/a:solidFill/*)[1]", namespaces=NS)[0]
    mods = tuple(f"{etree.QName(m).localname}={m.get('val')}" for m in el)
    return (el.get("val"), *mods)


# 6. a new series gets a colour no other series has ---------------------------------------------


@pytest.mark.parametrize("kind", ["COLUMN_CLUSTERED", "LINE_MARKERS", "AREA_STACKED"])
def test_a_new_series_beside_a_kept_one_gets_a_colour_of_its_own(tmp_path: Path, kind: str) -> None:
    template = accent_chart(tmp_path / "t.pptx", kind)
    part = filled(template, chart_data({"S2": [1, 2, 3], "N1": [3, 2, 1]}), tmp_path)
    by_name = series_by_name(part.root)
    assert colour(by_name["S2"]) == ("accent2",)
    assert colour(by_name["N1"]) == ("accent3",)


def test_after_the_sixth_accent_come_darker_and_lighter_variants_never_a_repeat(tmp_path: Path) -> None:
    template = accent_chart(tmp_path / "t.pptx")
    series = {f"N{i}": [i, i, i] for i in range(1, 15)}
    part = filled(template, chart_data(series), tmp_path)
    colours = [colour(s) for s in output_series(part.root)]
    assert len(set(colours)) == len(colours), colours
    assert colours[:6] == [(f"accent{i}",) for i in range(1, 7)]
    assert colours[6] == ("accent1", "lumMod=60000")
    assert colours[12] == ("accent1", "lumMod=80000", "lumOff=20000")


# 7. a new series takes series-level formatting only --------------------------------------------


def test_a_new_series_does_not_copy_another_series_point_highlights(tmp_path: Path) -> None:
    template = accent_chart(tmp_path / "t.pptx", black_point=(1, 1))
    part = filled(template, chart_data({"S1": [1, 2, 3], "S2": [1, 2, 3], "S3": [1, 2, 3]}), tmp_path)
    by_name = series_by_name(part.root)
    assert len(by_name["S2"].findall("c:dPt", NS)) == 1  # the designer's own highlight stays
    assert by_name["S3"].findall("c:dPt", NS) == []


# 8. a one-sided point style keeps the series' other colour -------------------------------------


def test_an_outline_only_point_style_keeps_the_series_fill(tmp_path: Path) -> None:
    template = accent_chart(tmp_path / "t.pptx")
    styles = {"data_point_styles": [None, {"shape": {"outline": "#FF0000"}}]}
    part = filled(template, chart_data({"S1": [1, 2, 3]}, S1=styles), tmp_path)
    (dpt,) = output_series(part.root)[0].findall("c:dPt", NS)
    assert dpt.xpath("c:spPr/a:solidFill/a:schemeClr/@val", namespaces=NS) == ["accent1"]
    assert dpt.xpath("c:spPr/a:ln/a:solidFill/a:srgbClr/@val", namespaces=NS) == ["FF0000"]


def test_a_fill_only_point_style_keeps_the_series_border(tmp_path: Path) -> None:
    template = accent_chart(tmp_path / "t.pptx")
    styles = {"data_point_styles": [{"shape": {"fill": "#000000"}}]}
    part = filled(template, chart_data({"S1": [1, 2, 3]}, S1=styles), tmp_path)
    (dpt,) = output_series(part.root)[0].findall("c:dPt", NS)
    assert dpt.xpath("c:spPr/a:solidFill/a:srgbClr/@val", namespaces=NS) == ["000000"]
    assert dpt.xpath("c:spPr/a:ln/a:solidFill/a:schemeClr/@val", namespaces=NS) == ["lt1"]


# 9. workbook number formats of new series ------------------------------------------------------


def _number_formats(workbook: bytes) -> dict[str, str]:
    import openpyxl

    ws = openpyxl.load_workbook(io.BytesIO(workbook)).worksheets[0]
    return {cell.coordinate: cell.number_format for row in ws.iter_rows(min_row=2) for cell in row[1:]}


def test_new_series_cells_take_the_number_format_of_the_series_they_are_modelled_on(tmp_path: Path) -> None:
    template = accent_chart(tmp_path / "t.pptx")
    data = chart_data({"S1": [0.1, 0.2, 0.3], "S2": [0.4, 0.5, 0.6], "N1": [0.7, 0.8, 0.9]})
    part = filled(template, data, tmp_path)
    formats = _number_formats(part.workbook)
    assert {formats[f"{col}{row}"] for col in "BCD" for row in (2, 3, 4)} == {"0.0%"}


def test_a_reordered_series_keeps_its_own_cell_formats(tmp_path: Path) -> None:
    template = accent_chart(tmp_path / "t.pptx")
    import openpyxl

    # S1's cells are 0.0%, S2's are 0.00 in the template workbook.
    prs_path = template
    import zipfile

    with zipfile.ZipFile(prs_path) as z:
        parts = {i.filename: z.read(i.filename) for i in z.infolist()}
    name = next(n for n in parts if n.startswith("ppt/embeddings/"))
    wb = openpyxl.load_workbook(io.BytesIO(parts[name]))
    for row in (2, 3, 4):
        wb.worksheets[0][f"C{row}"].number_format = "0.00"
    out = io.BytesIO()
    wb.save(out)
    parts[name] = out.getvalue()
    with zipfile.ZipFile(prs_path, "w", zipfile.ZIP_DEFLATED) as z:
        for n, b in parts.items():
            z.writestr(n, b)
    part = filled(template, chart_data({"S2": [1, 2, 3], "S1": [0.1, 0.2, 0.3]}), tmp_path)
    formats = _number_formats(part.workbook)
    assert [formats[f"B{r}"] for r in (2, 3, 4)] == ["0.00"] * 3
    assert [formats[f"C{r}"] for r in (2, 3, 4)] == ["0.0%"] * 3


# 10. series styles on pie and doughnut; point styles on areas ---------------------------------


@pytest.mark.parametrize("kind", ["pie", "doughnut"])
def test_series_styles_on_a_pie_apply_to_every_slice(tmp_path: Path, kind: str) -> None:
    template = pie_chart(tmp_path / "t.pptx", kind=kind.upper())
    styles = {
        "styles": {"shape": {"outline": "#000000"}},
        "data_point_styles": [{"shape": {"fill": "#FF0000"}}],
    }
    part = filled(template, chart_data({"Share": [5, 3, 2]}, Share=styles), tmp_path)
    ser = output_series(part.root)[0]
    dpts = {d.find("c:idx", NS).get("val"): d for d in ser.findall("c:dPt", NS)}
    # the outline is on every slice, over the template's per-slice borders
    for dpt in dpts.values():
        assert dpt.xpath("c:spPr/a:ln/a:solidFill/a:srgbClr/@val", namespaces=NS) == ["000000"]
    # slice fills stay the designer's, except where a point style says otherwise
    assert dpts["0"].xpath("c:spPr/a:solidFill/*/@val", namespaces=NS) == ["FF0000"]
    assert dpts["1"].xpath("c:spPr/a:solidFill/*/@val", namespaces=NS) == ["accent2"]


def test_series_styles_on_bars_apply_over_a_template_point_highlight(tmp_path: Path) -> None:
    template = accent_chart(tmp_path / "t.pptx", black_point=(0, 1))
    part = filled(
        template, chart_data({"S1": [1, 2, 3]}, S1={"styles": {"shape": {"fill": "#00FF00"}}}), tmp_path
    )
    ser = output_series(part.root)[0]
    assert ser.xpath("c:dPt/c:spPr/a:solidFill/*/@val", namespaces=NS) == ["00FF00"]


@pytest.mark.parametrize("kind", ["AREA", "AREA_STACKED"])
def test_point_styles_on_an_area_are_refused_with_the_path(tmp_path: Path, kind: str) -> None:
    template = accent_chart(tmp_path / "t.pptx", kind)
    styles = {"data_point_styles": [{"shape": {"fill": "#FF0000"}}]}
    with pytest.raises(RenderError) as caught:
        render(template, [{"template": 1, "chart": chart_data({"S1": [1, 2, 3]}, S1=styles)}])
    (problem,) = caught.value.problems
    assert problem.path == "slides[0].chart.axis1.series.S1.data_point_styles"
    assert "area" in problem.message


def test_null_point_styles_on_an_area_are_fine(tmp_path: Path) -> None:
    template = accent_chart(tmp_path / "t.pptx", "AREA")
    part = filled(template, chart_data({"S1": [1, 2, 3]}, S1={"data_point_styles": [None, None]}), tmp_path)
    assert output_series(part.root)[0].findall("c:dPt", NS) == []


def test_formats_follow_beyond_the_template_rows_and_spare_the_header(tmp_path: Path) -> None:
    import openpyxl

    template = accent_chart(tmp_path / "t.pptx")
    labels = [f"L{i}" for i in range(40)]
    data = {
        "type": "chart",
        "labels": labels,
        "axis1": {
            "series": {
                "S1": {"values": [0.5] * 40},
                "N1": {"values": [0.25] * 40},
                "N2": {"values": [0.1] * 40},
            }
        },
    }
    part = filled(template, data, tmp_path)
    ws = openpyxl.load_workbook(io.BytesIO(part.workbook)).worksheets[0]
    assert {ws[f"{col}{row}"].number_format for col in "BCD" for row in range(2, 42)} == {"0.0%"}
    assert {ws[f"{col}1"].number_format for col in "BCD"} == {"General"}
    assert ws["D41"].value == 0.1


def test_new_scatter_series_cells_take_the_formats_of_their_prototype(tmp_path: Path) -> None:
    import openpyxl

    from tests.renderer.chart.templates import build_scatter

    template = build_scatter("scatter", tmp_path / "t.pptx")
    with zipfile.ZipFile(template) as z:
        parts = {i.filename: z.read(i.filename) for i in z.infolist()}
    name = next(n for n in parts if n.startswith("ppt/embeddings/"))
    wb = openpyxl.load_workbook(io.BytesIO(parts[name]))
    # Beta, the prototype of new series, is x in A7:A9 and y in B7:B9 (python-pptx stacks series).
    for row in (7, 8, 9):
        wb.worksheets[0][f"A{row}"].number_format = "0.000"
        wb.worksheets[0][f"B{row}"].number_format = "0.0%"
    out = io.BytesIO()
    wb.save(out)
    parts[name] = out.getvalue()
    with zipfile.ZipFile(template, "w", zipfile.ZIP_DEFLATED) as z:
        for n, data in parts.items():
            z.writestr(n, data)
    expected = ("0.000", "0.0%")
    series = {
        name: {"name": name, "values": [[1, 2], [2, 3], [3, 4], [4, 5]]}
        for name in ("Alpha", "Beta", "Gamma")
    }
    part = filled(template, {"type": "scatter-chart", "axis1": {"series": series}}, tmp_path)
    ws = openpyxl.load_workbook(io.BytesIO(part.workbook)).worksheets[0]
    assert {(ws[f"E{r}"].number_format, ws[f"F{r}"].number_format) for r in range(2, 6)} == {expected}
