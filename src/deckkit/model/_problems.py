"""Turn pydantic's validation errors into deckkit Problems: a data path and a plain message."""

from __future__ import annotations

import difflib
import functools
import json
from collections.abc import Iterator, Sequence
from typing import Any

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from deckkit.errors import Problem
from deckkit.model._types import _shown
from deckkit.model.elements import ELEMENT_TYPES


def _walk(loc: Sequence[str | int], data: Any) -> Iterator[str | int]:
    """Yield the loc components that are real keys or indexes of the input, skipping union tags."""
    current = data
    for part in loc:
        if isinstance(part, int) and isinstance(current, list | tuple) and 0 <= part < len(current):
            current = current[part]
            yield part
        elif isinstance(part, str) and isinstance(current, dict) and part in current:
            current = current[part]
            yield part
        elif isinstance(part, str) and part == "values" and isinstance(current, dict) and "values" not in current:
            # Slide keys live beside "template" in data.json; the model gathers them in `values`.
            continue
        elif isinstance(part, str) and isinstance(current, dict) and part not in current and _is_field_name(part):
            yield part  # a missing field is reported at its own name
            current = None


def _is_field_name(part: str) -> bool:
    return not (part in ELEMENT_TYPES or part in ("string", "cell", "delete", "function-after", "function-before"))


def format_path(parts: Sequence[str | int], root: str = "") -> str:
    out = root
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part.isidentifier():
            out += f".{part}" if out else part
        else:
            out += f"[{json.dumps(part)}]"
    return out


def _value_at(parts: Sequence[str | int], data: Any) -> Any:
    current = data
    for part in parts:
        try:
            current = current[part]
        except (KeyError, IndexError, TypeError):
            return None
    return current


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


def _message(error: ErrorDetails, value: Any) -> str:
    kind = error["type"]
    if kind in _EXPECTED:
        return f"must be {_EXPECTED[kind]}, got {_json_type(value)} {_shown(value)}".rstrip()
    if kind == "missing":
        return "is required"
    if kind == "extra_forbidden":
        key = str(error["loc"][-1])
        hint = difflib.get_close_matches(key, _all_field_names(), n=1, cutoff=0.7)
        return f'unknown field, did you mean "{hint[0]}"?' if hint else "unknown field"
    if kind in ("literal_error", "enum"):
        expected = str(error.get("ctx", {}).get("expected", ""))
        if expected == "True":
            return f"must be true, got {_shown(value)}"
        return f"must be one of {expected}, got {_shown(value)}"
    if kind == "union_tag_invalid":
        tag = str(error.get("ctx", {}).get("tag", ""))
        hint = difflib.get_close_matches(tag, ELEMENT_TYPES, n=1, cutoff=0.5)
        base = f'unknown type "{tag}"; expected one of {", ".join(ELEMENT_TYPES)}'
        return base + (f'; did you mean "{hint[0]}"?' if hint else "")
    if kind == "union_tag_not_found":
        return "must have a type"
    if kind == "greater_than_equal":
        return f"must be at least {error.get('ctx', {}).get('ge')}, got {_shown(value)}"
    if kind == "too_short":
        return "must not be empty"
    if kind in ("int_from_float", "int_parsing"):
        return f"must be a whole number, got {_shown(value)}"
    return error["msg"]


@functools.cache
def _all_field_names() -> list[str]:
    from deckkit.model import document, elements, styles

    names: set[str] = set()
    for module in (document, elements, styles):
        for obj in vars(module).values():
            if isinstance(obj, type) and issubclass(obj, BaseModel) and obj is not BaseModel:
                names.update(obj.model_fields)
    return sorted(names)


def problems_from(error: ValidationError, data: Any, root: str = "") -> list[Problem]:
    """One Problem per pydantic error, with the path in data.json terms."""
    found: list[Problem] = []
    seen: set[tuple[str, str]] = set()
    for detail in error.errors(include_url=False):
        parts = list(_walk(detail["loc"], data))
        value = detail.get("input") if detail["type"] != "missing" else None
        if detail["type"] in _EXPECTED or detail["type"] in ("literal_error", "enum"):
            value = _value_at(parts, data) if parts else detail.get("input")
        message = _message(detail, value)
        problem = Problem(format_path(parts, root), message)
        key = (problem.path, problem.message)
        if key not in seen:
            seen.add(key)
            found.append(problem)
    return found
