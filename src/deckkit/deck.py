"""Deck: what a user holds while building a deck: a template, slides, media, an optional theme.

    deck = Deck("template.pptx")
    deck.add_slide(1, title="Q3 review", logo=Image.from_path("logo.png"))
    deck.add_slide(2, {"q3-sales": Table(rows=[["Region", "Sales"], ["North", "12"]])})
    deck.add_table_slides(3, "stores", df)  # as many copies of slide 3 as the rows need
    deck.save_zip("deck.zip")           # the service's input zip
    deck.render("deck.pptx")            # locally (or client=Client() for the service)

No pandas, no python-pptx: building a deck needs the model and template inspection (each slide
is checked against the template as it is added); rendering and validating import the renderer
the first time they are used.
"""

from __future__ import annotations

import inspect
import io
import json
import os
import weakref
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

from pydantic import ValidationError
from pydantic_core import PydanticCustomError

from deckkit.bundle import read_bundle, write_bundle
from deckkit.display_hook import PREVIEW, Displayable
from deckkit.errors import DataError, DeckkitError, Problem, TemplateError
from deckkit.file_kind import describe, not_powerpoint
from deckkit.frames import table_from_dataframe, to_element
from deckkit.model import (
    DeckData,
    Image,
    Slide,
    Table,
    Theme,
    ThemeColors,
    Video,
    data_error,
    media_path,
    split_template_ref,
)
from deckkit.model.media_bytes import mismatch
from deckkit.model.patterns import IMAGE_EXTENSIONS, VIDEO_EXTENSIONS
from deckkit.options import options
from deckkit.template.early_checks import check_slide
from deckkit.template.inspect import Template
from deckkit.template.table_pages import split_table
from deckkit.warn import warn_render
from deckkit.words import counted

if TYPE_CHECKING:
    from deckkit.renderer import RenderResult
    from deckkit.template.validate import ValidationReport

__all__ = ["Deck", "deck_holding"]

# Which deck a slide was added to, so that the slide's display can draw its charts in their
# template chart's kind. Keyed by id (a Slide is not hashable); weak, so that a deck dies with
# its last reference; the identity check below guards against a reused id.
_DECK_OF_SLIDE: weakref.WeakValueDictionary[int, Deck] = weakref.WeakValueDictionary()


def deck_holding(slide: Slide) -> Deck | None:
    """The deck ``slide`` was added to (``Deck.add_slide``), or None."""
    deck = _DECK_OF_SLIDE.get(id(slide))
    return deck if deck is not None and any(s is slide for s in deck.slides) else None


class _RendersDecks(Protocol):
    """What ``Deck.render(client=...)`` needs of a client: ``Client.render``."""

    def render(
        self, deck: Any, /, *, to: str | os.PathLike[str] | None = None, strict: bool = False
    ) -> Any: ...


def _is_presentation(template: object) -> bool:
    # A python-pptx Presentation, recognised without importing python-pptx.
    return (
        type(template).__module__.startswith("pptx.")
        and hasattr(template, "save")
        and hasattr(template, "slides")
    )


def _template_bytes(template: Any, called: str = "the template") -> bytes:
    """The bytes of a template given as a path, bytes or a Presentation; ``called``: how messages
    name one given as bytes (a path names itself)."""
    if _is_presentation(template):
        buffer = io.BytesIO()
        template.save(buffer)
        return buffer.getvalue()
    if isinstance(template, bytes | bytearray):
        data = bytes(template)
        origin = called
    else:
        try:
            data = Path(template).read_bytes()
        except OSError as e:
            raise TemplateError(f"{template}: cannot read the template ({e.strerror or e})") from None
        origin = str(template)

    kind = describe(data)  # reads a zip's [Content_Types].xml only: a Word file is named as one at once
    if kind is not None:
        raise TemplateError(not_powerpoint(origin, kind))
    if not data.startswith(b"PK"):
        raise TemplateError(f"{origin}: not a .pptx file (a .pptx is a zip; this is not one)")
    return data


class Deck(Displayable):
    """A template plus the slides to fill from it; becomes data.json, the input zip, or a pptx."""

    def __init__(
        self,
        template: bytes | str | os.PathLike[str] | Any,
        *,
        theme: Theme | Mapping[str, Any] | None = None,
        extra: Mapping[str, bytes | str | os.PathLike[str] | Any] | None = None,
    ) -> None:
        """``template``: a path, the bytes of a .pptx, or a python-pptx ``Presentation`` (saved as
        it is now; later changes to it do not reach the deck): the deck's base, whose slide size
        and first master the deck has.

        ``extra``: more templates by name (``{"appendix": "appendix.pptx"}``), each given like
        ``template``; ``add_slide("appendix#3")`` takes slide 3 of one. Each goes into the zip
        as ``templates/<name>.pptx``, and data.json names it so (``"templates/appendix.pptx#3"``).
        """
        self._template = _template_bytes(template)
        self._name = Path(template).name if isinstance(template, str | os.PathLike) else "the template"
        self._inspected: dict[str | None, Template | Literal[False]] = {}  # False: cannot be inspected
        self._slides: list[Slide] = []
        self._media: dict[str, bytes] = {}
        self._extra: dict[str, str] = {}  # name given -> the file's path in the zip
        for name, source in (extra or {}).items():
            self._add_template(name, source)
        self.theme = theme

    def _add_template(self, name: str, source: bytes | str | os.PathLike[str] | Any) -> None:
        stem = name.removesuffix(".pptx")
        path = name if name.startswith("templates/") and name.endswith(".pptx") else f"templates/{stem}.pptx"
        try:
            file, _ = split_template_ref(f"{path}#1")
        except PydanticCustomError as error:
            raise DataError([Problem(f"extra[{json.dumps(name)}]", error.message())]) from None
        if file is None or "#" in name:
            raise DataError(
                [
                    Problem(
                        f"extra[{json.dumps(name)}]", f"{name!r} cannot name a template besides template.pptx"
                    )
                ]
            )
        self._media[file] = _template_bytes(source, f"the template extra[{json.dumps(name)}]")
        self._name_template(file)

    def _name_template(self, file: str) -> None:
        """``add_slide`` finds ``file`` by its path in the zip and by its short name
        (``templates/appendix.pptx``: ``appendix``), however the deck came to hold it."""
        self._extra.setdefault(file.removeprefix("templates/").removesuffix(".pptx"), file)
        self._extra[file] = file

    # -- building ---------------------------------------------------------------------------

    @property
    def template(self) -> bytes:
        """The template's bytes."""
        return self._template

    @property
    def slides(self) -> Sequence[Slide]:
        """The slides added so far, in output order."""
        return tuple(self._slides)

    @property
    def media(self) -> Mapping[str, bytes]:
        """The zip's other files (path relative to data.json -> bytes): media, and the templates
        given with ``extra`` (``templates/<name>.pptx``)."""
        return dict(self._media)

    @property
    def extra_templates(self) -> tuple[str, ...]:
        """The other templates' paths in the zip (given with ``extra``, or named by the slides of
        a loaded zip), in :attr:`media` too."""
        return tuple(sorted(set(self._extra.values())))

    @property
    def theme(self) -> Theme | None:
        return self._theme

    @theme.setter
    def theme(self, theme: Theme | Mapping[str, Any] | None) -> None:
        if theme is None or isinstance(theme, Theme):
            self._theme = theme
            return
        try:
            self._theme = Theme.model_validate(dict(theme))
        except ValidationError as error:
            raise data_error(error, "theme", "theme") from None

    def set_theme_colors(self, **colors: str | None) -> None:
        """Change theme colour slots (``accent1="#1F77B4"``); other slots keep the template's colour."""
        current = (
            self._theme.colors.model_dump(exclude_none=True) if self._theme and self._theme.colors else {}
        )
        try:
            merged = ThemeColors.model_validate({**current, **colors})
        except ValidationError as error:
            raise data_error(error, "theme colors", "theme.colors") from None
        self._theme = Theme(colors=merged)

    def add_slide(
        self, template: int | str, values: Mapping[str, Any] | None = None, /, **keys: Any
    ) -> Slide:
        """Add a slide made from template slide ``template`` (counted from 1): of the deck's
        template, or ``"appendix#3"``, slide 3 of the template given as ``extra={"appendix": ...}``.

        Placeholder values come as keyword arguments, or as a mapping for keys that are not
        Python identifiers (``{"q3-sales": ...}``); each is a string or an element. A pandas or
        polars DataFrame becomes a Table, a Series a List and a matplotlib figure an Image, with
        default options (``Table.from_dataframe`` and friends take the options). Media of
        ``Image.from_path``/``Video.from_path`` elements is collected into the deck.
        """
        position = len(self._slides)
        data = {name: to_element(value) for name, value in {**(values or {}), **keys}.items()}
        if "template" in data:
            raise DataError(
                [
                    Problem(
                        f"slides[{position}]",
                        '"template" is the template slide number, not a placeholder key',
                    )
                ]
            )
        slide = self._slide(template, position, data)
        inspected = self._template_info(slide.template_file)
        if inspected is not None:
            check_slide(inspected, position, slide.template, slide.values)
        for element in slide.values.values():
            if isinstance(element, Image | Video):
                self._media.update(element.media)
        self._slides.append(slide)
        _DECK_OF_SLIDE[id(slide)] = self
        return slide

    def add_table_slides(
        self,
        template: int | str,
        key: str,
        table: Table | Any,
        /,
        *,
        max_rows: int | None = None,
        header_rows: int | None = None,
        table_options: Mapping[str, Any] | None = None,
        **keys: Any,
    ) -> list[Slide]:
        """Add as many copies of template slide ``template`` as ``table``'s rows need; returns them.

        ``template`` is a slide number of the deck's template, or ``"appendix#3"`` (slide 3 of a
        template given with ``extra=``) as in :meth:`add_slide`; the pages are measured on that
        slide, with its own layout, master and sizes.

        ``table`` is a Table, or a pandas or polars DataFrame made one by ``Table.from_dataframe``
        with ``table_options`` (its keywords: ``{"formats": {...}, "index": True}``). Every copy
        repeats the header rows (a Table's first row, a DataFrame's header rows, or the first
        ``header_rows``) and takes as many of the other rows as fit, measured as a render draws
        them: within the template frame's height for ``vertical_sizing="fixed"``, else down to
        the slide's bottom edge (``"anchor_bottom"``: up to its top edge); at most ``max_rows``
        when given (fewer on a page they would not fit). The other ``keys`` fill every copy;
        ``{page}`` and ``{pages}`` in the slide's text, when it has them, become ``2`` and ``3``.

        Raises DataError when the slide does not exist, ``key`` is not a table on it, or one row
        is taller than a page with the header rows alone.
        """
        position = len(self._slides)
        if not isinstance(table, Table):
            table, counted_header = _table_of(table, table_options or {}, f"slides[{position}].{key}")
            header_rows = counted_header if header_rows is None else header_rows
        elif table_options:
            raise DataError(
                [
                    Problem(
                        f"slides[{position}].{key}",
                        "table_options are for a DataFrame; this is a Table already",
                    )
                ]
            )
        named = self._slide(template, position, {})  # named as add_slide names it, refused in its words
        file, number = named.template_file, named.template
        data, name = (self._template, self._name) if file is None else (self._media[file], file)
        # The pages are measured in the template: one that cannot be opened says why here.
        inspected = self._template_info(file) or Template(data, name)
        pages = split_table(
            inspected,
            data,
            position,
            number,
            key,
            table,
            header_rows=1 if header_rows is None else header_rows,
            max_rows=max_rows,
            label=str(number) if file is None else f"{number} of {file}",
        )
        numbered = set(inspected.slide(number).keys) & {"page", "pages"}
        added: list[Slide] = []
        try:
            for number, page in enumerate(pages, start=1):
                counters = {"page": str(number), "pages": str(len(pages))}
                values = {**{k: counters[k] for k in numbered}, **keys, key: page}
                added.append(self.add_slide(template, values))
        except DeckkitError:
            del self._slides[position:]  # all the pages or none
            raise
        return added

    @property
    def template_info(self) -> Template | None:
        """The template opened for inspection (its slides, keys and charts' kinds), or None when it
        cannot be opened (a render says why)."""
        return self._template_info()

    def template_of(self, slide: Slide) -> Template | None:
        """The template ``slide`` is a copy of (the deck's own, or one given with ``extra=``),
        opened for inspection; None when it cannot be opened (a render says why)."""
        return self._template_info(slide.template_file)

    def _slide(self, template: int | str, position: int, data: Mapping[str, Any]) -> Slide:
        """Output slide ``position`` (from 0) of template slide ``template`` with ``data``; DataError
        at ``slides[position]`` when it is not valid."""
        try:
            return Slide.model_validate({"template": self._template_ref(template, position), **data})
        except ValidationError as error:
            raise data_error(
                error, f"slide {position + 1}", f"slides[{position}]", slide_alone=True
            ) from None

    def _template_ref(self, template: int | str, position: int) -> int | str:
        """``"appendix#3"`` as data.json names it, ``"templates/appendix.pptx#3"``; a number as it is."""
        if not isinstance(template, str) or "#" not in template:
            return template
        name, _, number = template.rpartition("#")
        if name in self._extra:
            return f"{self._extra[name]}#{number}"
        if name.removeprefix("./") == "template.pptx":
            return template
        known = ", ".join(sorted({n for n in self._extra if not n.endswith(".pptx")})) or "none"
        raise DataError(
            [
                Problem(
                    f"slides[{position}].template",
                    f"{name!r} is none of the deck's templates (given with extra=: {known}); "
                    f'add it with Deck(..., extra={{"{name}": "{name}.pptx"}})',
                )
            ]
        )

    def _template_info(self, file: str | None = None) -> Template | None:
        """A template of the deck opened for inspection, or None when it cannot be (render says why)."""
        if file not in self._inspected:
            data, name = (self._template, self._name) if file is None else (self._media[file], file)
            try:
                self._inspected[file] = Template(data, name)
            except TemplateError:
                self._inspected[file] = False
        found = self._inspected[file]
        return found if found is not False else None

    def validate(self) -> ValidationReport:
        """Check the deck against its template as a render would (every problem), writing nothing."""
        # The renderer's own dry run: it loads the renderer, which building a deck does not need.
        from deckkit.template.validate import validate_deck

        return validate_deck(self._template, self.to_data(), self._media, what="deck", name=self._name)

    def add_media(self, name: str, data: bytes | str | os.PathLike[str]) -> str:
        """Put a file into the zip under ``name``, for an Image or Video whose ``src`` names it.

        The name must be a relative path with an image or video extension, and the bytes must be
        what the extension says. Returns the name as the data should use it (normalised).
        """
        content = bytes(data) if isinstance(data, bytes | bytearray) else Path(data).read_bytes()
        try:
            checked = media_path(name, IMAGE_EXTENSIONS + VIDEO_EXTENSIONS, "a media file")
        except PydanticCustomError as error:
            raise DataError([Problem(name, error.message())]) from None
        wrong = mismatch(content, checked)
        if wrong:
            raise DataError([Problem(name, wrong)])
        self._media[checked] = content
        return checked

    # -- output -----------------------------------------------------------------------------

    def to_data(self) -> DeckData:
        """The data as a model (the current data.json form)."""
        return DeckData(slides=list(self._slides), theme=self._theme)

    def to_dict(self) -> dict[str, Any]:
        """data.json as plain JSON types."""
        return self.to_data().to_json_dict()

    def to_json(self, indent: int | None = 2) -> str:
        """data.json as text."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=indent)

    def to_zip_bytes(self) -> bytes:
        """The input zip (template.pptx, data.json, media) as bytes."""
        return write_bundle(self._template, self.to_data(), self._media)

    def save_zip(self, path: str | os.PathLike[str]) -> Path:
        """Write the input zip to ``path``; returns the path."""
        target = Path(path)
        target.write_bytes(self.to_zip_bytes())
        return target

    @classmethod
    def from_zip(cls, source: bytes | str | os.PathLike[str]) -> Deck:
        """The Deck of an input zip (checked as the service checks it)."""
        bundle = read_bundle(source if isinstance(source, bytes) else Path(source))
        deck = cls(bundle.template, theme=bundle.data.theme)
        deck._slides = list(bundle.data.slides)
        _DECK_OF_SLIDE.update((id(slide), deck) for slide in deck._slides)
        deck._media = dict(bundle.media)
        for slide in deck._slides:
            if slide.template_file is not None:
                deck._name_template(slide.template_file)
        return deck

    def render(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        client: _RendersDecks | None = None,
        strict: bool = False,
    ) -> RenderResult | Any:
        """Render the deck: locally (``deckkit.renderer``), or through the service with ``client``.

        Locally returns a RenderResult (``pptx`` bytes, ``slide_count``, ``warnings``); each
        warning is also given as a Python warning (a RenderWarning) at the caller's line. With
        ``strict=True`` or ``deckkit.options.strict`` warnings (keys the template lacks) are
        errors, remotely too (the service is asked for a strict render). With ``path`` the pptx
        is also written there. With a client, returns what ``client.render`` returns.
        """
        strict = strict or options.strict
        if client is not None:
            return client.render(self, to=path, strict=strict)
        # The renderer loads when a deck is first rendered here: building one does not need it.
        from deckkit.renderer import render

        try:
            result = render(self._template, self.to_data(), self._media, strict=strict)
        except TemplateError as error:
            raise error.naming(self._name) from None  # the file the deck was made from, by its name
        warn_render(result.warnings)
        if path is not None:
            Path(path).write_bytes(result.pptx)
        return result

    def __len__(self) -> int:
        return len(self._slides)

    # -- display ------------------------------------------------------------------------------

    def preview(self, n: int | None = None, *, width: int = 960) -> Any:
        """Render the deck locally (nothing written) and show thumbnails of its first slides.

        Cached while the deck is unchanged; the Deck's own display then includes them too.
        Pictures come from LibreOffice when installed, else wireframes (the display says which).
        With ``n``: slide ``n`` (from 1) of the rendered deck, ``width`` pixels wide, as
        ``deck.render().show(n, width)`` shows it (the render's warnings given as Python warnings).
        """
        if n is None:
            return PREVIEW(self)
        return self.render().show(n, width)

    def __repr__(self) -> str:
        lines = [f"<Deck: {holdings(len(self._slides), self._media, self.extra_templates)}"]
        lines += ["  " + slide_line(i, s)[:120] for i, s in enumerate(self._slides[:5])]
        if len(self._slides) > 5:
            lines.append(f"  … and {counted(len(self._slides) - 5, 'more slide')}")
        return "\n".join(lines) + ">"


def holdings(slides: int, media: Mapping[str, bytes], templates: Collection[str]) -> str:
    """``3 slides, 2 media files, 1 other template``: what a deck holds (the other templates
    travel with its media files but are not pictures or videos; any other file is media, a .pptx
    too)."""
    files = sum(1 for name in media if name not in templates)
    said = f"{counted(slides, 'slide')}, {counted(files, 'media file')}"
    return said + (f", {counted(len(templates), 'other template')}" if templates else "")


def slide_line(position: int, slide: Slide) -> str:
    """``3. template slide 2: title=text, sales=table``: one output slide and what each key gets."""
    keys = ", ".join(f"{k}={_value_kind(v)}" for k, v in slide.values.items()) or "no keys"
    return f"{position + 1}. template slide {slide.template_ref}: {keys}"


def _value_kind(value: object) -> str:
    return "text" if isinstance(value, str) else str(getattr(value, "type", type(value).__name__))


def _table_of(frame: Any, options: Mapping[str, Any], path: str) -> tuple[Table, int]:
    """The Table of a DataFrame (``Table.from_dataframe``'s options), and its count of header rows."""
    if hasattr(frame, "collect") and not hasattr(frame, "__len__"):
        frame = frame.collect()  # a polars LazyFrame: its length is needed
    # Said in the words of add_table_slides' own argument, not as a TypeError of a function inside.
    known = [name for name in inspect.signature(table_from_dataframe).parameters if name != "df"]
    unknown = [name for name in options if name not in known]
    if unknown:
        raise DataError(
            [
                Problem(
                    path,
                    f"table_options has no {', '.join(map(repr, unknown))}: it takes Table.from_dataframe's "
                    f"keywords ({', '.join(known)})",
                )
            ]
        )
    try:
        table = table_from_dataframe(frame, **options)
    except DataError:
        if to_element(frame) is frame:  # not a DataFrame at all: said in add_table_slides' words
            raise DataError(
                [Problem(path, f"add_table_slides takes a Table or a DataFrame, not {_python_name(frame)}")]
            ) from None
        raise
    return table, len(table.rows) - len(frame)


def _python_name(value: object) -> str:
    return f"a {type(value).__name__}"
