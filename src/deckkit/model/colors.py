"""What a colour in data.json may be, and what it means.

A colour is one of three kinds, each of which maps onto one DrawingML element
(``deckkit.renderer.drawingml`` writes them):

- ``srgb``: a hex code, ``#`` optional, any case, 3 or 6 digits (``#f6ad5c``, ``F00``).
  Three digits double each one, as in CSS (``F00`` is ``FF0000``). Stored as ``#RRGGBB``.
- ``scheme``: one of the 12 theme colour names (``accent1``), following the deck's theme.
- ``preset``: one of DrawingML's named colours, spelled exactly (``dkBlue``, not ``darkBlue``).

Anything else is rejected with the nearest valid name suggested.
"""

from __future__ import annotations

import re
from typing import Literal, NamedTuple

from deckkit.model.patterns import HEX_COLOR_PATTERN
from deckkit.suggest import closest

THEME_COLOR_NAMES: tuple[str, ...] = (
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

NAMED_COLORS: tuple[str, ...] = tuple(
    """
    black dkSlateGray dimGray slateGray gray ltSlateGray dkGray silver ltGray gainsboro mistyRose
    antiqueWhite linen beige whiteSmoke lavenderBlush oldLace aliceBlue ltCyan seaShell ghostWhite
    honeydew floralWhite azure mintCream snow ivory white medVioletRed deepPink paleVioletRed hotPink
    ltPink pink dkRed red firebrick crimson indianRed ltCoral salmon dkSalmon ltSalmon orangeRed
    tomato dkOrange coral orange dkKhaki gold khaki peachPuff yellow paleGoldenrod moccasin papayaWhip
    ltGoldenrodYellow lemonChiffon ltYellow maroon brown saddleBrown sienna chocolate dkGoldenrod peru
    rosyBrown goldenrod sandyBrown tan burlyWood wheat navajoWhite bisque blanchedAlmond cornsilk
    dkGreen green dkOliveGreen forestGreen seaGreen olive oliveDrab medSeaGreen limeGreen lime
    springGreen medSpringGreen dkSeaGreen medAquamarine yellowGreen lawnGreen chartreuse ltGreen
    greenYellow paleGreen teal dkCyan ltSeaGreen cadetBlue dkTurquoise medTurquoise turquoise aqua
    cyan aquamarine paleTurquoise navy dkBlue medBlue blue midnightBlue dkSlateBlue slateBlue
    medSlateBlue royalBlue steelBlue dodgerBlue deepSkyBlue cornflowerBlue skyBlue ltSkyBlue
    ltSteelBlue ltBlue powderBlue indigo purple dkMagenta dkViolet blueViolet medPurple dkOrchid
    fuchsia magenta medOrchid orchid violet plum thistle lavender
    """.split()  # noqa: SIM905  (a list of 140 words reads better as words)
)

HEX_PATTERN = HEX_COLOR_PATTERN
_HEX = re.compile(HEX_PATTERN)
_THEME = frozenset(THEME_COLOR_NAMES)
_NAMED = frozenset(NAMED_COLORS)
_ALL_NAMES = THEME_COLOR_NAMES + NAMED_COLORS

ColorKind = Literal["srgb", "scheme", "preset"]


class ParsedColor(NamedTuple):
    """A colour resolved to its DrawingML kind and value (``srgb`` values are ``RRGGBB``)."""

    kind: ColorKind
    value: str


class ColorValueError(ValueError):
    """A string that is no colour; the message says what was meant."""


def _suggest(text: str, names: tuple[str, ...]) -> str:
    lowered = {n.lower(): n for n in names}
    # Case is the most common slip ("DarkBlue", "Red"); an exact case-insensitive hit wins.
    if text.lower() in lowered:
        return lowered[text.lower()]
    # Web spellings ("darkBlue", "lightGray") are DrawingML's "dk"/"lt" forms.
    web = re.sub(r"^(?i:dark)", "dk", re.sub(r"^(?i:light)", "lt", text)).lower()
    if web in lowered:
        return lowered[web]
    close = closest(text.lower(), lowered)
    return lowered[close] if close else ""


def parse_color(text: str, *, allow_theme: bool = True) -> ParsedColor:
    """Resolve a data.json colour string, or raise ColorValueError with a suggestion."""
    if _HEX.fullmatch(text):
        digits = text.lstrip("#").upper()
        if len(digits) == 3:
            digits = "".join(c * 2 for c in digits)
        return ParsedColor("srgb", digits)
    if text in _THEME:
        if not allow_theme:
            raise ColorValueError(
                f'"{text}" is a theme color name; a theme slot takes a hex code or a named color'
            )
        return ParsedColor("scheme", text)
    if text in _NAMED:
        return ParsedColor("preset", text)
    if text.startswith("#") or (text and all(c in "0123456789abcdefABCDEF" for c in text)):
        raise ColorValueError(f'"{text}": not a hex color; use 3 or 6 hex digits (0-9, A-F), as in "#F6AD5C"')
    names = _ALL_NAMES if allow_theme else NAMED_COLORS
    hint = _suggest(text, names)
    if hint:
        raise ColorValueError(f'"{text}": unknown color, did you mean "{hint}"?')
    raise ColorValueError(
        f'"{text}": unknown color; use a hex code such as "#1F77B4", a theme color such as "accent1", '
        'or a named color such as "dkBlue"'
    )


def normalize_color(text: str, *, allow_theme: bool = True) -> str:
    """The canonical spelling of a colour: ``#RRGGBB`` for hex codes, names unchanged."""
    parsed = parse_color(text, allow_theme=allow_theme)
    return "#" + parsed.value if parsed.kind == "srgb" else parsed.value
