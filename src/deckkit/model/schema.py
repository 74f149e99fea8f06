"""The JSON Schema (draft 2020-12) of data.json, as ``deckkit schema`` prints it.

Written by hand from the same constants and patterns the models use (enums, colour names,
ranges, path and URL patterns), so that schema and models accept and reject the same documents;
``tests/model/test_schema.py`` (``test_schema_and_models_agree_on_generated_documents``) proves it on hundreds of generated documents. The two
rules that tie fields together are stated too: ``labels`` xor ``date_labels`` (``oneOf``) and a
thumbnail for a local video (``if``/``then``). ``null`` for an optional field means "not given".
"""

from __future__ import annotations

from typing import Any

from deckkit.model.colors import NAMED_COLORS, THEME_COLOR_NAMES
from deckkit.model.document import THEME_SLOTS
from deckkit.model.limits import MAX_SLIDES
from deckkit.model.patterns import (
    HEX_COLOR_PATTERN,
    HYPERLINK_PATTERN,
    IMAGE_DATA_URI_PATTERN,
    IMAGE_PATH_PATTERN,
    TEMPLATE_REF_PATTERN,
    VIDEO_PATH_PATTERN,
    VIDEO_URL_PATTERN,
    XML_TEXT_PATTERN,
)
from deckkit.model.styles import FONT_SIZE_RANGE
from deckkit.model.text import LEVEL_RANGE

__all__ = ["SCHEMA_ID", "data_json_schema"]

SCHEMA_ID = "urn:deckkit:data.json"

Schema = dict[str, Any]

_STRING: Schema = {"type": "string", "pattern": XML_TEXT_PATTERN}
_NUMBER: Schema = {"type": "number"}
# An Excel format code; which codes are supported the models check (docs/data-format.md#formats).
_FORMAT_CODE: Schema = {
    "type": "string",
    "description": "An Excel number or date format code: 0.0%, #,##0, mmm yyyy",
}
_FORMATTABLE: Schema = {
    "anyOf": [
        _STRING,
        _NUMBER,
        {
            "type": "array",
            "items": {"anyOf": [_STRING, {"$ref": "#/$defs/TextRun"}]},
            "description": "Rich text: runs shown one after the other, each with its own font and link.",
        },
    ]
}
_BOOLEAN: Schema = {"type": "boolean"}
_POSITIVE_NUMBER: Schema = {"type": "number", "exclusiveMinimum": 0}
_POSITIVE_INTEGER: Schema = {"type": "integer", "minimum": 1}


def _ref(name: str) -> Schema:
    return {"$ref": f"#/$defs/{name}"}


def _nullable(schema: Schema) -> Schema:
    return {"anyOf": [schema, {"type": "null"}]}


def _enum(*values: str) -> Schema:
    return {"enum": list(values)}


def _object(
    description: str, required: dict[str, Schema], optional: dict[str, Schema] | None = None, **extra: Any
) -> Schema:
    """A closed object; optional fields also take null (the same as leaving them out), except ``type``."""
    properties = dict(required)
    for name, schema in (optional or {}).items():
        properties[name] = schema if name == "type" else _nullable(schema)
    return {
        "type": "object",
        "description": description,
        "properties": properties,
        "required": list(required),
        "additionalProperties": False,
        **extra,
    }


def _array(items: Schema, **extra: Any) -> Schema:
    return {"type": "array", "items": items, **extra}


_HEX: Schema = {"type": "string", "pattern": HEX_COLOR_PATTERN}

_DEFS: dict[str, Schema] = {
    "Color": {
        "description": "A hex code (# optional, 3 or 6 digits, any case), a theme color name, or a named color.",
        "anyOf": [_HEX, _enum(*THEME_COLOR_NAMES), _enum(*NAMED_COLORS)],
    },
    "RemovableColor": {
        "description": 'A color, or "" to remove the fill or outline.',
        "anyOf": [{"const": ""}, _ref("Color")],
    },
    "ThemeSlotColor": {
        "description": 'A hex code or a named color (no theme color name); "" or null keeps the template color.',
        "anyOf": [_HEX, _enum(*NAMED_COLORS), {"const": ""}, {"type": "null"}],
    },
    "FontStyles": _object(
        "How inserted text looks; unset fields keep the template's formatting.",
        {},
        {
            "typeface": _STRING,
            "size": {"type": "number", "minimum": FONT_SIZE_RANGE[0], "maximum": FONT_SIZE_RANGE[1]},
            "color": _ref("Color"),
            "underline": _BOOLEAN,
            "bold": _BOOLEAN,
            "italic": _BOOLEAN,
            "strike": _BOOLEAN,
        },
    ),
    "ShapeStyles": _object(
        "The containing shape or table cell.",
        {},
        {
            "outline": _ref("RemovableColor"),
            "fill": _ref("RemovableColor"),
            "align": _enum("left", "center", "right", "justified", "distributed"),
            "vertical_align": _enum("top", "center", "bottom"),
        },
    ),
    "Styles": _object(
        "font: the inserted text; shape: its shape or cell.",
        {},
        {"font": _ref("FontStyles"), "shape": _ref("ShapeStyles")},
    ),
    "Text": _object(
        "Text replacing {key}; type may be left out. A number (or an ISO date) value is shown "
        "under format, an Excel format code (General when none).",
        {"value": _FORMATTABLE},
        {
            "type": {"const": "text"},
            "format": _FORMAT_CODE,
            "styles": _ref("Styles"),
            "hyperlink": {"type": "string", "pattern": HYPERLINK_PATTERN},
            "level": {"type": "integer", "minimum": LEVEL_RANGE[0], "maximum": LEVEL_RANGE[1]},
        },
    ),
    "TextRun": _object(
        "One run of rich text: font styles over the value's, and its own hyperlink.",
        {"text": _STRING},
        {"font": _ref("FontStyles"), "hyperlink": {"type": "string", "pattern": HYPERLINK_PATTERN}},
    ),
    "Databar": _object(
        "A bar inside a table cell, ratio of its width.",
        {"ratio": {"type": "number", "minimum": 0, "maximum": 1}, "color": _ref("Color")},
    ),
    "TableCell": _object(
        "A table cell given as an object; a number (or an ISO date) value is shown under format.",
        {"value": _FORMATTABLE},
        # type: the interface calls a cell object a Text object; null is "not given" here (no union tag).
        {
            "type": _nullable({"const": "text"}),
            "format": _FORMAT_CODE,
            "styles": _ref("Styles"),
            "databar": _ref("Databar"),
        },
    ),
    "Table": _object(
        "Rows of cells (header included) for the table whose alt text is the key; short rows are padded.",
        {
            "type": {"const": "table"},
            "rows": _array(
                _array({"anyOf": [_STRING, _NUMBER, _ref("TableCell")]}),
                contains={"type": "array", "minItems": 1},
            ),
        },
        {
            "column_formats": _array(
                {"anyOf": [_FORMAT_CODE, {"type": "null"}]},
                description="Per column, the format of its numbers and dates that have none of their own.",
            ),
            "horizontal_sizing": _enum("fixed", "anchor_left", "anchor_right"),
            "vertical_sizing": _enum("fixed", "anchor_top", "anchor_bottom"),
        },
    ),
    "List": _object(
        "Items replacing the paragraph that holds {key}.",
        {"type": {"const": "list"}, "values": _array({"anyOf": [_STRING, _ref("Text")]})},
    ),
    "Bounds": _object("Displayed range of a value axis.", {}, {"minimum": _NUMBER, "maximum": _NUMBER}),
    "DataPointStyles": _array(
        {"anyOf": [_ref("Styles"), {"type": "null"}]},
        description="Per point, in values order; null keeps a point's style.",
    ),
    "ChartSeries": _object(
        "One series; null values are gaps.",
        {"values": _array({"type": ["number", "null"]})},
        {"name": _STRING, "styles": _ref("Styles"), "data_point_styles": _ref("DataPointStyles")},
    ),
    "ChartAxis": _object(
        "Series on one value axis: a key naming a template series overwrites it, others are added.",
        {"series": {"type": "object", "additionalProperties": _ref("ChartSeries"), "minProperties": 1}},
        {"bounds": _ref("Bounds"), "format": _STRING, "major_unit": _POSITIVE_NUMBER},
    ),
    "Chart": _object(
        "Data for the category chart whose alt text is the key: labels or date_labels, not both.",
        {"type": {"const": "chart"}, "axis1": _ref("ChartAxis")},
        {
            "labels": _array(_STRING),
            "labels_interval": _POSITIVE_INTEGER,
            "date_labels": _array({"type": "integer"}),
            "date_labels_format": _STRING,
            "date_labels_major_unit": _POSITIVE_INTEGER,
            "date_labels_major_time_unit": _enum("days", "months", "years"),
            "axis2": _ref("ChartAxis"),
        },
        oneOf=[
            {"required": ["labels"], "properties": {"labels": {"type": "array"}}},
            {"required": ["date_labels"], "properties": {"date_labels": {"type": "array"}}},
        ],
    ),
    "ScatterSeries": _object(
        "One scatter series of [x, y] points.",
        {
            "name": _STRING,
            "values": _array(
                {"type": "array", "prefixItems": [_NUMBER, _NUMBER], "minItems": 2, "maxItems": 2}
            ),
        },
        {"styles": _ref("Styles"), "data_point_styles": _ref("DataPointStyles")},
    ),
    "ScatterAxis": _object(
        "Scatter series on one axis pair.",
        {"series": {"type": "object", "additionalProperties": _ref("ScatterSeries"), "minProperties": 1}},
        {
            "x_bounds": _ref("Bounds"),
            "y_bounds": _ref("Bounds"),
            "x_format": _STRING,
            "y_format": _STRING,
            "x_major_unit": _POSITIVE_NUMBER,
            "y_major_unit": _POSITIVE_NUMBER,
        },
    ),
    "ScatterChart": _object(
        "Data for the scatter chart whose alt text is the key (scatter_chart is read too).",
        {"type": _enum("scatter-chart", "scatter_chart"), "axis1": _ref("ScatterAxis")},
        {"axis2": _ref("ScatterAxis")},
    ),
    "Image": _object(
        "A png, jpg, jpeg or gif of the zip (path relative to data.json's folder), or a "
        "data:image/png;base64,... URI holding the picture itself.",
        {
            "type": {"const": "image"},
            "src": {
                "anyOf": [
                    {"type": "string", "pattern": IMAGE_PATH_PATTERN},
                    {"type": "string", "pattern": IMAGE_DATA_URI_PATTERN},
                ]
            },
        },
        {"scaling": _enum("none", "contain", "cover"), "overflow": _enum("visible", "hidden")},
    ),
    "Video": _object(
        "An mp4, m4v or mov of the zip (with a thumbnail), or an https URL of a video site.",
        {
            "type": {"const": "video"},
            "src": {
                "anyOf": [
                    {"type": "string", "pattern": VIDEO_PATH_PATTERN},
                    {"type": "string", "pattern": VIDEO_URL_PATTERN},
                ]
            },
        },
        {
            "thumbnail": {
                "anyOf": [
                    {"type": "string", "pattern": IMAGE_PATH_PATTERN},
                    {"type": "string", "pattern": IMAGE_DATA_URI_PATTERN},
                ]
            },
            "scaling": _enum("contain", "cover"),
        },
        **{
            "if": {"properties": {"src": {"type": "string", "pattern": VIDEO_URL_PATTERN}}},
            "else": {"required": ["thumbnail"], "properties": {"thumbnail": {"type": "string"}}},
        },
    ),
    "Delete": _object("Removes the element that holds the key.", {"delete": {"const": True}}),
    "SlideValue": {
        "description": "A string replacing {key}, or an element.",
        "anyOf": [
            _STRING,
            *(
                _ref(name)
                for name in ("Text", "Table", "List", "Chart", "ScatterChart", "Image", "Video", "Delete")
            ),
        ],
    },
    "Slide": {
        "type": "object",
        "description": "One output slide: template (from 1) and a value for each placeholder key.",
        "properties": {
            "template": {
                "description": (
                    "The template slide: its number in template.pptx (from 1), or another template "
                    'of the zip and a slide number, "templates/appendix.pptx#3".'
                ),
                "anyOf": [
                    {"type": "integer", "minimum": 1},
                    {"type": "string", "pattern": TEMPLATE_REF_PATTERN},
                ],
            }
        },
        "required": ["template"],
        "additionalProperties": _ref("SlideValue"),
    },
    "ThemeColors": _object(
        "The twelve theme color slots.", {}, {slot: _ref("ThemeSlotColor") for slot in THEME_SLOTS}
    ),
    "Theme": _object("Presentation-wide settings.", {}, {"colors": _ref("ThemeColors")}),
}


def data_json_schema() -> Schema:
    """The JSON Schema of data.json: the current object form, or the legacy bare array of slides."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "deckkit data.json",
        "description": "Data that fills a template.pptx: slides (and an optional theme), or a bare array of slides.",
        "anyOf": [
            _object(
                "The current form.",
                {"slides": _array(_ref("Slide"), maxItems=MAX_SLIDES)},
                {"theme": _ref("Theme")},
            ),
            _array(
                _ref("Slide"), maxItems=MAX_SLIDES, description="The legacy form: a bare array of slides."
            ),
        ],
        "$defs": {name: dict(schema) for name, schema in _DEFS.items()},
    }
