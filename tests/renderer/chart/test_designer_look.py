"""What the designer made survives new data (issue 26): point labels and slices, colours as drawn, titles."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from deckkit.renderer import render
from deckkit.renderer.chart.drawn_colours import DrawnColours
from tests.readers import assert_readable
from tests.renderer.chart.designer_kit import edit_chart, label_every_point, retheme, rgb_series, untitled
from tests.renderer.chart.intent_kit import accent_chart, pie_chart
from tests.renderer.chart.kit import NS, chart_part_names, output_series, read_chart, series_by_name
from tests.renderer.chart.templates import build_category

CHART = "ppt/charts/chart1.xml"
C, A = NS["c"], NS["a"]


def filled(template: Path, data: dict[str, Any], tmp_path: Path) -> etree._Element:
    out = tmp_path / "out.pptx"
    out.write_bytes(render(template, [{"template": 1, "chart": data}]).pptx)
    assert_readable(out, template, pages=1, libreoffice=False)
    return read_chart(out, CHART).root


def data(labels: list[str], series: dict[str, list[float]]) -> dict[str, Any]:
    return {
        "type": "chart",
        "labels": labels,
        "axis1": {"series": {k: {"values": v} for k, v in series.items()}},
    }


def point_labels(ser: etree._Element) -> dict[int, etree._Element]:
    return {int(d.find("c:idx", NS).get("val")): d for d in ser.findall("c:dLbls/c:dLbl", NS)}


def slice_colours(ser: etree._Element) -> list[tuple[str, str]]:
    found = []
    for dpt in ser.findall("c:dPt", NS):
        el = dpt.xpath("c:spPr/a:solidFill/*", namespaces=NS)[0]
        found.append((etree.QName(el).localname, el.get("val")))
    return found


# 3. a renamed pie keeps its slices ---------------------------------------------------------------


@pytest.mark.parametrize("kind", ["PIE", "DOUGHNUT"])
def test_a_renamed_pie_series_keeps_its_slices(tmp_path: Path, kind: str) -> None:
    template = edit_chart(
        pie_chart(tmp_path / "t.pptx", kind), lambda r: label_every_point(r, 3, percent=True)
    )
    root = filled(template, data(["North", "South", "East"], {"Revenue share": [0.5, 0.3, 0.2]}), tmp_path)
    (ser,) = output_series(root)
    assert ser.findtext("c:tx//c:v", namespaces=NS) == "Revenue share"
    assert slice_colours(ser) == [("schemeClr", f"accent{i}") for i in (1, 2, 3)]
    assert sorted(point_labels(ser)) == [0, 1, 2]


# 4. a colour no other series has, as drawn ---------------------------------------------------------


def drawn_colour(ser: etree._Element) -> tuple[str, str, tuple[tuple[str, str], ...]]:
    el = ser.xpath("c:spPr/a:solidFill/*", namespaces=NS)[0]
    return (
        etree.QName(el).localname,
        el.get("val"),
        tuple((etree.QName(m).localname, m.get("val")) for m in el),
    )


def test_a_new_series_is_not_drawn_in_an_rgb_colour_another_has(tmp_path: Path) -> None:
    # "Plan" is written A5A5A5, which accent3 is in the deck's theme: "Forecast" must not take accent3.
    template = accent_chart(tmp_path / "t.pptx", series={"Actual": [1, 2, 3], "Plan": [2, 3, 4]})
    edit_chart(template, lambda r: rgb_series(r, 1, "A5A5A5"))
    retheme(template, "accent3", "A5A5A5")
    root = filled(
        template,
        data(["a", "b", "c"], {"Actual": [1, 2, 3], "Plan": [2, 3, 4], "Forecast": [3, 4, 5]}),
        tmp_path,
    )
    forecast = drawn_colour(series_by_name(root)["Forecast"])
    drawn = DrawnColours({})
    assert not drawn.alike(forecast, ("srgbClr", "A5A5A5", ())), forecast
    assert not drawn.alike(forecast, ("schemeClr", "accent1", ())), forecast


def test_colours_are_resolved_through_the_slides_theme(tmp_path: Path) -> None:
    # The deck's theme makes accent3 123456, the colour "Plan" is written in.
    template = accent_chart(tmp_path / "t.pptx", series={"Actual": [1, 2, 3], "Plan": [2, 3, 4]})
    edit_chart(template, lambda r: rgb_series(r, 1, "123456"))
    retheme(template, "accent3", "123456")
    root = filled(
        template,
        data(["a", "b", "c"], {"Actual": [1, 2, 3], "Plan": [2, 3, 4], "Forecast": [3, 4, 5]}),
        tmp_path,
    )
    assert drawn_colour(series_by_name(root)["Forecast"])[1] != "accent3"


def test_a_colour_map_override_and_modifiers_are_applied() -> None:
    # c:clrMapOvr draws accent1 as accent2 (ED7D31); lumMod 60% of white is 999999.
    drawn = DrawnColours({}, {"accent1": "accent2"})
    assert drawn.alike(("schemeClr", "accent1", ()), ("srgbClr", "ED7D31", ()))
    assert drawn.alike(("schemeClr", "bg1", (("lumMod", "60000"),)), ("srgbClr", "999999", ()))
    assert drawn.alike(("schemeClr", "accent1", (("lumMod", "60000"),)), ("srgbClr", "F4B183", ())) is False
    assert drawn.alike(("srgbClr", "FFFFFF", (("shade", "50000"),)), ("srgbClr", "808080", ()))
    assert drawn.alike(("srgbClr", "000000", (("tint", "50000"),)), ("srgbClr", "808080", ()))
    assert not drawn.alike(("srgbClr", "4472C4", ()), ("srgbClr", "ED7D31", ()))


def test_a_chart_colour_map_override_is_read_from_the_chart(tmp_path: Path) -> None:
    def override(root: etree._Element) -> None:
        rgb_series(root, 1, "ED7D31")
        ovr = etree.Element(f"{{{C}}}clrMapOvr")
        for name, value in {
            "bg1": "lt1",
            "tx1": "dk1",
            "bg2": "lt2",
            "tx2": "dk2",
            "accent1": "accent1",
            "accent2": "accent2",
            "accent3": "accent2",
            "accent4": "accent4",
            "accent5": "accent5",
            "accent6": "accent6",
            "hlink": "hlink",
            "folHlink": "folHlink",
        }.items():
            ovr.set(name, value)
        root.find("c:chart", NS).addprevious(ovr)

    # Plan is ED7D31 and the chart draws accent3 as accent2 (ED7D31): Forecast takes neither.
    template = edit_chart(
        accent_chart(tmp_path / "t.pptx", series={"Actual": [1, 2, 3], "Plan": [2, 3, 4]}), override
    )
    retheme(template, "accent2", "ED7D31")
    root = filled(
        template,
        data(["a", "b", "c"], {"Actual": [1, 2, 3], "Plan": [2, 3, 4], "Forecast": [3, 4, 5]}),
        tmp_path,
    )
    assert drawn_colour(series_by_name(root)["Forecast"])[1] not in ("accent2", "accent3")


# 2. new categories keep the designer's point labels and slice formats ------------------------------


def test_new_columns_get_the_designers_point_labels(tmp_path: Path) -> None:
    template = edit_chart(
        accent_chart(tmp_path / "t.pptx", "COLUMN_STACKED"), lambda r: label_every_point(r, 3)
    )
    labels = ["a", "b", "c", "d", "e"]
    root = filled(template, data(labels, {"S1": [1, 2, 3, 4, 5], "S2": [5, 4, 3, 2, 1]}), tmp_path)
    s1 = series_by_name(root)["S1"]
    own = point_labels(s1)
    assert sorted(own) == [0, 1, 2, 3, 4]
    assert etree.tostring(own[4].find("c:txPr", NS)) == etree.tostring(own[2].find("c:txPr", NS))
    assert own[4].find("c:showVal", NS).get("val") == "1"
    assert point_labels(series_by_name(root)["S2"]) == {}


def test_a_label_on_some_points_only_is_not_copied(tmp_path: Path) -> None:
    def one_label(root: etree._Element) -> None:
        label_every_point(root, 3)
        labels = root.find(".//c:ser/c:dLbls", NS)
        for extra in labels.findall("c:dLbl", NS)[:2]:
            labels.remove(extra)

    template = edit_chart(accent_chart(tmp_path / "t.pptx"), one_label)
    root = filled(template, data(["a", "b", "c", "d"], {"S1": [1, 2, 3, 4]}), tmp_path)
    assert sorted(point_labels(output_series(root)[0])) == [2]  # the designer's highlight, not repeated


@pytest.mark.parametrize("kind", ["PIE", "DOUGHNUT"])
def test_new_slices_keep_the_designers_look_in_a_colour_of_their_own(tmp_path: Path, kind: str) -> None:
    template = edit_chart(
        pie_chart(tmp_path / "t.pptx", kind), lambda r: label_every_point(r, 3, percent=True)
    )
    labels = ["a", "b", "c", "d", "e"]
    root = filled(template, data(labels, {"Share": [5, 4, 3, 2, 1]}), tmp_path)
    (ser,) = output_series(root)
    colours = slice_colours(ser)
    assert colours[:3] == [("schemeClr", "accent1"), ("schemeClr", "accent2"), ("schemeClr", "accent3")]
    assert len(colours) == 5
    assert len(set(colours)) == 5, colours
    drawn = DrawnColours({})
    assert not any(drawn.alike((*a, ()), (*b, ())) for i, a in enumerate(colours) for b in colours[i + 1 :])
    own = point_labels(ser)
    assert sorted(own) == [0, 1, 2, 3, 4]
    for i in (3, 4):
        assert own[i].find("c:showPercent", NS).get("val") == "1"
        assert own[i].xpath("c:txPr//a:defRPr/@sz", namespaces=NS) == ["1400"]
        # The slice's white border comes along.
        assert ser.findall("c:dPt", NS)[i].xpath("c:spPr/a:ln/@w", namespaces=NS) == ["19050"]


# 6. a chart without a title does not gain one ------------------------------------------------------


def test_a_chart_without_a_title_filled_with_one_series_gets_none(tmp_path: Path) -> None:
    template = edit_chart(build_category("column_clustered", tmp_path / "t.pptx"), untitled)
    root = filled(template, data(["a", "b"], {"Revenue": [1, 2]}), tmp_path)
    chart = root.find("c:chart", NS)
    assert chart.find("c:title", NS) is None
    assert chart.find("c:autoTitleDeleted", NS).get("val") == "1"
    assert chart.index(chart.find("c:autoTitleDeleted", NS)) == 0


def test_a_chart_that_showed_its_series_name_as_title_keeps_it(tmp_path: Path) -> None:
    template = edit_chart(accent_chart(tmp_path / "t.pptx", series={"Only": [1, 2, 3]}), untitled)
    root = filled(template, data(["a", "b", "c"], {"Other": [1, 2, 3]}), tmp_path)
    assert root.find("c:chart/c:autoTitleDeleted", NS) is None


# 9. the groups of a scatter made with by= are told apart by colour on the slide ---------------------


def test_scatter_groups_get_colours_of_their_own(tmp_path: Path) -> None:
    import pandas as pd

    from deckkit import examples
    from deckkit.model import ScatterChart

    frame = pd.DataFrame(
        {
            "x": [i % 7 + 1 for i in range(25)],
            "y": [(i * 3) % 11 for i in range(25)],
            "g": [f"G{i % 5}" for i in range(25)],
        }
    )
    scatter = ScatterChart.from_dataframe(frame, x="x", y="y", by="g")
    template = tmp_path / "t.pptx"
    template.write_bytes(examples.template().read_bytes())
    out = tmp_path / "out.pptx"
    slide = {"template": 4, "heading": "Stores", "spread": scatter.model_dump(exclude_none=True)}
    out.write_bytes(render(template, [slide]).pptx)
    assert_readable(out, template, pages=1, libreoffice=False)
    root = read_chart(out, chart_part_names(out)[0]).root
    colours = []
    for ser in output_series(root):
        fill = ser.xpath("c:marker/c:spPr/a:solidFill/*", namespaces=NS)
        line = ser.xpath("c:marker/c:spPr/a:ln/a:solidFill/*", namespaces=NS)
        assert fill, "the marker's colour is written"
        assert etree.tostring(fill[0]) == etree.tostring(line[0])
        colours.append((etree.QName(fill[0]).localname, fill[0].get("val"), ()))
    drawn = DrawnColours({})
    assert len(colours) == 5
    assert not any(drawn.alike(a, b) for i, a in enumerate(colours) for b in colours[i + 1 :]), colours
