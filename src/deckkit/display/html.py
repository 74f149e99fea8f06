"""Small HTML pieces shared by the displays: escaping, a titled box, a list of problems, colours."""

from __future__ import annotations

import html
from collections.abc import Sequence

from deckkit.errors import Problem
from deckkit.model.colors import ColorValueError, parse_color

__all__ = ["box", "css_color", "esc", "problems_html"]

# A display that grows with the deck would defeat its purpose: this many problems at most.
MAX_PROBLEMS_HTML = 50

# Office's default theme, to paint theme colour names ("accent1") in previews; the real deck
# follows its own theme.
THEME_PREVIEW = {
    "dk1": "#000000",
    "lt1": "#FFFFFF",
    "dk2": "#44546A",
    "lt2": "#E7E6E6",
    "accent1": "#4472C4",
    "accent2": "#ED7D31",
    "accent3": "#A5A5A5",
    "accent4": "#FFC000",
    "accent5": "#5B9BD5",
    "accent6": "#70AD47",
    "hlink": "#0563C1",
    "folHlink": "#954F72",
}


def esc(text: object) -> str:
    return html.escape(str(text))


def css_color(color: str | None) -> str | None:
    """A data.json colour as CSS (hex, theme name in Office's default theme, or preset name)."""
    if not color:
        return None
    try:
        parsed = parse_color(color)
    except ColorValueError:
        return None
    if parsed.kind == "srgb":
        return "#" + parsed.value
    if parsed.kind == "scheme":
        return THEME_PREVIEW.get(parsed.value)
    # DrawingML presets are CSS names with "dk"/"lt"/"med" shortened.
    name = parsed.value.replace("dk", "dark", 1) if parsed.value.startswith("dk") else parsed.value
    name = name.replace("lt", "light", 1) if name.startswith("lt") else name
    return name.replace("med", "medium", 1) if name.startswith("med") else name


def box(title: str, body: str) -> str:
    return (
        '<div class="deckkit-display" style="font-family:sans-serif;font-size:13px">'
        f"<div><b>{title}</b></div>{body}</div>"
    )


def problems_html(problems: Sequence[Problem], *, heading: str = "warnings", color: str = "#8a6d3b") -> str:
    """A readable list: each problem's path in code type, then its message."""
    if not problems:
        return ""
    items = "".join(
        f"<li><code>{esc(p.path)}</code>: {esc(p.message)}</li>" if p.path else f"<li>{esc(p.message)}</li>"
        for p in problems[:MAX_PROBLEMS_HTML]
    )
    more = len(problems) - MAX_PROBLEMS_HTML
    if more > 0:
        items += f"<li>… and {more} more</li>"
    count = len(problems)
    return (
        f'<div style="color:{color}"><b>{count} {heading if count != 1 else heading.rstrip("s")}</b>'
        f'<ul style="margin:2px 0">{items}</ul></div>'
    )
