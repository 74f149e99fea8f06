"""The deck's templates: template.pptx, its base, first; then the others its slides name.

A slide names another template by its file (``"templates/appendix.pptx#3"``): the file comes
with the deck's other files (the input zip, or ``media`` given to :func:`deckkit.render`), is
opened once, and must have the base's slide size. What is wrong with one is said once, at the
first slide that names it; the other slides naming it are left out of the plan quietly.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from deckkit.errors import TemplateError
from deckkit.model import BASE_TEMPLATE
from deckkit.model.limits import MAX_TEMPLATES
from deckkit.ooxml.geometry import slide_size
from deckkit.ooxml.opc.package import Package, open_package
from deckkit.ooxml.opc.part import Part

__all__ = ["DeckTemplates", "OneTemplate"]

_EMU_PER_INCH = 914400


@dataclass(slots=True)
class OneTemplate:
    """One template of the deck: its name as the data gives it (None: the base), package, slides."""

    file: str | None
    package: Package
    slides: list[Part]

    def label(self, number: int) -> str:
        """How messages name its slide ``number``: ``3``, or ``3 of templates/appendix.pptx``."""
        return str(number) if self.file is None else f"{number} of {self.file}"


class DeckTemplates:
    """The base and, opened on first use, the other templates the data names."""

    def __init__(self, base: Package, files: Mapping[str, bytes]) -> None:
        self.base = OneTemplate(None, base, base.slides())
        self._files = files
        self._others: dict[str, OneTemplate | None] = {}  # None: refused (said once)

    @property
    def others(self) -> list[OneTemplate]:
        """The other templates opened, in the order the data first named them."""
        return [t for t in self._others.values() if t is not None]

    def get(self, file: str | None) -> OneTemplate | str | None:
        """The template ``file``; a message when it cannot be used (the first time), else None."""
        if file is None:
            return self.base
        if file in self._others:
            return self._others[file]
        self._others[file] = None
        if len(self._others) > MAX_TEMPLATES:
            return (
                f"a deck uses at most {MAX_TEMPLATES} templates besides {BASE_TEMPLATE}; {file} is one more"
            )
        data = self._files.get(file)
        if data is None:
            return (
                f'"{file}" is not among the deck\'s files; put it in the zip beside {BASE_TEMPLATE} '
                "(a path relative to data.json), or give it with the media"
            )
        try:
            package = open_package(data)
        except TemplateError as error:
            return str(error.naming(file))
        size, base_size = slide_size(package.presentation.xml), slide_size(self.base.package.presentation.xml)
        if size != base_size:
            return (
                f"{file} has slides of {_inches(size)}, {BASE_TEMPLATE} has slides of {_inches(base_size)}; "
                f"a deck has one slide size: set {file}'s to {_inches(base_size)} (PowerPoint: Design > "
                "Slide Size) and save it again"
            )
        template = self._others[file] = OneTemplate(file, package, package.slides())
        return template


def _inches(size: tuple[int, int]) -> str:
    width, height = (f"{value / _EMU_PER_INCH:.4g}" for value in size)
    return f"{width} × {height} in"
