"""The gallery's tolerance: LibreOffice noise passes, a colour or a width change fails."""

from __future__ import annotations

import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw, ImageFont

from tests.gallery.cases._kit import EMU, new_deck, text_box
from tests.gallery.compare import compare
from tests.gallery.render import RESOLUTION
from tests.readers import convert_all_to_pdf, soffice


def _slide_picture(shift: float = 0, bar_width: int = 200, bar_color: str = "#C00000") -> Image.Image:
    image = Image.new("RGB", (667, 375), "white")
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default(size=14)
    for i in range(8):
        draw.text((40 + shift, 40 + 30 * i), f"Region {i}   1,2{i}0.5   +{i}.3%", fill="black", font=font)
    draw.rectangle((400, 100, 400 + bar_width, 130), fill=bar_color)
    return image


def test_identical_pictures_match() -> None:
    assert compare(_slide_picture(), _slide_picture()).changed_fraction == 0


def test_antialiasing_noise_and_subpixel_shifts_pass() -> None:
    noisy = _slide_picture(shift=0.4)
    rng = random.Random(7)
    pixels = noisy.load()
    assert pixels is not None
    for _ in range(3000):
        x, y = rng.randrange(667), rng.randrange(375)
        r, g, b = pixels[x, y]  # type: ignore[misc]
        d = rng.randint(-12, 12)
        pixels[x, y] = (max(0, min(255, r + d)), max(0, min(255, g + d)), max(0, min(255, b + d)))
    assert compare(_slide_picture(), noisy).same


@pytest.mark.parametrize(
    "changed",
    [
        pytest.param(_slide_picture(bar_color="#2E75B6"), id="colour"),
        pytest.param(_slide_picture(bar_color="#E00000"), id="shade-of-red"),
        pytest.param(_slide_picture(bar_width=215), id="width-15px"),
        pytest.param(_slide_picture(shift=6), id="text-moved"),
    ],
)
def test_colour_and_width_changes_fail(changed: Image.Image) -> None:
    assert not compare(_slide_picture(), changed).same


def test_a_different_page_size_fails() -> None:
    assert compare(_slide_picture(), _slide_picture().resize((668, 375))).size_changed


def _variant(
    path: Path, *, color: str = "C00000", width: float = 3.0, cols: tuple[float, ...] = (2.0, 1.5)
) -> Path:
    """A slide like the gallery's: text, a filled bar, a table."""
    from pptx.dml.color import RGBColor
    from pptx.enum.shapes import MSO_SHAPE

    prs, slide = new_deck()
    text_box(slide, "Quarterly review: sales by region", EMU, EMU // 2, 8 * EMU, EMU, size=28, bold=True)
    bar = slide.shapes.add_shape(MSO_SHAPE.RECTANGLE, EMU, 2 * EMU, int(width * EMU), EMU // 2)
    bar.fill.solid()
    bar.fill.fore_color.rgb = RGBColor.from_string(color)
    table: Any = slide.shapes.add_table(3, 2, 6 * EMU, 2 * EMU, int(sum(cols) * EMU), EMU).table
    for i, w in enumerate(cols):
        table.columns[i].width = int(w * EMU)
    for r in range(3):
        table.cell(r, 0).text = f"Region {r}"
        table.cell(r, 1).text = f"{r * 1234:,}"
    prs.save(str(path))
    return path


@pytest.mark.slow
@pytest.mark.soffice
def test_libreoffice_run_to_run_noise_passes_and_real_changes_fail(tmp_path: Path) -> None:
    if soffice() is None or shutil.which("pdftoppm") is None:
        pytest.skip("needs LibreOffice (soffice) and poppler (pdftoppm)")
    decks = {
        "base": _variant(tmp_path / "base.pptx"),
        "colour": _variant(tmp_path / "colour.pptx", color="2E75B6"),
        "bar_width": _variant(tmp_path / "bar_width.pptx", width=3.3),
        "column_width": _variant(tmp_path / "column_width.pptx", cols=(2.3, 1.5)),
    }
    again = tmp_path / "again"
    again.mkdir()
    shutil.copy(decks["base"], again / "base.pptx")
    pdfs = convert_all_to_pdf(list(decks.values()), tmp_path)
    pdfs.append(convert_all_to_pdf([again / "base.pptx"], again)[0])  # a second LibreOffice run
    pictures = {}
    for pdf in pdfs:
        prefix = pdf.with_suffix("")
        subprocess.run(
            ["pdftoppm", "-png", "-r", str(RESOLUTION), "-singlefile", str(pdf), str(prefix)], check=True
        )
        pictures[str(pdf.relative_to(tmp_path).with_suffix(""))] = Image.open(prefix.with_suffix(".png"))
    assert compare(pictures["base"], pictures["again/base"]).same
    for name in ("colour", "bar_width", "column_width"):
        result = compare(pictures["base"], pictures[name])
        assert not result.same, f"{name}: {result.describe()}"
