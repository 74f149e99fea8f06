"""Colours as they are drawn: a chart's colour element resolved to RGB through its theme.

A series colour is written as an RGB value (``a:srgbClr``) or as a theme slot (``a:schemeClr``),
either with modifiers. Two series look alike when they are drawn alike, whatever is written:
``schemeClr accent3`` is ``A5A5A5`` in the Office theme. A slot is resolved as PowerPoint draws
it: through the chart's colour map override (``c:clrMapOvr``: ``accent1`` drawn as ``accent2``),
else the slide master's colour map (``bg1`` is ``lt1``...), to the colour scheme of the chart's
theme override part if it has one, else of its slide master's theme. The luminance modifiers
then apply in the order written: ``lumMod`` and ``lumOff`` scale and shift the HSL lightness,
``shade`` darkens towards black and ``tint`` lightens towards white. Other colour kinds (system,
preset names, HSL, placeholder colour) are not resolved: they are compared as written.

Two colours are told apart when their CIE76 difference (Euclidean distance in CIE L*a*b*, D65)
is at least :data:`MIN_DIFFERENCE`; below it the eye takes them for one colour in a legend.
"""

from __future__ import annotations

import colorsys
from collections.abc import Mapping, Sequence

from lxml import etree

from deckkit.ooxml.namespaces import A

__all__ = ["MIN_DIFFERENCE", "OFFICE_THEME", "Colour", "DrawnColours", "colour_map", "scheme_slots"]

Colour = tuple[str, str, tuple[tuple[str, str], ...]]  # (element, value, luminance modifiers)
Rgb = tuple[float, float, float]  # 0..1 each
Lab = tuple[float, float, float]

MIN_DIFFERENCE = 10.0
"""The smallest CIE76 difference at which two series colours count as different."""
_MIN_SQUARED = MIN_DIFFERENCE**2

OFFICE_THEME: Mapping[str, str] = {
    "dk1": "000000",
    "lt1": "FFFFFF",
    "dk2": "44546A",
    "lt2": "E7E6E6",
    "accent1": "4472C4",
    "accent2": "ED7D31",
    "accent3": "A5A5A5",
    "accent4": "FFC000",
    "accent5": "5B9BD5",
    "accent6": "70AD47",
    "hlink": "0563C1",
    "folHlink": "954F72",
}
_MASTER_MAP: Mapping[str, str] = {"bg1": "lt1", "tx1": "dk1", "bg2": "lt2", "tx2": "dk2"}
_MAPPED = (*_MASTER_MAP, *(f"accent{i}" for i in range(1, 7)), "hlink", "folHlink")
_IN_A = f"{{{A}}}"


def _hex(value: str) -> Rgb | None:
    try:
        number = int(value, 16)
    except ValueError:
        return None
    if len(value) != 6:
        return None
    return ((number >> 16) / 255, ((number >> 8) & 0xFF) / 255, (number & 0xFF) / 255)


def _percent(value: str) -> float:
    """A DrawingML percentage (``60000`` or ``60%``) as a fraction."""
    try:
        return float(value[:-1]) / 100 if value.endswith("%") else int(value) / 100_000
    except ValueError:
        return 1.0


def _modified(rgb: Rgb, mods: tuple[tuple[str, str], ...]) -> Rgb:
    for name, value in mods:
        amount = _percent(value)
        if name in ("lumMod", "lumOff"):
            h, lum, s = colorsys.rgb_to_hls(*rgb)
            lum = lum * amount if name == "lumMod" else lum + amount
            rgb = colorsys.hls_to_rgb(h, min(1.0, max(0.0, lum)), s)
        elif name == "shade":
            rgb = (rgb[0] * amount, rgb[1] * amount, rgb[2] * amount)
        elif name == "tint":
            rgb = (1 - (1 - rgb[0]) * amount, 1 - (1 - rgb[1]) * amount, 1 - (1 - rgb[2]) * amount)
    return rgb


def _lab(rgb: Rgb) -> Lab:
    linear = [x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4 for x in rgb]
    r, g, b = linear
    xyz = (
        (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
        0.2126 * r + 0.7152 * g + 0.0722 * b,
        (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
    )
    fx, fy, fz = (t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in xyz)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


class DrawnColours:
    """The theme a chart is drawn with, to compare its colours as drawn.

    slots: the colour scheme (``dk1``, ``lt1``, ``accent1``...: RRGGBB); mapping: the colour
    map in force (``bg1`` -> ``lt1``, ``accent1`` -> ``accent1``...), overrides applied.
    """

    def __init__(self, slots: Mapping[str, str], mapping: Mapping[str, str] | None = None) -> None:
        self._slots = {**OFFICE_THEME, **slots}
        self._mapping = {**_MASTER_MAP, **(mapping or {})}
        self._labs: dict[Colour, Lab | None] = {}

    def rgb(self, colour: Colour) -> Rgb | None:
        """The colour as drawn (0..1 per channel), or None when it is of a kind not resolved."""
        kind, value, mods = colour
        if kind == "schemeClr":
            slot = self._mapping.get(value, value)
            base = _hex(self._slots.get(slot, ""))
        elif kind == "srgbClr":
            base = _hex(value)
        else:
            return None
        return _modified(base, mods) if base is not None else None

    def _lab_of(self, colour: Colour) -> Lab | None:
        try:
            return self._labs[colour]
        except KeyError:
            rgb = self.rgb(colour)
            lab = self._labs[colour] = _lab(rgb) if rgb is not None else None
            return lab

    def alike(self, one: Colour, other: Colour) -> bool:
        """Whether the two are drawn as one colour (less than MIN_DIFFERENCE apart)."""
        return self.alike_any(one, (other,))

    def alike_any(self, colour: Colour, others: Sequence[Colour]) -> bool:
        """Whether colour is drawn as one of others."""
        if colour in others:
            return True
        lab = self._lab_of(colour)
        if lab is None:
            return False  # a kind not resolved: told apart as written
        l1, a1, b1 = lab
        for other in others:
            found = self._lab_of(other)
            if found is not None:
                l2, a2, b2 = found
                if (l1 - l2) ** 2 + (a1 - a2) ** 2 + (b1 - b2) ** 2 < _MIN_SQUARED:
                    return True
        return False


def scheme_slots(holder: etree._Element) -> dict[str, str]:
    """The RGB of each slot of the first ``a:clrScheme`` under holder (a theme or theme override)."""
    slots: dict[str, str] = {}
    for scheme in holder.iter(f"{_IN_A}clrScheme"):
        for slot in scheme:
            if not isinstance(slot.tag, str) or not slot.tag.startswith(_IN_A):
                continue
            for colour in slot:
                name = etree.QName(colour).localname
                value = colour.get("lastClr") if name == "sysClr" else colour.get("val")
                if name in ("srgbClr", "sysClr") and value:
                    slots[etree.QName(slot).localname] = value
                break
        break
    return slots


def colour_map(el: etree._Element | None) -> dict[str, str]:
    """A colour map's attributes (``bg1="lt1"``...), from ``p:clrMap``, ``c:clrMapOvr`` alike."""
    if el is None:
        return {}
    return {name: value for name, value in el.attrib.items() if name in _MAPPED and isinstance(value, str)}
