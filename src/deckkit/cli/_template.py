"""The template a verb reads (inspect, tag): the template layer loads when such a verb runs."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deckkit.template.inspect import Template

__all__ = ["open_template"]


def open_template(path: str) -> Template:
    """The template at ``path`` opened for inspection (TemplateError when it cannot be used)."""
    # Template inspection (lxml) loads when a verb that reads a template runs, not for ``deckkit --help``.
    from deckkit.template.inspect import Template

    return Template.open(path)
