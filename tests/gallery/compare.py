"""Perceptual comparison of two slide pictures (Pillow only).

Both pictures are blurred slightly, so that anti-aliasing and sub-pixel glyph placement (the
noise between two LibreOffice runs or versions) fade out; a pixel has changed when one of its
channels moved by more than PIXEL_THRESHOLD; the pictures match when at most
MAX_CHANGED_FRACTION of the pixels changed. tests/gallery/test_compare.py shows that noise
passes and that a colour or a width change fails.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageChops, ImageFilter

BLUR_RADIUS = 1.0
PIXEL_THRESHOLD = 24  # of 255, on the blurred pictures
MAX_CHANGED_FRACTION = 0.001  # 0.1% of a 667x375 slide is 250 pixels, a 16x16 square


@dataclass(frozen=True)
class Comparison:
    changed_fraction: float
    size_changed: bool = False

    @property
    def same(self) -> bool:
        return not self.size_changed and self.changed_fraction <= MAX_CHANGED_FRACTION

    def describe(self) -> str:
        if self.size_changed:
            return "the page size changed"
        return f"{self.changed_fraction:.3%} of the pixels changed (tolerance {MAX_CHANGED_FRACTION:.3%})"


def _open(path: Path | Image.Image) -> Image.Image:
    image = path if isinstance(path, Image.Image) else Image.open(path)
    return image.convert("RGB")


def changed_mask(before: Image.Image, after: Image.Image) -> Image.Image:
    """A 1-bit-like L image: 255 where the blurred pictures differ by more than the threshold."""
    blur = ImageFilter.GaussianBlur(BLUR_RADIUS)
    diff = ImageChops.difference(before.filter(blur), after.filter(blur))
    r, g, b = diff.split()
    strongest = ImageChops.lighter(ImageChops.lighter(r, g), b)
    return strongest.point(lambda v: 255 if v > PIXEL_THRESHOLD else 0)


def compare(before: Path | Image.Image, after: Path | Image.Image) -> Comparison:
    a, b = _open(before), _open(after)
    if a.size != b.size:
        return Comparison(1.0, size_changed=True)
    mask = changed_mask(a, b)
    changed = mask.histogram()[255]
    return Comparison(changed / (a.width * a.height))


def diff_picture(before: Path, after: Path) -> Image.Image:
    """The new picture faded, with the changed pixels in red: where to look."""
    a, b = _open(before), _open(after)
    if a.size != b.size:
        return b
    faded = Image.blend(b, Image.new("RGB", b.size, "white"), 0.7)
    faded.paste(Image.new("RGB", b.size, (230, 0, 0)), mask=changed_mask(a, b))
    return faded
