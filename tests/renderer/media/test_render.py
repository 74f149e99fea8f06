"""Media through the public renderer: deckkit.render(template, data, media={...})."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from deckkit.errors import RenderError
from deckkit.renderer import render
from tests.readers import assert_readable
from tests.renderer.media.builders import (
    EMU,
    TARGET,
    fake_mp4,
    image_data_flipped,
    image_data_length,
    picture,
    rich_template,
    target_slides,
)
from tests.renderer.media.fake_package import NS

R_EMBED = f"{{{NS['r']}}}embed"
R_LINK = f"{{{NS['r']}}}link"


@pytest.fixture(scope="module")
def rich(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return rich_template(tmp_path_factory.mktemp("media") / "rich.pptx")


class Output:
    """The rendered pptx, read back as parts."""

    def __init__(self, pptx: bytes) -> None:
        self.zip = zipfile.ZipFile(io.BytesIO(pptx))

    def slide_names(self) -> list[str]:
        pres = etree.fromstring(self.zip.read("ppt/presentation.xml"))
        rels = self.rels("ppt/presentation.xml")
        return ["ppt/" + rels[rid][1] for rid in pres.xpath("p:sldIdLst/p:sldId/@r:id", namespaces=NS)]

    def slide(self, number: int) -> etree._Element:
        return etree.fromstring(self.zip.read(self.slide_names()[number - 1]))

    def rels(self, part: str) -> dict[str, tuple[str, str, str | None]]:
        folder, name = part.rsplit("/", 1)
        root = etree.fromstring(self.zip.read(f"{folder}/_rels/{name}.rels"))
        return {
            r.get("Id"): (r.get("Type").rsplit("/", 1)[1], r.get("Target"), r.get("TargetMode")) for r in root
        }

    def target(self, number: int, rid: str) -> tuple[str, str, str | None]:
        return self.rels(self.slide_names()[number - 1])[rid]

    def content_types(self) -> dict[str, str]:
        root = etree.fromstring(self.zip.read("[Content_Types].xml"))
        ns = "{http://schemas.openxmlformats.org/package/2006/content-types}"
        return {d.get("Extension"): d.get("ContentType") for d in root.iter(f"{ns}Default")}


def _frame(pic: etree._Element) -> tuple[int, int, int, int]:
    off, ext = pic.find("p:spPr/a:xfrm/a:off", NS), pic.find("p:spPr/a:xfrm/a:ext", NS)
    return int(off.get("x")), int(off.get("y")), int(ext.get("cx")), int(ext.get("cy"))


def _pic(slide: etree._Element, name: str) -> etree._Element:
    [pic] = slide.xpath(".//p:pic[p:nvPicPr/p:cNvPr/@name=$name]", namespaces=NS, name=name)
    return pic


def test_every_media_kind_through_render(rich: Path, tmp_path: Path) -> None:
    media = {
        "img/g.gif": picture(96, 48, "GIF"),
        "img/w.png": picture(400, 100),
        "v/clip.mp4": fake_mp4(),
        "v/thumb.jpg": picture(320, 180, "JPEG"),
    }
    data = {
        "slides": [
            {"template": 1, "inner": {"type": "image", "src": "img/g.gif"}},
            {"template": 2, "photo": {"type": "image", "src": "img/w.png", "scaling": "contain"}},
            {
                "template": 3,
                "hero": {"type": "image", "src": "img/w.png", "scaling": "cover", "overflow": "hidden"},
            },
            {"template": 4, "clip": {"type": "video", "src": "v/clip.mp4", "thumbnail": "v/thumb.jpg"}},
            {
                "template": 5,
                "online": {"type": "video", "src": "https://www.youtube.com/watch?v=dQw4w9WgXcQ"},
            },
            {"template": 3, "hero": {"type": "image", "src": "img/w.png", "scaling": "contain"}},
        ]
    }
    result = render(rich, data, media)
    assert result.slide_count == 6
    assert result.warnings == []
    out = Output(result.pptx)

    group_pic = _pic(out.slide(1), "Inner")
    assert group_pic.getparent().tag == f"{{{NS['p']}}}grpSp"
    assert _frame(group_pic) == (2 * EMU, EMU + EMU // 2, 2 * EMU, EMU)

    framed = _pic(out.slide(2), "Photo frame")
    assert framed.find("p:nvPicPr/p:cNvPr", NS).get("descr") == "photo"
    assert _frame(framed) == (914400, 1371600, 3657600, 914400)

    # the placeholder's position comes from the layout (resolved by the engine)
    hero = out.slide(3).xpath(".//p:pic", namespaces=NS)[0]
    assert _frame(hero) == (457200, 1600200, 8229600, 4525963)
    assert dict(hero.find("p:blipFill/a:srcRect", NS).attrib) == {
        "l": "27271",
        "r": "27271",
    }  # (4 * 4525963 - 8229600) / 2 of 4 * 4525963
    hero_again = out.slide(6).xpath(".//p:pic", namespaces=NS)[0]
    assert _frame(hero_again) == (457200, 2834482, 8229600, 2057400)
    # both output slides show the same picture part
    rid3, rid6 = (
        s.xpath(".//p:pic/p:blipFill/a:blip/@r:embed", namespaces=NS)[0] for s in (out.slide(3), out.slide(6))
    )
    assert out.target(3, rid3)[1] == out.target(6, rid6)[1]

    clip = _pic(out.slide(4), "Box clip")
    video_rid = clip.find("p:nvPicPr/p:nvPr/a:videoFile", NS).get(R_LINK)
    media_rid = clip.find("p:nvPicPr/p:nvPr/p:extLst/p:ext/p14:media", NS).get(R_EMBED)
    assert out.target(4, video_rid)[0] == "video"
    assert out.target(4, media_rid)[0] == "media"
    assert out.target(4, video_rid)[1] == out.target(4, media_rid)[1]
    assert out.zip.read("ppt/" + out.target(4, video_rid)[1].removeprefix("../")) == media["v/clip.mp4"]
    assert out.slide(4).xpath("p:timing//p:video//p:spTgt/@spid", namespaces=NS) == [
        clip.find("p:nvPicPr/p:cNvPr", NS).get("id")
    ]

    online = _pic(out.slide(5), "Box online")
    link = online.find("p:nvPicPr/p:nvPr/a:videoFile", NS).get(R_LINK)
    assert out.target(5, link) == (
        "video",
        "https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed",
        "External",
    )
    assert _frame(online) == TARGET

    types = out.content_types()
    assert (types["png"], types["gif"], types["mp4"]) == ("image/png", "image/gif", "video/mp4")
    assert types.get("jpeg", types.get("jpg")) == "image/jpeg"
    path = tmp_path / "out.pptx"
    path.write_bytes(result.pptx)
    assert_readable(path, rich, pages=6, libreoffice=False)
    # python-pptx tells pictures from movies the way PowerPoint does (a:videoFile)
    from pptx import Presentation
    from pptx.enum.shapes import MSO_SHAPE_TYPE

    shapes = {s.name: s.shape_type for slide in Presentation(str(path)).slides for s in slide.shapes}
    assert shapes["Photo frame"] == MSO_SHAPE_TYPE.PICTURE
    assert shapes["Box clip"] == shapes["Box online"] == MSO_SHAPE_TYPE.MEDIA


def test_render_collects_every_media_problem(rich: Path) -> None:
    data = {
        "slides": [
            {"template": 1, "inner": {"type": "image", "src": "img/logo.png"}},
            {"template": 4, "clip": {"type": "video", "src": "clip.mp4", "thumbnail": "thumb.png"}},
        ]
    }
    media = {
        "img/Logo.png": picture(8, 8),
        "clip.mp4": b"definitely not a video",
        "thumb.png": picture(8, 8, "GIF"),
    }
    with pytest.raises(RenderError) as caught:
        render(rich, data, media)
    assert [str(p) for p in caught.value.problems] == [
        'slides[0].inner.src: "img/logo.png" is not in the zip; did you mean "img/Logo.png"?',
        'slides[1].clip.src: "clip.mp4" is not an MP4, M4V or MOV video',
        'slides[1].clip.thumbnail: "thumb.png" is a GIF picture, not PNG: name it .gif or convert it',
    ]


@pytest.mark.slow
def test_rendered_matrix_passes_all_readers(tmp_path: Path) -> None:
    keys = [f"{s}_{o}" for s in ("none", "contain", "cover") for o in ("visible", "hidden")]
    template = target_slides(tmp_path / "matrix.pptx", keys)
    slides = [
        {
            "template": i,
            k: {"type": "image", "src": "w.png", "scaling": k.split("_")[0], "overflow": k.split("_")[1]},
        }
        for i, k in enumerate(keys, start=1)
    ]
    result = render(template, {"slides": slides}, {"w.png": picture(400, 100)})
    path = tmp_path / "out.pptx"
    path.write_bytes(result.pptx)
    assert_readable(path, template, pages=6)


def _rows_damaged(png: bytes) -> bytes:
    return image_data_flipped(png, image_data_length(png) // 2)


class _Hold:
    """The read-ahead thread decodes nothing until ``release`` is set; ``held`` counts the
    pictures it really had to wait with (the proof that the render went on without them)."""

    def __init__(self) -> None:
        import threading

        self.release = threading.Event()
        self.held = 0
        self.confirmed: list[str] = []  # what the render's confirmation was given (srcs)


def _held_thread(monkeypatch: pytest.MonkeyPatch) -> _Hold:
    import threading

    from deckkit.renderer.pictures import imageinfo

    hold = _Hold()
    decode = imageinfo._read_image_info

    def held(data: bytes) -> imageinfo.ImageInfo:
        if threading.current_thread().name == "deckkit-pictures" and not hold.release.is_set():
            hold.held += 1
            hold.release.wait(60)
        return decode(data)

    monkeypatch.setattr(imageinfo, "_read_image_info", held)
    return hold


@pytest.fixture
def assembled(monkeypatch: pytest.MonkeyPatch) -> _Hold:
    """The read-ahead thread held until the deck is assembled (the event, set by the render's
    confirmation): planning and filling can only have had the pictures' header facts, and each
    verdict is the one confirm_pictures asks for at the end."""
    from deckkit.renderer import engine

    hold = _held_thread(monkeypatch)
    confirm = engine.confirm_pictures

    def confirming(pictures: list[Any], verdicts: Any) -> list[Any]:
        hold.release.set()
        hold.confirmed += [picture.src for picture in pictures]
        return confirm(pictures, verdicts)

    monkeypatch.setattr(engine, "confirm_pictures", confirming)
    return hold


def test_a_picture_planned_on_its_facts_is_still_refused_when_its_rows_are_damaged(
    tmp_path: Path, assembled: _Hold
) -> None:
    from deckkit.renderer.pictures.pngcheck import png_facts

    template = target_slides(tmp_path / "t.pptx", ["logo", "chart"], caption=False)
    damaged = _rows_damaged(picture(640, 480))
    assert png_facts(damaged) is not None  # plain on its face
    data: dict[str, Any] = {
        "slides": [
            {"template": 1, "logo": {"type": "image", "src": "good.png"}},
            {"template": 2, "chart": {"type": "image", "src": "bad.png"}},
        ]
    }
    media = {"good.png": picture(64, 48), "bad.png": damaged}
    with pytest.raises(RenderError) as caught:
        render(template, data, media)
    (problem,) = caught.value.problems
    assert problem.path == "slides[1].chart.src"
    assert problem.message.startswith('"bad.png" is a damaged PNG picture (')
    assert assembled.held  # the thread waited: planning and filling went on without the verdict
    assert assembled.confirmed == ["good.png", "bad.png"]
    # With another problem, all are listed at once (the verdict then is waited for).
    assembled.release.clear()
    data["slides"].append({"template": 9})
    with pytest.raises(RenderError) as caught:
        render(template, data, media)
    assert [p.path for p in caught.value.problems] == ["slides[2].template", "slides[1].chart.src"]
    # And the good picture alone renders.
    assembled.release.clear()
    assert render(template, data["slides"][:1], media).slide_count == 1


def test_a_dry_run_waits_for_the_verdict(tmp_path: Path) -> None:
    from deckkit.renderer import plan_render
    from deckkit.renderer.pictures import imageinfo

    imageinfo._read_image_info.cache_clear()
    template = target_slides(tmp_path / "t.pptx", ["logo"], caption=False)
    plan = plan_render(
        template,
        [{"template": 1, "logo": {"type": "image", "src": "a.png"}}],
        {"a.png": _rows_damaged(picture(64, 48))},
    )
    assert [p.path for p in plan.problems] == ["slides[0].logo.src"]
    assert not plan.pictures


def test_a_verdict_that_comes_between_planning_and_filling_keeps_its_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from deckkit.renderer import engine

    template = target_slides(tmp_path / "t.pptx", ["logo"], caption=False)
    damaged = _rows_damaged(picture(640, 480))
    planned = _held_thread(monkeypatch)
    plan_deck = engine.plan_deck

    def plan_then_let_the_thread_finish(*args: Any) -> Any:
        plan = plan_deck(*args)
        assert plan.pictures  # planned on its facts
        planned.release.set()
        for _, future in list(plan.verdicts._ahead.values()):
            future.exception(timeout=60)  # the verdict is in before the deck is filled
        return plan

    monkeypatch.setattr(engine, "plan_deck", plan_then_let_the_thread_finish)
    with pytest.raises(RenderError) as caught:
        render(template, [{"template": 1, "logo": {"type": "image", "src": "bad.png"}}], {"bad.png": damaged})
    assert [p.path for p in caught.value.problems] == ["slides[0].logo.src"]


def test_a_cut_jpeg_planned_on_its_header_is_refused_with_its_path(tmp_path: Path, assembled: _Hold) -> None:
    from deckkit.renderer.pictures import imageinfo

    template = target_slides(tmp_path / "t.pptx", ["photo"], caption=False)
    whole = picture(640, 480, "JPEG")
    cut = whole[: len(whole) * 2 // 3]
    assert imageinfo._header_facts(cut) is not None  # its header reads as whole
    data = [{"template": 1, "photo": {"type": "image", "src": "photo.jpg"}}]
    with pytest.raises(RenderError) as caught:
        render(template, data, {"photo.jpg": cut})
    (problem,) = caught.value.problems
    assert problem.path == "slides[0].photo.src"
    assert problem.message.startswith('"photo.jpg" is a damaged JPEG picture (')
    assert assembled.held  # the thread waited: planning and filling went on without the verdict
    assert assembled.confirmed == ["photo.jpg"]
    assembled.release.clear()
    assert render(template, data, {"photo.jpg": whole}).slide_count == 1
