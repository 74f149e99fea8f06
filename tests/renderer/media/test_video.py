"""Videos: embedded local files and online videos, with their posters and slide timing."""

from __future__ import annotations

import copy
import io
from pathlib import Path

import pytest

from deckkit.model.elements import Video
from deckkit.renderer.media.video import embed_url, neutral_poster
from tests.readers import assert_readable
from tests.renderer.media.builders import EMU, TARGET, fake_mp4, picture, rich_template
from tests.renderer.media.fake_package import NS, RT_IMAGE, RT_MEDIA, RT_VIDEO, FakePackage, fill

R_EMBED = f"{{{NS['r']}}}embed"
R_LINK = f"{{{NS['r']}}}link"
MEDIA_EXT = "{DAA4B4D4-6D71-4841-9C94-3DE7FCFB9230}"


@pytest.fixture(scope="module")
def rich(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return rich_template(tmp_path_factory.mktemp("media") / "rich.pptx")


def _frame(pic: object) -> tuple[int, int, int, int]:
    off = pic.find("p:spPr/a:xfrm/a:off", NS)  # type: ignore[attr-defined]
    ext = pic.find("p:spPr/a:xfrm/a:ext", NS)  # type: ignore[attr-defined]
    return int(off.get("x")), int(off.get("y")), int(ext.get("cx")), int(ext.get("cy"))


def test_local_video_is_embedded_the_way_powerpoint_writes_it(rich: Path, tmp_path: Path) -> None:
    package = FakePackage(rich.read_bytes())
    video, thumb = fake_mp4(), picture(160, 90)  # 16:9 poster on a 2:1 target
    element = Video(type="video", src="v/clip.mp4", thumbnail="v/clip.png")
    pic = fill(package, 4, "clip", element, {"v/clip.mp4": video, "v/clip.png": thumb})
    link = pic.find("p:nvPicPr/p:nvPr/a:videoFile", NS).get(R_LINK)
    media = pic.find(f"p:nvPicPr/p:nvPr/p:extLst/p:ext[@uri='{MEDIA_EXT}']/p14:media", NS).get(R_EMBED)
    assert package.rel_target(4, link)[0] == RT_VIDEO
    assert package.rel_target(4, media)[0] == RT_MEDIA
    assert package.part_of(4, link) == package.part_of(4, media) == video
    assert package.content_type("mp4") == "video/mp4"
    poster = pic.find("p:blipFill/a:blip", NS).get(R_EMBED)
    assert package.rel_target(4, poster)[0] == RT_IMAGE
    assert package.part_of(4, poster) == thumb
    assert pic.find("p:nvPicPr/p:cNvPr/a:hlinkClick", NS).get("action") == "ppaction://media"
    # contain (default): full height 2in, width 2in * 16/9, centred
    width = round(2 * EMU * 16 / 9)
    assert _frame(pic) == (EMU + (4 * EMU - width) // 2, EMU, width, 2 * EMU)
    assert pic.find("p:blipFill/a:srcRect", NS) is None
    # timing: a media node and a click-to-toggle sequence, both aimed at the picture
    spid = pic.find("p:nvPicPr/p:cNvPr", NS).get("id")
    slide = package.slide(4)
    assert slide.xpath("p:timing//p:video/p:cMediaNode/p:tgtEl/p:spTgt/@spid", namespaces=NS) == [spid]
    assert slide.xpath("p:timing//p:cmd[@cmd='togglePause']//p:spTgt/@spid", namespaces=NS) == [spid]
    ids = slide.xpath("p:timing//p:cTn/@id", namespaces=NS)
    assert len(ids) == len(set(ids)) == 7
    assert_readable(package.save(tmp_path / "out.pptx"), rich, pages=5, libreoffice=False)


def test_local_video_cover_fills_and_clips_to_the_target(rich: Path, tmp_path: Path) -> None:
    package = FakePackage(rich.read_bytes())
    element = Video(type="video", src="c.mov", thumbnail="c.jpg", scaling="cover")
    pic = fill(package, 4, "clip", element, {"c.mov": fake_mp4(), "c.jpg": picture(160, 120, "JPEG")})
    assert _frame(pic) == TARGET
    # 4:3 poster covering a 2:1 box: 4in x 3in, 0.5in off top and bottom = 1/6 each
    assert dict(pic.find("p:blipFill/a:srcRect", NS).attrib) == {"t": "16667", "b": "16667"}
    assert package.content_type("mov") == "video/quicktime"
    assert_readable(package.save(tmp_path / "out.pptx"), rich, pages=5, libreoffice=False)


def test_two_videos_on_one_slide_keep_timing_ids_unique(tmp_path: Path) -> None:
    from tests.renderer.media.builders import target_slides

    template = target_slides(tmp_path / "t.pptx", ["a"], caption=False)
    package = FakePackage(template.read_bytes())
    box = package.slide(1).xpath(".//p:sp[.//a:t='{a}']", namespaces=NS)[0]
    twin = copy.deepcopy(box)
    twin.find("p:nvSpPr/p:cNvPr", NS).set("id", "99")
    twin.find(".//a:t", NS).text = "{b}"
    box.addnext(twin)
    media = {"v.m4v": fake_mp4(), "t.gif": picture(64, 32, "GIF")}
    fill(package, 1, "a", Video(type="video", src="v.m4v", thumbnail="t.gif"), media)
    fill(package, 1, "b", Video(type="video", src="v.m4v", thumbnail="t.gif"), media)
    slide = package.slide(1)
    ids = slide.xpath("p:timing//p:cTn/@id", namespaces=NS)
    assert len(ids) == len(set(ids)) == 13
    assert sorted(slide.xpath("p:timing//p:video//p:spTgt/@spid", namespaces=NS)) == sorted(
        ["99", slide.xpath(".//p:pic/p:nvPicPr/p:cNvPr/@id", namespaces=NS)[0]]
    )
    assert package.content_type("m4v") == "video/mp4"
    assert len([n for n in package.parts if n.startswith("ppt/media/media")]) == 1
    assert_readable(package.save(tmp_path / "out.pptx"), template, pages=1, libreoffice=False)


@pytest.mark.parametrize(
    ("src", "embed"),
    [
        (
            "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
            "https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed",
        ),
        (
            "https://youtu.be/dQw4w9WgXcQ?t=90",
            "https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed&start=90",
        ),
        (
            "https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=1m5s",
            "https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed&start=65",
        ),
        (
            "https://www.youtube.com/shorts/dQw4w9WgXcQ",
            "https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed",
        ),
        (
            "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
            "https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed",
        ),
        ("https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871"),
        ("https://vimeo.com/channels/staffpicks/76979871", "https://player.vimeo.com/video/76979871"),
        ("https://vimeo.com/76979871/a1b2c3d4e5", "https://player.vimeo.com/video/76979871?h=a1b2c3d4e5"),
        ("https://player.vimeo.com/video/76979871", "https://player.vimeo.com/video/76979871"),
        ("https://www.youtube.com/@somechannel", None),
        ("https://www.youtube.com/watch?v=short", None),
        ("https://vimeo.com/about", None),
    ],
)
def test_embed_url(src: str, embed: str | None) -> None:
    assert embed_url(src) == embed


def test_online_video_with_generated_poster(rich: Path, tmp_path: Path) -> None:
    from PIL import Image as PILImage

    package = FakePackage(rich.read_bytes())
    element = Video(type="video", src="https://www.youtube.com/watch?v=dQw4w9WgXcQ")
    pic = fill(package, 5, "online", element, {})
    link = pic.find("p:nvPicPr/p:nvPr/a:videoFile", NS).get(R_LINK)
    reltype, target, mode = package.rel_target(5, link)
    assert (reltype, target, mode) == (
        RT_VIDEO,
        "https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed",
        "External",
    )
    assert pic.find("p:nvPicPr/p:nvPr/p:extLst/p:ext/p14:media", NS) is None  # nothing in the package
    player = pic.find("p:nvPicPr/p:nvPr/p:extLst/p:ext/p15:webVideoPr", NS)
    assert 'src="https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed"' in player.get("embeddedHtml")
    assert (player.get("w"), player.get("h")) == ("560", "280")
    assert _frame(pic) == TARGET  # the generated poster has the target's aspect ratio
    poster = package.part_of(5, pic.find("p:blipFill/a:blip", NS).get(R_EMBED))
    with PILImage.open(io.BytesIO(poster)) as img:
        assert img.format == "PNG"
        assert img.size == (1280, 640)
        assert img.getpixel((5, 5)) == (0x3A, 0x3A, 0x3A)  # dark grey ground
        assert img.getpixel((640, 320 - 60)) == (0xE8, 0xE8, 0xE8)  # the light disc
    assert not [n for n in package.parts if n.startswith("ppt/media/media")]  # nothing embedded
    assert_readable(package.save(tmp_path / "out.pptx"), rich, pages=5, libreoffice=False)


def test_online_video_with_thumbnail_contain(rich: Path, tmp_path: Path) -> None:
    package = FakePackage(rich.read_bytes())
    element = Video(type="video", src="https://vimeo.com/76979871", thumbnail="t.png")
    pic = fill(package, 5, "online", element, {"t.png": picture(100, 100)})
    assert _frame(pic) == (EMU + EMU, EMU, 2 * EMU, 2 * EMU)
    link = pic.find("p:nvPicPr/p:nvPr/a:videoFile", NS).get(R_LINK)
    assert package.rel_target(5, link)[1] == "https://player.vimeo.com/video/76979871"
    assert_readable(package.save(tmp_path / "out.pptx"), rich, pages=5, libreoffice=False)


@pytest.mark.parametrize(
    ("cx", "cy", "size"), [(16, 9, (1280, 720)), (3, 4, (960, 1280)), (100, 1, (1280, 80))]
)
def test_neutral_poster_takes_the_aspect_ratio(cx: int, cy: int, size: tuple[int, int]) -> None:
    from PIL import Image as PILImage

    with PILImage.open(io.BytesIO(neutral_poster(cx, cy))) as img:
        assert img.size == size


def _movie_template(path: Path) -> Path:
    from pptx import Presentation

    prs = Presentation()
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    movie = slide.shapes.add_movie(
        io.BytesIO(fake_mp4()), *TARGET, poster_frame_image=io.BytesIO(picture(64, 36)), mime_type="video/mp4"
    )
    movie._element.find("p:nvPicPr/p:cNvPr", NS).set("descr", "movie")
    prs.save(str(path))
    return path


def test_video_target_replaced_by_a_picture_loses_its_media_timing(tmp_path: Path) -> None:
    from deckkit.model.elements import Image

    template = _movie_template(tmp_path / "movie.pptx")
    package = FakePackage(template.read_bytes())
    assert package.slide(1).find("p:timing", NS) is not None
    pic = fill(package, 1, "movie", Image(type="image", src="a.png"), {"a.png": picture(64, 36)})
    assert pic.find("p:nvPicPr/p:nvPr/a:videoFile", NS) is None
    assert package.slide(1).find("p:timing", NS) is None
    assert_readable(package.save(tmp_path / "out.pptx"), template, pages=1, libreoffice=False)


def test_video_target_replaced_by_a_video_has_one_media_node(tmp_path: Path) -> None:
    template = _movie_template(tmp_path / "movie.pptx")
    package = FakePackage(template.read_bytes())
    element = Video(type="video", src="https://vimeo.com/76979871")
    pic = fill(package, 1, "movie", element, {})
    spid = pic.find("p:nvPicPr/p:cNvPr", NS).get("id")
    assert package.slide(1).xpath("p:timing//p:video//p:spTgt/@spid", namespaces=NS) == [spid]
    assert_readable(package.save(tmp_path / "out.pptx"), template, pages=1, libreoffice=False)


_TEXT_ANIMATION = """<p:timing xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:tnLst><p:par>
<p:cTn id="1" dur="indefinite" restart="never" nodeType="tmRoot"><p:childTnLst>
<p:seq concurrent="1" nextAc="seek"><p:cTn id="2" dur="indefinite" nodeType="mainSeq"><p:childTnLst>
<p:par><p:cTn id="3" fill="hold"><p:stCondLst><p:cond delay="indefinite"/></p:stCondLst><p:childTnLst>
<p:par><p:cTn id="4" fill="hold"><p:stCondLst><p:cond delay="0"/></p:stCondLst><p:childTnLst>
<p:par><p:cTn id="5" presetID="10" presetClass="entr" presetSubtype="0" fill="hold" grpId="0" nodeType="clickEffect">
<p:stCondLst><p:cond delay="0"/></p:stCondLst><p:childTnLst>
<p:set><p:cBhvr><p:cTn id="6" dur="1" fill="hold"><p:stCondLst><p:cond delay="0"/></p:stCondLst></p:cTn>
<p:tgtEl><p:spTgt spid="{spid}"/></p:tgtEl><p:attrNameLst><p:attrName>style.visibility</p:attrName></p:attrNameLst></p:cBhvr>
<p:to><p:strVal val="visible"/></p:to></p:set>
<p:set><p:cBhvr><p:cTn id="7" dur="1" fill="hold"><p:stCondLst><p:cond delay="0"/></p:stCondLst></p:cTn>
<p:tgtEl><p:spTgt spid="{spid}"><p:txEl><p:pRg st="0" end="0"/></p:txEl></p:spTgt></p:tgtEl>
<p:attrNameLst><p:attrName>style.visibility</p:attrName></p:attrNameLst></p:cBhvr>
<p:to><p:strVal val="visible"/></p:to></p:set>
</p:childTnLst></p:cTn></p:par></p:childTnLst></p:cTn></p:par></p:childTnLst></p:cTn></p:par>
</p:childTnLst></p:cTn></p:seq></p:childTnLst></p:cTn></p:par></p:tnLst>
<p:bldLst><p:bldP spid="{spid}" grpId="0" animBg="1"/></p:bldLst></p:timing>"""


def test_text_target_animation_carries_over_without_its_paragraph_parts(tmp_path: Path) -> None:
    from lxml import etree

    from deckkit.model.elements import Image
    from tests.renderer.media.builders import target_slides
    from tests.renderer.media.fake_package import find_target

    template = target_slides(tmp_path / "t.pptx", ["logo"], caption=False)
    package = FakePackage(template.read_bytes())
    slide = package.slide(1)
    spid = find_target(slide, "logo").find("p:nvSpPr/p:cNvPr", NS).get("id")
    slide.find("p:clrMapOvr", NS).addnext(etree.fromstring(_TEXT_ANIMATION.replace("{spid}", spid)))
    template_with_timing = package.save(tmp_path / "animated.pptx")
    package = FakePackage(template_with_timing.read_bytes())
    fill(package, 1, "logo", Image(type="image", src="a.png"), {"a.png": picture(8, 8)})
    slide = package.slide(1)
    # the entrance effect on the shape stays (same id), the paragraph-level set and bldP go
    assert slide.xpath("p:timing//p:set//p:spTgt/@spid", namespaces=NS) == [spid]
    assert not slide.xpath("p:timing//p:txEl", namespaces=NS)
    assert slide.find("p:timing/p:bldLst", NS) is None
    assert_readable(package.save(tmp_path / "out.pptx"), template_with_timing, pages=1, libreoffice=False)
