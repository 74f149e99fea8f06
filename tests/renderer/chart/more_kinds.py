"""Template charts python-pptx cannot make, written as PowerPoint writes them: stock, 3-D, surface, radar.

Each starts from a python-pptx chart and rewrites its plot group in the XML.
"""

from __future__ import annotations

from pathlib import Path

from lxml import etree

from tests.renderer.chart.templates import _c

_A = "http://schemas.openxmlformats.org/drawingml/2006/main"
STOCK_LABELS = ["Mon", "Tue", "Wed", "Thu", "Fri"]
OHLC = {
    "Open": [44.0, 25.0, 38.0, 50.0, 34.0],
    "High": [55.0, 57.0, 57.0, 58.0, 58.0],
    "Low": [11.0, 12.0, 13.0, 11.0, 25.0],
    "Close": [25.0, 38.0, 50.0, 35.0, 43.0],
}


def _deck(chart_type: str, series: dict[str, list[float]], labels: list[str], alt: str):  # type: ignore[no-untyped-def]
    from pptx import Presentation
    from pptx.chart.data import CategoryChartData
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.util import Inches

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    data = CategoryChartData(number_format="0")
    data.categories = labels
    for name, values in series.items():
        data.add_series(name, values)
    frame = slide.shapes.add_chart(
        getattr(XL_CHART_TYPE, chart_type), Inches(0.5), Inches(0.5), Inches(9), Inches(6.5), data
    )
    frame._element.nvGraphicFramePr.cNvPr.set("descr", alt)
    frame.chart.has_legend = True
    return prs, frame.chart.part._element


def _no_line(ser: etree._Element) -> None:
    """A stock series draws no line of its own (markers, high-low lines and up-down bars only)."""
    sp_pr = ser.find(_c("spPr"))
    if sp_pr is None:
        sp_pr = etree.Element(_c("spPr"))
        ser.find(_c("tx")).addnext(sp_pr)
    for el in list(sp_pr):
        sp_pr.remove(el)
    ln = etree.SubElement(sp_pr, f"{{{_A}}}ln", w="19050")
    etree.SubElement(ln, f"{{{_A}}}noFill")


def build_stock(path: Path, ohlc: bool = True, alt: str = "chart") -> Path:
    """Open-high-low-close (four series, up-down bars) or high-low-close (three, a close marker)."""
    series = OHLC if ohlc else {k: v for k, v in OHLC.items() if k != "Open"}
    prs, space = _deck("LINE_MARKERS", series, STOCK_LABELS, alt)
    to_stock(space, ohlc)
    prs.save(str(path))
    return path


def to_stock(space: etree._Element, ohlc: bool) -> None:
    """A line chart of the series (Open,) High, Low, Close made a stock chart."""
    area = space.find(f"{_c('chart')}/{_c('plotArea')}")
    line = area.find(_c("lineChart"))
    stock = etree.Element(_c("stockChart"))
    for ser in line.findall(_c("ser")):
        _no_line(ser)
        marker = ser.find(_c("marker"))
        if marker is None:
            marker = etree.Element(_c("marker"))
            ser.find(_c("spPr")).addnext(marker)
        for el in list(marker):
            marker.remove(el)
        close_marker = not ohlc and ser.findtext(f"{_c('tx')}//{_c('v')}") == "Close"
        etree.SubElement(marker, _c("symbol")).set("val", "dash" if close_marker else "none")
        if close_marker:
            etree.SubElement(marker, _c("size")).set("val", "10")
        stock.append(ser)
    hi_low = etree.SubElement(stock, _c("hiLowLines"))
    sp_pr = etree.SubElement(hi_low, _c("spPr"))
    ln = etree.SubElement(sp_pr, f"{{{_A}}}ln", w="9525")
    fill = etree.SubElement(ln, f"{{{_A}}}solidFill")
    etree.SubElement(fill, f"{{{_A}}}srgbClr", val="404040")
    if ohlc:
        bars = etree.SubElement(stock, _c("upDownBars"))
        etree.SubElement(bars, _c("gapWidth")).set("val", "150")
        for tag, colour in (("upBars", "FFFFFF"), ("downBars", "404040")):
            bar_sp = etree.SubElement(etree.SubElement(bars, _c(tag)), _c("spPr"))
            solid = etree.SubElement(bar_sp, f"{{{_A}}}solidFill")
            etree.SubElement(solid, f"{{{_A}}}srgbClr", val=colour)
    for ax in line.findall(_c("axId")):
        stock.append(ax)
    line.addprevious(stock)
    area.remove(line)


def build_bar_3d(path: Path, alt: str = "chart") -> Path:
    """A 3-D clustered column chart (c:bar3DChart) with a c:view3D."""
    series = {"Revenue": [10.0, 20.0, 30.0], "Costs": [5.0, 8.0, 13.0]}
    prs, space = _deck("COLUMN_CLUSTERED", series, ["North", "South", "East"], alt)
    to_bar_3d(space)
    prs.save(str(path))
    return path


def to_bar_3d(space: etree._Element) -> None:
    """A clustered column chart made a 3-D clustered column chart."""
    chart = space.find(_c("chart"))
    area = chart.find(_c("plotArea"))
    bar = area.find(_c("barChart"))
    bar.tag = _c("bar3DChart")
    for tag in ("overlap", "serLines"):
        for el in bar.findall(_c(tag)):
            bar.remove(el)
    gap = bar.find(_c("gapWidth"))
    if gap is None:
        gap = etree.Element(_c("gapWidth"), val="150")
        bar.find(_c("axId")).addprevious(gap)
    gap.addnext(etree.Element(_c("shape"), val="box"))
    view = etree.Element(_c("view3D"))
    for tag, val in (("rotX", "15"), ("rotY", "20"), ("rAngAx", "1")):
        etree.SubElement(view, _c(tag)).set("val", val)
    area.addprevious(view)


def build_surface(path: Path, alt: str = "chart") -> Path:
    """A 3-D surface chart (c:surface3DChart on a category, value and series axis)."""
    series = {"Low": [1.0, 2.0, 3.0, 2.0], "Mid": [2.0, 3.0, 4.0, 3.0], "High": [3.0, 4.0, 5.0, 6.0]}
    prs, space = _deck("LINE", series, ["A", "B", "C", "D"], alt)
    to_surface(space)
    prs.save(str(path))
    return path


def to_surface(space: etree._Element) -> None:
    """A line chart made a 3-D surface chart (with a series axis)."""
    chart = space.find(_c("chart"))
    area = chart.find(_c("plotArea"))
    line = area.find(_c("lineChart"))
    surface = etree.Element(_c("surface3DChart"))
    etree.SubElement(surface, _c("wireframe")).set("val", "0")
    for ser in line.findall(_c("ser")):
        for tag in ("marker", "smooth", "dLbls", "dPt", "trendline", "errBars"):
            for el in ser.findall(_c(tag)):
                ser.remove(el)
        surface.append(ser)
    for ax in line.findall(_c("axId")):
        surface.append(ax)
    etree.SubElement(surface, _c("axId")).set("val", "3003")
    line.addprevious(surface)
    area.remove(line)
    val_ax = area.find(_c("valAx"))
    ser_ax = etree.Element(_c("serAx"))
    etree.SubElement(ser_ax, _c("axId")).set("val", "3003")
    scaling = etree.SubElement(ser_ax, _c("scaling"))
    etree.SubElement(scaling, _c("orientation")).set("val", "minMax")
    etree.SubElement(ser_ax, _c("delete")).set("val", "0")
    etree.SubElement(ser_ax, _c("axPos")).set("val", "b")
    etree.SubElement(ser_ax, _c("tickLblPos")).set("val", "nextTo")
    etree.SubElement(ser_ax, _c("crossAx")).set("val", val_ax.find(_c("axId")).get("val"))
    etree.SubElement(ser_ax, _c("crosses")).set("val", "autoZero")
    val_ax.addnext(ser_ax)
    cross = val_ax.find(_c("crossBetween"))
    if cross is not None:
        cross.set("val", "midCat")
    view = etree.Element(_c("view3D"))
    for tag, val in (("rotX", "15"), ("rotY", "20"), ("rAngAx", "0")):
        etree.SubElement(view, _c(tag)).set("val", val)
    area.addprevious(view)


def build_radar(path: Path, filled: bool = False, alt: str = "chart") -> Path:
    series = {"Revenue": [10.0, 20.0, 30.0, 25.0, 15.0], "Costs": [5.0, 8.0, 13.0, 20.0, 18.0]}
    prs, _ = _deck("RADAR_FILLED" if filled else "RADAR_MARKERS", series, ["N", "E", "S", "W", "C"], alt)
    prs.save(str(path))
    return path


VOLUME = [700.0, 1200.0, 900.0, 1500.0, 1100.0]


def build_volume_stock(path: Path, alt: str = "chart") -> Path:
    """Volume-open-high-low-close as PowerPoint writes it: volume columns on the primary axis pair,
    the stock group on the secondary pair (value axis at the right); bar group first, then stock."""
    import copy

    prs, space = _deck("LINE_MARKERS", {"Volume": VOLUME, **OHLC}, STOCK_LABELS, alt)
    area = space.find(f"{_c('chart')}/{_c('plotArea')}")
    line = area.find(_c("lineChart"))
    volume = line.findall(_c("ser"))[0]
    line.remove(volume)
    to_stock(space, ohlc=True)
    stock = area.find(_c("stockChart"))
    for tag in ("marker", "smooth"):
        for el in volume.findall(_c(tag)):
            volume.remove(el)
    sp_pr = volume.find(_c("spPr"))
    if sp_pr is not None:
        volume.remove(sp_pr)
    sp_pr = etree.Element(_c("spPr"))
    solid = etree.SubElement(sp_pr, f"{{{_A}}}solidFill")
    etree.SubElement(solid, f"{{{_A}}}srgbClr", val="A5A5A5")
    volume.find(_c("tx")).addnext(sp_pr)
    bar = etree.Element(_c("barChart"))
    etree.SubElement(bar, _c("barDir")).set("val", "col")
    etree.SubElement(bar, _c("grouping")).set("val", "clustered")
    etree.SubElement(bar, _c("varyColors")).set("val", "0")
    bar.append(volume)
    etree.SubElement(bar, _c("gapWidth")).set("val", "150")
    for ax in stock.findall(_c("axId")):
        bar.append(copy.deepcopy(ax))
    stock.addprevious(bar)
    cat, val = area.find(_c("catAx")), area.find(_c("valAx"))
    cat2, val2 = copy.deepcopy(cat), copy.deepcopy(val)
    for ax, own, cross in ((cat2, "4001", "4002"), (val2, "4002", "4001")):
        ax.find(_c("axId")).set("val", own)
        ax.find(_c("crossAx")).set("val", cross)
    cat2.find(_c("delete")).set("val", "1")
    val2.find(_c("axPos")).set("val", "r")
    val2.find(_c("crosses")).set("val", "max")
    for el in val2.findall(_c("majorGridlines")):
        val2.remove(el)
    for ax_id, own in zip(stock.findall(_c("axId")), ("4001", "4002"), strict=True):
        ax_id.set("val", own)
    val.addnext(val2)
    val2.addnext(cat2)
    prs.save(str(path))
    return path
