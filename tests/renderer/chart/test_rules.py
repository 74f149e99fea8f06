"""The chart filler's rules: placement of series, axes, dates, styles, errors, workbook kinds."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from deckkit.model.elements import Chart, ScatterChart
from deckkit.renderer.chart.checks import check_chart, describe_chart
from deckkit.renderer.chart.filler import fill_chart
from tests.readers import assert_readable
from tests.renderer.chart.kit import (
    NS,
    assert_structure,
    cache,
    fill_pptx,
    formatting,
    formula,
    output_series,
    read_chart,
    series_by_name,
    sheet_values,
)
from tests.renderer.chart.templates import build_category, build_scatter, use_table_workbook

CHART = "ppt/charts/chart1.xml"


def chart(
    labels: list[str], axis1: dict[str, list[Any]], axis2: dict[str, list[Any]] | None = None, **extra: Any
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "type": "chart",
        "labels": labels,
        "axis1": {"series": {k: {"values": v} for k, v in axis1.items()}},
    }
    if axis2 is not None:
        data["axis2"] = {"series": {k: {"values": v} for k, v in axis2.items()}}
    data.update(extra)
    return data


def names(root: etree._Element) -> list[str]:
    return [s.find("c:tx", NS).findtext(".//c:v", namespaces=NS) for s in output_series(root)]


def group_of(root: etree._Element, name: str) -> str:
    return etree.QName(series_by_name(root)[name].getparent()).localname


# -- errors ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def column_root(tmp_path_factory: pytest.TempPathFactory) -> etree._Element:
    return read_chart(build_category("column_clustered", tmp_path_factory.mktemp("c") / "t.pptx"), CHART).root


def test_describe_names_kind_and_series(column_root: etree._Element) -> None:
    assert describe_chart(column_root) == 'a clustered column chart with series "Revenue", "Costs", "Margin"'


def test_describe_combo_names_the_secondary_series(tmp_path: Path) -> None:
    root = read_chart(build_category("bar_line_secondary", tmp_path / "t.pptx"), CHART).root
    assert describe_chart(root) == (
        'a clustered column + line with markers chart with series "Revenue", "Costs" '
        'and, on the secondary axis, "Margin"'
    )


def test_axis2_without_secondary_axis_is_an_error(column_root: etree._Element) -> None:
    data = Chart.model_validate(chart(["a"], {"Revenue": [1]}, {"Other": [2]}))
    problems = check_chart(column_root, data, "slides[0].sales")
    assert [p.path for p in problems] == ["slides[0].sales.axis2"]
    assert "no secondary value axis" in problems[0].message


def test_length_mismatch_names_both_lengths(column_root: etree._Element) -> None:
    data = Chart.model_validate(chart(["a", "b", "c"], {"Revenue": [1, 2], "New one": [1, 2, 3]}))
    problems = check_chart(column_root, data, "s")
    assert [str(p) for p in problems] == [
        "s.axis1.series.Revenue.values: has 2 values but labels has 3; give one value per label"
    ]


def test_bounds_must_be_a_range(column_root: etree._Element) -> None:
    data = Chart.model_validate(
        {
            "type": "chart",
            "labels": ["a"],
            "axis1": {"series": {"Revenue": {"values": [1]}}, "bounds": {"minimum": 5, "maximum": 5}},
        }
    )
    assert [str(p) for p in check_chart(column_root, data, "s")] == [
        "s.axis1.bounds: minimum (5) must be less than maximum (5)"
    ]
    fine = Chart.model_validate(
        {
            "type": "chart",
            "labels": ["a"],
            "axis1": {"series": {"Revenue": {"values": [1]}}, "bounds": {"minimum": 0}},
        }
    )
    assert check_chart(column_root, fine, "s") == []


def test_scatter_bounds_must_be_ranges(tmp_path: Path) -> None:
    root = read_chart(build_scatter("scatter", tmp_path / "s.pptx"), CHART).root
    data = ScatterChart.model_validate(
        {
            "type": "scatter-chart",
            "axis1": {
                "series": {"Alpha": {"name": "Alpha", "values": [[1, 2]]}},
                "y_bounds": {"minimum": 3, "maximum": 1},
            },
        }
    )
    assert [p.path for p in check_chart(root, data, "s")] == ["s.axis1.y_bounds"]


def test_too_many_point_styles_is_an_error(column_root: etree._Element) -> None:
    data = Chart.model_validate(
        {
            "type": "chart",
            "labels": ["a"],
            "axis1": {
                "series": {"x y": {"values": [1], "data_point_styles": [None, {"shape": {"fill": "red"}}]}}
            },
        }
    )
    problems = check_chart(column_root, data, "s")
    assert [p.path for p in problems] == ['s.axis1.series["x y"].data_point_styles']


def test_scatter_data_for_a_category_chart_and_the_reverse(
    column_root: etree._Element, tmp_path: Path
) -> None:
    scatter = ScatterChart.model_validate(
        {"type": "scatter-chart", "axis1": {"series": {"a": {"name": "a", "values": [[1, 2]]}}}}
    )
    problems = check_chart(column_root, scatter, "s.k")
    assert len(problems) == 1
    assert '"type": "chart"' in problems[0].message
    assert "clustered column" in problems[0].message
    scatter_root = read_chart(build_scatter("scatter", tmp_path / "s.pptx"), CHART).root
    problems = check_chart(scatter_root, Chart.model_validate(chart(["a"], {"x": [1]})), "s.k")
    assert len(problems) == 1
    assert '"type": "scatter-chart"' in problems[0].message


# -- series placement ------------------------------------------------------------------------------


def test_unnamed_series_removed_and_data_order_kept(tmp_path: Path) -> None:
    template = build_category("column_clustered", tmp_path / "t.pptx")
    part = fill_pptx(
        template, tmp_path / "o.pptx", {CHART: chart(["a", "b"], {"Margin": [1, 2], "Revenue": [3, 4]})}
    )[CHART]
    assert names(part.root) == ["Margin", "Revenue"]
    before = series_by_name(read_chart(template, CHART).root)
    after = series_by_name(part.root)
    for name in ("Margin", "Revenue"):
        assert after[name].find("c:idx", NS).get("val") == before[name].find("c:idx", NS).get("val")
        # Point formats and labels of points that no longer exist go; the rest is unchanged.
        expected = formatting(before[name])
        assert formatting(after[name]) == expected
    assert sheet_values(part.workbook) == {
        "B1": "Margin",
        "C1": "Revenue",
        "A2": "a",
        "B2": 1,
        "C2": 3,
        "A3": "b",
        "B3": 2,
        "C3": 4,
    }


def test_new_series_beyond_the_template_take_the_next_accent(tmp_path: Path) -> None:
    from pptx import Presentation
    from pptx.enum.dml import MSO_THEME_COLOR

    template = build_category("column_clustered", tmp_path / "t.pptx")
    prs = Presentation(str(template))
    plot = prs.slides[0].shapes[0].chart.plots[0]
    for series, accent in zip(
        plot.series,
        (MSO_THEME_COLOR.ACCENT_1, MSO_THEME_COLOR.ACCENT_2, MSO_THEME_COLOR.ACCENT_4),
        strict=True,
    ):
        series.format.fill.fore_color.theme_color = accent
    prs.save(str(template))
    data = chart(["a"], {"A": [1], "B": [2], "C": [3], "D": [4], "E": [5]})
    part = fill_pptx(template, tmp_path / "o.pptx", {CHART: data})[CHART]
    fills = [s.find("c:spPr/a:solidFill/a:schemeClr", NS).get("val") for s in output_series(part.root)]
    # Positions 0-2 copy the template series there; then accent4 + 1, + 2.
    assert fills == ["accent1", "accent2", "accent4", "accent5", "accent6"]
    assert_structure(part.root)
    assert_readable(tmp_path / "o.pptx", template, pages=1, libreoffice=False)


def test_combo_on_one_axis_routes_series_by_name_then_position(tmp_path: Path) -> None:
    template = build_category("bar_line", tmp_path / "t.pptx")  # bars: Revenue, Costs; line: Margin
    data = chart(["a", "b"], {"Margin": [1, 2], "N1": [1, 1], "N2": [2, 2], "N3": [3, 3]})
    part = fill_pptx(template, tmp_path / "o.pptx", {CHART: data})[CHART]
    # Margin stays a line; N1, N2 take the places of Costs and Margin among the axis's series.
    assert [group_of(part.root, n) for n in names(part.root)] == [
        "lineChart",
        "barChart",
        "lineChart",
        "lineChart",
    ]
    assert names(part.root) == ["Margin", "N1", "N2", "N3"]
    assert_structure(part.root)


def test_secondary_groups_and_axes_go_when_axis2_is_absent(tmp_path: Path) -> None:
    template = build_category("bar_line_secondary", tmp_path / "t.pptx")
    part = fill_pptx(template, tmp_path / "o.pptx", {CHART: chart(["a"], {"Revenue": [1]})})[CHART]
    assert part.root.find(".//c:lineChart", NS) is None
    assert len(part.root.findall(".//c:valAx", NS)) == 1
    assert_structure(part.root)
    assert_readable(tmp_path / "o.pptx", template, pages=1, libreoffice=False)


def test_secondary_axis_series_and_settings(tmp_path: Path) -> None:
    from pptx import Presentation

    template = build_category("bar_line_secondary", tmp_path / "t.pptx")
    prs = Presentation(str(template))
    from pptx.chart.axis import ValueAxis

    primary_ax = prs.slides[0].shapes[0].chart._chartSpace.xpath(".//c:valAx[c:axPos/@val='l']")[0]
    tick_labels = ValueAxis(primary_ax).tick_labels
    tick_labels.number_format, tick_labels.number_format_is_linked = "#,##0.0", False
    prs.save(str(template))
    data = chart(["a", "b"], {"Revenue": [1, 2]}, {"Margin": [0.1, 0.2], "Share": [0.3, 0.4]})
    data["axis1"].update({"bounds": {"minimum": 0, "maximum": 10}, "major_unit": 2})
    data["axis2"].update({"format": "0%", "bounds": {"maximum": 1}})
    part = fill_pptx(template, tmp_path / "o.pptx", {CHART: data})[CHART]
    assert group_of(part.root, "Share") == "lineChart"
    primary, secondary = part.root.findall(".//c:valAx", NS)
    assert primary.find("c:scaling/c:min", NS).get("val") == "0"
    assert primary.find("c:scaling/c:max", NS).get("val") == "10"
    assert primary.find("c:majorUnit", NS).get("val") == "2"
    assert secondary.find("c:numFmt", NS).get("formatCode") == "0%"
    assert secondary.find("c:scaling/c:max", NS).get("val") == "1"
    # The primary axis keeps the template's number format: the data did not set one.
    assert primary.find("c:numFmt", NS).get("formatCode") == "#,##0.0"
    assert_readable(tmp_path / "o.pptx", template, pages=1, libreoffice=False)


# -- categories ------------------------------------------------------------------------------------


def test_date_labels_make_a_date_axis(tmp_path: Path) -> None:
    template = build_category("line_markers", tmp_path / "t.pptx")
    data = chart([], {"Revenue": [1, 2, 3]})
    del data["labels"]
    data.update(
        date_labels=[45292, 45323, 45352],
        date_labels_format="mmm yyyy",
        date_labels_major_unit=1,
        date_labels_major_time_unit="months",
    )
    part = fill_pptx(template, tmp_path / "o.pptx", {CHART: data})[CHART]
    assert part.root.find(".//c:catAx", NS) is None
    axis = part.root.find(".//c:dateAx", NS)
    assert axis.find("c:numFmt", NS).get("formatCode") == "mmm yyyy"
    assert axis.find("c:majorUnit", NS).get("val") == "1"
    assert axis.find("c:majorTimeUnit", NS).get("val") == "months"
    ser = output_series(part.root)[0]
    assert ser.findtext("c:cat/c:numRef/c:numCache/c:formatCode", namespaces=NS) == "mmm yyyy"
    assert cache(ser.find("c:cat", NS)) == ["45292", "45323", "45352"]
    import openpyxl

    from deckkit.renderer.chart.workbook.editor import parse_formula

    sheet, rng = parse_formula(formula(ser.find("c:cat", NS)))
    ws = openpyxl.load_workbook(io.BytesIO(part.workbook))[sheet]
    cells = [ws.cell(r, rng.left) for r in range(rng.top, rng.bottom + 1)]
    # "Edit Data" shows dates: the cells hold the serials in the chart's date format.
    assert [c.value.date().isoformat() for c in cells] == ["2024-01-01", "2024-02-01", "2024-03-01"]
    assert {c.number_format for c in cells} == {"mmm yyyy"}
    assert_readable(tmp_path / "o.pptx", template, pages=1, libreoffice=False)


def test_labels_interval_sets_the_tick_label_skip(tmp_path: Path) -> None:
    template = build_category("column_clustered", tmp_path / "t.pptx")
    part = fill_pptx(
        template, tmp_path / "o.pptx", {CHART: chart(list("abcdef"), {"Revenue": [1] * 6}, labels_interval=3)}
    )[CHART]
    assert part.root.find(".//c:catAx/c:tickLblSkip", NS).get("val") == "3"
    assert_readable(tmp_path / "o.pptx", template, pages=1, libreoffice=False)


def test_fewer_categories_drop_formats_of_points_that_are_gone(tmp_path: Path) -> None:
    template = build_category("column_clustered", tmp_path / "t.pptx")  # Revenue has a format on point 1
    part = fill_pptx(template, tmp_path / "o.pptx", {CHART: chart(["only"], {"Revenue": [1]})})[CHART]
    ser = output_series(part.root)[0]
    assert ser.findall("c:dPt", NS) == []
    assert cache(ser.find("c:val", NS)) == ["1"]


# -- styles ----------------------------------------------------------------------------------------


def styled(kind: str, tmp_path: Path, series: dict[str, Any]) -> etree._Element:
    template = (
        build_category(kind, tmp_path / "t.pptx")
        if kind != "scatter"
        else build_scatter(kind, tmp_path / "t.pptx")
    )
    if kind == "scatter":
        data: dict[str, Any] = {
            "type": "scatter-chart",
            "axis1": {"series": {"Alpha": {"name": "Alpha", "values": [[1, 1], [2, 2]], **series}}},
        }
    else:
        data = {
            "type": "chart",
            "labels": ["a", "b"],
            "axis1": {"series": {"Revenue": {"values": [1, 2], **series}}},
        }
    part = fill_pptx(template, tmp_path / "o.pptx", {CHART: data})[CHART]
    assert_readable(tmp_path / "o.pptx", template, pages=1, libreoffice=False)
    return output_series(part.root)[0]


def rgb(el: etree._Element | None) -> str | None:
    return None if el is None else el.find("a:solidFill/a:srgbClr", NS).get("val")


def test_bar_series_style_is_fill_and_border(tmp_path: Path) -> None:
    ser = styled(
        "column_clustered", tmp_path, {"styles": {"shape": {"fill": "#112233", "outline": "#445566"}}}
    )
    assert rgb(ser.find("c:spPr", NS)) == "112233"
    assert rgb(ser.find("c:spPr/a:ln", NS)) == "445566"


def test_line_series_style_is_marker_fill_line_and_marker_border(tmp_path: Path) -> None:
    ser = styled("line_markers", tmp_path, {"styles": {"shape": {"fill": "#112233", "outline": "#445566"}}})
    assert rgb(ser.find("c:marker/c:spPr", NS)) == "112233"
    assert rgb(ser.find("c:marker/c:spPr/a:ln", NS)) == "445566"
    assert rgb(ser.find("c:spPr/a:ln", NS)) == "445566"


def test_scatter_series_style_is_marker_fill_and_border_only(tmp_path: Path) -> None:
    ser = styled("scatter", tmp_path, {"styles": {"shape": {"fill": "#112233", "outline": "#445566"}}})
    assert rgb(ser.find("c:marker/c:spPr", NS)) == "112233"
    assert rgb(ser.find("c:marker/c:spPr/a:ln", NS)) == "445566"
    assert ser.find("c:spPr/a:ln/a:solidFill", NS) is None


def test_point_styles_colour_bars_and_keep_nulls(tmp_path: Path) -> None:
    ser = styled("column_clustered", tmp_path, {"data_point_styles": [{"shape": {"fill": "#00FF00"}}, None]})
    points = {p.find("c:idx", NS).get("val"): p for p in ser.findall("c:dPt", NS)}
    assert rgb(points["0"].find("c:spPr", NS)) == "00FF00"
    assert rgb(points["1"].find("c:spPr", NS)) == "D62728"  # the template's point format, kept


def test_point_styles_colour_pie_slices(tmp_path: Path) -> None:
    ser = styled(
        "pie", tmp_path, {"data_point_styles": [None, {"shape": {"fill": "accent6", "outline": "white"}}]}
    )
    point = next(p for p in ser.findall("c:dPt", NS) if p.find("c:idx", NS).get("val") == "1")
    assert point.find("c:spPr/a:solidFill/a:schemeClr", NS).get("val") == "accent6"
    assert point.find("c:spPr/a:ln/a:solidFill/a:prstClr", NS).get("val") == "white"


def test_point_styles_on_a_line_style_markers(tmp_path: Path) -> None:
    ser = styled("line_markers", tmp_path, {"data_point_styles": [{"shape": {"fill": "#ABCDEF"}}]})
    point = ser.find("c:dPt", NS)
    assert rgb(point.find("c:marker/c:spPr", NS)) == "ABCDEF"


# -- workbooks -------------------------------------------------------------------------------------


def test_workbook_keeps_table_other_sheets_and_styles(tmp_path: Path) -> None:
    import openpyxl

    template = use_table_workbook(build_category("column_clustered", tmp_path / "t.pptx"))
    data = chart(["a", "b", "c", "d", "e"], {"Costs": [1, 2, 3, 4, 5], "Profit": [5, 4, 3, 2, 1]})
    part = fill_pptx(template, tmp_path / "o.pptx", {CHART: data})[CHART]
    wb = openpyxl.load_workbook(io.BytesIO(part.workbook))
    assert wb.sheetnames == ["Data", "Notes"]
    assert wb["Notes"]["A1"].value == "keep me"
    ws = wb["Data"]
    table = ws.tables["Table1"]
    assert table.ref == "A1:C6"
    assert [c.name for c in table.tableColumns] == [" ", "Costs", "Profit"]
    assert [ws.cell(1, c).value for c in (1, 2, 3)] == [" ", "Costs", "Profit"]
    assert ws["B1"].font.b
    assert ws["C1"].font.b
    assert ws["D1"].value is None
    assert ws["D2"].value is None
    ser = series_by_name(part.root)["Profit"]
    assert formula(ser.find("c:val", NS)) == "Data!$C$2:$C$6"
    assert_readable(tmp_path / "o.pptx", template, pages=1, libreoffice=False)


def test_chart_without_workbook_is_filled_through_its_caches(tmp_path: Path) -> None:
    root = read_chart(build_category("column_clustered", tmp_path / "t.pptx"), CHART).root
    assert fill_chart(root, Chart.model_validate(chart(["a", "b"], {"Revenue": [1, 2]})), None) is None
    ser = output_series(root)[0]
    assert cache(ser.find("c:val", NS)) == ["1", "2"]
    assert formula(ser.find("c:val", NS)) == "Sheet1!$B$2:$B$3"  # a linked workbook keeps its references


def test_chart_with_literal_data_stays_literal(tmp_path: Path) -> None:
    root = read_chart(build_category("column_clustered", tmp_path / "t.pptx"), CHART).root
    for f in root.iter("{{{}}}f".format(NS["c"])):
        ref = f.getparent()
        ref.getparent().replace(
            ref,
            etree.fromstring(etree.tostring(ref).replace(b"strRef", b"strLit").replace(b"numRef", b"numLit")),
        )
    for el in root.xpath(
        "//c:strLit/c:f | //c:numLit/c:f | //c:strLit/c:strCache | //c:numLit/c:numCache", namespaces=NS
    ):
        el.getparent().remove(el)
    root.remove(root.find("c:externalData", NS))
    fill_chart(root, Chart.model_validate(chart(["a", "b"], {"Revenue": [1, 2]})), None)
    ser = output_series(root)[0]
    assert ser.find("c:val/c:numLit", NS) is not None
    assert cache(ser.find("c:val", NS)) == ["1", "2"]
    assert ser.find("c:cat/c:strLit", NS) is not None
    assert ser.find(".//c:f", NS) is None


def test_linked_workbook_relationship_is_left_alone(corpus_dir: Path, tmp_path: Path) -> None:
    deck = corpus_dir / "pptx-automizer" / "__tests___pptx-templates_ChartWithExternalData.pptx"
    part = read_chart(deck, CHART)
    assert part.workbook is None
    data = chart(["x", "y"], {"Linked": [1, 2]})
    fill_pptx(deck, tmp_path / "o.pptx", {CHART: data})
    with zipfile.ZipFile(deck) as a, zipfile.ZipFile(tmp_path / "o.pptx") as b:
        assert a.read("ppt/charts/_rels/chart1.xml.rels") == b.read("ppt/charts/_rels/chart1.xml.rels")
    assert_readable(tmp_path / "o.pptx", deck, libreoffice=False)
