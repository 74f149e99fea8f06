"""Parts of another template taken into a package, for the slides a deck takes from it.

A slide cloned from another template (:meth:`Package.clone` with ``adopt``) shares, like any
slide, its layout, pictures and media; here they become parts of the output package: each is
copied once however many slides use it, under a fresh name (the copies have none until the
package is written), and so is everything they reach (the layout's master, the master's theme
and other layouts). Binary parts (pictures, media, embedded files) byte for byte the same as one
already in the deck are that part, not a second copy. The adopted masters are listed in
presentation.xml with ids unique across every master and layout; a notes slide takes the deck's
notes master, or brings its own when the deck has none, which the notes of every other template
then take (a deck has one notes master: a second ``p:notesMasterIdLst`` is invalid). The
authors of its slides' comments join the deck's (:mod:`deckkit.ooxml.opc.comment_authors`), and
so do the custom table styles of its tables (:mod:`deckkit.ooxml.opc.table_styles`).
"""

from __future__ import annotations

import hashlib

from lxml import etree

from deckkit.ooxml.namespaces import qn
from deckkit.ooxml.opc.comment_authors import CommentAuthors
from deckkit.ooxml.opc.content_types import CT_SLIDE
from deckkit.ooxml.opc.package import Package
from deckkit.ooxml.opc.part import Part
from deckkit.ooxml.opc.relationships import RT, Relationship
from deckkit.ooxml.opc.table_styles import TableStyles

__all__ = ["Adoption", "SharedBinaries"]

_CT_SLIDE_MASTER = "application/vnd.openxmlformats-officedocument.presentationml.slideMaster+xml"
_CT_NOTES_MASTER = "application/vnd.openxmlformats-officedocument.presentationml.notesMaster+xml"
# Ids of masters and layouts (one space, shared by both) start here (ECMA-376 19.2.1.33).
_FIRST_MASTER_ID = 2147483648


class SharedBinaries:
    """Binary parts of the deck by content: one part for the same bytes, whichever template brought them."""

    def __init__(self, package: Package) -> None:
        self._package = package
        self._by_digest: dict[tuple[str, str], Part] | None = None  # read on first use

    def same_as(self, part: Part) -> Part:
        """The deck's part holding ``part``'s bytes, ``part`` itself when none does yet."""
        if self._by_digest is None:
            self._by_digest = {}
            for base in self._package.media_parts():
                self._by_digest.setdefault(_digest(base), base)
        return self._by_digest.setdefault(_digest(part), part)


def _digest(part: Part) -> tuple[str, str]:
    return part.content_type, hashlib.sha1(part.blob).hexdigest()


def _is_binary(part: Part) -> bool:
    return not part.content_type.endswith("xml") and not len(part.rels)


class Adoption:
    """The parts of one other template (``source``) taken into ``target``: call it with a part."""

    def __init__(self, target: Package, source: Package, binaries: SharedBinaries) -> None:
        self._target = target
        self.source = source
        self._binaries = binaries
        self.comment_authors = CommentAuthors(target, source)
        self.table_styles = TableStyles(target, source)
        self._copies: dict[int, Part] = {}
        self._masters: list[Part] = []

    def __call__(self, part: Part) -> Part:
        """``part`` of the other template as a part of the target (copied once, shared after)."""
        found = self._copies.get(id(part))
        if found is not None:
            return found
        if part.content_type == CT_SLIDE:
            # A link to another slide: it lands on that slide's copy, or goes (renderer.slide_links).
            return part
        if part.content_type == _CT_NOTES_MASTER:
            own = self._target.presentation.related(RT.NOTES_MASTER)
            if own is not None:
                self._copies[id(part)] = own
                return own
        if _is_binary(part):
            copy = self._binaries.same_as(part.copy())
            self._copies[id(part)] = copy
            return copy
        copy = part.copy()
        self._copies[id(part)] = copy  # before its targets: a layout and its master name each other

        def target_of(rel: Relationship[Part]) -> Part | str:
            target = rel.target
            return self(target) if isinstance(target, Part) and not rel.external else target

        copy.rels = part.rels.retargeted(target_of)
        self.table_styles.take([copy])  # a layout's or master's tables (slides: renderer.assembly)
        if part.content_type == _CT_SLIDE_MASTER:
            self._masters.append(copy)
        elif part.content_type == _CT_NOTES_MASTER:
            # Listed at once: the notes of every other template then take it (a deck has one).
            self._list_notes_master(copy)
        return copy

    def _list_notes_master(self, notes_master: Part) -> None:
        pres = self._target.presentation
        root = pres.xml
        rid = pres.rels.add(RT.NOTES_MASTER, notes_master)
        holder = etree.Element(qn("p:notesMasterIdLst"))
        etree.SubElement(holder, qn("p:notesMasterId"), {qn("r:id"): rid})
        masters = root.find(qn("p:sldMasterIdLst"))
        root.insert(root.index(masters) + 1 if masters is not None else 0, holder)

    def copy_of(self, part: Part) -> Part | None:
        """The target's copy of ``part`` (of the other template), None when none was taken."""
        return self._copies.get(id(part))

    def list_masters(self) -> None:
        """Name the adopted masters in the target's presentation.xml (a notes master is named
        when it is adopted)."""
        pres = self._target.presentation
        root = pres.xml
        if self._masters:
            taken = _master_and_layout_ids(pres)
            next_id = max(taken, default=_FIRST_MASTER_ID - 1) + 1
            masters = root.find(qn("p:sldMasterIdLst"))
            if masters is None:
                masters = etree.Element(qn("p:sldMasterIdLst"))
                root.insert(0, masters)
            for master in self._masters:
                rid = pres.rels.add(RT.SLIDE_MASTER, master)
                etree.SubElement(masters, qn("p:sldMasterId"), {"id": str(next_id), qn("r:id"): rid})
                next_id += 1
                for layout in master.xml.iterfind(f"{qn('p:sldLayoutIdLst')}/{qn('p:sldLayoutId')}"):
                    layout.set("id", str(next_id))
                    next_id += 1


def _master_and_layout_ids(pres: Part) -> list[int]:
    """The ids presentation.xml gives its masters and the masters give their layouts."""
    ids: list[int] = []
    masters = pres.xml.find(qn("p:sldMasterIdLst"))
    for entry in masters if masters is not None else []:
        ids.append(_number(entry.get("id")))
        master = pres.rels.target_part(entry.get(qn("r:id")) or "")
        if master is not None:
            ids += [
                _number(layout.get("id"))
                for layout in master.xml.iterfind(f"{qn('p:sldLayoutIdLst')}/{qn('p:sldLayoutId')}")
            ]
    return ids


def _number(text: str | None) -> int:
    try:
        return int(text or "")
    except ValueError:
        return 0
