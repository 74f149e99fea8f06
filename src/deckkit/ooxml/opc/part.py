"""A part of the package: a name, a content type, and bytes parsed only when someone asks.

A part nobody parsed is written back byte for byte. A new part has no name until the package is
written (:func:`deckkit.ooxml.opc.part_names.assign_names`).
"""

from __future__ import annotations

import functools
from typing import Protocol

from lxml import etree

from deckkit.ooxml.opc.relationships import Relationships
from deckkit.ooxml.opc.zip_writer import BackgroundPacker, Packed, PendingPack, should_deflate
from deckkit.ooxml.safexml import parse_xml
from deckkit.ooxml.xml_copy import copy_tree

__all__ = ["Part", "PartSource", "parse_xml", "serialize_xml"]


def serialize_xml(root: etree._Element) -> bytes:
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


class PartSource(Protocol):
    """Where a part's bytes and relationships come from when first asked for (the package)."""

    def read_part(self, name: str) -> bytes:
        """The bytes of the template part ``name``."""
        ...

    def read_relationships(self, source: Part) -> Relationships[Part]:
        """The relationships of a template part, read from its ``.rels`` part."""
        ...


class Part:
    """One part: a name (None until written, for new parts), a content type, bytes or a parsed tree."""

    __slots__ = (
        "_blob",
        "_packed",
        "_rels",
        "_source",
        "_xml",
        "content_type",
        "name",
        "name_hint",
        "template_entry",
    )

    def __init__(
        self,
        source: PartSource,
        name: str | None,
        content_type: str,
        blob: bytes | None = None,
        xml: etree._Element | None = None,
        *,
        name_hint: str | None = None,
    ) -> None:
        self._source = source
        self.name = name
        # For a new part: folder, stem and extension of the name it gets when written.
        self.name_hint = name_hint or name or "ppt/part.xml"
        self.content_type = content_type
        self._blob = blob
        self._xml = xml
        self._rels: Relationships[Part] | None = None
        # The template entry whose bytes this part still holds unchanged (written without deflating again).
        self.template_entry: str | None = None
        self._packed: PendingPack | None = None  # deflating after freeze(), its bytes let go

    def __repr__(self) -> str:
        return f"<Part {self.name or '(new)'} {self.content_type}>"

    @property
    def blob(self) -> bytes:
        """The part's bytes (serialized from the tree when it was parsed)."""
        if self._xml is not None:
            return serialize_xml(self._xml)
        if self._blob is None and self._packed is not None:
            return self._packed.data()
        if self._blob is None:
            assert self.name is not None
            self._blob = self._source.read_part(self.name)
            self.template_entry = self.name
        return self._blob

    @blob.setter
    def blob(self, data: bytes) -> None:
        if data is self._blob and self._xml is None:
            return  # the very bytes it holds (a workbook left as it was): still the template's, unchecked
        self._blob = data
        self._xml = None
        self.template_entry = None
        self._packed = None

    @property
    def xml(self) -> etree._Element:
        """The parsed root element; parsed on first use, then edited in place."""
        if self._xml is None:
            self._xml = parse_xml(self.blob, self.name or self.name_hint)
            self._blob = None
            self.template_entry = None
            self._packed = None
        return self._xml

    def freeze(self, packer: BackgroundPacker | None = None) -> None:
        """A filled part that will not change again: serialized and deflated meanwhile by packer.

        Serializing a tree (lxml lets go of the GIL while it writes) and deflating it can run on
        another core while the next slide is filled; the part then holds only its deflated bytes,
        and the tree is let go once its batch is packed. Nothing may change the tree from now on.
        Without a packer it is packed on its own. Reading ``xml`` again parses it again.
        """
        own = packer or BackgroundPacker()
        if self._xml is not None:
            # Serialized on the packing thread (lxml lets go of the GIL while it writes a tree).
            self._packed = own.add_later(
                functools.partial(serialize_xml, self._xml), should_deflate(self.name_hint)
            )
            self._xml = None
        elif self._blob is not None and self.template_entry is None and self._packed is None:
            self._packed = own.add(self._blob, should_deflate(self.name_hint))
            self._blob = None
        if packer is None:
            own.flush()

    @property
    def packed(self) -> Packed | None:
        """The part as it goes into the zip, when deflated since :meth:`freeze`."""
        return self._packed.result() if self._packed is not None else None

    @property
    def is_frozen(self) -> bool:
        """Frozen (:meth:`freeze`) and not changed since: it holds its deflated bytes."""
        return self._packed is not None

    @property
    def is_parsed(self) -> bool:
        return self._xml is not None

    @property
    def rels(self) -> Relationships[Part]:
        if self._rels is None:
            self._rels = self._source.read_relationships(self)
        return self._rels

    @rels.setter
    def rels(self, rels: Relationships[Part]) -> None:
        self._rels = rels

    def related(self, reltype: str) -> Part | None:
        """The first internal target of a relationship of this type, or None."""
        for rel in self.rels:
            if rel.reltype == reltype and not isinstance(rel.target, str):
                return rel.target
        return None

    def copy(self) -> Part:
        """A new, unnamed part with the same content (a tree is copied, bytes are shared).

        The copy has no relationships until given some (see :meth:`Package.clone`).
        """
        clone = Part(self._source, None, self.content_type, name_hint=self.name_hint)
        if self._xml is not None:
            clone._xml = copy_tree(self._xml)
        else:
            clone._blob = self.blob
            clone.template_entry = self.template_entry
        return clone
