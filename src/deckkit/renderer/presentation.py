"""presentation.xml and docProps for the output slide list.

The slide list (``p:sldIdLst``) names the output slides in order with ids from 256. Sections
(``p14:sectionLst``): an output slide goes into the section of its template slide; since a
section holds consecutive slides, a section met again after another one is repeated (same name,
new id); sections left without slides are removed. Custom shows keep the first copy of each
slide they named. (Links from one slide to another: :mod:`deckkit.renderer.slide_links`.)
"""

from __future__ import annotations

import uuid

from lxml import etree

from deckkit.ooxml.namespaces import qn
from deckkit.ooxml.opc.package import Package
from deckkit.ooxml.opc.part import Part
from deckkit.ooxml.opc.relationships import RT

__all__ = ["rebuild_presentation"]

_FIRST_SLIDE_ID = 256


def rebuild_presentation(package: Package, outputs: list[tuple[Part, Part]]) -> None:
    """Point presentation.xml (and docProps/app.xml) at the output slides, in order."""
    pres = package.presentation
    root = pres.xml
    old_ids = _template_slide_ids(pres)
    old_targets = {r.rid: r.target for r in pres.rels if r.reltype == RT.SLIDE and isinstance(r.target, Part)}
    for rel in pres.rels:
        if rel.reltype == RT.SLIDE:
            pres.rels.remove(rel.rid)

    first_copy: dict[int, Part] = {}
    for template, output in outputs:
        first_copy.setdefault(id(template), output)

    lst = root.find(qn("p:sldIdLst"))
    new_ids: list[tuple[str, str]] = []  # (old template slide id, new id) in output order
    if lst is not None:
        for child in list(lst):
            lst.remove(child)
    rid_of: dict[int, str] = {}
    for i, (template, output) in enumerate(outputs):
        rid = pres.rels.add(RT.SLIDE, output)
        rid_of.setdefault(id(output), rid)
        new_id = str(_FIRST_SLIDE_ID + i)
        if lst is not None:
            etree.SubElement(lst, qn("p:sldId"), {"id": new_id, qn("r:id"): rid})
        new_ids.append((old_ids.get(id(template), ""), new_id))
    if lst is not None and not len(lst):
        root.remove(lst)

    _rebuild_sections(root, new_ids)
    _rebuild_custom_shows(root, old_targets, first_copy, rid_of)
    _update_app_properties(package, outputs)


def _template_slide_ids(pres: Part) -> dict[int, str]:
    ids: dict[int, str] = {}
    lst = pres.xml.find(qn("p:sldIdLst"))
    for sld_id in lst if lst is not None else []:
        part = pres.rels.target_part(sld_id.get(qn("r:id")) or "")
        if part is not None:
            ids[id(part)] = sld_id.get("id") or ""
    return ids


def _rebuild_sections(root: etree._Element, new_ids: list[tuple[str, str]]) -> None:
    for section_list in root.iter(qn("p14:sectionLst")):
        sections = section_list.findall(qn("p14:section"))
        home: dict[str, etree._Element] = {}
        for section in sections:
            for sld in section.iter(qn("p14:sldId")):
                home[sld.get("id") or ""] = section
        for section in sections:
            section_list.remove(section)
        current: etree._Element | None = None
        current_source: etree._Element | None = None
        used: set[int] = set()
        for old_id, new_id in new_ids:
            source = home.get(
                old_id, current_source if current_source is not None else (sections[0] if sections else None)
            )
            if source is None:
                continue
            if source is not current_source or current is None:
                attributes = {str(k): str(v) for k, v in source.attrib.items()}
                current = etree.SubElement(section_list, qn("p14:section"), attributes)
                if id(source) in used:
                    current.set("id", "{" + str(uuid.uuid4()).upper() + "}")
                used.add(id(source))
                etree.SubElement(current, qn("p14:sldIdLst"))
                current_source = source
            slide_list = current.find(qn("p14:sldIdLst"))
            assert slide_list is not None
            etree.SubElement(slide_list, qn("p14:sldId"), id=new_id)
        if not len(section_list):
            ext = section_list.getparent()
            ext_list = ext.getparent() if ext is not None else None
            if ext is not None and ext_list is not None:
                ext_list.remove(ext)
                if not len(ext_list) and ext_list.getparent() is not None:
                    ext_list.getparent().remove(ext_list)  # type: ignore[union-attr]


def _rebuild_custom_shows(
    root: etree._Element, old_targets: dict[str, Part], first_copy: dict[int, Part], rid_of: dict[int, str]
) -> None:
    shows = root.find(qn("p:custShowLst"))
    if shows is None:
        return
    for sld in list(shows.iter(qn("p:sld"))):
        template = old_targets.get(sld.get(qn("r:id")) or "")
        copy = first_copy.get(id(template)) if template is not None else None
        if copy is None:
            parent = sld.getparent()
            assert parent is not None
            parent.remove(sld)
        else:
            sld.set(qn("r:id"), rid_of[id(copy)])


def _update_app_properties(package: Package, outputs: list[tuple[Part, Part]]) -> None:
    app = next((r.target for r in package.root_rels if r.reltype == RT.EXTENDED_PROPERTIES), None)
    if not isinstance(app, Part):
        return
    root = app.xml
    counts = {
        "Slides": len(outputs),
        "Notes": sum(1 for _, s in outputs if s.related(RT.NOTES_SLIDE) is not None),
        # The template slide's tree is parsed already (for planning); its copy may not be.
        "HiddenSlides": sum(1 for t, _ in outputs if t.xml.get("show") in ("0", "false")),
    }
    for name, count in counts.items():
        el = root.find(qn(f"ep:{name}"))
        if el is not None:
            el.text = str(count)
