"""Text and List: strings with styles, replacing ``{key}`` or the paragraph that holds it."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Discriminator, Tag

from deckkit.model._base import StrictModel
from deckkit.model._display import Displayed
from deckkit.model._types import Hyperlink, StrictText, WholeNumber, in_range
from deckkit.model.styles import Styles

if TYPE_CHECKING:
    from deckkit.frames._styles import StylesLike
    from deckkit.frames.formats import Format

LEVEL_RANGE = (0, 8)
Level = Annotated[WholeNumber, in_range(*LEVEL_RANGE)]


class Text(StrictModel):
    """Text replacing ``{key}``; ``styles.font`` on the text, ``styles.shape`` on its shape.

    ``type`` may be left out in data.json: ``{"value": "Q3", "styles": {...}}`` is a Text.
    ``level`` (0-8) only counts when the Text is an item of a List.
    """

    type: Literal["text"] = "text"
    value: StrictText
    styles: Styles | None = None
    hyperlink: Hyperlink | None = None
    level: Level | None = None


def _item_tag(value: Any) -> str:
    return "Text" if isinstance(value, dict | Text) else "Str"


ListItem = Annotated[
    Annotated[StrictText, Tag("Str")] | Annotated[Text, Tag("Text")],
    Discriminator(_item_tag),
]


class List(Displayed, StrictModel):
    """Items replacing the paragraph that holds ``{key}``; Text items may carry ``level`` and font styles."""

    type: Literal["list"] = "list"
    values: list[ListItem]

    @classmethod
    def from_values(
        cls,
        values: Any,
        /,
        *,
        levels: Any = None,
        styles: StylesLike | None = None,
        format: Format | None = None,
    ) -> List:
        """A List from a sequence (a nested list holds the sub-items of the item before it) or a Series.

        ``levels``, ``styles`` and ``format`` are documented in :func:`deckkit.frames.list_from_values`.
        """
        from deckkit.frames.lists import list_from_values

        return list_from_values(values, levels=levels, styles=styles, format=format)

    @classmethod
    def from_series(
        cls,
        series: Any,
        /,
        *,
        levels: Any = None,
        styles: StylesLike | None = None,
        format: Format | None = None,
    ) -> List:
        """A List from a pandas or polars Series (see :func:`deckkit.frames.list_from_values`)."""
        from deckkit.frames.lists import list_from_series

        return list_from_series(series, levels=levels, styles=styles, format=format)

    @classmethod
    def from_dataframe(
        cls,
        df: Any,
        /,
        *,
        text: Hashable,
        level: Hashable | None = None,
        styles: StylesLike | None = None,
        format: Format | None = None,
    ) -> List:
        """A List from a frame's ``text=`` column, levels from its ``level=`` column; see
        :func:`deckkit.frames.list_from_dataframe`."""
        from deckkit.frames.lists import list_from_dataframe

        return list_from_dataframe(df, text=text, level=level, styles=styles, format=format)
