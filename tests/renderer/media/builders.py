"""Templates and media files for the media tests, made in code (python-pptx, Pillow)."""

from __future__ import annotations

import io
from pathlib import Path

from lxml import etree

EMU = 914400
# Target of the picture on a "target" slide: 1in, 1in, 4in x 2in.
TARGET = (EMU, EMU, 4 * EMU, 2 * EMU)

A = "http://schemas.openxmlformats.org/drawingml/2006/main"
P = "http://schemas.openxmlformats.org/presentationml/2006/main"


def picture(width: int, height: int, fmt: str = "PNG", dpi: float | None = None) -> bytes:
    """Four coloured quadrants with a white cross: crops and centring show in a rendered page."""
    from PIL import Image, ImageDraw

    img = Image.new("RGB", (width, height), (200, 40, 40))
    draw = ImageDraw.Draw(img)
    draw.rectangle((width // 2, 0, width, height // 2), fill=(40, 150, 60))
    draw.rectangle((0, height // 2, width // 2, height), fill=(40, 70, 200))
    draw.rectangle((width // 2, height // 2, width, height), fill=(230, 190, 30))
    draw.line((0, height // 2, width, height // 2), fill="white", width=max(1, height // 40))
    draw.line((width // 2, 0, width // 2, height), fill="white", width=max(1, width // 80))
    out = io.BytesIO()
    kwargs: dict[str, object] = {}
    if dpi is not None:
        kwargs["dpi"] = (dpi, dpi)
    if fmt == "GIF":
        img = img.convert("P")
    img.save(out, fmt, **kwargs)
    return out.getvalue()


def image_data_flipped(png: bytes, at: int) -> bytes:
    """The PNG with bit 4 of its (first) image data chunk's byte ``at`` flipped and the chunk's
    CRC made to match again: its chunks look whole, only decoding its rows can find it out."""
    import struct
    import zlib

    start = png.index(b"IDAT") + 4
    (length,) = struct.unpack(">I", png[start - 8 : start - 4])
    body = bytearray(png[start : start + length])
    body[at] ^= 0x10
    crc = struct.pack(">I", zlib.crc32(b"IDAT" + bytes(body)))
    return png[: start - 4] + b"IDAT" + bytes(body) + crc + png[start + length + 4 :]


def image_data_length(png: bytes) -> int:
    """The length of a PNG's first image data chunk."""
    start = png.index(b"IDAT")
    return int.from_bytes(png[start - 4 : start], "big")


def fake_mp4() -> bytes:
    """The opening boxes of an MP4 file (ftyp + empty mdat): enough to be recognised."""
    ftyp = b"\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00mp42isom"
    return ftyp + b"\x00\x00\x00\x08mdat"


def _marker(slide: object, box: tuple[int, int, int, int], label: str) -> None:
    """A dashed outline where the target is, so rendered pages show it (drawn behind)."""
    from pptx.dml.color import RGBColor
    from pptx.enum.dml import MSO_LINE_DASH_STYLE
    from pptx.enum.shapes import MSO_SHAPE

    shape = slide.shapes.add_shape(MSO_SHAPE.RECTANGLE, *box)  # type: ignore[attr-defined]
    shape.name = f"marker {label}"
    shape.fill.background()
    shape.line.color.rgb = RGBColor(0x88, 0x88, 0x88)
    shape.line.dash_style = MSO_LINE_DASH_STYLE.DASH
    shape.line.width = 12700


def _caption(slide: object, text: str) -> None:
    from pptx.util import Pt

    box = slide.shapes.add_textbox(EMU // 2, EMU * 6, EMU * 9, EMU // 2)  # type: ignore[attr-defined]
    box.name = "caption"
    box.text_frame.text = text
    box.text_frame.paragraphs[0].runs[0].font.size = Pt(14)


def target_slides(path: Path, keys: list[str], *, caption: bool = True) -> Path:
    """One slide per key: a text box holding {key} at TARGET over a dashed marker."""
    from pptx import Presentation

    prs = Presentation()
    for key in keys:
        slide = prs.slides.add_slide(prs.slide_layouts[6])
        _marker(slide, TARGET, key)
        box = slide.shapes.add_textbox(*TARGET)
        box.name = f"Box {key}"
        box.text_frame.text = "{" + key + "}"
        if caption:
            _caption(slide, key)
    prs.save(str(path))
    return path


def rich_template(path: Path) -> Path:
    """Slides for the special targets.

    1: {inner} in a group drawn at half its child size, between two other group members;
    2: a picture with alt text "photo" (outlined), with a text box above it in z-order;
    3: a layout body placeholder holding {hero}, position inherited from the layout;
    4: {clip} (video) in a text box at TARGET;
    5: {online} in a text box at TARGET.
    """
    from pptx import Presentation
    from pptx.dml.color import RGBColor

    prs = Presentation()
    blank = prs.slide_layouts[6]

    slide = prs.slides.add_slide(blank)
    group = slide.shapes.add_group_shape()
    first = group.shapes.add_textbox(0, 0, EMU, EMU)
    first.text_frame.text = "before"
    inner = group.shapes.add_textbox(*TARGET)
    inner.name = "Inner"
    inner.text_frame.text = "{inner}"
    last = group.shapes.add_textbox(5 * EMU, 3 * EMU, EMU, EMU)
    last.text_frame.text = "after"
    # Child space 0..6in x 0..4in drawn at 1in,1in with half the size.
    xfrm = group._element.find(f"{{{P}}}grpSpPr/{{{A}}}xfrm")
    assert xfrm is not None
    for tag, values in (
        ("off", (EMU, EMU)),
        ("ext", (3 * EMU, 2 * EMU)),
        ("chOff", (0, 0)),
        ("chExt", (6 * EMU, 4 * EMU)),
    ):
        el = xfrm.find(f"{{{A}}}{tag}")
        assert el is not None
        names = ("x", "y") if tag.endswith("Off") or tag == "off" else ("cx", "cy")
        for name, value in zip(names, values, strict=True):
            el.set(name, str(value))

    slide = prs.slides.add_slide(blank)
    photo = slide.shapes.add_picture(io.BytesIO(picture(100, 100)), *TARGET)
    photo.name = "Photo frame"
    photo._element.find(f"{{{P}}}nvPicPr/{{{P}}}cNvPr").set("descr", "photo")
    photo.line.color.rgb = RGBColor(0x10, 0x10, 0x10)
    photo.line.width = 38100
    above = slide.shapes.add_textbox(EMU, EMU, 2 * EMU, EMU // 2)
    above.name = "Above"
    above.text_frame.text = "on top of the photo"

    slide = prs.slides.add_slide(prs.slide_layouts[1])
    slide.shapes.title.text = "Placeholder"
    body = slide.placeholders[1]
    body.text_frame.text = "{hero}"

    for key in ("clip", "online"):
        slide = prs.slides.add_slide(blank)
        _marker(slide, TARGET, key)
        box = slide.shapes.add_textbox(*TARGET)
        box.name = f"Box {key}"
        box.text_frame.text = "{" + key + "}"
    prs.save(str(path))
    return path


def layout_placeholder_frame(template: Path, slide_number: int, idx: int) -> tuple[int, int, int, int]:
    """The position a slide placeholder inherits from its layout (what the engine resolves)."""
    from pptx import Presentation

    prs = Presentation(str(template))
    layout = prs.slides[slide_number - 1].slide_layout
    ph = next(p for p in layout.placeholders if p.placeholder_format.idx == idx)
    return int(ph.left), int(ph.top), int(ph.width), int(ph.height)


def xml_of(element: etree._Element) -> str:
    return etree.tostring(element, encoding="unicode")
