"""Text and List: strings with styles, replacing ``{key}`` or the paragraph that holds it."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, Tag

from deckkit.display_hook import Displayable
from deckkit.model._base import StrictModel
from deckkit.model._frames_link import FramesFunction
from deckkit.model._types import Hyperlink, TextBranch, WholeNumber, in_range, text_or_object
from deckkit.model.formatting import FormatCode
from deckkit.model.markdown import markdown_runs
from deckkit.model.runs import TextOrRuns
from deckkit.model.shown_value import ShownValue
from deckkit.model.styles import Styles

LEVEL_RANGE = (0, 8)
Level = Annotated[WholeNumber, in_range(*LEVEL_RANGE)]


class Text(ShownValue):
    """Text replacing ``{key}``; ``styles.font`` on the text, ``styles.shape`` on its shape.

    ``type`` may be left out in data.json: ``{"value": "Q3", "styles": {...}}`` is a Text.
    ``level`` (0-8) only counts when the Text is an item of a List. ``value`` may be a number (or
    a date) with ``format``, an Excel format code (``"$#,##0.00"``): the Text holds the text it
    shows (deckkit.model.formatting). ``value`` may also be a list of runs, strings and
    :class:`TextRun` objects with their own font styles and hyperlink (deckkit.model.runs);
    :meth:`markdown` makes one of a little markdown.
    """

    type: Literal["text"] = "text"
    value: TextOrRuns
    # Hidden from repr: applied already, the value is the text it made.
    format: FormatCode | None = Field(default=None, repr=False)
    styles: Styles | None = None
    hyperlink: Hyperlink | None = None
    level: Level | None = None

    @classmethod
    def markdown(cls, source: str, **fields: Any) -> Text:
        r"""A Text of a little markdown: ``**bold**``, ``*italic*``, ``__underline__``,
        ``~~strike~~``, ``\`code\```, ``[links](https://...)`` and line breaks; markup that is not
        closed is literal text (docs/data-format.md#rich-text). ``fields``: styles, hyperlink, level."""
        return cls(value=markdown_runs(source), **fields)


ListItem = Annotated[TextBranch | Annotated[Text, Tag("Text")], text_or_object(Text, "Text")]


class List(Displayable, StrictModel):
    """Items replacing the paragraph that holds ``{key}``; Text items may carry ``level`` and font styles."""

    type: Literal["list"] = "list"
    values: list[ListItem]

    from_values: ClassVar[FramesFunction[List]] = FramesFunction("deckkit.frames.lists", "list_from_values")
    from_series: ClassVar[FramesFunction[List]] = FramesFunction("deckkit.frames.lists", "list_from_series")
    from_dataframe: ClassVar[FramesFunction[List]] = FramesFunction(
        "deckkit.frames.lists", "list_from_dataframe"
    )

    def __repr__(self) -> str:
        first = self.values[0] if self.values else ""
        shown = first if isinstance(first, str) else first.plain_text
        return f"<List: {len(self.values)} items; first: {shown[:60]!r}>"
