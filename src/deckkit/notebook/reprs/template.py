"""Template: every slide as a thumbnail, captioned with its number, layout and keys."""

from __future__ import annotations

from typing import TYPE_CHECKING

from deckkit._words import counted
from deckkit.notebook.reprs._html import box, esc

if TYPE_CHECKING:
    from deckkit.inspect import Template

__all__ = ["MAX_TEMPLATE_SLIDES", "template_html"]

MAX_TEMPLATE_SLIDES = 24


def template_html(template: Template) -> str:
    from deckkit.notebook.thumbnails import thumbnails

    shown = template.slides[:MAX_TEMPLATE_SLIDES]
    strip = thumbnails(template.data, template=template, limit=len(shown), width=200)
    labels = tuple(
        f"<b>{s.number}</b> {esc(s.layout)}<br>"
        + (
            ", ".join(
                f"<code>{esc(p.key)}</code> <i>{esc(p.kind if p.kind == 'text' else p.detail)}</i>"
                for p in s.placeholders
            )
            or "no keys"
        )
        for s in shown
    )
    keys = sum(len(s.placeholders) for s in template.slides)
    return box(
        f"{esc(template.name)}: {counted(len(template.slides), 'slide')}, {counted(keys, 'key')}",
        strip.html(labels=labels, width=200),
    )
