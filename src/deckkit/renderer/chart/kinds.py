"""What each kind of plot group can hold, so that no data makes a chart part the schema refuses.

Audited against ECMA-376 (dml-chart.xsd) for every kind the filler fills:

- stock (``c:stockChart``): 3 series (high, low, close) or 4 (open, high, low, close), in that
  order; anything else is refused. Up-down bars (open to close) need the open series: they are
  added for 4 series and removed for 3.
- surface (``c:surfaceChart``, ``c:surface3DChart``): series have no point formats (``c:dPt``),
  so ``data_point_styles`` is refused; a date axis is not offered (Excel has none for surfaces).
- radar: no date axis either (Excel offers none); dates stay labels on the category axis.
- pie, 3-D pie, pie-of-pie and doughnut: the first series only (the others are not written).
- bar, line, area (2-D and 3-D), radar, scatter, bubble: any number of series.

Value types need no check per kind: the model only lets numbers and gaps through, and every
kind accepts both.
"""

from __future__ import annotations

from collections.abc import Sequence

from lxml import etree

from deckkit.errors import Problem
from deckkit.ooxml.chart import PlotGroup, c, local

STOCK_SERIES = (3, 4)
SURFACE_GROUPS = frozenset(("surfaceChart", "surface3DChart"))
NO_DATE_AXIS = SURFACE_GROUPS | {"radarChart"}


def series_count_problems(group: PlotGroup, keys: Sequence[str], at: str) -> list[Problem]:
    """Problems of the series the data gives one plot group (at: the data path of the axis's series)."""
    if group.kind != "stockChart" or len(keys) in STOCK_SERIES or not keys:
        return []
    given = ", ".join(f'"{k}"' for k in keys)
    return [
        Problem(
            at,
            f"the template's stock chart takes 3 series (high, low, close) or 4 (open, high, low, "
            f"close), in that order; the data gives it {len(keys)}: {given}",
        )
    ]


def point_style_problems(group: PlotGroup, has_point_styles: bool, at: str) -> list[Problem]:
    if group.kind in SURFACE_GROUPS and has_point_styles:
        return [
            Problem(
                at,
                "a surface chart has no formats per point; remove data_point_styles "
                "(styles on the series are applied)",
            )
        ]
    return []


def fit_stock_group(group: etree._Element) -> None:
    """Up-down bars follow the series count: 4 series (open ... close) have them, 3 have none."""
    if local(group) != "stockChart":
        return
    count = len(group.findall(c("ser")))
    bars = group.find(c("upDownBars"))
    if count == 3 and bars is not None:
        group.remove(bars)
    elif count == 4 and bars is None:
        bars = etree.Element(c("upDownBars"))
        etree.SubElement(bars, c("gapWidth")).set("val", "150")
        etree.SubElement(bars, c("upBars"))
        etree.SubElement(bars, c("downBars"))
        # Schema order: ser, dLbls, dropLines, hiLowLines, upDownBars, axId, extLst.
        following = next((ch for ch in group if local(ch) in ("axId", "extLst")), None)
        if following is None:
            group.append(bars)
        else:
            following.addprevious(bars)


def takes_date_axis(groups: Sequence[PlotGroup], axis: etree._Element) -> bool:
    """False when a group drawn on this category axis has no date axis in Excel (radar, surface)."""
    return not any(g.x_axis is axis and g.kind in NO_DATE_AXIS for g in groups)
