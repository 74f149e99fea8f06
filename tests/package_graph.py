"""The package's graph as a reader sees it: slide parts against the slide list, parts nothing
reaches, relationships to no part, names stored twice.

A fourth check beside the three readers (:func:`tests.readers.assert_readable` runs it): a
rendered deck holds exactly the slides ``p:sldIdLst`` names, and every part in its zip is
reached from the package relationships (``_rels/.rels``) through internal relationships. An
unlisted slide reachable only through a link (from a SmartArt node, a chart, a notes slide) is
what made LibreOffice abort on a rendered deck (issue 31). A relationship whose target is not in
the zip, a name the zip holds twice and a part without a content type make PowerPoint offer
to repair the file.

Read from the zip alone, independently of deckkit's own package code.
"""

from __future__ import annotations

import io
import posixpath
import zipfile
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

from lxml import etree

__all__ = ["PackageGraph", "package_graph", "package_graph_problems"]

_PR = "http://schemas.openxmlformats.org/package/2006/relationships"
_CT = "http://schemas.openxmlformats.org/package/2006/content-types"
_P = "http://schemas.openxmlformats.org/presentationml/2006/main"
_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_SLIDE_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.presentationml.slide+xml"
_OFFICE_DOCUMENT = "/officeDocument"


@dataclass(frozen=True)
class PackageGraph:
    """What a package holds against what it lists and reaches."""

    listed_slides: list[str]  # the parts p:sldIdLst names, in order
    slide_parts: list[str]  # every part whose content type is a slide
    unreachable: list[str]  # parts (and .rels of absent or unreachable parts) nothing reaches
    links_to_unlisted: list[str]  # "source -> target" for each relationship into an unlisted slide
    missing_targets: list[str]  # "source -> target" for each internal relationship to no part
    repeated: list[str]  # names the zip holds more than once
    untyped: list[str]  # parts [Content_Types].xml gives no content type

    @property
    def unlisted_slides(self) -> list[str]:
        listed = set(self.listed_slides)
        return [name for name in self.slide_parts if name not in listed]


def _rels_name(source: str | None) -> str:
    if source is None:
        return "_rels/.rels"
    folder, base = posixpath.split(source)
    return posixpath.join(folder, "_rels", base + ".rels")


def _source_of(rels_name: str) -> str | None:
    """The part whose relationships ``rels_name`` holds (None for the package's own)."""
    if rels_name == "_rels/.rels":
        return None
    folder, base = posixpath.split(rels_name)
    return posixpath.join(posixpath.dirname(folder), base.removesuffix(".rels"))


def _relationships(zf: zipfile.ZipFile, names: set[str], source: str | None) -> list[tuple[str, str, str]]:
    """(Id, Type, resolved part name) of each internal relationship of ``source``."""
    rels_name = _rels_name(source)
    if rels_name not in names:
        return []
    folder = posixpath.dirname(source) if source else ""
    out = []
    for rel in etree.fromstring(zf.read(rels_name)).iter(f"{{{_PR}}}Relationship"):
        if rel.get("TargetMode") == "External":
            continue
        target = unquote(rel.get("Target", ""))
        resolved = target.lstrip("/") if target.startswith("/") else posixpath.join(folder, target)
        out.append((rel.get("Id", ""), rel.get("Type", ""), posixpath.normpath(resolved)))
    return out


def _content_types(zf: zipfile.ZipFile) -> tuple[dict[str, str], dict[str, str]]:
    root = etree.fromstring(zf.read("[Content_Types].xml"))
    defaults = {
        (el.get("Extension") or "").lower(): el.get("ContentType") or ""
        for el in root.iter(f"{{{_CT}}}Default")
    }
    overrides = {
        (el.get("PartName") or "").lstrip("/"): el.get("ContentType") or ""
        for el in root.iter(f"{{{_CT}}}Override")
    }
    return defaults, overrides


def package_graph(pptx: bytes | Path | str) -> PackageGraph:
    """Read the graph of a pptx (bytes or a path)."""
    data = pptx if isinstance(pptx, bytes) else Path(pptx).read_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        listing = [name for name in zf.namelist() if not name.endswith("/")]
        names = set(listing)
        repeated = sorted(name for name, count in Counter(listing).items() if count > 1)
        defaults, overrides = _content_types(zf)

        def content_type(name: str) -> str:
            return overrides.get(name) or defaults.get(name.rsplit(".", 1)[-1].lower(), "")

        edges: dict[str | None, list[tuple[str, str, str]]] = {}
        reached: set[str] = set()
        stack: list[str | None] = [None]
        while stack:
            source = stack.pop()
            edges[source] = _relationships(zf, names, source)
            for _, _, target in edges[source]:
                if target in names and target not in reached:
                    reached.add(target)
                    stack.append(target)

        main = next((t for _, kind, t in edges[None] if kind.endswith(_OFFICE_DOCUMENT)), None)
        listed: list[str] = []
        if main is not None and main in names:
            by_id = {rid: target for rid, _, target in edges.get(main, [])}
            sld_ids = etree.fromstring(zf.read(main)).iterfind(f"{{{_P}}}sldIdLst/{{{_P}}}sldId")
            listed = [by_id.get(el.get(f"{{{_R}}}id") or "", "?") for el in sld_ids]

        slide_parts = sorted(name for name in names if content_type(name) == _SLIDE_CONTENT_TYPE)
        unlisted = set(slide_parts) - set(listed)
        links = [
            f"{source} -> {target}"
            for source, rels in edges.items()
            for _, _, target in rels
            if target in unlisted and source not in unlisted
        ]
        unreachable = sorted(
            name
            for name in names
            if name != "[Content_Types].xml"
            and name not in reached
            and not (name.endswith(".rels") and (_source_of(name) is None or _source_of(name) in reached))
        )
        missing = [
            f"{source or '_rels/.rels'} -> {target}"
            for source, rels in edges.items()
            for _, _, target in rels
            if target not in names
        ]
        # A part nothing reaches is said once, as such.
        untyped = sorted(name for name in reached & names if not content_type(name))
    return PackageGraph(listed, slide_parts, unreachable, sorted(links), sorted(missing), repeated, untyped)


def package_graph_problems(
    pptx: bytes | Path | str, templates: Sequence[bytes | Path | str] = ()
) -> list[str]:
    """One line per slide part the slide list does not name, and per part nothing reaches.

    ``templates``: what the file was made from. A relationship to no part that a template holds
    already (PowerPoint writes ``Target="NULL"`` for a picture it lost) is the template's, not new.
    """
    graph = package_graph(pptx)
    theirs = {link.rsplit(" -> ", 1)[1] for t in templates for link in package_graph(t).missing_targets}
    problems = [f"slide part {name} is not in p:sldIdLst" for name in graph.unlisted_slides]
    problems += [
        f"listed slide {name} is not in the package"
        for name in graph.listed_slides
        if name not in graph.slide_parts
    ]
    problems += [f"part {name} is reached by no relationship" for name in graph.unreachable]
    problems += [f"relationship {link} leads into an unlisted slide" for link in graph.links_to_unlisted]
    # What PowerPoint repairs (or refuses) on opening: a relationship to nothing, a name twice.
    problems += [
        f"relationship {link} leads to no part"
        for link in graph.missing_targets
        if link.rsplit(" -> ", 1)[1] not in theirs
    ]
    problems += [f"the zip holds {name} more than once" for name in graph.repeated]
    problems += [f"part {name} has no content type" for name in graph.untyped]
    return problems
