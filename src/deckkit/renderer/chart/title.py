"""The chart's title state: a chart the designer made without a title keeps none.

A chart with no ``c:title`` whose ``c:autoTitleDeleted`` is not set is given an automatic title
when it shows one series (PowerPoint and LibreOffice write that series' name over the plot). A
template of several series drawn without a title, filled with one, would gain a title the
designer never saw: ``c:autoTitleDeleted`` is then written, as PowerPoint writes it when a title
is deleted. A chart that showed its automatic title (one series before and after) keeps it.
"""

from __future__ import annotations

from lxml import etree

from deckkit.ooxml.chart import c, child_val
from deckkit.ooxml.xml_children import first_child

__all__ = ["keep_title_state"]


def keep_title_state(chart_space: etree._Element, template_series: int, output_series: int) -> None:
    """Write ``autoTitleDeleted`` where the output would show a title the template did not."""
    if output_series != 1 or template_series == 1:
        return
    chart = first_child(chart_space, c("chart"))
    if chart is None or first_child(chart, c("title")) is not None:
        return
    if child_val(chart, "autoTitleDeleted") in ("1", "true"):
        return
    deleted = first_child(chart, c("autoTitleDeleted"))
    if deleted is None:
        deleted = etree.Element(c("autoTitleDeleted"))
        chart.insert(0, deleted)  # its place: first, since the chart has no c:title before it
    deleted.set("val", "1")
