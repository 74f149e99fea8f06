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


class _Unread:
    """A template part whose bytes are still in the template's zip."""

    __slots__ = ()


class _Bytes:
    """Bytes; ``entry`` names the template entry they still are, unchanged (None: bytes of deckkit's)."""

    __slots__ = ("data", "entry")

    def __init__(self, data: bytes, entry: str | None) -> None:
        self.data = data
        self.entry = entry


class _Parsed:
    """A parsed tree, edited in place: its bytes are what it serializes to."""

    __slots__ = ("root",)

    def __init__(self, root: etree._Element) -> None:
        self.root = root


class _Frozen:
    """Done (:meth:`Part.freeze`): deflated on the packing thread, its bytes and tree let go."""

    __slots__ = ("pending",)

    def __init__(self, pending: PendingPack) -> None:
        self.pending = pending


_UNREAD = _Unread()
_State = _Unread | _Bytes | _Parsed | _Frozen


class Part:
    """One part: a name (None until written, for new parts), a content type, and one state of its
    content: unread, bytes, a parsed tree, or frozen (each its own class, so that a part is
    always exactly one of them)."""

    __slots__ = ("_rels", "_source", "_state", "content_type", "name", "name_hint")

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
        self._state: _State = (
            _Parsed(xml) if xml is not None else _Bytes(blob, None) if blob is not None else _UNREAD
        )
        self._rels: Relationships[Part] | None = None

    def __repr__(self) -> str:
        return f"<Part {self.name or '(new)'} {self.content_type}>"

    @property
    def blob(self) -> bytes:
        """The part's bytes (serialized from the tree when it was parsed)."""
        state = self._state
        if isinstance(state, _Bytes):
            return state.data
        if isinstance(state, _Parsed):
            return serialize_xml(state.root)
        if isinstance(state, _Frozen):
            return state.pending.data()
        assert self.name is not None, "an unread part is a template part, which has a name"
        data = self._source.read_part(self.name)
        self._state = _Bytes(data, self.name)
        return data

    @blob.setter
    def blob(self, data: bytes) -> None:
        state = self._state
        if isinstance(state, _Bytes) and data is state.data:
            return  # the very bytes it holds (a workbook left as it was): still the template's, unchecked
        self._state = _Bytes(data, None)

    @property
    def source(self) -> PartSource:
        """The package the part's bytes and relationships were read from."""
        return self._source

    @property
    def template_entry(self) -> str | None:
        """The template entry whose bytes this part still holds unchanged (written without deflating again)."""
        state = self._state
        return state.entry if isinstance(state, _Bytes) else None

    @property
    def xml(self) -> etree._Element:
        """The parsed root element; parsed on first use, then edited in place."""
        state = self._state
        if isinstance(state, _Parsed):
            return state.root
        root = parse_xml(self.blob, self.name or self.name_hint)
        self._state = _Parsed(root)
        return root

    def freeze(self, packer: BackgroundPacker | None = None) -> None:
        """A filled part that will not change again: serialized and deflated meanwhile by packer.

        Serializing a tree (lxml lets go of the GIL while it writes) and deflating it can run on
        another core while the next slide is filled; the part then holds only its deflated bytes,
        and the tree is let go once its batch is packed. Nothing may change the tree from now on.
        Without a packer it is packed on its own. Reading ``xml`` again parses it again.
        A part still holding its template entry, or not read, is left as it is (it is copied).
        """
        own = packer or BackgroundPacker()
        state = self._state
        if isinstance(state, _Parsed):
            # Serialized on the packing thread (lxml lets go of the GIL while it writes a tree).
            self._state = _Frozen(
                own.add_later(functools.partial(serialize_xml, state.root), should_deflate(self.name_hint))
            )
        elif isinstance(state, _Bytes) and state.entry is None:
            self._state = _Frozen(own.add(state.data, should_deflate(self.name_hint)))
        if packer is None:
            own.flush()

    @property
    def packed(self) -> Packed | None:
        """The part as it goes into the zip, when deflated since :meth:`freeze`."""
        state = self._state
        return state.pending.result() if isinstance(state, _Frozen) else None

    @property
    def is_frozen(self) -> bool:
        """Frozen (:meth:`freeze`) and not changed since: it holds its deflated bytes."""
        return isinstance(self._state, _Frozen)

    @property
    def is_parsed(self) -> bool:
        return isinstance(self._state, _Parsed)

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
        return self.rels.first_target(reltype)

    def copy(self) -> Part:
        """A new, unnamed part with the same content (a tree is copied, bytes are shared).

        The copy has no relationships until given some (see :meth:`Package.clone`).
        """
        clone = Part(self._source, None, self.content_type, name_hint=self.name_hint)
        state = self._state
        if isinstance(state, _Parsed):
            clone._state = _Parsed(copy_tree(state.root))
        else:
            data = self.blob
            clone._state = _Bytes(data, self.template_entry)
        return clone
