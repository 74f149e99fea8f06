"""The data.json format as pydantic models: the one contract the SDK, renderer and server share.

Parse with :func:`parse_data` (a dict, list, JSON text or bytes); every problem is reported at
once as a :class:`deckkit.errors.DataError` whose ``problems`` carry data paths. Models built
from Python report their problems the same way.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError

from deckkit.errors import DataError, Problem
from deckkit.model import elements
from deckkit.model._base import data_error
from deckkit.model._problems import format_path, problems_from
from deckkit.model._types import media_path
from deckkit.model.colors import NAMED_COLORS, THEME_COLOR_NAMES, ParsedColor, parse_color
from deckkit.model.document import BASE_TEMPLATE, DeckData, Slide, Theme, ThemeColors, split_template_ref
from deckkit.model.elements import *  # noqa: F403  (the element types: elements.__all__ lists them)
from deckkit.model.limits import check_limits, loads
from deckkit.model.runs import TextRun
from deckkit.model.styles import FontStyles, ShapeStyles, Styles
from deckkit.model.table import Databar as Databar  # the former name of CellDataBar

__all__ = [
    "BASE_TEMPLATE",
    "NAMED_COLORS",
    "THEME_COLOR_NAMES",
    "DeckData",
    "FontStyles",
    "ParsedColor",
    "ShapeStyles",
    "Slide",
    "Styles",
    "TextRun",
    "Theme",
    "ThemeColors",
    "data_error",
    "format_path",
    "media_path",
    "parse_color",
    "parse_data",
    "problems_from",
    "split_template_ref",
]
__all__ += elements.__all__


def parse_data(source: DeckData | dict[str, Any] | list[Any] | str | bytes) -> DeckData:
    """Validate data.json (already parsed, or as JSON text/bytes) into a :class:`DeckData`.

    Raises DataError listing every problem, e.g.
    ``slides[3].sales.rows[2][1].databar.ratio: must be between 0.0 and 1.0, got 1.4``.
    """
    if isinstance(source, DeckData):
        return source
    if isinstance(source, str | bytes):
        try:
            # NaN and Infinity are not JSON, but Python's json module writes them by default (a
            # pandas gap is NaN): read them as floats, so that a gap in chart values is a gap and
            # anywhere else the model says where a finite number was expected.
            source = loads(source)
        except json.JSONDecodeError as e:
            raise DataError(
                [Problem("", f"data.json is not valid JSON: {e.msg} at line {e.lineno} column {e.colno}")]
            ) from None
        except ValueError:  # UnicodeDecodeError
            raise DataError([Problem("", "data.json must be UTF-8 text")]) from None
    cleaned = check_limits(source)
    try:
        deck = DeckData.model_validate(source)
        # Valid as given (what the JSON Schema says too); the deck is built from clean text.
        return deck if cleaned is None else DeckData.model_validate(cleaned)
    except ValidationError as e:
        raise data_error(e, "data.json") from None
