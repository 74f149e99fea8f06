"""The package layer: refusals, slide copies, shared and owned parts, presentation.xml, orphans."""

from __future__ import annotations

import io
import time
import zipfile
import zlib
from collections import Counter
from pathlib import Path

import pytest
from lxml import etree

from deckkit.errors import TemplateError
from deckkit.ooxml.opc import package as package_module
from deckkit.ooxml.opc import zip_writer
from deckkit.ooxml.opc.package import open_package
from deckkit.ooxml.opc.zip_writer import ZipEntry, should_deflate
from deckkit.renderer import render
from tests.renderer.core_kit import (
    NS,
    add_chart,
    add_notes,
    add_picture,
    add_textbox,
    blank_slide,
    new_presentation,
    png_bytes,
)


def _rezip(source: bytes, replace: dict[str, bytes | None]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(source)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            if info.filename in replace:
                data = replace[info.filename]
                if data is not None:
                    dst.writestr(info.filename, data)
            else:
                dst.writestr(info, src.read(info.filename))
    return out.getvalue()


@pytest.fixture
def three_slides(save_template):
    prs = new_presentation()
    picture = png_bytes()
    only_on_two = png_bytes(color=(0, 200, 0))
    for n in (1, 2, 3):
        slide = blank_slide(prs)
        add_textbox(slide, f"{{title}} of template slide {n}")
        add_notes(slide, f"notes of slide {n}")
        add_picture(slide, picture, left=7)
    add_picture(prs.slides[1], only_on_two, left=3)
    add_chart(prs.slides[2])
    return save_template(prs)


def test_refuses_non_zip():
    with pytest.raises(TemplateError, match=r"^template.pptx is a text file, not a PowerPoint file: "):
        render(b"hello, not a pptx", {"slides": []})
    with pytest.raises(TemplateError, match="not a zip"):
        render(b"\x00\x01\x02 binary junk \xff", {"slides": []})


def test_refuses_legacy_ppt():
    with pytest.raises(TemplateError, match=r"legacy binary PowerPoint file \(\.ppt\)"):
        render(
            b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 600 + "PowerPoint Document".encode("utf-16-le"), []
        )


def test_refuses_encrypted_file():
    data = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 600 + "EncryptedPackage".encode("utf-16-le")
    with pytest.raises(TemplateError, match="password-protected"):
        render(data, [])


def test_refuses_package_without_slides(save_template):
    path = save_template(new_presentation())
    with pytest.raises(TemplateError, match="has no slides"):
        render(path, [])


def test_refuses_damaged_xml(three_slides: Path):
    damaged = _rezip(three_slides.read_bytes(), {"ppt/presentation.xml": b"<p:presentation"})
    with pytest.raises(TemplateError, match=r"damaged: part ppt/presentation.xml is not well-formed"):
        render(damaged, [{"template": 1}])


def test_refuses_package_without_content_types(three_slides: Path):
    damaged = _rezip(three_slides.read_bytes(), {"[Content_Types].xml": None})
    with pytest.raises(TemplateError, match=r"no \[Content_Types\]\.xml"):
        render(damaged, [{"template": 1}])


def test_refuses_missing_slide_part(three_slides: Path):
    damaged = _rezip(three_slides.read_bytes(), {"ppt/slides/slide2.xml": None})
    with pytest.raises(TemplateError, match="damaged"):
        render(damaged, [{"template": 1}])


def test_refuses_parts_that_unpack_past_the_bound(three_slides: Path, monkeypatch: pytest.MonkeyPatch):
    import deckkit.ooxml.opc.package as package

    data = three_slides.read_bytes()
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for name in src.namelist():
            padding = b" " * 2_000_000 if name == "ppt/slides/slide1.xml" else b""  # deflates to a few KB
            dst.writestr(name, src.read(name) + padding)
    bomb = out.getvalue()
    assert len(bomb) < len(data) + 100_000
    monkeypatch.setattr(package, "MAX_TEMPLATE_UNPACKED_BYTES", 10_000_000)
    assert render(bomb, [{"template": 1}]).slide_count == 1
    monkeypatch.setattr(package, "MAX_TEMPLATE_UNPACKED_BYTES", 1_000_000)
    with pytest.raises(TemplateError, match=r"template\.pptx unpacks to more than 1,000,000 bytes"):
        render(bomb, [{"template": 1}])


def test_strict_packages_are_read_and_written_as_transitional(three_slides: Path, check_render):
    data = three_slides.read_bytes()
    strict = {}
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        for name in z.namelist():
            if name.endswith((".xml", ".rels")):
                text = z.read(name)
                for vocabulary in (b"presentationml", b"drawingml"):
                    text = text.replace(
                        b"http://schemas.openxmlformats.org/" + vocabulary + b"/2006/",
                        b"http://purl.oclc.org/ooxml/" + vocabulary + b"/",
                    )
                text = text.replace(
                    b"http://schemas.openxmlformats.org/officeDocument/2006/relationships",
                    b"http://purl.oclc.org/ooxml/officeDocument/relationships",
                )
                text = text.replace(b"<p:presentation ", b'<p:presentation conformance="strict" ', 1)
                strict[name] = text
    strict_template = _rezip(data, strict)
    assert b"purl.oclc.org" in strict_template
    result = render(strict_template, [{"template": 1, "title": "Strict"}])
    deck = check_render(result.pptx, three_slides, pages=1)
    assert deck.texts(0)[0] == "Strict of template slide 1"
    assert not any(b"purl.oclc.org" in deck.zip.read(n) for n in deck.names if n.endswith((".xml", ".rels")))
    assert deck.xml("ppt/presentation.xml").get("conformance") is None


def test_parts_are_parsed_only_when_needed(three_slides: Path):
    package = open_package(three_slides.read_bytes())
    slides = package.slides()
    assert package.presentation.is_parsed
    assert not any(s.is_parsed for s in slides)
    layout = slides[0].related(
        "http://schemas.openxmlformats.org/officeDocument/2006/relationships/slideLayout"
    )
    assert layout is not None
    assert not layout.is_parsed


def test_slides_reused_reordered_and_left_out(three_slides: Path, check_render):
    result = render(
        three_slides,
        [{"template": 3, "title": "A"}, {"template": 1, "title": "B"}, {"template": 3, "title": "C"}],
    )
    deck = check_render(result.pptx, three_slides, pages=3)
    assert result.slide_count == 3
    assert [t for i in range(3) for t in deck.texts(i) if "template slide" in t] == [
        "A of template slide 3",
        "B of template slide 1",
        "C of template slide 3",
    ]
    slide_names = deck.slide_names()
    assert len(set(slide_names)) == 3
    # sldId values unique and >= 256
    ids = [int(v) for v in deck.xpath("ppt/presentation.xml", "//p:sldId/@id")]
    assert len(set(ids)) == 3
    assert min(ids) >= 256
    # template slide 2 is gone, and so is the picture only it used
    everything = b"".join(deck.zip.read(n) for n in deck.names if n.endswith(".xml"))
    assert b"of template slide 2" not in everything
    assert sum(1 for n in deck.names if n.startswith("ppt/media/")) == 1
    assert not any(n.startswith("ppt/slides/") and "slide4" in n for n in deck.names)


def test_each_copy_owns_its_notes_and_charts_and_shares_pictures(three_slides: Path, check_render):
    result = render(three_slides, [{"template": 3}, {"template": 3}])
    deck = check_render(result.pptx, three_slides, pages=2)
    charts, notes, images = [], [], []
    for name in deck.slide_names():
        kinds = Counter()
        for kind, target, _ in deck.rels(name).values():
            kinds[kind] += 1
            {"chart": charts, "notesSlide": notes, "image": images}.get(kind, []).append(target)
        assert kinds["chart"] == 1
        assert kinds["notesSlide"] == 1
    assert len(set(charts)) == 2, "each output slide has its own chart part"
    assert len(set(notes)) == 2, "each output slide has its own notes slide"
    assert len(set(images)) == 1, "pictures are shared"
    workbooks = [t for chart in charts for kind, t, _ in deck.rels(chart).values() if kind == "package"]
    assert len(set(workbooks)) == 2, "each chart has its own embedded workbook"
    for name, note in zip(deck.slide_names(), notes, strict=True):
        back = [t for kind, t, _ in deck.rels(note).values() if kind == "slide"]
        assert back == [name], "a notes slide points back at its own slide"


def test_content_types_cover_every_part_and_no_orphans(three_slides: Path):
    result = render(three_slides, [{"template": 1}])
    z = zipfile.ZipFile(io.BytesIO(result.pptx))
    ct = etree.fromstring(z.read("[Content_Types].xml"))
    overrides = {o.get("PartName").lstrip("/") for o in ct.iter(f"{{{NS['ct']}}}Override")}
    assert overrides <= set(z.namelist())
    assert not any("chart" in n for n in z.namelist()), "the chart of an unused slide is not written"
    assert not any("embeddings" in n for n in z.namelist())


def test_app_properties_count_the_output_slides(three_slides: Path, check_render):
    result = render(three_slides, [{"template": 1}] * 4)
    deck = check_render(result.pptx, three_slides, pages=4)
    assert deck.xpath("docProps/app.xml", "//ep:Slides/text()") == ["4"]
    assert deck.xpath("docProps/app.xml", "//ep:Notes/text()") == ["4"]


def test_template_and_show_files_become_presentations(three_slides: Path, check_render):
    data = three_slides.read_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        ct = z.read("[Content_Types].xml")
    potx = _rezip(data, {"[Content_Types].xml": ct.replace(b"presentation.main+xml", b"template.main+xml")})
    result = render(potx, [{"template": 1}])
    deck = check_render(result.pptx, three_slides, pages=1)
    main = deck.xpath("[Content_Types].xml", "//ct:Override[@PartName='/ppt/presentation.xml']/@ContentType")
    assert main == ["application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"]


def _add_sections(path: Path, sections: list[tuple[str, list[int]]]) -> bytes:
    """Add a p14:sectionLst naming template slides (by position) to presentation.xml."""
    data = path.read_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        root = etree.fromstring(z.read("ppt/presentation.xml"))
    ids = root.xpath("//p:sldId/@id", namespaces=NS)
    p, p14 = NS["p"], NS["p14"]
    ext_list = root.find(f"{{{p}}}extLst")
    if ext_list is None:
        ext_list = etree.SubElement(root, f"{{{p}}}extLst")
    ext = etree.SubElement(ext_list, f"{{{p}}}ext", uri="{521415D9-36F7-43E2-AB2F-B90AF26B5E84}")
    lst = etree.SubElement(ext, f"{{{p14}}}sectionLst", nsmap={"p14": p14})
    for n, (name, slides) in enumerate(sections):
        section = etree.SubElement(
            lst, f"{{{p14}}}section", name=name, id=f"{{00000000-0000-0000-0000-00000000000{n}}}"
        )
        sld_lst = etree.SubElement(section, f"{{{p14}}}sldIdLst")
        for i in slides:
            etree.SubElement(sld_lst, f"{{{p14}}}sldId", id=ids[i])
    return _rezip(
        data, {"ppt/presentation.xml": etree.tostring(root, xml_declaration=True, encoding="UTF-8")}
    )


def test_sections_follow_the_output_slides(three_slides: Path, check_render):
    template = _add_sections(three_slides, [("Intro", [0]), ("Middle", [1]), ("End", [2])])
    result = render(template, [{"template": 3}, {"template": 1}, {"template": 1}, {"template": 3}])
    deck = check_render(result.pptx, three_slides, pages=4)
    sections = deck.xpath("ppt/presentation.xml", "//p14:section")
    names = [s.get("name") for s in sections]
    assert names == ["End", "Intro", "End"], "consecutive runs; the unused section is removed"
    members = [s.xpath("p14:sldIdLst/p14:sldId/@id", namespaces=NS) for s in sections]
    slide_ids = deck.xpath("ppt/presentation.xml", "//p:sldIdLst/p:sldId/@id")
    assert [i for m in members for i in m] == slide_ids
    assert [len(m) for m in members] == [1, 2, 1]
    section_ids = [s.get("id") for s in sections]
    assert len(set(section_ids)) == 3, "a repeated section gets a new id"


def test_part_names_are_allocated_per_folder(three_slides: Path):
    result = render(three_slides, [{"template": 3}] * 30)
    names = zipfile.ZipFile(io.BytesIO(result.pptx)).namelist()
    slides = sorted(n for n in names if n.startswith("ppt/slides/slide"))
    assert slides == sorted(f"ppt/slides/slide{i}.xml" for i in range(1, 31))
    assert len([n for n in names if n.startswith("ppt/charts/chart") and n.endswith(".xml")]) == 30
    assert len(names) == len(set(names))


@pytest.fixture
def linked(save_template) -> Path:
    prs = new_presentation()
    first, second = blank_slide(prs), blank_slide(prs)
    add_textbox(first, "go to the second slide").click_action.target_slide = second
    add_textbox(second, "second")
    return save_template(prs)


def test_links_between_slides_follow_the_copies(linked: Path, check_render):
    result = render(linked, [{"template": n} for n in [1, 2, 2]])
    deck = check_render(result.pptx, linked, pages=3)
    first = deck.slide_names()[0]
    (rid,) = deck.slide(0).xpath("//a:hlinkClick/@r:id", namespaces=NS)
    kind, target, _ = deck.rels(first)[rid]
    assert kind == "slide"
    assert target == deck.slide_names()[1], "the first copy of the target"


def test_a_link_to_a_slide_left_out_is_removed(linked: Path, check_render):
    result = render(linked, [{"template": 1}])
    deck = check_render(result.pptx, linked, pages=1)
    assert deck.slide(0).xpath("//a:hlinkClick", namespaces=NS) == []
    assert [kind for kind, _, _ in deck.rels(deck.slide_names()[0]).values()] == ["slideLayout"]
    assert deck.texts(0) == ["go to the second slide"]
    assert [(w.path, w.kind) for w in result.warnings] == [("slides[0]", "dropped link")]
    assert result.warnings[0].message.startswith(
        'the link on shape "TextBox 1" jumps to template slide 2, which is not in the output;'
    )


def test_embedded_chart_workbook_that_unpacks_past_the_bound_is_not_read(monkeypatch: pytest.MonkeyPatch):
    import openpyxl

    import deckkit.renderer.chart.workbook.package as workbook_package
    from deckkit.renderer.chart.workbook.editor import ChartWorkbook

    book = openpyxl.Workbook()
    book.active.title = "Data"
    saved = io.BytesIO()
    book.save(saved)
    out = io.BytesIO()
    with zipfile.ZipFile(saved) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for name in src.namelist():
            dst.writestr(name, src.read(name) + (b" " * 2_000_000 if name == "xl/styles.xml" else b""))
    bomb = out.getvalue()
    monkeypatch.setattr(workbook_package, "MAX_WORKBOOK_UNPACKED_BYTES", 10_000_000)
    opened = ChartWorkbook.open(bomb)
    assert opened is not None
    assert opened.sheet_names == ["Data"]
    monkeypatch.setattr(workbook_package, "MAX_WORKBOOK_UNPACKED_BYTES", 1_000_000)
    assert ChartWorkbook.open(bomb) is None  # kept as it was, never decompressed


class _WrittenEachTime:
    """The general path _WrittenOnce stands for: every entry deflated by write_zip itself."""

    def entry(self, name: str, data: bytes) -> ZipEntry:
        return ZipEntry(name, data, deflate=should_deflate(name))

    def finish(self) -> None:
        pass


def test_relationship_parts_written_once_are_what_write_zip_makes(
    three_slides: Path, monkeypatch: pytest.MonkeyPatch
):
    data = [{"template": 1, "title": "A"}, {"template": 1, "title": "A"}, {"template": 3, "title": "C"}]
    fixed = zip_writer._dos_time(time.localtime(1_700_000_000))
    monkeypatch.setattr(zip_writer, "_dos_time", lambda when: fixed)  # both zips dated alike
    fast = render(three_slides, data).pptx
    monkeypatch.setattr(package_module, "_WrittenOnce", _WrittenEachTime)
    general = render(three_slides, data).pptx
    assert fast == general
    names = zipfile.ZipFile(io.BytesIO(fast)).namelist()
    layout_rels = [n for n in names if n.startswith("ppt/slideLayouts/_rels/")]
    assert len(layout_rels) > 1  # layouts share their .rels bytes: some entries were packed once


def test_the_same_bytes_are_deflated_once():
    written = package_module._WrittenOnce()
    first = written.entry("a/_rels/x.xml.rels", b"<same/>" * 50)
    second = written.entry("b/_rels/y.xml.rels", b"<same/>" * 50)
    other = written.entry("c/_rels/z.xml.rels", b"<other/>" * 50)
    stored = written.entry("ppt/media/image1.png", b"<same/>" * 50)
    written.finish()
    assert first.packed is second.packed
    assert first.packed is not None
    assert other.packed is not None
    assert stored.packed is not None
    assert zlib.decompress(first.packed.data, -15) == b"<same/>" * 50
    assert zlib.decompress(other.packed.data, -15) == b"<other/>" * 50
    assert (stored.packed.method, stored.packed.data) == (zipfile.ZIP_STORED, b"<same/>" * 50)
    assert first.packed.data == zlib.compress(b"<same/>" * 50, zip_writer.LEVEL, -15)
