"""Charts: category charts (bar, line, area, pie...) and scatter charts; the kind comes from the template.

The model checks each field on its own. Rules that tie fields together and that JSON Schema cannot
state (values as long as labels, minimum below maximum, axis2 only on a chart with a secondary
axis) are checked by the chart filler at render time, against the template chart.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BeforeValidator, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from deckkit.model._base import StrictModel
from deckkit.model._display import Displayed
from deckkit.model._types import (
    MaybeNumber,
    Number,
    PositiveInt,
    PositiveNumber,
    StrictText,
    WholeNumber,
    shown,
)
from deckkit.model.styles import Styles

if TYPE_CHECKING:
    from deckkit.frames._styles import StylesLike
    from deckkit.frames.formats import Format

TimeUnit = Literal["days", "months", "years"]


class Bounds(StrictModel):
    """Displayed range of a value axis; either end may be left out."""

    minimum: Number | None = None
    maximum: Number | None = None


class ChartSeries(StrictModel):
    """One series of a category chart; ``null`` values (or NaN from Python) are gaps."""

    name: StrictText | None = None
    values: list[MaybeNumber]
    styles: Styles | None = None
    data_point_styles: list[Styles | None] | None = None


class ChartAxis(StrictModel):
    """The series on one value axis (key = template series name to overwrite, or a new one)."""

    series: dict[str, ChartSeries] = Field(min_length=1)
    bounds: Bounds | None = None
    format: StrictText | None = None
    major_unit: PositiveNumber | None = None


class Chart(Displayed, StrictModel):
    """Data for the category chart whose alt text is the key: ``labels`` or ``date_labels``, not both."""

    type: Literal["chart"] = "chart"
    labels: list[StrictText] | None = None
    labels_interval: PositiveInt | None = None
    date_labels: list[WholeNumber] | None = None
    date_labels_format: StrictText | None = None
    date_labels_major_unit: PositiveInt | None = None
    date_labels_major_time_unit: TimeUnit | None = None
    axis1: ChartAxis
    axis2: ChartAxis | None = None

    @classmethod
    def from_dataframe(
        cls,
        df: Any,
        /,
        *,
        labels: Hashable | None = None,
        series: Sequence[Hashable] | None = None,
        axis2: Sequence[Hashable] | None = None,
        names: Mapping[Hashable, str] | None = None,
        styles: Mapping[Hashable, StylesLike] | None = None,
        point_styles: Callable[[Any, int, str], StylesLike | None] | None = None,
        label_format: Format | None = None,
        labels_interval: int | None = None,
        date_format: str | None = None,
        date_unit: Literal["days", "months", "years"] | None = None,
        date_major_unit: int | None = None,
        format: str | None = None,
        bounds: tuple[float | None, float | None] | None = None,
        major_unit: float | None = None,
        axis2_format: str | None = None,
        axis2_bounds: tuple[float | None, float | None] | None = None,
        axis2_major_unit: float | None = None,
    ) -> Chart:
        """A Chart from a pandas or polars DataFrame: one row per label, one column per series.

        Every parameter is documented in :func:`deckkit.frames.chart_from_dataframe`.
        """
        from deckkit.frames.chart import chart_from_dataframe

        return chart_from_dataframe(
            df,
            labels=labels,
            series=series,
            axis2=axis2,
            names=names,
            styles=styles,
            point_styles=point_styles,
            label_format=label_format,
            labels_interval=labels_interval,
            date_format=date_format,
            date_unit=date_unit,
            date_major_unit=date_major_unit,
            format=format,
            bounds=bounds,
            major_unit=major_unit,
            axis2_format=axis2_format,
            axis2_bounds=axis2_bounds,
            axis2_major_unit=axis2_major_unit,
        )

    @model_validator(mode="after")
    def _one_kind_of_labels(self) -> Chart:
        if self.labels is None and self.date_labels is None:
            raise PydanticCustomError(
                "labels", 'needs "labels" (strings) or "date_labels" (date serial numbers)'
            )
        if self.labels is not None and self.date_labels is not None:
            raise PydanticCustomError("labels", 'give either "labels" or "date_labels", not both')
        return self

    @property
    def categories(self) -> list[str] | list[int]:
        return self.labels if self.labels is not None else (self.date_labels or [])


def _pair(value: Any) -> Any:
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise PydanticCustomError(
            "point", "must be a pair [x, y] of two numbers, got {got}", {"got": _point_shown(value)}
        )
    return value


def _point_shown(value: Any) -> str:
    if isinstance(value, list | tuple) and len(value) <= 4:
        return "[" + ", ".join(shown(v) for v in value) + "]"
    return shown(value)


Point = Annotated[tuple[Number, Number], BeforeValidator(_pair)]


class ScatterSeries(StrictModel):
    """One series of a scatter chart: ``[x, y]`` points."""

    name: StrictText
    values: list[Point]
    styles: Styles | None = None
    data_point_styles: list[Styles | None] | None = None


class ScatterAxis(StrictModel):
    """The scatter series on one axis pair, and that pair's display settings."""

    series: dict[str, ScatterSeries] = Field(min_length=1)
    x_bounds: Bounds | None = None
    y_bounds: Bounds | None = None
    x_format: StrictText | None = None
    y_format: StrictText | None = None
    x_major_unit: PositiveNumber | None = None
    y_major_unit: PositiveNumber | None = None


class ScatterChart(Displayed, StrictModel):
    """Data for the scatter chart whose alt text is the key (``scatter_chart`` is read too)."""

    type: Literal["scatter-chart"] = "scatter-chart"
    axis1: ScatterAxis
    axis2: ScatterAxis | None = None

    @field_validator("type", mode="before")
    @classmethod
    def _underscore_spelling(cls, value: Any) -> Any:
        # One listing of the interface spells it scatter_chart; read it, write the hyphen.
        return "scatter-chart" if value == "scatter_chart" else value

    @classmethod
    def from_dataframe(
        cls,
        df: Any,
        /,
        *,
        x: Hashable,
        y: Hashable | Sequence[Hashable],
        by: Hashable | None = None,
        names: Mapping[Any, str] | None = None,
        styles: Mapping[Any, StylesLike] | None = None,
        x_format: str | None = None,
        y_format: str | None = None,
        x_bounds: tuple[float | None, float | None] | None = None,
        y_bounds: tuple[float | None, float | None] | None = None,
        x_major_unit: float | None = None,
        y_major_unit: float | None = None,
    ) -> ScatterChart:
        """A ScatterChart from a pandas or polars DataFrame: ``x=``, ``y=``, one series per ``by=`` group.

        Every parameter is documented in :func:`deckkit.frames.scatter_from_dataframe`.
        """
        from deckkit.frames.scatter import scatter_from_dataframe

        return scatter_from_dataframe(
            df,
            x=x,
            y=y,
            by=by,
            names=names,
            styles=styles,
            x_format=x_format,
            y_format=y_format,
            x_bounds=x_bounds,
            y_bounds=y_bounds,
            x_major_unit=x_major_unit,
            y_major_unit=y_major_unit,
        )


Scatter = ScatterChart
"""The former short name of :class:`ScatterChart`, kept for code that already uses it."""


__all__ = [
    "Bounds",
    "Chart",
    "ChartAxis",
    "ChartSeries",
    "Point",
    "ScatterAxis",
    "ScatterChart",
    "ScatterSeries",
    "TimeUnit",
]
