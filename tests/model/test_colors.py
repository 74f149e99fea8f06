"""Colours: hex codes (3 or 6 digits, # optional, any case), the 12 theme names, the named colours."""

from __future__ import annotations

import pytest

from deckkit.model import NAMED_COLORS, THEME_COLOR_NAMES, ParsedColor, parse_color
from deckkit.model.colors import ColorValueError, normalize_color
from tests.model.helpers import accepts, value_problems

# The interface's list, in its order and spelling.
INTERFACE_NAMED = [
    "black",
    "dkSlateGray",
    "dimGray",
    "slateGray",
    "gray",
    "ltSlateGray",
    "dkGray",
    "silver",
    "ltGray",
    "gainsboro",
    "mistyRose",
    "antiqueWhite",
    "linen",
    "beige",
    "whiteSmoke",
    "lavenderBlush",
    "oldLace",
    "aliceBlue",
    "ltCyan",
    "seaShell",
    "ghostWhite",
    "honeydew",
    "floralWhite",
    "azure",
    "mintCream",
    "snow",
    "ivory",
    "white",
    "medVioletRed",
    "deepPink",
    "paleVioletRed",
    "hotPink",
    "ltPink",
    "pink",
    "dkRed",
    "red",
    "firebrick",
    "crimson",
    "indianRed",
    "ltCoral",
    "salmon",
    "dkSalmon",
    "ltSalmon",
    "orangeRed",
    "tomato",
    "dkOrange",
    "coral",
    "orange",
    "dkKhaki",
    "gold",
    "khaki",
    "peachPuff",
    "yellow",
    "paleGoldenrod",
    "moccasin",
    "papayaWhip",
    "ltGoldenrodYellow",
    "lemonChiffon",
    "ltYellow",
    "maroon",
    "brown",
    "saddleBrown",
    "sienna",
    "chocolate",
    "dkGoldenrod",
    "peru",
    "rosyBrown",
    "goldenrod",
    "sandyBrown",
    "tan",
    "burlyWood",
    "wheat",
    "navajoWhite",
    "bisque",
    "blanchedAlmond",
    "cornsilk",
    "dkGreen",
    "green",
    "dkOliveGreen",
    "forestGreen",
    "seaGreen",
    "olive",
    "oliveDrab",
    "medSeaGreen",
    "limeGreen",
    "lime",
    "springGreen",
    "medSpringGreen",
    "dkSeaGreen",
    "medAquamarine",
    "yellowGreen",
    "lawnGreen",
    "chartreuse",
    "ltGreen",
    "greenYellow",
    "paleGreen",
    "teal",
    "dkCyan",
    "ltSeaGreen",
    "cadetBlue",
    "dkTurquoise",
    "medTurquoise",
    "turquoise",
    "aqua",
    "cyan",
    "aquamarine",
    "paleTurquoise",
    "navy",
    "dkBlue",
    "medBlue",
    "blue",
    "midnightBlue",
    "dkSlateBlue",
    "slateBlue",
    "medSlateBlue",
    "royalBlue",
    "steelBlue",
    "dodgerBlue",
    "deepSkyBlue",
    "cornflowerBlue",
    "skyBlue",
    "ltSkyBlue",
    "ltSteelBlue",
    "ltBlue",
    "powderBlue",
    "indigo",
    "purple",
    "dkMagenta",
    "dkViolet",
    "blueViolet",
    "medPurple",
    "dkOrchid",
    "fuchsia",
    "magenta",
    "medOrchid",
    "orchid",
    "violet",
    "plum",
    "thistle",
    "lavender",
]


def test_named_colors_are_exactly_the_interfaces() -> None:
    assert tuple(INTERFACE_NAMED) == NAMED_COLORS
    assert THEME_COLOR_NAMES == (
        "lt1",
        "dk1",
        "lt2",
        "dk2",
        "accent1",
        "accent2",
        "accent3",
        "accent4",
        "accent5",
        "accent6",
        "hlink",
        "folHlink",
    )


@pytest.mark.parametrize("name", INTERFACE_NAMED)
def test_every_named_color_is_a_preset(name: str) -> None:
    assert parse_color(name) == ParsedColor("preset", name)


@pytest.mark.parametrize("name", THEME_COLOR_NAMES)
def test_every_theme_name_is_a_scheme_color(name: str) -> None:
    assert parse_color(name) == ParsedColor("scheme", name)


@pytest.mark.parametrize(
    ("text", "stored"),
    [
        ("#f6ad5c", "#F6AD5C"),
        ("FF0000", "#FF0000"),
        ("#F00", "#FF0000"),
        ("abc", "#AABBCC"),
        ("#AbCdEf", "#ABCDEF"),
        ("000", "#000000"),
    ],
)
def test_hex_codes_are_stored_as_rrggbb(text: str, stored: str) -> None:
    assert normalize_color(text) == stored
    assert parse_color(text) == ParsedColor("srgb", stored[1:])
    value = accepts({"value": "x", "styles": {"font": {"color": text}}}).slides[0].values["k"]
    assert value.model_dump()["styles"]["font"]["color"] == stored  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("darkBlue", '"darkBlue": unknown color, did you mean "dkBlue"?'),
        ("Red", '"Red": unknown color, did you mean "red"?'),
        ("DKBLUE", '"DKBLUE": unknown color, did you mean "dkBlue"?'),
        ("lightGray", '"lightGray": unknown color, did you mean "ltGray"?'),
        ("Accent1", '"Accent1": unknown color, did you mean "accent1"?'),
        ("cornflowerblue", '"cornflowerblue": unknown color, did you mean "cornflowerBlue"?'),
        ("#12345", '"#12345": not a hex color; use 3 or 6 hex digits (0-9, A-F), as in "#F6AD5C"'),
        ("#GGGGGG", '"#GGGGGG": not a hex color; use 3 or 6 hex digits (0-9, A-F), as in "#F6AD5C"'),
        ("##FFF", '"##FFF": not a hex color; use 3 or 6 hex digits (0-9, A-F), as in "#F6AD5C"'),
        ("FFFF", '"FFFF": not a hex color; use 3 or 6 hex digits (0-9, A-F), as in "#F6AD5C"'),
        (
            "FFF\n",
            '"FFF\n": unknown color; use a hex code such as "#1F77B4", a theme color such as "accent1", or a named color such as "dkBlue"',
        ),
        (
            "zzqqxx",
            '"zzqqxx": unknown color; use a hex code such as "#1F77B4", a theme color such as "accent1", or a named color such as "dkBlue"',
        ),
    ],
)
def test_other_values_are_rejected_with_the_nearest_name(text: str, message: str) -> None:
    with pytest.raises(ColorValueError) as caught:
        parse_color(text)
    assert str(caught.value) == message


def test_theme_names_are_refused_where_a_theme_slot_is_set() -> None:
    with pytest.raises(ColorValueError, match="is a theme color name"):
        parse_color("accent1", allow_theme=False)
    assert parse_color("red", allow_theme=False) == ParsedColor("preset", "red")


def test_empty_string_removes_fill_and_outline_only() -> None:
    shape = accepts({"value": "x", "styles": {"shape": {"fill": "", "outline": ""}}}).slides[0].values["k"]
    assert shape.model_dump()["styles"]["shape"] == {
        "fill": "",
        "outline": "",
        "align": None,
        "vertical_align": None,
    }  # type: ignore[union-attr]
    assert value_problems(
        {"type": "table", "rows": [[{"value": "", "databar": {"ratio": 0.5, "color": ""}}]]}
    ) == [
        'slides[0].k.rows[0][0].databar.color: "": unknown color; use a hex code such as "#1F77B4", a theme color such as "accent1", or a named color such as "dkBlue"'
    ]


def test_color_must_be_a_string() -> None:
    assert value_problems({"value": "x", "styles": {"font": {"color": 0xFF0000}}}) == [
        "slides[0].k.styles.font.color: must be a string, got number 16711680"
    ]
