"""Images: a picture target replaced with each scaling, and a text key replaced by an image."""

from __future__ import annotations

from pathlib import Path

from tests.gallery.cases import GalleryInput
from tests.gallery.cases._kit import EMU, new_deck, outline, text_box
from tests.renderer.media.builders import picture

BOX = (EMU, 2 * EMU, int(3.5 * EMU), 2 * EMU)


def _template(workdir: Path, scalings: list[str]) -> Path:
    import io

    prs, slide = new_deck()
    for i, scaling in enumerate(scalings):
        left = BOX[0] + i * 4 * EMU
        outline(slide, left, BOX[1], BOX[2], BOX[3])
        pic = slide.shapes.add_picture(io.BytesIO(picture(40, 20)), left, BOX[1], BOX[2], BOX[3])
        pic._element.xpath("./p:nvPicPr/p:cNvPr")[0].set("descr", scaling)
        text_box(slide, scaling, left, BOX[1] + BOX[3] + EMU // 8, BOX[2], EMU // 2, size=14)
    path = workdir / "template.pptx"
    prs.save(str(path))
    return path


def case_picture_scalings(workdir: Path) -> GalleryInput:
    """A tall 4-colour picture: 'contain' fits inside its dashed box, 'cover' fills it (overflow hidden), 'none' at intrinsic size."""
    path = _template(workdir, ["contain", "cover", "none"])
    media = {"media/tall.png": picture(200, 400)}
    data = {
        "template": 1,
        "contain": {"type": "image", "src": "media/tall.png", "scaling": "contain"},
        "cover": {"type": "image", "src": "media/tall.png", "scaling": "cover", "overflow": "hidden"},
        "none": {"type": "image", "src": "media/tall.png"},
    }
    return path, [data], media


def case_image_in_text_box(workdir: Path) -> GalleryInput:
    """The {logo} text box becomes a wide 4-colour picture fitted inside the box's dashed outline; no braces left."""
    prs, slide = new_deck()
    outline(slide, EMU, EMU, 5 * EMU, 2 * EMU)
    text_box(slide, "{logo}", EMU, EMU, 5 * EMU, 2 * EMU)
    path = workdir / "template.pptx"
    prs.save(str(path))
    data = {"template": 1, "logo": {"type": "image", "src": "logo.png", "scaling": "contain"}}
    return path, [data], {"logo.png": picture(400, 100)}
