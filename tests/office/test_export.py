"""RenderResult.to_pdf / to_pngs and deckkit.read_deck, through LibreOffice and poppler for real.

The PDF is opened with poppler's own readers (pdfinfo, pdftotext), the pictures with Pillow.
"""

from __future__ import annotations

import io
import subprocess
import threading
from pathlib import Path

import pytest
from PIL import Image

import deckkit
from deckkit import office
from deckkit.errors import TemplateError
from tests.readers import pdf_page_count

pytestmark = [pytest.mark.slow, pytest.mark.soffice]

TITLES = ("Quarterly review", "Northern region", "Southern region")


def _deck() -> deckkit.RenderResult:
    deck = deckkit.Deck(deckkit.examples.template())
    for i, title in enumerate(TITLES):
        deck.add_slide(1, title=title, subtitle=f"page marker {i + 1}")
    return deck.render()


@pytest.fixture(scope="module")
def result() -> deckkit.RenderResult:
    return _deck()


@pytest.fixture(scope="module")
def pdf_file(result: deckkit.RenderResult, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("pdf") / "deck.pdf"
    pdf = result.to_pdf(path)
    assert path.read_bytes() == pdf
    return path


def _page_texts(pdf: Path) -> list[str]:
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True)
    return text.stdout.split("\f")[:-1]  # pdftotext ends every page with a form feed


def test_the_pdf_has_a_page_per_slide_holding_its_texts(result: deckkit.RenderResult, pdf_file: Path) -> None:
    assert pdf_file.read_bytes().startswith(b"%PDF-")
    assert pdf_page_count(pdf_file) == result.slide_count == 3
    pages = _page_texts(pdf_file)
    assert len(pages) == 3
    for i, (page, title) in enumerate(zip(pages, TITLES, strict=True)):
        assert title in page
        assert f"page marker {i + 1}" in page


def test_pngs_one_per_slide_sized_by_the_dpi(result: deckkit.RenderResult, tmp_path: Path) -> None:
    pngs = result.to_pngs(tmp_path / "pictures")  # 96 dpi: a 13.33 x 7.5 inch slide is 1280 x 720
    assert len(pngs) == 3
    for png in pngs:
        assert png.startswith(b"\x89PNG")
        assert Image.open(io.BytesIO(png)).size == (1280, 720)
    files = sorted(p.name for p in (tmp_path / "pictures").iterdir())
    assert files == ["slide-1.png", "slide-2.png", "slide-3.png"]
    assert (tmp_path / "pictures" / "slide-2.png").read_bytes() == pngs[1]
    half = result.to_pngs(dpi=48)
    assert [Image.open(io.BytesIO(p)).size for p in half] == [(640, 360)] * 3


def test_pngs_of_some_slides_in_the_order_asked(result: deckkit.RenderResult) -> None:
    every = result.to_pngs(dpi=24)
    some = result.to_pngs(dpi=24, slides=[3, 1])
    assert some == [every[2], every[0]]
    assert every[0] != every[2]
    assert result.to_pngs(slides=[]) == []


@pytest.mark.parametrize(
    ("slides", "message"),
    [
        ([0], "slides[0]: 0 is not a slide of this deck; it has 3 slides, numbered from 1 to 3"),
        ([1, 4], "slides[1]: 4 is not a slide of this deck"),
        ("1,2", "slides: give a list of slide numbers"),
        ([True], "slides[0]: True is not a slide"),
    ],
)
def test_slides_that_are_not_in_the_deck_are_refused(
    result: deckkit.RenderResult, slides: object, message: str
) -> None:
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]")):
        result.to_pngs(slides=slides)  # type: ignore[arg-type]


def test_a_dpi_that_is_no_resolution_is_refused(result: deckkit.RenderResult) -> None:
    with pytest.raises(ValueError, match="dpi: 0 is not a resolution"):
        result.to_pngs(dpi=0)


def test_the_pdf_is_made_once_per_result(monkeypatch: pytest.MonkeyPatch) -> None:
    made = _deck()
    calls: list[int] = []
    real = office.pptx_to_pdf

    def counting(pptx: bytes, **kwargs: object) -> bytes:
        calls.append(len(pptx))
        return real(pptx, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(office, "pptx_to_pdf", counting)
    made.to_pdf()
    made.to_pngs(dpi=12)
    made.to_pngs(dpi=12, slides=[2])
    assert len(calls) == 1


def test_parallel_conversions_each_have_a_profile_of_their_own() -> None:
    """Two conversions at once in one process: each finishes with its own deck's PDF."""
    decks = []
    for title in ("First of two", "Second of two"):
        deck = deckkit.Deck(deckkit.examples.template())
        deck.add_slide(1, title=title, subtitle="parallel")
        decks.append(deck.render())
    pdfs: dict[int, bytes] = {}
    errors: list[BaseException] = []

    def convert(i: int) -> None:
        try:
            pdfs[i] = office.pptx_to_pdf(decks[i].pptx, timeout=300)
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=convert, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    for i, title in enumerate(("First of two", "Second of two")):
        text = subprocess.run(["pdftotext", "-", "-"], input=pdfs[i], check=True, capture_output=True).stdout
        assert title.encode() in text


def test_read_deck_writes_a_deck_again_with_every_slide(result: deckkit.RenderResult, tmp_path: Path) -> None:
    path = tmp_path / "given.pptx"
    result.save(path)
    again = deckkit.read_deck(path)
    assert again.slide_count == 3
    assert again.warnings == []
    assert _page_texts_of(again)[1].count("Northern region") == 1


def _page_texts_of(result: deckkit.RenderResult) -> list[str]:
    text = subprocess.run(["pdftotext", "-", "-"], input=result.to_pdf(), check=True, capture_output=True)
    return text.stdout.decode().split("\f")[:-1]


def test_read_deck_refuses_what_is_no_deck_and_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "notes.pptx"
    path.write_bytes(b"%PDF-1.7 not a deck")
    with pytest.raises(TemplateError, match=str(path)):
        deckkit.read_deck(path)


def test_hidden_slides_have_their_page_so_that_page_n_is_slide_n() -> None:
    from pptx import Presentation
    from pptx.util import Inches

    made = Presentation()
    for text in ("one", "two, hidden", "three"):
        slide = made.slides.add_slide(made.slide_layouts[6])
        slide.shapes.add_textbox(Inches(1), Inches(1), Inches(5), Inches(1)).text_frame.text = text
    made.slides[1]._element.set("show", "0")
    buffer = io.BytesIO()
    made.save(buffer)
    deck = deckkit.read_deck(buffer.getvalue())
    pages = _page_texts_of(deck)
    assert [page.strip() for page in pages] == ["one", "two, hidden", "three"]
    assert len(deck.to_pngs(dpi=12, slides=[2])) == 1
