"""The examples of docs/data-format.md: valid JSON parses, invalid JSON gives the errors shown (its Python
block runs in tests/docs, with the rest of the page)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from deckkit.errors import DataError
from deckkit.model import parse_data

DOC = Path(__file__).resolve().parents[2] / "docs" / "data-format.md"
BLOCK = re.compile(r"^```(\w+)( invalid)?\n(.*?)^```$", re.S | re.M)


def blocks(language: str) -> list[tuple[str, bool, str]]:
    text = DOC.read_text(encoding="utf-8")
    return [
        (m.group(3), bool(m.group(2)), text[m.end() :])
        for m in BLOCK.finditer(text)
        if m.group(1) == language
    ]


def as_document(example: Any) -> Any:
    """A whole data.json, a slide, or a slide value (placed under key "key" of template slide 1)."""
    if isinstance(example, list) or (isinstance(example, dict) and "slides" in example):
        return example
    if isinstance(example, dict) and "template" in example:
        return [example]
    return [{"template": 1, "key": example}]


VALID = [code for code, invalid, _ in blocks("json") if not invalid]
INVALID = [(code, rest) for code, invalid, rest in blocks("json") if invalid]


def test_the_page_has_examples() -> None:
    assert len(VALID) >= 12
    assert len(INVALID) >= 2
    assert len(blocks("python")) == 2  # "From Python": one deck, then one of several templates


@pytest.mark.parametrize("code", VALID, ids=[f"valid-{i}" for i in range(len(VALID))])
def test_valid_examples_parse(code: str) -> None:
    parse_data(as_document(json.loads(code)))


@pytest.mark.parametrize(("code", "rest"), INVALID, ids=[f"invalid-{i}" for i in range(len(INVALID))])
def test_invalid_examples_give_the_errors_shown(code: str, rest: str) -> None:
    shown = BLOCK.search(rest)
    assert shown is not None, "an invalid example is followed by its errors"
    assert shown.group(1) == "text"
    with pytest.raises(DataError) as caught:
        parse_data(as_document(json.loads(code)))
    assert [str(p) for p in caught.value.problems] == shown.group(3).strip().splitlines()
