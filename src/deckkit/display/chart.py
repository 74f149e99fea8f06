"""Chart and Scatter: a small matplotlib plot of the data, in its template chart's kind when known.

A Chart's data carries no kind: the template's chart has it. Where a display knows the template
(a Deck's display, :func:`chart_html` given the :class:`ChartKind` that inspection read), each
series is drawn as its plot group will show it: clustered or stacked columns or bars, lines,
areas, a pie or a doughnut, axis2 series on a right-hand axis in the secondary group's kind. A
Chart shown on its own is drawn as lines and says so; a Scatter's data is a scatter chart's.
Tick labels are in the data's formats (``date_labels_format``, each axis' ``format``); colours
are the series' own or matplotlib's, fonts the notebook's. matplotlib is imported here, on first
display; ``Figure`` is used directly so that no pyplot state or GUI backend is touched.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from deckkit.display.chart_plots import Drawn, draw_category_axis, draw_pie
from deckkit.display.html import box, css_color, esc
from deckkit.display.number_format import date_formatter, number_formatter
from deckkit.display_hook import HTML
from deckkit.model import Chart, ScatterChart
from deckkit.model.chart import ScatterAxis, serial_date
from deckkit.model.styles import Styles
from deckkit.template.chart_kinds import ChartKind

if TYPE_CHECKING:
    from deckkit.deck import Deck
    from deckkit.model import Slide

__all__ = ["STANDALONE_NOTE", "chart_figure", "chart_html", "chart_kinds_of", "chart_png", "drawn_as"]

_SIZE = (4.2, 2.4)  # inches; at 72 dpi a ~300x170 px PNG of a few KB
_DPI = 72

STANDALONE_NOTE = "drawn as lines: the kind (columns, pie...) comes from the template's chart"


def chart_kinds_of(deck: Deck | None, slide: Slide) -> dict[str, ChartKind]:
    """The kind of each chart key on ``slide``'s template slide, read from the template of
    ``deck`` it comes from (its own, or one given with ``extra=``); empty when there is no deck,
    the template cannot be opened or the slide is not in it (the render says why)."""
    info = deck.template_of(slide) if deck is not None else None
    if info is None or not 1 <= slide.template <= len(info.slides):
        return {}
    return {p.key: p.chart for p in info.slide(slide.template).placeholders if p.chart is not None}


def _color(styles: Styles | None) -> str | None:
    if styles is None:
        return None
    if styles.shape is not None and (styles.shape.fill or styles.shape.outline):
        return css_color(styles.shape.fill or styles.shape.outline)
    return None


def drawn_as(chart: Chart | ScatterChart, kind: ChartKind | None) -> str:
    """What the preview draws, in words: the template chart's kind, or why it is lines."""
    if isinstance(chart, ScatterChart):
        return "drawn as a scatter chart (the data is a scatter chart's)"
    if kind is None or not kind.plots:
        return STANDALONE_NOTE
    if any(p.shape in ("other", "scatter") for p in kind.plots):
        return f"drawn as lines: the preview does not draw the template's {kind.label} chart"
    return f"drawn as the template's {kind.label} chart"


def chart_png(chart: Chart | ScatterChart, kind: ChartKind | None = None) -> bytes:
    """The preview as a PNG; cached by the chart's data and kind, since a Deck's display draws
    the same charts each time it is shown (matplotlib takes a tenth of a second a plot)."""
    key = (type(chart).__name__, chart.model_dump_json(), kind)
    png = _PNGS.get(key)
    if png is None:
        out = io.BytesIO()
        chart_figure(chart, kind).savefig(out, format="png", dpi=_DPI)
        png = out.getvalue()
        if len(_PNGS) >= _PNGS_SIZE:
            del _PNGS[next(iter(_PNGS))]  # the oldest
        _PNGS[key] = png
    return png


_PNGS: dict[tuple[str, str, ChartKind | None], bytes] = {}
_PNGS_SIZE = 32


def chart_figure(chart: Chart | ScatterChart, kind: ChartKind | None = None) -> Any:
    """The preview's matplotlib Figure; ``kind``: the template chart's (lines without it)."""
    # matplotlib is imported when a chart is first shown: it is optional, and heavy.
    from matplotlib.figure import Figure

    fig = Figure(figsize=_SIZE, dpi=_DPI)
    ax = fig.add_subplot()
    # One colour cycle over both axes (a twin axis would restart it and repeat the colours).
    colors = (f"C{i % 10}" for i in range(10_000))
    handles: list[Any] = []
    if isinstance(chart, ScatterChart):
        handles = _draw_scatter(ax, chart, colors)
    else:
        first = kind.plots[0] if kind is not None and kind.plots else None
        if first is not None and first.shape in ("pie", "doughnut"):
            handles = draw_pie(ax, chart, first, _labels(chart), _color)
        else:
            handles = _draw_category(ax, chart, kind, colors)
    if handles:
        ax.legend(handles=handles, fontsize=6, loc="best", frameon=False)
    fig.tight_layout()
    return fig


def _labels(chart: Chart) -> list[str]:
    show_date = date_formatter(chart.date_labels_format)
    return [str(x) for x in chart.labels or [show_date(serial_date(d)) for d in chart.date_labels or []]]


def _draw_category(ax: Any, chart: Chart, kind: ChartKind | None, colors: Iterator[str]) -> list[Any]:
    labels = _labels(chart)
    axes: list[tuple[Any, Any, bool]] = [(ax, chart.axis1, False)]
    if chart.axis2 is not None:
        axes.append((ax.twinx(), chart.axis2, True))
    handles: list[Any] = []
    horizontal = False
    for target, axis, secondary in axes:
        drawn: Drawn = draw_category_axis(target, axis, kind, secondary, len(labels), colors, _color)
        handles += drawn.handles
        horizontal = horizontal or (drawn.horizontal and not secondary)
        # The axis' number format, as the rendered chart shows its tick labels (a 100% stacked
        # group's axis is in percent whatever the data's format).
        code = "0%" if drawn.percent else axis.format
        if code:
            show = number_formatter(code)
            value_axis = target.xaxis if drawn.horizontal else target.yaxis
            value_axis.set_major_formatter(_formatter(show))
        target.tick_params(labelsize=7)
    step = chart.labels_interval or max(1, len(labels) // 8)
    positions = list(range(len(labels)))
    if horizontal:
        ax.set_yticks(positions[::step], labels[::step], fontsize=7)
    else:
        ax.set_xticks(positions[::step], labels[::step], fontsize=7, rotation=30, ha="right")
    return handles


def _formatter(show: Any) -> Any:
    # matplotlib is optional and heavy: imported when a chart is first shown (chart_figure).
    from matplotlib.ticker import FuncFormatter

    return FuncFormatter(lambda v, _pos: show(v))


def _draw_scatter(ax: Any, chart: ScatterChart, colors: Iterator[str]) -> list[Any]:
    axes: list[tuple[Any, ScatterAxis]] = [(ax, chart.axis1)]
    if chart.axis2 is not None:
        axes.append((ax.twinx(), chart.axis2))
    handles: list[Any] = []
    for target, axis in axes:
        for key, series in axis.series.items():
            dots = target.scatter(
                [x for x, _ in series.values],
                [y for _, y in series.values],
                s=10,
                marker="o" if target is ax else "^",
                label=series.name or key,
                color=_color(series.styles) or next(colors),
            )
            handles.append(dots)
        target.tick_params(labelsize=7)
        if axis.y_format:
            target.yaxis.set_major_formatter(_formatter(number_formatter(axis.y_format)))
    if chart.axis1.x_format:
        ax.xaxis.set_major_formatter(_formatter(number_formatter(chart.axis1.x_format)))
    return handles


@HTML.register("deckkit.model.chart.Chart", "deckkit.model.chart.ScatterChart")
def chart_html(chart: Chart | ScatterChart, kind: ChartKind | None = None, *, title: str = "") -> str:
    """The chart's preview; ``kind``: its template chart's (a Chart alone is drawn as lines).
    Without matplotlib (``pip install "deckkit[notebook]"``) it says so instead of a plot, so that
    a Deck's display still shows."""
    what = drawn_as(chart, kind)
    try:
        png = base64.b64encode(chart_png(chart, kind)).decode("ascii")
    except ImportError:
        what, png = 'no plot: matplotlib is not installed (pip install "deckkit[notebook]")', ""
    # As wide as the picture: a Deck's display sets its charts side by side.
    width = f"max-width:{round(_SIZE[0] * _DPI)}px"
    note = (
        f'<div class="deckkit-chart-kind" style="color:#888;font-size:11px;{width}">'
        f"{esc(what)}{'; colours and fonts come from the template' if png else ''}</div>"
    )
    text = repr(chart)[1:-1]
    head, _, detail = text.partition(": ")
    picture = f'<img src="data:image/png;base64,{png}" alt="{esc(what)}"/>' if png else ""
    return box(esc(title or head), f'<div style="font-size:11px;{width}">{esc(detail)}</div>{picture}{note}')
