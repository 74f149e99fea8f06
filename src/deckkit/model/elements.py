"""The element objects a slide key can hold, as one union discriminated on ``type``.

``type`` may be left out of a Text object (``{"value": ..., "styles": ...}``), and a Delete
object has no ``type`` at all (``{"delete": true}``); :func:`element_kind` tells them apart.
"""

from __future__ import annotations

import posixpath
import re
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

from pydantic import Discriminator, Field, Tag, field_validator, model_validator
from pydantic_core import PydanticCustomError

from deckkit.model._types import (
    Color,
    MaybeNumber,
    Number,
    PositiveInt,
    PositiveNumber,
    StrictText,
    in_range,
)
from deckkit.model.styles import StrictModel, Styles

IMAGE_EXTENSIONS = ("png", "jpg", "jpeg", "gif")
VIDEO_EXTENSIONS = ("mp4", "m4v", "mov")
VIDEO_SITES = ("youtube.com", "www.youtube.com", "m.youtube.com", "youtu.be", "www.youtube-nocookie.com", "vimeo.com", "player.vimeo.com", "www.vimeo.com")  # fmt: skip
ELEMENT_TYPES = ("text", "table", "list", "chart", "scatter-chart", "image", "video")

Level = Annotated[int, Field(strict=True), in_range(0, 8)]


def _extension(path: str) -> str:
    name = posixpath.basename(path)
    return name.rsplit(".", 1)[-1].lower() if "." in name else ""


def _check_media_path(path: str, allowed: tuple[str, ...], what: str) -> str:
    if not path:
        raise PydanticCustomError("media_path", "must name a file in the zip")
    if path.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", path) or "\\" in path:
        raise PydanticCustomError(
            "media_path", "{got}: must be a relative path inside the zip with forward slashes", {"got": f'"{path}"'}
        )
    if ".." in path.split("/"):
        raise PydanticCustomError("media_path", '{got}: must not contain ".."', {"got": f'"{path}"'})
    if _extension(path) not in allowed:
        raise PydanticCustomError(
            "media_format",
            "{got}: {what} must be one of {allowed}",
            {"got": f'"{path}"', "what": what, "allowed": ", ".join(allowed)},
        )
    return path


def is_video_site_url(src: str) -> bool:
    """True for an https URL on a known video-sharing site (embedded as an online video)."""
    parts = urlsplit(src)
    return parts.scheme == "https" and (parts.hostname or "").lower() in VIDEO_SITES


class Text(StrictModel):
    """Text replacing ``{key}``; ``styles.font`` on the text, ``styles.shape`` on its shape."""

    type: Literal["text"] = "text"
    value: StrictText
    styles: Styles | None = None
    hyperlink: StrictText | None = None
    level: Level | None = None

    @field_validator("hyperlink")
    @classmethod
    def _hyperlink_is_uri(cls, value: str | None) -> str | None:
        if value is not None and not re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:\S+$", value):
            raise PydanticCustomError(
                "uri", "must be an absolute URI such as https://example.com, got {got}", {"got": f'"{value}"'}
            )
        return value


class Databar(StrictModel):
    """A bar drawn inside a table cell, ``ratio`` of its width, in ``color``."""

    ratio: Annotated[Number, in_range(0.0, 1.0)]
    color: Color


class TableCell(StrictModel):
    """A table cell given as an object: text, styles, data bar."""

    value: StrictText
    styles: Styles | None = None
    databar: Databar | None = None


def _cell_kind(value: Any) -> str:
    return "cell" if isinstance(value, dict | TableCell) else "string"


Cell = Annotated[
    Annotated[StrictText, Tag("string")] | Annotated[TableCell, Tag("cell")],
    Discriminator(_cell_kind),
]


class Table(StrictModel):
    """Rows of cells (header included) for the table whose alt text is the key."""

    type: Literal["table"]
    rows: list[list[Cell]]
    horizontal_sizing: Literal["fixed", "anchor_left", "anchor_right"] = "fixed"
    vertical_sizing: Literal["anchor_top", "fixed", "anchor_bottom"] = "anchor_top"

    @field_validator("rows")
    @classmethod
    def _not_empty(cls, rows: list[list[Any]]) -> list[list[Any]]:
        if not rows or not any(rows):
            raise PydanticCustomError("empty_table", "a table needs at least one row with at least one cell")
        return rows

    @property
    def shape(self) -> tuple[int, int]:
        """(rows, columns) of the output table; short rows are padded with empty cells."""
        return len(self.rows), max(len(r) for r in self.rows)


def _item_kind(value: Any) -> str:
    return "text" if isinstance(value, dict | Text) else "string"


ListItem = Annotated[
    Annotated[StrictText, Tag("string")] | Annotated[Text, Tag("text")],
    Discriminator(_item_kind),
]


class List(StrictModel):
    """Items replacing the paragraph that holds ``{key}``; Text items may carry ``level``."""

    type: Literal["list"]
    values: list[ListItem]


class Bounds(StrictModel):
    """Displayed range of a value axis."""

    minimum: Number | None = None
    maximum: Number | None = None

    @model_validator(mode="after")
    def _ordered(self) -> Bounds:
        if self.minimum is not None and self.maximum is not None and self.minimum >= self.maximum:
            raise PydanticCustomError(
                "bounds",
                "minimum ({low}) must be less than maximum ({high})",
                {"low": self.minimum, "high": self.maximum},
            )
        return self


class ChartSeries(StrictModel):
    """One series of a category chart; ``null`` values are gaps."""

    name: StrictText | None = None
    values: list[MaybeNumber]
    styles: Styles | None = None
    data_point_styles: list[Styles | None] | None = None


class ChartAxis(StrictModel):
    """The series on one value axis, and that axis's display settings."""

    series: dict[str, ChartSeries] = Field(min_length=1)
    bounds: Bounds | None = None
    format: StrictText | None = None
    major_unit: PositiveNumber | None = None


class Chart(StrictModel):
    """Data for the category chart whose alt text is the key; the chart kind comes from the template."""

    type: Literal["chart"]
    labels: list[StrictText] | None = None
    labels_interval: PositiveInt | None = None
    date_labels: list[Annotated[int, Field(strict=True)]] | None = None
    date_labels_format: StrictText | None = None
    date_labels_major_unit: PositiveInt | None = None
    date_labels_major_time_unit: Literal["days", "months", "years"] | None = None
    axis1: ChartAxis
    axis2: ChartAxis | None = None

    @model_validator(mode="after")
    def _one_kind_of_labels(self) -> Chart:
        if self.labels is None and self.date_labels is None:
            raise PydanticCustomError("labels", 'needs "labels" (strings) or "date_labels" (date serial numbers)')
        if self.labels is not None and self.date_labels is not None:
            raise PydanticCustomError("labels", 'give either "labels" or "date_labels", not both')
        return self

    @property
    def categories(self) -> list[str] | list[int]:
        return self.labels if self.labels is not None else (self.date_labels or [])


Point = Annotated[tuple[Number, Number], Field(strict=False)]


class ScatterSeries(StrictModel):
    """One series of a scatter chart: ``[x, y]`` points."""

    name: StrictText
    values: list[Point]
    styles: Styles | None = None
    data_point_styles: list[Styles | None] | None = None

    @field_validator("values", mode="before")
    @classmethod
    def _pairs(cls, values: Any) -> Any:
        if isinstance(values, list):
            for i, point in enumerate(values):
                if not isinstance(point, list | tuple) or len(point) != 2:
                    raise PydanticCustomError(
                        "point",
                        "point {i} must be a pair [x, y] of two numbers, got {got}",
                        {"i": i, "got": repr(point)},
                    )
        return values


class ScatterAxis(StrictModel):
    """The scatter series on one axis pair, and that pair's display settings."""

    series: dict[str, ScatterSeries] = Field(min_length=1)
    x_bounds: Bounds | None = None
    y_bounds: Bounds | None = None
    x_format: StrictText | None = None
    y_format: StrictText | None = None
    x_major_unit: PositiveNumber | None = None
    y_major_unit: PositiveNumber | None = None


class ScatterChart(StrictModel):
    """Data for the scatter chart whose alt text is the key."""

    type: Literal["scatter-chart"]
    axis1: ScatterAxis
    axis2: ScatterAxis | None = None

    @field_validator("type", mode="before")
    @classmethod
    def _underscore_spelling(cls, value: Any) -> Any:
        # One listing of the interface spells it scatter_chart; read it, write the hyphen.
        return "scatter-chart" if value == "scatter_chart" else value


class Image(StrictModel):
    """A picture from the zip replacing the shape that holds ``{key}``."""

    type: Literal["image"]
    src: StrictText
    scaling: Literal["none", "contain", "cover"] = "none"
    overflow: Literal["visible", "hidden"] = "visible"

    @field_validator("src")
    @classmethod
    def _image_file(cls, src: str) -> str:
        return _check_media_path(src, IMAGE_EXTENSIONS, "an image")


class Video(StrictModel):
    """A video from the zip (with a thumbnail) or from a video-sharing site."""

    type: Literal["video"]
    src: StrictText
    thumbnail: StrictText | None = None
    scaling: Literal["contain", "cover"] = "contain"

    @field_validator("src")
    @classmethod
    def _video_source(cls, src: str) -> str:
        if re.match(r"^[A-Za-z][A-Za-z0-9+.-]*://", src):
            if not is_video_site_url(src):
                raise PydanticCustomError(
                    "video_url",
                    "{got}: only https URLs of video sites are accepted ({sites})",
                    {"got": f'"{src}"', "sites": ", ".join(sorted({s.removeprefix("www.") for s in VIDEO_SITES}))},
                )
            return src
        return _check_media_path(src, VIDEO_EXTENSIONS, "a video")

    @field_validator("thumbnail")
    @classmethod
    def _thumbnail_file(cls, thumbnail: str | None) -> str | None:
        return None if thumbnail is None else _check_media_path(thumbnail, IMAGE_EXTENSIONS, "a thumbnail")

    @model_validator(mode="after")
    def _local_needs_thumbnail(self) -> Video:
        if self.thumbnail is None and not is_video_site_url(self.src):
            raise PydanticCustomError(
                "thumbnail", "a local video needs a thumbnail (a jpg, png or gif in the zip shown before it plays)"
            )
        return self

    @property
    def is_online(self) -> bool:
        return is_video_site_url(self.src)


class Delete(StrictModel):
    """Removes the element that holds the key (``{"delete": true}``)."""

    delete: Literal[True]


def element_kind(value: Any) -> str:
    """The union tag of a slide value: its ``type``, ``text`` when absent, ``delete`` for Delete."""
    if isinstance(value, str):
        return "string"
    if isinstance(value, dict):
        if "type" in value:
            kind = value["type"]
            return "scatter-chart" if kind == "scatter_chart" else str(kind)
        return "delete" if "delete" in value else "text"
    if isinstance(value, Delete):
        return "delete"
    return str(getattr(value, "type", ""))


_ELEMENTS = (
    Annotated[Text, Tag("text")]
    | Annotated[Table, Tag("table")]
    | Annotated[List, Tag("list")]
    | Annotated[Chart, Tag("chart")]
    | Annotated[ScatterChart, Tag("scatter-chart")]
    | Annotated[Image, Tag("image")]
    | Annotated[Video, Tag("video")]
    | Annotated[Delete, Tag("delete")]
)
Element = Annotated[_ELEMENTS, Discriminator(element_kind)]
SlideValue = Annotated[Annotated[StrictText, Tag("string")] | _ELEMENTS, Discriminator(element_kind)]
AnyElement = Text | Table | List | Chart | ScatterChart | Image | Video | Delete
