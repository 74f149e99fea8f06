"""TemplateBrowser: pick a template slide, see it, see its keys and a skeleton for it (data.json or Python)."""

from __future__ import annotations

import html
import json
import os
from typing import Any

from deckkit.errors import PreviewUnavailableError
from deckkit.template import preview
from deckkit.template.inspect import Template
from deckkit.template.skeleton import slide_code
from deckkit.template.slides import TemplateSlide

__all__ = ["TemplateBrowser", "browse"]


def _placeholder_table(slide: TemplateSlide) -> str:
    if not slide.placeholders:
        return "<p><i>No placeholders on this slide.</i></p>"
    rows = "".join(
        f"<tr><td><code>{html.escape(p.key)}</code></td><td>{p.kind}</td><td>{html.escape(p.detail)}</td>"
        f"<td>{', '.join(p.accepts)}</td></tr>"
        for p in slide.placeholders
    )
    return (
        "<table><thead><tr><th>key</th><th>kind</th><th>where</th><th>accepts</th></tr></thead>"
        f"<tbody>{rows}</tbody></table>"
    )


class TemplateBrowser:
    """Browse a template's slides: a preview (LibreOffice when installed, else a wireframe), the keys
    on the slide and what each accepts, and a skeleton slide object to copy into data.json.

    ``TemplateBrowser(template).widget`` is the ipywidgets box; the object displays itself in a
    notebook. ``previews=False`` skips LibreOffice and always draws wireframes (fast).
    """

    def __init__(
        self, template: Template | str | os.PathLike[str] | bytes, *, previews: bool = True, width: int = 560
    ) -> None:
        # ipywidgets is optional (the notebook extra), and loads when a browser is built.
        import ipywidgets as widgets

        self.template = template if isinstance(template, Template) else Template.open(template)
        self.width = width
        self._pngs: list[bytes] | None = None
        self._use_previews = previews
        numbers = [
            (f"{s.number}: {s.layout or 'slide'} ({len(s.placeholders)} keys)", s.number)
            for s in self.template.slides
        ]
        self.selector = widgets.Dropdown(
            options=numbers, value=numbers[0][1] if numbers else None, description="Slide"
        )
        self.picture = widgets.Image(format="png", width=width)
        self.sketch = widgets.HTML()
        self.keys = widgets.HTML()
        self.skeleton = widgets.Textarea(layout=widgets.Layout(width="100%", height="160px"))
        self.python = widgets.Textarea(layout=widgets.Layout(width="100%", height="160px"))
        # Two ways to fill the selected slide: data.json for the service, Python for the SDK.
        self.tabs = widgets.Tab(children=[self.skeleton, self.python], titles=("data.json", "Python"))
        self.selector.observe(self._on_select, names="value")
        self.widget = widgets.VBox(
            [
                widgets.HTML(f"<b>{html.escape(self.template.name)}</b>: {len(self.template.slides)} slides"),
                self.selector,
                self.picture,
                self.sketch,
                self.keys,
                self.tabs,
            ]
        )
        if numbers:
            self.show(numbers[0][1])

    def _previews(self) -> list[bytes] | None:
        if not self._use_previews:
            return None
        if self._pngs is None:
            if not preview.libreoffice_available():
                self._use_previews = False
                return None
            try:
                self._pngs = preview.slide_pngs(self.template.data, width=self.width)
            except PreviewUnavailableError:
                self._use_previews = False
                return None
        return self._pngs

    def show(self, number: int) -> None:
        """Show template slide ``number`` (from 1)."""
        slide = self.template.slide(number)
        if self.selector.value != number:
            self.selector.value = number  # observer calls back into show()
            return
        pngs = self._previews()
        if pngs is not None and number <= len(pngs):
            self.picture.value = pngs[number - 1]
            self.picture.layout.display = None
            self.sketch.value = ""
        else:
            self.picture.layout.display = "none"
            self.sketch.value = preview.wireframe_svg(self.template, number, width=self.width)
        self.keys.value = _placeholder_table(slide)
        self.skeleton.value = json.dumps(slide.skeleton(), indent=2, ensure_ascii=False)
        self.python.value = "\n".join(slide_code(slide))

    def _on_select(self, change: dict[str, Any]) -> None:
        if change.get("new") is not None:
            self.show(int(change["new"]))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"<TemplateBrowser {self.template.name!r}: {len(self.template.slides)} slides>"


def browse(template: Template | str | os.PathLike[str] | bytes, *, previews: bool = True) -> TemplateBrowser:
    """Open a template browser (``deckkit.notebook.browse("template.pptx")`` in a notebook cell)."""
    return TemplateBrowser(template, previews=previews)
