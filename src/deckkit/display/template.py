"""Template: every slide as a thumbnail, captioned with its number, layout and keys."""

from __future__ import annotations

from pydantic import ValidationError

from deckkit.display.chart import chart_html
from deckkit.display.html import box, esc
from deckkit.display.thumbnails import thumbnails
from deckkit.display_hook import HTML
from deckkit.model import Chart, ScatterChart
from deckkit.template.inspect import Template
from deckkit.template.slides import Placeholder
from deckkit.words import counted

__all__ = ["MAX_TEMPLATE_SLIDES", "placeholder_html", "template_html"]

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


@HTML.register("deckkit.template.slides.Placeholder")
def placeholder_html(placeholder: Placeholder) -> str:
    """A key and what it takes; a chart key's sample data (the template's own) drawn in its kind."""
    head = f"<code>{esc(placeholder.key)}</code>: {esc(placeholder.detail)}"
    if placeholder.chart is None:
        return box(head, "")
    model = ScatterChart if placeholder.kind == "scatter-chart" else Chart
    try:
        sample = model.model_validate(placeholder.example)
    except ValidationError:  # a chart whose cached data will not make a Chart (no series): no plot
        return box(head, '<div style="color:#888;font-size:11px">no sample data to draw</div>')
    return chart_html(sample, placeholder.chart, title=f"{placeholder.key}: the template's sample data")
