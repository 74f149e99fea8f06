"""What the data must meet to fill a template chart: every problem, each with its data path.

The kind of plot (category or scatter) must match the data's; axis2 needs a secondary axis; each
series has one value per label and at most one point style per value; bounds are ranges; and what
each kind of plot group holds (:mod:`deckkit.renderer.chart.kinds`, area series without point
styles). :func:`check_chart` runs before anything is filled, so that ``fill_chart`` never fails
half-way.
"""

from __future__ import annotations

from collections.abc import Callable

from lxml import etree

from deckkit.errors import Problem
from deckkit.model import format_path
from deckkit.model.elements import Chart, ChartAxis, ScatterAxis, ScatterChart
from deckkit.ooxml.chart import PlotGroup, chart_label, family, plot_groups, series_name
from deckkit.renderer.chart import kinds as chart_kinds
from deckkit.renderer.chart.placement import Placement, plan_placements
from deckkit.renderer.chart.styles import point_styles_problem

__all__ = ["chart_axes_of", "check_chart", "describe_chart"]


def _article(text: str) -> str:
    return "an" if text[:1].lower() in "aeiou8" else "a"


def describe_chart(chart_space: etree._Element) -> str:
    """``a clustered column chart with series "S1", "S2"`` (for messages)."""
    return _describe(plot_groups(chart_space))


def _describe(groups: list[PlotGroup]) -> str:
    if not groups:
        return "a chart without plot"
    label = chart_label(groups)
    primary = [series_name(s) for g in groups if not g.secondary for s in g.series]
    secondary = [series_name(s) for g in groups if g.secondary for s in g.series]
    text = f"{_article(label)} {label} chart"
    if primary:
        text += " with series " + ", ".join(f'"{n}"' for n in primary)
    if secondary:
        text += " and, on the secondary axis, " + ", ".join(f'"{n}"' for n in secondary)
    return text


def chart_axes_of(chart: Chart | ScatterChart) -> list[tuple[str, ChartAxis | ScatterAxis]]:
    """The data's value axes that are given, with their names (``axis1``, ``axis2``)."""
    return [
        (name, axis) for name, axis in (("axis1", chart.axis1), ("axis2", chart.axis2)) if axis is not None
    ]


def check_chart(
    chart_space: etree._Element,
    chart: Chart | ScatterChart,
    path: str,
    groups: list[PlotGroup] | None = None,
    placed: Callable[[], list[Placement]] | None = None,
) -> list[Problem]:
    """Every reason the data cannot fill this template chart, each with its data path.

    groups: the chart's plot groups when the caller has them (read only here); placed: the
    caller's ``plan_placements(groups, chart)`` (asked only of a chart whose groups can take
    the data's axes).
    """
    if groups is None:
        groups = plot_groups(chart_space)
    mismatch = _family_problem(groups, chart, path)
    if mismatch is not None:
        return [mismatch]
    if chart.axis2 is not None and not any(g.secondary for g in groups):
        return [
            Problem(
                format_path(["axis2"], path),
                f"the template chart has no secondary value axis (it is {_describe(groups)}); put these "
                "series in axis1, or give the template chart a secondary axis",
            ),
            *_series_problems(chart, path),
        ]
    placements = placed() if placed is not None else plan_placements(groups, chart)
    problems = _kind_problems(groups, placements, path) + _series_problems(chart, path)
    return problems or _area_point_style_problems(placements, path)


def _family_problem(groups: list[PlotGroup], chart: Chart | ScatterChart, path: str) -> Problem | None:
    """The one problem of a template chart of another family than the data (or of none)."""
    kind = family(groups)
    if kind == "empty":
        return Problem(path, "the template chart has no plot to fill; draw the chart again in PowerPoint")
    if kind == "mixed":
        return Problem(
            path,
            f"the template chart is {_describe(groups)}, which mixes scatter and category plots; "
            "deckkit fills one or the other",
        )
    if kind == "scatter" and isinstance(chart, Chart):
        return Problem(
            path,
            f'the template chart is {_describe(groups)}; give it a scatter chart object ("type": '
            '"scatter-chart", points as [x, y] pairs)',
        )
    if kind == "category" and isinstance(chart, ScatterChart):
        return Problem(
            path,
            f'the template chart is {_describe(groups)}; give it a chart object ("type": "chart", '
            "labels and values)",
        )
    return None


def _series_problems(chart: Chart | ScatterChart, path: str) -> list[Problem]:
    """Bounds that are no range; series whose values or point styles do not match their labels."""
    problems: list[Problem] = []
    for axis_name, axis in chart_axes_of(chart):
        problems.extend(_bounds_problems(axis, [axis_name], path))
        for key, series in axis.series.items():
            at = [axis_name, "series", key]
            count = len(series.values)
            if isinstance(chart, Chart) and count != len(chart.categories):
                labels = "labels" if chart.labels is not None else "date_labels"
                problems.append(
                    Problem(
                        format_path([*at, "values"], path),
                        f"has {count} values but {labels} has {len(chart.categories)}; give one value per label",
                    )
                )
            styles = series.data_point_styles
            if styles is not None and len(styles) > count:
                problems.append(
                    Problem(
                        format_path([*at, "data_point_styles"], path),
                        f"has {len(styles)} styles for {count} values; give at most one per value",
                    )
                )
    return problems


def _kind_problems(groups: list[PlotGroup], placements: list[Placement], path: str) -> list[Problem]:
    """What a plot group cannot hold (chart.kinds): a stock group's series count, surface point formats."""
    problems: list[Problem] = []
    for g in groups:
        axis_name = "axis2" if g.secondary else "axis1"
        mine = [p for p in placements if p.group is g]
        at = format_path([axis_name, "series"], path)
        problems.extend(chart_kinds.series_count_problems(g, [p.key for p in mine], at))
        for p in mine:
            if not p.data.data_point_styles:
                continue  # no point styles: none a group can refuse (nor a path to format)
            at = format_path([axis_name, "series", p.key, "data_point_styles"], path)
            problems.extend(chart_kinds.point_style_problems(g, True, at))
    return problems


def _area_point_style_problems(placements: list[Placement], path: str) -> list[Problem]:
    """Point styles given to a series drawn as an area (which has no points to style)."""
    problems: list[Problem] = []
    for p in placements:
        styled = any(style is not None for style in p.data.data_point_styles or [])
        message = point_styles_problem(p.group.kind) if styled else None
        if message is not None:
            axis_name = "axis2" if p.group.secondary else "axis1"
            problems.append(
                Problem(format_path([axis_name, "series", p.key, "data_point_styles"], path), message)
            )
    return problems


def _bounds_problems(axis: ChartAxis | ScatterAxis, at: list[str | int], path: str) -> list[Problem]:
    """A displayed range must be a range: minimum below maximum (JSON Schema cannot say so)."""
    pairs = (
        [("bounds", axis.bounds)]
        if isinstance(axis, ChartAxis)
        else [("x_bounds", axis.x_bounds), ("y_bounds", axis.y_bounds)]
    )
    problems: list[Problem] = []
    for name, bounds in pairs:
        low, high = (bounds.minimum, bounds.maximum) if bounds is not None else (None, None)
        if low is not None and high is not None and low >= high:
            problems.append(
                Problem(
                    format_path([*at, name], path), f"minimum ({low:g}) must be less than maximum ({high:g})"
                )
            )
    return problems
