"""Charts: category charts (bar, line, area, pie...) and scatter charts; the kind comes from the template.

The model checks each field on its own. Rules that tie fields together and that JSON Schema cannot
state (values as long as labels, minimum below maximum, axis2 only on a chart with a secondary
axis) are checked by the chart filler at render time, against the template chart.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from datetime import date, timedelta
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

from pydantic import (
    BeforeValidator,
    Field,
    ValidatorFunctionWrapHandler,
    WrapValidator,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from deckkit.display_hook import Displayable
from deckkit.model._base import StrictModel
from deckkit.model._frames_link import FramesFunction
from deckkit.model._types import (
    TEXT_LIST,
    MaybeNumbers,
    Number,
    PositiveInt,
    PositiveNumber,
    StrictText,
    WholeNumber,
    shown,
)
from deckkit.model.styles import Styles

if TYPE_CHECKING:
    from pydantic import TypeAdapter

TimeUnit = Literal["days", "months", "years"]


class Bounds(StrictModel):
    """Displayed range of a value axis; either end may be left out."""

    minimum: Number | None = None
    maximum: Number | None = None


class ChartSeries(StrictModel):
    """One series of a category chart; ``null`` values (or NaN from Python) are gaps."""

    name: StrictText | None = None
    values: MaybeNumbers
    styles: Styles | None = None
    data_point_styles: list[Styles | None] | None = None


class ChartAxis(StrictModel):
    """The series on one value axis (key = template series name to overwrite, or a new one)."""

    series: dict[str, ChartSeries] = Field(min_length=1)
    bounds: Bounds | None = None
    format: StrictText | None = None
    major_unit: PositiveNumber | None = None


class Chart(Displayable, StrictModel):
    """Data for the category chart whose alt text is the key: ``labels`` or ``date_labels``, not both."""

    type: Literal["chart"] = "chart"
    labels: Annotated[list[StrictText], TEXT_LIST] | None = None
    labels_interval: PositiveInt | None = None
    date_labels: list[WholeNumber] | None = None
    date_labels_format: StrictText | None = None
    date_labels_major_unit: PositiveInt | None = None
    date_labels_major_time_unit: TimeUnit | None = None
    axis1: ChartAxis
    axis2: ChartAxis | None = None

    from_dataframe: ClassVar[FramesFunction[Chart]] = FramesFunction(
        "deckkit.frames.chart", "chart_from_dataframe"
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

    def __repr__(self) -> str:
        # One line: pydantic's own repr of a chart runs to thousands of characters.
        parts = [f"axis1: {_series_names(self.axis1.series)}"]
        if self.axis2 is not None:
            parts.append(f"axis2: {_series_names(self.axis2.series)}")
        labels = [
            str(x) for x in (self.labels or [serial_date(d).isoformat() for d in self.date_labels or []])
        ]
        span = f"{labels[0]} … {labels[-1]}" if len(labels) > 1 else ", ".join(labels)
        parts.append(f"{len(labels)} {'date ' if self.date_labels else ''}labels ({span})")
        return f"<Chart: {'; '.join(parts)}>"


def _series_names(series: Mapping[str, ChartSeries] | Mapping[str, ScatterSeries]) -> str:
    names = [s.name or key for key, s in series.items()]
    shown = ", ".join(names[:4]) + (", …" if len(names) > 4 else "")
    return f"{len(names)} series ({shown})"


_EXCEL_EPOCH = date(1899, 12, 30)


def serial_date(serial: int) -> date:
    """The date of an Excel date serial number (``date_labels``): days since 1899-12-30."""
    return _EXCEL_EPOCH + timedelta(days=serial)


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

_PAIR_TYPES = frozenset({list, tuple})


def _points(value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
    # A scatter chart has thousands of points: when every one is a list or tuple of two (nearly
    # always), pydantic-core validates them without a Python call per point. Otherwise each is
    # checked by _pair, so that every message and its path are those of list[Point].
    if type(value) is list and set(map(type, value)) <= _PAIR_TYPES and set(map(len, value)) <= {2}:
        return handler(value)
    return _checked_points().validate_python(value)


@functools.cache
def _checked_points() -> TypeAdapter[list[tuple[float, float]]]:
    """Built on the first points that are not all plain pairs, not with the model."""
    # pydantic's TypeAdapter module loads for malformed points only, not with every model.
    from pydantic import TypeAdapter

    return TypeAdapter(list[Point])


Points = Annotated[list[tuple[Number, Number]], WrapValidator(_points)]
"""``list[Point]``, validated faster."""


class ScatterSeries(StrictModel):
    """One series of a scatter chart: ``[x, y]`` points."""

    name: StrictText
    values: Points
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


class ScatterChart(Displayable, StrictModel):
    """Data for the scatter chart whose alt text is the key (``scatter_chart`` is read too)."""

    type: Literal["scatter-chart"] = "scatter-chart"
    axis1: ScatterAxis
    axis2: ScatterAxis | None = None

    @field_validator("type", mode="before")
    @classmethod
    def _underscore_spelling(cls, value: Any) -> Any:
        # One listing of the interface spells it scatter_chart; read it, write the hyphen.
        return "scatter-chart" if value == "scatter_chart" else value

    from_dataframe: ClassVar[FramesFunction[ScatterChart]] = FramesFunction(
        "deckkit.frames.scatter", "scatter_from_dataframe"
    )

    def __repr__(self) -> str:
        parts = [f"axis1: {_series_names(self.axis1.series)}"]
        if self.axis2 is not None:
            parts.append(f"axis2: {_series_names(self.axis2.series)}")
        return f"<Scatter: {'; '.join(parts)}>"


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
    "serial_date",
]
