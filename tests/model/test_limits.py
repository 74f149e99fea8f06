"""Issue 13, point 5: data.json past a size limit is a DataError with its path and the limit.

The review's cases, each an internal error before: 100,000-level nesting (RecursionError), 2.7
million slides (pydantic-core panicking after 17 s), a 5,000-digit number (a message about
``sys.set_int_max_str_digits``). Each entry point is covered: parse_data (text, bytes and
Python data), the bundle reader (which the server's render path calls) and the CLI.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import deckkit.model.limits as limits
from deckkit.bundle import read_bundle
from deckkit.cli import main
from deckkit.errors import DataError
from deckkit.model import parse_data
from deckkit.model.limits import MAX_DEPTH, MAX_INTEGER_DIGITS, MAX_SLIDES, check_limits
from tests.bundle.conftest import TEMPLATE, make_zip

DEEP_TEXT = '{"slides": [{"template": 1, "k": ' + "[" * 100_000 + "]" * 100_000 + "}]}"


def _problem(source: Any) -> str:
    with pytest.raises(DataError) as caught:
        parse_data(source)
    assert len(caught.value.problems) == 1
    return str(caught.value.problems[0])


def _nested(levels: int) -> Any:
    value: Any = 1
    for _ in range(levels):
        value = [value]
    return value


@pytest.mark.parametrize("kind", [str, bytes])
def test_100k_levels_of_json_nesting_is_a_data_error_with_the_limit(kind: type) -> None:
    source = DEEP_TEXT if kind is str else DEEP_TEXT.encode()
    assert (
        _problem(source)
        == f"data.json nests arrays and objects more than {MAX_DEPTH} deep; at most {MAX_DEPTH} levels are accepted"
    )


def test_100k_levels_of_nesting_built_in_python_is_a_data_error() -> None:
    message = _problem({"slides": [{"template": 1, "k": _nested(100_000)}]})
    assert message.startswith("slides[0].k" + "[0]" * (MAX_DEPTH - 3) + ": nested more than 32 deep")


def test_nesting_past_the_limit_is_located() -> None:
    # The bare array (level 1), the slide (2), the table (3), its rows (4): the 33rd level is 29 deeper.
    message = _problem([{"template": 1, "t": {"type": "table", "rows": _nested(40)}}])
    assert message.startswith("slides[0].t.rows" + "[0]" * (MAX_DEPTH - 3) + ": nested more than 32 deep")


def test_nesting_at_the_limit_passes_the_limit_check() -> None:
    check_limits({"slides": [{"template": 1, "k": _nested(MAX_DEPTH - 3)}]})


@pytest.mark.parametrize("count", [MAX_SLIDES + 1, 2_700_000], ids=["one-past", "the-review's"])
def test_too_many_slides_is_a_data_error_with_the_limit(count: int) -> None:
    # The review's 2.7 million as Python data (the text form costs seconds only to parse).
    assert _problem({"slides": [{"template": 1}] * count}) == (
        f"slides: {count:,} slides; at most 10,000 are accepted in one render"
    )


def test_slides_at_the_limit_are_accepted() -> None:
    assert len(parse_data(json.dumps([{"template": 1}] * MAX_SLIDES)).slides) == MAX_SLIDES


def test_a_5000_digit_integer_is_a_data_error_with_its_path() -> None:
    text = (
        '[{"template": 1, "c": {"type": "chart", "labels": ["a"], "axis1": {"series": {"s": {"values": ['
        + "7" * 5000
        + "]}}}}}]"
    )
    assert _problem(text) == (
        "slides[0].c.axis1.series.s.values[0]: a whole number of 5,000 digits; at most 20 digits are accepted "
        "(write a larger value as a decimal, 1.5e21)"
    )


@pytest.mark.parametrize(
    "value",
    [10**MAX_INTEGER_DIGITS, -(10**MAX_INTEGER_DIGITS), 10**5000],
    ids=["21-digits", "negative", "5000-digits"],
)
def test_a_long_integer_from_python_is_a_data_error_with_its_path(value: int) -> None:
    message = _problem({"slides": [{"template": value}]})
    assert message.startswith("slides[0].template: a whole number of more than 20 digits")


@pytest.mark.parametrize(
    ("values", "path"),
    [
        ([1.5, 2, 10**MAX_INTEGER_DIGITS], "slides[0].v[2]"),
        ([float("nan"), 10**MAX_INTEGER_DIGITS], "slides[0].v[1]"),
        ([float("nan"), -(10**MAX_INTEGER_DIGITS)], "slides[0].v[1]"),
        ([None, 1, 10**MAX_INTEGER_DIGITS], "slides[0].v[2]"),
        ([True, 10**MAX_INTEGER_DIGITS], "slides[0].v[1]"),
        ([[1.0, 2.0], [float("nan"), 10**MAX_INTEGER_DIGITS]], "slides[0].v[1][1]"),
    ],
    ids=["after-numbers", "after-nan", "negative-after-nan", "beside-null", "after-true", "in-a-pair"],
)
def test_a_long_integer_among_numbers_is_found(values: list[Any], path: str) -> None:
    # Arrays of numbers are checked at once (min and max), whatever a NaN or null beside them does.
    assert _problem({"slides": [{"template": 1, "v": values}]}).startswith(f"{path}: a whole number")


def test_twenty_digits_and_large_decimals_are_numbers() -> None:
    values = [10**MAX_INTEGER_DIGITS - 1, 1.5e300]
    chart = {"type": "chart", "labels": ["a", "b"], "axis1": {"series": {"s": {"values": values}}}}
    parse_data(json.dumps([{"template": 1, "c": chart}]))


def test_too_many_values_is_a_data_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_VALUES", 1000)
    rows = [["a", "b"]] * 600
    assert _problem([{"template": 1, "t": {"type": "table", "rows": rows}}]).startswith(
        "the data holds more than 1,000 values"
    )


def test_the_bundle_reader_reports_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(DataError, match="nests arrays and objects more than 32 deep"):
        read_bundle(make_zip({"template.pptx": TEMPLATE, "data.json": DEEP_TEXT}))
    monkeypatch.setattr("deckkit.bundle.MAX_JSON_BYTES", 1000)
    with pytest.raises(DataError, match=r"data\.json is 200,\d+ bytes; at most 1,000"):
        read_bundle(make_zip({"template.pptx": TEMPLATE, "data.json": DEEP_TEXT}))


def test_cli_validate_lists_the_limit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "data.json"
    path.write_text(DEEP_TEXT)
    assert main(["validate", str(path)]) == 1
    out, err = capsys.readouterr()
    assert "more than 32 deep" in err
    assert "Traceback" not in err + out


@pytest.mark.parametrize("value", ["a\x00b", "\ud800!"], ids=["nul", "lone-surrogate"])
def test_text_xml_cannot_hold_is_a_data_error_with_its_path(value: str) -> None:
    """Found by tests/fuzz: these reached lxml mid-render as "a deckkit bug, please report it"."""
    data = [{"template": 1, "t": {"type": "table", "rows": [["ok", value]]}}]
    assert "which a slide cannot hold" in _problem(json.dumps(data))


def test_a_key_xml_cannot_hold_is_cleaned() -> None:
    chart = {"type": "chart", "labels": ["a"], "axis1": {"series": {"s\x01": {"values": [1]}}}}
    assert list(parse_data([{"template": 1, "c": chart}]).slides[0].values["c"].axis1.series) == ["s\ufffd"]
