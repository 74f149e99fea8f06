"""Child lookups by tag for the hot paths of filling: C iteration instead of ElementPath.

``el.find(tag)`` and ``el.findall(tag)`` go through lxml's ElementPath, which is Python code (a
compiled-path cache, a generator chain), which costs more than iterating the children in C.
Table cells and chart series look children up tens of thousands of times per render. Same results
for a plain tag: the direct children with that tag, in document order.
"""

from __future__ import annotations

from lxml import etree

__all__ = ["child_elements", "first_child", "first_of_two", "first_on_path"]


def first_child(parent: etree._Element, tag: str) -> etree._Element | None:
    """``parent.find(tag)`` for a Clark tag (``{namespace}name``)."""
    return next(parent.iterchildren(tag), None)


def first_of_two(
    parent: etree._Element, one: str, other: str, until: str | None = None
) -> tuple[etree._Element | None, etree._Element | None]:
    """``(parent.find(one), parent.find(other))`` for Clark tags, the children looked at once
    (a run's rPr and t, a cell's txBody and tcPr: asked for every run and cell measured), until
    both are found or a child tagged ``until`` is reached (where the schema puts them before it:
    a text body's bodyPr and lstStyle before its first paragraph)."""
    first = second = None
    for child in parent:
        tag = child.tag
        if tag == one:
            if first is None:
                first = child
                if second is not None:
                    break
        elif tag == other:
            if second is None:
                second = child
                if first is not None:
                    break
        elif tag == until:
            break
    return first, second


def child_elements(parent: etree._Element, tag: str) -> list[etree._Element]:
    """``parent.findall(tag)`` for a Clark tag."""
    return list(parent.iterchildren(tag))


def first_on_path(parent: etree._Element, *tags: str) -> etree._Element | None:
    """``parent.find("t1/t2/...")`` for Clark tags: the first match in document order, each step
    taken among the children of every match of the step before (not only the first)."""
    if not tags:
        return parent
    for child in parent.iterchildren(tags[0]):
        found = first_on_path(child, *tags[1:])
        if found is not None:
            return found
    return None
