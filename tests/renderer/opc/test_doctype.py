"""Issue 13, point 4: a part with a DOCTYPE is refused, never rendered into a file that will not open.

The review's case: ``<!DOCTYPE x [<!ENTITY co "ACME">]>`` in a slide and ``&co;`` in its text.
The parser does not expand entities, the tree was written back without its DTD, and the output
held an undefined entity that python-pptx could not open, after a render that said it succeeded.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from deckkit.errors import TemplateError
from deckkit.renderer import render
from tests.hostile import replace_parts, with_dtd, zip_part
from tests.renderer.core_kit import add_chart, add_textbox, blank_slide, new_presentation, set_alt_text

CHART = {"type": "chart", "labels": ["a", "b"], "axis1": {"series": {"S1": {"values": [1, 2]}}}}
WORKBOOK = "ppt/embeddings/Microsoft_Excel_Sheet1.xlsx"


@pytest.fixture
def template(save_template) -> bytes:
    prs = new_presentation()
    add_textbox(blank_slide(prs), "{title}")
    set_alt_text(add_chart(blank_slide(prs)), "sales")
    return Path(save_template(prs)).read_bytes()


def _render_with(template: bytes, name: str, xml: bytes, data: list[dict[str, object]] | None = None) -> None:
    render(replace_parts(template, {name: xml}), data or [{"template": 1, "title": "T"}])


def test_an_entity_declared_in_a_slide_dtd_is_refused_naming_the_part(template: bytes):
    slide = with_dtd(zip_part(template, "ppt/slides/slide1.xml"), (b"{title}", b"{title} &amp; &co;"))
    with pytest.raises(TemplateError, match=r"part ppt/slides/slide1\.xml has a document type declaration"):
        _render_with(template, "ppt/slides/slide1.xml", slide)


@pytest.mark.parametrize(
    "name",
    [
        "ppt/theme/theme1.xml",
        "ppt/slideMasters/slideMaster1.xml",
        "docProps/app.xml",
        "[Content_Types].xml",
        "ppt/slides/_rels/slide1.xml.rels",
    ],
)
def test_a_dtd_in_any_part_is_refused_parsed_or_copied_byte_for_byte(template: bytes, name: str):
    with pytest.raises(
        TemplateError, match=rf"part {name.replace('[', '.').replace(']', '.')} has a document type"
    ):
        _render_with(template, name, with_dtd(zip_part(template, name)))


def test_a_dtd_in_a_utf16_part_is_refused(template: bytes):
    theme = (
        zip_part(template, "ppt/theme/theme1.xml")
        .decode("utf-8")
        .replace('encoding="UTF-8"', 'encoding="UTF-16"')
    )
    wide = with_dtd(theme.encode("utf-8")).decode("utf-8").encode("utf-16")
    with pytest.raises(TemplateError, match=r"theme1\.xml has a document type"):
        _render_with(template, "ppt/theme/theme1.xml", wide)


def _workbook_with_dtd(template: bytes) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(zip_part(template, WORKBOOK))) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            data = src.read(info)
            dst.writestr(info, with_dtd(data) if info.filename == "xl/worksheets/sheet1.xml" else data)
    return out.getvalue()


@pytest.mark.parametrize("filled", [True, False], ids=["chart-filled", "chart-copied"])
def test_a_dtd_in_an_embedded_workbook_is_refused_naming_it(template: bytes, filled: bool):
    data: list[dict[str, object]] = [{"template": 2, "sales": CHART} if filled else {"template": 2}]
    with pytest.raises(TemplateError, match=rf"sheet1\.xml of the embedded file {WORKBOOK}"):
        _render_with(template, WORKBOOK, _workbook_with_dtd(template), data)


def test_doctype_text_in_a_comment_is_not_a_doctype(template: bytes, tmp_path: Path, check_render):
    theme = zip_part(template, "ppt/theme/theme1.xml")
    end = theme.index(b"?>") + 2
    commented = theme[:end] + b"<!-- <!DOCTYPE x> is text here -->" + theme[end:]
    patched = replace_parts(template, {"ppt/theme/theme1.xml": commented})
    result = render(patched, [{"template": 1, "title": "T"}])
    source = tmp_path / "commented.pptx"
    source.write_bytes(patched)
    check_render(result.pptx, source, pages=1)


@pytest.mark.parametrize("name", ["ppt/slideLayouts/slideLayout6.xml", "ppt/theme/theme1.xml"])
def test_a_part_copied_byte_for_byte_that_is_not_well_formed_is_refused(template: bytes, name: str):
    """Found by tests/fuzz (seed 1000099): a truncated layout was copied as is, a success python-pptx could not open."""
    part = zip_part(template, name)
    with pytest.raises(
        TemplateError, match=rf"template\.pptx is damaged: part {name} is not well-formed XML"
    ):
        _render_with(template, name, part[: len(part) // 2])


def test_a_template_listing_too_many_parts_is_refused_before_zipfile_reads_its_directory(
    template: bytes, monkeypatch: pytest.MonkeyPatch
):
    """zipfile builds an object per entry: 300,000 empty entries cost seconds and hundreds of MB."""
    import deckkit.ooxml.opc.package as package_module

    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(template)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            dst.writestr(info, src.read(info))
        for n in range(300):
            dst.writestr(f"padding/{n:05d}.bin", b"")
    monkeypatch.setattr(package_module, "MAX_TEMPLATE_DIRECTORY_BYTES", 20_000)
    with pytest.raises(
        TemplateError, match=r"template\.pptx lists too many parts \(its zip directory is [\d,]+ bytes"
    ):
        render(out.getvalue(), [{"template": 1, "title": "T"}])
    monkeypatch.setattr(package_module, "MAX_TEMPLATE_DIRECTORY_BYTES", 8 * 1024 * 1024)
    assert render(out.getvalue(), [{"template": 1, "title": "T"}]).slide_count == 1
