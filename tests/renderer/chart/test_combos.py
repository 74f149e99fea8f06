"""Combo charts: axis1 and axis2 are read from the axes, never from the order of the plot groups.

Each template is written as PowerPoint writes it (groups in an order of chart type, the primary
axis pair first among the axes). The check is at XML level: every series of axis1 lands in a
group drawn on the primary value axis (id 1002), every series of axis2 in a group drawn on the
secondary one (id 2002), and in a group of the template's chart type for that axis.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from deckkit.model.elements import Chart
from deckkit.ooxml.chart import plot_groups
from deckkit.renderer.chart.checks import check_chart, describe_chart
from tests.readers import assert_readable
from tests.renderer.chart.combos import COMBO_LABELS, Group, build_combo, groups_on_axis
from tests.renderer.chart.kit import NS, assert_structure, cache, fill_pptx, read_chart, series_by_name

CHART = "ppt/charts/chart1.xml"
PRIMARY, SECONDARY = "1002", "2002"

# name -> groups in document order (PowerPoint's order of chart type: area, bar, line)
COMBOS: dict[str, list[Group]] = {
    "primary_group_first": [
        Group("barChart", ("Sales", "Costs")),
        Group("lineChart", ("Margin",), "secondary"),
    ],
    "secondary_group_first": [Group("areaChart", ("Volume",), "secondary"), Group("lineChart", ("Price",))],
    "three_groups": [
        Group("areaChart", ("Volume",), "secondary"),
        Group("barChart", ("Sales", "Costs")),
        Group("lineChart", ("Margin",), "secondary"),
    ],
    "bar_secondary_line_primary": [
        Group("barChart", ("Units",), "secondary"),
        Group("lineChart", ("Price",)),
    ],
}


def _values(k: int) -> list[float]:
    return [float(k + i) for i in range(len(COMBO_LABELS))]


def two_axis_data(groups: list[Group], styles: dict[str, Any] | None = None) -> dict[str, Any]:
    """The template's own series on their axes, plus one new series on each axis."""
    axes: dict[str, dict[str, Any]] = {"axis1": {}, "axis2": {}}
    for g in groups:
        for name in g.series:
            axes["axis1" if g.axis == "primary" else "axis2"][name] = {"values": _values(len(axes["axis1"]))}
    axes["axis1"]["New primary"] = {"values": _values(7)}
    axes["axis2"]["New secondary"] = {"values": _values(9)}
    for name, style in (styles or {}).items():
        for series in axes.values():
            if name in series:
                series[name]["styles"] = style
    return {"type": "chart", "labels": COMBO_LABELS, **{k: {"series": v} for k, v in axes.items()}}


def axis_of_series(root: etree._Element) -> dict[str, str]:
    """series name -> id of the value axis its group is drawn on."""
    out: dict[str, str] = {}
    for name, ser in series_by_name(root).items():
        ids = {a.get("val") for a in ser.getparent().findall("c:axId", NS)}
        out[name] = PRIMARY if PRIMARY in ids else SECONDARY if SECONDARY in ids else "none"
    return out


def kind_of_series(root: etree._Element) -> dict[str, str]:
    return {name: etree.QName(ser.getparent()).localname for name, ser in series_by_name(root).items()}


@pytest.mark.parametrize("combo", list(COMBOS))
def test_series_land_on_the_value_axis_the_data_names(combo: str, tmp_path: Path) -> None:
    groups = COMBOS[combo]
    template = build_combo(groups, tmp_path / "t.pptx")
    data = two_axis_data(groups)
    part = fill_pptx(template, tmp_path / "o.pptx", {CHART: data})[CHART]
    assert_structure(part.root)
    expected_axis = {name: PRIMARY for name in data["axis1"]["series"]}
    expected_axis.update({name: SECONDARY for name in data["axis2"]["series"]})
    assert axis_of_series(part.root) == expected_axis
    # An overwritten series stays in its own group (chart type); so do the axes' groups.
    kinds = kind_of_series(part.root)
    for g in groups:
        for name in g.series:
            assert kinds[name] == g.kind, name
    primary_kinds = {g.kind for g in groups if g.axis == "primary"}
    secondary_kinds = {g.kind for g in groups if g.axis == "secondary"}
    assert kinds["New primary"] in primary_kinds
    assert kinds["New secondary"] in secondary_kinds
    for name, ser in series_by_name(part.root).items():
        assert cache(ser.find("c:cat", NS)) == COMBO_LABELS, name
    assert_readable(tmp_path / "o.pptx", template, pages=1, libreoffice=False)


def test_the_area_on_the_secondary_axis_stays_an_area_on_the_right(tmp_path: Path) -> None:
    # The chart: area group first in the document, on the secondary axis; line primary.
    groups = COMBOS["secondary_group_first"]
    template = build_combo(groups, tmp_path / "t.pptx")
    root = read_chart(template, CHART).root
    assert (
        describe_chart(root)
        == 'an area + line with markers chart with series "Price" and, on the secondary axis, "Volume"'
    )
    data = {
        "type": "chart",
        "labels": COMBO_LABELS,
        "axis1": {"series": {"Price": {"values": [1, 2, 3, 4]}}},
        "axis2": {"series": {"Volume": {"values": [5, 6, 7, 8], "styles": {"shape": {"fill": "FF0000"}}}}},
    }
    part = fill_pptx(template, tmp_path / "o.pptx", {CHART: data})[CHART]
    volume = series_by_name(part.root)["Volume"]
    assert etree.QName(volume.getparent()).localname == "areaChart"
    # styles.shape.fill of an area series is its fill (not a marker fill of a line).
    assert volume.find("c:spPr/a:solidFill/a:srgbClr", NS).get("val") == "FF0000"
    assert volume.find("c:marker", NS) is None
    price = series_by_name(part.root)["Price"]
    assert etree.QName(price.getparent()).localname == "lineChart"
    right = part.root.xpath(".//c:valAx[c:axId/@val='2002']", namespaces=NS)[0]
    assert right.find("c:axPos", NS).get("val") == "r"
    assert_readable(tmp_path / "o.pptx", template, pages=1, libreoffice=False)


def test_the_axis_pair_written_first_is_primary(tmp_path: Path) -> None:
    # Same groups, secondary pair written first: the pairs swap roles, the group order does not matter.
    groups = COMBOS["primary_group_first"]  # bars on 1001/1002, line on 2001/2002
    template = build_combo(groups, tmp_path / "t.pptx", secondary_pair_first=True)
    by_kind = {g.kind: g for g in plot_groups(read_chart(template, CHART).root)}
    assert by_kind["lineChart"].secondary is False
    assert by_kind["barChart"].secondary is True
    data = {
        "type": "chart",
        "labels": COMBO_LABELS,
        "axis1": {"series": {"Margin": {"values": [1, 2, 3, 4]}}},
        "axis2": {"series": {"Sales": {"values": [5, 6, 7, 8]}}},
    }
    part = fill_pptx(template, tmp_path / "o.pptx", {CHART: data})[CHART]
    assert kind_of_series(part.root) == {"Margin": "lineChart", "Sales": "barChart"}
    assert_readable(tmp_path / "o.pptx", template, pages=1, libreoffice=False)


def test_axis2_alone_keeps_the_secondary_group_and_its_axes(tmp_path: Path) -> None:
    groups = COMBOS["secondary_group_first"]
    template = build_combo(groups, tmp_path / "t.pptx")
    data = {"type": "chart", "labels": COMBO_LABELS, "axis1": {"series": {"Price": {"values": [1, 2, 3, 4]}}}}
    part = fill_pptx(template, tmp_path / "o.pptx", {CHART: data})[CHART]
    # No axis2 data: the area group and the secondary pair go, the line keeps the primary pair.
    assert part.root.find(".//c:areaChart", NS) is None
    assert [g.get("val") for g in part.root.findall(".//c:lineChart/c:axId", NS)] == ["1001", "1002"]
    assert {a.get("val") for a in part.root.findall(".//c:valAx/c:axId", NS)} == {PRIMARY}
    assert_structure(part.root)
    assert_readable(tmp_path / "o.pptx", template, pages=1, libreoffice=False)


def test_pie_without_axes_is_primary(tmp_path: Path) -> None:
    template = build_combo([Group("pieChart", ("Share",))], tmp_path / "t.pptx")
    root = read_chart(template, CHART).root
    groups = plot_groups(root)
    assert [(g.kind, g.secondary, g.value_axis) for g in groups] == [("pieChart", False, None)]
    two = Chart.model_validate(
        {
            "type": "chart",
            "labels": ["a"],
            "axis1": {"series": {"Share": {"values": [1]}}},
            "axis2": {"series": {"More": {"values": [2]}}},
        }
    )
    assert [p.path for p in check_chart(root, two, "s")] == ["s.axis2"]
    data = {"type": "chart", "labels": ["a", "b"], "axis1": {"series": {"New": {"values": [1, 2]}}}}
    part = fill_pptx(template, tmp_path / "o.pptx", {CHART: data})[CHART]
    assert list(series_by_name(part.root)) == ["New"]
    assert groups_on_axis(part.root, PRIMARY) == []
    assert_readable(tmp_path / "o.pptx", template, pages=1, libreoffice=False)


def test_scatter_on_two_axis_pairs_reads_the_primary_pair_from_the_axes(tmp_path: Path) -> None:
    import copy

    from tests.renderer.chart.kit import write_parts
    from tests.renderer.chart.templates import build_scatter

    source = build_scatter("scatter", tmp_path / "s.pptx")
    root = read_chart(source, CHART).root
    area = root.find(".//c:plotArea", NS)
    group = area.find("c:scatterChart", NS)
    second = copy.deepcopy(group)
    for k, ser in enumerate(second.findall("c:ser", NS)):
        ser.find("c:idx", NS).set("val", str(10 + k))
        ser.find("c:order", NS).set("val", str(10 + k))
        for f in ser.iterfind(".//c:f", NS):
            f.getparent().remove(f)
    x_axis, y_axis = area.findall("c:valAx", NS)
    x2, y2 = copy.deepcopy(x_axis), copy.deepcopy(y_axis)
    for ax, own, cross in ((x2, "3001", "3002"), (y2, "3002", "3001")):
        ax.find("c:axId", NS).set("val", own)
        ax.find("c:crossAx", NS).set("val", cross)
    y2.find("c:axPos", NS).set("val", "r")
    x2.find("c:delete", NS).set("val", "1")
    for ax_id, own in zip(second.findall("c:axId", NS), ("3001", "3002"), strict=True):
        ax_id.set("val", own)
    group.addprevious(second)  # the secondary group first in the document
    y_axis.addnext(y2)  # axes: x, y, then y2 (right), x2 (deleted)
    y2.addnext(x2)
    template = tmp_path / "t.pptx"
    write_parts(
        source,
        template,
        {CHART: etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)},
    )
    assert [g.secondary for g in plot_groups(read_chart(template, CHART).root)] == [True, False]
    data = {
        "type": "scatter-chart",
        "axis1": {"series": {"Left": {"name": "Left", "values": [[1, 2], [2, 3]]}}},
        "axis2": {"series": {"Right": {"name": "Right", "values": [[1, 200], [2, 300]]}}},
    }
    part = fill_pptx(template, tmp_path / "o.pptx", {CHART: data})[CHART]
    on = {
        n: {a.get("val") for a in s.getparent().findall("c:axId", NS)}
        for n, s in series_by_name(part.root).items()
    }
    assert on["Right"] == {"3001", "3002"}
    assert "3002" not in on["Left"]
    assert_structure(part.root)
    assert_readable(tmp_path / "o.pptx", template, pages=1, libreoffice=False)
