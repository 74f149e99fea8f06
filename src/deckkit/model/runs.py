"""Rich text: a Text value (or a table cell's) given as a list of runs, each a string or an object
with its own font styles and hyperlink, shown in one paragraph run after run.

Each run starts from the formatting the value would have as one string (the template run where
``{key}`` starts, then the value's own ``styles.font`` and ``hyperlink``) and applies its own on
top: ``[{"text": "Revenue", "font": {"bold": true}}, " up 5%"]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

from pydantic import Discriminator, Tag

from deckkit.model._base import StrictModel
from deckkit.model._types import Hyperlink, StrictText, TextBranch, text_or_object
from deckkit.model.styles import FontStyles

__all__ = ["Run", "Runs", "TextOrRuns", "TextRun", "plain_text"]


class TextRun(StrictModel):
    """One run of rich text: its text, font styles over the value's, and its own hyperlink."""

    text: StrictText
    font: FontStyles | None = None
    hyperlink: Hyperlink | None = None


Run = Annotated[TextBranch | Annotated[TextRun, Tag("Run")], text_or_object(TextRun, "Run")]
Runs = list[Run]


def _text_or_runs(value: Any) -> str:
    return "Runs" if isinstance(value, list) else "Str"


TextOrRuns = Annotated[TextBranch | Annotated[Runs, Tag("Runs")], Discriminator(_text_or_runs)]
"""A Text's (or cell's) value: a string, or rich text as a list of runs."""


def plain_text(value: str | Sequence[str | TextRun]) -> str:
    """The text a value shows, without its runs' styles."""
    if isinstance(value, str):
        return value
    return "".join(run if isinstance(run, str) else run.text for run in value)
