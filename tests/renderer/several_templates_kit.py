"""Templates of a deck made from several: a plain base and an "appendix" of another look (python-pptx).

The base is python-pptx's default look (white, accent1 blue); the appendix has a navy master
background, white text and an orange accent1 in its own theme. Each has a bar filled with the
theme's accent1, so a slide shows which theme it is bound to.
"""

from __future__ import annotations

import io
from typing import Any

from lxml import etree

A = "http://schemas.openxmlformats.org/drawingml/2006/main"
SIZE = (9144000, 6858000)  # python-pptx's layouts are drawn for 10 x 7.5 in
LOGO_PNG_SIZE = (120, 60)


def _accent_bar(slide: Any, width: int) -> None:
    from pptx.enum.dml import MSO_THEME_COLOR
    from pptx.enum.shapes import MSO_SHAPE

    bar = slide.shapes.add_shape(MSO_SHAPE.RECTANGLE, 457200, 5943600, width - 914400, 457200)
    bar.fill.solid()
    bar.fill.fore_color.theme_color = MSO_THEME_COLOR.ACCENT_1
    bar.line.fill.background()


def logo_png() -> bytes:
    """A small picture both templates carry, byte for byte the same."""
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", LOGO_PNG_SIZE, (230, 120, 20)).save(out, "PNG")
    return out.getvalue()


def _presentation(size: tuple[int, int]) -> Any:
    from pptx import Presentation

    prs = Presentation()
    prs.slide_width, prs.slide_height = size
    return prs


def _save(prs: Any) -> bytes:
    out = io.BytesIO()
    prs.save(out)
    return out.getvalue()


def base_template(size: tuple[int, int] = SIZE, *, logo: bool = False) -> bytes:
    """Slide 1: a title ``{title}`` and a subtitle ``{subtitle}`` over an accent1 bar (and the logo)."""
    prs = _presentation(size)
    slide = prs.slides.add_slide(prs.slide_layouts[0])
    slide.shapes.title.text = "{title}"
    slide.placeholders[1].text = "{subtitle}"
    _accent_bar(slide, size[0])
    if logo:
        slide.shapes.add_picture(io.BytesIO(logo_png()), 457200, 457200)
    return _save(prs)


def appendix_template(size: tuple[int, int] = SIZE) -> bytes:
    """Of another look: slide 1 a title ``{heading}`` and body ``{points}`` over an accent1 bar;
    slide 2 the logo and a title ``{caption}``; its master navy, its theme's accent1 orange."""
    from pptx.dml.color import RGBColor

    prs = _presentation(size)
    master = prs.slide_master
    master.background.fill.solid()
    master.background.fill.fore_color.rgb = RGBColor(0x1F, 0x2A, 0x44)
    first = prs.slides.add_slide(prs.slide_layouts[1])
    first.shapes.title.text = "{heading}"
    first.placeholders[1].text = "{points}"
    _accent_bar(first, size[0])
    second = prs.slides.add_slide(prs.slide_layouts[5])
    second.shapes.title.text = "{caption}"
    second.shapes.add_picture(io.BytesIO(logo_png()), 457200, 1828800)
    return _recoloured(_save(prs))


def _recoloured(pptx: bytes) -> bytes:
    """The theme's dark 1 white (text on the navy background) and accent 1 orange."""
    import zipfile

    source = zipfile.ZipFile(io.BytesIO(pptx))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info)
            if info.filename == "ppt/theme/theme1.xml":
                root = etree.fromstring(data)
                scheme = root.find(f"{{{A}}}themeElements/{{{A}}}clrScheme")
                assert scheme is not None
                for slot, colour in (("dk1", "FFFFFF"), ("accent1", "F28C28")):
                    holder = scheme.find(f"{{{A}}}{slot}")
                    assert holder is not None
                    for old in list(holder):
                        holder.remove(old)
                    etree.SubElement(holder, f"{{{A}}}srgbClr", val=colour)
                data = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
            target.writestr(info, data)
    return out.getvalue()
