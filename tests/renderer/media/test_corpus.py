"""Every picture of the real-world corpus replaced through render(): the output stays valid.

The corpus holds pictures in groups, cropped pictures, linked pictures, videos and sounds with
their timing, animated pictures; each slide picture gets the alt text ``pic<n>`` and is
replaced with a picture in one of the scaling/overflow modes (or a video).
"""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import pytest
from lxml import etree

from deckkit.errors import RenderError, TemplateError
from deckkit.renderer import render
from tests.readers import CORPUS, assert_readable
from tests.renderer.media.builders import fake_mp4, picture

P = "http://schemas.openxmlformats.org/presentationml/2006/main"
SLIDE = re.compile(r"^ppt/slides/slide\d+\.xml$")
MODES = [
    ("none", "visible"),
    ("contain", "visible"),
    ("cover", "hidden"),
    ("none", "hidden"),
    ("cover", "visible"),
]


def _decks_with_pictures() -> list[Path]:
    found = []
    for path in sorted(CORPUS.rglob("*.pptx")):
        try:
            with zipfile.ZipFile(path) as z:
                if any(SLIDE.match(n) and b"<p:pic" in z.read(n) for n in z.namelist()):
                    found.append(path)
        except zipfile.BadZipFile:
            continue
    return found


def _label_pictures(pptx: bytes) -> tuple[bytes, dict[int, list[str]]]:
    """The deck with alt text pic<n> on every slide picture; keys by slide file number."""
    source = zipfile.ZipFile(io.BytesIO(pptx))
    out = io.BytesIO()
    keys: dict[int, list[str]] = {}
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info.filename)
            if SLIDE.match(info.filename):
                root = etree.fromstring(data)
                number = int(re.findall(r"\d+", info.filename)[0])
                for n, c_nv_pr in enumerate(
                    root.iterfind(f".//{{{P}}}pic/{{{P}}}nvPicPr/{{{P}}}cNvPr"), start=1
                ):
                    c_nv_pr.set("descr", f"pic{n}")
                    keys.setdefault(number, []).append(f"pic{n}")
                data = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
            target.writestr(info, data)
    return out.getvalue(), keys


def _slide_numbers(pptx: bytes) -> dict[int, int]:
    """slide file number -> position in the deck (template numbers count in show order)."""
    with zipfile.ZipFile(io.BytesIO(pptx)) as z:
        pres = etree.fromstring(z.read("ppt/presentation.xml"))
        rels = etree.fromstring(z.read("ppt/_rels/presentation.xml.rels"))
    targets = {r.get("Id"): r.get("Target") for r in rels}
    r_id = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
    order = [targets[s.get(r_id)] for s in pres.iter(f"{{{P}}}sldId")]
    return {int(re.findall(r"\d+", t.rsplit("/", 1)[-1])[0]): i for i, t in enumerate(order, start=1)}


DECKS = _decks_with_pictures()


@pytest.mark.parametrize("deck", DECKS, ids=[d.name[:60] for d in DECKS])
def test_corpus_pictures_replaced(deck: Path, tmp_path: Path) -> None:
    template, keys = _label_pictures(deck.read_bytes())
    try:
        positions = _slide_numbers(template)
    except (KeyError, etree.XMLSyntaxError):
        pytest.skip("no readable slide list")
    media = {"w.png": picture(400, 100), "t.jpg": picture(64, 64, "JPEG"), "v.mp4": fake_mp4()}
    slides = []
    for number, names in sorted(keys.items()):
        if number not in positions:
            continue
        slide: dict[str, object] = {"template": positions[number]}
        for i, key in enumerate(names):
            scaling, overflow = MODES[i % len(MODES)]
            if i % 4 == 3:
                slide[key] = {"type": "video", "src": "v.mp4", "thumbnail": "t.jpg", "scaling": "cover"}
            else:
                slide[key] = {"type": "image", "src": "w.png", "scaling": scaling, "overflow": overflow}
        slides.append(slide)
    template_path = tmp_path / "template.pptx"
    template_path.write_bytes(template)
    refused: RenderError | None = None
    try:
        result = render(template, {"slides": slides}, media)
    except TemplateError as e:
        pytest.skip(f"not a usable template: {e}")
    except RenderError as e:
        refused = e
    if refused is not None:
        # only a picture without any position may be refused, and it must say so
        assert all("has no position of its own" in p.message for p in refused.problems), str(refused)
        return
    out = tmp_path / "out.pptx"
    out.write_bytes(result.pptx)
    assert_readable(out, template_path, pages=len(slides), libreoffice=False)
