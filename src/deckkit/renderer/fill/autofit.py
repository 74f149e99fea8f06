"""Auto-fit text boxes follow their new text, as PowerPoint does when a person types it.

A box's auto-fit, insets, wrap, anchor and list styles are its effective ones
(:mod:`deckkit.ooxml.inherit`): its own, else its layout placeholder's, else its master
placeholder's, so a slide placeholder with an empty ``a:bodyPr`` under a master body that
shrinks text on overflow shrinks too.

- ``a:spAutoFit`` with ``wrap="none"``: the box takes the width (and height) of its text; it
  grows away from the first paragraph's alignment edge (left-aligned text keeps the left edge,
  right-aligned the right edge, centred the centre).
- ``a:spAutoFit`` with wrapping: the width stays, the height follows the wrapped lines.
- Vertically, the edge named by the body's ``anchor`` stays (top, centre, bottom).
- ``a:normAutofit`` (shrink text on overflow): ``fontScale`` / ``lnSpcReduction`` are
  recomputed for the new text with PowerPoint's steps, and dropped when it fits at full size.
  They are not simply dropped: PowerPoint draws the stored values until someone edits the box,
  so a stale scale (from ``{key}``) would shrink a short value or let a long one overflow. An
  inherited ``a:normAutofit`` that has to shrink is written on the box's own ``a:bodyPr`` with
  its scale, as PowerPoint writes it; text that fits leaves the box as it was.
- No auto-fit (``a:noAutofit``, or none anywhere in the chain): the box stays, and text that
  runs out of it is a warning naming the shape, as is text that even the smallest shrink step
  cannot fit and a box that grows past the slide's edge.

The advice of these warnings, and of the overlap warning of a box that grows onto another shape,
names only what keeps the box in its room on the slide (:mod:`deckkit.renderer.room`: down to the
first shape in the way, else the slide's edge), the room ``Deck.add_table_slides`` and a table's
advice count with: a list's items that fit, a wider box, a taller one.

Text is measured with real font metrics (:mod:`deckkit.renderer.fill.fontmetrics`), with the
theme's fonts for ``+mn-lt`` / ``+mj-lt``; Chinese, Japanese and Korean characters with the run's
East Asian font (``a:ea``, the theme's for ``+mn-ea`` / ``+mj-ea``), and lines break between them
as PowerPoint breaks them (:mod:`deckkit.renderer.fill.eastasian`). Vertical text is left as it
is; a rotated box holds its text as it would upright, and is measured so (where its text runs on
the slide is not said).
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from lxml import etree

from deckkit.errors import Problem
from deckkit.ooxml.geometry import DEFAULT_SLIDE_SIZE, Box, child_scale, xfrm_box
from deckkit.ooxml.inherit import (
    AUTOFIT_TAGS,
    BodyProperties,
    PlaceholderChain,
    effective_body,
    inherited_body,
    placeholder_of,
    text_body_parts,
)
from deckkit.ooxml.locate import inherited_xfrm
from deckkit.ooxml.namespaces import qn
from deckkit.ooxml.opc.part import Part
from deckkit.ooxml.opc.relationships import RT
from deckkit.ooxml.xml_children import first_child, first_of_two, first_on_path
from deckkit.renderer.fill.eastasian import HANGING, WORDS, break_between, has_east_asian, script_pieces
from deckkit.renderer.fill.fontmetrics import EAST_ASIAN_EM, Face, east_face, face, line_height
from deckkit.renderer.fill.masterstyles import DEFAULT_TYPEFACE, MasterStyles, MasterText
from deckkit.renderer.fill.textrect import GEOMETRY_TAG, preset_insets, text_rectangle_insets
from deckkit.renderer.offslide import EMU_PER_INCH, TOLERANCE_EMU, on_slide_tree, overhangs
from deckkit.renderer.overlap import Grown
from deckkit.renderer.room import Surroundings

__all__ = ["TextMeasure", "fit_text_boxes"]

DEFAULT_SIZE = 18.0  # presentation default text style of every Office template
INSETS = {"lIns": 91440, "rIns": 91440, "tIns": 45720, "bIns": 45720}
# PowerPoint's shrink steps: (fontScale, lnSpcReduction) in thousandths of a percent.
SHRINK_STEPS = [
    (92500, 10000),
    (85000, 20000),
    (77500, 20000),
    (70000, 20000),
    (62500, 20000),
    (55000, 20000),
    (47500, 20000),
    (40000, 20000),
    (25000, 20000),
]
_WORD = re.compile(r"\S+|\s+")
_LATIN, _EA, _SP, _TX_BODY = qn("a:latin"), qn("a:ea"), qn("p:sp"), qn("p:txBody")
_SP_PR, _XFRM, _SP_TREE = qn("p:spPr"), qn("a:xfrm"), qn("p:spTree")
_RUN_TAGS, _T, _BR = (qn("a:r"), qn("a:fld")), qn("a:t"), qn("a:br")
_P, _PPR, _RPR, _R, _FLD = qn("a:p"), qn("a:pPr"), qn("a:rPr"), qn("a:r"), qn("a:fld")
_SPC_PTS, _SPC_PCT, _END_PARA_RPR = qn("a:spcPts"), qn("a:spcPct"), qn("a:endParaRPr")
_RUN_OR_BREAK = (_R, _FLD, _BR)


class _Run(NamedTuple):
    text: str
    size: float
    typeface: str
    bold: bool
    italic: bool
    face: Face | None  # the installed face of typeface, bold, italic (fontmetrics.face)
    line: int  # a single line's height at full size: line_height(size)
    east: str | None  # the East Asian typeface (a:ea), None: the theme names none

    def width(self, text: str | None = None) -> int:
        text = self.text if text is None else text
        if not text.isascii() and has_east_asian(text):
            return sum(self._piece_width(piece) for piece in script_pieces(text))
        if self.face is None:
            return round(len(text) * self.size * 0.5 * 12700)
        return self.face.width(text, self.size)

    def _piece_width(self, piece: str) -> int:
        """The width of text of one script: East Asian with the East Asian face, else the Latin."""
        if not has_east_asian(piece[0]):  # script_pieces: one script a piece
            return self.width(piece)
        found = east_face(self.east, self.bold, self.italic)
        if found is None:
            return round(len(piece) * self.size * EAST_ASIAN_EM * 12700)
        return found.width(piece, self.size)

    def line_at(self, scale: float) -> int:
        """A single line's height with the size scaled (the same in every typeface and script)."""
        return line_height(self.size * scale)


@dataclass
class _Line:
    runs: list[_Run]
    space_before: int = 0  # EMU
    space_after: int = 0
    spacing: float = 1.0  # a:lnSpc/a:spcPct
    margin: int = 0  # the paragraph's left margin (marL), where its text starts

    def width(self) -> int:
        return self.margin + sum(r.width() for r in self.runs)

    def height(self, scale: float = 1.0, reduction: float = 0.0) -> int:
        if scale == 1.0:
            tallest = max((r.line for r in self.runs), default=0)
        else:
            tallest = max((r.line_at(scale) for r in self.runs), default=0)
        return round(tallest * max(0.1, self.spacing - reduction))


class _Styles:
    """Where a run's size, typeface, bold and italic come from when the run does not say.

    Every answer depends only on the list styles, so each is looked up once: a paragraph of a
    filled box asks the same few questions for each of its runs and lines.
    """

    def __init__(self, levels: list[etree._Element], master: MasterText | None) -> None:
        self.levels = levels  # lstStyle of the shape, then the master's text style
        self.minor = master.minor if master is not None else DEFAULT_TYPEFACE
        self.major = master.major if master is not None else DEFAULT_TYPEFACE
        self.minor_east = master.minor_east if master is not None else None
        self.major_east = master.major_east if master is not None else None
        self._defaults: dict[tuple[int, str], str | None] = {}
        self._children: dict[tuple[int, str], _Spacing | None] = {}
        self._paragraph_defaults: dict[tuple[int, str], str | None] = {}
        # A box's runs and paragraphs repeat a few formattings: each is worked out once.
        self._runs: dict[tuple[int, object], tuple[float, str, bool, bool, Face | None, int, str | None]] = {}
        self._paragraphs: dict[tuple[int, object], _Paragraph] = {}

    def default(self, level: int, attribute: str) -> str | None:
        key = (level, attribute)
        if key not in self._defaults:
            self._defaults[key] = self._find_default(level, attribute)
        return self._defaults[key]

    def _find_default(self, level: int, attribute: str) -> str | None:
        for styles in self.levels:
            rpr = styles.find(qn(f"a:lvl{level + 1}pPr/a:defRPr"))
            if rpr is not None:
                if attribute in ("typeface", "east"):
                    font = rpr.find(_LATIN if attribute == "typeface" else _EA)
                    if font is not None and font.get("typeface"):
                        return font.get("typeface")
                elif rpr.get(attribute) is not None:
                    return rpr.get(attribute)
        return None

    def list_spacing(self, level: int, tag: str) -> _Spacing | None:
        """The list styles' spacing ``tag`` (lnSpc, spcBef, spcAft) at level, as values."""
        key = (level, tag)
        if key not in self._children:
            found = self._find_child(level, tag)
            self._children[key] = _spacing(found, _PCT_DEFAULTS[tag]) if found is not None else None
        return self._children[key]

    def _find_child(self, level: int, tag: str) -> etree._Element | None:
        for styles in self.levels:
            found = styles.find(qn(f"a:lvl{level + 1}pPr/a:{tag}"))
            if found is not None:
                return found
        return None

    def paragraph_default(self, level: int, attribute: str) -> str | None:
        key = (level, attribute)
        if key not in self._paragraph_defaults:
            self._paragraph_defaults[key] = self._find_paragraph_default(level, attribute)
        return self._paragraph_defaults[key]

    def _find_paragraph_default(self, level: int, attribute: str) -> str | None:
        for styles in self.levels:
            ppr = styles.find(qn(f"a:lvl{level + 1}pPr"))
            if ppr is not None and ppr.get(attribute) is not None:
                return ppr.get(attribute)
        return None

    def run(self, rpr: etree._Element | None, level: int, text: str) -> _Run:
        key = (level, _run_key(rpr))
        found = self._runs.get(key)
        if found is None:
            found = self._runs[key] = self._run_format(rpr, level)
        run = _Run(text, *found)
        if not text.isascii() and has_east_asian(text):
            return run._replace(line=run.line_at(1.0))
        return run

    def _run_format(
        self, rpr: etree._Element | None, level: int
    ) -> tuple[float, str, bool, bool, Face | None, int, str | None]:
        """(size, typeface, bold, italic, face, line height, East Asian typeface) of a run with this
        rPr at this level."""

        def attr(name: str) -> str | None:
            own = rpr.get(name) if rpr is not None else None
            return own if own is not None else self.default(level, name)

        latin, ea = first_of_two(rpr, _LATIN, _EA) if rpr is not None else (None, None)
        typeface = (
            (latin.get("typeface") if latin is not None else None)
            or self.default(level, "typeface")
            or "+mn-lt"
        )
        if typeface.startswith("+mj"):
            typeface = self.major
        elif typeface.startswith("+mn"):
            typeface = self.minor
        named = (ea.get("typeface") if ea is not None else None) or self.default(level, "east") or "+mn-ea"
        east = (
            self.major_east
            if named.startswith("+mj")
            else self.minor_east
            if named.startswith("+mn")
            else named
        )
        size = attr("sz")
        bold, italic = attr("b") in ("1", "true"), attr("i") in ("1", "true")
        points = int(size) / 100 if size else DEFAULT_SIZE
        found = face(typeface, bold, italic)
        return (points, typeface, bold, italic, found, line_height(points), east)

    def paragraph(self, ppr: etree._Element | None, level: int) -> _Paragraph:
        """What a paragraph with this pPr at this level takes from it and its list styles."""
        key = (level, _paragraph_key(ppr))
        found = self._paragraphs.get(key)
        if found is None:
            found = self._paragraphs[key] = self._paragraph_format(ppr, level)
        return found

    def _paragraph_format(self, ppr: etree._Element | None, level: int) -> _Paragraph:
        align = (ppr.get("algn") if ppr is not None else None) or self.paragraph_default(level, "algn") or "l"
        own = _own_spacings(ppr) if ppr is not None else _NO_SPACINGS
        spacing = 1.0
        line_spacing = own[0] if own[0] is not None else self.list_spacing(level, "lnSpc")
        if line_spacing is not None and line_spacing[1] is not None:
            spacing = int(line_spacing[1]) / 100000
        margin = (ppr.get("marL") if ppr is not None else None) or self.paragraph_default(level, "marL")
        indent = int(margin) if margin and margin.lstrip("-").isdigit() else 0
        return _Paragraph(
            align,
            spacing,
            indent,
            own[1] if own[1] is not None else self.list_spacing(level, "spcBef"),
            own[2] if own[2] is not None else self.list_spacing(level, "spcAft"),
        )


class _Paragraph(NamedTuple):
    align: str
    spacing: float  # a:lnSpc/a:spcPct
    margin: int  # marL
    before: _Spacing | None  # spcBef
    after: _Spacing | None  # spcAft


_Spacing = tuple[str | None, str | None]
"""A spacing element (lnSpc, spcBef, spcAft) as values: the ``val`` of its first spcPts and of its
first spcPct (None where it has none), their defaults filled in."""
_SPACING_TAGS = {qn("a:lnSpc"): 0, qn("a:spcBef"): 1, qn("a:spcAft"): 2}
_PCT_DEFAULTS = {"lnSpc": "100000", "spcBef": "0", "spcAft": "0"}
_NO_SPACINGS: tuple[_Spacing | None, _Spacing | None, _Spacing | None] = (None, None, None)


def _spacing(element: etree._Element, pct_default: str) -> _Spacing:
    pts = pct = None
    for child in element:
        if child.tag == _SPC_PTS:
            pts = child.get("val", "0") if pts is None else pts
        elif child.tag == _SPC_PCT:
            pct = child.get("val", pct_default) if pct is None else pct
    return pts, pct


def _own_spacings(ppr: etree._Element) -> tuple[_Spacing | None, _Spacing | None, _Spacing | None]:
    """The pPr's own lnSpc, spcBef and spcAft (the first of each) as values, None where absent."""
    if not len(ppr):
        return _NO_SPACINGS
    found: list[_Spacing | None] = [None, None, None]
    for child in ppr:
        slot = _SPACING_TAGS.get(child.tag)
        if slot is not None and found[slot] is None:
            found[slot] = _spacing(child, "100000" if slot == 0 else "0")
    return found[0], found[1], found[2]


def _styles(
    own: etree._Element | None,
    ph: etree._Element | None,
    body: BodyProperties,
    master: MasterText | None,
    masters: MasterStyles,
) -> _Styles:
    """The styles of a shape whose text body's a:lstStyle is ``own``: its own, layout and master
    placeholders' list styles, then the master's
    text style (``master``: the slide's). Shared by the boxes of one chain that add no list style
    of their own (an empty ``a:lstStyle`` answers nothing), so each lookup is made once."""
    kind = ph.get("type", "body") if ph is not None else None
    inherited: list[etree._Element] = []
    if kind is None:
        if masters.default_text is not None:  # a shape of its own: the deck's default text style
            inherited.append(masters.default_text)
    elif master is not None:
        found = master.title if kind in ("title", "ctrTitle") else master.body
        if found is not None:
            inherited.append(found)
    levels = [*body.list_styles, *inherited]
    if body.list_styles and body.list_styles[0] is own:
        return _Styles(levels, master)
    key = (id(master), kind, *(id(style) for style in body.list_styles))
    shared = masters.derived.get(key)
    if not isinstance(shared, _Styles):
        shared = masters.derived[key] = _Styles(levels, master)
    return shared


def _points(spacing: _Spacing | None, size: float) -> int:
    """spcBef/spcAft in EMU: spcPts in hundredths of a point, spcPct in thousandths of a line."""
    if spacing is None:
        return 0
    pts, pct = spacing
    if pts is not None:
        return int(pts) * 127
    if pct is not None:
        return round(int(pct) / 100000 * line_height(size))
    return 0


def _lines(
    body: etree._Element | None, styles: _Styles, leave_out: Collection[int] = ()
) -> tuple[list[_Line], str]:
    """The body's lines (a paragraph breaks at each a:br) and the first paragraph's alignment;
    without the paragraphs whose ids are in ``leave_out``."""
    lines: list[_Line] = []
    align = ""
    for paragraph in body.iter(_P) if body is not None else ():
        if leave_out and id(paragraph) in leave_out:
            continue
        # One pass over the paragraph's children: its pPr (the first), its runs and breaks in
        # order (a break as None), its end mark (the first).
        ppr = end = None
        pieces: list[tuple[etree._Element | None, str] | None] = []
        for child in paragraph:
            tag = child.tag  # lxml builds the string on each read
            if tag in _RUN_TAGS:
                rpr, t = first_of_two(child, _RPR, _T)
                pieces.append((rpr, (t.text or "") if t is not None else ""))
            elif tag == _BR:
                pieces.append(None)
            elif tag == _PPR:
                ppr = child if ppr is None else ppr
            elif tag == _END_PARA_RPR:
                end = child if end is None else end
        level = int(ppr.get("lvl", "0")) if ppr is not None else 0
        form = styles.paragraph(ppr, level)
        if not align:
            align = form.align
        current = _Line([], spacing=form.spacing, margin=form.margin)
        first = current
        for piece in pieces:
            if piece is not None:
                current.runs.append(styles.run(piece[0], level, piece[1]))
            else:
                lines.append(current)
                current = _Line([], spacing=form.spacing, margin=form.margin)
        if not current.runs:  # an empty line is as tall as its end-of-paragraph mark
            current.runs.append(styles.run(end, level, ""))
        size = current.runs[0].size
        first.space_before = _points(form.before, size)
        current.space_after = _points(form.after, size)
        lines.append(current)
    return lines, align


def _wrapped(line: _Line, available: int, scale: float) -> int:
    """How many lines line takes when wrapped at available EMU (greedy, like Office: at spaces,
    and between East Asian characters where kinsoku allows, :mod:`~deckkit.renderer.fill.eastasian`)."""
    available -= line.margin
    # A line that fits whole fits word by word too: each word's width is rounded on its own, which
    # adds less than 2 EMU a character (a point is 12,700), so the whole width with that margin
    # answers "one line" without splitting the words.
    if sum(run.width() * scale + 2 * len(run.text) + 1 for run in line.runs) <= available:
        return 1
    count, x = 1, 0
    # The words since the last place a line may break (a word split over runs, or East Asian
    # characters that kinsoku keeps together), placed together: their width, the width of the
    # punctuation they end with that may hang past the line's end, and their last character.
    group, hang, last = 0, 0, ""

    def place() -> None:
        nonlocal count, x, group, hang
        width = group
        if x > 0 and x + width - hang > available:
            count, x = count + 1, 0
        while width - hang > available > 0:  # a word longer than the box breaks anywhere
            count, width = count + 1, width - available
        x += width
        group = hang = 0

    for run in line.runs:
        words = WORDS if not run.text.isascii() and has_east_asian(run.text) else _WORD
        for word in words.findall(run.text):
            width = round(run.width(word) * scale)
            if word.isspace():
                if last:
                    place()
                x, last = x + width, ""
                continue
            if last and break_between(last, word[0]):
                place()
            hang = hang + width if word in HANGING else 0
            group, last = group + width, word[-1]
    if last:
        place()
    return count


def _text_height(
    lines: list[_Line], available: int | None, scale: float = 1.0, reduction: float = 0.0
) -> int:
    total = 0
    for line in lines:
        rows = _wrapped(line, available, scale) if available is not None else 1
        total += rows * line.height(scale, reduction) + line.space_before + line.space_after
    return total


class _Insets(NamedTuple):
    """A body's insets (lIns, tIns, rIns, bIns) in EMU: its own, else PowerPoint's defaults."""

    left: int
    top: int
    right: int
    bottom: int


def _insets(body: BodyProperties) -> _Insets:
    def inset(name: str) -> int:
        value = body.attributes.get(name)
        return int(value) if value is not None and value.lstrip("-").isdigit() else INSETS[name]

    return _Insets(inset("lIns"), inset("tIns"), inset("rIns"), inset("bIns"))


def _read_xfrm(box: _Box, slide: Part, own: etree._Element | None) -> etree._Element | None:
    """The box's a:xfrm ``own`` (``box.xfrm`` while fitting has added none), else the one it
    inherits (from its chain: found once per render), changing nothing (for measuring only)."""
    if own is not None:
        return own
    return box.inherited.xfrm if box.inherited is not None else inherited_xfrm(box.shape, slide)


def _own_xfrm(box: _Box, slide: Part) -> etree._Element | None:
    """The box's a:xfrm; a placeholder without one gets a copy of the one it inherits."""
    sp_pr = box.sp_pr
    if sp_pr is None:
        return None
    xfrm = box.xfrm
    if xfrm is None:
        inherited = inherited_xfrm(box.shape, slide)
        if inherited is None:
            return None
        xfrm = etree.Element(_XFRM)
        for child in inherited:
            xfrm.append(etree.fromstring(etree.tostring(child)))
        sp_pr.insert(0, xfrm)
    return xfrm


def _text_area(drawn: Box, insets: _Insets) -> Box:
    """Where a box drawn at ``drawn`` puts its text: inside its insets. A box may hang over the
    slide's edge by less than its inset (a label set flush with the edge): its text is on the slide."""
    left, top = insets.left, insets.top
    return Box(
        drawn.x + left,
        drawn.y + top,
        drawn.cx - left - insets.right,
        drawn.cy - top - insets.bottom,
    )


def _inner(box: _Box, ext: etree._Element) -> tuple[int, int]:
    """The width the box's text wraps at and the height it has, in slide EMU: the box as drawn
    (a group scales the boxes in it, not their text), its shape's text rectangle, less its insets."""
    sx, sy = box.scale
    drawn_cx, drawn_cy = round(int(ext.get("cx", "0")) / sx), round(int(ext.get("cy", "0")) / sy)
    # An ellipse or a rounded rectangle holds its text in a smaller rectangle than its box.
    across, down = preset_insets(box.geometry, drawn_cx, drawn_cy)
    insets = box.insets
    width = drawn_cx - 2 * across - insets.left - insets.right
    return width, drawn_cy - 2 * down - insets.top - insets.bottom


def _move_edge(start: int, old: int, new: int, keep: str) -> int:
    """The new start of a span old -> new long that keeps its 'start', 'centre' or 'end' in place."""
    if keep == "end":
        return start + old - new
    if keep == "centre":
        return start + (old - new) // 2
    return start


class _Box(NamedTuple):
    """A text box being fitted: its shape, where its value is in the data, its effective body.

    What every step reads of the shape is found once, in one pass over each element's children:
    its p:spPr and that one's a:xfrm and a:prstGeom, its p:txBody and a:bodyPr.
    """

    shape: etree._Element
    path: str
    body: BodyProperties
    insets: _Insets  # the body's
    styles: _Styles
    inherited: _Inherited | None  # its layout and master placeholders and what they give, if a placeholder
    tx_body: etree._Element
    body_pr: etree._Element
    sp_pr: etree._Element | None
    xfrm: etree._Element | None  # its own a:xfrm, as found before fitting
    geometry: etree._Element | None  # its a:prstGeom (the text rectangle's preset)
    on_tree: bool  # directly on the slide's shape tree: its box is in slide space
    scale: tuple[float, float]  # child_scale: (1, 1) on the shape tree, which no group holds
    items: Sequence[etree._Element] = ()  # the paragraphs of its list's items, in order
    grown: Sequence[Grown] = ()  # the slide's shapes grown so far: in its room at their template boxes

    @property
    def chain(self) -> PlaceholderChain | None:
        """The layout and master placeholders it follows, if a placeholder."""
        return self.inherited.chain if self.inherited is not None else None


def _name(shape: etree._Element) -> str:
    c_nv_pr = shape.find(qn("./*/p:cNvPr"))
    name = c_nv_pr.get("name") if c_nv_pr is not None else None
    return f'"{name}"' if name else "a text box"


def _grown(box: _Box, lines: list[_Line], align: str, template: Box, wrap: int | None = None) -> Box:
    """The box "resize shape to fit text" makes of ``template`` for ``lines``: its width kept
    (``wrap``: another width to wrap at) or, when it does not wrap, that of the longest line,
    each edge kept as the alignment and the anchor say."""
    x, y, cx, cy = template
    horizontal = box.insets.left + box.insets.right
    vertical = box.insets.top + box.insets.bottom
    # Text is measured in slide EMU; a box in a group is sized in the group's units.
    sx, sy = box.scale
    if wrap is None and box.body.attributes.get("wrap") == "none":
        new_cx = round((max((line.width() for line in lines), default=0) + horizontal) * sx)
        new_cy = round((_text_height(lines, None) + vertical) * sy)
        x = _move_edge(x, cx, new_cx, {"r": "end", "ctr": "centre"}.get(align, "start"))
        cx = new_cx
    else:
        cx = wrap if wrap is not None else cx
        new_cy = round((_text_height(lines, round(cx / sx) - horizontal) + vertical) * sy)
    keep = {"b": "end", "ctr": "centre"}.get(box.body.attributes.get("anchor", "t"), "start")
    return Box(x, _move_edge(y, cy, new_cy, keep), cx, new_cy)


def _fit_shape(
    box: _Box, slide: Part, size: tuple[int, int], grown: list[Grown] | None = None
) -> Problem | None:
    xfrm = _own_xfrm(box, slide)
    if xfrm is None or xfrm.get("rot") not in (None, "0"):
        return None
    off, ext = first_child(xfrm, qn("a:off")), first_child(xfrm, qn("a:ext"))
    if off is None or ext is None:
        return None
    lines, align = _lines(box.tx_body, box.styles)
    template = Box(
        int(off.get("x", "0")), int(off.get("y", "0")), int(ext.get("cx", "0")), int(ext.get("cy", "0"))
    )
    drawn = _grown(box, lines, align, template)
    off.set("x", str(drawn.x))
    off.set("y", str(drawn.y))
    ext.set("cx", str(drawn.cx))
    ext.set("cy", str(drawn.cy))
    if not box.on_tree:
        return None
    around = Surroundings(slide, box.shape, template, size, box.grown)
    if grown is not None and (
        drawn.cy > template.cy + TOLERANCE_EMU or drawn.cx > template.cx + TOLERANCE_EMU
    ):

        def advice(other: Box) -> str:
            fixes = _grown_box_fixes(box, align, template, around.anew())
            return f"{', or '.join(fixes)}, or move the other shape in the template"

        what = f"the text box {_name(box.shape)} (resize shape to fit text)"
        grown.append(Grown(box.shape, template, drawn, box.path, what, advice))
    over = overhangs(_text_area(drawn, box.insets), size)
    if not over:
        return None
    return Problem(
        box.path,
        f"the text box {_name(box.shape)} grows with its text (resize shape to fit text) and now reaches "
        f"{' and '.join(over)}; {', or '.join(_grown_box_fixes(box, align, template, around))}",
        "text overflow",
    )


def _grown_box_fixes(box: _Box, align: str, template: Box, around: Surroundings) -> list[str]:
    """What keeps a "resize shape" box in its room on the slide (:mod:`deckkit.renderer.room`),
    tried on the template's box: fewer of its list's items (the most that fit), shorter text,
    wrapping its text (a box that does not wrap), or the least width, up to the slide's right
    edge, at which the wrapped text stays in its room (a box that wraps). Only what works is
    named."""
    tx_body = box.tx_body
    fixes = []
    if len(box.items) > 1:
        # Fewer items never need more room: the most that fit, found by halving.
        fits, fails = 0, len(box.items)
        while fails - fits > 1:
            middle = (fits + fails) // 2
            lines, _ = _lines(tx_body, box.styles, {id(p) for p in box.items[middle:]})
            fits, fails = (
                (middle, fails) if around.holds(_grown(box, lines, align, template)) else (fits, middle)
            )
        if fits:
            fixes.append(
                f"keep at most {fits} of the list's {len(box.items)} items on the slide "
                "(the rest on a copy of it)"
            )
    fixes.append("shorten the text")
    lines, _ = _lines(tx_body, box.styles)
    if box.body.attributes.get("wrap") == "none":
        if around.holds(_grown(box, lines, align, template, template.cx)):
            fixes.append("turn on *Wrap text in shape* in the template")
        return fixes
    widest = around.size[0] - template.x
    if widest <= template.cx or not around.holds(_grown(box, lines, align, template, widest)):
        return fixes
    low, high = template.cx, widest  # holds at high; the least width to a hundredth of an inch
    while high - low > EMU_PER_INCH // 100:
        middle = (low + high) // 2
        held = around.holds(_grown(box, lines, align, template, middle))
        low, high = (low, middle) if held else (middle, high)
    fixes.append(f"make the box at least {_inches_up(high)} wide in the template")
    return fixes


def _inches_up(emu: int) -> str:
    """EMU in inches, rounded up to a hundredth (a box that size holds what was measured)."""
    return f"{math.ceil(emu * 100 / EMU_PER_INCH) / 100:.2f} in"


def _shrink_element(box: _Box) -> etree._Element:
    """The box's own ``a:normAutofit`` (PowerPoint writes the scale on the box), made when inherited."""
    body_pr = box.body_pr
    own = box.body.autofit_element
    if own is not None and own.getparent() is body_pr:
        return own
    for child in body_pr.iterchildren(*AUTOFIT_TAGS):
        body_pr.remove(child)
    norm = etree.Element(qn("a:normAutofit"))
    # a:bodyPr's children: prstTxWarp, then the auto-fit, then scene3d, sp3d, flatTx, extLst.
    warp = first_child(body_pr, qn("a:prstTxWarp"))
    body_pr.insert(body_pr.index(warp) + 1 if warp is not None else 0, norm)
    return norm


def _overflow(
    box: _Box,
    height: int,
    room: int,
    lines: list[_Line],
    slide: Part,
    size: tuple[int, int],
    wrap: int | None = None,
) -> Problem | None:
    """The warning for text ``height`` EMU tall in ``room``: None when it fits (within half a line).
    Its advice names only what fits: shrinking on overflow when the smallest step holds the text
    (``wrap``: the width it wraps at), a taller box when one stays in the box's room on the slide
    (:mod:`deckkit.renderer.room`: clear of the shapes below it)."""
    slack = max(TOLERANCE_EMU, (lines[0].height() // 2) if lines else 0)
    if height <= room + slack:
        return None
    box_inches = f"{room / EMU_PER_INCH:.2f} in"
    need = f"{height / EMU_PER_INCH:.2f} in"
    where = ""
    own = first_child(box.sp_pr, _XFRM) if box.sp_pr is not None else None  # _own_xfrm may have added it
    xfrm = _read_xfrm(box, slide, own) if on_slide_tree(box.shape) else None
    # Where the text runs on the slide is said of an upright box in slide space only.
    box_of = xfrm_box(xfrm) if xfrm is not None and xfrm.get("rot") in (None, "0") else None
    vertical = box.insets.top + box.insets.bottom
    if box_of is not None:
        drawn = Box(box_of.x, box_of.y, box_of.cx, height + vertical)
        over = overhangs(_text_area(drawn, box.insets), size)
        if over:
            where = f", and runs {' and '.join(over)}"
    fixes = ["shorten the text"]
    if box.body.autofit == "shrink":
        said = "it is shrunk as far as PowerPoint shrinks text and still overflows"
    else:
        said = "the box does not fit its text (no autofit)"
        scale, reduction = SHRINK_STEPS[-1]
        if _text_height(lines, wrap, scale / 100000, reduction / 100000) <= room + slack:
            fixes.append("let the box shrink text on overflow in the template")
    taller = Box(box_of.x, box_of.y, box_of.cx, height + vertical) if box_of is not None else None
    # The box's height that holds the text is named for a box whose text rectangle is the box.
    if (
        box_of is not None
        and taller is not None
        and text_rectangle_insets(box.shape, box_of.cx, box_of.cy) == (0, 0)
        and Surroundings(slide, box.shape, box_of, size, box.grown).holds(taller)
    ):
        fixes.append(f"make the box at least {_inches_up(height + vertical)} tall in the template")
    return Problem(
        box.path,
        f"the text of {_name(box.shape)} needs {need} but its box holds {box_inches}{where}: {said}; "
        f"{', or '.join(fixes)}",
        "text overflow",
    )


def _fit_font_scale(box: _Box, slide: Part, size: tuple[int, int]) -> Problem | None:
    own = box.body.autofit_element
    inherited = own is None or own.getparent() is not box.body_pr
    # A box of its own normAutofit gets its own a:xfrm as before; an inherited one only measures.
    xfrm = _read_xfrm(box, slide, box.xfrm) if inherited else _own_xfrm(box, slide)
    if xfrm is None:
        return None
    ext = first_child(xfrm, qn("a:ext"))
    if ext is None:
        return None
    lines, _ = _lines(box.tx_body, box.styles)
    available, room = _inner(box, ext)
    wrap = None if box.body.attributes.get("wrap") == "none" else available
    if not inherited:
        assert own is not None
        for name in ("fontScale", "lnSpcReduction"):
            own.attrib.pop(name, "")
    height = _text_height(lines, wrap)
    if height <= room:
        return None
    for scale, reduction in SHRINK_STEPS:
        height = _text_height(lines, wrap, scale / 100000, reduction / 100000)
        if height <= room:
            break
    norm = _shrink_element(box)
    norm.set("fontScale", str(scale))
    norm.set("lnSpcReduction", str(reduction))
    return _overflow(box, height, room, lines, slide, size, wrap)


def _check_fixed(box: _Box, slide: Part, size: tuple[int, int]) -> Problem | None:
    """A box that neither shrinks nor grows: a warning when its text runs out of it."""
    xfrm = _read_xfrm(box, slide, box.xfrm)
    ext = first_child(xfrm, qn("a:ext")) if xfrm is not None else None
    if ext is None:
        return None
    # A rotated box holds its text as it would unrotated (as shrinking measures it): measured too.
    lines, _ = _lines(box.tx_body, box.styles)
    available, room = _inner(box, ext)
    wrap = None if box.body.attributes.get("wrap") == "none" else available
    return _overflow(box, _text_height(lines, wrap), room, lines, slide, size, wrap)


def fit_text_boxes(
    shapes: Iterable[tuple[etree._Element, str]],
    slide: Part,
    masters: MasterStyles | None = None,
    size: tuple[int, int] = DEFAULT_SLIDE_SIZE,
    grown: list[Grown] | None = None,
    list_items: Sequence[tuple[etree._Element, str]] = (),
) -> list[Problem]:
    """Resize (or rescale) each auto-fit text box among shapes to its new text; each is given with
    the data path of its value. Returns the warnings: text that runs out of its box (or off the
    slide of ``size``) and that its auto-fit does not fix. The boxes resize grows larger are
    added to ``grown`` (for :func:`~deckkit.renderer.overlap.created_overlaps`). ``list_items``:
    the paragraphs of lists' items with the lists' data paths (``OutputSlide.list_items``), for
    advice that counts the items that fit.

    ``masters`` reads each slide master's styles once for a whole render (a new one when absent).
    """
    masters = masters if masters is not None else MasterStyles()
    done: set[int] = set()
    warnings: list[Problem] = []
    # The slide's layout and master text, looked up once for all its boxes (when one is fitted).
    of_slide: tuple[Part | None, MasterText | None] | None = None
    for shape, path in shapes:
        if id(shape) in done:
            continue
        parent = shape.getparent()
        if parent is None or shape.tag != _SP:
            continue
        done.add(id(shape))
        sp_pr = tx_body = None
        for child in shape:  # one pass: a child iterator by tag costs several times a child's look
            tag = child.tag
            if tag == _TX_BODY:
                tx_body = child if tx_body is None else tx_body
            elif tag == _SP_PR:
                sp_pr = child if sp_pr is None else sp_pr
        own = text_body_parts(tx_body) if tx_body is not None else None
        if tx_body is None or own is None or own.body_pr is None:
            continue
        if of_slide is None:
            found = slide.related(RT.SLIDE_LAYOUT)
            of_slide = (found, masters.of_layout(found))
        layout, master = of_slide
        ph = placeholder_of(shape)
        inherited = _chain(ph, layout, slide, masters) if ph is not None else None
        body = effective_body(own, inherited.body if inherited is not None else None)
        if body.attributes.get("vert", "horz") != "horz":
            continue
        items = [p for p, of in list_items if of == path and p.getparent() is tx_body] if list_items else ()
        xfrm, geometry = first_of_two(sp_pr, _XFRM, GEOMETRY_TAG) if sp_pr is not None else (None, None)
        on_tree = parent.tag == _SP_TREE
        box = _Box(
            shape,
            path,
            body,
            _insets(body),
            _styles(own.list_style, ph, body, master, masters),
            inherited,
            tx_body,
            own.body_pr,
            sp_pr,
            xfrm,
            geometry,
            on_tree,
            (1.0, 1.0) if on_tree else child_scale(shape),
            items,
            grown if grown is not None else (),
        )
        if body.autofit == "resize":
            warning = _fit_shape(box, slide, size, grown)
        else:
            warning = (_fit_font_scale if body.autofit == "shrink" else _check_fixed)(box, slide, size)
        if warning is not None:
            warnings.append(warning)
    return warnings


class _Inherited(NamedTuple):
    chain: PlaceholderChain
    body: BodyProperties  # what the chain gives a body (inherited_body)
    xfrm: etree._Element | None  # the first a:xfrm of its shapes (the nearest that has one)


def _chain(ph: etree._Element, layout: Part | None, slide: Part, masters: MasterStyles) -> _Inherited:
    """The placeholder's chain (``layout``: the slide's) and what it gives a body, found once per
    layout, idx and type for a whole render."""
    key = ("chain", id(layout), ph.get("idx"), ph.get("type"))
    found = masters.derived.get(key)
    if not isinstance(found, _Inherited):
        chain = PlaceholderChain.of(ph, slide)
        xfrm = next(
            (
                found
                for found in (first_on_path(s, _SP_PR, _XFRM) for s in chain.shapes())
                if found is not None
            ),
            None,
        )
        found = masters.derived[key] = _Inherited(chain, inherited_body(chain), xfrm)
    return found


class TextMeasure:
    """Measures text bodies of one output slide (a table's cells) as auto-fit measures text:
    sizes from their runs, else 18 pt; the theme's fonts (``OutputSlide.text_height``).

    A body of one paragraph with one run (most table cells) is measured once per formatting for
    the whole render: the line it makes is kept, and each cell's text is only wrapped against it
    (when it stays one line, that line's height is the body's).
    """

    def __init__(self, slide: Part, masters: MasterStyles) -> None:
        self._slide, self._masters = slide, masters
        self._styles: _Styles | None = None
        self._one_run: dict[Hashable, _OneLine] = {}

    def _plain(self) -> _Styles:
        master = self._masters.of(self._slide)
        key = ("plain", id(master))
        found = self._masters.derived.get(key)
        if not isinstance(found, _Styles):
            # A table cell's text is outside any placeholder: it follows the deck's default text style.
            default = self._masters.default_text
            found = self._masters.derived[key] = _Styles([default] if default is not None else [], master)
        # The lines of one-run bodies, by formatting: shared by every slide of the master.
        lines = self._masters.derived.get(("one run", id(found)))
        if not isinstance(lines, dict):
            lines = self._masters.derived[("one run", id(found))] = {}
        self._one_run = lines
        return found

    def __call__(self, body: etree._Element, width: int) -> int:
        """The body's height in EMU wrapped at ``width`` EMU."""
        styles = self._styles
        if styles is None:
            styles = self._styles = self._plain()
        single = _single_run(body)
        # East Asian text is measured whole: its line height and widths are not its form's alone.
        if single is not None and not has_east_asian(single[2]):
            ppr, rpr, text = single
            key = (_paragraph_key(ppr), _run_key(rpr))
            known = self._one_run.get(key)
            if known is None:
                lines, _ = _lines(body, styles)
                line = lines[0]
                known = self._one_run[key] = _OneLine(
                    line.runs[0], line.margin, _text_height(lines, None), {}
                )
            height = known.height(text, width)
            if height is not None:
                return height
        lines, _ = _lines(body, styles)
        return _text_height(lines, width)

    def line_form(self, body: etree._Element) -> Hashable | None:
        """The key of a one-run body's line (its paragraph's and run's formatting), else None."""
        single = _single_run(body)
        return None if single is None else (_paragraph_key(single[0]), _run_key(single[1]))

    def one_line(self, form: Hashable, text: str, width: int) -> int | None:
        """What ``__call__`` answers for a one-run body of ``form`` holding ``text`` when its line
        is known already and the text stays one line; else None."""
        if self._styles is None:
            self._styles = self._plain()
        known = self._one_run.get(form)
        if known is None or (not text.isascii() and has_east_asian(text)):
            return None
        return known.height(text, width)


_MOST_SURE = 256  # the longest text _OneLine.most_sure vouches for (a bound, not a limit)


class _OneLine(NamedTuple):
    """The one line a one-run body of one formatting makes (``TextMeasure``), kept for a render."""

    run: _Run
    margin: int  # the paragraph's left margin
    one: int  # the body's height when its text stays on one line
    sure: dict[int, int]  # by width: _OneLine.most_sure, found when first asked

    def height(self, text: str, width: int) -> int | None:
        """The body's height holding ``text`` (no East Asian text) wrapped at ``width`` when the
        text stays one line for sure (as ``_wrapped``'s first test says); else None."""
        if text.isascii():
            most = self.sure.get(width)
            if most is None:
                most = self.sure[width] = self.most_sure(width)
            if len(text) <= most:
                return self.one
        return self.one if self.run.width(text) + 2 * len(text) + 1 <= width - self.margin else None

    def most_sure(self, width: int) -> int:
        """The most characters that any ASCII text may have and pass the one-line test at
        ``width`` (for at most ``_MOST_SURE``): a table's cells are mostly short, and their length
        alone then answers, their widths not summed. Such a text is no wider than as many of the
        run's widest ASCII character (its advances are summed, then the sum scaled and rounded
        once, both never less for a larger sum; without a face, a width is by length alone)."""
        face = self.run.face
        widest = "x" if face is None else max(map(chr, range(128)), key=face.by_character.__getitem__)

        def passes(count: int) -> bool:
            return self.run.width(widest * count) + 2 * count + 1 <= width - self.margin

        step = self.run.width(widest) + 2
        count = min(max((width - self.margin) // max(step, 1), 0), _MOST_SURE)
        while count > 0 and not passes(count):
            count -= 1
        while count < _MOST_SURE and passes(count + 1):
            count += 1
        return count


def _single_run(body: etree._Element) -> tuple[etree._Element | None, etree._Element | None, str] | None:
    """(pPr, rPr, text) of a body of one paragraph holding one run and no break, else None."""
    # One pass over each level's children: asked for every cell of a measured table row.
    paragraph = None
    for child in body:
        if child.tag == _P:
            if paragraph is not None:
                return None
            paragraph = child
    if paragraph is None:
        return None
    ppr = found = None
    for child in paragraph:
        tag = child.tag
        if tag == _PPR:
            ppr = child if ppr is None else ppr
        elif tag in _RUN_OR_BREAK:
            if found is not None or tag == _BR:
                return None
            found = child
    if found is None:
        return None
    rpr, t = first_of_two(found, _RPR, _T)
    return ppr, rpr, (t.text or "") if t is not None else ""


def _run_key(rpr: etree._Element | None) -> object:
    """What of an rPr makes a run's size, face and line height: sz, b, i and a:latin's and a:ea's
    typefaces (what :meth:`_Styles._run_format` reads, so equal keys give equal runs)."""
    if rpr is None:
        return None
    get = rpr.get
    if not len(rpr):
        return (get("sz"), get("b"), get("i"), None, None)
    latin, ea = first_of_two(rpr, _LATIN, _EA)
    return (
        get("sz"),
        get("b"),
        get("i"),
        latin.get("typeface") if latin is not None else None,
        ea.get("typeface") if ea is not None else None,
    )


def _paragraph_key(ppr: etree._Element | None) -> object:
    """What of a pPr makes a paragraph's lines: its level, alignment, margin and own spacings
    (what :meth:`_Styles._paragraph_format` reads, so equal keys give equal paragraphs)."""
    if ppr is None:
        return None
    get = ppr.get
    return (get("lvl"), get("algn"), get("marL"), _own_spacings(ppr) if len(ppr) else _NO_SPACINGS)
