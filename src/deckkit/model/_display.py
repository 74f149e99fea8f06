"""Short reprs and notebook displays for the elements a user holds (Table, Chart, Image, Slide...).

pydantic's own repr of a Table or Chart runs to thousands of characters; these say what the
element is in one line, and ``_repr_html_`` shows it (deckkit.display, imported on first
display so that the model stays light).
"""

from __future__ import annotations

__all__ = ["Displayed"]


class Displayed:
    """Mixin: ``repr()`` a one-line summary, ``_repr_html_`` the rich display."""

    __slots__ = ()

    def __repr__(self) -> str:
        from deckkit.display.elements import element_text

        return element_text(self)

    def _repr_html_(self) -> str:
        from deckkit.display.elements import element_html

        return element_html(self)
