"""Every table of the corpus (tests/corpus/decks) renders with data larger and smaller than it, and reads back."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from deckkit.model.elements import Table
from deckkit.renderer.table.filler import check_table, fill_table
from tests.readers import CORPUS, assert_readable
from tests.renderer.table.pptx_tables import NS, EditedDeck, tbl


def corpus_decks_with_tables() -> list[Path]:
    found = []
    for path in sorted(CORPUS.rglob("*.pptx")):
        if not zipfile.is_zipfile(path):
            continue
        with zipfile.ZipFile(path) as z:
            slides = [n for n in z.namelist() if n.startswith("ppt/slides/slide") and n.endswith(".xml")]
            if any(b"<a:tbl>" in z.read(n) or b"<a:tbl " in z.read(n) for n in slides):
                found.append(path)
    return found


DECKS = corpus_decks_with_tables()
VARIANTS = {
    "larger": (lambda r, c: (r + 3, c + 2), "anchor_left", "anchor_top"),
    "smaller": (lambda r, c: (max(1, r - 1), max(1, c - 1)), "anchor_right", "anchor_bottom"),
    "fixed": (lambda r, c: (r * 2, c + 1), "fixed", "fixed"),
}


def fill_every_table(deck_path: Path, variant: str, out_dir: Path) -> tuple[Path, int, int]:
    size, horizontal, vertical = VARIANTS[variant]
    deck = EditedDeck(deck_path)
    filled = 0
    for number in range(1, deck.slide_count() + 1):
        for frame in deck.frames(number):
            table_el = tbl(frame)
            n_rows, n_cols = size(
                len(table_el.findall("a:tr", NS)), len(table_el.findall("a:tblGrid/a:gridCol", NS))
            )
            rows: list[list[object]] = [[f"{i}.{j}" for j in range(n_cols)] for i in range(n_rows)]
            rows[-1][0] = {
                "value": "bar",
                "databar": {"ratio": 0.6, "color": "accent2"},
                "styles": {"font": {"bold": True}},
            }
            table = Table.model_validate(
                {"type": "table", "rows": rows, "horizontal_sizing": horizontal, "vertical_sizing": vertical}
            )
            assert check_table(frame, table, "slides[0].t") == []
            fill_table(frame, table, deck.sink(number))
            assert len(tbl(frame).findall("a:tr", NS)) == n_rows
            filled += 1
    return deck.save(out_dir / f"{variant}-{deck_path.name}"), deck.slide_count(), filled


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("deck_path", DECKS, ids=[p.name for p in DECKS])
def test_corpus_tables_fill_and_read_back(tmp_path: Path, deck_path: Path, variant: str) -> None:
    out, slides, filled = fill_every_table(deck_path, variant, tmp_path)
    assert filled >= 1
    assert_readable(out, deck_path, pages=slides, libreoffice=False)


@pytest.mark.slow
@pytest.mark.soffice
@pytest.mark.parametrize("deck_path", DECKS, ids=[p.name for p in DECKS])
def test_corpus_tables_open_in_libreoffice(tmp_path: Path, deck_path: Path) -> None:
    for variant in ("larger", "smaller"):
        out, slides, _ = fill_every_table(deck_path, variant, tmp_path)
        assert_readable(out, deck_path, pages=slides)


def test_the_corpus_has_tables() -> None:
    assert len(DECKS) >= 10
