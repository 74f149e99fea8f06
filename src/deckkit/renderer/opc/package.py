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
is read as Transitional (:mod:`deckkit.renderer.opc.strict`) and written as Transitional.
"""

from __future__ import annotations

import io
import posixpath
import re
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Final
from urllib.parse import unquote

from lxml import etree

from deckkit.errors import TemplateError
from deckkit.renderer.opc.namespaces import CT, PR, P, R
from deckkit.renderer.opc.safexml import parse_xml
from deckkit.renderer.opc.strict import STRICT_RELATIONSHIPS, to_transitional
from deckkit.renderer.opc.written import check_unparsed_part
from deckkit.safezip import RefusedEntryError, read_entry

__all__ = [
    "MAX_TEMPLATE_UNPACKED_BYTES",
    "RT",
    "Package",
    "Part",
    "Relationship",
    "Relationships",
    "open_package",
]


_RT_BASE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"


class RT:
    """Relationship types the renderer acts on."""

    OFFICE_DOCUMENT: Final = _RT_BASE + "officeDocument"
    SLIDE: Final = _RT_BASE + "slide"
    SLIDE_LAYOUT: Final = _RT_BASE + "slideLayout"
    SLIDE_MASTER: Final = _RT_BASE + "slideMaster"
    NOTES_SLIDE: Final = _RT_BASE + "notesSlide"
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
    VBA_PROJECT: Final = "http://schemas.microsoft.com/office/2006/relationships/vbaProject"
    MEDIA: Final = "http://schemas.microsoft.com/office/2007/relationships/media"
    CHART_STYLE: Final = "http://schemas.microsoft.com/office/2011/relationships/chartStyle"
    CHART_COLORS: Final = "http://schemas.microsoft.com/office/2011/relationships/chartColorStyle"
    DIAGRAM_DRAWING: Final = "http://schemas.microsoft.com/office/2007/relationships/diagramDrawing"
    DIAGRAM_DATA: Final = _RT_BASE + "diagramData"
    DIAGRAM_LAYOUT: Final = _RT_BASE + "diagramLayout"
    DIAGRAM_STYLE: Final = _RT_BASE + "diagramQuickStyle"
    DIAGRAM_COLORS: Final = _RT_BASE + "diagramColors"
    COMMENTS: Final = _RT_BASE + "comments"
    TAGS: Final = _RT_BASE + "tags"
    MODERN_COMMENTS: Final = "http://schemas.microsoft.com/office/2018/10/relationships/comments"


# What an output slide owns: these targets are copied with the slide (recursively), every other
# target (layouts, pictures, media, tags...) is shared between the copies.
OWNED_BY_SLIDE: Final = frozenset({
    RT.NOTES_SLIDE, RT.CHART, RT.CHART_USER_SHAPES, RT.PACKAGE, RT.CHART_STYLE, RT.CHART_COLORS,
    RT.THEME_OVERRIDE, RT.DIAGRAM_DATA, RT.DIAGRAM_LAYOUT, RT.DIAGRAM_STYLE, RT.DIAGRAM_COLORS,
    RT.DIAGRAM_DRAWING, RT.COMMENTS, RT.MODERN_COMMENTS, RT.TAGS,
})  # fmt: skip

CT_PRESENTATION: Final = "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"
CT_SLIDE: Final = "application/vnd.openxmlformats-officedocument.presentationml.slide+xml"
CT_RELS: Final = "application/vnd.openxmlformats-package.relationships+xml"
_MAIN_CONTENT_TYPES: Final = frozenset({
    CT_PRESENTATION,
    "application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml",
    "application/vnd.openxmlformats-officedocument.presentationml.template.main+xml",
    "application/vnd.ms-powerpoint.template.macroEnabled.main+xml",
    "application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml",
    "application/vnd.ms-powerpoint.slideshow.macroEnabled.main+xml",
})  # fmt: skip
MEDIA_CONTENT_TYPES: Final = {
    "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
    "mp4": "video/mp4", "m4v": "video/mp4", "mov": "video/quicktime",
}  # fmt: skip

MAX_TEMPLATE_UNPACKED_BYTES = 400_000_000
"""All parts read from one template, decompressed: a zip bomb inside template.pptx stops here
(zipfile never returns more than a part declares, so checking declared sizes before reading holds)."""

_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_NAME_NUMBER = re.compile(r"^(.*?)(\d*)(\.[^./]*)?$")


def serialize_xml(root: etree._Element) -> bytes:
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


class Part:
    """One part: a name (None until written, for new parts), a content type, bytes or a parsed tree."""

    __slots__ = ("_blob", "_package", "_rels", "_xml", "content_type", "name", "name_hint")

    def __init__(self, package: Package, name: str | None, content_type: str, blob: bytes | None = None,
                 xml: etree._Element | None = None, *, name_hint: str | None = None) -> None:  # fmt: skip
        self._package = package
        self.name = name
        # For a new part: folder, stem and extension of the name it gets when written.
        self.name_hint = name_hint or name or "ppt/part.xml"
        self.content_type = content_type
        self._blob = blob
        self._xml = xml
        self._rels: Relationships | None = None

    def __repr__(self) -> str:
        return f"<Part {self.name or '(new)'} {self.content_type}>"

    @property
    def blob(self) -> bytes:
        """The part's bytes (serialized from the tree when it was parsed)."""
        if self._xml is not None:
            return serialize_xml(self._xml)
        if self._blob is None:
            assert self.name is not None
            self._blob = self._package._read(self.name)
        return self._blob

    @blob.setter
    def blob(self, data: bytes) -> None:
        self._blob = data
        self._xml = None

    @property
    def xml(self) -> etree._Element:
        """The parsed root element; parsed on first use, then edited in place."""
        if self._xml is None:
            self._xml = parse_xml(self.blob, self.name or self.name_hint)
            self._blob = None
        return self._xml

    @property
    def is_parsed(self) -> bool:
        return self._xml is not None

    @property
    def rels(self) -> Relationships:
        if self._rels is None:
            self._rels = self._package._load_rels(self)
        return self._rels

    def related(self, reltype: str) -> Part | None:
        """The first internal target of a relationship of this type, or None."""
        for rel in self.rels:
            if rel.reltype == reltype and isinstance(rel.target, Part):
                return rel.target
        return None

    def copy(self) -> Part:
        """A new, unnamed part with the same content (a tree is copied, bytes are shared)."""
        clone = Part(self._package, None, self.content_type, name_hint=self.name_hint)
        if self._xml is not None:
            clone._xml = _deepcopy(self._xml)
        else:
            clone._blob = self.blob
        return clone


def _deepcopy(root: etree._Element) -> etree._Element:
    import copy

    return copy.deepcopy(root)


@dataclass(slots=True)
class Relationship:
    """A relationship: internal (target is a Part) or external (target is a URI string)."""

    rid: str
    reltype: str
    target: Part | str
    external: bool = False


class Relationships:
    """The relationships of one part (or of the package), in order, with O(1) new ids."""

    __slots__ = ("_by_id", "_next")

    def __init__(self) -> None:
        self._by_id: dict[str, Relationship] = {}
        self._next = 1

    def __iter__(self) -> Iterator[Relationship]:
        return iter(list(self._by_id.values()))

    def __len__(self) -> int:
        return len(self._by_id)

    def get(self, rid: str) -> Relationship | None:
        return self._by_id.get(rid)

    def target_part(self, rid: str) -> Part | None:
        rel = self._by_id.get(rid)
        return rel.target if rel is not None and isinstance(rel.target, Part) else None

    def add_existing(self, rel: Relationship) -> None:
        self._by_id[rel.rid] = rel
        match = re.fullmatch(r"rId(\d+)", rel.rid)
        if match:
            self._next = max(self._next, int(match.group(1)) + 1)

    def add(self, reltype: str, target: Part | str, *, external: bool = False) -> str:
        """Add a relationship with a fresh id and return the id."""
        while f"rId{self._next}" in self._by_id:
            self._next += 1
        rid = f"rId{self._next}"
        self._next += 1
        self._by_id[rid] = Relationship(rid, reltype, target, external)
        return rid

    def find(self, reltype: str, target: Part) -> str | None:
        for rel in self._by_id.values():
            if rel.reltype == reltype and rel.target is target:
                return rel.rid
        return None

    def remove(self, rid: str) -> None:
        self._by_id.pop(rid, None)


def _rels_name(part_name: str | None) -> str:
    if part_name is None:
        return "_rels/.rels"
    folder, base = posixpath.split(part_name)
    return posixpath.join(folder, "_rels", base + ".rels")


def _relative(source: str | None, target: str) -> str:
    folder = posixpath.dirname(source) if source else ""
    return _relpath(target, folder) if folder else target


# Slides of a deck point at the same few layouts, media and charts from the same folder.
@lru_cache(maxsize=4096)
def _relpath(target: str, folder: str) -> str:
    return posixpath.relpath(target, folder)


class Package:
    """A pptx opened from bytes: parts by name, read and parsed on demand."""

    def __init__(self, data: bytes) -> None:
        self._zip = zipfile.ZipFile(io.BytesIO(data))
        infos = self._zip.infolist()
        self._names = {info.filename for info in infos if not info.is_dir()}
        self._defaults: dict[str, str] = {}
        self._overrides: dict[str, str] = {}
        self._parts: dict[str, Part] = {}
        self._unpacked = 0
        # ids of the template's bytes as read, until write() has checked them (see check_unparsed_part)
        self._unchecked: set[int] = set()
        self.strict = self._is_strict()
        self._read_content_types()
        self.root_rels = self._load_rels(None)
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
            data = read_entry(self._zip, info, MAX_TEMPLATE_UNPACKED_BYTES - self._unpacked,
                              MAX_TEMPLATE_UNPACKED_BYTES)  # fmt: skip
        except RefusedEntryError as e:
            raise TemplateError(f"template.pptx cannot be used: part {name} {e}") from None
        except (zipfile.BadZipFile, OSError, EOFError, ValueError, zlib.error) as e:
            raise TemplateError(f"template.pptx is damaged: part {name} cannot be read ({e})") from None
        self._unpacked += len(data)
        return data

    def _read(self, name: str) -> bytes:
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
        root = parse_xml(self._read("[Content_Types].xml"), "[Content_Types].xml")
        for el in root:
            if el.tag == f"{{{CT}}}Default":
                self._defaults[(el.get("Extension") or "").lower()] = el.get("ContentType") or ""
            elif el.tag == f"{{{CT}}}Override":
                self._overrides[(el.get("PartName") or "").lstrip("/")] = el.get("ContentType") or ""

    def content_type_of(self, name: str) -> str:
        if name in self._overrides:
            return self._overrides[name]
        ext = name.rsplit(".", 1)[-1].lower() if "." in posixpath.basename(name) else ""
        return self._defaults.get(ext, "application/octet-stream")

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

    def _load_rels(self, source: Part | None) -> Relationships:
        source_name = None if source is None else source.name
        rels = Relationships()
        rels_name = _rels_name(source_name)
        if (source is not None and source_name is None) or rels_name not in self._names:
            return rels
        root = parse_xml(self._read(rels_name), rels_name)
        folder = posixpath.dirname(source_name) if source_name else ""
        for el in root.iter(f"{{{PR}}}Relationship"):
            rid, reltype, target = el.get("Id") or "", el.get("Type") or "", el.get("Target") or ""
            if el.get("TargetMode") == "External":
                rels.add_existing(Relationship(rid, reltype, target, external=True))
                continue
            resolved = (
                target.lstrip("/")
                if target.startswith("/")
                else posixpath.normpath(posixpath.join(folder, target))
            )
            part = self.part(resolved) or self.part(unquote(resolved))
            # A dangling target is the template's own fault; keep it verbatim rather than guess.
            rels.add_existing(Relationship(rid, reltype, part if part is not None else target))
        return rels

    def _main_document(self) -> Part:
        main = next((r.target for r in self.root_rels if r.reltype == RT.OFFICE_DOCUMENT), None)
        if not isinstance(main, Part):
            raise TemplateError("template.pptx is damaged: it has no main presentation part")
        if main.content_type not in _MAIN_CONTENT_TYPES:
            raise TemplateError(
                f"template.pptx is not a PowerPoint presentation (its main part is {main.content_type})"
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
        lst = root.find(f"{{{P}}}sldIdLst")
        slides: list[Part] = []
        for sld_id in lst if lst is not None else []:
            part = self.presentation.rels.target_part(sld_id.get(f"{{{R}}}id") or "")
            if part is None:
                raise TemplateError("template.pptx is damaged: a slide listed in presentation.xml is missing")
            slides.append(part)
        return slides

    # building ----------------------------------------------------------------------------

    def new_part(self, content_type: str, blob: bytes | None = None, xml: etree._Element | None = None,
                 *, name_hint: str) -> Part:  # fmt: skip
        """A new part; ``name_hint`` (``ppt/media/image.png``) gives its folder, stem and extension."""
        return Part(self, None, content_type, blob, xml, name_hint=name_hint)

    def clone(self, source: Part, owned: frozenset[str] = OWNED_BY_SLIDE,
              memo: dict[int, Part] | None = None) -> Part:  # fmt: skip
        """Copy source and, recursively, the targets it owns; shared targets are referenced.

        ``memo`` maps id(template part) -> its copy, so a back-reference (notes -> slide) points at
        the new slide and a part owned twice is copied once.
        """
        memo = {} if memo is None else memo
        if id(source) in memo:
            return memo[id(source)]
        copy = source.copy()
        memo[id(source)] = copy
        rels = Relationships()
        for rel in source.rels:
            target = rel.target
            if isinstance(target, Part) and not rel.external:
                if id(target) in memo:
                    target = memo[id(target)]
                elif rel.reltype in owned:
                    target = self.clone(target, owned, memo)
            rels.add_existing(Relationship(rel.rid, rel.reltype, target, rel.external))
        copy._rels = rels
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
            if not part.is_parsed and id(part.blob) in self._unchecked:
                self._unchecked.discard(id(part.blob))
                check_unparsed_part(part.name or part.name_hint, part.content_type, part.blob)
        _assign_names(parts)
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
            z.writestr("[Content_Types].xml", self._content_types_xml(parts))
            z.writestr("_rels/.rels", _rels_xml(None, self.root_rels))
            for part in parts:
                assert part.name is not None
                stored = part.name.rsplit(".", 1)[-1].lower() in _ALREADY_COMPRESSED
                z.writestr(part.name, part.blob, zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED)
                if len(part.rels):
                    z.writestr(_rels_name(part.name), _rels_xml(part.name, part.rels))
        return out.getvalue()

    def _content_types_xml(self, parts: list[Part]) -> bytes:
        defaults = dict(self._defaults)
        defaults.setdefault("rels", CT_RELS)
        defaults.setdefault("xml", "application/xml")
        overrides: list[tuple[str, str]] = []
        for part in parts:
            assert part.name is not None
            base = posixpath.basename(part.name)
            ext = base.rsplit(".", 1)[-1].lower() if "." in base else ""
            if ext and ext not in defaults and not part.content_type.endswith("+xml"):
                defaults[ext] = part.content_type
            if defaults.get(ext) != part.content_type:
                overrides.append((part.name, part.content_type))
        root = etree.fromstring(f'<Types xmlns="{CT}"/>')
        for ext, ct in defaults.items():
            etree.SubElement(root, f"{{{CT}}}Default", Extension=ext, ContentType=ct)
        for name, ct in overrides:
            etree.SubElement(root, f"{{{CT}}}Override", PartName="/" + name, ContentType=ct)
        return serialize_xml(root)


# Parts whose content is compressed already (zip-based Office files, images, video): deflating
# them again costs time and gains a few bytes at most, so they are stored as they are.
_ALREADY_COMPRESSED = frozenset(
    {"xlsx", "xlsm", "docx", "docm", "pptx", "zip", "png", "jpeg", "jpg", "gif", "mp4", "mov", "m4v"}
)


def _assign_names(parts: list[Part]) -> None:
    """Name new parts with per-(folder, stem, extension) counters that skip the kept names."""
    taken = {p.name for p in parts if p.name is not None}
    counters: dict[tuple[str, str, str], int] = {}
    for part in parts:
        if part.name is not None:
            continue
        folder, base = posixpath.split(part.name_hint)
        match = _NAME_NUMBER.match(base)
        stem, ext = (match.group(1), match.group(3) or "") if match else (base, "")
        key = (folder, stem, ext)
        n = counters.get(key, 1)
        while posixpath.join(folder, f"{stem}{n}{ext}") in taken:
            n += 1
        part.name = posixpath.join(folder, f"{stem}{n}{ext}")
        taken.add(part.name)
        counters[key] = n + 1


def _rels_xml(source_name: str | None, rels: Relationships) -> bytes:
    root = etree.fromstring(f'<Relationships xmlns="{PR}"/>')
    for rel in rels:
        el = etree.SubElement(root, f"{{{PR}}}Relationship", Id=rel.rid, Type=rel.reltype)
        if rel.external:
            el.set("Target", str(rel.target))
            el.set("TargetMode", "External")
        elif isinstance(rel.target, Part):
            assert rel.target.name is not None
            el.set("Target", _relative(source_name, rel.target.name))
        else:
            el.set("Target", rel.target)
    return serialize_xml(root)


def open_package(data: bytes) -> Package:
    """Open template bytes as a package, or raise TemplateError saying why it cannot be used."""
    if data[:8] == _OLE_MAGIC:
        if "EncryptedPackage".encode("utf-16-le") in data:
            raise TemplateError(
                "template.pptx is password-protected (encrypted); remove the password in PowerPoint "
                "(File > Info > Protect Presentation) and save it again"
            )
        raise TemplateError(
            "template.pptx is a legacy binary PowerPoint file (.ppt); open it in PowerPoint and save it "
            'as "PowerPoint Presentation (.pptx)"'
        )
    if not zipfile.is_zipfile(io.BytesIO(data)):
        raise TemplateError("template.pptx is not a PowerPoint file (.pptx): it is not a zip package")
    try:
        package = Package(data)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, ValueError) as e:
        raise TemplateError(f"template.pptx is damaged: {e}") from None
    slides = package.slides()
    if not slides:
        raise TemplateError("template.pptx has no slides; add the slides that data.json refers to")
    return package
