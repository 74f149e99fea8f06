"""Rich displays: content, the note on where thumbnails come from, and size bounds."""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
import pytest

import deckkit
from deckkit import Chart, Deck, Image, Scatter, Table, examples
from deckkit.display.html import esc
from deckkit.errors import Problem
from deckkit.frames import currency
from deckkit.renderer import RenderResult
from deckkit.template.preview import libreoffice_available

pytestmark = pytest.mark.usefixtures("wireframes")


def _sample_deck() -> Deck:
    deck = Deck(examples.template())
    deck.add_slide(1, title="Quarterly review", subtitle="Q3 2026")
    deck.add_slide(2, heading="Sales", caption="by region", sales=Table(rows=[["Region"], ["North"]]))
    return deck


def test_a_thousand_slide_result_has_a_short_text_repr_and_never_the_bytes() -> None:
    pptx = b"PK\x03\x04" + b"\xab" * 400_000
    warnings = [
        Problem(f"slides[{i}].title", "no {title} on template slide 2; " + "x" * 300) for i in range(1000)
    ]
    text = repr(RenderResult(pptx, 1000, warnings))
    assert len(text.encode()) < 2048
    assert "1,000 slides" in text
    assert "1000 warnings" in text
    assert "… and 995 more" in text
    assert "slides[0].title" in text
    assert "\\xab" not in text
    assert "b'PK" not in text


def test_rendered_result_shows_a_thumbnail_strip_count_and_warnings() -> None:
    deck = _sample_deck()
    with pytest.warns(deckkit.UnusedKeyWarning, match="did you mean `title`"):
        deck.add_slide(1, title="x", titel="typo")
    with pytest.warns(deckkit.DeckkitWarning):
        result = deck.render()
    page = result._repr_html_()
    assert page.count('<img class="deckkit-thumb"') == 3
    assert "wireframe previews" in page
    assert "deckkit.options.previews" in page
    assert "3 slides" in page
    assert "<code>slides[2].titel</code>" in page
    assert len(page) < 100_000
    assert "titel" in repr(result)
    assert len(repr(result)) < 2048


def test_strip_is_bounded_by_options_thumbnails() -> None:
    deck = Deck(examples.template())
    for _ in range(12):
        deck.add_slide(1, title="t", subtitle="s")
    page = deck.render()._repr_html_()
    assert page.count('<img class="deckkit-thumb"') == deckkit.options.thumbnails
    assert f"… and {12 - deckkit.options.thumbnails} more" in page


@pytest.mark.slow
@pytest.mark.skipif(not libreoffice_available(), reason="LibreOffice and pdftoppm are not installed")
def test_libreoffice_thumbnails_when_installed(tmp_path: Path) -> None:
    from tests.readers import assert_readable

    deckkit.options.previews = "auto"
    result = _sample_deck().render(tmp_path / "out.pptx")
    assert_readable(tmp_path / "out.pptx", examples.template(), pages=2)
    page = result._repr_html_()
    assert "previews rendered by LibreOffice" in page
    assert page.count('<img class="deckkit-thumb" src="data:image/png;base64,') == 2
    # Each opens large on a click: a bigger picture of the same slide, made from the same PDF.
    assert page.count('<img class="deckkit-enlarged" src="data:image/png;base64,') == 2
    assert len(page) < 400_000


def test_table_html_shows_formats_fills_and_databars() -> None:
    df = pd.DataFrame({"region": ["North", "South"], "revenue": [1234.5, -80.0]})
    table = Table.from_dataframe(
        df,
        formats={"revenue": currency("$", 0)},
        databars=["revenue"],
        cell_styles=(df["revenue"] < 0, {"shape": {"fill": "accent2"}, "font": {"bold": True}}),
    )
    page = table._repr_html_()
    assert "-$80" in page
    assert "$1,234" in page
    assert "linear-gradient(90deg,#4472C4 100.0%" in page  # accent1 in Office's default theme
    assert "background-color:#ED7D31" in page
    assert "font-weight:bold" in page
    assert "<th" in page
    assert "3 rows x 2 columns" in page
    assert repr(table) == "<Table: 3 rows x 2 columns; first row: region | revenue>"


def test_long_table_shows_its_first_rows_only() -> None:
    table = Table(rows=[[str(i)] for i in range(500)])
    page = table._repr_html_()
    assert "… and 470 more rows" in page
    assert ">29<" in page
    assert ">30<" not in page


def test_chart_and_scatter_show_a_small_plot() -> None:
    df = pd.DataFrame({"revenue": [1, 2, 3], "margin": [0.1, 0.2, 0.15]}, index=["Jan", "Feb", "Mar"])
    chart = Chart.from_dataframe(df, axis2=["margin"])
    assert repr(chart) == "<Chart: axis1: 1 series (revenue); axis2: 1 series (margin); 3 labels (Jan … Mar)>"
    page = chart._repr_html_()
    png = re.search(r"data:image/png;base64,([A-Za-z0-9+/=]+)", page)
    assert png is not None
    assert 1_000 < len(png.group(1)) < 60_000
    points = pd.DataFrame({"x": [1, 2, 3], "y": [2, 3, 1], "g": ["a", "b", "a"]})
    scatter = Scatter.from_dataframe(points, x="x", y="y", by="g")
    assert repr(scatter) == "<Scatter: axis1: 2 series (a, b)>"
    assert "data:image/png;base64," in scatter._repr_html_()


def test_image_shows_its_picture_or_says_it_holds_none() -> None:
    png = examples.template_info()  # any PNG: take the one in the sample template's slide 5
    import zipfile
    from io import BytesIO

    with zipfile.ZipFile(BytesIO(png.data)) as z:
        media = next(n for n in z.namelist() if n.endswith(".png"))
        picture = z.read(media)
    image = Image.from_bytes(picture)
    assert "data:image/png;base64," in image._repr_html_()
    assert repr(image).startswith("<Image: ")
    assert "bytes held" in repr(image)
    assert "no picture held" in Image(src="images/a.png")._repr_html_()


def test_template_shows_slides_as_thumbnails_with_keys() -> None:
    page = examples.template_info()._repr_html_()
    assert page.count('<img class="deckkit-thumb"') == 5
    assert "<code>sales</code> <i>table 4x3</i>" in page
    assert "<code>plot</code> <i>picture &quot;Picture 2&quot;" in page


def test_deck_summary_and_cached_preview() -> None:
    deck = _sample_deck()
    assert "deck.preview()" in deck._repr_html_()
    assert repr(deck).startswith("<Deck: 2 slides")
    assert "heading=text" in repr(deck)
    first = deck.preview()
    assert deck.preview() is first  # cached while the deck is unchanged
    assert first._repr_html_().count('<img class="deckkit-thumb"') == 2
    assert deck._repr_html_().count('<img class="deckkit-thumb"') == 2  # the deck's display now includes them
    deck.add_slide(1, title="a", subtitle="b")
    assert deck.preview() is not first


def test_slide_and_list_reprs_are_one_line() -> None:
    slide = deckkit.Slide(2, heading="x", sales=Table(rows=[["a"]] * 200))
    assert repr(slide) == "<Slide from template slide 2: heading=text, sales=table>"
    assert repr(deckkit.List(values=["a", "b"])) == "<List: 2 items; first: 'a'>"


def test_remote_rendered_deck_shows_its_strip_or_why_it_has_none() -> None:
    from deckkit.client import RenderedDeck, Session

    deck = _sample_deck()
    pptx = deck.render().pptx
    done = {"uuid": "u", "created_at": "2026-01-01T00:00:00Z", "rendered_at": "2026-01-01T00:00:01Z"}
    ok = RenderedDeck(
        session=Session.model_validate({**done, "render_succeeded": True, "render_slide_count": 2}),
        content=pptx,
    )
    page = ok._repr_html_()
    assert page.count('<img class="deckkit-thumb"') == 2
    assert "RenderedDeck: 2 slides" in page
    assert len(repr(ok)) < 200
    failed = RenderedDeck(
        session=Session.model_validate(
            {**done, "render_succeeded": False, "render_message": "slides[0].x: no such key"}
        )
    )
    assert "no pptx" in failed._repr_html_()
    assert "slides[0].x: no such key" in failed._repr_html_()


def test_remote_rendered_deck_lists_the_service_s_warnings_as_a_local_result_does() -> None:
    from deckkit.client import RenderedDeck, Session

    deck = deckkit.Deck(deckkit.examples.template())
    with pytest.warns(deckkit.UnusedKeyWarning):
        deck.add_slide(1, titel="Q3", subtitle="2026")
    with pytest.warns(deckkit.RenderWarning):
        local = deck.render()
    wire = [{"code": "unused_key", "path": w.path, "message": w.message} for w in local.warnings]
    session = {"uuid": "u", "created_at": "2026-01-01T00:00:00Z", "rendered_at": "2026-01-01T00:00:01Z"}
    remote = RenderedDeck(
        session=Session.model_validate(
            {**session, "render_succeeded": True, "render_slide_count": 1, "render_warnings": wire}
        ),
        content=local.pptx,
    )
    for warning in local.warnings:
        assert esc(warning.message) in remote._repr_html_()
        assert f"{warning.path}: {warning.message}" in repr(remote)
    assert "2 warnings:" in repr(remote)
