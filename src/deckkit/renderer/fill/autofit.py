"""Auto-fit text boxes follow their new text, as PowerPoint does when a person types it.

- ``a:spAutoFit`` with ``wrap="none"``: the box takes the width (and height) of its text; it
  grows away from the first paragraph's alignment edge (left-aligned text keeps the left edge,
  right-aligned the right edge, centred the centre).
- ``a:spAutoFit`` with wrapping: the width stays, the height follows the wrapped lines.
- Vertically, the edge named by the body's ``anchor`` stays (top, centre, bottom).
- ``a:normAutofit`` (shrink text on overflow): ``fontScale`` / ``lnSpcReduction`` are
  recomputed for the new text with PowerPoint's steps, and dropped when it fits at full size.
  They are not simply dropped: PowerPoint draws the stored values until someone edits the box,
  so a stale scale (from ``{key}``) would shrink a short value or let a long one overflow.

Text is measured with real font metrics (:mod:`deckkit.renderer.fill.fontmetrics`), with the
theme's fonts for ``+mn-lt`` / ``+mj-lt``. Rotated and vertical text is left as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from lxml import etree

from deckkit.ooxml.locate import inherited_xfrm
from deckkit.ooxml.namespaces import qn
from deckkit.ooxml.opc.part import Part
from deckkit.ooxml.xml_children import first_child
from deckkit.renderer.fill.fontmetrics import face, line_height
from deckkit.renderer.fill.masterstyles import DEFAULT_TYPEFACE, MasterStyles, MasterText

__all__ = ["fit_text_boxes"]

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
_LATIN, _LST_STYLE, _NV_PR, _PH = qn("a:latin"), qn("a:lstStyle"), qn("p:nvPr"), qn("p:ph")
_RUN_TAGS, _T, _BR = (qn("a:r"), qn("a:fld")), qn("a:t"), qn("a:br")


@dataclass
class _Run:
    text: str
    size: float
    typeface: str
    bold: bool
    italic: bool

    def width(self, text: str | None = None) -> int:
        found = face(self.typeface, self.bold, self.italic)
        text = self.text if text is None else text
        if found is None:
            return round(len(text) * self.size * 0.5 * 12700)
        return found.width(text, self.size)


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
        tallest = max((line_height(r.typeface, r.size * scale) for r in self.runs), default=0)
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
        self._defaults: dict[tuple[int, str], str | None] = {}
        self._children: dict[tuple[int, str], etree._Element | None] = {}
        self._paragraph_defaults: dict[tuple[int, str], str | None] = {}

    def default(self, level: int, attribute: str) -> str | None:
        key = (level, attribute)
        if key not in self._defaults:
            self._defaults[key] = self._find_default(level, attribute)
        return self._defaults[key]

    def _find_default(self, level: int, attribute: str) -> str | None:
        for styles in self.levels:
            rpr = styles.find(qn(f"a:lvl{level + 1}pPr/a:defRPr"))
            if rpr is not None:
                if attribute == "typeface":
                    latin = rpr.find(qn("a:latin"))
                    if latin is not None and latin.get("typeface"):
                        return latin.get("typeface")
                elif rpr.get(attribute) is not None:
                    return rpr.get(attribute)
        return None

    def paragraph_child(self, ppr: etree._Element | None, level: int, tag: str) -> etree._Element | None:
        """The paragraph's own a:pPr child (spcBef, lnSpc...), else its list style's."""
        own = first_child(ppr, qn(f"a:{tag}")) if ppr is not None else None
        if own is not None:
            return own
        key = (level, tag)
        if key not in self._children:
            self._children[key] = self._find_child(level, tag)
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
        def attr(name: str) -> str | None:
            own = rpr.get(name) if rpr is not None else None
            return own if own is not None else self.default(level, name)

        latin = first_child(rpr, _LATIN) if rpr is not None else None
        typeface = (
            (latin.get("typeface") if latin is not None else None)
            or self.default(level, "typeface")
            or "+mn-lt"
        )
        if typeface.startswith("+mj"):
            typeface = self.major
        elif typeface.startswith("+mn"):
            typeface = self.minor
        size = attr("sz")
        return _Run(
            text,
            int(size) / 100 if size else DEFAULT_SIZE,
            typeface,
            attr("b") in ("1", "true"),
            attr("i") in ("1", "true"),
        )


def _placeholder(shape: etree._Element) -> etree._Element | None:
    """``shape.find("./*/p:nvPr/p:ph")``, walked in C."""
    for child in shape.iterchildren():
        for nv_pr in child.iterchildren(_NV_PR):
            for ph in nv_pr.iterchildren(_PH):
                return ph
    return None


def _styles(shape: etree._Element, body: etree._Element, slide: Part, masters: MasterStyles) -> _Styles:
    """The shape's styles; shared by the boxes of one master and placeholder kind that add no list
    style of their own (an empty ``a:lstStyle`` answers nothing), so each lookup is made once."""
    master = masters.of(slide)
    ph = _placeholder(shape)
    kind = ph.get("type", "body") if ph is not None else None
    inherited: list[etree._Element] = []
    if master is not None and kind is not None:
        found = master.title if kind in ("title", "ctrTitle") else master.body
        if found is not None:
            inherited.append(found)
    own = first_child(body, _LST_STYLE)
    if own is not None and len(own):
        return _Styles([own, *inherited], master)
    key = (id(master), kind)
    shared = masters.derived.get(key)
    if not isinstance(shared, _Styles):
        shared = masters.derived[key] = _Styles(inherited, master)
    return shared


def _points(spacing: etree._Element | None, size: float) -> int:
    """spcBef/spcAft in EMU: spcPts in hundredths of a point, spcPct in thousandths of a line."""
    if spacing is None:
        return 0
    pts, pct = spacing.find(qn("a:spcPts")), spacing.find(qn("a:spcPct"))
    if pts is not None:
        return int(pts.get("val", "0")) * 127
    if pct is not None:
        return round(int(pct.get("val", "0")) / 100000 * size * 1.2 * 12700)
    return 0


def _lines(body: etree._Element, styles: _Styles) -> tuple[list[_Line], str]:
    """The body's lines (a paragraph breaks at each a:br) and the first paragraph's alignment."""
    lines: list[_Line] = []
    align = ""
    for paragraph in body.iter(qn("a:p")):
        ppr = first_child(paragraph, qn("a:pPr"))
        level = int(ppr.get("lvl", "0")) if ppr is not None else 0
        if not align:
            align = (
                (ppr.get("algn") if ppr is not None else None)
                or styles.paragraph_default(level, "algn")
                or "l"
            )
        spacing = 1.0
        line_spacing = styles.paragraph_child(ppr, level, "lnSpc")
        pct = line_spacing.find(qn("a:spcPct")) if line_spacing is not None else None
        if pct is not None:
            spacing = int(pct.get("val", "100000")) / 100000
        margin = (ppr.get("marL") if ppr is not None else None) or styles.paragraph_default(level, "marL")
        indent = int(margin) if margin and margin.lstrip("-").isdigit() else 0
        current = _Line([], spacing=spacing, margin=indent)
        first = current
        for child in paragraph:
            if child.tag in _RUN_TAGS:
                t = first_child(child, _T)
                text = (t.text or "") if t is not None else ""
                current.runs.append(styles.run(first_child(child, qn("a:rPr")), level, text))
            elif child.tag == _BR:
                lines.append(current)
                current = _Line([], spacing=spacing, margin=indent)
        if not current.runs:  # an empty line is as tall as its end-of-paragraph mark
            current.runs.append(styles.run(first_child(paragraph, qn("a:endParaRPr")), level, ""))
        size = current.runs[0].size
        first.space_before = _points(styles.paragraph_child(ppr, level, "spcBef"), size)
        current.space_after = _points(styles.paragraph_child(ppr, level, "spcAft"), size)
        lines.append(current)
    return lines, align


def _wrapped(line: _Line, available: int, scale: float) -> int:
    """How many lines line takes when wrapped at available EMU (greedy, at spaces, like Office)."""
    count, x = 1, 0
    available -= line.margin
    for run in line.runs:
        for word in _WORD.findall(run.text):
            width = round(run.width(word) * scale)
            if word.isspace():
                x += width
                continue
            if x > 0 and x + width > available:
                count, x = count + 1, 0
            while width > available > 0:  # a word longer than the box breaks anywhere
                count, width = count + 1, width - available
            x += width
    return count


def _text_height(
    lines: list[_Line], available: int | None, scale: float = 1.0, reduction: float = 0.0
) -> int:
    total = 0
    for line in lines:
        rows = _wrapped(line, available, scale) if available is not None else 1
        total += rows * line.height(scale, reduction) + line.space_before + line.space_after
    return total


def _inset(body_pr: etree._Element, name: str) -> int:
    value = body_pr.get(name)
    return int(value) if value is not None and value.lstrip("-").isdigit() else INSETS[name]


def _own_xfrm(shape: etree._Element, slide: Part) -> etree._Element | None:
    """The shape's a:xfrm; a placeholder without one gets a copy of the one it inherits."""
    sp_pr = first_child(shape, qn("p:spPr"))
    if sp_pr is None:
        return None
    xfrm = first_child(sp_pr, qn("a:xfrm"))
    if xfrm is None:
        inherited = inherited_xfrm(shape, slide)
        if inherited is None:
            return None
        xfrm = etree.Element(qn("a:xfrm"))
        for child in inherited:
            xfrm.append(etree.fromstring(etree.tostring(child)))
        sp_pr.insert(0, xfrm)
    return xfrm


def _move_edge(start: int, old: int, new: int, keep: str) -> int:
    """The new start of a span old -> new long that keeps its 'start', 'centre' or 'end' in place."""
    if keep == "end":
        return start + old - new
    if keep == "centre":
        return start + (old - new) // 2
    return start


def _fit_shape(
    shape: etree._Element, body: etree._Element, body_pr: etree._Element, slide: Part, masters: MasterStyles
) -> None:
    xfrm = _own_xfrm(shape, slide)
    if xfrm is None or xfrm.get("rot") not in (None, "0"):
        return
    off, ext = first_child(xfrm, qn("a:off")), first_child(xfrm, qn("a:ext"))
    if off is None or ext is None:
        return
    lines, align = _lines(body, _styles(shape, body, slide, masters))
    x, y = int(off.get("x", "0")), int(off.get("y", "0"))
    cx, cy = int(ext.get("cx", "0")), int(ext.get("cy", "0"))
    horizontal = _inset(body_pr, "lIns") + _inset(body_pr, "rIns")
    vertical = _inset(body_pr, "tIns") + _inset(body_pr, "bIns")
    if body_pr.get("wrap") == "none":
        new_cx = max((line.width() for line in lines), default=0) + horizontal
        new_cy = _text_height(lines, None) + vertical
        keep = {"r": "end", "ctr": "centre"}.get(align, "start")
        off.set("x", str(_move_edge(x, cx, new_cx, keep)))
        ext.set("cx", str(new_cx))
    else:
        new_cy = _text_height(lines, cx - horizontal) + vertical
    keep = {"b": "end", "ctr": "centre"}.get(body_pr.get("anchor", "t"), "start")
    off.set("y", str(_move_edge(y, cy, new_cy, keep)))
    ext.set("cy", str(new_cy))


def _fit_font_scale(
    shape: etree._Element,
    body: etree._Element,
    body_pr: etree._Element,
    norm: etree._Element,
    slide: Part,
    masters: MasterStyles,
) -> None:
    xfrm = _own_xfrm(shape, slide)
    if xfrm is None:
        return
    ext = first_child(xfrm, qn("a:ext"))
    if ext is None:
        return
    lines, _ = _lines(body, _styles(shape, body, slide, masters))
    available = int(ext.get("cx", "0")) - _inset(body_pr, "lIns") - _inset(body_pr, "rIns")
    room = int(ext.get("cy", "0")) - _inset(body_pr, "tIns") - _inset(body_pr, "bIns")
    wrap = None if body_pr.get("wrap") == "none" else available
    for name in ("fontScale", "lnSpcReduction"):
        norm.attrib.pop(name, "")
    if _text_height(lines, wrap) <= room:
        return
    for scale, reduction in SHRINK_STEPS:
        if _text_height(lines, wrap, scale / 100000, reduction / 100000) <= room:
            break
    norm.set("fontScale", str(scale))
    norm.set("lnSpcReduction", str(reduction))


def fit_text_boxes(
    shapes: Iterable[etree._Element], slide: Part, masters: MasterStyles | None = None
) -> None:
    """Resize (or rescale) each auto-fit text box among shapes to its new text; others are left alone.

    ``masters`` reads each slide master's styles once for a whole render (a new one when absent).
    """
    masters = masters if masters is not None else MasterStyles()
    done: set[int] = set()
    for shape in shapes:
        if id(shape) in done or shape.getparent() is None or shape.tag != qn("p:sp"):
            continue
        done.add(id(shape))
        body = first_child(shape, qn("p:txBody"))
        body_pr = first_child(body, qn("a:bodyPr")) if body is not None else None
        if body is None or body_pr is None or body_pr.get("vert", "horz") != "horz":
            continue
        norm = first_child(body_pr, qn("a:normAutofit"))
        if first_child(body_pr, qn("a:spAutoFit")) is not None:
            _fit_shape(shape, body, body_pr, slide, masters)
        elif norm is not None:
            _fit_font_scale(shape, body, body_pr, norm, slide, masters)
