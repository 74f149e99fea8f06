"""The render's warning about links to things outside the deck that its template put in the output.

What counts as such a link, and how a template allows them, is :mod:`deckkit.ooxml.external_links`.
"""

from __future__ import annotations

from deckkit.errors import Problem
from deckkit.ooxml.external_links import ALLOW_PROPERTY, external_links, links_allowed
from deckkit.ooxml.opc.package import Package

__all__ = ["external_link_warnings"]


def external_link_warnings(package: Package) -> list[Problem]:
    """A warning for each link of the template that the output carries to something outside it
    (a linked picture, workbook or OLE object, a ``file:`` link), unless the template allows them."""
    if links_allowed(package.root_rels):
        return []
    return [
        Problem(
            "",
            f"the template's {link.part} holds {link.what} to {link.target}: whoever opens the deck "
            f"may have it fetched or opened; remove it from the template, or set the template's "
            f'custom document property {ALLOW_PROPERTY} to "allow" if it is meant',
            "external link",
        )
        for link in external_links(package.reachable())
    ]
