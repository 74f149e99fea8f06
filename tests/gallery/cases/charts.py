"""Charts: combos on two value axes in every group order, date axes, stock, and every chart kind.

The combo templates are written as PowerPoint writes them (groups in an order of chart type,
the primary axis pair first among the axes); the data puts small numbers (10-40) on axis1 and
large ones (1000-4000) on axis2, so the picture shows which axis each series is drawn against.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from tests.gallery.cases import GalleryInput
from tests.renderer.chart.combos import COMBO_LABELS, Group, build_combo
from tests.renderer.chart.more_kinds import OHLC, STOCK_LABELS, build_stock, to_bar_3d, to_stock, to_surface

# The gallery contract's type (tests/gallery/cases/__init__.py on the gallery branch).


def _small(k: int) -> list[float]:
    return [10.0 + 5 * k + 3 * i for i in range(len(COMBO_LABELS))]


def _large(k: int) -> list[float]:
    return [1000.0 + 800 * k + 700 * i for i in range(len(COMBO_LABELS))]


def _combo(workdir: Path, groups: list[Group], styles: dict[str, Any] | None = None) -> GalleryInput:
    template = build_combo(groups, workdir / "template.pptx")
    axis1 = {
        n: {"values": _small(k)}
        for k, n in enumerate(n for g in groups if g.axis == "primary" for n in g.series)
    }
    axis2 = {
        n: {"values": _large(k)}
        for k, n in enumerate(n for g in groups if g.axis == "secondary" for n in g.series)
    }
    for name, style in (styles or {}).items():
        (axis1 if name in axis1 else axis2)[name]["styles"] = style
    chart = {
        "type": "chart",
        "labels": COMBO_LABELS,
        "axis1": {"series": axis1, "format": "0"},
        "axis2": {"series": axis2, "format": "#,##0"},
    }
    return template, [{"template": 1, "chart": chart}], {}


def case_combo_primary_group_first(workdir: Path) -> GalleryInput:
    """Blue and orange columns (Sales, Costs: 10-40) on the left axis, grey line (Margin: 1000-3100) on the right axis."""
    return _combo(
        workdir, [Group("barChart", ("Sales", "Costs")), Group("lineChart", ("Margin",), "secondary")]
    )


def case_combo_secondary_group_first(workdir: Path) -> GalleryInput:
    """Red AREA (Volume, 1000-3100) against the right axis (to ~3500) behind an orange line with markers (Price, 10-19) against the left axis."""
    groups = [Group("areaChart", ("Volume",), "secondary"), Group("lineChart", ("Price",))]
    return _combo(workdir, groups, {"Volume": {"shape": {"fill": "C00000"}}})


def case_combo_three_groups(workdir: Path) -> GalleryInput:
    """Blue area (Volume) and yellow line (Margin) against the right axis (thousands); orange and grey columns (Sales, Costs) against the left (10-40)."""
    groups = [
        Group("areaChart", ("Volume",), "secondary"),
        Group("barChart", ("Sales", "Costs")),
        Group("lineChart", ("Margin",), "secondary"),
    ]
    return _combo(workdir, groups)


def case_combo_bar_secondary_line_primary(workdir: Path) -> GalleryInput:
    """Blue columns (Units, 1000-3100) against the right axis; orange line with markers (Price, 10-19) against the left axis."""
    return _combo(workdir, [Group("barChart", ("Units",), "secondary"), Group("lineChart", ("Price",))])


def _serial(day: dt.date) -> int:
    return (day - dt.date(1899, 12, 30)).days


def _date_case(workdir: Path, days: list[dt.date], fmt: str) -> GalleryInput:
    from tests.renderer.chart.templates import build_category

    template = build_category("column_clustered", workdir / "template.pptx")
    values = [float(10 + (i * 7) % 13) for i in range(len(days))]
    chart = {
        "type": "chart",
        "date_labels": [_serial(d) for d in days],
        "date_labels_format": fmt,
        "axis1": {"series": {"Revenue": {"values": values}}},
    }
    return template, [{"template": 1, "chart": chart}], {}


def case_date_axis_daily(workdir: Path) -> GalleryInput:
    """Ten daily columns (1-10 Mar 2024) of normal width with gaps between them (the red one is the template's point format)."""
    return _date_case(workdir, [dt.date(2024, 3, 1) + dt.timedelta(days=i) for i in range(10)], "d mmm")


def case_date_axis_monthly(workdir: Path) -> GalleryInput:
    """Twelve monthly columns (Jan-Dec 2024) of normal width, NOT one-day hairlines; one label per month."""
    return _date_case(workdir, [dt.date(2024, m, 1) for m in range(1, 13)], "mmm yy")


def case_date_axis_yearly(workdir: Path) -> GalleryInput:
    """Eight yearly columns (2017-2024) of normal width, NOT hairlines, labelled by year."""
    return _date_case(workdir, [dt.date(y, 1, 1) for y in range(2017, 2025)], "yyyy")


def case_date_axis_tick_count_converted(workdir: Path) -> GalleryInput:
    """24 monthly columns (Jan 2024-Dec 2025) with a label every third month (the template ticks every 91 days on a daily axis), NOT one lone label."""
    from tests.renderer.chart.kit import fill_pptx
    from tests.renderer.chart.templates import build_category

    daily = build_category("column_clustered", workdir / "daily.pptx")
    days = [dt.date(2024, 3, 1) + dt.timedelta(days=i) for i in range(6)]
    every_91_days = {
        "type": "chart",
        "date_labels": [_serial(d) for d in days],
        "date_labels_major_unit": 91,
        "date_labels_major_time_unit": "days",
        "axis1": {"series": {"Revenue": {"values": [1.0] * len(days)}}},
    }
    template = workdir / "template.pptx"
    fill_pptx(daily, template, {"ppt/charts/chart1.xml": every_91_days})
    months = [dt.date(2024 + m // 12, m % 12 + 1, 1) for m in range(24)]
    chart = {
        "type": "chart",
        "date_labels": [_serial(d) for d in months],
        "date_labels_format": "mmm yy",
        "axis1": {"series": {"Revenue": {"values": [float(10 + (i * 7) % 13) for i in range(24)]}}},
    }
    return template, [{"template": 1, "chart": chart}], {}


def _stock_data(names: list[str]) -> dict[str, Any]:
    return {
        "type": "chart",
        "labels": STOCK_LABELS,
        "axis1": {"series": {n: {"values": OHLC[n]} for n in names}},
    }


def case_stock_open_high_low_close(workdir: Path) -> GalleryInput:
    """Five days of high-low lines with up-down bars: white (up) on Tue, Wed, Fri; dark (down) on Mon and Thu."""
    template = build_stock(workdir / "template.pptx", ohlc=True)
    return template, [{"template": 1, "chart": _stock_data(["Open", "High", "Low", "Close"])}], {}


def case_stock_high_low_close(workdir: Path) -> GalleryInput:
    """Five days of high-low lines with a dash at each close, no up-down bars."""
    template = build_stock(workdir / "template.pptx", ohlc=False)
    return template, [{"template": 1, "chart": _stock_data(["High", "Low", "Close"])}], {}


# -- every kind, one slide each --------------------------------------------------------------------

KIND_LABELS = ["North", "South", "East", "West", "Centre"]
_KINDS: list[tuple[str, str]] = [  # (title, python-pptx chart type or transform)
    ("clustered column", "COLUMN_CLUSTERED"),
    ("stacked column", "COLUMN_STACKED"),
    ("100% stacked column", "COLUMN_STACKED_100"),
    ("clustered bar", "BAR_CLUSTERED"),
    ("stacked bar", "BAR_STACKED"),
    ("line", "LINE"),
    ("line with markers", "LINE_MARKERS"),
    ("stacked line", "LINE_STACKED"),
    ("area", "AREA"),
    ("stacked area", "AREA_STACKED"),
    ("pie", "PIE"),
    ("exploded pie", "PIE_EXPLODED"),
    ("doughnut", "DOUGHNUT"),
    ("radar", "RADAR_MARKERS"),
    ("filled radar", "RADAR_FILLED"),
    ("3-D clustered column", "3D"),
    ("3-D surface", "SURFACE"),
    ("stock (open-high-low-close)", "STOCK"),
    ("scatter", "XY_SCATTER"),
    ("scatter with lines", "XY_SCATTER_LINES"),
    ("bubble", "BUBBLE"),
]


def _kinds_template(path: Path) -> Path:
    from pptx import Presentation
    from pptx.chart.data import BubbleChartData, CategoryChartData, XyChartData
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.util import Inches, Pt

    prs = Presentation()
    for title, kind in _KINDS:
        slide = prs.slides.add_slide(prs.slide_layouts[6])
        box = slide.shapes.add_textbox(Inches(0.5), Inches(0.1), Inches(9), Inches(0.5))
        box.text_frame.text = f"Template: {title}"
        box.text_frame.paragraphs[0].runs[0].font.size = Pt(20)
        data: Any
        if kind in ("XY_SCATTER", "XY_SCATTER_LINES", "BUBBLE"):
            data = BubbleChartData() if kind == "BUBBLE" else XyChartData()
            series = data.add_series("Template")
            for k in range(3):
                if kind == "BUBBLE":
                    series.add_data_point(k + 1, k + 2, 4)
                else:
                    series.add_data_point(k + 1, k + 2)
            chart_type = getattr(XL_CHART_TYPE, kind)
        else:
            data = CategoryChartData(number_format="0")
            data.categories = ["a", "b", "c"]
            names = ["Open", "High", "Low", "Close"] if kind == "STOCK" else ["T1", "T2", "T3"]
            for name in names:
                data.add_series(name, [1.0, 2.0, 3.0])
            chart_type = {
                "3D": XL_CHART_TYPE.COLUMN_CLUSTERED,
                "SURFACE": XL_CHART_TYPE.LINE,
                "STOCK": XL_CHART_TYPE.LINE_MARKERS,
            }.get(kind) or getattr(XL_CHART_TYPE, kind)
        frame = slide.shapes.add_chart(chart_type, Inches(0.5), Inches(0.7), Inches(9), Inches(6.5), data)
        frame._element.nvGraphicFramePr.cNvPr.set("descr", "chart")
        frame.chart.has_legend = True
        if kind == "XY_SCATTER":
            from pptx.enum.chart import XL_MARKER_STYLE

            for series in frame.chart.plots[0].series:  # python-pptx's markers are dots: make them seen
                series.marker.style = XL_MARKER_STYLE.CIRCLE
                series.marker.size = 9
        space = frame.chart.part._element
        if kind == "3D":
            to_bar_3d(space)
        elif kind == "SURFACE":
            to_surface(space)
        elif kind == "STOCK":
            to_stock(space, ohlc=True)
    prs.save(str(path))
    return path


def _kind_data(kind: str) -> dict[str, Any]:
    if kind in ("XY_SCATTER", "XY_SCATTER_LINES", "BUBBLE"):
        series = {
            f"P{k}": {
                "name": f"Points {k + 1}",
                "styles": {"shape": {"fill": f"accent{k + 1}"}},
                "values": [[i + 1, (k + 1) * (i + 2) % 7 + 1] for i in range(6)],
            }
            for k in range(2)
        }
        return {"type": "scatter-chart", "axis1": {"series": series}}
    if kind == "STOCK":
        return {
            "type": "chart",
            "labels": STOCK_LABELS,
            "axis1": {"series": {n: {"values": v} for n, v in OHLC.items()}},
        }
    series = {
        f"Series {k + 1}": {"values": [float(3 + (k * 5 + i * 3) % 9) for i in range(len(KIND_LABELS))]}
        for k in range(3)
    }
    return {"type": "chart", "labels": KIND_LABELS, "axis1": {"series": series}}


def case_every_chart_kind(workdir: Path) -> GalleryInput:
    """One slide per kind (title says which), each drawn as its kind with the new data: 5 labels and 3 series, pies and doughnut Series 1 only, stock OHLC bars, scatter/bubble 2 series of 6 points (LibreOffice draws the 3-D surface as 3-D columns: it has no surface renderer)."""
    template = _kinds_template(workdir / "template.pptx")
    slides = [{"template": i + 1, "chart": _kind_data(kind)} for i, (_, kind) in enumerate(_KINDS)]
    return template, slides, {}


def case_stock_with_volume(workdir: Path) -> GalleryInput:
    """Grey volume columns against the left axis (0-1600), open-high-low-close bars against the right axis (0-70)."""
    from tests.renderer.chart.more_kinds import VOLUME, build_volume_stock

    template = build_volume_stock(workdir / "template.pptx")
    chart = {
        "type": "chart",
        "labels": STOCK_LABELS,
        "axis1": {"series": {"Volume": {"values": VOLUME}}},
        "axis2": {"series": {n: {"values": v} for n, v in OHLC.items()}},
    }
    return template, [{"template": 1, "chart": chart}], {}


# -- the designer's look survives new data (issue 26) ----------------------------------------------


def _chart_data(labels: list[str], series: dict[str, list[float]]) -> dict[str, Any]:
    return {
        "type": "chart",
        "labels": labels,
        "axis1": {"series": {k: {"values": v} for k, v in series.items()}},
    }


def case_renamed_pie_keeps_its_slices(workdir: Path) -> GalleryInput:
    """A pie of three slices in the template's blue, red, green with white bold percentages, NOT the default colours with "y 0.5" labels."""
    from tests.renderer.chart.designer_kit import edit_chart, label_every_point
    from tests.renderer.chart.intent_kit import pie_chart

    template = edit_chart(pie_chart(workdir / "template.pptx"), lambda root: label_every_point(root, 3, True))
    chart = _chart_data(["North", "South", "East"], {"Revenue share": [50.0, 30.0, 20.0]})
    return template, [{"template": 1, "chart": chart}], {}


def case_new_series_colour_as_drawn(workdir: Path) -> GalleryInput:
    """Three column series: Actual blue, Plan grey, Forecast in a colour clearly NOT grey (the theme's accent3 is Plan's grey)."""
    from tests.renderer.chart.designer_kit import edit_chart, retheme, rgb_series
    from tests.renderer.chart.intent_kit import accent_chart

    template = accent_chart(
        workdir / "template.pptx",
        series={"Actual": [10.0, 20.0, 30.0], "Plan": [15.0, 25.0, 30.0]},
        number_format="0",
    )
    edit_chart(template, lambda root: rgb_series(root, 1, "A5A5A5"))
    retheme(template, "accent3", "A5A5A5")
    series = {"Actual": [10.0, 20.0, 30.0], "Plan": [15.0, 25.0, 30.0], "Forecast": [12.0, 22.0, 35.0]}
    return template, [{"template": 1, "chart": _chart_data(["North", "South", "East"], series)}], {}


def case_new_columns_keep_point_labels(workdir: Path) -> GalleryInput:
    """Five stacked columns a-e: every blue segment, the added d and e too, has its own white bold value label; red segments none."""
    from tests.renderer.chart.designer_kit import edit_chart, label_every_point
    from tests.renderer.chart.intent_kit import accent_chart

    template = accent_chart(workdir / "template.pptx", "COLUMN_STACKED", number_format="0")
    edit_chart(template, lambda root: label_every_point(root, 3))
    series = {"S1": [40.0, 50.0, 60.0, 70.0, 80.0], "S2": [30.0, 20.0, 30.0, 20.0, 30.0]}
    return template, [{"template": 1, "chart": _chart_data(["a", "b", "c", "d", "e"], series)}], {}


def case_new_pie_slices_keep_the_look(workdir: Path) -> GalleryInput:
    """A pie of five slices in five different colours, each with a white border and a white bold percentage (the template had three)."""
    from tests.renderer.chart.designer_kit import edit_chart, label_every_point
    from tests.renderer.chart.intent_kit import pie_chart

    template = edit_chart(pie_chart(workdir / "template.pptx"), lambda root: label_every_point(root, 3, True))
    chart = _chart_data(["a", "b", "c", "d", "e"], {"Share": [30.0, 25.0, 20.0, 15.0, 10.0]})
    return template, [{"template": 1, "chart": chart}], {}


def case_untitled_chart_stays_untitled(workdir: Path) -> GalleryInput:
    """Columns of one series (Revenue) with NO chart title above the plot (the three-series template had none)."""
    from tests.renderer.chart.designer_kit import edit_chart, untitled
    from tests.renderer.chart.templates import build_category

    template = edit_chart(build_category("column_clustered", workdir / "template.pptx"), untitled)
    chart = _chart_data(["North", "South", "East", "West"], {"Revenue": [12.0, 18.0, 9.0, 15.0]})
    return template, [{"template": 1, "chart": chart}], {}


def case_scatter_groups_in_colours_of_their_own(workdir: Path) -> GalleryInput:
    """Twenty-five scatter points in five groups G0-G4, each group in its own colour (blue, red, green, purple, aqua) and marker shape, NOT all one light blue."""
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
    template = workdir / "template.pptx"
    template.write_bytes(examples.template().read_bytes())
    slide = {"template": 4, "heading": "Stores by group", "spread": scatter.model_dump(exclude_none=True)}
    return template, [slide], {}
