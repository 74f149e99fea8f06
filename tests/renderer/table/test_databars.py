"""Data bars: the cell's fill shows a bar from the left of its text area, ratio of its inner width."""

from __future__ import annotations

import struct
import zipfile
import zlib
from pathlib import Path

import pytest
from lxml import etree

from deckkit.renderer.table.databar import MASK_WIDTH, bar_span, mask_png
from tests.renderer.table.pptx_tables import NS, TableSpec, cells, column_fill, fill_and_save, widths

R_EMBED = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}embed"
MARGIN = 91440


def decode_mask(png: bytes) -> list[tuple[int, int]]:
    """(grey, alpha) of every pixel of a 1-row grey+alpha PNG."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    pos, data, header = 8, b"", b""
    while pos < len(png):
        (length,) = struct.unpack(">I", png[pos : pos + 4])
        kind, body = png[pos + 4 : pos + 8], png[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            data += body
        pos += 12 + length
    width, height, depth, color_type = struct.unpack(">IIBB", header[:10])
    assert (height, depth, color_type) == (1, 8, 4)
    raw = zlib.decompress(data)
    assert raw[0] == 0
    return [(raw[1 + 2 * i], raw[2 + 2 * i]) for i in range(width)]


def image_of(out: Path, r_id: str) -> bytes:
    with zipfile.ZipFile(out) as z:
        rels = etree.fromstring(z.read("ppt/slides/_rels/slide1.xml.rels"))
        target = next(el.get("Target") for el in rels if el.get("Id") == r_id)
        return z.read("ppt/slides/" + target if not target.startswith("../") else "ppt/" + target[3:])


def bar_pixels(pixels: list[tuple[int, int]]) -> tuple[int, int]:
    dark = [i for i, (grey, alpha) in enumerate(pixels) if grey == 0 and alpha == 255]
    return (dark[0], dark[-1] + 1) if dark else (0, 0)


@pytest.mark.parametrize("ratio", [0.0, 0.5, 1.0])
def test_a_bar_is_ratio_of_the_inner_width_in_its_colour_over_the_cells_own_fill(
    tmp_path: Path, ratio: float
) -> None:
    rows = [["h", "h"], [{"value": "42", "databar": {"ratio": ratio, "color": "accent1"}}, "x"]]
    filled = fill_and_save(tmp_path, TableSpec(2, 2), {"rows": rows})
    tc_pr = cells(filled.frame)[1][0].find("a:tcPr", NS)
    if ratio == 0:
        # No bar: the cell keeps its own fill untouched.
        assert tc_pr.find("a:solidFill/a:srgbClr", NS).get("val") == column_fill(0)
        assert tc_pr.find("a:blipFill", NS) is None
        return
    fill = tc_pr.find("a:blipFill", NS)
    assert tc_pr.find("a:solidFill", NS) is None
    duotone = fill.find("a:blip/a:duotone", NS)
    assert duotone[0].tag.endswith("schemeClr")
    assert duotone[0].get("val") == "accent1"
    assert duotone[1].get("val") == column_fill(0)  # the rest keeps the cell's own fill colour
    assert fill.find("a:stretch/a:fillRect", NS) is not None
    width = widths(filled.frame)[0]
    start, end = bar_pixels(decode_mask(image_of(filled.out, fill.find("a:blip", NS).get(R_EMBED))))
    assert start == round(MARGIN / width * MASK_WIDTH)
    assert end == round((MARGIN + ratio * (width - 2 * MARGIN)) / width * MASK_WIDTH)


def test_bars_follow_the_cell_when_the_table_is_resized(tmp_path: Path) -> None:
    # Five columns scaled into the frame of two: the bar is laid out on the final width.
    rows = [[{"value": "v", "databar": {"ratio": 0.5, "color": "#00AA00"}}] * 5]
    filled = fill_and_save(tmp_path, TableSpec(1, 2), {"rows": rows})
    width = widths(filled.frame)[0]
    blip = cells(filled.frame)[0][0].find("a:tcPr/a:blipFill/a:blip", NS)
    start, end = bar_pixels(decode_mask(image_of(filled.out, blip.get(R_EMBED))))
    assert (start, end) == (
        round(MARGIN / width * MASK_WIDTH),
        round((MARGIN + 0.5 * (width - 2 * MARGIN)) / width * MASK_WIDTH),
    )
    # Identical bars share one image.
    r_ids = {
        tc.find("a:tcPr/a:blipFill/a:blip", NS).get(R_EMBED) for tc in cells(filled.frame)[0][1:]
    }  # same width
    assert len(r_ids) == 1


def test_a_bar_in_a_merged_cell_spans_the_merge(tmp_path: Path) -> None:
    rows = [[{"value": "m", "databar": {"ratio": 1.0, "color": "red"}}, ""], ["a", "b"]]
    filled = fill_and_save(tmp_path, TableSpec(2, 2, merges=[(0, 0, 1, 2)]), {"rows": rows})
    merged_width = sum(widths(filled.frame))
    blip = cells(filled.frame)[0][0].find("a:tcPr/a:blipFill/a:blip", NS)
    _, end = bar_pixels(decode_mask(image_of(filled.out, blip.get(R_EMBED))))
    assert end == round((merged_width - MARGIN) / merged_width * MASK_WIDTH)


def test_a_cell_whose_fill_is_removed_gets_a_clear_rest(tmp_path: Path) -> None:
    rows = [[{"value": "v", "databar": {"ratio": 0.5, "color": "red"}, "styles": {"shape": {"fill": ""}}}]]
    filled = fill_and_save(tmp_path, TableSpec(1, 1), {"rows": rows})
    blip = cells(filled.frame)[0][0].find("a:tcPr/a:blipFill/a:blip", NS)
    pixels = decode_mask(image_of(filled.out, blip.get(R_EMBED)))
    assert {alpha for grey, alpha in pixels if grey == 255} == {0}


def test_a_cell_filled_by_the_table_style_keeps_the_styles_colour(tmp_path: Path) -> None:
    # python-pptx tables use Medium Style 2 - Accent 1 with a header row and banded rows.
    bar = {"value": "v", "databar": {"ratio": 0.5, "color": "red"}}
    rows = [[bar, "h"], [bar, "x"], [bar, "y"]]
    filled = fill_and_save(tmp_path, TableSpec(3, 2, cell_fills=False), {"rows": rows})
    rests = []
    for row in cells(filled.frame):
        rest = row[0].find("a:tcPr/a:blipFill/a:blip/a:duotone", NS)[1]
        tint = rest.find("a:tint", NS)
        rests.append((rest.get("val"), tint.get("val") if tint is not None else None))
    assert rests == [("accent1", None), ("accent1", "40000"), ("accent1", "20000")]
    pixels = decode_mask(
        image_of(filled.out, cells(filled.frame)[1][0].find("a:tcPr/a:blipFill/a:blip", NS).get(R_EMBED))
    )
    assert {alpha for _, alpha in pixels} == {255}


def test_without_an_image_sink_the_bar_is_a_hard_stop_gradient(tmp_path: Path) -> None:
    rows = [
        [
            {
                "value": "v",
                "databar": {"ratio": 0.5, "color": "#FF0000"},
                "styles": {"shape": {"fill": "#EEEEEE"}},
            }
        ]
    ]
    filled = fill_and_save(tmp_path, TableSpec(1, 1), {"rows": rows}, sink=False)
    gradient = cells(filled.frame)[0][0].find("a:tcPr/a:gradFill", NS)
    width = widths(filled.frame)[0]
    s = round(MARGIN / width * 100000)
    e = round((MARGIN + 0.5 * (width - 2 * MARGIN)) / width * 100000)
    stops = [(int(gs.get("pos")), gs[0].get("val")) for gs in gradient.findall("a:gsLst/a:gs", NS)]
    assert stops == [
        (0, "EEEEEE"),
        (s, "EEEEEE"),
        (s, "FF0000"),
        (e, "FF0000"),
        (e, "EEEEEE"),
        (100000, "EEEEEE"),
    ]
    assert gradient.find("a:lin", NS).get("ang") == "0"


def test_bar_span_and_mask_edges() -> None:
    assert bar_span(1_000_000, 100_000, 100_000, 1.0) == (0.1, 0.9)
    assert bar_span(1_000_000, 100_000, 100_000, 0.0) == (0.1, 0.1)
    assert bar_span(100_000, 91440, 91440, 1.0) == (0.9144, 0.9144)  # no inner width: no bar
    assert bar_pixels(decode_mask(mask_png(0.25, 0.75, transparent_rest=False))) == (250, 750)
