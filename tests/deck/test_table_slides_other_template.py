"""Deck.add_table_slides on a slide of another template (``"appendix#1"``): the pages are measured
on that slide, with its own frame, layout, master and theme, as the render draws them."""

from __future__ import annotations

import io
import itertools
import zipfile
from pathlib import Path
from typing import Any

import pytest

from deckkit.deck import Deck
from deckkit.errors import DataError
from deckkit.model import Table
from deckkit.renderer import render
from tests.deck.test_table_slides import _texts, sales, table_template
from tests.readers import assert_readable

WIDE_FONT = "DejaVu Sans Mono"  # installed with the test fonts; far wider than Calibri (Carlito)


def _with_minor_font(path: Path, typeface: str) -> Path:
    """The template at ``path`` with its theme's body font (``+mn-lt``) ``typeface``."""
    source = zipfile.ZipFile(io.BytesIO(path.read_bytes()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename == "ppt/theme/theme1.xml":
                text = data.decode()
                start = text.index("<a:minorFont>")
                latin = text.index('<a:latin typeface="Calibri"', start)
                text = (
                    text[:latin]
                    + f'<a:latin typeface="{typeface}"'
                    + text[latin + len('<a:latin typeface="Calibri"') :]
                )
                data = text.encode()
            target.writestr(info, data)
    path.write_bytes(out.getvalue())
    return path


def _warnings(deck: Deck, slides: list[tuple[int | str, dict[str, Any]]]) -> list[str]:
    """The render's warnings for these slides of the deck's templates."""
    check = Deck(deck.template, extra={"appendix": deck.media["templates/appendix.pptx"]})
    for template, values in slides:
        check.add_slide(template, values)
    return [f"{w.path}: {w.message}" for w in render(check.template, check.to_data(), check.media).warnings]


def test_pages_are_measured_on_the_other_template_s_frame(tmp_path: Path) -> None:
    base = table_template(tmp_path / "template.pptx", top=1.2)
    appendix = table_template(tmp_path / "appendix.pptx", top=4.0)  # the frame lower: less room
    deck = Deck(base, extra={"appendix": appendix})
    deck.add_slide(1, title="Overview", sales=Table.from_dataframe(sales(3)), page="1", pages="1")
    added = deck.add_table_slides("appendix#1", "sales", sales(60), title="Appendix")
    on_base = Deck(base).add_table_slides(1, "sales", sales(60), title="Appendix")
    assert [s.template_ref for s in added] == ["templates/appendix.pptx#1"] * len(added)
    assert len(added) > len(on_base)  # the base's frame would hold more rows a page
    body = [row[0] for s in added for row in _texts(s)[1:]]
    assert body == [f"Region {i + 1}" for i in range(60)]
    assert [s.values["page"] + "/" + s.values["pages"] for s in added] == [
        f"{n}/{len(added)}" for n in range(1, len(added) + 1)
    ]
    result = deck.render(tmp_path / "out.pptx")
    assert result.warnings == []
    assert_readable(tmp_path / "out.pptx", [base, appendix], pages=len(added) + 1)
    # Each page as full as the render allows on that slide: one more row leaves the slide.
    pages = [_texts(s) for s in added]
    values = {"title": "Appendix", "page": "1", "pages": "1"}
    for page, following in itertools.pairwise(pages):
        over = _warnings(deck, [("appendix#1", {**values, "sales": Table(rows=[*page, following[1]])})])
        assert len(over) == 1, over
        assert "below the slide's bottom edge" in over[0], over


def test_pages_are_measured_in_the_other_template_s_theme_fonts(tmp_path: Path) -> None:
    # The same frame on both; the appendix's master takes a wider body font from its theme, so
    # a note wraps onto more lines there.
    base = table_template(tmp_path / "template.pptx")
    appendix = _with_minor_font(table_template(tmp_path / "appendix.pptx"), WIDE_FONT)
    deck = Deck(base, extra={"appendix": appendix})
    frame = sales(40, "a note that wraps over a line or two")
    added = deck.add_table_slides("appendix#1", "sales", frame, title="x")
    on_base = Deck(base).add_table_slides(1, "sales", frame, title="x")
    assert len(added) > len(on_base)
    assert deck.render(tmp_path / "out.pptx").warnings == []
    assert_readable(tmp_path / "out.pptx", [base, appendix], pages=len(added), libreoffice=False)
    values = {"title": "x", "page": "1", "pages": "1"}
    first, second = (_texts(s) for s in added[:2])
    over = _warnings(deck, [("appendix#1", {**values, "sales": Table(rows=[*first, second[1]])})])
    assert len(over) == 1, over


def test_errors_name_the_other_template_and_add_nothing(tmp_path: Path) -> None:
    base = table_template(tmp_path / "template.pptx")
    deck = Deck(base, extra={"appendix": table_template(tmp_path / "appendix.pptx")})
    deck.add_slide("appendix#2", note="kept")
    with pytest.raises(
        DataError,
        match=r"slides\[1\]\.template: template slide 3 does not exist; templates/appendix\.pptx has slides 1 to 2",
    ):
        deck.add_table_slides("appendix#3", "sales", sales(5))
    with pytest.raises(
        DataError,
        match=r"slides\[1\]\.sale: template slide 1 of templates/appendix\.pptx has no key `sale`; did you mean `sales`",
    ):
        deck.add_table_slides("appendix#1", "sale", sales(5))
    with pytest.raises(
        DataError,
        match=r"`note` is text on template slide 2 of templates/appendix\.pptx: add_table_slides fills a table",
    ):
        deck.add_table_slides("appendix#2", "note", sales(5))
    tall = sales(5)
    tall.loc[3, "note"] = "\n".join(["line"] * 60)
    with pytest.raises(
        DataError, match=r"is taller than the table's room on template slide 1 of templates/appendix\.pptx"
    ):
        deck.add_table_slides("appendix#1", "sales", tall, title="x")
    with pytest.raises(DataError, match=r"slides\[1\]\.template: 'nope' is none of the deck's templates"):
        deck.add_table_slides("nope#1", "sales", sales(5))
    assert len(deck) == 1
