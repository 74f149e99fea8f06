"""Template building blocks for gallery cases (python-pptx)."""

from __future__ import annotations

from typing import Any

EMU = 914400


def new_deck(widescreen: bool = True) -> tuple[Any, Any]:
    """A presentation with one blank slide (13.33 x 7.5 in, or 10 x 7.5 in)."""
    from pptx import Presentation

    prs = Presentation()
    if widescreen:
        prs.slide_width = 12192000
        prs.slide_height = 6858000
    return prs, prs.slides.add_slide(prs.slide_layouts[6])


def add_slide(prs: Any) -> Any:
    return prs.slides.add_slide(prs.slide_layouts[6])


def text_box(
    slide: Any,
    text: str,
    left: int,
    top: int,
    width: int,
    height: int,
    *,
    size: float = 18,
    bold: bool = False,
    italic: bool = False,
    color: str | None = None,
    font: str | None = None,
    align: str | None = None,
) -> Any:
    """A text box with one paragraph of one run."""
    from pptx.dml.color import RGBColor
    from pptx.enum.text import PP_ALIGN
    from pptx.util import Pt

    box = slide.shapes.add_textbox(left, top, width, height)
    frame = box.text_frame
    frame.word_wrap = True
    paragraph = frame.paragraphs[0]
    if align is not None:
        paragraph.alignment = {"l": PP_ALIGN.LEFT, "ctr": PP_ALIGN.CENTER, "r": PP_ALIGN.RIGHT}[align]
    run = paragraph.add_run()
    run.text = text
    run.font.size = Pt(size)
    run.font.bold = bold
    run.font.italic = italic
    if color is not None:
        run.font.color.rgb = RGBColor.from_string(color)
    if font is not None:
        run.font.name = font
    return box


def outline(slide: Any, left: int, top: int, width: int, height: int) -> Any:
    """A thin grey dashed rectangle: where a box was in the template, for the reviewer."""
    from pptx.dml.color import RGBColor
    from pptx.enum.dml import MSO_LINE_DASH_STYLE
    from pptx.enum.shapes import MSO_SHAPE

    shape = slide.shapes.add_shape(MSO_SHAPE.RECTANGLE, left, top, width, height)
    shape.fill.background()
    shape.line.color.rgb = RGBColor(0x99, 0x99, 0x99)
    shape.line.dash_style = MSO_LINE_DASH_STYLE.DASH
    shape.line.width = 9525
    return shape
