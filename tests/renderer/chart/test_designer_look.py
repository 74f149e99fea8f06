"""What the designer made survives new data (issue 26): point labels and slices, colours as drawn, titles."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from deckkit.renderer import render
from deckkit.renderer.chart.drawn_colours import DrawnColours
from tests.readers import assert_readable
from tests.renderer.chart.designer_kit import edit_chart, label_every_point, retheme, rgb_series
from tests.renderer.chart.intent_kit import accent_chart, pie_chart
from tests.renderer.chart.kit import NS, output_series, read_chart, series_by_name

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
