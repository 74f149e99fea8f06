"""Constrained scalar types shared by the models, each with a message a person can act on.

Every rule here is one JSON Schema can say too (``deckkit.model.schema`` says it with the same
patterns and bounds), so the schema and the models accept and reject the same documents.
"""

from __future__ import annotations

import math
import posixpath
import re
from collections import deque
from collections.abc import KeysView, ValuesView
from types import GeneratorType
from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    AllowInfNan,
    BeforeValidator,
    Discriminator,
    Strict,
    Tag,
    ValidatorFunctionWrapHandler,
    WrapValidator,
)
from pydantic_core import PydanticCustomError

from deckkit.model.colors import ColorValueError, normalize_color
from deckkit.model.patterns import HYPERLINK_PATTERN, MEDIA_PATH_PREFIX, URI_PATTERN, VIDEO_URL_PATTERN


def shown(value: Any) -> str:
    """A value as it would appear in data.json, shortened for messages."""
    if isinstance(value, str):
        return f'"{value}"' if len(value) <= 60 else f'"{value[:57]}..."'
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, dict):
        return "{...}"
    if isinstance(value, list | tuple):
        return "[...]" if value else "[]"
    return repr(value)


def _bound(value: float) -> str:
    return str(value) if isinstance(value, float) else str(int(value))


def in_range(low: float, high: float) -> AfterValidator:
    """A number between low and high inclusive: 'must be between 0.0 and 1.0, got 1.4'."""

    def check(value: float) -> float:
        if not (low <= value <= high):
            raise PydanticCustomError(
                "out_of_range",
                "must be between {low} and {high}, got {got}",
                {"low": _bound(low), "high": _bound(high), "got": shown(value)},
            )
        return value

    return AfterValidator(check)


def _positive(value: float) -> float:
    if value <= 0:
        raise PydanticCustomError("not_positive", "must be greater than 0, got {got}", {"got": shown(value)})
    return value


def _integral_float_to_int(value: Any) -> Any:
    # JSON does not tell 3 from 3.0, and JSON Schema's "integer" accepts both: so do we.
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _nan_to_none(value: Any) -> Any:
    # Analysts' NaN is a missing point: pandas hands over float("nan") where JSON has null.
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


# What pydantic reads as a list (lax mode) and may hold NaN: a chart's values come as one of these.
_LIST_LIKE = (list, tuple, set, frozenset, deque, GeneratorType, KeysView, ValuesView)


def _nans_to_none(value: Any) -> Any:
    """:func:`_nan_to_none` of each item, in one call per list rather than one per number
    (a chart's values are most of the numbers of data.json); anything else pydantic refuses itself."""
    if isinstance(value, _LIST_LIKE):
        return [None if isinstance(item, float) and math.isnan(item) else item for item in value]
    return value


_FLOATS = frozenset({float})


def all_finite_floats(value: Any) -> bool:
    """Whether value is a list of finite floats of the exact type float (JSON's numbers, nearly
    always): then every per-item rule of a list of numbers holds, and nothing is converted."""
    return type(value) is list and set(map(type, value)) <= _FLOATS and all(map(math.isfinite, value))


def _maybe_numbers(value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
    # A list of finite floats is the list validated: a copy, with no Python call per number.
    # Anything else (a gap, an int, NaN, a float subclass, a tuple) takes the general path.
    if all_finite_floats(value):
        return list(value)
    return handler(_nans_to_none(value))


def _color(value: str) -> str:
    try:
        return normalize_color(value)
    except ColorValueError as e:
        raise PydanticCustomError("color", str(e)) from None


def _theme_slot_color(value: str) -> str:
    try:
        return normalize_color(value, allow_theme=False)
    except ColorValueError as e:
        raise PydanticCustomError("color", str(e)) from None


def _removable_color(value: str) -> str:
    return value if value == "" else _color(value)


# What XML_TEXT_PATTERN refuses, and lone surrogates (which only Python strings can hold).
NOT_XML_TEXT = re.compile("[\x00-\x08\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")


def _xml_text(value: str) -> str:
    """Text that XML (so a slide) can hold: 'contains U+0007 (a control character) at position 5'."""
    found = NOT_XML_TEXT.search(value)
    if found is not None:
        char = found.group()
        what = "a control character" if ord(char) < 0x20 else "a character that is not text"
        raise PydanticCustomError(
            "xml_character",
            "contains U+{code} ({what}) at position {at}, which a slide cannot hold; remove it "
            "(a line break is \\n)",
            {"code": f"{ord(char):04X}", "what": what, "at": found.start() + 1},
        )
    return value


def _must_be_true(value: Any) -> Any:
    if value is not True:
        raise PydanticCustomError("must_be_true", "must be true, got {got}", {"got": shown(value)})
    return value


def _hyperlink(value: str) -> str:
    if re.fullmatch(HYPERLINK_PATTERN, value):
        return value
    if not re.fullmatch(URI_PATTERN, value):
        raise PydanticCustomError(
            "uri", "must be an absolute URI such as https://example.com, got {got}", {"got": shown(value)}
        )
    raise PydanticCustomError(
        "uri_scheme",
        "must be an http, https or mailto link, got {got}: other links can run code or open local "
        "files on the computer of whoever opens the deck",
        {"got": shown(value)},
    )


def media_path(value: str, extensions: tuple[str, ...], what: str) -> str:
    """Check a path inside the zip (relative, forward slashes, no ..) and its extension; normalise it."""
    if not re.match(MEDIA_PATH_PREFIX, value):
        if "\\" in value:
            reason = "must use forward slashes (/), not backslashes"
        elif ".." in value.split("/"):
            reason = 'must not contain ".."'
        elif re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", value):
            reason = "must be a relative path inside the zip, not a URL or drive"
        else:
            reason = "must be a relative path inside the zip (no leading /)"
        raise PydanticCustomError("media_path", "{got}: {reason}", {"got": shown(value), "reason": reason})
    name = posixpath.basename(value)
    extension = name.rsplit(".", 1)[-1].lower() if "." in name else ""
    if extension not in extensions:
        raise PydanticCustomError(
            "media_format",
            "{got}: {what} must be a {allowed} file",
            {
                "got": shown(value),
                "what": what,
                "allowed": ", ".join(extensions[:-1]) + " or " + extensions[-1],
            },
        )
    # The renderer looks media up by this exact key: "./a.png" and "a//b.png" name "a.png" and "a/b.png".
    return posixpath.normpath(value)


def text_or_object(model: type, tag: str, *, numbers: bool = False) -> Discriminator:
    """The discriminator of ``TextBranch | Annotated[model, Tag(tag)]``: a string or a model object
    (with ``numbers``, also ``NumberBranch``: a number, shown as text).

    A dict is the object; anything else is checked as a string, so that a number where none is
    taken is reported as "expected a string".
    """
    objects = (dict, model)

    def tag_of(value: Any) -> str:
        if isinstance(value, objects):
            return tag
        if numbers and isinstance(value, int | float) and not isinstance(value, bool):
            return "Num"
        return "Str"

    return Discriminator(tag_of)


def is_video_site_url(src: str) -> bool:
    """True for an https URL on a known video-sharing site (embedded as an online video)."""
    return re.fullmatch(VIDEO_URL_PATTERN, src) is not None


StrictText = Annotated[str, Strict(), AfterValidator(_xml_text)]
StrictFlag = Annotated[bool, Strict()]
WholeNumber = Annotated[int, Strict(), BeforeValidator(_integral_float_to_int)]
# pydantic-core refuses NaN and infinity itself ("finite_number", worded in _problems), at no call per number.
Number = Annotated[float, Strict(), AllowInfNan(False)]
PositiveNumber = Annotated[float, Strict(), AllowInfNan(False), AfterValidator(_positive)]
PositiveInt = Annotated[int, Strict(), AfterValidator(_positive), BeforeValidator(_integral_float_to_int)]
MaybeNumber = Annotated[Number | None, BeforeValidator(_nan_to_none)]
MaybeNumbers = Annotated[list[Number | None], WrapValidator(_maybe_numbers)]
"""A list of :data:`MaybeNumber`, its NaNs made None in one call (the same values and errors)."""
TrueFlag = Annotated[bool, BeforeValidator(_must_be_true)]
Hyperlink = Annotated[str, Strict(), AfterValidator(_xml_text), AfterValidator(_hyperlink)]
Color = Annotated[str, Strict(), AfterValidator(_color)]
ThemeSlotColor = Annotated[str, Strict(), AfterValidator(_theme_slot_color)]
RemovableColor = Annotated[str, Strict(), AfterValidator(_removable_color)]
TextBranch = Annotated[StrictText, Tag("Str")]
"""The string branch of a union discriminated by tag (see :func:`text_or_object`)."""


_TEXTS = frozenset({str})


def clean_texts(value: Any) -> bool:
    """Whether value is a list of ``str`` (the exact type) that :data:`StrictText` takes as they
    are: checked with one search rather than a Python call per string."""
    return (
        type(value) is list
        and set(map(type, value)) <= _TEXTS
        and NOT_XML_TEXT.search("".join(value)) is None
    )


def _texts(value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
    # Chart labels and table rows are mostly lists of plain strings: validated at once, a copy.
    # Anything else takes the general path, so that every message and its path stay its own.
    if clean_texts(value):
        return list(value)
    return handler(value)


TEXT_LIST = WrapValidator(_texts)
"""Put on a ``list[...]`` whose items are :data:`StrictText` or include it (a table row): lists of
plain clean strings skip the per-item validation."""
