"""Turn pydantic's validation errors into deckkit Problems: a data.json path and a plain message.

pydantic locates an error in model terms (``slides.3.values.sales.Table.rows.2.1``); a person
reads data.json terms (``slides[3].sales.rows[2][1]``). The two differ in two ways only: slide
keys sit beside ``template`` in data.json but in ``Slide.values`` in the model, and union tags
(capitalised, so never a field name) appear in the location.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator, Sequence
from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from deckkit.errors import Problem
from deckkit.model._types import shown
from deckkit.model.kinds import ELEMENT_TYPES, UNION_TAGS
from deckkit.suggest import closest


def _data_path(loc: Sequence[str | int], slide_alone: bool) -> Iterator[str | int]:
    # Where Slide.values sits: loc[0] when a Slide is validated alone, loc[2] under DeckData.
    values_at = 0 if slide_alone else 2
    for i, part in enumerate(loc):
        if i == values_at and part == "values" and len(loc) > i + 1 and (slide_alone or loc[0] == "slides"):
            continue  # the slide's keys live beside "template" in data.json
        if part in UNION_TAGS and not (i == values_at + 1 and loc[values_at] == "values"):
            continue
        yield part


def format_path(parts: Sequence[str | int], root: str = "") -> str:
    """``["slides", 3, "q3-sales", "rows", 2]`` -> ``slides[3]["q3-sales"].rows[2]``."""
    out = root
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += _member(part, bool(out))
    return out


# Planning and filling name each key of each slide: the same few keys, quoted by json.dumps once.
@functools.lru_cache(maxsize=4096)
def _member(name: str, after: bool) -> str:
    """``name`` as a member of a path: ``.sales`` (``sales`` first), or ``["q3-sales"]``."""
    if name.isidentifier():
        return f".{name}" if after else name
    return f"[{json.dumps(name)}]"


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list | tuple):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


_EXPECTED = {
    "string_type": "a string",
    "int_type": "a whole number",
    "float_type": "a number",
    "bool_type": "true or false",
    "list_type": "an array",
    "dict_type": "an object",
    "model_type": "an object",
    "model_attributes_type": "an object",
    "tuple_type": "an array of two numbers",
}


def _got(value: Any) -> str:
    kind = _json_type(value)
    return (
        kind if kind in ("null", "object", "array") or isinstance(value, bool) else f"{kind} {shown(value)}"
    )


def _message(error: ErrorDetails) -> str:
    kind = error["type"]
    value = error.get("input")
    ctx = error.get("ctx", {})
    loc = error["loc"]
    if kind == "string_type" and loc and loc[-1] == "Str":
        if len(loc) >= 2 and loc[-2] == "value":
            return f"must be a string, a number or a list of runs, got {_got(value)}"
        if len(loc) >= 3 and loc[-3] == "Runs":
            return f'must be a string or an object with "text", got {_got(value)}'
        return f'must be a string or an object with "value", got {_got(value)}'
    if kind in _EXPECTED:
        return f"must be {_EXPECTED[kind]}, got {_got(value)}"
    if kind == "missing":
        return "is required"
    if kind == "extra_forbidden":
        key = str(loc[-1])
        if key in _all_field_names():
            # A field of other objects, not of this one: a look-alike (or the name itself) would mislead.
            return "unknown field"
        hint = closest(key, _all_field_names(), cutoff=0.7)
        return f'unknown field, did you mean "{hint}"?' if hint else "unknown field"
    if kind in ("literal_error", "enum"):
        return f"must be one of {ctx.get('expected', '')}, got {shown(value)}"
    if kind == "union_tag_not_found":
        return _not_an_element(value)
    if kind == "greater_than_equal":
        return f"must be at least {ctx.get('ge')}, got {shown(value)}"
    if kind == "too_short":
        return "must not be empty"
    if kind == "finite_number":
        return f"must be a finite number, got {shown(value)}"
    if kind in ("int_from_float", "int_parsing"):
        return f"must be a whole number, got {shown(value)}"
    return error["msg"]


def _not_an_element(value: Any) -> str:
    if isinstance(value, dict) and "type" in value:
        tag = str(value["type"])
        hint = closest(tag.lower(), ELEMENT_TYPES, cutoff=0.5)
        base = f"unknown type {shown(value['type'])}; expected one of {', '.join(ELEMENT_TYPES)}"
        return base + (f'; did you mean "{hint}"?' if hint else "")
    return f"must be a string or an element object ({', '.join(ELEMENT_TYPES)}, or delete), got {_got(value)}"


_FIELD_NAMES: set[str] = set()


def known_fields(model: type[BaseModel]) -> None:
    """Count a data.json model's fields among the names an unknown field is compared with
    (every model class of deckkit.model says its own, as it is made)."""
    _FIELD_NAMES.update(model.model_fields)


def _all_field_names() -> list[str]:
    return sorted(_FIELD_NAMES)


def problems_from(error: ValidationError, root: str = "", *, slide_alone: bool = False) -> list[Problem]:
    """One Problem per pydantic error, with the path in data.json terms, in document order.

    ``slide_alone``: the error comes from validating a Slide by itself rather than a whole DeckData.
    """
    found: list[Problem] = []
    seen: set[Problem] = set()
    for detail in error.errors(include_url=False):
        problem = Problem(format_path(list(_data_path(detail["loc"], slide_alone)), root), _message(detail))
        if problem not in seen:
            seen.add(problem)
            found.append(problem)
    return found
