"""Chinese, Japanese and Korean text is measured as PowerPoint lays it out (and LibreOffice draws it):
with the East Asian font, about 1 em a character, lines breaking between characters by the kinsoku
rules. Line counts here were checked against LibreOffice's drawing (the last test does so again).
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import deckkit
from deckkit.renderer.fill import autofit
from deckkit.renderer.fill.fontmetrics import east_face, text_width
from tests.readers import convert_all_to_pdf
from tests.renderer.core_kit import NS, RenderedPptx, autofit_box, blank_slide, new_presentation

EMU = 914400
PT = 12700
INSETS = 2 * 91440, 2 * 45720  # across, down
SIZE = 24
JA = (
    "当社の第3四半期の売上高は前年同期比12%増となり、北部地域が全体の成長を牽引しました。"
    "コストは横ばいで推移し、採用は計画通りに進んでいます。"
)
ZH = "本季度公司销售额同比增长百分之十二，北部地区引领了整体增长，成本保持稳定，招聘按计划进行。"
# 3 in boxes hold 8 characters of 24 pt a line (2.8 in of 0.333 in).
KINSOKU = {
    "no line ends with 「": ("あいうえおかき「くけこ」さしすせそたちつてとなに", 4),  # 7, 8, 8, 1
    "no line starts with ）": ("あいうえおかきく）けこさしすせそたちつてとなにぬ", 4),  # 7, 8, 8, 1
    "。 hangs past the end": (
        "あいうえおかきく。けこさしすせそたちつてとなにぬねのはひふへほまみ",
        4,
    ),  # 9, 8, 8, 8
    "Korean breaks at spaces": ("당사의 3분기 매출은 전년 동기 대비 증가했으며 북부 지역이", 4),
}


def _frames(deck: RenderedPptx) -> dict[str, tuple[int, int, int, int]]:
    found = {}
    for sp in deck.xpath(deck.slide_names()[0], "//p:sp[p:spPr/a:xfrm]"):
        off, ext = sp.find("p:spPr/a:xfrm/a:off", NS), sp.find("p:spPr/a:xfrm/a:ext", NS)
        name = sp.find("p:nvSpPr/p:cNvPr", NS).get("name")
        found[name] = (int(off.get("x")), int(off.get("y")), int(ext.get("cx")), int(ext.get("cy")))
    return found


def _render(
    save_template: Callable[..., Path],
    check_render: Callable[..., RenderedPptx],
    boxes: dict[str, dict[str, Any]],
    values: dict[str, Any],
    width: float = 10,
) -> RenderedPptx:
    """One slide ``width`` x 7.5 in of auto-fit boxes named as their keys (``boxes``: autofit_box's
    arguments)."""
    prs = new_presentation()
    prs.slide_width = int(width * EMU)
    slide = blank_slide(prs)
    for name, box in boxes.items():
        autofit_box(slide, "{" + name + "}", **{"size": SIZE, **box}).name = name
    template = save_template(prs)
    return check_render(deckkit.render(template, [{"template": 1, **values}]).pptx, template, pages=1)


def _line() -> float:
    """A line of 24 pt Japanese under Calibri: 1.2 em, as PowerPoint and LibreOffice draw a single
    line in any typeface (not Noto Sans CJK's own 1.45 em)."""
    return 1.2 * SIZE * PT


def _lines(cy: int) -> float:
    return (cy - INSETS[1]) / _line()


def test_east_asian_text_is_measured_with_the_east_asian_font(save_template, check_render) -> None:
    box = {"left": 1, "top": 1, "width": 1, "height": 0.5, "wrap": False}
    deck = _render(save_template, check_render, {"ja": box}, {"ja": "売上高は前年同期比"})
    cx = _frames(deck)["ja"][2]
    assert abs(cx - (9 * SIZE * PT + INSETS[0])) < PT  # nine characters of 1 em (Carlito lacks them)
    assert east_face(None).family == "Noto Sans CJK JP"  # type: ignore[union-attr]


def test_mixed_text_measures_each_script_with_its_font(save_template, check_render) -> None:
    box = {"left": 1, "top": 1, "width": 1, "height": 0.5, "wrap": False}
    deck = _render(save_template, check_render, {"v": box}, {"v": "Excelの売上をPowerPointに"})
    latin = text_width("Excel", "Calibri", SIZE) + text_width("PowerPoint", "Calibri", SIZE)
    assert abs(_frames(deck)["v"][2] - (latin + 5 * SIZE * PT + INSETS[0])) < PT


@pytest.mark.parametrize("text", [JA, ZH], ids=["japanese", "chinese"])
def test_a_paragraph_without_spaces_wraps_between_characters(text: str, save_template, check_render) -> None:
    box = {"left": 1, "top": 1, "width": 3, "height": 0.5, "wrap": True}
    deck = _render(save_template, check_render, {"v": box}, {"v": text})
    lines = _lines(_frames(deck)["v"][3])
    # 8 characters of 1 em a line (12% and the 3 are narrower; kinsoku moves a character or two).
    assert round(lines) == pytest.approx(len(text) / 8, abs=1)
    assert abs(lines - round(lines)) < 0.01


@pytest.mark.parametrize(("text", "lines"), KINSOKU.values(), ids=KINSOKU.keys())
def test_kinsoku_keeps_punctuation_with_its_character(
    text: str, lines: int, save_template, check_render
) -> None:
    box = {"left": 1, "top": 1, "width": 3, "height": 0.5, "wrap": True}
    deck = _render(save_template, check_render, {"v": box}, {"v": text})
    assert round(_lines(_frames(deck)["v"][3])) == lines


def test_a_japanese_paragraph_is_shrunk_until_it_fits(save_template, check_render) -> None:
    box = {"left": 1, "top": 1, "width": 4, "height": 1.5, "wrap": True, "autofit": "norm"}
    deck = _render(save_template, check_render, {"v": box}, {"v": JA})
    norm = deck.xpath(deck.slide_names()[0], "//a:normAutofit")[0]

    def height(scale: float, reduction: float) -> float:
        """What PowerPoint draws at a scale: 3.8 in of characters of 24 pt x scale a line (the four
        of "3" and "12%" half an em each), lines of that size less the reduction."""
        rows = -(-(len(JA) - 2) // int(3.8 * 72 / (SIZE * scale)))
        return rows * _line() * scale * (1 - reduction)

    # The first of PowerPoint's steps at which it fits: 77.5%, five lines of 14 characters
    # (LibreOffice draws them so). It was 85% measuring 0.5 em a character.
    steps = [(s / 100000, r / 100000) for s, r in autofit.SHRINK_STEPS]
    expected = next(step for step in steps if height(*step) <= 1.4 * EMU)
    assert (int(norm.get("fontScale")) / 100000, int(norm.get("lnSpcReduction")) / 100000) == expected
    assert expected == (0.775, 0.2)


def test_without_a_cjk_font_each_character_is_taken_as_1_em(
    save_template, check_render, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(autofit, "east_face", lambda *_: None)
    box = {"left": 1, "top": 1, "width": 1, "height": 0.5, "wrap": False}
    deck = _render(save_template, check_render, {"v": box}, {"v": "売上高"})
    assert abs(_frames(deck)["v"][2] - (3 * SIZE * PT + INSETS[0])) < PT


def test_office_cjk_fonts_are_measured_with_their_noto_stand_ins() -> None:
    for typeface in ("Yu Gothic", "ＭＳ Ｐゴシック", "Microsoft YaHei", "Malgun Gothic", None):
        assert east_face(typeface).family == "Noto Sans CJK JP"  # type: ignore[union-attr]
    for typeface in ("MS Mincho", "SimSun", "PMingLiU", "Batang"):
        assert east_face(typeface).family == "Noto Serif CJK JP"  # type: ignore[union-attr]
    assert east_face("Calibri").family == "Noto Sans CJK JP"  # type: ignore[union-attr]  # not a CJK font


def _table_deck(save_template: Any) -> bytes:
    """A 2-column table 6 in wide at (1, 1) in, text 24 pt, its comment cell a Japanese paragraph."""
    from pptx.util import Inches, Pt

    from tests.renderer.core_kit import set_alt_text

    prs = new_presentation()
    frame = blank_slide(prs).shapes.add_table(2, 2, Inches(1), Inches(1), Inches(6), Inches(1))
    set_alt_text(frame, "sales")
    for row in range(2):
        for col in range(2):
            frame.table.cell(row, col).text = "x"
            frame.table.cell(row, col).text_frame.paragraphs[0].runs[0].font.size = Pt(SIZE)
    template = save_template(prs)
    rows = [["地域", "コメント"], ["北部", JA]]
    return deckkit.render(template, [{"template": 1, "sales": {"type": "table", "rows": rows}}]).pptx


def _comment_lines(drawn: int) -> float:
    """The comment cell's lines in a table ``drawn`` EMU tall: its header row is one line."""
    body = drawn - (_line() + 2 * 45720)
    return (body - 2 * 45720) / _line()


def test_a_table_cell_of_cjk_text_wraps_per_character(save_template: Any) -> None:
    from tests.renderer.table.fit_kit import drawn_tables

    ((table,),) = drawn_tables(_table_deck(save_template))
    # The comment column is 3 in less 0.2 in of margins: 8 characters a line.
    assert round(_comment_lines(table.drawn)) == pytest.approx(len(JA) / 8, abs=1)


@pytest.mark.slow
@pytest.mark.soffice
def test_libreoffice_wraps_the_table_cell_as_it_was_measured(save_template: Any, tmp_path: Path) -> None:
    from tests.renderer.table.fit_kit import drawn_tables

    pptx = _table_deck(save_template)
    ((table,),) = drawn_tables(pptx)
    path = tmp_path / "table.pptx"
    path.write_bytes(pptx)
    (pdf,) = convert_all_to_pdf([path], tmp_path)
    # The comment column starts 4 in from the slide's left; its body row below the header line.
    tops = {round(top) for x, top, _ in _pdf_words(pdf) if x >= 4 * 72 and top > 1.5 * 72}
    assert len(tops) == round(_comment_lines(table.drawn))


def _pdf_words(pdf: Path) -> list[tuple[float, float, float]]:
    """(x, top, bottom) of each word pdftotext finds, in points."""
    shown = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True)
    words = re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">', shown.stdout)
    return [(float(x), float(top), float(bottom)) for x, top, bottom in words]


def _scaled_copy(path: Path, scale: float, reduction: float) -> None:
    """The Japanese paragraph as PowerPoint draws it in the shrunk box: 24 pt x scale, lines
    reduced, in a 4 x 1.5 in box that does not fit its text (LibreOffice shrinks a box that shrinks
    text on overflow by its own measure, whatever scale the file says)."""
    from pptx.util import Pt

    prs = new_presentation()
    box = autofit_box(
        blank_slide(prs), JA, left=1, top=1, width=4, height=1.5, wrap=True, autofit="none", size=SIZE
    )
    paragraph = box.text_frame.paragraphs[0]
    paragraph.runs[0].font.size = Pt(SIZE * scale)
    paragraph.line_spacing = 1 - reduction
    prs.save(str(path))


@pytest.mark.slow
@pytest.mark.soffice
def test_libreoffice_draws_the_text_as_it_was_measured(save_template, check_render, tmp_path: Path) -> None:
    texts = {"ja": JA, "zh": ZH, **{f"k{i}": text for i, (text, _) in enumerate(KINSOKU.values())}}
    boxes = {
        name: {"left": 0.2 + 3.3 * i, "top": 0.2, "width": 3, "height": 0.5, "wrap": True}
        for i, name in enumerate(texts)
    }
    boxes["shrunk"] = {"left": 1, "top": 5.5, "width": 4, "height": 1.5, "wrap": True, "autofit": "norm"}
    deck = _render(save_template, check_render, boxes, {**texts, "shrunk": JA}, width=20)
    norm = deck.xpath(deck.slide_names()[0], "//a:normAutofit")[0]
    grown, scaled = tmp_path / "grown.pptx", tmp_path / "scaled.pptx"
    grown.write_bytes(deck.data)
    _scaled_copy(scaled, int(norm.get("fontScale")) / 100000, int(norm.get("lnSpcReduction")) / 100000)
    grown_pdf, scaled_pdf = convert_all_to_pdf([grown, scaled], tmp_path)
    words = _pdf_words(grown_pdf)
    for name, (x, y, _, cy) in _frames(deck).items():
        if name == "shrunk":
            continue
        left, top = x / PT, y / PT
        tops = {round(t) for wx, t, _ in words if left <= wx < left + 3 * 72 and top <= t < top + cy / PT}
        assert len(tops) == round(_lines(cy)), (name, sorted(tops))
    # At the written scale, all the text is drawn inside the box (1 in down, 1.5 in tall).
    bottom = max(b for _, _, b in _pdf_words(scaled_pdf))
    assert bottom <= 2.5 * 72


def test_a_latin_word_split_over_runs_stays_whole() -> None:
    """Latin text breaks only at spaces, as PowerPoint breaks it: a word made of two runs (a bold
    part, a link) goes to the next line whole, not cut at the runs' boundary."""
    styles = autofit._Styles([], None)
    first, rest = styles.run(None, 0, "Total Rev"), styles.run(None, 0, "enue up")
    room = first.width() + first.width(" ") // 2  # "Total Rev" fits, "Total Revenue" does not
    # Total | Revenue | up: cut at the runs' boundary it was two lines (Total Rev | enue up).
    assert rest.width() < room < styles.run(None, 0, "Revenue up").width()
    assert autofit._wrapped(autofit._Line([first, rest]), room, 1.0) == 3
    # Between a Japanese character and a Latin word a line may break, whatever the runs.
    japanese = autofit._Line([styles.run(None, 0, "売上"), styles.run(None, 0, "Revenue")])
    assert autofit._wrapped(japanese, styles.run(None, 0, "売上Revenue").width() - 1, 1.0) == 2
