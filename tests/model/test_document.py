"""The data.json root, slides and theme: both root forms, free keys, the theme's twelve slots."""

from __future__ import annotations

import json
from typing import Any

import pytest

from deckkit.errors import DataError
from deckkit.model import DeckData, Slide, Text, ThemeColors, parse_data
from deckkit.model.colors import THEME_COLOR_NAMES
from tests.model.helpers import problems

THEME_SLOTS = list(THEME_COLOR_NAMES)  # pinned to the interface by test_colors


def test_current_form_reads_slides_and_theme() -> None:
    deck = parse_data(
        {"slides": [{"template": 2, "title": "x"}], "theme": {"colors": {"accent1": "#112233"}}}
    )
    assert deck.slides[0].template == 2
    assert deck.slides[0]["title"] == "x"
    assert deck.theme is not None
    assert deck.theme.colors is not None
    assert deck.theme.colors.accent1 == "#112233"


def test_legacy_bare_array_is_read_and_the_current_form_written() -> None:
    deck = parse_data([{"template": 1, "title": "x"}, {"template": 1}])
    assert len(deck.slides) == 2
    assert deck.to_json_dict() == {"slides": [{"template": 1, "title": "x"}, {"template": 1}]}


def test_json_text_and_bytes_are_parsed() -> None:
    text = json.dumps({"slides": [{"template": 1, "título": "ñ"}]}, ensure_ascii=False)
    assert parse_data(text).slides[0]["título"] == "ñ"
    assert parse_data(text.encode("utf-8")).slides[0]["título"] == "ñ"


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (
            "{",
            "data.json is not valid JSON: Expecting property name enclosed in double quotes at line 1 column 2",
        ),
        # Python's json module writes NaN and Infinity: read, then refused where they do not fit.
        ('[{"template": 1, "a": NaN}]', "slides[0].a: must be a string or an element object"),
        (
            '[{"template": 1, "a": {"type": "chart", "labels": ["x"], "axis1": {"series": {"s": {"values": [1]}}, "bounds": {"minimum": Infinity}}}}]',
            "slides[0].a.axis1.bounds.minimum: must be a finite number, got inf",
        ),
        (b"\x80\x81", "data.json"),
        ("5", 'data.json must be an object with "slides" (or an array of slides), got 5'),
        ('"slides"', "data.json must be an object"),
        ("{}", "slides: is required"),
        ('{"slides": {}}', "slides: must be an array, got object"),
        ('{"slides": [], "themes": {}}', 'themes: unknown field, did you mean "theme"?'),
        ('{"slides": [5]}', "slides[0]: must be an object, got number 5"),
    ],
)
def test_bad_roots_are_reported(source: str | bytes, expected: str) -> None:
    with pytest.raises(DataError) as caught:
        parse_data(source)
    assert any(expected in str(p) for p in caught.value.problems), caught.value.problems


def test_empty_deck_is_valid() -> None:
    assert parse_data({"slides": []}).slides == []


@pytest.mark.parametrize(
    ("template", "expected"),
    [
        (None, "slides[0].template: must be a whole number, got null"),
        (0, "slides[0].template: must be at least 1, got 0"),
        (-3, "slides[0].template: must be at least 1, got -3"),
        ("1", 'slides[0].template: must be a whole number, got string "1"'),
        (1.5, "slides[0].template: must be a whole number, got number 1.5"),
        (True, "slides[0].template: must be a whole number, got boolean"),
    ],
)
def test_template_must_be_a_whole_number_from_1(template: Any, expected: str) -> None:
    assert expected in problems([{"template": template}])


def test_template_is_required() -> None:
    assert problems([{"title": "x"}]) == ["slides[0].template: is required"]


def test_template_written_as_a_float_is_a_whole_number() -> None:
    assert parse_data([{"template": 3.0}]).slides[0].template == 3


@pytest.mark.parametrize("key", ["q3-sales", "Sales table", "título", "a.b", "values", "123", "", "{x}"])
def test_slide_keys_are_free_strings(key: str) -> None:
    deck = parse_data([{"template": 1, key: {"value": "v"}}])
    assert deck.slides[0].values == {key: Text(value="v")}
    assert deck.to_json_dict()["slides"][0] == {"template": 1, key: {"type": "text", "value": "v"}}


def test_non_identifier_keys_are_quoted_in_paths() -> None:
    assert problems([{"template": 1, "q3-sales": 5}])[0].startswith('slides[0]["q3-sales"]: must be a string')


def test_slide_from_python_takes_keywords_and_a_mapping() -> None:
    slide = Slide(2, {"q3-sales": "x", "values": "a key named values"}, title=Text(value="t"))
    assert slide.template == 2
    assert set(slide.values) == {"q3-sales", "values", "title"}
    assert Slide(template=3, values={"a": "b"}).model_dump() == {"template": 3, "a": "b"}


def test_slide_from_python_reports_problems_with_paths() -> None:
    with pytest.raises(DataError) as caught:
        Slide(0, {"q3-sales": 5})
    assert [str(p) for p in caught.value.problems] == [
        "template: must be at least 1, got 0",
        '["q3-sales"]: must be a string or an element object (text, table, list, chart, scatter-chart, image, video, or delete), got number 5',
    ]


def test_every_theme_slot_takes_a_hex_code_or_a_named_color() -> None:
    colors = {slot: ("#a1b2c3" if i % 2 else "dkBlue") for i, slot in enumerate(THEME_SLOTS)}
    theme = parse_data({"slides": [], "theme": {"colors": colors}}).theme
    assert theme is not None
    assert theme.colors is not None
    assert theme.colors.changed() == {
        slot: ("#A1B2C3" if i % 2 else "dkBlue") for i, slot in enumerate(THEME_SLOTS)
    }


def test_absent_empty_or_null_theme_slot_keeps_the_template_color() -> None:
    theme = parse_data({"slides": [], "theme": {"colors": {"lt1": "", "dk1": None, "accent1": "F00"}}}).theme
    assert theme is not None
    assert theme.colors is not None
    assert theme.colors.changed() == {"accent1": "#FF0000"}
    assert parse_data({"slides": [], "theme": {"colors": {"lt1": ""}}}).to_json_dict() == {
        "slides": [],
        "theme": {"colors": {}},
    }


@pytest.mark.parametrize("name", ["dk1", "accent3", "folHlink"])
def test_theme_color_names_are_not_theme_slot_values(name: str) -> None:
    assert problems({"slides": [], "theme": {"colors": {"accent1": name}}}) == [
        f'theme.colors.accent1: "{name}" is a theme color name; a theme slot takes a hex code or a named color'
    ]


def test_theme_rejects_unknown_slots_and_fields() -> None:
    found = problems({"slides": [], "theme": {"colors": {"accent7": "red"}, "fonts": {}}})
    assert 'theme.colors.accent7: unknown field, did you mean "accent6"?' in found
    assert any(p.startswith("theme.fonts: unknown field") for p in found)


def test_theme_colors_model_checks_python_values() -> None:
    with pytest.raises(DataError, match="accent1"):
        ThemeColors(accent1="darkBlue")


def test_round_trip_through_json_keeps_the_document() -> None:
    source = {
        "slides": [
            {
                "template": 1,
                "title": "Q3",
                "t": {
                    "type": "table",
                    "rows": [["a", {"value": "b", "databar": {"ratio": 0.5, "color": "#00FF00"}}]],
                    "horizontal_sizing": "fixed",
                    "vertical_sizing": "anchor_top",
                },
                "c": {"type": "chart", "labels": ["x"], "axis1": {"series": {"s": {"values": [None]}}}},
                "gone": {"delete": True},
            }
        ],
        "theme": {"colors": {"accent1": "#123456"}},
    }
    deck = parse_data(source)
    assert deck.to_json_dict() == source
    assert parse_data(json.dumps(deck.to_json_dict())) == deck
    assert isinstance(deck, DeckData)


def test_all_problems_are_reported_at_once_in_document_order() -> None:
    found = problems(
        {
            "slides": [
                {"template": 0, "a": {"type": "image", "src": "a.bmp"}},
                {
                    "template": 1,
                    "b": {
                        "type": "table",
                        "rows": [[{"value": "x", "databar": {"ratio": 2, "color": "bleu"}}]],
                    },
                },
            ],
            "theme": {"colors": {"dk1": "accent1"}},
        }
    )
    assert [p.split(":")[0] for p in found] == [
        "slides[0].template",
        "slides[0].a.src",
        "slides[1].b.rows[0][0].databar.ratio",
        "slides[1].b.rows[0][0].databar.color",
        "theme.colors.dk1",
    ]
    assert found[3] == 'slides[1].b.rows[0][0].databar.color: "bleu": unknown color, did you mean "blue"?'
