"""Deck.add_table_slides: a long table over several copies of one template slide, every page fitting."""

from __future__ import annotations

import itertools
import shlex
import subprocess
from pathlib import Path
from typing import Any

import pandas as pd
import polars
import pytest
from pptx import Presentation
from pptx.util import Inches, Pt

from deckkit.cli import main
from deckkit.deck import Deck
from deckkit.errors import DataError, TemplateError
from deckkit.model import Slide, Table
from deckkit.renderer import render
from tests.readers import assert_readable, convert_to_pdf, pdf_page_count


def _alt_text(shape: Any, text: str) -> None:
    shape._element.xpath("./*[1]/p:cNvPr")[0].set("descr", text)


def table_template(path: Path, *, top: float = 1.2, height: float = 0.8, numbered: bool = True) -> Path:
    """Slide 1: a title (with ``({page}/{pages})`` when ``numbered``) over a 2 x 3 table ``sales``,
    12 pt, rows 0.3 in, ``top`` in from the top and ``height`` in tall; slide 2: a text box ``{note}``. 10 x 7.5 in."""
    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    title = slide.shapes.add_textbox(Inches(0.5), Inches(0.3), Inches(9), Inches(0.6)).text_frame
    title.text = "{title} ({page}/{pages})" if numbered else "{title}"
    frame = slide.shapes.add_table(2, 3, Inches(0.5), Inches(top), Inches(9), Inches(height))
    _alt_text(frame, "sales")
    for c, name in enumerate(["Region", "Revenue", "Note"]):
        frame.table.cell(0, c).text = name
        frame.table.cell(1, c).text = "sample"
    for r in range(2):
        frame.table.rows[r].height = Inches(0.3)
        for c in range(3):
            for run in frame.table.cell(r, c).text_frame.paragraphs[0].runs:
                run.font.size = Pt(12)
    frame.height = Inches(height)  # the rows stay 0.3 in (their text's height): the frame is taller
    other = prs.slides.add_slide(prs.slide_layouts[6])
    other.shapes.add_textbox(Inches(1), Inches(1), Inches(4), Inches(1)).text_frame.text = "{note}"
    prs.save(str(path))
    return path


@pytest.fixture
def template(tmp_path: Path) -> Path:
    return table_template(tmp_path / "template.pptx")


def sales(n: int, note: str = "") -> pd.DataFrame:
    return pd.DataFrame(
        {
            "region": [f"Region {i + 1}" for i in range(n)],
            "revenue": [1000.0 + 37 * i for i in range(n)],
            "note": [note] * n,
        }
    )


def _texts(slide: Slide, key: str = "sales") -> list[list[str]]:
    table = slide.values[key]
    assert isinstance(table, Table)
    return [[c if isinstance(c, str) else c.plain_text for c in row] for row in table.rows]


def _warnings(template: Path, slides: list[tuple[int, dict[str, Any]]]) -> list[str]:
    """The render's warnings (its off-slide check measures every table as drawn)."""
    deck = Deck(template)
    for number, values in slides:
        deck.add_slide(number, values)
    return [f"{w.path}: {w.message}" for w in render(deck.template, deck.to_data(), deck.media).warnings]


def test_sixty_rows_split_with_the_header_on_every_page_and_page_numbers(
    template: Path, tmp_path: Path
) -> None:
    deck = Deck(template)
    deck.add_slide(2, note="before")
    added = deck.add_table_slides(1, "sales", sales(60), title="Sales")
    assert len(added) >= 2
    assert list(deck.slides[1:]) == added
    pages = [_texts(s) for s in added]
    assert all(p[0] == ["region", "revenue", "note"] for p in pages)
    body = [row for p in pages for row in p[1:]]
    assert [r[0] for r in body] == [f"Region {i + 1}" for i in range(60)]  # all, in order, once
    assert [s.values["page"] for s in added] == [str(i) for i in range(1, len(added) + 1)]
    assert {s.values["pages"] for s in added} == {str(len(added))}
    assert {s.values["title"] for s in added} == {"Sales"}
    result = deck.render(tmp_path / "out.pptx")
    assert result.warnings == []
    assert_readable(tmp_path / "out.pptx", template, pages=len(added) + 1, libreoffice=False)
    # LibreOffice draws each page with its first and last row on the slide (a row past the
    # slide's edge would be cut from the PDF's page), and its title numbered.
    pdf = convert_to_pdf(tmp_path / "out.pptx", tmp_path)
    assert pdf_page_count(pdf) == len(added) + 1
    for number, page in enumerate(pages, start=2):
        shown = subprocess.run(
            ["pdftotext", "-f", str(number), "-l", str(number), str(pdf), "-"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        assert f"Sales ({number - 1}/{len(added)})" in shown
        assert {"region", page[1][0], page[-1][0]} <= set(shown.splitlines()), shown


def test_each_page_is_as_full_as_the_render_allows(template: Path) -> None:
    # The split is where the render's own measure says: one more row on any full page is a warning.
    frame = sales(60)
    frame["note"] = [("a note that wraps over two or three lines " * (i % 4)).strip() for i in range(60)]
    pages = [_texts(s) for s in Deck(template).add_table_slides(1, "sales", frame, title="Sales")]
    assert len({len(p) for p in pages[:-1]}) > 1  # rows of several heights: pages of several lengths
    values = {"title": "Sales", "page": "1", "pages": "1"}
    assert _warnings(template, [(1, {**values, "sales": Table(rows=p)}) for p in pages]) == []
    for page, following in itertools.pairwise(pages):
        over = _warnings(template, [(1, {**values, "sales": Table(rows=[*page, following[1]])})])
        assert len(over) == 1, over
        assert "below the slide's bottom edge" in over[0]


def test_long_text_makes_fewer_rows_a_page(template: Path) -> None:
    short = Deck(template).add_table_slides(1, "sales", sales(40), title="x")
    wrapped = Deck(template).add_table_slides(
        1, "sales", sales(40, "a note long enough to wrap " * 4), title="x"
    )
    assert len(wrapped) > len(short)
    assert (
        _warnings(
            template,
            [(1, {"title": "x", "page": "1", "pages": "1", "sales": s.values["sales"]}) for s in wrapped],
        )
        == []
    )


def test_max_rows_splits_every_n_rows(template: Path) -> None:
    added = Deck(template).add_table_slides(1, "sales", sales(25), max_rows=10, title="x")
    assert [len(_texts(s)) - 1 for s in added] == [10, 10, 5]
    assert [s.values["page"] + "/" + s.values["pages"] for s in added] == ["1/3", "2/3", "3/3"]


def test_max_rows_that_would_overflow_gives_fuller_pages_no_more(template: Path) -> None:
    fitting = [len(_texts(s)) - 1 for s in Deck(template).add_table_slides(1, "sales", sales(60), title="x")]
    capped = [
        len(_texts(s)) - 1
        for s in Deck(template).add_table_slides(1, "sales", sales(60), max_rows=1000, title="x")
    ]
    assert capped == fitting
    assert max(fitting) < 60


def test_fixed_sizing_keeps_each_page_in_the_frame(tmp_path: Path) -> None:
    template = table_template(tmp_path / "t.pptx", height=3.0)
    deck = Deck(template)
    table = Table.from_dataframe(sales(30), vertical_sizing="fixed")
    added = deck.add_table_slides(1, "sales", table, title="x")
    grown = Deck(template).add_table_slides(1, "sales", Table.from_dataframe(sales(30)), title="x")
    assert len(added) > len(grown)  # 3 in of frame hold fewer rows than the slide below it
    assert deck.render().warnings == []


def test_a_table_keeps_its_first_row_as_header_unless_told(template: Path) -> None:
    rows = [["H1", "H2", "H3"], ["h1", "h2", "h3"], *[[f"r{i}", "1", ""] for i in range(40)]]
    one = Deck(template).add_table_slides(1, "sales", Table(rows=rows), max_rows=15, title="x")
    assert [_texts(s)[0][0] for s in one] == ["H1"] * 3
    two = Deck(template).add_table_slides(1, "sales", Table(rows=rows), max_rows=15, header_rows=2, title="x")
    assert [_texts(s)[:2] for s in two] == [[rows[0], rows[1]]] * 3
    none = Deck(template).add_table_slides(
        1, "sales", Table(rows=rows), max_rows=15, header_rows=0, title="x"
    )
    assert [_texts(s)[0][0] for s in none] == ["H1", "r13", "r28"]


def test_dataframe_options_and_multi_level_headers(template: Path) -> None:
    frame = sales(30)
    frame.columns = pd.MultiIndex.from_tuples([("Where", "region"), ("Money", "revenue"), ("Money", "note")])
    added = Deck(template).add_table_slides(
        1, "sales", frame, max_rows=10, title="x", table_options={"formats": {("Money", "revenue"): ",.0f"}}
    )
    assert [_texts(s)[:2] for s in added] == [[["Where", "Money", ""], ["region", "revenue", "note"]]] * 3
    assert _texts(added[0])[2] == ["Region 1", "1,000", ""]
    no_header = Deck(template).add_table_slides(
        1, "sales", sales(30), max_rows=10, table_options={"header": False}, title="x"
    )
    assert [_texts(s)[0][0] for s in no_header] == ["Region 1", "Region 11", "Region 21"]


def test_no_page_keys_needed_when_the_template_has_none(tmp_path: Path) -> None:
    # filterwarnings=error: a {page} given to a slide without one would be an UnusedKeyWarning.
    template = table_template(tmp_path / "t.pptx", numbered=False)
    added = Deck(template).add_table_slides(1, "sales", sales(60), title="x")
    assert len(added) > 1
    assert all(set(s.values) == {"title", "sales"} for s in added)


def test_validate_and_the_cli_find_nothing_to_say(
    template: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = Deck(template)
    added = deck.add_table_slides(1, "sales", sales(60, "wrapped text " * 5), title="Sales")
    report = deck.validate()
    assert report.ok
    assert report.warnings == ()
    deck.save_zip(tmp_path / "input.zip")
    assert main(["validate", str(tmp_path / "input.zip")]) == 0
    assert main(["render", str(tmp_path / "input.zip"), "-o", str(tmp_path / "out.pptx")]) == 0
    out, err = capsys.readouterr()
    assert "warning" not in (out + err).lower(), out + err
    assert_readable(tmp_path / "out.pptx", template, pages=len(added), libreoffice=False)


def test_errors_say_where_and_add_nothing(template: Path) -> None:
    deck = Deck(template)
    deck.add_slide(2, note="kept")
    with pytest.raises(DataError, match=r"slides\[1\]\.template: template slide 3 does not exist"):
        deck.add_table_slides(3, "sales", sales(5))
    with pytest.raises(
        DataError, match=r"slides\[1\]\.sale: template slide 1 has no key `sale`; did you mean `sales`"
    ):
        deck.add_table_slides(1, "sale", sales(5))
    with pytest.raises(
        DataError, match=r"`title` is text on template slide 1: add_table_slides fills a table"
    ):
        deck.add_table_slides(1, "title", sales(5))
    with pytest.raises(DataError, match="max_rows is 0"):
        deck.add_table_slides(1, "sales", sales(5), max_rows=0)
    with pytest.raises(DataError, match=r"slides\[1\]\.sales: max_rows is '3': give a whole number of rows"):
        deck.add_table_slides(1, "sales", sales(5), max_rows="3")  # type: ignore[arg-type]
    with pytest.raises(DataError, match="header_rows is True: give a whole number of rows"):
        deck.add_table_slides(1, "sales", sales(5), header_rows=True)
    tall = sales(5)
    tall.loc[3, "note"] = "\n".join(["line"] * 60)
    with pytest.raises(
        DataError, match=r"slides\[1\]\.sales\.rows\[4\]: row 4 alone \(with the 1 header row\) is taller"
    ):
        deck.add_table_slides(1, "sales", tall, title="x")
    with pytest.raises(
        DataError, match=r"slides\[1\]\.sales: add_table_slides takes a Table or a DataFrame, not a list"
    ):
        deck.add_table_slides(1, "sales", [["a"], ["b"]])
    header = Table(rows=[["\n".join(["Region"] * 60), "Revenue", "Note"], ["North", "1", ""]])
    with pytest.raises(DataError, match=r"slides\[1\]\.sales\.rows\[0\]: the header rows alone do not fit"):
        deck.add_table_slides(1, "sales", header, title="x")
    with pytest.raises(DataError, match="header_rows is 3, but the table has 2 rows: give 0 to 2"):
        deck.add_table_slides(1, "sales", Table(rows=[["a"], ["b"]]), header_rows=3)
    with pytest.raises(
        DataError, match=r"slides\[1\]\.sales: table_options has no 'lables': it takes Table.from_dataframe's"
    ):
        deck.add_table_slides(1, "sales", sales(5), table_options={"lables": {"region": "Region"}})
    with pytest.raises(DataError, match="table_options are for a DataFrame"):
        deck.add_table_slides(1, "sales", Table(rows=[["a"], ["b"]]), table_options={"header": False})
    assert len(deck) == 1


def test_anchor_bottom_pages_grow_up_from_the_frame_and_stay_on_the_slide(tmp_path: Path) -> None:
    template = table_template(tmp_path / "t.pptx", top=5.5, height=0.6)
    table = Table.from_dataframe(sales(40), vertical_sizing="anchor_bottom")
    pages = [_texts(s) for s in Deck(template).add_table_slides(1, "sales", table, title="x")]
    assert len(pages) > 1
    values = {"title": "x", "page": "1", "pages": "1"}
    sized = [Table(rows=p, vertical_sizing="anchor_bottom") for p in pages]
    assert _warnings(template, [(1, {**values, "sales": t}) for t in sized]) == []
    over = _warnings(
        template,
        [(1, {**values, "sales": Table(rows=[*pages[0], *pages[1][1:3]], vertical_sizing="anchor_bottom")})],
    )
    # The pages stay clear of the title's template box (the title then shrinks to its text, "x
    # (1/2)"): two rows more grow the first page up onto it, before the table leaves the slide.
    assert len(over) == 1, over
    assert 'grows with its data and now covers "TextBox 1"' in over[0], over


def test_a_template_that_cannot_be_opened_says_why() -> None:
    with pytest.raises(TemplateError, match="not a PowerPoint package"):
        Deck(b"PK\x05\x06" + bytes(18)).add_table_slides(1, "sales", Table(rows=[["a"], ["b"]]))


def test_a_table_that_fits_is_one_page_of_one(template: Path) -> None:
    (only,) = Deck(template).add_table_slides(1, "sales", sales(3), title="x")
    assert (only.values["page"], only.values["pages"], len(_texts(only))) == ("1", "1", 4)


def test_an_empty_frame_is_one_page_of_its_header(template: Path) -> None:
    # A filter that leaves no rows: the page add_slide would make (the header alone), not an error.
    (only,) = Deck(template).add_table_slides(1, "sales", sales(0), title="x")
    assert _texts(only) == [["region", "revenue", "note"]]
    assert (only.values["page"], only.values["pages"]) == ("1", "1")


def test_a_polars_lazy_frame_is_collected_and_split(template: Path) -> None:
    frame = polars.from_pandas(sales(30)).lazy()
    added = Deck(template).add_table_slides(1, "sales", frame, max_rows=10, title="x")
    assert [_texts(s)[1][0] for s in added] == ["Region 1", "Region 11", "Region 21"]


def test_a_slide_of_another_template_is_split_as_add_slide_names_it(template: Path, tmp_path: Path) -> None:
    base = table_template(tmp_path / "base.pptx", numbered=False)
    deck = Deck(base, extra={"appendix": template})
    added = deck.add_table_slides("appendix#1", "sales", sales(30), max_rows=10, title="x")
    assert [s.template_ref for s in added] == ["templates/appendix.pptx#1"] * 3
    assert [s.values["page"] for s in added] == ["1", "2", "3"]  # the appendix's slide numbers its pages
    assert deck.validate().warnings == ()
    with pytest.raises(DataError, match=r"slides\[3\]\.template: must be a whole number, got string \"one\""):
        deck.add_table_slides("one", "sales", sales(30))
    with pytest.raises(DataError, match=r"slides\[3\]\.template: 'annex' is none of the deck's templates"):
        deck.add_table_slides("annex#1", "sales", sales(30))
    assert len(deck) == 3


def test_a_table_without_alt_text_is_named_with_the_command_that_tags_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # PptxGenJS names its tables but writes no alt text: the error says so, and its command works.
    template = tmp_path / "pptxgenjs.pptx"
    template.write_bytes(
        (Path(__file__).parents[1] / "foreign" / "templates" / "pptxgenjs.pptx").read_bytes()
    )
    table = Table(rows=[["Store", "Sales"], *[[f"Store {i}", str(i)] for i in range(40)]])
    with pytest.raises(DataError) as raised:
        Deck(template).add_table_slides(8, "results", table, heading="Stores")
    (problem,) = raised.value.problems
    assert problem.path == "slides[0].results"
    assert 'the slide has 1 table without alt text ("Sales table")' in problem.message
    command = problem.message.rsplit(", or ", 1)[1].removesuffix(")")
    assert command == "deckkit tag pptxgenjs.pptx --slide 8 --shape 9 --key results"
    monkeypatch.chdir(tmp_path)
    assert main(shlex.split(command)[1:]) == 0
    deck = Deck(template)
    assert len(deck.add_table_slides(8, "results", table, heading="Stores")) > 1
    assert deck.validate().warnings == ()
