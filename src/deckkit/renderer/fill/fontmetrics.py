"""Text measured with real font metrics (fontTools), for auto-fit text boxes.

A typeface is looked up among the installed fonts by its family name; Office fonts that are
rarely installed on servers are measured with their metric-compatible stand-ins (same advance
widths by design): Carlito for Calibri, Caladea for Cambria, Liberation Sans / Serif / Mono for
Arial, Times New Roman and Courier New. ``./dev`` installs them. A typeface found nowhere is
measured as Liberation Sans (then DejaVu Sans), so a width is always an estimate, never a crash.

East Asian text (Chinese, Japanese, Korean) is measured with the run's East Asian typeface
(:func:`east_face`). The Office CJK fonts ("MS Gothic", "Yu Gothic", "Meiryo", "Microsoft YaHei",
"SimSun", "Malgun Gothic", ...) have no metric-compatible free twin; where one is not installed,
its text is measured with Noto Sans CJK (Noto Serif CJK for the Mincho, Song and Ming faces,
``./dev`` installs fonts-noto-cjk), which is what LibreOffice draws it with on Linux (fontconfig's
fallback for CJK text). This is an approximation, close for what decides line breaks: their
ideographs, kana and full-width punctuation are 1 em wide in all of them (Hangul 0.92 em in Noto,
1 em in Malgun Gothic). With no CJK font installed at all, every East Asian character is taken as
1 em wide.

A single-spaced line is :data:`SINGLE_LINE_EM` (1.2) times the size of the line's largest text,
whatever its typeface: no font metric enters it. That is what both PowerPoint and LibreOffice
draw, and not what the fonts' own tables say (Carlito, Calibri's twin: 1.22 em by hhea, OS/2 typo
and win alike; Liberation Sans and Arial 1.15 em hhea, 1.12 em win; Caladea 1.15 em hhea, 1.30 em
win; Noto Sans CJK 1.45 em hhea and win, 1.0 em typo):

- LibreOffice sets ``FontIndependentLineSpacing`` on every PPTX text body it imports
  (``oox/source/ppt/pptshapecontext.cxx``), and its EditEngine then makes a line 12/10 of the
  font height with the baseline 1 em below the line's top (``impedit3.cxx``,
  ``ImplCalculateFontIndependentLineSpacing``). Measured (LibreOffice 7.4, PDF text matrices,
  eight lines a box at 10, 18, 24 and 40 pt): 1.200 em between baselines for Calibri, Carlito,
  Arial, Liberation Sans, Cambria, Caladea, Times New Roman, Liberation Serif, Courier New,
  DejaVu Sans, Noto Sans CJK JP, Noto Serif CJK JP and MS Gothic alike; ``lnSpc`` 80 / 90 / 150 %
  gives 0.96 / 1.08 / 1.80 em, and a line of 12 and 24 pt text 1.2 times 24 pt.
- PowerPoint: native exports measured by other projects pace single-spaced lines at 1.2 times the
  size for Arial, Calibri, Verdana, Courier New, Georgia and Avenir Next at 6 to 54 pt, and for
  Hangul in Malgun Gothic (whose win and typo metrics give 1.33 and 1.0 em) and Meiryo (1.6 em
  win); the font's metrics only place the baseline inside that line (at its win ascent's share).
  LibreOffice's own commit for table cells (tdf#165521) says the same of Microsoft's layout: it
  ignores the font metrics and adds 20 % to the font height.
"""

from __future__ import annotations

import functools
import logging
import os
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NamedTuple

from deckkit.renderer.fill.fontcache import FontCache, file_key

__all__ = ["EAST_ASIAN_EM", "SINGLE_LINE_EM", "Face", "east_face", "face", "line_height", "text_width"]

FONT_DIRS = (
    "/usr/share/fonts",
    "/usr/local/share/fonts",
    "~/.local/share/fonts",
    "~/.fonts",
    "/Library/Fonts",
    "C:/Windows/Fonts",
)
METRIC_COMPATIBLE = {
    "calibri": "Carlito",
    "calibri light": "Carlito",
    "cambria": "Caladea",
    "arial": "Liberation Sans",
    "helvetica": "Liberation Sans",
    "arial narrow": "Liberation Sans Narrow",
    "times new roman": "Liberation Serif",
    "times": "Liberation Serif",
    "courier new": "Liberation Mono",
    "courier": "Liberation Mono",
}
FALLBACKS = ("Liberation Sans", "DejaVu Sans")
# East Asian typefaces drawn with serifs (Mincho, Song, Ming, Batang): measured with Noto Serif CJK.
_SERIF_EAST = re.compile(
    r"mincho|明朝|song|simsun|宋|ming|明體|明体|batang|바탕|gungsuh|궁서|kai|楷", re.IGNORECASE
)
EAST_FALLBACKS = ("Noto Sans CJK JP", "Noto Sans CJK SC", "WenQuanYi Micro Hei", "Droid Sans Fallback")
EAST_SERIF_FALLBACKS = ("Noto Serif CJK JP", "Noto Serif CJK SC")
EAST_ASIAN_EM = 1.0  # an East Asian character's width in em, when no CJK font is installed
SINGLE_LINE_EM = 1.2  # a single-spaced line's height in em of its largest text, in every typeface
FONT_SUFFIXES = (".ttf", ".otf", ".ttc", ".otc")  # Noto CJK comes as collections (.ttc)
EMU_PER_POINT = 12700


class _ByCharacter(dict[str, int]):
    """Advance widths by character (not code point): text is summed without ``ord`` of each
    character, a third of the cost of a width; a character the font lacks has ``missing``."""

    __slots__ = ("missing",)

    def __init__(self, advances: dict[int, int], missing: int) -> None:
        super().__init__(zip(map(chr, advances), advances.values(), strict=True))
        self.missing = missing

    def __missing__(self, character: str) -> int:
        return self.missing


class Face(NamedTuple):
    """One font file's metrics: advance widths by character."""

    family: str
    advances: dict[int, int]  # code point -> advance in font units (as the cache keeps them)
    units_per_em: int
    default_advance: int  # for characters the font lacks
    by_character: _ByCharacter  # ``advances`` by character, ``default_advance`` for the others

    @classmethod
    def of(cls, family: str, advances: dict[int, int], units: int, default: int) -> Face:
        return cls(family, advances, units, default, _ByCharacter(advances, default))

    def width(self, text: str, size_pt: float) -> int:
        """Width of text at size_pt, in EMU (no kerning: a few hundredths of an inch at most)."""
        units = sum(map(self.by_character.__getitem__, text))
        return round(units / self.units_per_em * size_pt * EMU_PER_POINT)


def _style_key(bold: bool, italic: bool) -> str:
    return {
        (False, False): "regular",
        (True, False): "bold",
        (False, True): "italic",
        (True, True): "bold italic",
    }[(bold, italic)]


@functools.cache
def _cache() -> FontCache:
    return FontCache()


class _Font(NamedTuple):
    """One font of an installed file: a collection (.ttc) holds several, numbered from 0."""

    path: Path
    number: int


@functools.cache
def _index() -> dict[tuple[str, str], _Font]:
    """(family lower-case, style) -> font, for every installed TrueType/OpenType font."""
    cache = _cache()
    fonts: dict[str, list[Any]] = {}
    found: dict[tuple[str, str], _Font] = {}
    for path in _font_files():
        try:
            key = file_key(path)
        except OSError:
            continue
        entry = cache.fonts.get(str(path))
        if entry is None or entry[:2] != key:
            entry = [*key, [list(names) for names in _read_names(path)]]
        fonts[str(path)] = entry
        for number, (family, style) in enumerate(entry[2]):
            if family is not None:
                found.setdefault((family.lower(), style), _Font(path, number))
    if fonts != cache.fonts:
        cache.put_fonts(fonts)
    return found


def _font_files() -> list[Path]:
    files: list[Path] = []
    for folder in FONT_DIRS:
        root = Path(os.path.expanduser(folder))
        if root.is_dir():
            files += [p for p in sorted(root.rglob("*")) if p.suffix.lower() in FONT_SUFFIXES]
    return files


def _read_names(path: Path) -> list[tuple[str | None, str | None]]:
    """(family, style) of each font of a file; (None, None) for a damaged or unusual one."""
    # fontTools loads when a font is read, which the cache (fontcache) spares most processes.
    from fontTools.ttLib import TTCollection, TTFont

    try:
        if path.suffix.lower() in (".ttc", ".otc"):
            with TTCollection(str(path), lazy=True) as collection:
                return [_names(font) for font in collection.fonts]
        with TTFont(str(path), lazy=True) as font:
            return [_names(font)]
    except Exception:  # a damaged or unusual font file: not a reason to fail a render
        return [(None, None)]


def _names(font: Any) -> tuple[str, str]:
    names: Any = font["name"]
    family = names.getBestFamilyName() or ""
    style = (names.getBestSubFamilyName() or "Regular").lower()
    return family, "regular" if style in ("book", "normal", "roman") else style.replace("oblique", "italic")


@functools.cache
def _load(font: _Font) -> Face:
    cache = _cache()
    key = file_key(font.path)
    name = f"{font.path}#{font.number}" if font.number else str(font.path)
    entry = cache.faces.get(name)
    if entry is not None and entry[:2] == key:
        family, units, default, runs = entry[2:]
        advances = {code: width for first, count, width in runs for code in range(first, first + count)}
        return Face.of(family, advances, units, default)
    face = _read_face(font)
    cache.put_face(
        name,
        [*key, face.family, face.units_per_em, face.default_advance, _runs(face.advances)],
    )
    return face


def _runs(advances: dict[int, int]) -> list[list[int]]:
    """Advances as [first code point, count, width] runs: a CJK font's 45,000 characters are a few
    thousand runs of equal widths, which keeps the cache small enough to read in every process."""
    runs: list[list[int]] = []
    for code in sorted(advances):
        width = advances[code]
        if runs and runs[-1][0] + runs[-1][1] == code and runs[-1][2] == width:
            runs[-1][1] += 1
        else:
            runs.append([code, 1, width])
    return runs


def _read_face(font: _Font) -> Face:
    # fontTools loads when a font is read, which the cache (fontcache) spares most processes.
    from fontTools.ttLib import TTFont

    # Some fonts carry a 1904-epoch creation date that fontTools logs about; it does not matter here.
    logging.getLogger("fontTools.ttLib.tables._h_e_a_d").setLevel(logging.ERROR)
    with TTFont(str(font.path), fontNumber=font.number, lazy=True) as read:
        cmap = read.getBestCmap() or {}
        metrics: Any = read["hmtx"].metrics
        head: Any = read["head"]
        names: Any = read["name"]
        advances = {code: metrics[glyph][0] for code, glyph in cmap.items() if glyph in metrics}
        default = metrics.get(cmap.get(ord("n"), ".notdef"), (head.unitsPerEm // 2, 0))[0]
        return Face.of(names.getBestFamilyName() or font.path.stem, advances, head.unitsPerEm, default)


def _installed(families: Iterable[str], bold: bool, italic: bool) -> Face | None:
    """The face of the first of families that is installed (in the style, else regular)."""
    index = _index()
    style = _style_key(bold, italic)
    for family in families:
        if not family:
            continue
        for key in ((family, style), (family, "regular")):
            if key in index:
                return _load(index[key])
    return None


# Cached as the index it searches is (per process): auto-fit asks for every run and every word.
@functools.cache
def face(typeface: str, bold: bool = False, italic: bool = False) -> Face | None:
    """The installed face of typeface (or its stand-in, or a fallback); None when no font is installed."""
    wanted = typeface.strip().lower()
    candidates = [wanted, METRIC_COMPATIBLE.get(wanted, "").lower(), *(f.lower() for f in FALLBACKS)]
    return _installed(candidates, bold, italic)


@functools.cache
def east_face(typeface: str | None, bold: bool = False, italic: bool = False) -> Face | None:
    """The face East Asian text of typeface is measured with: the typeface when it is installed and
    has CJK characters, else Noto Sans CJK (Noto Serif CJK for a serif typeface) or another CJK
    font; None when no CJK font is installed (then each character is :data:`EAST_ASIAN_EM` wide)."""
    wanted = (typeface or "").strip().lower()
    if wanted:
        named = _installed([wanted], bold, italic)
        if named is not None and _IDEOGRAPH in named.advances:
            return named
    serif = EAST_SERIF_FALLBACKS if wanted and _SERIF_EAST.search(wanted) else ()
    return _installed([f.lower() for f in (*serif, *EAST_FALLBACKS)], bold, italic)


_IDEOGRAPH = ord("\u4e00")  # 一: a font that has it is a CJK font


def text_width(text: str, typeface: str, size_pt: float, *, bold: bool = False, italic: bool = False) -> int:
    """Width of one line of text in EMU; a rough 0.5 em per character when no font is installed."""
    found = face(typeface, bold, italic)
    if found is None:
        return round(len(text) * size_pt * 0.5 * EMU_PER_POINT)
    return found.width(text, size_pt)


def line_height(size_pt: float) -> int:
    """Height in EMU of one single-spaced line whose largest text is size_pt, in any typeface."""
    return round(SINGLE_LINE_EM * size_pt * EMU_PER_POINT)
