"""Charts as PowerPoint 2013 and later write them: series in explicit theme accents (issue 16)."""

from __future__ import annotations

from pathlib import Path

from lxml import etree

C = "http://schemas.openxmlformats.org/drawingml/2006/chart"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
NS = {"c": C, "a": A}
LINE_KINDS = ("LINE", "LINE_MARKERS")


def _c(tag: str) -> str:
    return f"{{{C}}}{tag}"


def _a(tag: str) -> str:
    return f"{{{A}}}{tag}"


def _scheme_fill(colour: str) -> etree._Element:
    fill = etree.Element(_a("solidFill"))
    etree.SubElement(fill, _a("schemeClr")).set("val", colour)
    return fill


def _series_sp_pr(kind: str, accent: str) -> etree._Element:
    """The c:spPr PowerPoint writes for a series in an accent: a fill (bars, areas) or a line."""
    sp_pr = etree.Element(_c("spPr"))
    if kind in LINE_KINDS:
        ln = etree.SubElement(sp_pr, _a("ln"), w="28575", cap="rnd")
        ln.append(_scheme_fill(accent))
        etree.SubElement(ln, _a("round"))
    else:
        sp_pr.append(_scheme_fill(accent))
        ln = etree.SubElement(sp_pr, _a("ln"))
        ln.append(_scheme_fill("lt1"))
    return sp_pr


def accent_chart(
    path: Path,
    kind: str = "COLUMN_CLUSTERED",
    series: dict[str, list[float]] | None = None,
    *,
    number_format: str = "0.0%",
    black_point: tuple[int, int] | None = None,
    alt: str = "chart",
) -> Path:
    """A chart whose series n is in explicit accent n; black_point (series, point) is filled black."""
    from pptx import Presentation
    from pptx.chart.data import CategoryChartData
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.util import Inches

    series = series or {"S1": [0.30, 0.45, 0.25], "S2": [0.20, 0.35, 0.40]}
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    data = CategoryChartData(number_format=number_format)
    data.categories = ["North", "South", "East"]
    for name, values in series.items():
        data.add_series(name, values)
    frame = slide.shapes.add_chart(
        getattr(XL_CHART_TYPE, kind), Inches(0.5), Inches(0.5), Inches(9), Inches(6.5), data
    )
    frame._element.nvGraphicFramePr.cNvPr.set("descr", alt)
    frame.chart.has_legend = True
    sers = frame.chart.part._element.findall(f".//{_c('plotArea')}/*/{_c('ser')}")
    pie = kind in ("PIE", "DOUGHNUT")
    for i, ser in enumerate(sers):
        old = ser.find(_c("spPr"))
        if old is not None:
            ser.remove(old)
        if not pie:
            ser.find(_c("tx")).addnext(_series_sp_pr(kind, f"accent{i + 1}"))
    if black_point is not None:
        s, p = black_point
        ser = sers[s]
        dpt = etree.Element(_c("dPt"))
        etree.SubElement(dpt, _c("idx")).set("val", str(p))
        etree.SubElement(dpt, _c("invertIfNegative")).set("val", "0")
        etree.SubElement(dpt, _c("bubble3D")).set("val", "0")
        sp_pr = etree.SubElement(dpt, _c("spPr"))
        sp_pr.append(_scheme_fill("tx1"))
        anchor = ser.find(_c("invertIfNegative"))
        (anchor if anchor is not None else ser.find(_c("spPr"))).addnext(dpt)
    prs.save(str(path))
    return path


def pie_chart(
    path: Path, kind: str = "PIE", *, slice_colours: tuple[str, ...] = ("accent1", "accent2", "accent3")
) -> Path:
    """A pie (or doughnut) chart as PowerPoint writes it: one c:dPt per slice, each in its own accent."""
    from pptx import Presentation

    accent_chart(path, kind, {"Share": [0.5, 0.3, 0.2]})
    prs = Presentation(str(path))
    chart_space = prs.slides[0].shapes[0].chart.part._element
    ser = chart_space.find(f".//{_c('ser')}")
    for i, colour in enumerate(slice_colours):
        dpt = etree.Element(_c("dPt"))
        etree.SubElement(dpt, _c("idx")).set("val", str(i))
        etree.SubElement(dpt, _c("bubble3D")).set("val", "0")
        sp_pr = etree.SubElement(dpt, _c("spPr"))
        sp_pr.append(_scheme_fill(colour))
        ln = etree.SubElement(sp_pr, _a("ln"), w="19050")
        ln.append(_scheme_fill("lt1"))
        anchor = ser.find(_c("tx")) if i == 0 else ser.findall(_c("dPt"))[-1]
        anchor.addnext(dpt)
    prs.save(str(path))
    return path


def chart_data(series: dict[str, list[float]], **series_extra: dict[str, object]) -> dict[str, object]:
    return {
        "type": "chart",
        "labels": ["North", "South", "East"],
        "axis1": {"series": {k: {"values": v, **series_extra.get(k, {})} for k, v in series.items()}},
    }
