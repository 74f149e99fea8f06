"""The size limits of data.json, checked before the models see it.

Anyone who can upload can send data.json, so what it may hold is bounded where Python's own
limits would otherwise speak (a RecursionError, a message about ``sys.set_int_max_str_digits``,
pydantic-core failing on millions of slides). Each limit is far above what a real deck uses:

- ``MAX_DEPTH``: arrays and objects nested at most 32 deep (a real data.json needs about 10:
  root, slides, slide, chart, axis, series, one series, values...);
- ``MAX_SLIDES``: 10,000 output slides in one render;
- ``MAX_INTEGER_DIGITS``: a whole number has at most 20 digits (every 64-bit integer fits; a
  chart value that large has long lost its precision as a float);
- ``MAX_VALUES``: 2,000,000 values in all (array items and object members; a table of 200,000
  cells is some 220,000), which the models validate in seconds, far inside the server's limits
  of time and memory (past them, pydantic-core's own failures are not messages for a user);
- ``MAX_TEMPLATES``: 16 templates in one deck besides template.pptx (each is opened with the
  limits of a template, so the renderer's memory stays bounded);
- ``MAX_JSON_BYTES``: data.json is at most 64 MiB of text, checked before it is parsed.

The same walk finds text holding a character XML 1.0 cannot hold, which lxml would refuse
mid-render. Text fields refuse it themselves (``_types.StrictText``, with the JSON Schema); what
they do not see, object keys (a chart's series are named by theirs), is cleaned
(:func:`clean_text`) in a copy the deck is built from.

The check walks the parsed data without recursion and reports the first problem it meets with
its data path, as a DataError.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from itertools import chain
from typing import Any, Final

from deckkit.errors import DataError, Problem
from deckkit.model._problems import format_path
from deckkit.model._types import NOT_XML_TEXT

__all__ = [
    "MAX_DEPTH",
    "MAX_INTEGER_DIGITS",
    "MAX_JSON_BYTES",
    "MAX_SLIDES",
    "MAX_TEMPLATES",
    "MAX_VALUES",
    "check_limits",
    "clean_text",
    "loads",
]

MAX_DEPTH: Final = 32
MAX_SLIDES: Final = 10_000
MAX_TEMPLATES: Final = 16
MAX_INTEGER_DIGITS: Final = 20

MAX_VALUES: Final = 2_000_000
MAX_JSON_BYTES: Final = 64 * 1024 * 1024

_INTEGER_BOUND: Final = 10**MAX_INTEGER_DIGITS
_TOO_MANY: Final = -1
# The characters the text types refuse (one definition); here they are cleaned from keys.
_NOT_XML: Final = NOT_XML_TEXT


class _LongInteger:
    """A whole number too long to convert, as the second parse reads it (so that its path can be told)."""

    __slots__ = ("digits",)

    def __init__(self, text: str) -> None:
        self.digits = len(text.lstrip("-"))


def _integer(text: str) -> int | _LongInteger:
    return _LongInteger(text) if len(text.lstrip("-")) > MAX_INTEGER_DIGITS else int(text)


def _too_deep() -> DataError:
    return DataError(
        [
            Problem(
                "",
                f"data.json nests arrays and objects more than {MAX_DEPTH} deep; at most {MAX_DEPTH} levels are accepted",
            )
        ]
    )


def loads(text: str | bytes) -> Any:
    """JSON text parsed as data.json is (NaN and Infinity read, as Python writes them), with its nesting and numbers bounded.

    Raises json.JSONDecodeError and ValueError as json.loads does, DataError for a limit.
    """
    if len(text) > MAX_JSON_BYTES:
        raise DataError(
            [
                Problem(
                    "", f"data.json is {len(text):,} bytes; at most {MAX_JSON_BYTES:,} (64 MiB) are accepted"
                )
            ]
        )
    try:
        return json.loads(text)
    except RecursionError:
        # json recurses once per level: far past MAX_DEPTH, so the limit is the message.
        raise _too_deep() from None
    except ValueError as e:
        if "integer string conversion" not in str(e):
            raise
    # A number longer than Python converts (4,300 digits): parse again, keeping long numbers as
    # markers, so that check_limits can say where the first one is.
    return json.loads(text, parse_int=_integer)


def check_limits(data: Any) -> Any | None:
    """DataError for the first limit the data breaks; else a copy with clean text, or None when clean.

    The copy replaces text that XML 1.0 cannot hold (see :func:`clean_text`); the caller's data
    is never changed. The data is validated as given and the deck built from the copy, so that a
    control character in an enumerated or patterned field is an error, as the JSON Schema says.
    """
    slides = data.get("slides") if isinstance(data, dict) else data
    if isinstance(slides, list) and len(slides) > MAX_SLIDES:
        raise DataError(
            [Problem("slides", f"{len(slides):,} slides; at most {MAX_SLIDES:,} are accepted in one render")]
        )
    found, unclean = _walk(data)
    if found == _TOO_MANY:
        raise DataError(
            [
                Problem(
                    "",
                    f"the data holds more than {MAX_VALUES:,} values (array items and object members "
                    f"together); at most {MAX_VALUES:,} are accepted in one render",
                )
            ]
        )
    if found is not None:
        raise _path_of(data, found)
    return _cleaned(data) if unclean else None


def clean_text(text: str) -> str:
    """Text XML 1.0 can hold: each character it cannot (a control character but tab, newline and
    return; half of a character, a lone surrogate from a JSON escape such as ``\\ud800``) becomes
    U+FFFD, the replacement character, as a decoder shows bytes it cannot read. Replacing keeps
    the text's length and every rule the given text met (a hyperlink stays non-empty)."""
    return _NOT_XML.sub("\ufffd", text)


def _unclean(value: Any) -> bool:
    return isinstance(value, str) and _NOT_XML.search(value) is not None


def _too_long(value: Any) -> bool:
    if isinstance(value, _LongInteger):
        return True
    return type(value) is int and not -_INTEGER_BOUND < value < _INTEGER_BOUND


def _walk(data: Any) -> tuple[int | None, bool]:
    """(index in walk order of the first container too deep or holding too long a number, or
    _TOO_MANY, or None; whether some text needs cleaning).

    The walk keeps no paths (data can be millions of values); the rare failing walk is repeated
    with them by :func:`_path_of`.
    """
    texts: list[Any] = []  # the text values and object keys met: searched at once, after the walk
    found = _first_violation(data, texts)
    return found, _unclean(data) or _any_unclean(texts)


def _first_violation(data: Any, texts: list[Any]) -> int | None:
    """The first result of :func:`_walk`; adds the text values and object keys to ``texts``."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    index = 0
    values = 0
    while stack:
        node, depth = stack.pop()
        index += 1
        if not isinstance(node, dict | list):
            continue  # the root only: it is checked below
        if depth > MAX_DEPTH:
            return index
        values += len(node)
        if values > MAX_VALUES:
            return _TOO_MANY
        if isinstance(node, dict):
            texts.extend(node)
            children: Iterable[Any] = node.values()
        else:
            children = node
        kinds = set(map(type, children))
        if kinds <= _NUMBERS and _numbers_fit(children, kinds):
            continue
        if kinds == _TEXT:
            texts.extend(children)
            continue
        if kinds == _LISTS and depth < MAX_DEPTH:
            # Arrays of short arrays of numbers (a scatter chart's points): checked here at once,
            # as the walk would check them one by one, each a container one level down.
            inner_kinds = set(map(type, chain.from_iterable(children)))
            if inner_kinds <= _NUMBERS and (
                int not in inner_kinds or _numbers_fit(list(chain.from_iterable(children)), inner_kinds)
            ):
                index += len(node)
                values += sum(map(len, children))
                if values > MAX_VALUES:
                    return _TOO_MANY
                continue
        for child in children:
            # The exact JSON types first (nearly every value): a type test is cheaper than a call.
            kind = type(child)
            if kind is float or kind is bool or child is None:
                continue
            if kind is str:
                texts.append(child)
            elif kind is int:
                if not -_INTEGER_BOUND < child < _INTEGER_BOUND:
                    return index
            elif isinstance(child, dict | list):
                stack.append((child, depth + 1))
            elif _too_long(child):
                return index
            elif isinstance(child, str):
                texts.append(child)
    return 1 if _too_long(data) else None


# The containers whose values are all of these exact types are checked in C (set, join, min, max)
# rather than value by value: nearly every array of data.json.
_NUMBERS: Final = frozenset({float, int, bool, type(None)})
_TEXT: Final = frozenset({str})
_LISTS: Final = frozenset({list})


def _numbers_fit(values: Iterable[Any], kinds: set[type]) -> bool:
    """Whether none of values (of the exact types kinds, all in _NUMBERS) is too long a whole number.

    False means "look one by one": a float past the bound, or a NaN that min and max start with,
    fails too, as does null beside a number (which min and max cannot compare).
    """
    if int not in kinds:
        return True
    if type(None) in kinds:
        return False
    return bool(min(values) > -_INTEGER_BOUND and max(values) < _INTEGER_BOUND)


def _any_unclean(texts: list[Any]) -> bool:
    """Whether some text of ``texts`` needs cleaning: one search through them all."""
    try:
        return _NOT_XML.search("".join(texts)) is not None
    except TypeError:  # a key that is not text (a dict built in Python)
        return any(_unclean(text) for text in texts)


def _cleaned(node: Any) -> Any:
    """A copy with clean text (recursion is bounded: the walk checked the depth)."""
    if isinstance(node, str):
        return clean_text(node)
    if isinstance(node, dict):
        return {clean_text(k) if isinstance(k, str) else k: _cleaned(v) for k, v in node.items()}
    if isinstance(node, list):
        return [_cleaned(v) for v in node]
    return node


def _items(node: Any) -> Iterable[tuple[str | int, Any]]:
    if isinstance(node, dict):
        return node.items()
    return enumerate(node) if isinstance(node, list) else ()


def _path_of(data: Any, target: int) -> DataError:
    # The bare-array form's paths start at "slides" too, as the models' problems do.
    root: tuple[str | int, ...] = ("slides",) if isinstance(data, list) else ()
    stack: list[tuple[Any, int, tuple[str | int, ...]]] = [(data, 1, root)]
    index = 0
    while stack:
        node, depth, path = stack.pop()
        index += 1
        if index < target:
            stack.extend(
                (child, depth + 1, (*path, key))
                for key, child in _items(node)
                if isinstance(child, dict | list)
            )
            continue
        if depth > MAX_DEPTH:
            return _too_deep_at(path)
        for key, child in _items(node):
            if _too_long(child):
                return _too_long_at((*path, key), child)
        return _too_long_at(path, node)
    raise AssertionError("the walk found a violation it cannot find again")


def _too_deep_at(path: tuple[str | int, ...]) -> DataError:
    return DataError(
        [
            Problem(
                format_path(path),
                f"nested more than {MAX_DEPTH} deep; at most {MAX_DEPTH} levels of arrays and objects are accepted",
            )
        ]
    )


def _too_long_at(path: tuple[str | int, ...], value: Any) -> DataError:
    # str() of a Python int past 4,300 digits raises, so only a parsed marker knows its length.
    size = (
        f"of {value.digits:,} digits"
        if isinstance(value, _LongInteger)
        else f"of more than {MAX_INTEGER_DIGITS} digits"
    )
    return DataError(
        [
            Problem(
                format_path(path),
                f"a whole number {size}; at most {MAX_INTEGER_DIGITS} digits are accepted (write a larger value as a decimal, 1.5e21)",
            )
        ]
    )
