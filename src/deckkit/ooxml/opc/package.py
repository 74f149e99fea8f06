"""The pptx as a graph of parts: open lazily, clone slides with what they own, write.

A :class:`Part` holds its bytes as read from the template and parses them only when someone
asks for ``.xml``; a part nobody parsed is written back byte for byte. Relationships point at
:class:`Part` objects, not at names, so that a cloned part needs a name only when the package is
written: names are then given by per-folder counters (constant time per part) that skip the
names of the parts kept from the template. Only parts reachable from the package relationships
are written, so unused template slides, their notes and charts, and media only they used, are
left out without any bookkeeping.

Refusals (:class:`~deckkit.errors.TemplateError`): not a zip, an encrypted file, a legacy
binary ``.ppt``, a damaged package, a package without slides. An ISO/IEC 29500 Strict package
is read as Transitional (:mod:`deckkit.ooxml.opc.strict`) and written as Transitional.
"""

from __future__ import annotations

import io
import posixpath
import zipfile
import zlib
from collections.abc import Callable
from urllib.parse import unquote

from lxml import etree

from deckkit.errors import TemplateError
from deckkit.file_kind import describe, describe_content_type, not_powerpoint
from deckkit.ooxml.namespaces import qn
from deckkit.ooxml.opc.content_types import CT_PRESENTATION, MAIN_CONTENT_TYPES, ContentTypes
from deckkit.ooxml.opc.part import Part, parse_xml
from deckkit.ooxml.opc.part_names import assign_names, relationships_part_name
from deckkit.ooxml.opc.relationships import (
    OWNED_BY_SLIDE,
    RT,
    Relationship,
    Relationships,
    read_relationships,
    relationships_xml,
)
from deckkit.ooxml.opc.strict import STRICT_RELATIONSHIPS, to_transitional
from deckkit.ooxml.opc.written import check_unparsed_part
from deckkit.ooxml.opc.zip_writer import (
    BackgroundPacker,
    Packed,
    PendingPack,
    ZipEntry,
    read_packed,
    should_deflate,
    write_zip,
)
from deckkit.safezip import RefusedEntryError, directory_size, read_entry

# Parts, relationships and content types are defined in their own modules: import them from there.
__all__ = ["MAX_TEMPLATE_DIRECTORY_BYTES", "MAX_TEMPLATE_UNPACKED_BYTES", "Package", "open_package"]

MAX_TEMPLATE_UNPACKED_BYTES = 400_000_000
"""All parts read from one template, decompressed: a zip bomb inside template.pptx stops here
(zipfile never returns more than a part declares, so checking declared sizes before reading holds)."""

MAX_TEMPLATE_DIRECTORY_BYTES = 8 * 1024 * 1024
"""The template's zip directory (some 80 bytes a part): refused before zipfile builds an object per entry."""

_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


class Package:
    """A pptx opened from bytes: parts by name, read and parsed on demand."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._zip = zipfile.ZipFile(io.BytesIO(data))
        infos = self._zip.infolist()
        self._names = {info.filename for info in infos if not info.is_dir()}
        self._content_types = ContentTypes()
        self._parts: dict[str, Part] = {}
        self._unpacked = 0
        # ids of the template's bytes as read, until write() has checked them (see check_unparsed_part)
        self._unchecked: set[int] = set()
        self.strict = self._is_strict()
        self._read_content_types()
        self.root_rels = self._relationships_of(None)
        main = self._main_document()
        self.presentation = main

    # reading -----------------------------------------------------------------------------

    def _is_strict(self) -> bool:
        """An ISO/IEC 29500 Strict package: its parts are read translated to Transitional."""
        if "_rels/.rels" not in self._names:
            return False
        return STRICT_RELATIONSHIPS.encode() in self._read_bounded("_rels/.rels")

    def _read_bounded(self, name: str) -> bytes:
        info = self._zip.getinfo(name)
        if info.file_size > MAX_TEMPLATE_UNPACKED_BYTES - self._unpacked:
            raise TemplateError(
                f"template.pptx unpacks to more than {MAX_TEMPLATE_UNPACKED_BYTES:,} bytes (part {name} "
                f"alone declares {info.file_size:,}); it is damaged or a zip bomb"
            )
        try:
            data = read_entry(
                self._zip, info, MAX_TEMPLATE_UNPACKED_BYTES - self._unpacked, MAX_TEMPLATE_UNPACKED_BYTES
            )
        except RefusedEntryError as e:
            raise TemplateError(f"template.pptx cannot be used: part {name} {e}") from None
        except (zipfile.BadZipFile, OSError, EOFError, ValueError, zlib.error) as e:
            raise TemplateError(f"template.pptx is damaged: part {name} cannot be read ({e})") from None
        self._unpacked += len(data)
        return data

    def read_part(self, name: str) -> bytes:
        """The bytes of template part ``name`` (translated from Strict); TemplateError when unreadable."""
        try:
            data = self._read_bounded(name)
            if self.strict and name.endswith((".xml", ".rels")):
                data = to_transitional(data)
            self._unchecked.add(id(data))
            return data
        except (zipfile.BadZipFile, OSError, EOFError, ValueError) as e:
            raise TemplateError(f"template.pptx is damaged: part {name} cannot be read ({e})") from None
        except KeyError:
            raise TemplateError(f"template.pptx is damaged: part {name} is missing") from None

    def _read_content_types(self) -> None:
        if "[Content_Types].xml" not in self._names:
            raise TemplateError("template.pptx is not a PowerPoint package: it has no [Content_Types].xml")
        root = parse_xml(self.read_part("[Content_Types].xml"), "[Content_Types].xml")
        self._content_types = ContentTypes.from_xml(root)

    def content_type_of(self, name: str) -> str:
        return self._content_types.of(name)

    def part(self, name: str) -> Part | None:
        """The template part of that name (one object per name), or None when absent."""
        existing = self._parts.get(name)
        if existing is not None:
            return existing
        if name not in self._names:
            return None
        created = Part(self, name, self.content_type_of(name))
        self._parts[name] = created
        return created

    def read_relationships(self, source: Part) -> Relationships[Part]:
        """The template relationships of ``source``; a new part has none."""
        if source.name is None:
            empty: Relationships[Part] = Relationships()
            return empty
        return self._relationships_of(source.name)

    def _relationships_of(self, source_name: str | None) -> Relationships[Part]:
        """The relationships of the template part ``source_name``, or of the package for None."""
        rels: Relationships[Part] = Relationships()
        rels_name = relationships_part_name(source_name)
        if rels_name not in self._names:
            return rels
        root = parse_xml(self.read_part(rels_name), rels_name)
        folder = posixpath.dirname(source_name) if source_name else ""
        for rid, reltype, target, name in read_relationships(root, folder):
            if name is None:
                rels.add_existing(Relationship(rid, reltype, target, external=True))
                continue
            part = self.part(name) or self.part(unquote(name))
            # A dangling target is the template's own fault; keep it verbatim rather than guess.
            rels.add_existing(Relationship(rid, reltype, part if part is not None else target))
        return rels

    def _main_document(self) -> Part:
        main = next((r.target for r in self.root_rels if r.reltype == RT.OFFICE_DOCUMENT), None)
        if not isinstance(main, Part):
            raise TemplateError("template.pptx is damaged: it has no main presentation part")
        if main.content_type not in MAIN_CONTENT_TYPES:
            kind = describe_content_type(main.content_type)
            raise TemplateError(
                not_powerpoint("template.pptx", kind)
                if kind
                else f"template.pptx is not a PowerPoint presentation (its main part is {main.content_type})"
            )
        # A template (.potx), show (.ppsx) or macro-enabled file becomes a plain presentation,
        # which may not carry macros.
        main.content_type = CT_PRESENTATION
        for rel in main.rels:
            if rel.reltype == RT.VBA_PROJECT:
                main.rels.remove(rel.rid)
        return main

    def slides(self) -> list[Part]:
        """The template's slides in presentation order."""
        root = self.presentation.xml
        lst = root.find(qn("p:sldIdLst"))
        slides: list[Part] = []
        for sld_id in lst if lst is not None else []:
            part = self.presentation.rels.target_part(sld_id.get(qn("r:id")) or "")
            if part is None:
                raise TemplateError("template.pptx is damaged: a slide listed in presentation.xml is missing")
            slides.append(part)
        return slides

    def media_parts(self) -> list[Part]:
        """The template's binary parts (pictures, media, embedded files), in name order."""
        names = sorted(n for n in self._names if not n.endswith((".xml", ".rels")))
        return [part for name in names if (part := self.part(name)) is not None]

    # building ----------------------------------------------------------------------------

    def new_part(
        self,
        content_type: str,
        blob: bytes | None = None,
        xml: etree._Element | None = None,
        *,
        name_hint: str,
    ) -> Part:
        """A new part; ``name_hint`` (``ppt/media/image.png``) gives its folder, stem and extension."""
        return Part(self, None, content_type, blob, xml, name_hint=name_hint)

    def clone(
        self,
        source: Part,
        owned: frozenset[str] = OWNED_BY_SLIDE,
        memo: dict[int, Part] | None = None,
        adopt: Callable[[Part], Part] | None = None,
    ) -> Part:
        """Copy source and, recursively, the targets it owns; shared targets are referenced.

        ``memo`` maps id(template part) -> its copy, so a back-reference (notes -> slide) points at
        the new slide and a part owned twice is copied once. ``adopt``: for a slide of another
        template, what its shared targets (layout, pictures) become in this package
        (:class:`deckkit.ooxml.opc.adopt.Adoption`).
        """
        memo = {} if memo is None else memo
        if id(source) in memo:
            return memo[id(source)]
        copy = source.copy()
        memo[id(source)] = copy

        def target_of(rel: Relationship[Part]) -> Part | str:
            target = rel.target
            if isinstance(target, Part) and not rel.external:
                if id(target) in memo:
                    return memo[id(target)]
                if rel.reltype in owned:
                    return self.clone(target, owned, memo, adopt)
                if adopt is not None:
                    return adopt(target)
            return target

        copy.rels = source.rels.retargeted(target_of)
        return copy

    # writing -----------------------------------------------------------------------------

    def reachable(self) -> list[Part]:
        """Every part reachable from the package relationships, each once, in discovery order."""
        seen: set[int] = set()
        order: list[Part] = []
        stack = [r.target for r in self.root_rels if isinstance(r.target, Part) and not r.external]
        stack.reverse()
        while stack:
            part = stack.pop()
            if id(part) in seen:
                continue
            seen.add(id(part))
            order.append(part)
            children = [r.target for r in part.rels if isinstance(r.target, Part) and not r.external]
            stack.extend(reversed(children))
        return order

    def write(self) -> bytes:
        parts = self.reachable()
        # Template bytes written unparsed are checked (once: clones share them); bytes deckkit
        # made (an edited workbook, media from the data) come from checked sources.
        for part in parts:
            if part.is_parsed or part.is_frozen:
                continue
            # A part taken from another template (see adopt) was read, and is checked, there.
            source = part.source
            unchecked = source._unchecked if isinstance(source, Package) else self._unchecked
            if id(part.blob) in unchecked:
                unchecked.discard(id(part.blob))
                check_unparsed_part(part.name or part.name_hint, part.content_type, part.blob)
        assign_names(parts)
        written = _WrittenOnce()
        entries = [
            written.entry("[Content_Types].xml", self._content_types_xml(parts)),
            written.entry("_rels/.rels", relationships_xml(None, self.root_rels)),
        ]
        for part in parts:
            assert part.name is not None
            packed = part.packed or self._packed_template_entry(part)
            if packed is not None:
                entries.append(ZipEntry(part.name, packed=packed))
            else:
                entries.append(ZipEntry(part.name, part.blob, deflate=should_deflate(part.name)))
            if len(part.rels):
                entries.append(
                    written.entry(relationships_part_name(part.name), relationships_xml(part.name, part.rels))
                )
        written.finish()
        return write_zip(entries)

    def _packed_template_entry(self, part: Part) -> Packed | None:
        """A part still holding a template entry's bytes, as the template stores it (not deflated again)."""
        if part.is_parsed or self.strict or part.source is not self:
            return None
        part.blob  # noqa: B018 -- read once (its CRC checked, a damaged entry refused) before copying it
        if part.template_entry is None:
            return None
        return read_packed(self._zip, self._data, part.template_entry)

    def _content_types_xml(self, parts: list[Part]) -> bytes:
        named = [(part.name, part.content_type) for part in parts if part.name is not None]
        return self._content_types.xml_for(named)


class _WrittenOnce:
    """The relationship parts and content types, deflated on the packing thread while the next are
    written, and once for the same bytes: copies of one template slide often have the same ``.rels``.

    Deflating the same bytes again would give the same stream, so each entry is what
    :func:`write_zip` would have made of it.
    """

    # Small batches: the packing thread starts while the rest are still being written.
    _BATCH_BYTES = 32 * 1024

    def __init__(self) -> None:
        self._packer = BackgroundPacker(self._BATCH_BYTES)
        self._by_bytes: dict[tuple[bytes, bool], PendingPack] = {}
        self._pending: list[tuple[ZipEntry, PendingPack]] = []

    def entry(self, name: str, data: bytes) -> ZipEntry:
        """The entry ``name`` for these bytes; packed by :meth:`finish`."""
        deflate = should_deflate(name)
        pending = self._by_bytes.get((data, deflate))
        if pending is None:
            pending = self._by_bytes[data, deflate] = self._packer.add(data, deflate)
        entry = ZipEntry(name, data, deflate=deflate)
        self._pending.append((entry, pending))
        return entry

    def finish(self) -> None:
        self._packer.flush()
        for entry, pending in self._pending:
            entry.packed = pending.result()


def open_package(data: bytes, *, slides_required: bool = True) -> Package:
    """Open template bytes as a package, or raise TemplateError saying why it cannot be used.

    ``slides_required=False`` opens a deck that has no slide (one a diff reads: no template).
    """
    if data[:8] == _OLE_MAGIC:
        if "EncryptedPackage".encode("utf-16-le") in data:
            raise TemplateError(
                "template.pptx is password-protected (encrypted); remove the password in PowerPoint "
                "(File > Info > Protect Presentation) and save it again"
            )

        kind = describe(data)
        if kind is not None and "PowerPoint" not in kind:
            raise TemplateError(not_powerpoint("template.pptx", kind))
        raise TemplateError(
            "template.pptx is a legacy binary PowerPoint file (.ppt); open it in PowerPoint and save it "
            'as "PowerPoint Presentation (.pptx)"'
        )
    if not zipfile.is_zipfile(io.BytesIO(data)):
        kind = describe(data)
        if kind is not None:
            raise TemplateError(not_powerpoint("template.pptx", kind))
        raise TemplateError("template.pptx is not a PowerPoint file (.pptx): it is not a zip package")
    listed = directory_size(data)
    if listed > MAX_TEMPLATE_DIRECTORY_BYTES:
        raise TemplateError(
            f"template.pptx lists too many parts (its zip directory is {listed:,} bytes; at most "
            f"{MAX_TEMPLATE_DIRECTORY_BYTES:,}, some 100,000 parts, are accepted); it is damaged or a zip bomb"
        )
    try:
        package = Package(data)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, ValueError) as e:
        raise TemplateError(f"template.pptx is damaged: {e}") from None
    if slides_required and not package.slides():
        raise TemplateError("template.pptx has no slides; add the slides that data.json refers to")
    return package
