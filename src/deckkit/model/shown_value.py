"""What Text and a table cell object share: a ``value`` shown under its ``format``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import model_validator

from deckkit.model._base import StrictModel
from deckkit.model.formatting import formatted_cell
from deckkit.model.runs import plain_text

if TYPE_CHECKING:
    from deckkit.model.runs import TextOrRuns

__all__ = ["ShownValue"]


class ShownValue(StrictModel):
    """A model whose ``value`` (text or runs) is the text its ``format`` makes of a number or date.

    Each subclass declares ``value`` and ``format`` among its own fields, in its own order.
    """

    if TYPE_CHECKING:
        value: TextOrRuns

    @model_validator(mode="before")
    @classmethod
    def _shown_value(cls, data: Any) -> Any:
        return formatted_cell(data)

    @property
    def plain_text(self) -> str:
        """The text shown, without the runs' own styles."""
        return plain_text(self.value)
