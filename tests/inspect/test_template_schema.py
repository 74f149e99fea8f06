"""Template.json_schema() / deckkit inspect --schema: keys and kinds per slide, for editors."""

from __future__ import annotations

import json

import jsonschema
import pytest

from deckkit import examples
from deckkit.cli import main


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    schema = examples.template_info().json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_the_skeleton_is_valid(validator: jsonschema.Draft202012Validator) -> None:
    assert validator.is_valid(examples.template_info().skeleton())


@pytest.mark.parametrize(
    "slide",
    [
        {"template": 9},  # no such slide
        {"template": 1, "titel": "typo"},  # a key the slide lacks
        {"template": 5, "plot": "chart.png"},  # a picture takes an image, not a string
        {
            "template": 2,
            "sales": {"type": "chart", "labels": ["a"], "axis1": {"series": {"s": {"values": [1]}}}},
        },
    ],
)
def test_mistakes_are_invalid(validator: jsonschema.Draft202012Validator, slide: dict[str, object]) -> None:
    assert not validator.is_valid({"slides": [slide]})


def test_a_typo_is_reported_as_itself(validator: jsonschema.Draft202012Validator) -> None:
    from jsonschema.exceptions import best_match

    error = best_match(validator.iter_errors({"slides": [{"template": 1, "titel": "Q3"}]}))
    assert error is not None
    assert error.message == "Additional properties are not allowed ('titel' was unexpected)"


def test_right_kinds_are_valid(validator: jsonschema.Draft202012Validator) -> None:
    data = {
        "slides": [
            {
                "template": 5,
                "plot": {"type": "image", "src": "a.png"},
                "heading": {"type": "list", "values": ["a"]},
            },
            {"template": 2, "sales": {"delete": True}},
        ]
    }
    assert validator.is_valid(data)


def test_cli_prints_the_schema_and_the_python(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["inspect", "--schema", str(examples.template())]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["$defs"]["Slide"]["allOf"][1]["then"]["properties"]["sales"]["anyOf"][0] == {
        "$ref": "#/$defs/Table"
    }
    assert main(["inspect", "--python", str(examples.template())]) == 0
    assert "Table.from_dataframe(sales)" in capsys.readouterr().out


def test_a_slide_of_another_template_is_valid_with_any_elements(
    validator: jsonschema.Draft202012Validator,
) -> None:
    # This template does not describe the other's keys: any element goes, and the render checks them.
    slide = {
        "template": "templates/appendix.pptx#3",
        "heading": "Appendix",
        "sales": {"type": "table", "rows": [["a"]]},
    }
    assert validator.is_valid({"slides": [{"template": 1}, slide]})


@pytest.mark.parametrize(
    "slide",
    [
        {"template": "templates/appendix.pptx"},  # no slide number
        {"template": "templates/appendix.pptx#0"},
        {"template": "appendix.pptx#3", "logo": 12},  # not an element
    ],
)
def test_a_malformed_slide_of_another_template_is_invalid(
    validator: jsonschema.Draft202012Validator, slide: dict[str, object]
) -> None:
    assert not validator.is_valid({"slides": [slide]})
