"""Table: rows of cells (strings or cell objects, mixed) for the table whose alt text is the key."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Discriminator, Field, Tag, field_validator
from pydantic_core import PydanticCustomError

from deckkit.model._base import StrictModel
from deckkit.model._display import Displayed
from deckkit.model._types import Color, Number, StrictText, in_range
from deckkit.model.styles import HorizontalAlign, Styles

if TYPE_CHECKING:
    from deckkit.frames._styles import StylesLike
    from deckkit.frames.formats import Format
    from deckkit.frames.table import CellStyles, DataBar

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


class TableCell(StrictModel):
    """A table cell given as an object: text, styles (``shape`` styles the cell), data bar.

    The interface calls a cell object a Text object, so clients may send its ``type: "text"``;
    it is kept as given (absent stays absent when the data is written back).
    """

    # Hidden from repr: the optional discriminator says nothing a reader of the cell needs.
    type: Literal["text"] | None = Field(default=None, repr=False)
    value: StrictText
    styles: Styles | None = None
    databar: CellDataBar | None = None


def _cell_tag(value: Any) -> str:
    return "Cell" if isinstance(value, dict | TableCell) else "Str"


Cell = Annotated[
    Annotated[StrictText, Tag("Str")] | Annotated[TableCell, Tag("Cell")],
    Discriminator(_cell_tag),
]


class Table(Displayed, StrictModel):
    """Rows of cells, header row included; rows shorter than the longest are padded with empty cells."""

    type: Literal["table"] = "table"
    rows: list[list[Cell]]
    horizontal_sizing: HorizontalSizing = "fixed"
    vertical_sizing: VerticalSizing = "anchor_top"

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

    @classmethod
    def from_dataframe(
        cls,
        df: Any,
        /,
        *,
        columns: Sequence[Hashable] | None = None,
        labels: Mapping[Hashable, str] | None = None,
        index: bool | str = False,
        header: bool = True,
        multi_header: Literal["rows", "join"] = "rows",
        formats: Mapping[Hashable, Format] | None = None,
        na_rep: str = "",
        align: Mapping[Hashable, HorizontalAlign] | None = None,
        align_numbers: bool = True,
        header_styles: StylesLike | None = None,
        column_styles: Mapping[Hashable, StylesLike] | None = None,
        cell_styles: CellStyles | Sequence[CellStyles] | None = None,
        databars: Sequence[Hashable] | Mapping[Hashable, DataBar | str] | None = None,
        horizontal_sizing: HorizontalSizing = "fixed",
        vertical_sizing: Literal["anchor_top", "fixed", "anchor_bottom"] = "anchor_top",
    ) -> Table:
        """A Table from a pandas or polars DataFrame, header row first.

        Every parameter is documented in :func:`deckkit.frames.table_from_dataframe`.
        """
        from deckkit.frames.table import table_from_dataframe

        return table_from_dataframe(
            df,
            columns=columns,
            labels=labels,
            index=index,
            header=header,
            multi_header=multi_header,
            formats=formats,
            na_rep=na_rep,
            align=align,
            align_numbers=align_numbers,
            header_styles=header_styles,
            column_styles=column_styles,
            cell_styles=cell_styles,
            databars=databars,
            horizontal_sizing=horizontal_sizing,
            vertical_sizing=vertical_sizing,
        )
