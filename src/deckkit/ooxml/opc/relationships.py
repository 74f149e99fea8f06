"""Relationships: the typed, ordered links from a part (or the package) to parts and URIs.

Internal targets are part objects (:class:`~deckkit.ooxml.opc.part.Part`), not names, so a cloned
part needs a name only when the package is written. A dangling internal target is kept as its
Target string: it is the template's own fault, and guessing would be worse. The containers are
generic in the part type, of which they read only the name: parts hold their relationships, and
this module needs nothing else of them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, Generic, Protocol, TypeVar

from lxml import etree

from deckkit.ooxml.namespaces import PR, qn
from deckkit.ooxml.opc.part_names import (
    relative_target,
    relative_target_from,
    resolve_target,
    source_folder,
)


class Named(Protocol):
    """What a relationship needs of the part it targets: its name, once the package is written."""

    @property
    def name(self) -> str | None: ...


P = TypeVar("P", bound=Named)

__all__ = [
    "OWNED_BY_SLIDE",
    "RT",
    "XML_DECLARATION",
    "Named",
    "Relationship",
    "Relationships",
    "attribute_text",
    "read_relationships",
    "relationships_root",
    "relationships_xml",
]

_RT_BASE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"


class RT:
    """Relationship types the renderer acts on."""

    # ECMA-376's own (officeDocument/2006/relationships/...)
    OFFICE_DOCUMENT: Final = _RT_BASE + "officeDocument"
    SLIDE: Final = _RT_BASE + "slide"
    SLIDE_LAYOUT: Final = _RT_BASE + "slideLayout"
    SLIDE_MASTER: Final = _RT_BASE + "slideMaster"
    NOTES_SLIDE: Final = _RT_BASE + "notesSlide"
    NOTES_MASTER: Final = _RT_BASE + "notesMaster"
    THEME: Final = _RT_BASE + "theme"
    THEME_OVERRIDE: Final = _RT_BASE + "themeOverride"
    CHART: Final = _RT_BASE + "chart"
    CHART_USER_SHAPES: Final = _RT_BASE + "chartUserShapes"
    PACKAGE: Final = _RT_BASE + "package"
    IMAGE: Final = _RT_BASE + "image"
    HYPERLINK: Final = _RT_BASE + "hyperlink"
    VIDEO: Final = _RT_BASE + "video"
    AUDIO: Final = _RT_BASE + "audio"
    OLE_OBJECT: Final = _RT_BASE + "oleObject"
    EXTENDED_PROPERTIES: Final = _RT_BASE + "extended-properties"
    CUSTOM_PROPERTIES: Final = _RT_BASE + "custom-properties"
    DIAGRAM_DATA: Final = _RT_BASE + "diagramData"
    DIAGRAM_LAYOUT: Final = _RT_BASE + "diagramLayout"
    DIAGRAM_STYLE: Final = _RT_BASE + "diagramQuickStyle"
    DIAGRAM_COLORS: Final = _RT_BASE + "diagramColors"
    COMMENTS: Final = _RT_BASE + "comments"
    COMMENT_AUTHORS: Final = _RT_BASE + "commentAuthors"
    TAGS: Final = _RT_BASE + "tags"
    TABLE_STYLES: Final = _RT_BASE + "tableStyles"

    # Microsoft's extensions
    VBA_PROJECT: Final = "http://schemas.microsoft.com/office/2006/relationships/vbaProject"
    MEDIA: Final = "http://schemas.microsoft.com/office/2007/relationships/media"
    CHART_STYLE: Final = "http://schemas.microsoft.com/office/2011/relationships/chartStyle"
    CHART_COLORS: Final = "http://schemas.microsoft.com/office/2011/relationships/chartColorStyle"
    DIAGRAM_DRAWING: Final = "http://schemas.microsoft.com/office/2007/relationships/diagramDrawing"
    MODERN_COMMENTS: Final = "http://schemas.microsoft.com/office/2018/10/relationships/comments"
    AUTHORS: Final = "http://schemas.microsoft.com/office/2018/10/relationships/authors"


# What an output slide owns: these targets are copied with the slide (recursively), every other
# target (layouts, pictures, media, tags...) is shared between the copies.
OWNED_BY_SLIDE: Final = frozenset(
    {
        RT.NOTES_SLIDE,
        RT.CHART,
        RT.CHART_USER_SHAPES,
        RT.PACKAGE,
        RT.CHART_STYLE,
        RT.CHART_COLORS,
        RT.THEME_OVERRIDE,
        RT.DIAGRAM_DATA,
        RT.DIAGRAM_LAYOUT,
        RT.DIAGRAM_STYLE,
        RT.DIAGRAM_COLORS,
        RT.DIAGRAM_DRAWING,
        RT.COMMENTS,
        RT.MODERN_COMMENTS,
        RT.TAGS,
    }
)


@dataclass(slots=True)
class Relationship(Generic[P]):
    """A relationship: internal (target is a part) or external (target is a URI string)."""

    rid: str
    reltype: str
    target: P | str
    external: bool = False


class Relationships(Generic[P]):
    """The relationships of one part (or of the package), in order, with O(1) new ids."""

    __slots__ = ("_by_id", "_next")

    def __init__(self) -> None:
        self._by_id: dict[str, Relationship[P]] = {}
        self._next = 1

    def __iter__(self) -> Iterator[Relationship[P]]:
        return iter(list(self._by_id.values()))

    def __len__(self) -> int:
        return len(self._by_id)

    def get(self, rid: str) -> Relationship[P] | None:
        return self._by_id.get(rid)

    def first_target(self, reltype: str) -> P | None:
        """The first internal target of a relationship of this type, or None."""
        for rel in self._by_id.values():  # no copy: nothing here changes them
            if rel.reltype == reltype and not isinstance(rel.target, str):
                return rel.target
        return None

    def target_part(self, rid: str) -> P | None:
        rel = self._by_id.get(rid)
        return rel.target if rel is not None and not isinstance(rel.target, str) else None

    def add_existing(self, rel: Relationship[P]) -> None:
        self._by_id[rel.rid] = rel
        match = re.fullmatch(r"rId(\d+)", rel.rid)
        if match:
            self._next = max(self._next, int(match.group(1)) + 1)

    def retargeted(self, target_of: Callable[[Relationship[P]], P | str]) -> Relationships[P]:
        """The same relationships (ids, types, order, next id) with each target ``target_of(rel)``."""
        copy: Relationships[P] = Relationships()
        copy._by_id = {
            rid: Relationship(rid, rel.reltype, target_of(rel), rel.external)
            for rid, rel in self._by_id.items()
        }
        copy._next = self._next
        return copy

    def add(self, reltype: str, target: P | str, *, external: bool = False) -> str:
        """Add a relationship with a fresh id and return the id."""
        while f"rId{self._next}" in self._by_id:
            self._next += 1
        rid = f"rId{self._next}"
        self._next += 1
        self._by_id[rid] = Relationship(rid, reltype, target, external)
        return rid

    def find(self, reltype: str, target: P) -> str | None:
        for rel in self._by_id.values():
            if rel.reltype == reltype and rel.target is target:
                return rel.rid
        return None

    def remove(self, rid: str) -> None:
        self._by_id.pop(rid, None)


def read_relationships(root: etree._Element, folder: str) -> Iterator[tuple[str, str, str, str | None]]:
    """(Id, Type, Target as written, part name) of each relationship in a ``.rels`` root, in order.

    The part name is the internal target resolved against ``folder`` (the source part's folder);
    it is None for an external target (a URI).
    """
    for el in root.iter(qn("pr:Relationship")):
        rid, reltype, target = el.get("Id") or "", el.get("Type") or "", el.get("Target") or ""
        external = el.get("TargetMode") == "External"
        yield rid, reltype, target, None if external else resolve_target(folder, target)


def relationships_root(source_name: str | None, rels: Relationships[P]) -> etree._Element:
    """The ``.rels`` XML of ``rels``, with targets relative to ``source_name`` (None: the package)."""
    root = etree.fromstring(f'<Relationships xmlns="{PR}"/>')
    for rel in rels:
        el = etree.SubElement(root, qn("pr:Relationship"), Id=rel.rid, Type=rel.reltype)
        if rel.external:
            el.set("Target", str(rel.target))
            el.set("TargetMode", "External")
        elif isinstance(rel.target, str):
            el.set("Target", rel.target)
        else:
            assert rel.target.name is not None
            el.set("Target", relative_target(source_name, rel.target.name))
    return root


XML_DECLARATION = b"<?xml version='1.0' encoding='UTF-8' standalone='yes'?>\n"
# What libxml2 escapes in an attribute value (so the text is what serializing the tree gives).
_ATTRIBUTE_ESCAPES = str.maketrans(
    {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"}
)


def relationships_xml(source_name: str | None, rels: Relationships[P]) -> bytes:
    """The bytes of :func:`relationships_root` serialized, written as text: a package has hundreds of these."""
    out = [f'<Relationships xmlns="{PR}">']
    folder = source_folder(source_name)
    for rel in rels:
        if rel.external or isinstance(rel.target, str):
            target = str(rel.target)
        else:
            assert rel.target.name is not None
            target = relative_target_from(folder, rel.target.name)
        mode = ' TargetMode="External"' if rel.external else ""
        out.append(
            f'<Relationship Id="{attribute_text(rel.rid)}" Type="{attribute_text(rel.reltype)}" '
            f'Target="{attribute_text(target)}"{mode}/>'
        )
    if len(out) == 1:
        return XML_DECLARATION + f'<Relationships xmlns="{PR}"/>'.encode()
    out.append("</Relationships>")
    return XML_DECLARATION + "".join(out).encode()


# The same types and targets come back in every part's relationships, and in every render.
@lru_cache(maxsize=8192)
def attribute_text(value: str) -> str:
    """value as libxml2 writes it in an attribute (between double quotes)."""
    return value.translate(_ATTRIBUTE_ESCAPES) if not value.isalnum() else value
