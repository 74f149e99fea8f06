"""A small stand-in for the engine's package: a pptx as a dict of parts, one MediaSink per slide.

It really adds parts (media files, relationships, content types) so that the three readers can
judge what the media filler wrote, before and independently of the engine.
"""

from __future__ import annotations

import hashlib
import io
import posixpath
import zipfile
from collections.abc import Mapping
from pathlib import Path

from lxml import etree

from deckkit.model.elements import Image, Video
from deckkit.ooxml.opc.content_types import MEDIA_CONTENT_TYPES
from deckkit.renderer.media.filler import check_media, place_media

P = "http://schemas.openxmlformats.org/presentationml/2006/main"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG = "http://schemas.openxmlformats.org/package/2006/relationships"
CT = "http://schemas.openxmlformats.org/package/2006/content-types"
NS = {
    "p": P,
    "a": A,
    "r": R,
    "p14": "http://schemas.microsoft.com/office/powerpoint/2010/main",
    "p15": "http://schemas.microsoft.com/office/powerpoint/2012/main",
}

RT_IMAGE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/image"
RT_VIDEO = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/video"
RT_MEDIA = "http://schemas.microsoft.com/office/2007/relationships/media"


class FakePackage:
    def __init__(self, pptx: bytes) -> None:
        with zipfile.ZipFile(io.BytesIO(pptx)) as z:
            self.parts: dict[str, bytes] = {n: z.read(n) for n in z.namelist()}
        self._xml: dict[str, etree._Element] = {}
        self._by_hash: dict[str, str] = {}

    def xml(self, name: str) -> etree._Element:
        if name not in self._xml:
            self._xml[name] = etree.fromstring(self.parts[name])
        return self._xml[name]

    def slide(self, number: int) -> etree._Element:
        return self.xml(f"ppt/slides/slide{number}.xml")

    def rels(self, number: int) -> etree._Element:
        name = f"ppt/slides/_rels/slide{number}.xml.rels"
        if name not in self.parts:
            self.parts[name] = f'<Relationships xmlns="{PKG}"/>'.encode()
        return self.xml(name)

    def sink(self, number: int) -> FakeSink:
        return FakeSink(self, number)

    def add_media_part(self, data: bytes, ext: str, stem: str) -> str:
        digest = hashlib.sha1(data).hexdigest()
        if digest in self._by_hash:
            return self._by_hash[digest]
        n = 1
        while f"ppt/media/{stem}{n}.{ext}" in self.parts:
            n += 1
        name = f"ppt/media/{stem}{n}.{ext}"
        self.parts[name] = data
        self._by_hash[digest] = name
        types = self.xml("[Content_Types].xml")
        if not any(d.get("Extension", "").lower() == ext for d in types.iter(f"{{{CT}}}Default")):
            default = etree.Element(f"{{{CT}}}Default", Extension=ext, ContentType=MEDIA_CONTENT_TYPES[ext])
            types.insert(0, default)
        return name

    def relate(self, number: int, reltype: str, target: str, *, external: bool = False) -> str:
        rels = self.rels(number)
        used = {r.get("Id") for r in rels}
        n = 1
        while f"rId{n}" in used:
            n += 1
        rid = f"rId{n}"
        rel = etree.SubElement(rels, f"{{{PKG}}}Relationship", Id=rid, Type=reltype)
        if external:
            rel.set("Target", target)
            rel.set("TargetMode", "External")
        else:
            rel.set("Target", posixpath.relpath(target, "ppt/slides"))
        return rid

    def rel_target(self, number: int, rid: str) -> tuple[str, str, str | None]:
        """(type, target, TargetMode) of a slide relationship."""
        rel = next(r for r in self.rels(number) if r.get("Id") == rid)
        return rel.get("Type", ""), rel.get("Target", ""), rel.get("TargetMode")

    def part_of(self, number: int, rid: str) -> bytes:
        _, target, _ = self.rel_target(number, rid)
        return self.parts[posixpath.normpath(posixpath.join("ppt/slides", target))]

    def content_type(self, ext: str) -> str | None:
        types = self.xml("[Content_Types].xml")
        return next(
            (d.get("ContentType") for d in types.iter(f"{{{CT}}}Default") if d.get("Extension") == ext), None
        )

    def save(self, path: Path) -> Path:
        for name, root in self._xml.items():
            self.parts[name] = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            for name, data in self.parts.items():
                z.writestr(name, data)
        return path


class FakeSink:
    def __init__(self, package: FakePackage, number: int) -> None:
        self.package, self.number = package, number

    def add_image(self, data: bytes, ext: str) -> str:
        name = self.package.add_media_part(data, ext, "image")
        return self.package.relate(self.number, RT_IMAGE, name)

    def add_video(self, data: bytes, ext: str) -> tuple[str, str]:
        name = self.package.add_media_part(data, ext, "media")
        video = self.package.relate(self.number, RT_VIDEO, name)
        media = self.package.relate(self.number, RT_MEDIA, name)
        return video, media

    def add_external_video(self, url: str) -> str:
        return self.package.relate(self.number, RT_VIDEO, url, external=True)


def find_target(slide: etree._Element, key: str) -> etree._Element:
    """The shape whose text holds {key}, or the picture whose alt text is key."""
    for shape in slide.iter(f"{{{P}}}sp", f"{{{P}}}pic"):
        text = "".join(shape.itertext())
        descr = shape.find("./*/p:cNvPr", NS)
        if "{" + key + "}" in text or (descr is not None and descr.get("descr") == key):
            return shape
    raise AssertionError(f"no shape for {key}")


def fill(
    package: FakePackage,
    number: int,
    key: str,
    element: Image | Video,
    media: Mapping[str, bytes],
    frame: tuple[int, int, int, int] | None = None,
) -> etree._Element:
    """check then place one element, as the engine does; returns the new p:pic."""
    slide = package.slide(number)
    target = find_target(slide, key)
    parent, index = target.getparent(), target.getparent().index(target)  # type: ignore[union-attr]
    problems = check_media(target, element, media, f"slides[{number - 1}].{key}", frame)
    assert problems == [], problems
    place_media(target, element, media, package.sink(number), frame)
    return parent[index]  # type: ignore[index]
