"""Every element type, field and rule of the data format: valid examples parse, invalid ones say why and where."""

from __future__ import annotations

from typing import Any

import pytest

from deckkit.model import (
    Chart,
    Delete,
    Image,
    List,
    ScatterChart,
    Table,
    TableCell,
    Text,
    Video,
    element_kind,
)
from tests.model.helpers import accepts, value_problems

FULL_STYLES = {
    "font": {
        "typeface": "Arial",
        "size": 12.5,
        "color": "#f6ad5c",
        "underline": True,
        "bold": True,
        "italic": False,
        "strike": False,
    },
    "shape": {"outline": "", "fill": "accent1", "align": "justified", "vertical_align": "bottom"},
}
SERIES = {"s1": {"values": [1, 2.5]}}

VALID: list[tuple[str, Any, type]] = [
    ("string", "Q3 review", str),
    ("text without type", {"value": "x", "styles": {"font": {"bold": True}}}, Text),
    (
        "text, every field",
        {
            "type": "text",
            "value": "x",
            "styles": FULL_STYLES,
            "hyperlink": "https://a.example/b?c=1",
            "level": 3,
        },
        Text,
    ),
    ("text, mailto link", {"value": "mail us", "hyperlink": "mailto:team@example.com"}, Text),
    ("text, empty value", {"value": ""}, Text),
    (
        "text, every alignment",
        {"value": "x", "styles": {"shape": {"align": "distributed", "vertical_align": "center"}}},
        Text,
    ),
    ("table of strings", {"type": "table", "rows": [["a", "b"], ["c", "d"]]}, Table),
    (
        "table, mixed cells",
        {
            "type": "table",
            "rows": [
                ["a", {"value": "b", "styles": FULL_STYLES}],
                [{"value": "c", "databar": {"ratio": 0.0, "color": "red"}}, "d"],
            ],
        },
        Table,
    ),
    ("table, ragged rows", {"type": "table", "rows": [["a"], ["b", "c", "d"], []]}, Table),
    (
        "table, databar ratio 1.0",
        {"type": "table", "rows": [[{"value": "", "databar": {"ratio": 1, "color": "F00"}}]]},
        Table,
    ),
    (
        "table, sizing",
        {
            "type": "table",
            "rows": [["a"]],
            "horizontal_sizing": "anchor_right",
            "vertical_sizing": "anchor_bottom",
        },
        Table,
    ),
    (
        "table, fixed sizing",
        {"type": "table", "rows": [["a"]], "horizontal_sizing": "anchor_left", "vertical_sizing": "fixed"},
        Table,
    ),
    ("list of strings", {"type": "list", "values": ["a", "b"]}, List),
    (
        "list, mixed items and levels",
        {
            "type": "list",
            "values": [
                "a",
                {"value": "b", "level": 0},
                {"type": "text", "value": "c", "level": 8, "styles": {"font": {"color": "dkBlue"}}},
            ],
        },
        List,
    ),
    ("list, empty", {"type": "list", "values": []}, List),
    ("chart with labels", {"type": "chart", "labels": ["Q1", "Q2"], "axis1": {"series": SERIES}}, Chart),
    (
        "chart, every field",
        {
            "type": "chart",
            "labels": ["a", "b", "c"],
            "labels_interval": 3,
            "axis1": {
                "series": {
                    "Sales": {
                        "name": "Sales 2024",
                        "values": [1, None, 3.5],
                        "styles": {"shape": {"fill": "accent2", "outline": "black"}},
                        "data_point_styles": [None, {"shape": {"fill": "#123"}}],
                    }
                },
                "bounds": {"minimum": 0, "maximum": 10},
                "format": "0%",
                "major_unit": 2.5,
            },
            "axis2": {"series": {"Margin": {"values": [0.1, 0.2, 0.3]}}, "bounds": {"maximum": 1}},
        },
        Chart,
    ),
    (
        "chart with date labels",
        {
            "type": "chart",
            "date_labels": [45292, 45323],
            "date_labels_format": "yyyy/mm",
            "date_labels_major_unit": 1,
            "date_labels_major_time_unit": "months",
            "axis1": {"series": SERIES},
        },
        Chart,
    ),
    (
        "chart, date unit days",
        {
            "type": "chart",
            "date_labels": [1.0],
            "date_labels_major_time_unit": "days",
            "axis1": {"series": SERIES},
        },
        Chart,
    ),
    (
        "chart, date unit years",
        {
            "type": "chart",
            "date_labels": [1],
            "date_labels_major_time_unit": "years",
            "axis1": {"series": SERIES},
        },
        Chart,
    ),
    (
        "chart, all-null values",
        {"type": "chart", "labels": ["a"], "axis1": {"series": {"s": {"values": [None]}}}},
        Chart,
    ),
    (
        "scatter chart",
        {"type": "scatter-chart", "axis1": {"series": {"s": {"name": "S", "values": [[1, 2], [3.5, -4]]}}}},
        ScatterChart,
    ),
    (
        "scatter_chart spelling",
        {"type": "scatter_chart", "axis1": {"series": {"s": {"name": "S", "values": []}}}},
        ScatterChart,
    ),
    (
        "scatter chart, every field",
        {
            "type": "scatter-chart",
            "axis1": {
                "series": {
                    "s": {"name": "S", "values": [[0, 0]], "styles": FULL_STYLES, "data_point_styles": [None]}
                },
                "x_bounds": {"minimum": -1, "maximum": 1},
                "y_bounds": {"minimum": 0},
                "x_format": "0.0",
                "y_format": "#,##0",
                "x_major_unit": 0.5,
                "y_major_unit": 10,
            },
            "axis2": {"series": {"t": {"name": "T", "values": [[1, 1]]}}},
        },
        ScatterChart,
    ),
    ("image", {"type": "image", "src": "logo.png"}, Image),
    (
        "image in a folder, jpeg",
        {"type": "image", "src": "media/photos/a.jpeg", "scaling": "cover", "overflow": "hidden"},
        Image,
    ),
    (
        "image jpg contain",
        {"type": "image", "src": "a.JPG", "scaling": "contain", "overflow": "visible"},
        Image,
    ),
    ("image gif none", {"type": "image", "src": "a.gif", "scaling": "none"}, Image),
    ("local video", {"type": "video", "src": "clip.mp4", "thumbnail": "clip.png"}, Video),
    (
        "local m4v and mov",
        {"type": "video", "src": "v/clip.MOV", "thumbnail": "t.jpg", "scaling": "cover"},
        Video,
    ),
    ("m4v video", {"type": "video", "src": "clip.m4v", "thumbnail": "t.gif", "scaling": "contain"}, Video),
    ("youtube without thumbnail", {"type": "video", "src": "https://www.youtube.com/watch?v=abc"}, Video),
    (
        "youtu.be with thumbnail",
        {"type": "video", "src": "https://youtu.be/abc", "thumbnail": "poster.png"},
        Video,
    ),
    ("vimeo", {"type": "video", "src": "https://vimeo.com/123"}, Video),
    ("delete", {"delete": True}, Delete),
]


@pytest.mark.parametrize(("value", "kind"), [(v, k) for _, v, k in VALID], ids=[n for n, _, _ in VALID])
def test_valid_values_parse_to_their_element(value: Any, kind: type) -> None:
    parsed = accepts(value).slides[0].values["k"]
    assert type(parsed) is kind


INVALID: list[tuple[str, Any, str]] = [
    # text
    (
        "text run not a run",
        {"value": [5]},
        'slides[0].k.value[0]: must be a string or an object with "text", got number 5',
    ),
    (
        "text value a boolean",
        {"value": True},
        "slides[0].k.value: must be a string, a number or a list of runs, got boolean",
    ),
    (
        "text run without text",
        {"value": [{"font": {"bold": True}}]},
        "slides[0].k.value[0].text: is required",
    ),
    ("text run bad link", {"value": [{"text": "a", "hyperlink": "no"}]}, "slides[0].k.value[0].hyperlink:"),
    ("text without value", {"type": "text"}, "slides[0].k.value: is required"),
    (
        "text unknown field",
        {"value": "x", "colour": "red"},
        'slides[0].k.colour: unknown field, did you mean "color"?',
    ),
    ("text null type", {"type": None, "value": "x"}, "slides[0].k: unknown type null"),
    (
        "hyperlink not a URI",
        {"value": "x", "hyperlink": "example.com"},
        "slides[0].k.hyperlink: must be an absolute URI",
    ),
    (
        "javascript hyperlink",
        {"value": "x", "hyperlink": "javascript:alert(1)"},
        'slides[0].k.hyperlink: must be an http, https or mailto link, got "javascript:alert(1)": other '
        "links can run code or open local files on the computer of whoever opens the deck",
    ),
    (
        "file hyperlink",
        {"value": "x", "hyperlink": "file:///etc/passwd"},
        'slides[0].k.hyperlink: must be an http, https or mailto link, got "file:///etc/passwd"',
    ),
    ("level 9", {"value": "x", "level": 9}, "slides[0].k.level: must be between 0 and 8, got 9"),
    ("level -1", {"value": "x", "level": -1}, "slides[0].k.level: must be between 0 and 8, got -1"),
    ("level 1.5", {"value": "x", "level": 1.5}, "slides[0].k.level: must be a whole number, got number 1.5"),
    (
        "level string",
        {"value": "x", "level": "1"},
        'slides[0].k.level: must be a whole number, got string "1"',
    ),
    (
        "font size 0",
        {"value": "x", "styles": {"font": {"size": 0}}},
        "slides[0].k.styles.font.size: must be between 1.0 and 4000.0",
    ),
    (
        "font size huge",
        {"value": "x", "styles": {"font": {"size": 5000}}},
        "slides[0].k.styles.font.size: must be between 1.0 and 4000.0, got 5000.0",
    ),
    (
        "font size string",
        {"value": "x", "styles": {"font": {"size": "12"}}},
        'slides[0].k.styles.font.size: must be a number, got string "12"',
    ),
    (
        "font bold string",
        {"value": "x", "styles": {"font": {"bold": "yes"}}},
        'slides[0].k.styles.font.bold: must be true or false, got string "yes"',
    ),
    (
        "font underline string",
        {"value": "x", "styles": {"font": {"underline": "no"}}},
        'slides[0].k.styles.font.underline: must be true or false, got string "no"',
    ),
    (
        "font strike number",
        {"value": "x", "styles": {"font": {"strike": 0}}},
        "slides[0].k.styles.font.strike: must be true or false, got number 0",
    ),
    (
        "shape outline bad",
        {"value": "x", "styles": {"shape": {"outline": "none"}}},
        'slides[0].k.styles.shape.outline: "none": unknown color',
    ),
    (
        "text styles shape unknown",
        {"value": "x", "styles": {"shape": {"border": "red"}}},
        "slides[0].k.styles.shape.border: unknown field",
    ),
    (
        "chart date format number",
        {
            "type": "chart",
            "date_labels": [1],
            "date_labels_format": 5,
            "axis1": {"series": {"s": {"values": [1]}}},
        },
        "slides[0].k.date_labels_format: must be a string, got number 5",
    ),
    (
        "chart series styles bad",
        {
            "type": "chart",
            "labels": ["a"],
            "axis1": {"series": {"s": {"values": [1], "styles": {"shape": {"fill": "Blue"}}}}},
        },
        'slides[0].k.axis1.series.s.styles.shape.fill: "Blue": unknown color, did you mean "blue"?',
    ),
    (
        "scatter x_bounds bad",
        {
            "type": "scatter-chart",
            "axis1": {"series": {"s": {"name": "S", "values": []}}, "x_bounds": {"maximum": "9"}},
        },
        'slides[0].k.axis1.x_bounds.maximum: must be a number, got string "9"',
    ),
    (
        "scatter y_format number",
        {"type": "scatter-chart", "axis1": {"series": {"s": {"name": "S", "values": []}}, "y_format": 1}},
        "slides[0].k.axis1.y_format: must be a string, got number 1",
    ),
    (
        "scatter point styles bad",
        {
            "type": "scatter-chart",
            "axis1": {
                "series": {
                    "s": {"name": "S", "values": [[1, 2]], "data_point_styles": [{"font": {"size": -1}}]}
                }
            },
        },
        "slides[0].k.axis1.series.s.data_point_styles[0].font.size: must be between 1.0 and 4000.0",
    ),
    (
        "scatter axis2 without series",
        {"type": "scatter-chart", "axis1": {"series": {"s": {"name": "S", "values": []}}}, "axis2": {}},
        "slides[0].k.axis2.series: is required",
    ),
    (
        "font italic number",
        {"value": "x", "styles": {"font": {"italic": 1}}},
        "slides[0].k.styles.font.italic: must be true or false, got number 1",
    ),
    (
        "font typeface number",
        {"value": "x", "styles": {"font": {"typeface": 3}}},
        "slides[0].k.styles.font.typeface: must be a string",
    ),
    (
        "font color web name",
        {"value": "x", "styles": {"font": {"color": "darkBlue"}}},
        'slides[0].k.styles.font.color: "darkBlue": unknown color, did you mean "dkBlue"?',
    ),
    (
        "font color empty",
        {"value": "x", "styles": {"font": {"color": ""}}},
        'slides[0].k.styles.font.color: "": unknown color',
    ),
    (
        "shape fill bad",
        {"value": "x", "styles": {"shape": {"fill": "#12345"}}},
        'slides[0].k.styles.shape.fill: "#12345": not a hex color',
    ),
    (
        "shape align middle",
        {"value": "x", "styles": {"shape": {"align": "middle"}}},
        "slides[0].k.styles.shape.align: must be one of 'left', 'center', 'right', 'justified' or 'distributed', got \"middle\"",
    ),
    (
        "shape vertical_align left",
        {"value": "x", "styles": {"shape": {"vertical_align": "left"}}},
        "slides[0].k.styles.shape.vertical_align: must be one of 'top', 'center' or 'bottom'",
    ),
    (
        "styles unknown part",
        {"value": "x", "styles": {"fonts": {}}},
        'slides[0].k.styles.fonts: unknown field, did you mean "font"?',
    ),
    ("styles not an object", {"value": "x", "styles": "bold"}, "slides[0].k.styles: must be an object"),
    # table
    ("table without rows", {"type": "table"}, "slides[0].k.rows: is required"),
    (
        "table rows not array",
        {"type": "table", "rows": "a,b"},
        'slides[0].k.rows: must be an array, got string "a,b"',
    ),
    (
        "table no rows",
        {"type": "table", "rows": []},
        "slides[0].k.rows: a table needs at least one row with at least one cell",
    ),
    (
        "table only empty rows",
        {"type": "table", "rows": [[], []]},
        "slides[0].k.rows: a table needs at least one row",
    ),
    (
        "table row not array",
        {"type": "table", "rows": ["a"]},
        'slides[0].k.rows[0]: must be an array, got string "a"',
    ),
    (
        "table boolean cell",
        {"type": "table", "rows": [["a", True]]},
        'slides[0].k.rows[0][1]: must be a string or an object with "value", got boolean',
    ),
    (
        "table null cell",
        {"type": "table", "rows": [[None]]},
        'slides[0].k.rows[0][0]: must be a string or an object with "value", got null',
    ),
    (
        "cell without value",
        {"type": "table", "rows": [[{"styles": {}}]]},
        "slides[0].k.rows[0][0].value: is required",
    ),
    (
        "databar ratio 1.4",
        {
            "type": "table",
            "rows": [["a"], ["b", "c"], ["d", {"value": "e", "databar": {"ratio": 1.4, "color": "red"}}]],
        },
        "slides[0].k.rows[2][1].databar.ratio: must be between 0.0 and 1.0, got 1.4",
    ),
    (
        "databar ratio negative",
        {"type": "table", "rows": [[{"value": "e", "databar": {"ratio": -0.1, "color": "red"}}]]},
        "slides[0].k.rows[0][0].databar.ratio: must be between 0.0 and 1.0, got -0.1",
    ),
    (
        "databar without color",
        {"type": "table", "rows": [[{"value": "e", "databar": {"ratio": 0.5}}]]},
        "slides[0].k.rows[0][0].databar.color: is required",
    ),
    (
        "databar without ratio",
        {"type": "table", "rows": [[{"value": "e", "databar": {"color": "red"}}]]},
        "slides[0].k.rows[0][0].databar.ratio: is required",
    ),
    (
        "horizontal sizing wrong",
        {"type": "table", "rows": [["a"]], "horizontal_sizing": "anchor_top"},
        "slides[0].k.horizontal_sizing: must be one of 'fixed', 'anchor_left' or 'anchor_right', got \"anchor_top\"",
    ),
    (
        "vertical sizing wrong",
        {"type": "table", "rows": [["a"]], "vertical_sizing": "anchor_left"},
        "slides[0].k.vertical_sizing: must be one of 'fixed', 'anchor_top' or 'anchor_bottom'",
    ),
    # list
    (
        "list values not array",
        {"type": "list", "values": "a"},
        'slides[0].k.values: must be an array, got string "a"',
    ),
    ("list without values", {"type": "list"}, "slides[0].k.values: is required"),
    (
        "list item level 9",
        {"type": "list", "values": ["a", {"value": "b", "level": 9}]},
        "slides[0].k.values[1].level: must be between 0 and 8, got 9",
    ),
    (
        "list item number",
        {"type": "list", "values": [3]},
        'slides[0].k.values[0]: must be a string or an object with "value", got number 3',
    ),
    (
        "list item wrong type",
        {"type": "list", "values": [{"type": "image", "value": "x"}]},
        "slides[0].k.values[0].type: must be one of 'text'",
    ),
    # chart
    (
        "chart without labels",
        {"type": "chart", "axis1": {"series": SERIES}},
        'slides[0].k: needs "labels" (strings) or "date_labels"',
    ),
    (
        "chart with both labels",
        {"type": "chart", "labels": ["a"], "date_labels": [1], "axis1": {"series": SERIES}},
        'slides[0].k: give either "labels" or "date_labels", not both',
    ),
    ("chart without axis1", {"type": "chart", "labels": ["a"]}, "slides[0].k.axis1: is required"),
    (
        "chart axis without series",
        {"type": "chart", "labels": ["a"], "axis1": {}},
        "slides[0].k.axis1.series: is required",
    ),
    (
        "chart empty series",
        {"type": "chart", "labels": ["a"], "axis1": {"series": {}}},
        "slides[0].k.axis1.series: must not be empty",
    ),
    (
        "chart value string",
        {"type": "chart", "labels": ["a"], "axis1": {"series": {"s": {"values": ["1"]}}}},
        'slides[0].k.axis1.series.s.values[0]: must be a number, got string "1"',
    ),
    (
        "chart value boolean",
        {"type": "chart", "labels": ["a"], "axis1": {"series": {"s": {"values": [True]}}}},
        "slides[0].k.axis1.series.s.values[0]: must be a number, got boolean",
    ),
    (
        "chart series without values",
        {"type": "chart", "labels": ["a"], "axis1": {"series": {"s": {"name": "S"}}}},
        "slides[0].k.axis1.series.s.values: is required",
    ),
    (
        "chart series name number",
        {"type": "chart", "labels": ["a"], "axis1": {"series": {"s": {"name": 1, "values": []}}}},
        "slides[0].k.axis1.series.s.name: must be a string",
    ),
    (
        "chart label number",
        {"type": "chart", "labels": [2024], "axis1": {"series": SERIES}},
        "slides[0].k.labels[0]: must be a string, got number 2024",
    ),
    (
        "chart date label fraction",
        {"type": "chart", "date_labels": [1.5], "axis1": {"series": SERIES}},
        "slides[0].k.date_labels[0]: must be a whole number, got number 1.5",
    ),
    (
        "chart labels_interval 0",
        {"type": "chart", "labels": ["a"], "labels_interval": 0, "axis1": {"series": SERIES}},
        "slides[0].k.labels_interval: must be greater than 0, got 0",
    ),
    (
        "chart major unit 0",
        {"type": "chart", "labels": ["a"], "axis1": {"series": SERIES, "major_unit": 0}},
        "slides[0].k.axis1.major_unit: must be greater than 0",
    ),
    (
        "chart time unit weeks",
        {
            "type": "chart",
            "date_labels": [1],
            "date_labels_major_time_unit": "weeks",
            "axis1": {"series": SERIES},
        },
        "slides[0].k.date_labels_major_time_unit: must be one of 'days', 'months' or 'years', got \"weeks\"",
    ),
    (
        "chart date major unit 0",
        {"type": "chart", "date_labels": [1], "date_labels_major_unit": 0, "axis1": {"series": SERIES}},
        "slides[0].k.date_labels_major_unit: must be greater than 0",
    ),
    (
        "chart bounds string",
        {"type": "chart", "labels": ["a"], "axis1": {"series": SERIES, "bounds": {"minimum": "0"}}},
        'slides[0].k.axis1.bounds.minimum: must be a number, got string "0"',
    ),
    (
        "chart format number",
        {"type": "chart", "labels": ["a"], "axis1": {"series": SERIES, "format": 0}},
        "slides[0].k.axis1.format: must be a string",
    ),
    (
        "chart point style number",
        {
            "type": "chart",
            "labels": ["a"],
            "axis1": {"series": {"s": {"values": [1], "data_point_styles": [5]}}},
        },
        "slides[0].k.axis1.series.s.data_point_styles[0]: must be an object, got number 5",
    ),
    (
        "chart axis2 broken",
        {
            "type": "chart",
            "labels": ["a"],
            "axis1": {"series": SERIES},
            "axis2": {"series": {"m": {"values": "x"}}},
        },
        'slides[0].k.axis2.series.m.values: must be an array, got string "x"',
    ),
    # scatter
    (
        "scatter point of one",
        {"type": "scatter-chart", "axis1": {"series": {"s": {"name": "S", "values": [[1]]}}}},
        "slides[0].k.axis1.series.s.values[0]: must be a pair [x, y] of two numbers, got [1]",
    ),
    (
        "scatter point of three",
        {"type": "scatter-chart", "axis1": {"series": {"s": {"name": "S", "values": [[1, 2], [1, 2, 3]]}}}},
        "slides[0].k.axis1.series.s.values[1]: must be a pair [x, y] of two numbers, got [1, 2, 3]",
    ),
    (
        "scatter point a number",
        {"type": "scatter-chart", "axis1": {"series": {"s": {"name": "S", "values": [4]}}}},
        "slides[0].k.axis1.series.s.values[0]: must be a pair [x, y] of two numbers, got 4",
    ),
    (
        "scatter coordinate string",
        {"type": "scatter-chart", "axis1": {"series": {"s": {"name": "S", "values": [["a", 1]]}}}},
        'slides[0].k.axis1.series.s.values[0][0]: must be a number, got string "a"',
    ),
    (
        "scatter null coordinate",
        {"type": "scatter-chart", "axis1": {"series": {"s": {"name": "S", "values": [[1, None]]}}}},
        "slides[0].k.axis1.series.s.values[0][1]: must be a number, got null",
    ),
    (
        "scatter without name",
        {"type": "scatter-chart", "axis1": {"series": {"s": {"values": []}}}},
        "slides[0].k.axis1.series.s.name: is required",
    ),
    (
        "scatter x_major_unit negative",
        {
            "type": "scatter-chart",
            "axis1": {"series": {"s": {"name": "S", "values": []}}, "x_major_unit": -1},
        },
        "slides[0].k.axis1.x_major_unit: must be greater than 0",
    ),
    (
        "scatter chart labels",
        {"type": "scatter-chart", "labels": ["a"], "axis1": {"series": {"s": {"name": "S", "values": []}}}},
        "slides[0].k.labels: unknown field",
    ),
    (
        "scatter misspelt",
        {"type": "scatter", "axis1": {}},
        'slides[0].k: unknown type "scatter"; expected one of text, table, list, chart, scatter-chart, image, video; did you mean "scatter-chart"?',
    ),
    # image
    (
        "image bmp",
        {"type": "image", "src": "a.bmp"},
        'slides[0].k.src: "a.bmp": an image must be a png, jpg, jpeg or gif file',
    ),
    (
        "image no extension",
        {"type": "image", "src": "logo"},
        'slides[0].k.src: "logo": an image must be a png, jpg, jpeg or gif file',
    ),
    (
        "image absolute",
        {"type": "image", "src": "/etc/a.png"},
        'slides[0].k.src: "/etc/a.png": must be a relative path inside the zip',
    ),
    (
        "image parent",
        {"type": "image", "src": "media/../../a.png"},
        'slides[0].k.src: "media/../../a.png": must not contain ".."',
    ),
    (
        "image drive",
        {"type": "image", "src": "C:/a.png"},
        'slides[0].k.src: "C:/a.png": must be a relative path inside the zip, not a URL or drive',
    ),
    (
        "image backslash",
        {"type": "image", "src": "media\\a.png"},
        'slides[0].k.src: "media\\a.png": must use forward slashes',
    ),
    (
        "image url",
        {"type": "image", "src": "https://example.com/a.png"},
        "must be a relative path inside the zip, not a URL",
    ),
    ("image without src", {"type": "image"}, "slides[0].k.src: is required"),
    (
        "image scaling fill",
        {"type": "image", "src": "a.png", "scaling": "fill"},
        "slides[0].k.scaling: must be one of 'none', 'contain' or 'cover', got \"fill\"",
    ),
    (
        "image overflow clip",
        {"type": "image", "src": "a.png", "overflow": "clip"},
        "slides[0].k.overflow: must be one of 'visible' or 'hidden'",
    ),
    # video
    (
        "local video without thumbnail",
        {"type": "video", "src": "clip.mp4"},
        "slides[0].k: a local video needs a thumbnail",
    ),
    (
        "video thumbnail bmp",
        {"type": "video", "src": "clip.mp4", "thumbnail": "t.bmp"},
        'slides[0].k.thumbnail: "t.bmp": a thumbnail must be a png, jpg, jpeg or gif file',
    ),
    (
        "video avi",
        {"type": "video", "src": "clip.avi", "thumbnail": "t.png"},
        'slides[0].k.src: "clip.avi": a video must be a mp4, m4v or mov file',
    ),
    (
        "video over http",
        {"type": "video", "src": "http://www.youtube.com/watch?v=x"},
        'slides[0].k.src: "http://www.youtube.com/watch?v=x": only https URLs of video sites are accepted',
    ),
    (
        "video unknown site",
        {"type": "video", "src": "https://example.com/v.mp4", "thumbnail": "t.png"},
        "only https URLs of video sites are accepted",
    ),
    (
        "video look-alike site",
        {"type": "video", "src": "https://youtube.com.evil.example/v"},
        "only https URLs of video sites are accepted",
    ),
    (
        "video scaling none",
        {"type": "video", "src": "https://youtu.be/x", "scaling": "none"},
        "slides[0].k.scaling: must be one of 'contain' or 'cover', got \"none\"",
    ),
    (
        "video overflow",
        {"type": "video", "src": "https://youtu.be/x", "overflow": "hidden"},
        "slides[0].k.overflow: unknown field",
    ),
    # delete
    ("delete false", {"delete": False}, "slides[0].k.delete: must be true, got false"),
    ("delete string", {"delete": "true"}, 'slides[0].k.delete: must be true, got "true"'),
    ("delete one", {"delete": 1}, "slides[0].k.delete: must be true, got 1"),
    ("delete null", {"delete": None}, "slides[0].k.delete: must be true, got null"),
    ("delete with more", {"delete": True, "value": "x"}, "slides[0].k.value: unknown field"),
    # not an element at all
    (
        "unknown type",
        {"type": "tabel", "rows": []},
        'slides[0].k: unknown type "tabel"; expected one of text, table, list, chart, scatter-chart, image, video; did you mean "table"?',
    ),
    ("type a number", {"type": 5}, "slides[0].k: unknown type 5"),
    (
        "value a number",
        5,
        "slides[0].k: must be a string or an element object (text, table, list, chart, scatter-chart, image, video, or delete), got number 5",
    ),
    ("value null", None, "slides[0].k: must be a string or an element object"),
    ("value an array", ["a"], "got array"),
    ("value a boolean", True, "got boolean"),
]


@pytest.mark.parametrize(
    ("value", "expected"), [(v, e) for _, v, e in INVALID], ids=[n for n, _, _ in INVALID]
)
def test_invalid_values_are_reported_with_path_and_reason(value: Any, expected: str) -> None:
    found = value_problems(value)
    assert any(expected in p for p in found), found


def test_element_kind_names_each_form() -> None:
    assert element_kind("x") == "string"
    assert element_kind({"value": "x"}) == "text"
    assert element_kind({"delete": True}) == "delete"
    assert element_kind({"type": "scatter_chart"}) == "scatter-chart"
    assert element_kind(Table(rows=[["a"]])) == "table"
    assert element_kind(Delete()) == "delete"
    assert element_kind(5) is None


def test_defaults_follow_the_interface() -> None:
    table = accepts({"type": "table", "rows": [["a"]]}).slides[0].values["k"]
    assert isinstance(table, Table)
    assert (table.horizontal_sizing, table.vertical_sizing) == ("fixed", "anchor_top")
    image = accepts({"type": "image", "src": "a.png"}).slides[0].values["k"]
    assert isinstance(image, Image)
    assert (image.scaling, image.overflow) == ("none", "visible")
    video = accepts({"type": "video", "src": "https://youtu.be/x"}).slides[0].values["k"]
    assert isinstance(video, Video)
    assert video.scaling == "contain"
    assert video.is_online


def test_null_in_chart_values_is_a_gap_and_nan_from_python_too() -> None:
    chart = Chart(labels=["a", "b", "c"], axis1={"series": {"s": {"values": [1, None, float("nan")]}}})
    assert chart.axis1.series["s"].values == [1.0, None, None]
    assert chart.model_dump(mode="json", exclude_none=True)["axis1"]["series"]["s"]["values"] == [
        1.0,
        None,
        None,
    ]


def test_infinite_numbers_are_rejected() -> None:
    found = value_problems(
        {"type": "chart", "labels": ["a"], "axis1": {"series": {"s": {"values": [float("inf")]}}}}
    )
    assert found == ["slides[0].k.axis1.series.s.values[0]: must be a finite number, got inf"]


def test_ragged_table_rows_are_padded_with_empty_cells() -> None:
    table = Table(rows=[["a"], ["b", TableCell(value="c"), "d"]])
    assert table.shape == (2, 3)
    assert table.padded_rows() == [["a", "", ""], ["b", TableCell(value="c"), "d"]]


def test_scatter_chart_is_written_with_the_hyphen() -> None:
    chart = accepts({"type": "scatter_chart", "axis1": {"series": {"s": {"name": "S", "values": [[1, 2]]}}}})
    assert chart.to_json_dict()["slides"][0]["k"]["type"] == "scatter-chart"


def test_media_paths_are_normalised_for_lookup() -> None:
    image = accepts({"type": "image", "src": "./media//a.png"}).slides[0].values["k"]
    assert isinstance(image, Image)
    assert image.src == "media/a.png"


def test_list_item_text_keeps_level_and_styles() -> None:
    parsed = accepts(
        {"type": "list", "values": ["a", {"value": "b", "level": 2, "styles": {"font": {"bold": True}}}]}
    )
    items = parsed.slides[0].values["k"]
    assert isinstance(items, List)
    assert items.values[0] == "a"
    second = items.values[1]
    assert isinstance(second, Text)
    assert second.level == 2
    assert second.styles is not None
    assert second.styles.font is not None
    assert second.styles.font.bold is True


def test_null_for_an_optional_field_is_the_same_as_leaving_it_out() -> None:
    parsed = accepts({"type": "table", "rows": [[{"value": "a", "styles": None}]], "horizontal_sizing": None})
    table = parsed.slides[0].values["k"]
    assert isinstance(table, Table)
    assert table.horizontal_sizing == "fixed"
    assert parsed.to_json_dict()["slides"][0]["k"]["rows"] == [[{"value": "a"}]]


def test_building_elements_in_python_reports_data_errors() -> None:
    from deckkit.errors import DataError

    with pytest.raises(DataError) as caught:
        Table(rows=[["a", None]], vertical_sizing="middle")
    assert [str(p) for p in caught.value.problems] == [
        'rows[0][1]: must be a string or an object with "value", got null',
        "vertical_sizing: must be one of 'fixed', 'anchor_top' or 'anchor_bottom', got \"middle\"",
    ]
    assert str(caught.value).startswith("Table has problems:")
    with pytest.raises(DataError, match=r"values\[0\]: must be a string or an object"):
        List(values=[1])


class _Float(float):
    """A float subclass (numpy's float64 is one): not the exact type, so it takes the general path."""


@pytest.mark.parametrize(
    "points",
    [
        [],
        [[1, 2], [3.5, -4]],
        [(1, 2), [3, 4]],
        [[1, 2], [3]],
        [[1, 2], [1, 2, 3], 4],
        [[1, "a"], [None, 2]],
        [[1, float("nan")], [True, 1]],
        [{1, 2}],
        [[1, 2], "ab"],
        "x",
        None,
        # Pairs of plain finite floats (validated in C) and their near misses.
        [[1.5, -2.5], [0.0, 1e300]],
        [(1.5, 2.5), [3.5, 4.5]],
        [[1.5, 2.5], [3.5, 4]],
        [[1.5, float("inf")], [1.5, 2.5]],
        [[1.5, 2.5], [float("nan"), 1.5]],
        [[1.5, None], [1.5, 2.5]],
        [[1.5, True]],
        [[_Float(1.5), 2.5]],
    ],
)
def test_scatter_points_fast_or_not_validate_as_one_point_at_a_time(points: Any) -> None:
    # ScatterSeries validates a list of pairs in pydantic-core at once; the result (or every
    # error, with its path) must be that of list[Point], which checks each point on its own.
    from pydantic import TypeAdapter, ValidationError

    from deckkit.model.chart import Point, ScatterSeries

    def outcome(validate: Any, root: tuple[Any, ...]) -> Any:
        try:
            return validate()
        except ValidationError as e:
            return [(root + tuple(err["loc"]), err["type"], err["msg"]) for err in e.errors()]

    expected = outcome(lambda: TypeAdapter(list[Point]).validate_python(points), ("values",))
    got = outcome(lambda: ScatterSeries.model_validate({"name": "S", "values": points}).values, ())
    assert got == expected
    if isinstance(got, list):
        assert [type(p) for p in got] == [type(p) for p in expected]
        assert [type(v) for p in got for v in p] == [type(v) for p in expected for v in p]
