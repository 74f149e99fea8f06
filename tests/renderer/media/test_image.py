"""Pictures replacing their target: geometry, crops, formats, DPI, groups, z-order, placeholders."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckkit.model.elements import Image
from tests.readers import assert_readable
from tests.renderer.media.builders import (
    EMU,
    TARGET,
    layout_placeholder_frame,
    picture,
    rich_template,
    target_slides,
)
from tests.renderer.media.fake_package import NS, RT_IMAGE, FakePackage, fill

# 400 x 100 px at 96 dpi: 3810000 x 952500 EMU, on a 3657600 x 1828800 target at (914400, 914400).
WIDE = picture(400, 100)

# scaling, overflow -> (x, y, cx, cy), srcRect attributes
MATRIX = {
    ("none", "visible"): ((838200, 1352550, 3810000, 952500), None),
    ("none", "hidden"): ((914400, 1352550, 3657600, 952500), {"l": "2000", "r": "2000"}),
    ("contain", "visible"): ((914400, 1371600, 3657600, 914400), None),
    ("contain", "hidden"): ((914400, 1371600, 3657600, 914400), None),
    ("cover", "visible"): ((-914400, 914400, 7315200, 1828800), None),
    ("cover", "hidden"): ((914400, 914400, 3657600, 1828800), {"l": "25000", "r": "25000"}),
}


def _frame(pic: object) -> tuple[int, int, int, int]:
    off = pic.find("p:spPr/a:xfrm/a:off", NS)  # type: ignore[attr-defined]
    ext = pic.find("p:spPr/a:xfrm/a:ext", NS)  # type: ignore[attr-defined]
    return int(off.get("x")), int(off.get("y")), int(ext.get("cx")), int(ext.get("cy"))


def _src_rect(pic: object) -> dict[str, str] | None:
    rect = pic.find("p:blipFill/a:srcRect", NS)  # type: ignore[attr-defined]
    return None if rect is None else dict(rect.attrib)


@pytest.fixture(scope="module")
def matrix_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    keys = [f"{s}_{o}" for s, o in MATRIX]
    return target_slides(tmp_path_factory.mktemp("media") / "matrix.pptx", keys)


@pytest.fixture(scope="module")
def rich(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return rich_template(tmp_path_factory.mktemp("media") / "rich.pptx")


@pytest.mark.parametrize(("scaling", "overflow"), list(MATRIX))
def test_scaling_and_overflow_geometry(
    matrix_template: Path, tmp_path: Path, scaling: str, overflow: str
) -> None:
    number = list(MATRIX).index((scaling, overflow)) + 1
    package = FakePackage(matrix_template.read_bytes())
    element = Image(type="image", src="img/wide.png", scaling=scaling, overflow=overflow)  # type: ignore[arg-type]
    pic = fill(package, number, f"{scaling}_{overflow}", element, {"img/wide.png": WIDE})
    frame, crop = MATRIX[(scaling, overflow)]
    assert _frame(pic) == frame
    assert _src_rect(pic) == crop
    # blip -> an image relationship to a PNG part with its content type
    rid = pic.find("p:blipFill/a:blip", NS).get(f"{{{NS['r']}}}embed")
    assert package.rel_target(number, rid)[0] == RT_IMAGE
    assert package.part_of(number, rid) == WIDE
    assert package.content_type("png") == "image/png"
    assert_readable(package.save(tmp_path / "out.pptx"), matrix_template, pages=6, libreoffice=False)


def test_tall_picture_cover_hidden_crops_top_and_bottom(matrix_template: Path) -> None:
    # 100 x 400 px on a 2:1 target: cover scales to the width, 8x as tall as wide -> cropped t/b.
    package = FakePackage(matrix_template.read_bytes())
    element = Image(type="image", src="tall.png", scaling="cover", overflow="hidden")
    pic = fill(package, 6, "cover_hidden", element, {"tall.png": picture(100, 400)})
    assert _frame(pic) == TARGET
    # picture 3657600 x 14630400, target height 1828800 -> (14630400 - 1828800) / 2 off each end
    assert _src_rect(pic) == {"t": "43750", "b": "43750"}


def test_picture_keeps_target_name_id_and_z_order(matrix_template: Path) -> None:
    package = FakePackage(matrix_template.read_bytes())
    slide = package.slide(1)
    tree = slide.find("p:cSld/p:spTree", NS)
    old = tree.xpath("p:sp[p:nvSpPr/p:cNvPr/@name='Box none_visible']", namespaces=NS)[0]
    index, old_id = tree.index(old), old.find("p:nvSpPr/p:cNvPr", NS).get("id")
    pic = fill(package, 1, "none_visible", Image(type="image", src="a.png"), {"a.png": WIDE})
    assert tree.index(pic) == index
    c_nv_pr = pic.find("p:nvPicPr/p:cNvPr", NS)
    assert (c_nv_pr.get("id"), c_nv_pr.get("name")) == (old_id, "Box none_visible")
    ids = slide.xpath(".//p:cNvPr/@id", namespaces=NS)
    assert len(ids) == len(set(ids))
    assert not slide.xpath(".//a:t[contains(., '{none_visible}')]", namespaces=NS)


@pytest.mark.parametrize(
    ("fmt", "size", "dpi", "ext", "content_type"),
    [
        ("PNG", (192, 96), 192, "png", "image/png"),
        ("JPEG", (300, 150), 300, "jpeg", "image/jpeg"),
        ("GIF", (96, 48), None, "gif", "image/gif"),
        ("PNG", (96, 48), None, "png", "image/png"),
        ("JPEG", (72, 36), 72, "jpeg", "image/jpeg"),
    ],
)
def test_formats_and_dpi_give_the_intrinsic_size(
    matrix_template: Path,
    tmp_path: Path,
    fmt: str,
    size: tuple[int, int],
    dpi: int | None,
    ext: str,
    content_type: str,
) -> None:
    # every case is 1in x 0.5in at its resolution (96 when the file has none), centred on TARGET
    name = f"p.{'jpg' if fmt == 'JPEG' else fmt.lower()}"
    data = picture(*size, fmt=fmt, dpi=dpi)
    package = FakePackage(matrix_template.read_bytes())
    pic = fill(package, 1, "none_visible", Image(type="image", src=name), {name: data})
    assert _frame(pic) == (914400 + (4 * EMU - EMU) // 2, 914400 + (2 * EMU - EMU // 2) // 2, EMU, EMU // 2)
    rid = pic.find("p:blipFill/a:blip", NS).get(f"{{{NS['r']}}}embed")
    assert package.rel_target(1, rid)[1].endswith(f".{ext}")
    assert package.content_type(ext) == content_type
    assert_readable(package.save(tmp_path / "out.pptx"), matrix_template, pages=6, libreoffice=False)


def test_same_picture_twice_shares_one_part(matrix_template: Path, tmp_path: Path) -> None:
    package = FakePackage(matrix_template.read_bytes())
    media = {"a.png": WIDE}
    first = fill(package, 1, "none_visible", Image(type="image", src="a.png"), media)
    second = fill(package, 2, "none_hidden", Image(type="image", src="a.png"), media)
    rid1 = first.find("p:blipFill/a:blip", NS).get(f"{{{NS['r']}}}embed")
    rid2 = second.find("p:blipFill/a:blip", NS).get(f"{{{NS['r']}}}embed")
    assert package.rel_target(1, rid1)[1] == package.rel_target(2, rid2)[1]
    assert_readable(package.save(tmp_path / "out.pptx"), matrix_template, pages=6, libreoffice=False)


def test_inside_a_scaled_group(rich: Path, tmp_path: Path) -> None:
    # The group draws its child space at half size: a 96x48 px picture (1in x 0.5in on the slide)
    # is 2in x 1in in child units, centred on the target's own child-space box.
    package = FakePackage(rich.read_bytes())
    group = package.slide(1).find("p:cSld/p:spTree/p:grpSp", NS)
    pic = fill(package, 1, "inner", Image(type="image", src="g.gif"), {"g.gif": picture(96, 48, "GIF")})
    assert pic.getparent() is group
    assert [c.tag.split("}")[1] for c in group][2:] == ["sp", "pic", "sp"]
    assert _frame(pic) == (EMU + EMU, EMU + EMU // 2, 2 * EMU, EMU)
    contain = Image(type="image", src="w.png", scaling="cover", overflow="hidden")
    package2 = FakePackage(rich.read_bytes())
    pic2 = fill(package2, 1, "inner", contain, {"w.png": WIDE})
    assert _frame(pic2) == TARGET
    assert_readable(package.save(tmp_path / "out.pptx"), rich, pages=5, libreoffice=False)


def test_picture_target_keeps_its_frame_style(rich: Path, tmp_path: Path) -> None:
    package = FakePackage(rich.read_bytes())
    tree = package.slide(2).find("p:cSld/p:spTree", NS)
    pic = fill(package, 2, "photo", Image(type="image", src="w.png", scaling="contain"), {"w.png": WIDE})
    assert pic.find("p:nvPicPr/p:cNvPr", NS).get("descr") == "photo"
    assert pic.find("p:spPr/a:ln", NS) is not None  # the designer's outline stays
    assert [c.find("./*/p:cNvPr", NS).get("name") for c in tree[2:]] == ["Photo frame", "Above"]
    assert _frame(pic) == (914400, 1371600, 3657600, 914400)
    assert_readable(package.save(tmp_path / "out.pptx"), rich, pages=5, libreoffice=False)


def test_placeholder_with_inherited_position_uses_the_engine_frame(rich: Path, tmp_path: Path) -> None:
    frame = layout_placeholder_frame(rich, 3, 1)
    package = FakePackage(rich.read_bytes())
    element = Image(type="image", src="w.png", scaling="contain")
    pic = fill(package, 3, "hero", element, {"w.png": WIDE}, frame=frame)
    assert frame == (457200, 1600200, 8229600, 4525963)  # the default template's body placeholder
    assert pic.find("p:nvPicPr/p:nvPr/p:ph", NS) is None  # a plain picture, not a placeholder
    # 4:1 picture, full width 8229600 -> 2057400 tall, centred: 1600200 + (4525963 - 2057400) / 2
    assert _frame(pic) == (457200, 2834482, 8229600, 2057400)
    assert_readable(package.save(tmp_path / "out.pptx"), rich, pages=5, libreoffice=False)


def test_placeholder_without_frame_is_a_problem(rich: Path) -> None:
    from deckkit.renderer.media.filler import check_media
    from tests.renderer.media.fake_package import find_target

    package = FakePackage(rich.read_bytes())
    target = find_target(package.slide(3), "hero")
    problems = check_media(target, Image(type="image", src="w.png"), {"w.png": WIDE}, "slides[2].hero")
    assert [p.path for p in problems] == ["slides[2].hero"]
    assert "inherits it from the slide layout" in problems[0].message


def test_rotated_target_passes_its_rotation_on(matrix_template: Path) -> None:
    package = FakePackage(matrix_template.read_bytes())
    box = package.slide(1).xpath(".//p:sp[p:nvSpPr/p:cNvPr/@name='Box none_visible']", namespaces=NS)[0]
    box.find("p:spPr/a:xfrm", NS).set("rot", "5400000")
    pic = fill(package, 1, "none_visible", Image(type="image", src="a.png"), {"a.png": WIDE})
    assert pic.find("p:spPr/a:xfrm", NS).get("rot") == "5400000"


def test_exif_rotated_photo_is_turned_upright(matrix_template: Path) -> None:
    import io

    from PIL import Image as PILImage

    from deckkit.renderer.pictures.imageinfo import read_image_info

    stored = PILImage.new("RGB", (192, 96), (200, 40, 40))
    exif = stored.getexif()
    exif[0x0112] = 6  # "rotate 90 degrees clockwise to view"
    out = io.BytesIO()
    stored.save(out, "JPEG", exif=exif.tobytes(), dpi=(96, 96))
    assert read_image_info(out.getvalue()).orientation == 6

    package = FakePackage(matrix_template.read_bytes())
    pic = fill(
        package, 1, "none_visible", Image(type="image", src="phone.jpg"), {"phone.jpg": out.getvalue()}
    )
    # shown upright: 96 x 192 px -> 1in x 2in, centred on the 4in x 2in target
    assert _frame(pic) == (EMU + EMU * 3 // 2, EMU, EMU, 2 * EMU)
    placed = package.part_of(1, pic.find("p:blipFill/a:blip", NS).get(f"{{{NS['r']}}}embed"))
    info = read_image_info(placed)
    assert (info.width_px, info.height_px, info.orientation, info.ext) == (96, 192, 1, "jpeg")


def test_click_link_of_the_target_stays_on_the_picture(matrix_template: Path, tmp_path: Path) -> None:
    from lxml import etree

    package = FakePackage(matrix_template.read_bytes())
    rid = package.relate(
        1,
        "http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink",
        "https://example.com",
        external=True,
    )
    box = package.slide(1).xpath(".//p:sp[p:nvSpPr/p:cNvPr/@name='Box none_visible']", namespaces=NS)[0]
    link = etree.SubElement(box.find("p:nvSpPr/p:cNvPr", NS), f"{{{NS['a']}}}hlinkClick")
    link.set(f"{{{NS['r']}}}id", rid)
    pic = fill(package, 1, "none_visible", Image(type="image", src="a.png"), {"a.png": WIDE})
    assert pic.xpath("p:nvPicPr/p:cNvPr/a:hlinkClick/@r:id", namespaces=NS) == [rid]
    assert_readable(package.save(tmp_path / "out.pptx"), matrix_template, pages=6, libreoffice=False)


def _filled_picture_placeholder(path: Path) -> Path:
    """A "Picture with Caption" slide whose picture placeholder holds a sample photo (alt text "hero")."""
    import io

    from pptx import Presentation

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[8])
    sample = slide.placeholders[1].insert_picture(io.BytesIO(picture(100, 100)))
    sample._element.find("p:nvPicPr/p:cNvPr", NS).set("descr", "hero")
    prs.save(str(path))
    return path


def test_filled_picture_placeholder_with_layout_frame(tmp_path: Path) -> None:
    template = _filled_picture_placeholder(tmp_path / "ph.pptx")
    package = FakePackage(template.read_bytes())
    target = package.slide(1).xpath(".//p:pic[p:nvPicPr/p:cNvPr/@descr='hero']", namespaces=NS)[0]
    assert target.find("p:spPr/a:xfrm", NS) is None  # the position is the layout's
    frame = layout_placeholder_frame(template, 1, 1)
    pic = fill(
        package,
        1,
        "hero",
        Image(type="image", src="w.png", scaling="cover", overflow="hidden"),
        {"w.png": WIDE},
        frame,
    )
    assert _frame(pic) == frame
    assert pic.find("p:nvPicPr/p:nvPr/p:ph", NS) is None
    assert_readable(package.save(tmp_path / "out.pptx"), template, pages=1, libreoffice=False)


def test_filled_picture_placeholder_through_render(tmp_path: Path) -> None:
    from deckkit.renderer import render

    template = _filled_picture_placeholder(tmp_path / "ph.pptx")
    data = {"slides": [{"template": 1, "hero": {"type": "image", "src": "w.png", "scaling": "contain"}}]}
    result = render(template, data, {"w.png": WIDE})
    out = tmp_path / "out.pptx"
    out.write_bytes(result.pptx)
    assert_readable(out, template, pages=1, libreoffice=False)
