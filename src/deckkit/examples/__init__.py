"""A small sample template shipped with deckkit, so that examples run without a designer's file.

    >>> import deckkit
    >>> deck = deckkit.Deck(deckkit.examples.template())
    >>> [s.keys for s in deckkit.examples.template_info().slides][:2]
    [['title', 'subtitle'], ['heading', 'caption', 'sales']]

Five slides: 1 ``{title}``/``{subtitle}``; 2 ``{heading}``, table ``sales``, ``{caption}``;
3 ``{heading}``, line chart ``revenue``, ``{highlights}``; 4 ``{heading}``, scatter chart
``spread``; 5 ``{heading}``, picture ``plot``, ``{footnote}``. Built by
``scripts/example_template.py``.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deckkit.template.inspect import Template

__all__ = ["charts_template", "template", "template_bytes", "template_info"]


def template() -> Path:
    """The path of the sample template.pptx (inside the installed package)."""
    return Path(str(resources.files(__name__).joinpath("template.pptx")))


def template_bytes() -> bytes:
    """The sample template's bytes."""
    return template().read_bytes()


def template_info() -> Template:
    """The sample template opened for inspection (its slides and keys)."""
    # Inspection loads for this one only: template() is a path, which a render needs alone.
    from deckkit.template.inspect import Template

    return Template(template_bytes(), "template.pptx")


def charts_template() -> Path:
    """A template with one chart per slide, each found by its alt text: ``column``, ``stacked``
    (bar), ``line``, ``area``, ``pie``, ``doughnut``, ``radar``, ``combo`` (columns + a line on a
    secondary axis), ``daily`` (line), ``monthly`` (columns) and ``scatter``; slide 1 is
    ``column``, in that order."""
    return Path(str(resources.files(__name__).joinpath("charts.pptx")))
