"""Chart and Scatter: a small matplotlib plot of the data (series, labels, axis1 and axis2).

The plot shows the data, not the template's look (chart kind, colours and fonts come from the
template at render time): lines with markers per series, axis2 series dashed on a right-hand
axis; the tick labels in the data's formats (``date_labels_format``, each axis' ``format``). matplotlib is imported here, on first display; ``Figure`` is used directly so that no
pyplot state or GUI backend is touched.
"""

from __future__ import annotations

import base64
import io
from typing import Any

from deckkit.display.html import box, css_color, esc
from deckkit.display.number_format import date_formatter, number_formatter
from deckkit.display_hook import HTML
from deckkit.model import Chart, ScatterChart
from deckkit.model.chart import ScatterAxis, serial_date
from deckkit.model.styles import Styles

__all__ = ["chart_figure", "chart_html", "chart_png"]

_SIZE = (4.2, 2.4)  # inches; at 72 dpi a ~300x170 px PNG of a few KB
_DPI = 72


def _color(styles: Styles | None) -> str | None:
    if styles is None:
        return None
    if styles.shape is not None and (styles.shape.fill or styles.shape.outline):
        return css_color(styles.shape.fill or styles.shape.outline)
    return None


def chart_png(chart: Chart | ScatterChart) -> bytes:
    out = io.BytesIO()
    chart_figure(chart).savefig(out, format="png", dpi=_DPI)
    return out.getvalue()


def chart_figure(chart: Chart | ScatterChart) -> Any:
    """The preview's matplotlib Figure."""
    # matplotlib is imported when a chart is first shown: it is optional, and heavy.
    from matplotlib.figure import Figure
    from matplotlib.ticker import FuncFormatter

    fig = Figure(figsize=_SIZE, dpi=_DPI)
    ax = fig.add_subplot()
    axes: list[tuple[Any, Any, str]] = [(ax, chart.axis1, "-")]
    if chart.axis2 is not None:
        axes.append((ax.twinx(), chart.axis2, "--"))
    handles: list[Any] = []
    # One colour cycle over both axes (a twin axis would restart it and repeat the colours).
    colors = iter(f"C{i % 10}" for i in range(10_000))
    if isinstance(chart, Chart):
        positions = list(range(len(chart.categories)))
        show_date = date_formatter(chart.date_labels_format)
        labels = chart.labels or [show_date(serial_date(d)) for d in chart.date_labels or []]
        for target, axis, line in axes:
            for key, series in axis.series.items():
                values = [float("nan") if v is None else v for v in series.values]
                (h,) = target.plot(
                    positions[: len(values)],
                    values,
                    line,
                    marker="o",
                    markersize=3,
                    label=series.name or key,
                    color=_color(series.styles) or next(colors),
                )
                handles.append(h)
        step = chart.labels_interval or max(1, len(labels) // 8)
        ax.set_xticks(
            positions[::step], [str(x) for x in labels[::step]], fontsize=7, rotation=30, ha="right"
        )
    else:
        for target, axis, _line in axes:
            for key, series in axis.series.items():
                xs = [x for x, _ in series.values]
                ys = [y for _, y in series.values]
                marker = "o" if target is ax else "^"
                dots = target.scatter(
                    xs,
                    ys,
                    s=10,
                    marker=marker,
                    label=series.name or key,
                    color=_color(series.styles) or next(colors),
                )
                handles.append(dots)
        ax.tick_params(labelsize=7)
    for target, axis, _line in axes:
        target.tick_params(axis="y", labelsize=7)
        # The axes' number formats, as the rendered chart shows its tick labels.
        y_format = axis.y_format if isinstance(axis, ScatterAxis) else axis.format
        if y_format:
            show = number_formatter(y_format)
            target.yaxis.set_major_formatter(FuncFormatter(lambda v, _pos, show=show: show(v)))
    if isinstance(chart, ScatterChart) and chart.axis1.x_format:
        show_x = number_formatter(chart.axis1.x_format)
        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _pos: show_x(v)))
    if handles:
        ax.legend(handles=handles, fontsize=6, loc="best", frameon=False)
    fig.tight_layout()
    return fig


@HTML.register("deckkit.model.chart.Chart", "deckkit.model.chart.ScatterChart")
def chart_html(chart: Chart | ScatterChart) -> str:
    png = base64.b64encode(chart_png(chart)).decode("ascii")
    note = (
        '<div style="color:#888;font-size:11px">the data only: chart kind, colours and fonts come from '
        "the template</div>"
    )
    text = repr(chart)[1:-1]
    kind, _, detail = text.partition(": ")
    return box(
        esc(kind),
        f'<div style="font-size:11px">{esc(detail)}</div><img src="data:image/png;base64,{png}"/>{note}',
    )
