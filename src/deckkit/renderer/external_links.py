"""The render's warning about links to things outside the deck that its templates put in the output.

What counts as such a link, and how a template allows them, is :mod:`deckkit.ooxml.external_links`.
Each template answers for its own links: a part copied from another template of the deck
(``templates/appendix.pptx``: its slides, layouts, master) warns unless that template allows
its links, whatever the base says, and the warning names that template, so that its advice
works when followed.
"""

from __future__ import annotations

from collections.abc import Sequence

from deckkit.errors import Problem
from deckkit.ooxml.external_links import ALLOW_PROPERTY, external_links, links_allowed
from deckkit.ooxml.opc.package import Package
from deckkit.ooxml.opc.part import Part
from deckkit.renderer.templates import OneTemplate

__all__ = ["external_link_warnings"]


def external_link_warnings(package: Package, others: Sequence[tuple[OneTemplate, int]]) -> list[Problem]:
    """A warning for each link of a template that the output carries to something outside it
    (a linked picture, workbook or OLE object, a ``file:`` link), unless that template allows
    them. ``others``: the other templates the slides come from, each with its first data slide
    (the warning's path: ``slides[i].template``)."""
    from_file = {id(template.package): (template, index) for template, index in others}
    parts: dict[int, list[Part]] = {}  # by id of the package each part was read from
    for part in package.reachable():
        parts.setdefault(id(part.source) if id(part.source) in from_file else id(package), []).append(part)
    warnings: list[Problem] = []
    for source, held in parts.items():
        template, index = from_file.get(source, (None, 0))
        if links_allowed(package.root_rels if template is None else template.package.root_rels):
            continue
        path = "" if template is None else f"slides[{index}].template"
        whose = "the template's" if template is None else f"{template.file}'s"
        name = "the template" if template is None else template.file
        warnings += [
            Problem(
                path,
                f"{whose} {link.part} holds {link.what} to {link.target}: whoever opens the deck may have "
                f"it fetched or opened; remove it from {name}, or set {whose} custom document property "
                f'{ALLOW_PROPERTY} to "allow" if it is meant',
                "external link",
            )
            for link in external_links(held)
        ]
    return warnings
