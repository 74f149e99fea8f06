"""Template: every slide as a thumbnail, captioned with its number, layout and keys."""

from __future__ import annotations

from deckkit.display.html import box, esc
from deckkit.display.thumbnails import thumbnails
from deckkit.display_hook import HTML
from deckkit.template.inspect import Template
from deckkit.words import counted

__all__ = ["MAX_TEMPLATE_SLIDES", "template_html"]

MAX_TEMPLATE_SLIDES = 24


@HTML.register("deckkit.template.inspect.Template")
def template_html(template: Template) -> str:
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
