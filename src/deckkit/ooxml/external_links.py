"""A package's links to things outside it: what PowerPoint may fetch or open when the deck is opened.

A template may carry external relationships (``TargetMode="External"``): a picture linked from a
file or a web address instead of embedded, a chart's linked workbook, a linked OLE object, a
sound or a video, a link to ``file:///...``. Nothing here fetches them; they are listed so that
inspection shows them and a render warns about those its output carries. Web and mail links
(``http``, ``https``, ``mailto`` hyperlinks) and online videos over ``https`` are ordinary and
not listed: they open only when someone clicks them.

A template says that its links are meant with the custom document property
``deckkit-external-links`` set to ``allow`` (PowerPoint: File > Info > Properties > Advanced
Properties > Custom): its renders then keep quiet about them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from deckkit.ooxml.namespaces import qn
from deckkit.ooxml.opc.part import Part
from deckkit.ooxml.opc.relationships import RT, Relationships

__all__ = ["ALLOW_PROPERTY", "ExternalLink", "external_links", "links_allowed"]

ALLOW_PROPERTY: Final = "deckkit-external-links"
"""The template's custom document property that, set to ``allow``, keeps renders quiet about its links."""

_WEB = ("http:", "https:", "mailto:")
_WHAT = {
    RT.IMAGE: "a linked picture",
    RT.OLE_OBJECT: "a linked OLE object",
    RT.PACKAGE: "a linked embedded file",
    RT.VIDEO: "a linked video",
    RT.AUDIO: "a linked sound",
    RT.MEDIA: "linked media",
    RT.HYPERLINK: "a link",
}


@dataclass(frozen=True, slots=True)
class ExternalLink:
    """One external relationship: the part that holds it (its name in the template), what it is, where to."""

    part: str
    what: str
    target: str

    def __str__(self) -> str:
        return f"{self.part}: {self.what} to {self.target}"


def _ordinary(reltype: str, target: str) -> bool:
    lowered = target.strip().lower()
    if reltype == RT.HYPERLINK:
        return lowered.startswith(_WEB)
    return reltype in (RT.VIDEO, RT.MEDIA) and lowered.startswith("https:")


def _what(part: Part, reltype: str) -> str:
    name = part.name or part.name_hint
    if reltype == RT.OLE_OBJECT and "/charts/" in name:
        return "a linked workbook"  # a chart's data kept in a workbook outside the deck
    return _WHAT.get(reltype, "a linked " + reltype.rsplit("/", 1)[-1])


def external_links(parts: Iterable[Part]) -> list[ExternalLink]:
    """The external relationships of ``parts`` that are not ordinary web or mail links, each once."""
    found: dict[tuple[str, str], ExternalLink] = {}
    for part in parts:
        rels: Relationships[Part] = part.rels
        for rel in rels:
            if not rel.external or _ordinary(rel.reltype, str(rel.target)):
                continue
            name = part.name or part.name_hint
            found.setdefault(
                (name, str(rel.target)), ExternalLink(name, _what(part, rel.reltype), str(rel.target))
            )
    return list(found.values())


def links_allowed(root_rels: Relationships[Part]) -> bool:
    """Whether the package's custom document property ``deckkit-external-links`` says ``allow``."""
    custom = next((r.target for r in root_rels if r.reltype == RT.CUSTOM_PROPERTIES), None)
    if not isinstance(custom, Part):
        return False
    for prop in custom.xml.iter(qn("cup:property")):
        if prop.get("name", "").strip().lower() == ALLOW_PROPERTY:
            return "".join(str(text) for text in prop.itertext()).strip().lower() == "allow"
    return False
