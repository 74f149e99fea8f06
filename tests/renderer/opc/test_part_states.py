"""A part is in one state at a time: unread, bytes (the template's or new), a parsed tree, frozen."""

from __future__ import annotations

from lxml import etree

from deckkit.ooxml.opc.part import Part, serialize_xml
from deckkit.ooxml.opc.relationships import Relationships

XML = serialize_xml(etree.fromstring('<a xmlns="urn:x"><b/></a>'))


class _Source:
    def __init__(self) -> None:
        self.reads: list[str] = []

    def read_part(self, name: str) -> bytes:
        self.reads.append(name)
        return XML

    def read_relationships(self, source: Part) -> Relationships[Part]:
        return Relationships()


def test_a_template_part_is_read_once_and_keeps_its_entry_until_changed() -> None:
    source = _Source()
    part = Part(source, "ppt/a.xml", "application/xml")
    assert part.template_entry is None  # not read yet
    assert part.blob == XML
    assert part.blob == XML
    assert source.reads == ["ppt/a.xml"]
    assert part.template_entry == "ppt/a.xml"
    part.blob = part.blob  # the very bytes: still the template's
    assert part.template_entry == "ppt/a.xml"
    part.blob = XML + b" "
    assert part.template_entry is None


def test_parsing_then_freezing_leaves_one_state_each_time() -> None:
    part = Part(_Source(), "ppt/a.xml", "application/xml")
    part.xml.append(part.xml.makeelement("{urn:x}c"))
    assert (part.is_parsed, part.is_frozen, part.template_entry) == (True, False, None)
    edited = part.blob
    part.freeze()
    assert (part.is_frozen, part.is_parsed) == (True, False)
    assert part.packed is not None
    assert part.blob == edited  # inflated again when asked
    assert len(part.xml) == 2  # parsed again: no longer frozen
    assert (part.is_parsed, part.is_frozen, part.packed) == (True, False, None)


def test_template_bytes_are_not_packed_again_and_copies_share_them() -> None:
    part = Part(_Source(), "ppt/a.xml", "application/xml")
    part.freeze()  # unread: nothing to pack, it is copied from the template
    assert not part.is_frozen
    clone = part.copy()
    assert clone.blob is part.blob
    assert clone.template_entry == "ppt/a.xml"
    made = Part(_Source(), None, "application/xml", blob=b"data")
    made.freeze()
    assert made.is_frozen
    assert made.blob == b"data"
    parsed = part.copy()
    parsed.xml  # noqa: B018
    tree_copy = parsed.copy()
    assert tree_copy.is_parsed
    assert tree_copy.xml is not parsed.xml
