"""The authors of comments on slides taken from another template, listed in the deck.

A slide's comments name their authors by id, and the presentation lists the authors: legacy
comments (``p:cm/@authorId``) a number of ``ppt/commentAuthors.xml``, modern comments
(``p188:cm/@authorId``, ``p188:reply/@authorId``) a GUID of ``ppt/authors.xml``. A comment whose
author the deck does not list makes PowerPoint repair the file. So the authors of another
template's comments join the deck's lists (made when the deck has none): a legacy author under a
fresh number, its comments renumbered to it; a modern one as it is (its GUID is who it is).
Each author joins once, however many copies of its slides the deck has.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable

from lxml import etree

from deckkit.ooxml.namespaces import P188, P, qn
from deckkit.ooxml.opc.package import Package
from deckkit.ooxml.opc.part import Part
from deckkit.ooxml.opc.relationships import RT

__all__ = ["CommentAuthors"]

_CT_COMMENTS = "application/vnd.openxmlformats-officedocument.presentationml.comments+xml"
_CT_MODERN_COMMENTS = "application/vnd.ms-powerpoint.comments+xml"
_CT_AUTHORS = "application/vnd.openxmlformats-officedocument.presentationml.commentAuthors+xml"
_CT_MODERN_AUTHORS = "application/vnd.ms-powerpoint.authors+xml"


class CommentAuthors:
    """The comment authors ``source``'s slides bring into ``target`` (one per other template)."""

    def __init__(self, target: Package, source: Package) -> None:
        self._target = target
        self._source = source
        self._numbers: dict[
            str, etree._Element
        ] = {}  # a legacy author's number in source -> its entry in target

    def take(self, parts: Iterable[Part]) -> None:
        """List the authors of the comments among ``parts`` (a slide's copies) in the target."""
        for part in parts:
            if part.content_type == _CT_COMMENTS:
                for comment in part.xml.iter(qn("p:cm")):
                    author = self._number(comment.get("authorId") or "")
                    comment.set("authorId", author.get("id") or "")
                    # An author's lastIdx is at least the index of each of its comments.
                    index = _count(comment.get("idx"))
                    if index > _count(author.get("lastIdx")):
                        author.set("lastIdx", str(index))
            elif part.content_type == _CT_MODERN_COMMENTS:
                for tag in (qn("p188:cm"), qn("p188:reply")):
                    for comment in part.xml.iter(tag):
                        self._guid(comment.get("authorId") or "")

    def _number(self, number: str) -> etree._Element:
        """The target's entry for the source's legacy author ``number``, under a fresh number."""
        found = self._numbers.get(number)
        if found is not None:
            return found
        listed = _authors(
            self._target, RT.COMMENT_AUTHORS, _CT_AUTHORS, "ppt/commentAuthors.xml", P, "p:cmAuthorLst"
        )
        author = _author(self._source, RT.COMMENT_AUTHORS, qn("p:cmAuthor"), number)
        taken = [_count(a.get("id")) for a in listed.iter(qn("p:cmAuthor"))]
        found = self._numbers[number] = copy.deepcopy(author) if author is not None else _unknown_author()
        found.set("id", str(max(taken, default=-1) + 1))
        listed.append(found)
        return found

    def _guid(self, guid: str) -> None:
        """The source's modern author ``guid`` listed in the target, if it is not yet."""
        listed = _authors(
            self._target, RT.AUTHORS, _CT_MODERN_AUTHORS, "ppt/authors.xml", P188, "p188:authorLst"
        )
        if any(a.get("id") == guid for a in listed.iter(qn("p188:author"))):
            return
        author = _author(self._source, RT.AUTHORS, qn("p188:author"), guid)
        if author is not None:
            listed.append(copy.deepcopy(author))


def _authors(
    package: Package, reltype: str, content_type: str, name: str, ns: str, tag: str
) -> etree._Element:
    """The root of ``package``'s author list, made (and related to the presentation) if it has none."""
    part = package.presentation.related(reltype)
    if part is None:
        root = etree.Element(qn(tag), nsmap={tag.split(":")[0]: ns})
        part = package.new_part(content_type, xml=root, name_hint=name)
        package.presentation.rels.add(reltype, part)
    return part.xml


def _author(package: Package, reltype: str, tag: str, key: str) -> etree._Element | None:
    """The author ``key`` of ``package``'s list, None when it lists none such."""
    part = package.presentation.related(reltype)
    if part is None:
        return None
    return next((a for a in part.xml.iter(tag) if a.get("id") == key), None)


def _unknown_author() -> etree._Element:
    """A legacy author for a comment whose template did not list its own (a damaged template)."""
    return etree.Element(
        qn("p:cmAuthor"), {"name": "Unknown", "initials": "?", "lastIdx": "0", "clrIdx": "0"}
    )


def _count(text: str | None) -> int:
    try:
        return int(text or "")
    except ValueError:
        return 0
