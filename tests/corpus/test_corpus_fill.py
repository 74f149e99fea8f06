"""Every corpus deck, keyed as a designer would key it, filled with data of every size.

Each deck of tests/corpus/decks gets a key in every paragraph of text and on every table and chart
(tests/corpus/fill_kit.py), then is rendered four times: with its own text, tables and charts;
with short text, 5-row tables and charts of two points and one series; with three long
paragraphs, 40-row tables and charts of twelve points and a series more; with a 14-item list.

- Nothing crashes: a render gives a file or a deckkit error.
- validation and the render tell the same story: ``validate_deck`` gives no problem and exactly
  the render's warnings, in order (issue 25, point 4: one checking path).
- Every file passes python-pptx and the schema check against its template (LibreOffice is the
  LibreOffice sample's job in test_corpus_render.py).
- The deck filled with its own content warns of nothing that fit measures (off the slide, text
  overflowing its box, a shape grown over another): nothing grew. The exceptions are the
  designer's own slides whose text already runs out of its box, each named below with what
  LibreOffice draws of it.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from deckkit.errors import TemplateError
from deckkit.renderer import render
from deckkit.template.validate import validate_deck
from tests.corpus.fill_kit import fills, keyed
from tests.readers import CORPUS, assert_readable

FILES = sorted(CORPUS.glob("*/*.pptx"))
FIT = ("off slide", "text overflow", "overlap")

_TYPICAL = "open-xml-sdk/v2FxTestFiles_ForTestCase_typical.pptx"
_FIT_TEXT = "python-pptx/features_steps_test_files_txt-fit-text.pptx"
_NO_AUTOFIT = "open-xml-sdk/O14ISOStrict_PowerPoint_fontScale100000_mainNormAutofit_FontScaleMaximum.pptx"
# (deck, data path) -> what the designer's slide shows: its own text overflows there already.
DESIGNER_OVERFLOWS = {
    (_TYPICAL, "slides[3].t1"): "a two-line 44 pt title in a 1.25 in box: its first line above the slide",
    (_TYPICAL, "slides[8].t3"): "a 32 pt title and a 24 pt subtitle in a 1.06 in box: cut at the top",
    (_TYPICAL, "slides[12].t2"): "a body of 10 to 80 pt lines, 0.1 in taller than its box",
    (_TYPICAL, "slides[13].t15"): "'E-Retailing and Consumer Services' in three lines, its box holds two",
    (_TYPICAL, "slides[13].t40"): "'New Media and Broadband' in three lines in a box of one",
    (_FIT_TEXT, "slides[0].t1"): "a 244-character 18 pt line in a box that grows, no wrap: off both sides",
    (_NO_AUTOFIT, "slides[0].t3"): "two lines in a 1.58 in box (no autofit) that holds one: the second drawn "
    "below it, which has no fill or outline to show it",
}


def _name(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=_name)
def test_corpus_deck_filled_with_data_of_every_size(path: Path, tmp_path: Path) -> None:
    try:
        deck = keyed(path.read_bytes())
    except TemplateError:
        return  # refused with a clear message: test_corpus_render checks which and how
    base = tmp_path / "template.pptx"
    base.write_bytes(deck.template)
    for name, data in fills(deck):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the warnings are checked on the result
            result = render(deck.template, data)
            report = validate_deck(deck.template, data)
        assert report.problems == (), (name, report.problems)
        said = [(w.kind, str(w)) for w in result.warnings]
        assert [(w.kind, str(w)) for w in report.warnings] == said, name
        out = tmp_path / f"{name}.pptx"
        out.write_bytes(result.pptx)
        assert_readable(out, base, pages=len(data), libreoffice=False)
        if name == "same":
            alarms = [
                w
                for w in result.warnings
                if w.kind in FIT and (_name(path), w.path) not in DESIGNER_OVERFLOWS
            ]
            assert alarms == [], "the deck's own content warned:\n" + "\n".join(map(str, alarms))


def test_every_designer_overflow_named_is_in_the_corpus() -> None:
    names = {_name(p) for p in FILES}
    assert {deck for deck, _ in DESIGNER_OVERFLOWS} <= names
