"""Tables end to end through deckkit.render: the engine finds the frame, the filler fills it."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from lxml import etree

from deckkit.errors import RenderError
from deckkit.renderer import render
from tests.readers import assert_readable
from tests.renderer.table.pptx_tables import NS, TableSpec, build_template, grid_data, texts

R_EMBED = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}embed"


def slide_frames(pptx: bytes, number: int) -> list[etree._Element]:
    with zipfile.ZipFile(io.BytesIO(pptx)) as z:
        root = etree.fromstring(z.read(f"ppt/slides/slide{number}.xml"))
    return [f for f in root.iter(f"{{{NS['p']}}}graphicFrame") if f.find(".//a:tbl", NS) is not None]


def test_tables_are_found_by_alt_text_with_or_without_braces(tmp_path: Path) -> None:
    # The alt text may also be written with braces.
    template = build_template(
        tmp_path / "t.pptx", [TableSpec(3, 3, name="sales"), TableSpec(2, 2, name="{sales}")]
    )
    bar = {"value": "b", "databar": {"ratio": 0.5, "color": "accent2"}}
    data = {
        "slides": [
            {"template": 1, "sales": {"type": "table", "rows": [["a", bar], ["c", bar]]}},
            {
                "template": 2,
                "sales": {"type": "table", "rows": grid_data(12, 5), "horizontal_sizing": "anchor_left"},
            },
        ]
    }
    result = render(template.read_bytes(), data)
    assert result.slide_count == 2
    out = tmp_path / "out.pptx"
    out.write_bytes(result.pptx)
    assert_readable(out, template, pages=2, libreoffice=False)
    first, second = slide_frames(result.pptx, 1)[0], slide_frames(result.pptx, 2)[0]
    assert texts(first) == [["a", "b"], ["c", "b"]]
    assert texts(second) == grid_data(12, 5)
    r_ids = {b.get(R_EMBED) for b in first.iter(f"{{{NS['a']}}}blip")}
    assert len(r_ids) == 1  # identical bars share one image
    with zipfile.ZipFile(io.BytesIO(result.pptx)) as z:
        rels = etree.fromstring(z.read("ppt/slides/_rels/slide1.xml.rels"))
        target = next(el.get("Target") for el in rels if el.get("Id") in r_ids)
        assert z.read("ppt/" + target.removeprefix("../"))[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_table_inside_a_group_is_found_and_filled(tmp_path: Path) -> None:
    group = (914_400, 914_400, 6_000_000, 3_000_000, 914_400, 914_400, 6_000_000, 3_000_000)
    template = build_template(tmp_path / "t.pptx", [TableSpec(2, 2, name="grouped", group=group)])
    result = render(
        template.read_bytes(), [{"template": 1, "grouped": {"type": "table", "rows": grid_data(4, 3)}}]
    )
    frame = slide_frames(result.pptx, 1)[0]
    assert frame.getparent().tag == f"{{{NS['p']}}}grpSp"
    assert texts(frame) == grid_data(4, 3)
    out = tmp_path / "out.pptx"
    out.write_bytes(result.pptx)
    assert_readable(out, template, pages=1, libreoffice=False)


def test_a_table_key_that_names_no_table_lists_the_slides_tables(tmp_path: Path) -> None:
    template = build_template(tmp_path / "t.pptx", [TableSpec(2, 2, name="Revenue")])
    with pytest.raises(RenderError, match='"Revenue"'):
        render(
            template.read_bytes(), [{"template": 1, "sales": {"type": "table", "rows": [["x"]]}}], strict=True
        )
