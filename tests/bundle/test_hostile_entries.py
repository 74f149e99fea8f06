"""Issue 13, point 5: zip entries whose headers lie are refused clearly, in all three zip readers.

The review's case: an entry declaring a few bytes that unpacks to a gigabyte (bzip2, which
zipfile decompresses in one piece whatever size is declared) ended in "MemoryError ... this is a
deckkit bug". Now only stored and deflated entries are read, each within its declared size.
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest

from deckkit.errors import BundleError, TemplateError
from deckkit.renderer import render, render_bundle
from tests.hostile import bomb_entry, deflated, raw_zip, rewrite_zip, stored, zip_part
from tests.renderer.core_kit import add_chart, add_textbox, blank_slide, new_presentation, set_alt_text

DATA = json.dumps({"slides": [{"template": 1, "title": "T"}]}).encode()
WORKBOOK = "ppt/embeddings/Microsoft_Excel_Sheet1.xlsx"
CHART = {"type": "chart", "labels": ["a", "b"], "axis1": {"series": {"S1": {"values": [1, 2]}}}}


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    prs = new_presentation()
    add_textbox(blank_slide(prs), "{title}")
    set_alt_text(add_chart(blank_slide(prs)), "sales")
    path = Path(tmp_path_factory.mktemp("hostile")) / "template.pptx"
    prs.save(str(path))
    return path.read_bytes()


@pytest.mark.parametrize("victim", ["data.json", "template.pptx", "logo.png"])
def test_a_bzip2_bomb_in_the_input_zip_is_a_bundle_error(template: bytes, victim: str):
    data = json.dumps(
        {"slides": [{"template": 1, "title": "T", "logo": {"type": "image", "src": "logo.png"}}]}
    )
    entries = {"data.json": data.encode(), "template.pptx": template, "logo.png": b"\x89PNG\r\n\x1a\n"}
    raw = raw_zip(
        bomb_entry(name) if name == victim else stored(name, content) for name, content in entries.items()
    )
    with pytest.raises(
        BundleError, match=rf'zip entry "{victim}" uses bzip2 compression; only stored and deflated'
    ):
        render_bundle(raw)


def test_a_bzip2_bomb_in_a_template_part_is_a_template_error(template: bytes):
    bombed = rewrite_zip(
        template, lambda name, _: bomb_entry(name) if name == "ppt/slides/slide1.xml" else None
    )
    with pytest.raises(TemplateError, match=r"part ppt/slides/slide1\.xml uses bzip2 compression"):
        render(bombed, [{"template": 1, "title": "T"}])


@pytest.mark.parametrize("filled", [True, False], ids=["chart-filled", "chart-copied"])
def test_a_bzip2_bomb_in_an_embedded_workbook_is_a_template_error_naming_it(template: bytes, filled: bool):
    book = rewrite_zip(
        zip_part(template, WORKBOOK),
        lambda name, _: bomb_entry(name) if name == "xl/worksheets/sheet1.xml" else None,
    )
    bombed = rewrite_zip(template, lambda name, _: stored(name, book) if name == WORKBOOK else None)
    data: list[dict[str, object]] = [{"template": 2, "sales": CHART} if filled else {"template": 2}]
    with pytest.raises(
        TemplateError, match=rf"entry xl/worksheets/sheet1\.xml of the embedded file {WORKBOOK} uses bzip2"
    ):
        render(bombed, data)


def test_a_damaged_deflate_stream_in_a_template_part_is_a_template_error(template: bytes):
    def damage(name: str, data: bytes) -> tuple[str, int, bytes, int, int] | None:
        if name != "ppt/slides/slide1.xml":
            return None
        entry = deflated(name, data)
        return name, zipfile.ZIP_DEFLATED, b"\xff" * 64 + entry[2][64:], entry[3], entry[4]

    with pytest.raises(
        TemplateError, match=r"template\.pptx is damaged: part ppt/slides/slide1\.xml cannot be read"
    ):
        render(rewrite_zip(template, damage), [{"template": 1, "title": "T"}])


def test_an_entry_declaring_less_than_it_holds_is_refused(template: bytes):
    entry = deflated("data.json", DATA)
    lying = raw_zip([stored("template.pptx", template), (entry[0], entry[1], entry[2], 10, entry[4])])
    with pytest.raises(BundleError, match=r'zip entry "data\.json" cannot be read'):
        render_bundle(lying)
    assert zipfile.ZipFile(io.BytesIO(lying)).getinfo("data.json").file_size == 10
