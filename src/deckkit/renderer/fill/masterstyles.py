"""What auto-fit reads from a slide's master: its title and body text styles, and its theme's fonts.

Every auto-fit text box needs them, and they are the same for every slide of a master; reading
them (two relationships, the master's text styles, the theme's font scheme) for each box cost
more than measuring its text. A :class:`MasterStyles` reads them once per master. Make one per
render (or per template package): it holds the masters it has read, so it is never shared
between templates, and nothing in a render changes a master's text styles or its theme's fonts
(theme colours, see :mod:`deckkit.renderer.fill.theme`, are not read here).
"""

from __future__ import annotations

from typing import NamedTuple

from lxml import etree

from deckkit.ooxml.namespaces import qn
from deckkit.ooxml.opc.part import Part
from deckkit.ooxml.opc.relationships import RT

__all__ = ["MasterStyles", "MasterText", "default_text_style"]

DEFAULT_TYPEFACE = "Calibri"


class MasterText(NamedTuple):
    """A master's ``p:txStyles`` title and body styles, and its theme's minor and major latin fonts
    and East Asian fonts (None where the theme names none: its text is measured with the stand-in
    CJK font, :func:`~deckkit.renderer.fill.fontmetrics.east_face`)."""

    title: etree._Element | None
    body: etree._Element | None
    minor: str = DEFAULT_TYPEFACE
    major: str = DEFAULT_TYPEFACE
    minor_east: str | None = None
    major_east: str | None = None


def _theme_font(theme: etree._Element, which: str, script: str = "latin") -> str | None:
    """The typeface of ``.//a:fontScheme/a:{which}Font/a:{script}`` (latin or ea), walked in C
    (ElementPath's ``.//`` walks the whole theme in Python)."""
    for scheme in theme.iter(qn("a:fontScheme")):
        for font in scheme.iterchildren(qn(f"a:{which}Font")):
            for found in font.iterchildren(qn(f"a:{script}")):
                return found.get("typeface") or None
    return None


def _read(master: Part) -> MasterText:
    styles = master.xml.find(qn("p:txStyles"))
    title = styles.find(qn("p:titleStyle")) if styles is not None else None
    body = styles.find(qn("p:bodyStyle")) if styles is not None else None
    theme = master.related(RT.THEME)
    if theme is None:
        return MasterText(title, body)
    return MasterText(
        title,
        body,
        _theme_font(theme.xml, "minor") or DEFAULT_TYPEFACE,
        _theme_font(theme.xml, "major") or DEFAULT_TYPEFACE,
        _theme_font(theme.xml, "minor", "ea"),
        _theme_font(theme.xml, "major", "ea"),
    )


def default_text_style(presentation: etree._Element) -> etree._Element | None:
    """The deck's ``p:defaultTextStyle`` (presentation.xml's root given): the list style of text
    that is not in a placeholder (text boxes, shapes, table cells), as PowerPoint reads it."""
    return presentation.find(qn("p:defaultTextStyle"))


class MasterStyles:
    """Each slide master's :class:`MasterText`, read on first use; and the deck's default text
    style (``default_text``, :func:`default_text_style`), which text outside placeholders follows:
    Google Slides writes 14 pt Arial there, and its text boxes say no size of their own."""

    def __init__(self, default_text: etree._Element | None = None) -> None:
        self.default_text = default_text
        # id(master) -> (master, its text): the part is held, so its id is not reused meanwhile.
        self._read: dict[int, tuple[Part, MasterText]] = {}
        # What auto-fit works out from a master's text and a layout's placeholders (keyed by ids of
        # parts and elements the package holds for the whole render): as lasting as they are.
        self.derived: dict[tuple[object, ...], object] = {}

    def of(self, slide: Part) -> MasterText | None:
        """The master text of slide's layout's master (None for a slide without one)."""
        return self.of_layout(slide.related(RT.SLIDE_LAYOUT))

    def of_layout(self, layout: Part | None) -> MasterText | None:
        """The master text of a layout's master (None for none)."""
        master = layout.related(RT.SLIDE_MASTER) if layout is not None else None
        if master is None:
            return None
        known = self._read.get(id(master))
        if known is None or known[0] is not master:
            known = (master, _read(master))
            self._read[id(master)] = known
        return known[1]
