"""The values a slide key can hold: a string or an element, one union discriminated on ``type``.

``type`` may be left out of a Text object (``{"value": ..., "styles": ...}``), and a Delete
object has no ``type`` at all (``{"delete": true}``); :func:`element_kind` tells them apart.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Discriminator, Tag

from deckkit.model._base import StrictModel
from deckkit.model._types import TextBranch, TrueFlag
from deckkit.model.chart import (
    Bounds,
    Chart,
    ChartAxis,
    ChartSeries,
    ScatterAxis,
    ScatterChart,
    ScatterSeries,
)
from deckkit.model.kinds import ELEMENT_TYPES, TAG_OF_KIND
from deckkit.model.media import Image, Video
from deckkit.model.table import CellDataBar, Table, TableCell
from deckkit.model.text import List, Text

__all__ = [
    "ELEMENT_TYPES",
    "AnyElement",
    "Bounds",
    "CellDataBar",
    "Chart",
    "ChartAxis",
    "ChartSeries",
    "Delete",
    "Image",
    "List",
    "ScatterAxis",
    "ScatterChart",
    "ScatterSeries",
    "SlideValue",
    "Table",
    "TableCell",
    "Text",
    "Video",
    "element_kind",
]


class Delete(StrictModel):
    """Removes the element that holds the key (``{"delete": true}``)."""

    delete: TrueFlag

    def __init__(self, delete: Any = True, /, **data: Any) -> None:
        super().__init__(delete=delete, **data)

    __init__.__pydantic_base_init__ = True  # type: ignore[attr-defined]


AnyElement = Text | Table | List | Chart | ScatterChart | Image | Video | Delete


def element_kind(value: Any) -> str | None:
    """What a slide value is: ``string``, an element ``type`` (``text`` when absent), ``delete``.

    None for values that are neither (numbers, arrays, null); an unknown ``type`` is returned as
    given so that messages can quote it.
    """
    if isinstance(value, str):
        return "string"
    if isinstance(value, dict):
        if "type" in value:
            kind = value["type"]
            return "scatter-chart" if kind == "scatter_chart" else str(kind)
        return "delete" if "delete" in value else "text"
    if isinstance(value, Delete):
        return "delete"
    if isinstance(value, StrictModel):
        return str(getattr(value, "type", "")) or None
    return None


def _slide_value_tag(value: Any) -> str | None:
    return TAG_OF_KIND.get(element_kind(value) or "")


SlideValue = Annotated[
    TextBranch
    | Annotated[Text, Tag("Text")]
    | Annotated[Table, Tag("Table")]
    | Annotated[List, Tag("List")]
    | Annotated[Chart, Tag("Chart")]
    | Annotated[ScatterChart, Tag("ScatterChart")]
    | Annotated[Image, Tag("Image")]
    | Annotated[Video, Tag("Video")]
    | Annotated[Delete, Tag("Delete")],
    Discriminator(_slide_value_tag),
]
