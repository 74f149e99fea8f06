"""The JSON Schema and the models agree: generated documents are accepted or rejected by both alike."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckkit.errors import DataError
from deckkit.model import parse_data
from deckkit.model.schema import data_json_schema

SCHEMA = data_json_schema()
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
ABSENT = object()


def mostly(valid: st.SearchStrategy[Any], invalid: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Mostly valid: documents must often be valid but for one field for the comparison to be sharp."""
    # one_of would merge the repeated branch; pick by a roll instead (rare outcome in the middle).
    return st.integers(0, 19).flatmap(lambda roll: invalid if roll == 13 else valid)


# Text without line breaks: JSON Schema's "$" and Python's differ only before a final newline.
# Mostly text XML can hold; now and then any character, control characters included (refused).
TEXT = mostly(
    st.text(
        st.characters(codec="utf-8", exclude_characters="\n\r", exclude_categories=("Cc", "Cs")), max_size=8
    ),
    st.text(st.characters(codec="utf-8", exclude_characters="\n\r"), max_size=8),
)
JUNK = st.sampled_from([None, 0, 1, -1, 1.5, True, False, "", "x", [], {}, [1, 2], {"a": 1}])
# Boundaries of the format's ranges come up often: that is where schema and models could part.
BOUNDARIES = [0, 1, -1, 0.0, 1.0, 0.5, 1.4, -0.1, 8, 9, 4000, 4000.5, 0.99, 2]
NUMBER = st.one_of(
    st.sampled_from(BOUNDARIES),
    st.integers(-20, 20),
    st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False),
)
POSITIVE = mostly(
    st.one_of(st.floats(0.01, 100), st.sampled_from([0.5, 1, 10])), st.sampled_from([0, -1, 0.0])
)
POSITIVE_INTEGER = mostly(st.integers(1, 5), st.sampled_from([0, -1, 1.5]))
INTEGER = st.one_of(st.sampled_from([0, 1, 8, 9, 1.0, 8.0, -1, 2.5]), st.integers(-3, 12))


COLOR = mostly(
    st.sampled_from(["#fff", "ABCDEF", "#a1B2c3", "accent1", "folHlink", "dkBlue", "red", "ltGray"]),
    st.one_of(st.sampled_from(["darkBlue", "Red", "#12345", "", "GGG"]), TEXT),
)
BOOLEAN = st.booleans()
GOOD_PATHS = [
    "a.png",
    "dir/b.JPG",
    "./c.gif",
    "d.jpeg",
    ".png",
    "clip.mp4",
    "v/c.MOV",
    "c.m4v",
    "1://x.mp4",
    "https://youtu.be/x",
    "https://www.youtube.com/watch?v=1",
    "https://vimeo.com/9",
]
BAD_PATHS = [
    "../a.png",
    "a/../b.png",
    "/a.png",
    "C:/a.png",
    "a\\b.png",
    "a.bmp",
    "logo",
    "c.avi",
    "http://vimeo.com/9",
    "https://example.com/a.mp4",
]
IMAGE_PATH = mostly(
    st.one_of(st.sampled_from(GOOD_PATHS[:5]), TEXT.map(lambda t: t + ".png")),
    st.one_of(st.sampled_from(BAD_PATHS + GOOD_PATHS[5:]), TEXT),
)
VIDEO_PATH = mostly(
    st.one_of(st.sampled_from(GOOD_PATHS[5:]), TEXT.map(lambda t: t + ".mp4")),
    st.one_of(st.sampled_from(BAD_PATHS + GOOD_PATHS[:5]), TEXT),
)
HYPERLINK = mostly(
    st.sampled_from(["https://example.com", "mailto:a@b.c", "1a:b"]),
    st.one_of(st.sampled_from(["example.com", "a:", "x: y"]), TEXT),
)


@st.composite
def leaf(draw: st.DrawFn, valid: st.SearchStrategy[Any], optional: bool = True) -> Any:
    """Mostly a valid value; sometimes absent, null or junk."""
    # Hypothesis favours small and boundary integers: the rare outcomes sit in the middle.
    roll = draw(st.integers(0, 59))
    if roll == 31:
        return draw(JUNK)
    if roll == 17:
        return None
    if optional and 40 <= roll <= 52:
        return ABSENT
    return draw(valid)


@st.composite
def obj(draw: st.DrawFn, fields: dict[str, tuple[st.SearchStrategy[Any], bool]]) -> dict[str, Any]:
    out = {}
    for name, (valid, optional) in fields.items():
        value = draw(leaf(valid, optional))
        if value is not ABSENT:
            out[name] = value
    if draw(st.integers(0, 59)) == 31:
        out[draw(st.sampled_from(["extra", "colour", "kind"]))] = 1
    return out


def opt(strategy: st.SearchStrategy[Any]) -> tuple[st.SearchStrategy[Any], bool]:
    return (strategy, True)


def req(strategy: st.SearchStrategy[Any]) -> tuple[st.SearchStrategy[Any], bool]:
    return (strategy, False)


def const(value: Any) -> st.SearchStrategy[Any]:
    return st.just(value)


FONT = obj(
    {
        "typeface": opt(TEXT),
        "size": opt(
            mostly(
                st.one_of(st.floats(1, 4000), st.sampled_from([1, 4000])),
                st.one_of(NUMBER, st.sampled_from([4000.5, 0.5])),
            )
        ),
        "color": opt(COLOR),
        "underline": opt(BOOLEAN),
        "bold": opt(BOOLEAN),
        "italic": opt(BOOLEAN),
        "strike": opt(BOOLEAN),
    }
)
SHAPE = obj(
    {
        "outline": opt(COLOR),
        "fill": opt(COLOR),
        "align": opt(
            mostly(
                st.sampled_from(["left", "center", "right", "justified", "distributed"]), st.just("middle")
            )
        ),
        "vertical_align": opt(mostly(st.sampled_from(["top", "center", "bottom"]), st.just("left"))),
    }
)
STYLES = obj({"font": opt(FONT), "shape": opt(SHAPE)})
TEXT_OBJ = obj(
    {
        "type": opt(mostly(st.just("text"), st.just("Text"))),
        "value": req(TEXT),
        "styles": opt(STYLES),
        "hyperlink": opt(HYPERLINK),
        "level": opt(INTEGER),
    }
)
DATABAR = obj({"ratio": req(st.one_of(st.floats(0, 1), NUMBER)), "color": req(COLOR)})
CELL = mostly(
    st.one_of(TEXT, obj({"value": req(TEXT), "styles": opt(STYLES), "databar": opt(DATABAR)})), JUNK
)
TABLE = obj(
    {
        "type": req(const("table")),
        "rows": req(
            mostly(
                st.lists(st.lists(CELL, min_size=1, max_size=3), min_size=1, max_size=3),
                st.lists(st.lists(CELL, max_size=1), max_size=2),
            )
        ),
        "horizontal_sizing": opt(
            mostly(st.sampled_from(["fixed", "anchor_left", "anchor_right"]), st.just("anchor_top"))
        ),
        "vertical_sizing": opt(
            mostly(st.sampled_from(["fixed", "anchor_top", "anchor_bottom"]), st.just("anchor_left"))
        ),
    }
)
LIST = obj(
    {"type": req(const("list")), "values": req(st.lists(mostly(st.one_of(TEXT, TEXT_OBJ), JUNK), max_size=3))}
)
BOUNDS = obj({"minimum": opt(NUMBER), "maximum": opt(NUMBER)})
POINT_STYLES = st.lists(mostly(st.one_of(st.none(), STYLES), JUNK), max_size=2)
SERIES = obj(
    {
        "name": opt(TEXT),
        "values": req(st.lists(mostly(st.one_of(NUMBER, st.none()), JUNK), max_size=3)),
        "styles": opt(STYLES),
        "data_point_styles": opt(POINT_STYLES),
    }
)
AXIS = obj(
    {
        "series": req(mostly(st.dictionaries(TEXT, SERIES, min_size=1, max_size=2), st.just({}))),
        "bounds": opt(BOUNDS),
        "format": opt(TEXT),
        "major_unit": opt(POSITIVE),
    }
)
CHART_FIELDS: dict[str, tuple[st.SearchStrategy[Any], bool]] = {
    "type": req(const("chart")),
    "labels": opt(st.lists(TEXT, max_size=3)),
    "labels_interval": opt(POSITIVE_INTEGER),
    "date_labels": opt(st.lists(INTEGER, max_size=3)),
    "date_labels_format": opt(TEXT),
    "date_labels_major_unit": opt(POSITIVE_INTEGER),
    "date_labels_major_time_unit": opt(
        mostly(st.sampled_from(["days", "months", "years"]), st.just("weeks"))
    ),
    "axis1": req(AXIS),
    "axis2": opt(AXIS),
}
WITHOUT_DATES = {k: v for k, v in CHART_FIELDS.items() if not k.startswith("date_labels")}
CHART = st.one_of(
    obj({**WITHOUT_DATES, "labels": req(st.lists(TEXT, max_size=3))}),
    obj(
        {
            **{k: v for k, v in CHART_FIELDS.items() if k != "labels"},
            "date_labels": req(st.lists(INTEGER, max_size=3)),
        }
    ),
    obj(CHART_FIELDS),
)
POINT = mostly(
    st.tuples(NUMBER, NUMBER).map(list),
    st.one_of(st.tuples(NUMBER, NUMBER, NUMBER).map(list), st.lists(st.one_of(NUMBER, JUNK), max_size=3)),
)
SCATTER_SERIES = obj(
    {
        "name": req(TEXT),
        "values": req(st.lists(POINT, max_size=3)),
        "styles": opt(STYLES),
        "data_point_styles": opt(POINT_STYLES),
    }
)
SCATTER_AXIS = obj(
    {
        "series": req(mostly(st.dictionaries(TEXT, SCATTER_SERIES, min_size=1, max_size=2), st.just({}))),
        "x_bounds": opt(BOUNDS),
        "y_bounds": opt(BOUNDS),
        "x_format": opt(TEXT),
        "y_format": opt(TEXT),
        "x_major_unit": opt(POSITIVE),
        "y_major_unit": opt(POSITIVE),
    }
)
SCATTER = obj(
    {
        "type": req(mostly(st.sampled_from(["scatter-chart", "scatter_chart"]), st.just("scatter"))),
        "axis1": req(SCATTER_AXIS),
        "axis2": opt(SCATTER_AXIS),
    }
)
IMAGE = obj(
    {
        "type": req(const("image")),
        "src": req(IMAGE_PATH),
        "scaling": opt(mostly(st.sampled_from(["none", "contain", "cover"]), st.just("fill"))),
        "overflow": opt(mostly(st.sampled_from(["visible", "hidden"]), st.just("clip"))),
    }
)
VIDEO = obj(
    {
        "type": req(const("video")),
        "src": req(VIDEO_PATH),
        "thumbnail": opt(IMAGE_PATH),
        "scaling": opt(mostly(st.sampled_from(["contain", "cover"]), st.just("none"))),
    }
)
DELETE = obj({"delete": req(mostly(st.just(True), st.sampled_from([False, 1, "true"])))})
VALUE = st.one_of(TEXT, TEXT_OBJ, TABLE, LIST, CHART, SCATTER, IMAGE, VIDEO, DELETE, JUNK)


@st.composite
def slide(draw: st.DrawFn) -> Any:
    out: dict[str, Any] = {}
    template = draw(leaf(st.integers(1, 5), optional=draw(st.integers(0, 19)) == 11))
    if template is not ABSENT:
        out["template"] = template
    out.update(draw(st.dictionaries(TEXT.filter(lambda k: k != "template"), VALUE, max_size=2)))
    return out


THEME_COLORS = obj(
    {name: opt(st.one_of(COLOR, st.just(""))) for name in ["lt1", "dk1", "accent1", "hlink", "folHlink"]}
)
THEME = obj({"colors": opt(THEME_COLORS)})
# One value on one slide keeps most documents valid but for one field: the sharpest comparison.
SINGLE_VALUE = VALUE.map(lambda value: [{"template": 1, "k": value}])
DOCUMENT = st.one_of(
    SINGLE_VALUE,
    SINGLE_VALUE,
    SINGLE_VALUE,
    obj({"slides": req(st.lists(slide(), max_size=2)), "theme": opt(THEME)}),
    st.lists(slide(), max_size=2),
    JUNK,
)


def model_accepts(document: Any) -> bool:
    try:
        parse_data(json.dumps(document))
    except DataError:
        return False
    return True


def test_the_schema_is_a_valid_2020_12_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def one_kind(value: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return value.map(lambda v: [{"template": 1, "k": v}])


KINDS = {
    "documents": DOCUMENT,
    "text and lists": one_kind(st.one_of(TEXT_OBJ, LIST)),
    "tables": one_kind(TABLE),
    "databars": one_kind(
        obj(
            {
                "type": req(const("table")),
                "rows": req(
                    st.lists(
                        st.lists(obj({"value": req(TEXT), "databar": req(DATABAR)}), min_size=1, max_size=2),
                        min_size=1,
                        max_size=2,
                    )
                ),
            }
        )
    ),
    "list levels": one_kind(
        obj(
            {
                "type": req(const("list")),
                "values": req(
                    st.lists(obj({"value": req(TEXT), "level": req(INTEGER)}), min_size=1, max_size=2)
                ),
            }
        )
    ),
    "charts": one_kind(CHART),
    "scatter charts": one_kind(SCATTER),
    "images and videos": one_kind(st.one_of(IMAGE, VIDEO)),
    "themes and deletes": st.one_of(obj({"slides": req(st.just([])), "theme": req(THEME)}), one_kind(DELETE)),
}


@pytest.mark.parametrize("kind", list(KINDS))
def test_schema_and_models_agree_on_generated_documents(kind: str) -> None:
    outcomes: Counter[bool] = Counter()

    @settings(max_examples=200, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
    @given(KINDS[kind])
    def agree(document: Any) -> None:
        by_schema = VALIDATOR.is_valid(document)
        by_models = model_accepts(document)
        errors = [e.message for e in VALIDATOR.iter_errors(document)][:3]
        assert by_schema == by_models, (
            f"schema {by_schema}, models {by_models}: {json.dumps(document)} {errors}"
        )
        outcomes[by_models] += 1

    agree()
    # Both verdicts must be well represented, or the agreement proves little.
    assert outcomes[True] >= 10, outcomes
    assert outcomes[False] >= 10, outcomes


@pytest.mark.parametrize(
    ("document", "valid"),
    [
        (
            [
                {
                    "template": 1,
                    "c": {
                        "type": "chart",
                        "labels": ["a"],
                        "date_labels": [1],
                        "axis1": {"series": {"s": {"values": [1]}}},
                    },
                }
            ],
            False,
        ),
        ([{"template": 1, "c": {"type": "chart", "axis1": {"series": {"s": {"values": [1]}}}}}], False),
        (
            [
                {
                    "template": 1,
                    "c": {
                        "type": "chart",
                        "date_labels": [1],
                        "axis1": {"series": {"s": {"values": [None]}}},
                    },
                }
            ],
            True,
        ),
        ([{"template": 1, "v": {"type": "video", "src": "a.mp4"}}], False),
        ([{"template": 1, "v": {"type": "video", "src": "a.mp4", "thumbnail": None}}], False),
        ([{"template": 1, "v": {"type": "video", "src": "a.mp4", "thumbnail": "a.png"}}], True),
        ([{"template": 1, "v": {"type": "video", "src": "https://youtu.be/x"}}], True),
        ({"slides": [], "theme": {"colors": {"accent1": "accent2"}}}, False),
        ({"slides": [], "theme": {"colors": {"accent1": "", "dk1": None}}}, True),
        ([{"template": 1, "d": {"delete": True}}], True),
        ([{"template": 1, "d": {"delete": 1}}], False),
    ],
)
def test_cross_field_rules_are_in_the_schema(document: Any, valid: bool) -> None:
    assert VALIDATOR.is_valid(document) is valid
    assert model_accepts(document) is valid


def test_schema_lists_every_named_and_theme_color() -> None:
    from deckkit.model import NAMED_COLORS, THEME_COLOR_NAMES

    color = SCHEMA["$defs"]["Color"]["anyOf"]
    assert color[1]["enum"] == list(THEME_COLOR_NAMES)
    assert color[2]["enum"] == list(NAMED_COLORS)


def _value(value: Any) -> list[dict[str, Any]]:
    return [{"template": 1, "k": value}]


def _font(size: Any) -> Any:
    return _value({"value": "x", "styles": {"font": {"size": size}}})


def _ratio(ratio: Any) -> Any:
    return _value({"type": "table", "rows": [[{"value": "", "databar": {"ratio": ratio, "color": "red"}}]]})


def _level(level: Any) -> Any:
    return _value({"type": "list", "values": [{"value": "x", "level": level}]})


def _point(point: Any) -> Any:
    return _value({"type": "scatter-chart", "axis1": {"series": {"s": {"name": "S", "values": [point]}}}})


def _series(series: Any) -> Any:
    return _value({"type": "chart", "labels": ["a"], "axis1": {"series": series}})


def _slot(color: Any) -> Any:
    return {"slides": [], "theme": {"colors": {"accent1": color}}}


_ONE_PIXEL_PNG = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg=="
)

BOUNDARY_CASES = [
    (_font(1), True),
    (_font(4000), True),
    (_font(0.99), False),
    (_font(4000.01), False),
    (_font(0), False),
    (_ratio(0), True),
    (_ratio(1), True),
    (_ratio(1.0001), False),
    (_ratio(-0.0001), False),
    (_ratio(1.4), False),
    (_level(0), True),
    (_level(8), True),
    (_level(8.0), True),
    (_level(9), False),
    (_level(-1), False),
    (_point([1, 2]), True),
    (_point([1]), False),
    (_point([1, 2, 3]), False),
    (_point([]), False),
    (_point([True, 1]), False),
    (_series({"s": {"values": []}}), True),
    (_series({}), False),
    (_series({"s": {"values": [None, 1.5]}}), True),
    (_slot("red"), True),
    (_slot("F00"), True),
    (_slot(""), True),
    (_slot(None), True),
    (_slot("accent1"), False),
    (_slot("dk1"), False),
    (_slot("Red"), False),
    ([{"template": 1}], True),
    ([{"template": 1.0}], True),
    ([{"template": 0}], False),
    ([{"template": True}], False),
    (
        _value(
            {
                "type": "chart",
                "labels": ["a"],
                "labels_interval": 1,
                "axis1": {"series": {"s": {"values": []}}},
            }
        ),
        True,
    ),
    (
        _value(
            {
                "type": "chart",
                "labels": ["a"],
                "labels_interval": 0,
                "axis1": {"series": {"s": {"values": []}}},
            }
        ),
        False,
    ),
    (
        _value(
            {
                "type": "chart",
                "labels": ["a"],
                "axis1": {"series": {"s": {"values": []}}, "major_unit": 0.001},
            }
        ),
        True,
    ),
    (
        _value(
            {"type": "chart", "labels": ["a"], "axis1": {"series": {"s": {"values": []}}, "major_unit": 0}}
        ),
        False,
    ),
    (_value({"type": "image", "src": "a.PNG"}), True),
    (_value({"type": "image", "src": "a.png.bmp"}), False),
    (_value({"type": "image", "src": "..a.png"}), True),
    (_value({"type": "image", "src": "a/../b.png"}), False),
    (_value({"value": "x", "hyperlink": "HTTPS:b"}), True),
    (_value({"value": "x", "hyperlink": "mailto:a@b"}), True),
    (_value({"value": "x", "hyperlink": "https: b"}), False),
    (_value({"value": "x", "hyperlink": "a:b"}), False),
    (_value({"value": "x", "hyperlink": "javascript:alert(1)"}), False),
    (_value({"value": "x", "hyperlink": "file:///etc/passwd"}), False),
    (_value({"type": "image", "src": "data:image/png;base64," + _ONE_PIXEL_PNG}), True),
    (_value({"type": "image", "src": "DATA:Image/GIF;base64,R0lGODlhAQABAAAAACw="}), True),
    (_value({"type": "image", "src": "data:image/bmp;base64,Qk0AAAAA"}), False),
    (_value({"type": "image", "src": "data:text/plain;base64,aGk="}), False),
    (_value({"type": "image", "src": "data:image/png"}), False),
    (_value({"type": "video", "src": "a.mp4", "thumbnail": "data:image/png;base64," + _ONE_PIXEL_PNG}), True),
    (_value({"type": "video", "src": "a.mp4", "thumbnail": "data:video/mp4;base64,AAAA"}), False),
    (_value({"value": 0.25, "format": "0.0%"}), True),
    (_value({"value": ["a ", {"text": "b", "font": {"bold": True}, "hyperlink": "https://x.y"}]}), True),
    (_value({"value": [{"text": "b", "font": {"bold": 1}}]}), False),
    (_value({"value": [{"font": {"bold": True}}]}), False),
    (_value({"value": [5]}), False),
    (_value({"type": "table", "rows": [[{"value": ["a", {"text": "b"}]}]]}), True),
    (_value({"value": 0.25}), True),
    (_value({"value": 0.25, "format": None}), True),
    (_value({"value": True, "format": "0"}), False),
    (_value({"type": "table", "rows": [["a", 1.5, {"value": 2, "format": "0.0"}]]}), True),
    (_value({"type": "table", "rows": [[True]]}), False),
    (_value({"type": "table", "rows": [["a"]], "column_formats": ["0%", None]}), True),
    (_value({"type": "table", "rows": [["a"]], "column_formats": [1]}), False),
    (_value({"type": "text", "value": "x"}), True),
    (_value({"type": None, "value": "x"}), False),
    (_value({"type": "table", "rows": [[], ["a"]]}), True),
    (_value({"type": "table", "rows": [[]]}), False),
]


@pytest.mark.parametrize(
    ("document", "valid"), BOUNDARY_CASES, ids=[json.dumps(d)[:70] for d, _ in BOUNDARY_CASES]
)
def test_schema_and_models_agree_at_the_boundaries(document: Any, valid: bool) -> None:
    assert VALIDATOR.is_valid(document) is valid
    assert model_accepts(document) is valid
