"""TemplateBrowser: pick a template slide, see it, see its keys and a skeleton for it (data.json or Python),
and give a table, chart or picture without alt text its key."""

from __future__ import annotations

import html
import json
import os
from typing import Any

from deckkit.display_hook import HTML
from deckkit.errors import PreviewUnavailableError, TemplateError
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

    A slide's shapes without alt text (tables, charts, pictures) can be tagged from the browser:
    pick one, type its key, *Tag* (the template changes in memory, as :meth:`Template.tag`), then
    *Save* writes the template to the path in the box (the file it was opened from, by default;
    a template shipped inside the deckkit package is saved as ``template.pptx`` here instead).
    """

    def __init__(
        self, template: Template | str | os.PathLike[str] | bytes, *, previews: bool = True, width: int = 560
    ) -> None:
        # ipywidgets is optional (the notebook extra), and loads when a browser is built.
        import ipywidgets as widgets

        self.template = template if isinstance(template, Template) else Template.open(template)
        opened_from = "" if isinstance(template, (Template, bytes)) else _save_target(template)
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
        self.charts = widgets.HTML()  # the slide's chart keys, their sample data in their kind
        self.skeleton = widgets.Textarea(layout=widgets.Layout(width="100%", height="160px"))
        self.python = widgets.Textarea(layout=widgets.Layout(width="100%", height="160px"))
        # Two ways to fill the selected slide: data.json for the service, Python for the SDK.
        self.tabs = widgets.Tab(children=[self.skeleton, self.python], titles=("data.json", "Python"))
        self.selector.observe(self._on_select, names="value")
        # Tagging: the untagged shapes of the selected slide, the key to give one, and saving.
        self.untagged = widgets.Dropdown(description="Untagged")
        self.key = widgets.Text(description="Key", placeholder="sales")
        self.tag_button = widgets.Button(description="Tag")
        self.save_path = widgets.Text(description="Save to", value=opened_from, placeholder="template.pptx")
        self.save_button = widgets.Button(description="Save")
        self.message = widgets.HTML()
        self.tag_button.on_click(lambda _: self.tag())
        self.save_button.on_click(lambda _: self.save())
        self.untagged.observe(self._on_untagged, names="value")
        tagging = widgets.VBox(
            [
                widgets.HBox([self.untagged, self.key, self.tag_button]),
                widgets.HBox([self.save_path, self.save_button]),
                self.message,
            ]
        )
        self.widget = widgets.VBox(
            [
                widgets.HTML(f"<b>{html.escape(self.template.name)}</b>: {len(self.template.slides)} slides"),
                self.selector,
                self.picture,
                self.sketch,
                self.keys,
                self.charts,
                tagging,
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
        charts = [p for p in slide.placeholders if p.chart is not None]
        self.charts.value = "".join(
            f'<div style="display:inline-block;vertical-align:top;margin:0 8px 6px 0">{HTML(p)}</div>'
            for p in charts
        )
        self.skeleton.value = json.dumps(slide.skeleton(), indent=2, ensure_ascii=False)
        self.python.value = "\n".join(slide_code(slide))
        self.untagged.options = [
            (f'{u.kind} "{u.name}" (id {u.shape_id})', u.shape_id) for u in slide.untagged
        ]
        self.untagged.value = slide.untagged[0].shape_id if slide.untagged else None
        self.untagged.disabled = self.key.disabled = self.tag_button.disabled = not slide.untagged

    def tag(self, shape: str | None = None, key: str | None = None) -> None:
        """Tag ``shape`` (an id or name; the one picked by default) on the shown slide with ``key``
        (the one typed by default); a problem shows below the boxes."""
        number = int(self.selector.value)
        shape = shape if shape is not None else self.untagged.value
        key = key if key is not None else self.key.value.strip()
        if not shape:
            self._say("This slide has no untagged table, chart or picture.", error=True)
            return
        try:
            self.template.tag(number, shape, key)
        except TemplateError as error:
            self._say(str(error), error=True)
            return
        self.show(number)
        self._say(f"Tagged shape {shape} as <code>{html.escape(key)}</code>; Save writes the template.")

    def save(self, path: str | None = None) -> None:
        """Write the template, as tagged, to ``path`` (the path in the Save box by default)."""
        target = path if path is not None else self.save_path.value.strip()
        if not target:
            self._say("Type the path to save the template to.", error=True)
            return
        try:
            self.template.save(target)
        except OSError as error:
            self._say(f"{html.escape(target)}: {html.escape(error.strerror or str(error))}", error=True)
            return
        self._say(f"Saved {html.escape(target)}.")

    def _say(self, message: str, *, error: bool = False) -> None:
        text = html.escape(message) if error else message
        self.message.value = f'<span style="color:#b00">{text}</span>' if error else text

    def _on_untagged(self, change: dict[str, Any]) -> None:
        chosen = next(
            (
                u
                for u in self.template.slide(int(self.selector.value)).untagged
                if u.shape_id == change.get("new")
            ),
            None,
        )
        if chosen is not None:
            self.key.value = chosen.suggested_key

    def _on_select(self, change: dict[str, Any]) -> None:
        if change.get("new") is not None:
            self.message.value = ""
            self.show(int(change["new"]))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"<TemplateBrowser {self.template.name!r}: {len(self.template.slides)} slides>"


def browse(template: Template | str | os.PathLike[str] | bytes, *, previews: bool = True) -> TemplateBrowser:
    """Open a template browser (``deckkit.notebook.browse("template.pptx")`` in a notebook cell)."""
    return TemplateBrowser(template, previews=previews)


_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _save_target(opened: str | os.PathLike[str]) -> str:
    """Where *Save* writes by default: the file opened, unless it is one of deckkit's own examples
    (saving there would change the installed package for every later user)."""
    path = os.fspath(opened)
    inside = os.path.commonpath([_PACKAGE, os.path.abspath(path)]) == _PACKAGE
    return "template.pptx" if inside else path
