from __future__ import annotations

import pytest
from lxml import etree

from deckkit.template.inspect import Template
from deckkit.template.preview import libreoffice_available, slide_pngs, wireframe_svg


def test_wireframe_marks_keys_at_inherited_positions(template_bytes: bytes) -> None:
    svg = etree.fromstring(wireframe_svg(Template.open(template_bytes), 1).encode())
    labels = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert labels == ["{title}", "{subtitle} {date}"]
    rects = svg.findall("{http://www.w3.org/2000/svg}g/{http://www.w3.org/2000/svg}rect")
    # The title placeholder has no xfrm on the slide: its frame comes from the layout.
    assert int(rects[0].get("width")) > 300


def test_wireframe_labels_groups_with_the_keys_inside(template_bytes: bytes) -> None:
    svg = wireframe_svg(Template.open(template_bytes), 4)
    assert "{photo}" in svg


@pytest.mark.slow
@pytest.mark.skipif(not libreoffice_available(), reason="LibreOffice and pdftoppm are not installed")
def test_libreoffice_previews_one_png_per_slide(template_bytes: bytes) -> None:
    pngs = slide_pngs(template_bytes, width=320)
    assert len(pngs) == 4
    assert all(p.startswith(b"\x89PNG") for p in pngs)
    assert slide_pngs(template_bytes, width=320) == pngs  # cached
