"""Content types: the ``[Content_Types].xml`` of a package, read and written.

A part's type is its ``Override`` when it has one, else the ``Default`` of its extension. When
writing, a new extension gets a Default (unless its type is XML, which is per part) and every
part whose type differs from its extension's Default gets an Override.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable
from typing import Final

from lxml import etree

from deckkit.ooxml.namespaces import CT, qn
from deckkit.ooxml.opc.relationships import XML_DECLARATION, attribute_text

__all__ = [
    "CT_PRESENTATION",
    "CT_RELS",
    "CT_SLIDE",
    "MAIN_CONTENT_TYPES",
    "MEDIA_CONTENT_TYPES",
    "ContentTypes",
]

CT_PRESENTATION: Final = "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"
CT_RELS: Final = "application/vnd.openxmlformats-package.relationships+xml"
CT_SLIDE: Final = "application/vnd.openxmlformats-officedocument.presentationml.slide+xml"
MAIN_CONTENT_TYPES: Final = frozenset(
    {
        CT_PRESENTATION,
        "application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml",
        "application/vnd.openxmlformats-officedocument.presentationml.template.main+xml",
        "application/vnd.ms-powerpoint.template.macroEnabled.main+xml",
        "application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml",
        "application/vnd.ms-powerpoint.slideshow.macroEnabled.main+xml",
    }
)
MEDIA_CONTENT_TYPES: Final = {
    "png": "image/png",
    "jpg": "image/jpeg",
    "jpeg": "image/jpeg",
    "gif": "image/gif",
    "mp4": "video/mp4",
    "m4v": "video/mp4",
    "mov": "video/quicktime",
}


def _extension(name: str) -> str:
    base = posixpath.basename(name)
    return base.rsplit(".", 1)[-1].lower() if "." in base else ""


class ContentTypes:
    """The Defaults (by extension) and Overrides (by part name) of a package."""

    def __init__(self) -> None:
        self.defaults: dict[str, str] = {}
        self.overrides: dict[str, str] = {}

    @classmethod
    def from_xml(cls, root: etree._Element) -> ContentTypes:
        types = cls()
        for el in root:
            if el.tag == qn("ct:Default"):
                types.defaults[(el.get("Extension") or "").lower()] = el.get("ContentType") or ""
            elif el.tag == qn("ct:Override"):
                types.overrides[(el.get("PartName") or "").lstrip("/")] = el.get("ContentType") or ""
        return types

    def of(self, name: str) -> str:
        """The content type of the part called ``name``."""
        if name in self.overrides:
            return self.overrides[name]
        return self.defaults.get(_extension(name), "application/octet-stream")

    def xml_for(self, parts: Iterable[tuple[str, str]]) -> bytes:
        """The ``[Content_Types].xml`` bytes for these (part name, content type) pairs, written as
        text, as lxml serializes the tree of them (a package has hundreds of parts to list)."""
        defaults = dict(self.defaults)
        defaults.setdefault("rels", CT_RELS)
        defaults.setdefault("xml", "application/xml")
        overrides: list[tuple[str, str]] = []
        for name, content_type in parts:
            ext = _extension(name)
            if ext and ext not in defaults and not content_type.endswith("+xml"):
                defaults[ext] = content_type
            if defaults.get(ext) != content_type:
                overrides.append((name, content_type))
        out = [f'<Types xmlns="{CT}">']
        out += [
            f'<Default Extension="{attribute_text(ext)}" ContentType="{attribute_text(ct)}"/>'
            for ext, ct in defaults.items()
        ]
        out += [
            f'<Override PartName="{attribute_text("/" + name)}" ContentType="{attribute_text(ct)}"/>'
            for name, ct in overrides
        ]
        out.append("</Types>")  # never empty: it has the two defaults above
        return XML_DECLARATION + "".join(out).encode()
