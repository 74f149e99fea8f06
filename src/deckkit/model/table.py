"""Table: rows of cells (strings or cell objects, mixed) for the table whose alt text is the key."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, PlainValidator, Tag, field_validator, model_validator
from pydantic_core import PydanticCustomError

from deckkit.display_hook import Displayable
from deckkit.model._base import StrictModel
from deckkit.model._frames_link import FramesFunction
from deckkit.model._types import TEXT_LIST, Color, Number, TextBranch, in_range, text_or_object
from deckkit.model.formatting import FormatCode, formatted_column_cells, number_cell
from deckkit.model.runs import TextOrRuns
from deckkit.model.shown_value import ShownValue
from deckkit.model.styles import Styles

HorizontalSizing = Literal["fixed", "anchor_left", "anchor_right"]
VerticalSizing = Literal["fixed", "anchor_top", "anchor_bottom"]


class CellDataBar(StrictModel):
    """One table cell's data bar: ``ratio`` (0.0-1.0) of the cell's width, in ``color``.

    data.json calls it ``databar`` (schema ``Databar``). A column's bars, computed from its values,
    are :class:`deckkit.frames.DataBar`.
    """

    ratio: Annotated[Number, in_range(0.0, 1.0)]
    color: Color


Databar = CellDataBar
"""The former name, kept for code that already imports it; new code says ``CellDataBar``."""


class TableCell(ShownValue):
    """A table cell given as an object: text, styles (``shape`` styles the cell), data bar.

    ``value`` may be a number (or a date) with ``format``, an Excel format code (``"0.0%"``):
    the cell holds the text it shows (deckkit.model.formatting). The interface calls a cell
    object a Text object, so clients may send its ``type: "text"``; it is kept as given (absent
    stays absent when the data is written back).
    """

    # Hidden from repr: the optional discriminator says nothing a reader of the cell needs.
    type: Literal["text"] | None = Field(default=None, repr=False)
    value: TextOrRuns
    # Hidden from repr: applied already, the value is the text it made.
    format: FormatCode | None = Field(default=None, repr=False)
    styles: Styles | None = None
    databar: CellDataBar | None = None


NumberCell = Annotated[str, PlainValidator(number_cell), Tag("Num")]
"""A number given as a cell: the text Excel's General format shows."""

Cell = Annotated[
    TextBranch | NumberCell | Annotated[TableCell, Tag("Cell")],
    text_or_object(TableCell, "Cell", numbers=True),
]
Row = Annotated[list[Cell], TEXT_LIST]


class Table(Displayable, StrictModel):
    """Rows of cells, header row included; rows shorter than the longest are padded with empty cells."""

    type: Literal["table"] = "table"
    rows: list[Row]
    column_formats: list[FormatCode | None] | None = None
    """Per column, an Excel format code for its numbers and dates without a format of their own."""
    horizontal_sizing: HorizontalSizing = "fixed"
    vertical_sizing: VerticalSizing = "anchor_top"

    @model_validator(mode="before")
    @classmethod
    def _formatted_columns(cls, data: Any) -> Any:
        return formatted_column_cells(data)

    @field_validator("rows")
    @classmethod
    def _has_a_cell(cls, rows: list[list[Any]]) -> list[list[Any]]:
        if not any(rows):
            raise PydanticCustomError("empty_table", "a table needs at least one row with at least one cell")
        return rows

    @property
    def shape(self) -> tuple[int, int]:
        """(rows, columns) of the output table."""
        return len(self.rows), max(len(r) for r in self.rows)

    def padded_rows(self) -> list[list[str | TableCell]]:
        """The rows with short ones padded with ``""`` to the widest row's length."""
        width = self.shape[1]
        return [[*row, *([""] * (width - len(row)))] for row in self.rows]

    from_dataframe: ClassVar[FramesFunction[Table]] = FramesFunction(
        "deckkit.frames.table", "table_from_dataframe"
    )

    def __repr__(self) -> str:
        # One line: pydantic's own repr of a table runs to thousands of characters.
        rows, columns = self.shape
        head = " | ".join(c if isinstance(c, str) else c.plain_text for c in self.rows[0])
        first = head[:80] + ("…" if len(head) > 80 else "")
        return f"<Table: {rows} rows x {columns} columns; first row: {first}>"
