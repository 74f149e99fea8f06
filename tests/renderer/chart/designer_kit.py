"""Templates as designers make them (issue 26): point labels, RGB series, themes, untitled charts."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any

from lxml import etree

from tests.renderer.chart.kit import NS

CHART = "ppt/charts/chart1.xml"
C, A = NS["c"], NS["a"]


def edit_chart(path: Path, edit: Any, part: str = CHART) -> Path:
    """Rewrite one part of the pptx in place: edit(root) changes the parsed part."""
    with zipfile.ZipFile(path) as z:
        items = [(info, z.read(info.filename)) for info in z.infolist()]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for info, blob in items:
            if info.filename == part:
                root = etree.fromstring(blob)
                edit(root)
                blob = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
            z.writestr(info, blob)
    path.write_bytes(out.getvalue())
    return path


def _label(idx: int, percent: bool) -> etree._Element:
    """A point label as PowerPoint writes one: white 14 pt bold, the value (or the percentage) only."""
    xml = (
        f'<c:dLbl xmlns:c="{C}" xmlns:a="{A}"><c:idx val="{idx}"/><c:spPr><a:noFill/></c:spPr>'
        '<c:txPr><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="1400" b="1">'
        '<a:solidFill><a:srgbClr val="FFFFFF"/></a:solidFill></a:defRPr></a:pPr>'
        '<a:endParaRPr lang="en-US"/></a:p></c:txPr><c:dLblPos val="ctr"/><c:showLegendKey val="0"/>'
        f'<c:showVal val="{int(not percent)}"/><c:showCatName val="0"/><c:showSerName val="0"/>'
        f'<c:showPercent val="{int(percent)}"/><c:showBubbleSize val="0"/></c:dLbl>'
    )
    return etree.fromstring(xml)


def label_every_point(root: etree._Element, points: int, percent: bool = False) -> None:
    """Give the first series a c:dLbl of its own on each point; the series level shows nothing."""
    ser = root.find(".//c:ser", NS)
    old = ser.find("c:dLbls", NS)
    if old is not None:
        ser.remove(old)
    labels = etree.fromstring(
        f'<c:dLbls xmlns:c="{C}"><c:showLegendKey val="0"/><c:showVal val="0"/><c:showCatName val="0"/>'
        '<c:showSerName val="1"/><c:showPercent val="1"/><c:showBubbleSize val="0"/></c:dLbls>'
    )
    for i in range(points):
        labels.insert(i, _label(i, percent))
    anchor = ser.findall("c:dPt", NS) or [
        ser.find("c:spPr", NS) if ser.find("c:spPr", NS) is not None else ser.find("c:tx", NS)
    ]
    anchor[-1].addnext(labels)


def rgb_series(root: etree._Element, index: int, rgb: str) -> None:
    ser = root.findall(".//c:ser", NS)[index]
    ser.find("c:tx", NS).getnext().xpath("a:solidFill/*", namespaces=NS)[0].getparent()[:] = [
        etree.Element(f"{{{A}}}srgbClr", val=rgb)
    ]


def retheme(path: Path, slot: str, rgb: str) -> None:
    """Set one colour slot of the deck's theme."""

    def edit(root: etree._Element) -> None:
        holder = root.find(f".//a:clrScheme/a:{slot}", NS)
        holder[:] = [etree.Element(f"{{{A}}}srgbClr", val=rgb)]

    edit_chart(path, edit, "ppt/theme/theme1.xml")


def untitled(root: etree._Element) -> None:
    """No c:title and no c:autoTitleDeleted: the chart as a designer leaves it with its title deleted by hand."""

    chart = root.find("c:chart", NS)
    for tag in ("c:title", "c:autoTitleDeleted"):
        for el in chart.findall(tag, NS):
            chart.remove(el)
