"""Several templates in one render (issue 29): a slide names another template, ``"templates/x.pptx#3"``.

The decks mixed: python-pptx's (tests/renderer/several_templates_kit.py), PowerPoint's
(open-xml-sdk's O12Typical, 10 x 7.5 in) and PptxGenJS's (10 x 5.625 in).
"""

from __future__ import annotations

import hashlib
import io
import zipfile
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from deckkit.errors import RenderError
from deckkit.renderer import plan_render, render
from tests.readers import CORPUS, assert_readable
from tests.renderer.several_templates_kit import (
    STRIPES_STYLE,
    appendix_template,
    base_template,
    linked_appendix_template,
    logo_png,
    with_comments,
    with_notes,
    with_styled_table,
    without_table_styles,
)

POWERPOINT = CORPUS / "open-xml-sdk" / "v2FxTestFiles_bvt_O12Typical.pptx"
PPTXGENJS = CORPUS / "pptxgenjs" / "deckkit_pptxgenjs-templates.pptx"
PPTXGENJS_SIZE = (9144000, 5143500)
NS = {
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
    "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
}
REL = "{http://schemas.openxmlformats.org/package/2006/relationships}Relationship"


class Output:
    """A rendered deck read back: parts, and where a slide's relationships lead."""

    def __init__(self, pptx: bytes) -> None:
        self.zip = zipfile.ZipFile(io.BytesIO(pptx))
        self.names = self.zip.namelist()

    def xml(self, name: str) -> etree._Element:
        return etree.fromstring(self.zip.read(name))

    def target(self, name: str, reltype: str) -> str:
        folder, base = name.rsplit("/", 1)
        rels = self.xml(f"{folder}/_rels/{base}.rels")
        rel = next(r for r in rels.iter(REL) if r.get("Type").endswith("/" + reltype))
        if rel.get("TargetMode") == "External":
            return str(rel.get("Target"))
        return _join(folder, rel.get("Target"))

    def theme_of_slide(self, number: int) -> str:
        layout = self.target(f"ppt/slides/slide{number}.xml", "slideLayout")
        master = self.target(layout, "slideMaster")
        return self.target(master, "theme")

    def slide(self, number: int) -> str:
        """The part of the deck's slide ``number`` (from 1), as ``p:sldIdLst`` lists it (a slide's
        part name is no count of the slides before it: a link may reach it first)."""
        rels = {r.get("Id"): r.get("Target") for r in self.xml("ppt/_rels/presentation.xml.rels").iter(REL)}
        listed = self.xml("ppt/presentation.xml").findall("p:sldIdLst/p:sldId", NS)
        return _join("ppt", rels[listed[number - 1].get(f"{{{NS['r']}}}id")])

    def named(self, folder: str) -> list[str]:
        return [n for n in self.names if n.startswith(folder) and "/_rels/" not in n]

    def parts(self) -> list[tuple[str, bytes]]:
        """Every part's name and bytes, in the zip's order: the deck without the zip's dates."""
        return [(name, self.zip.read(name)) for name in self.names]


def _join(folder: str, target: str) -> str:
    parts = folder.split("/")
    for piece in target.split("/"):
        if piece == "..":
            parts.pop()
        elif piece != ".":
            parts.append(piece)
    return "/".join(parts)


def _write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def _render(tmp_path: Path, base: bytes, slides: list[dict[str, Any]], files: dict[str, bytes]) -> Output:
    result = render(base, {"slides": slides}, files)
    assert not result.warnings
    out = _write(tmp_path, "out.pptx", result.pptx)
    templates = [_write(tmp_path, "template.pptx", base)] + [
        _write(tmp_path, name.replace("/", "_"), data) for name, data in files.items()
    ]
    assert_readable(out, templates, pages=len(slides))
    return Output(result.pptx)


def test_a_powerpoint_deck_s_slides_join_a_python_pptx_template(tmp_path: Path) -> None:
    powerpoint = POWERPOINT.read_bytes()
    slides = [
        {"template": 1, "title": "Review", "subtitle": "Q3"},
        {"template": "templates/typical.pptx#4"},  # a picture (JPEG)
        {"template": "templates/typical.pptx#11"},  # SmartArt
        {"template": "templates/typical.pptx#4"},
        {"template": "templates/typical.pptx#2"},
    ]
    out = _render(tmp_path, base_template(), slides, {"templates/typical.pptx": powerpoint})
    source = zipfile.ZipFile(io.BytesIO(powerpoint))
    # One copy of the other template's master (and its theme), whatever number of slides uses it.
    assert len(out.named("ppt/slideMasters/")) == 2
    assert len(out.named("ppt/theme/")) == 2
    assert out.zip.read(out.theme_of_slide(2)) == source.read("ppt/theme/theme1.xml")
    assert out.theme_of_slide(2) == out.theme_of_slide(5) != out.theme_of_slide(1)
    # Its layouts once; the picture once, shared by both slides showing it.
    source_layouts = [n for n in source.namelist() if n.startswith("ppt/slideLayouts/slideLayout")]
    assert len(out.named("ppt/slideLayouts/")) == 11 + len(source_layouts)
    assert out.target("ppt/slides/slide2.xml", "image") == out.target("ppt/slides/slide4.xml", "image")
    assert len(out.named("ppt/media/")) == 1
    # The SmartArt is the slide's own.
    assert out.target("ppt/slides/slide3.xml", "diagramData").startswith("ppt/diagrams/")


def test_master_and_layout_ids_stay_unique_and_in_range(tmp_path: Path) -> None:
    slides = [{"template": 1, "title": "t", "subtitle": "s"}, {"template": "typical.pptx#2"}]
    out = _render(tmp_path, base_template(), slides, {"typical.pptx": POWERPOINT.read_bytes()})
    presentation = out.xml("ppt/presentation.xml")
    masters = presentation.findall("p:sldMasterIdLst/p:sldMasterId", NS)
    ids = [int(m.get("id")) for m in masters]
    for master in out.named("ppt/slideMasters/"):
        ids += [int(x.get("id")) for x in out.xml(master).iterfind("p:sldLayoutIdLst/p:sldLayoutId", NS)]
    assert len(masters) == 2
    assert len(ids) == len(set(ids))
    assert min(ids) >= 2147483648


def test_pptxgenjs_slides_bring_their_charts_notes_and_theme(tmp_path: Path) -> None:
    pptxgenjs = PPTXGENJS.read_bytes()
    slides = [
        {"template": 1, "title": "Review", "subtitle": "Q3"},
        {"template": "templates/gen.pptx#1"},
        {"template": "templates/gen.pptx#2"},
        {"template": "templates/gen.pptx#3"},
        {"template": "templates/gen.pptx#2"},
    ]
    out = _render(tmp_path, base_template(PPTXGENJS_SIZE), slides, {"templates/gen.pptx": pptxgenjs})
    source = zipfile.ZipFile(io.BytesIO(pptxgenjs))
    assert out.zip.read(out.theme_of_slide(3)) == source.read("ppt/theme/theme1.xml")
    # Each copy has its own chart and notes; the notes share one notes master, listed once.
    charts = {out.target(f"ppt/slides/slide{n}.xml", "chart") for n in (3, 4, 5)}
    assert len(charts) == 3
    assert len({out.target(chart, "package") for chart in charts}) == 3  # each with its workbook
    assert all(out.target(chart, "package").endswith(".xlsx") for chart in charts)
    notes = [out.target(f"ppt/slides/slide{n}.xml", "notesSlide") for n in (2, 3, 4, 5)]
    assert len(set(notes)) == 4
    assert len({out.target(n, "notesMaster") for n in notes}) == 1
    assert len(out.xml("ppt/presentation.xml").findall("p:notesMasterIdLst/p:notesMasterId", NS)) == 1


def test_a_picture_both_templates_carry_is_stored_once(tmp_path: Path) -> None:
    slides = [
        {"template": 1, "title": "Review", "subtitle": "Q3"},
        {"template": "templates/appendix.pptx#2", "caption": "Logo"},
    ]
    out = _render(
        tmp_path, base_template(logo=True), slides, {"templates/appendix.pptx": appendix_template()}
    )
    media = out.named("ppt/media/")
    assert len(media) == 1
    assert hashlib.sha1(out.zip.read(media[0])).digest() == hashlib.sha1(logo_png()).digest()
    assert out.target("ppt/slides/slide1.xml", "image") == out.target("ppt/slides/slide2.xml", "image")


def test_the_other_template_s_placeholders_are_filled(tmp_path: Path) -> None:
    slides = [
        {"template": "templates/appendix.pptx#1", "heading": "Appendix A", "points": "Method"},
        {"template": "template.pptx#1", "title": "Back", "subtitle": "to the base"},
    ]
    out = _render(tmp_path, base_template(), slides, {"templates/appendix.pptx": appendix_template()})
    texts = ["".join(out.xml(f"ppt/slides/slide{n}.xml").itertext()) for n in (1, 2)]
    assert "Appendix A" in texts[0]
    assert "Method" in texts[0]
    assert "Back" in texts[1]
    # "template.pptx#1" is the base's slide 1: the first master, the base's theme.
    assert out.theme_of_slide(2) == "ppt/theme/theme1.xml"
    assert out.theme_of_slide(1) != out.theme_of_slide(2)


def test_a_key_the_other_slide_lacks_is_reported_with_its_template() -> None:
    plan = plan_render(
        base_template(),
        {"slides": [{"template": "templates/appendix.pptx#1", "heading": "A"}]},
        {"templates/appendix.pptx": appendix_template()},
    )
    assert [(w.path, w.message) for w in plan.warnings] == [
        (
            "slides[0].points",
            "{points} on template slide 1 of templates/appendix.pptx is not filled; it is left as it is",
        )
    ]


def test_bad_templates_are_errors_at_the_slide_that_names_them() -> None:
    slides = [
        {"template": "templates/typical.pptx#2"},
        {"template": "templates/typical.pptx#3"},  # the same file: said once
        {"template": "templates/missing.pptx#1"},
        {"template": "templates/notes.pptx#1"},
        {"template": "templates/appendix.pptx#9"},
        {"template": 4},
    ]
    files = {
        "templates/typical.pptx": POWERPOINT.read_bytes(),
        "templates/notes.pptx": b"plain text, not a presentation",
        "templates/appendix.pptx": appendix_template(),
    }
    with pytest.raises(RenderError) as caught:
        render(base_template(PPTXGENJS_SIZE), {"slides": slides}, files)
    assert [(p.path, p.message) for p in caught.value.problems] == [
        (
            "slides[0].template",
            "templates/typical.pptx has slides of 10 × 7.5 in, template.pptx has slides of 10 × 5.625 in; "
            "a deck has one slide size: set templates/typical.pptx's to 10 × 5.625 in "
            "(PowerPoint: Design > Slide Size) and save it again",
        ),
        (
            "slides[2].template",
            '"templates/missing.pptx" is not among the deck\'s files; put it in the zip beside template.pptx '
            "(a path relative to data.json), or give it with the media",
        ),
        (
            "slides[3].template",
            "templates/notes.pptx is a text file, not a PowerPoint file: the template must be a presentation "
            "saved as .pptx (PowerPoint: File > Save As > PowerPoint Presentation; LibreOffice, Keynote and "
            "Google Slides export .pptx too)",
        ),
        (
            "slides[4].template",
            "templates/appendix.pptx has slides of 10 × 7.5 in, template.pptx has slides of 10 × 5.625 in; "
            "a deck has one slide size: set templates/appendix.pptx's to 10 × 5.625 in "
            "(PowerPoint: Design > Slide Size) and save it again",
        ),
        ("slides[5].template", "template slide 4 does not exist; the template has 1 slide (numbered from 1)"),
    ]


def test_a_slide_number_past_the_other_template_s_end() -> None:
    with pytest.raises(RenderError) as caught:
        render(
            base_template(),
            {"slides": [{"template": "templates/appendix.pptx#3"}]},
            {"templates/appendix.pptx": appendix_template()},
        )
    assert [(p.path, p.message) for p in caught.value.problems] == [
        (
            "slides[0].template",
            "template slide 3 does not exist; templates/appendix.pptx has 2 slides (numbered from 1)",
        )
    ]


def test_a_deck_of_one_template_is_as_it_was() -> None:
    # "template.pptx#1" and 1 are the same slide: the same parts out. (Not the same zip bytes:
    # the zip dates its entries now, so two renders a second apart differ in their headers.)
    base = base_template()
    by_number = render(base, [{"template": 1, "title": "a", "subtitle": "b"}]).pptx
    by_name = render(base, [{"template": "template.pptx#1", "title": "a", "subtitle": "b"}]).pptx
    assert Output(by_number).parts() == Output(by_name).parts()


def test_the_data_s_theme_colours_change_every_template_s_theme() -> None:
    result = render(
        base_template(),
        {
            "slides": [
                {"template": 1, "title": "a", "subtitle": "b"},
                {"template": "templates/appendix.pptx#1", "heading": "c", "points": "d"},
            ],
            "theme": {"colors": {"accent2": "#123456"}},
        },
        {"templates/appendix.pptx": appendix_template()},
    )
    out = Output(result.pptx)
    themes = {out.theme_of_slide(1), out.theme_of_slide(2)}
    assert len(themes) == 2
    for theme in themes:
        accent2 = out.xml(theme).find("a:themeElements/a:clrScheme/a:accent2/a:srgbClr", NS)
        assert accent2 is not None
        assert accent2.get("val") == "123456"


LINKED = CORPUS / "pptx-automizer" / "__tests___pptx-templates_SlideWithLink.pptx"  # slide 1 links to 2
WIDE = (12192000, 6858000)


def test_a_link_between_the_other_template_s_slides_lands_on_the_copy(tmp_path: Path) -> None:
    slides = [
        {"template": 1, "title": "Review", "subtitle": "Q3"},
        {"template": "templates/linked.pptx#1"},
        {"template": "templates/linked.pptx#2"},
    ]
    out = _render(tmp_path, base_template(WIDE), slides, {"templates/linked.pptx": LINKED.read_bytes()})
    assert out.target("ppt/slides/slide2.xml", "slide") == "ppt/slides/slide3.xml"
    assert out.target("ppt/slides/slide2.xml", "hyperlink") == "https://github.com/singerla/pptx-automizer"


def test_a_link_to_a_slide_left_out_goes_with_a_warning() -> None:
    result = render(
        base_template(WIDE),
        {"slides": [{"template": "templates/linked.pptx#1"}]},
        {"templates/linked.pptx": LINKED.read_bytes()},
    )
    assert [(w.path, w.kind) for w in result.warnings] == [("slides[0]", "dropped link")]
    rels = Output(result.pptx).xml("ppt/slides/_rels/slide1.xml.rels")
    assert not [r for r in rels.iter(REL) if r.get("Type").endswith("/slide")]


def test_a_deck_uses_at_most_16_other_templates() -> None:
    appendix = appendix_template()
    files = {f"t{i}.pptx": appendix for i in range(17)}
    plan = plan_render(
        base_template(), {"slides": [{"template": f"t{i}.pptx#2", "caption": "c"} for i in range(17)]}, files
    )
    assert [(p.path, p.message) for p in plan.problems] == [
        (
            "slides[16].template",
            "a deck uses at most 16 templates besides template.pptx; t16.pptx is one more",
        )
    ]


def _rels(out: Output, name: str) -> list[etree._Element]:
    folder, base = name.rsplit("/", 1)
    return list(out.xml(f"{folder}/_rels/{base}.rels").iter(REL))


def _jump_targets(out: Output, name: str) -> dict[str, str]:
    """Each slide-jump click in part ``name``: the shape's name -> the slide its relationship leads to."""
    rels = {r.get("Id"): r for r in _rels(out, name)}
    folder = name.rsplit("/", 1)[0]
    jumps = {}
    for click in out.xml(name).iter(f"{{{NS['a']}}}hlinkClick"):
        if click.get("action") == "ppaction://hlinksldjump":
            shape = next(click.iterancestors(f"{{{NS['p']}}}sp")).find("p:nvSpPr/p:cNvPr", NS)
            jumps[shape.get("name")] = _join(folder, rels[click.get(f"{{{NS['r']}}}id")].get("Target"))
    return jumps


def test_links_on_the_other_template_s_layout_and_master_land_on_the_copies(tmp_path: Path) -> None:
    slides = [
        {"template": 1, "title": "Review", "subtitle": "Q3"},
        {"template": "templates/a.pptx#1", "heading": "Appendix", "points": "Method"},
        {"template": "templates/a.pptx#3", "end": "The end"},
        {"template": "templates/a.pptx#2", "caption": "Logo"},
        {"template": "templates/a.pptx#2", "caption": "Logo again"},
    ]
    out = _render(tmp_path, base_template(), slides, {"templates/a.pptx": linked_appendix_template()})
    layout = out.target(out.slide(2), "slideLayout")
    master = out.target(layout, "slideMaster")
    # Every slide of that layout goes to the first copy of the template's slide 2; of that
    # master, to the copy of its slide 3.
    assert _jump_targets(out, layout) == {"Go to 2": out.slide(4)}
    assert _jump_targets(out, master) == {"Go to end": out.slide(3)}


def test_links_on_the_other_template_s_layout_and_master_to_slides_left_out_go(tmp_path: Path) -> None:
    files = {"templates/a.pptx": linked_appendix_template()}
    slides = [
        {"template": 1, "title": "Review", "subtitle": "Q3"},
        {"template": "templates/a.pptx#1", "heading": "Appendix", "points": "Method"},
    ]
    result = render(base_template(), {"slides": slides}, files)
    assert [(w.path, w.kind, w.message) for w in result.warnings] == [
        (
            "slides[1].template",
            "dropped link",
            'the link on shape "Go to 2" in slide layout "Title and Content" of templates/a.pptx jumps to '
            "template slide 2 of templates/a.pptx, which is not in the output; the link is removed, its "
            "text and shape stay (add template slide 2 of templates/a.pptx to the deck to keep it)",
        ),
        (
            "slides[1].template",
            "dropped link",
            'the link on shape "Go to end" in slide master (ppt/slideMasters/slideMaster1.xml) of '
            "templates/a.pptx jumps to template slide 3 of templates/a.pptx, which is not in the output; "
            "the link is removed, its text and shape stay (add template slide 3 of templates/a.pptx to "
            "the deck to keep it)",
        ),
    ]
    assert [(w.path, w.kind) for w in plan_render(base_template(), {"slides": slides}, files).warnings] == [
        ("slides[1].template", "dropped link")
    ] * 2
    path = _write(tmp_path, "out.pptx", result.pptx)
    assert_readable(
        path,
        [
            _write(tmp_path, "template.pptx", base_template()),
            _write(tmp_path, "a.pptx", files["templates/a.pptx"]),
        ],
        pages=2,
    )
    out = Output(result.pptx)
    layout = out.target(out.slide(2), "slideLayout")
    master = out.target(layout, "slideMaster")
    for part, name in ((layout, "Go to 2"), (master, "Go to end")):
        assert _jump_targets(out, part) == {}
        assert not [r for r in _rels(out, part) if r.get("Type").endswith("/slide")]
        # The button and its text stay.
        assert name in [t.text for t in out.xml(part).iter(f"{{{NS['a']}}}t")]


def test_notes_of_two_templates_share_the_one_notes_master(tmp_path: Path) -> None:
    # The base has no notes master: the first template's notes bring theirs, the second's take it.
    files = {
        "templates/a.pptx": with_notes(appendix_template(), "Say {heading} slowly"),
        "templates/b.pptx": with_notes(appendix_template(), "Plain notes"),
    }
    assert not [n for n in zipfile.ZipFile(io.BytesIO(base_template())).namelist() if "notesMaster" in n]
    slides = [
        {"template": 1, "title": "Review", "subtitle": "Q3"},
        {"template": "templates/a.pptx#1", "heading": "A", "points": "a"},
        {"template": "templates/b.pptx#1", "heading": "B", "points": "b"},
    ]
    out = _render(tmp_path, base_template(), slides, files)
    masters = out.xml("ppt/presentation.xml").findall("p:notesMasterIdLst", NS)
    assert len(masters) == 1
    assert len(masters[0]) == 1
    assert len(out.named("ppt/notesMasters/")) == 1
    notes = [out.target(out.slide(n), "notesSlide") for n in (2, 3)]
    assert len({out.target(n, "notesMaster") for n in notes}) == 1
    assert "Say A slowly" in "".join(out.xml(notes[0]).itertext())


def _comment_authors(out: Output, slide: int) -> list[tuple[str, str]]:
    """(author's name, comment text) of each legacy comment on the deck's slide ``slide``."""
    comments = out.xml(out.target(out.slide(slide), "comments"))
    authors = out.xml(out.target("ppt/presentation.xml", "commentAuthors"))
    listed = {a.get("id"): a for a in authors.iter(f"{{{NS['p']}}}cmAuthor")}
    found = []
    for comment in comments.iter(f"{{{NS['p']}}}cm"):
        author = listed[comment.get("authorId")]
        assert int(author.get("lastIdx")) >= int(comment.get("idx"))
        found.append((author.get("name"), comment.findtext("p:text", namespaces=NS)))
    return found


def test_comments_of_another_template_keep_their_authors(tmp_path: Path) -> None:
    # Both templates number their one author 0: the appendix's joins the deck's as 1.
    base = with_comments(base_template(), "Base Reviewer", "Fine")
    files = {"templates/a.pptx": with_comments(appendix_template(), "Ada Lovelace", "Check the figures")}
    slides = [
        {"template": 1, "title": "Review", "subtitle": "Q3"},
        {"template": "templates/a.pptx#1", "heading": "A", "points": "a"},
        {"template": "templates/a.pptx#1", "heading": "B", "points": "b"},
    ]
    out = _render(tmp_path, base, slides, files)
    assert _comment_authors(out, 1) == [("Base Reviewer", "Fine")]
    assert _comment_authors(out, 2) == _comment_authors(out, 3) == [("Ada Lovelace", "Check the figures")]
    authors = out.xml("ppt/commentAuthors.xml").findall("p:cmAuthor", NS)
    assert [(a.get("id"), a.get("name")) for a in authors] == [("0", "Base Reviewer"), ("1", "Ada Lovelace")]


def test_a_deck_without_comment_authors_gets_the_other_template_s(tmp_path: Path) -> None:
    legacy = with_comments(appendix_template(), "Ada Lovelace", "Check the figures")
    modern = with_comments(appendix_template(), "Grace Hopper", "Modern note", modern=True)
    slides = [
        {"template": 1, "title": "Review", "subtitle": "Q3"},
        {"template": "templates/a.pptx#1", "heading": "A", "points": "a"},
        {"template": "templates/m.pptx#1", "heading": "M", "points": "m"},
    ]
    out = _render(tmp_path, base_template(), slides, {"templates/a.pptx": legacy, "templates/m.pptx": modern})
    assert _comment_authors(out, 2) == [("Ada Lovelace", "Check the figures")]
    comment = out.xml(out.target(out.slide(3), "comments"))
    p188 = "{http://schemas.microsoft.com/office/powerpoint/2018/8/main}"
    guid = next(comment.iter(f"{p188}cm")).get("authorId")
    authors = out.xml(out.target("ppt/presentation.xml", "authors"))
    assert [(a.get("id"), a.get("name")) for a in authors.iter(f"{p188}author")] == [(guid, "Grace Hopper")]


def _table_styles(out: Output) -> etree._Element:
    return out.xml(out.target("ppt/presentation.xml", "tableStyles"))


def _style_ids(part: etree._Element) -> list[str]:
    return [id_.text or "" for id_ in part.iter(f"{{{NS['a']}}}tableStyleId")]


def _fills(styles: etree._Element, style_id: str) -> list[str]:
    """The colours of style ``style_id``'s fills, in its order (whole table, bands, first row)."""
    style = next(s for s in styles.iter(f"{{{NS['a']}}}tblStyle") if s.get("styleId") == style_id)
    return [c.get("val") for c in style.iterfind(".//a:fill//a:srgbClr", NS)]


def test_a_custom_table_style_of_another_template_joins_the_deck_once(tmp_path: Path) -> None:
    files = {"templates/a.pptx": with_styled_table(appendix_template())}
    slides = [
        {"template": 1, "title": "Review", "subtitle": "Q3"},
        {"template": "templates/a.pptx#3", "label": "North"},
        {"template": "templates/a.pptx#3", "label": "South"},
    ]
    out = _render(tmp_path, base_template(), slides, files)
    styles = _table_styles(out)
    listed = [s.get("styleId") for s in styles.iter(f"{{{NS['a']}}}tblStyle")]
    assert listed == [STRIPES_STYLE]
    assert _fills(styles, STRIPES_STYLE) == ["FDF2E9", "F5B041", "C0392B"]
    assert styles.get("def") == "{5C22544A-7EE6-4342-B048-85BDC9FD1C3A}"  # the base's default
    assert _style_ids(out.xml(out.slide(2))) == _style_ids(out.xml(out.slide(3))) == [STRIPES_STYLE]


def test_a_deck_without_table_styles_gets_the_part_for_the_other_template_s(tmp_path: Path) -> None:
    # The appendix's table is on its layout: the layout's tables keep their style too.
    files = {"templates/a.pptx": with_styled_table(appendix_template(), on_layout=True)}
    slides = [
        {"template": 1, "title": "Review", "subtitle": "Q3"},
        {"template": "templates/a.pptx#3", "label": "North"},
    ]
    out = _render(tmp_path, without_table_styles(base_template()), slides, files)
    name = out.target("ppt/presentation.xml", "tableStyles")
    types = out.xml("[Content_Types].xml")
    assert any(
        o.get("PartName") == "/" + name and o.get("ContentType", "").endswith("tableStyles+xml")
        for o in types
    )
    styles = _table_styles(out)
    assert [s.get("styleId") for s in styles.iter(f"{{{NS['a']}}}tblStyle")] == [STRIPES_STYLE]
    assert _style_ids(out.xml(out.target(out.slide(2), "slideLayout"))) == [STRIPES_STYLE]


def test_a_table_style_both_templates_define_keeps_the_base_s_and_powerpoint_s_are_not_copied(
    tmp_path: Path,
) -> None:
    # PowerPoint knows a style by its GUID: the deck holds one definition, the base's. The appendix
    # also defines one of PowerPoint's own styles (as PowerPoint writes them): it needs no copy.
    medium_2_accent_2 = "{21E4AEA4-8DFA-4A89-87EB-49C32662AFE0}"
    other = "{0B5E7C1D-2A3F-4E6B-9C8D-7F1A2B3C4D5E}"
    base = with_styled_table(base_template(), header="1F618D", band="AED6F1")
    appendix = with_styled_table(appendix_template())
    appendix = with_styled_table(appendix, style_id=other, header="1E8449", band="ABEBC6")
    appendix = with_styled_table(appendix, style_id=medium_2_accent_2)
    slides = [{"template": 2, "label": "Base"}] + [
        {"template": f"templates/a.pptx#{number}", "label": "North"} for number in (3, 4, 5)
    ]
    out = _render(tmp_path, base, slides, {"templates/a.pptx": appendix})
    styles = _table_styles(out)
    assert [s.get("styleId") for s in styles.iter(f"{{{NS['a']}}}tblStyle")] == [STRIPES_STYLE, other]
    assert _fills(styles, STRIPES_STYLE) == ["FDF2E9", "AED6F1", "1F618D"]
    assert _fills(styles, other) == ["FDF2E9", "ABEBC6", "1E8449"]
    assert _style_ids(out.xml(out.slide(4))) == [medium_2_accent_2]
