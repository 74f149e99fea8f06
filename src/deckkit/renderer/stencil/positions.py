"""Elements of a template tree found again on a copy by their child indexes from the root.

A deep copy has the template's tree child for child, so an element's position (the index of
each ancestor under its parent, from the root down) leads to the copy's own element in a few
steps. A position that leads nowhere, or to an element of another tag, raises :class:`UnfitError`:
the copy is not the template's tree, and the general path takes it.
"""

from __future__ import annotations

from lxml import etree

from deckkit.renderer.stencil.replay import UnfitError

__all__ = ["Position", "element_at", "position_of"]

Position = tuple[int, ...]
"""Child indexes from a root down to one element."""


def position_of(element: etree._Element, root: etree._Element) -> Position:
    """Where element is under root (which must hold it)."""
    steps: list[int] = []
    while element is not root:
        parent = element.getparent()
        assert parent is not None, "a positioned element is under the root"
        steps.append(parent.index(element))
        element = parent
    return tuple(reversed(steps))


def element_at(root: etree._Element, position: Position, tag: str) -> etree._Element:
    """The element at position under root, which must have the tag (else :class:`UnfitError`)."""
    element = root
    try:
        for step in position:
            element = element[step]
    except IndexError:
        raise UnfitError from None
    if element.tag != tag:
        raise UnfitError
    return element
