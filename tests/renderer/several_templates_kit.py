"""Templates of a deck made from several: a plain base and an "appendix" of another look (python-pptx).

The base is python-pptx's default look (white, accent1 blue); the appendix has a navy master
background, white text and an orange accent1 in its own theme. Each has a bar filled with the
theme's accent1, so a slide shows which theme it is bound to.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

from lxml import etree

A = "http://schemas.openxmlformats.org/drawingml/2006/main"
SIZE = (9144000, 6858000)  # python-pptx's layouts are drawn for 10 x 7.5 in
LOGO_PNG_SIZE = (120, 60)


def _accent_bar(slide: Any, width: int) -> None:
    from pptx.enum.dml import MSO_THEME_COLOR
    from pptx.enum.shapes import MSO_SHAPE

    bar = slide.shapes.add_shape(MSO_SHAPE.RECTANGLE, 457200, 5943600, width - 914400, 457200)
    bar.fill.solid()
    bar.fill.fore_color.theme_color = MSO_THEME_COLOR.ACCENT_1
    bar.line.fill.background()


def logo_png() -> bytes:
    """A small picture both templates carry, byte for byte the same."""
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", LOGO_PNG_SIZE, (230, 120, 20)).save(out, "PNG")
    return out.getvalue()


def _presentation(size: tuple[int, int]) -> Any:
    from pptx import Presentation

    prs = Presentation()
    prs.slide_width, prs.slide_height = size
    return prs


def _save(prs: Any) -> bytes:
    out = io.BytesIO()
    prs.save(out)
    return out.getvalue()


def base_template(size: tuple[int, int] = SIZE, *, logo: bool = False) -> bytes:
    """Slide 1: a title ``{title}`` and a subtitle ``{subtitle}`` over an accent1 bar (and the logo)."""
    prs = _presentation(size)
    slide = prs.slides.add_slide(prs.slide_layouts[0])
    slide.shapes.title.text = "{title}"
    slide.placeholders[1].text = "{subtitle}"
    _accent_bar(slide, size[0])
    if logo:
        slide.shapes.add_picture(io.BytesIO(logo_png()), 457200, 457200)
    return _save(prs)


def appendix_template(size: tuple[int, int] = SIZE) -> bytes:
    """Of another look: slide 1 a title ``{heading}`` and body ``{points}`` over an accent1 bar;
    slide 2 the logo and a title ``{caption}``; its master navy, its theme's accent1 orange."""
    from pptx.dml.color import RGBColor

    prs = _presentation(size)
    master = prs.slide_master
    master.background.fill.solid()
    master.background.fill.fore_color.rgb = RGBColor(0x1F, 0x2A, 0x44)
    first = prs.slides.add_slide(prs.slide_layouts[1])
    first.shapes.title.text = "{heading}"
    first.placeholders[1].text = "{points}"
    _accent_bar(first, size[0])
    second = prs.slides.add_slide(prs.slide_layouts[5])
    second.shapes.title.text = "{caption}"
    second.shapes.add_picture(io.BytesIO(logo_png()), 457200, 1828800)
    return _recoloured(_save(prs))


def _rewritten(pptx: bytes, change: Callable[[str, bytes], bytes | None]) -> bytes:
    """The package with each entry's bytes as ``change(name, bytes)`` gives them (None: left out)."""
    import zipfile

    source = zipfile.ZipFile(io.BytesIO(pptx))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = change(info.filename, source.read(info))
            if data is not None:
                target.writestr(info, data)
    return out.getvalue()


def _recoloured(pptx: bytes) -> bytes:
    """The theme's dark 1 white (text on the navy background) and accent 1 orange."""

    def change(name: str, data: bytes) -> bytes:
        if name != "ppt/theme/theme1.xml":
            return data
        root = etree.fromstring(data)
        scheme = root.find(f"{{{A}}}themeElements/{{{A}}}clrScheme")
        assert scheme is not None
        for slot, colour in (("dk1", "FFFFFF"), ("accent1", "F28C28")):
            holder = scheme.find(f"{{{A}}}{slot}")
            assert holder is not None
            for old in list(holder):
                holder.remove(old)
            etree.SubElement(holder, f"{{{A}}}srgbClr", val=colour)
        return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)

    return _rewritten(pptx, change)


P = "http://schemas.openxmlformats.org/presentationml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
SLIDE_JUMP = "ppaction://hlinksldjump"


def _jump_button(name: str, rid: str, shape_id: int, y: int) -> etree._Element:
    """An action button ``name`` whose click, and whose text's click, go to the slide of ``rid``."""
    click = f'<a:hlinkClick r:id="{rid}" action="{SLIDE_JUMP}"/>'
    return etree.fromstring(
        f'<p:sp xmlns:p="{P}" xmlns:a="{A}" xmlns:r="{R}"><p:nvSpPr>'
        f'<p:cNvPr id="{shape_id}" name="{name}">{click}</p:cNvPr><p:cNvSpPr/><p:nvPr userDrawn="1"/>'
        f'</p:nvSpPr><p:spPr><a:xfrm><a:off x="457200" y="{y}"/><a:ext cx="2286000" cy="365760"/></a:xfrm>'
        '<a:prstGeom prst="actionButtonForwardNext"><a:avLst/></a:prstGeom></p:spPr>'
        f'<p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="en-US">{click}</a:rPr>'
        f"<a:t>{name}</a:t></a:r></a:p></p:txBody></p:sp>"
    )


def linked_appendix_template(size: tuple[int, int] = SIZE) -> bytes:
    """:func:`appendix_template` with a slide 3 (a title ``{end}``), and links to its own slides
    where every slide of a layout or master shows them: the layout of slide 1 has an action
    button "Go to 2" (to slide 2), the master a button "Go to end" (to slide 3)."""
    from pptx import Presentation
    from pptx.opc.constants import RELATIONSHIP_TYPE

    prs = Presentation(io.BytesIO(appendix_template(size)))
    third = prs.slides.add_slide(prs.slide_layouts[5])
    third.shapes.title.text = "{end}"
    first, second, _ = prs.slides
    layout = first.slide_layout
    rid = layout.part.relate_to(second.part, RELATIONSHIP_TYPE.SLIDE)
    layout.shapes._spTree.append(_jump_button("Go to 2", rid, 900, 4389120))
    master = prs.slide_master
    rid = master.part.relate_to(third.part, RELATIONSHIP_TYPE.SLIDE)
    master.shapes._spTree.append(_jump_button("Go to end", rid, 901, 4846320))
    return _save(prs)


def with_notes(pptx: bytes, text: str) -> bytes:
    """The template with speaker notes ``text`` on its slide 1 (and so a notes master of its own)."""
    from pptx import Presentation

    prs = Presentation(io.BytesIO(pptx))
    prs.slides[0].notes_slide.notes_text_frame.text = text
    return _save(prs)


CT_COMMENTS = "application/vnd.openxmlformats-officedocument.presentationml.comments+xml"
CT_AUTHORS = "application/vnd.openxmlformats-officedocument.presentationml.commentAuthors+xml"
CT_MODERN_COMMENTS = "application/vnd.ms-powerpoint.comments+xml"
CT_MODERN_AUTHORS = "application/vnd.ms-powerpoint.authors+xml"
RT_AUTHORS = "http://schemas.microsoft.com/office/2018/10/relationships/authors"
RT_MODERN_COMMENTS = "http://schemas.microsoft.com/office/2018/10/relationships/comments"
P188 = "http://schemas.microsoft.com/office/powerpoint/2018/8/main"
PC = "http://schemas.microsoft.com/office/powerpoint/2013/main/command"


def with_comments(pptx: bytes, author: str, text: str, *, modern: bool = False) -> bytes:
    """The template with a comment ``text`` by ``author`` on its slide 1, the author listed as
    number 0 (legacy comments, ``ppt/commentAuthors.xml``) or by a GUID made of the name (modern,
    ``ppt/authors.xml``)."""
    import uuid

    from pptx import Presentation
    from pptx.opc.constants import RELATIONSHIP_TYPE
    from pptx.opc.package import Part
    from pptx.opc.packuri import PackURI

    prs = Presentation(io.BytesIO(pptx))
    package = prs.part.package
    initials = "".join(word[0] for word in author.split())
    if modern:
        guid = "{" + str(uuid.uuid5(uuid.NAMESPACE_URL, author)).upper() + "}"
        authors = (
            f'<p188:authorLst xmlns:p188="{P188}"><p188:author id="{guid}" name="{author}" '
            f'initials="{initials}" userId="{author}" providerId="None"/></p188:authorLst>'
        )
        comments = (
            f'<p188:cmLst xmlns:a="{A}" xmlns:r="{R}" xmlns:p188="{P188}"><p188:cm '
            f'id="{{6B8B4567-0000-4000-8000-000000000001}}" authorId="{guid}" created="2026-11-27T10:00:00.000">'
            f'<pc:sldMkLst xmlns:pc="{PC}"><pc:docMk/><pc:sldMk cId="0" sldId="256"/></pc:sldMkLst>'
            f'<p188:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="en-US"/><a:t>{text}</a:t></a:r>'
            "</a:p></p188:txBody></p188:cm></p188:cmLst>"
        )
        parts = (
            ("/ppt/authors.xml", CT_MODERN_AUTHORS, authors, RT_AUTHORS),
            ("/ppt/comments/modernComment_100_0.xml", CT_MODERN_COMMENTS, comments, RT_MODERN_COMMENTS),
        )
    else:
        authors = (
            f'<p:cmAuthorLst xmlns:p="{P}"><p:cmAuthor id="0" name="{author}" initials="{initials}" '
            'lastIdx="1" clrIdx="0"/></p:cmAuthorLst>'
        )
        comments = (
            f'<p:cmLst xmlns:p="{P}"><p:cm authorId="0" dt="2026-11-27T10:00:00.000" idx="1">'
            f'<p:pos x="10" y="10"/><p:text>{text}</p:text></p:cm></p:cmLst>'
        )
        parts = (
            ("/ppt/commentAuthors.xml", CT_AUTHORS, authors, RELATIONSHIP_TYPE.COMMENT_AUTHORS),
            ("/ppt/comments/comment1.xml", CT_COMMENTS, comments, RELATIONSHIP_TYPE.COMMENTS),
        )
    (authors_name, authors_type, authors_xml, authors_rel), (name, kind, xml, rel) = parts
    prs.part.relate_to(Part(PackURI(authors_name), authors_type, package, authors_xml.encode()), authors_rel)
    prs.slides[0].part.relate_to(Part(PackURI(name), kind, package, xml.encode()), rel)
    return _save(prs)


STRIPES_STYLE = "{D4A1C2B3-5E6F-4A7B-8C9D-0E1F2A3B4C5D}"  # a custom style's GUID (not PowerPoint's)


def _table_style(style_id: str, header: str, band: str) -> str:
    """A custom table style: a ``header`` first row in bold white, ``band`` odd rows, pale others."""

    def part(tag: str, fill: str, text: str = "") -> str:
        return (
            f'<a:{tag}>{text}<a:tcStyle><a:tcBdr/><a:fill><a:solidFill><a:srgbClr val="{fill}"/>'
            f"</a:solidFill></a:fill></a:tcStyle></a:{tag}>"
        )

    return (
        f'<a:tblStyle xmlns:a="{A}" styleId="{style_id}" styleName="Stripes {band}">'
        + part("wholeTbl", "FDF2E9", '<a:tcTxStyle><a:srgbClr val="1F2A44"/></a:tcTxStyle>')
        + part("band1H", band)
        + part("firstRow", header, '<a:tcTxStyle b="on"><a:srgbClr val="FFFFFF"/></a:tcTxStyle>')
        + "</a:tblStyle>"
    )


def with_styled_table(
    pptx: bytes,
    *,
    header: str = "C0392B",
    band: str = "F5B041",
    style_id: str = STRIPES_STYLE,
    on_layout: bool = False,
) -> bytes:
    """The template with a slide more (title ``{label}``) holding a 4 x 3 table in a custom style
    of its ``ppt/tableStyles.xml`` (``header`` first row, ``band`` odd rows); ``on_layout``: the
    table is on that slide's layout instead (every slide of the layout shows it)."""
    from pptx import Presentation

    prs = Presentation(io.BytesIO(pptx))
    slide = prs.slides.add_slide(prs.slide_layouts[5])
    slide.shapes.title.text = "{label}"
    frame = slide.shapes.add_table(4, 3, 457200, 1828800, 8229600, 2286000)
    for row, cells in enumerate(
        (("Region", "Q1", "Q2"), ("North", "12", "14"), ("South", "9", "11"), ("East", "7", "8"))
    ):
        for col, text in enumerate(cells):
            frame.table.cell(row, col).text = text
    frame._element.graphic.graphicData.tbl.tblPr.find(f"{{{A}}}tableStyleId").text = style_id
    if on_layout:
        frame._element.nvGraphicFramePr.cNvPr.id = 900
        slide.slide_layout.shapes._spTree.append(frame._element)  # moved there from the slide
    styles = next(p for p in prs.part.package.iter_parts() if str(p.partname) == "/ppt/tableStyles.xml")
    root = etree.fromstring(styles.blob)
    root.append(etree.fromstring(_table_style(style_id, header, band)))
    styles._blob = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
    return _save(prs)


def without_table_styles(pptx: bytes) -> bytes:
    """The template without ``ppt/tableStyles.xml`` (optional in a package), nor its relationship."""

    def change(name: str, data: bytes) -> bytes | None:
        if name == "ppt/tableStyles.xml":
            return None
        if name not in ("ppt/_rels/presentation.xml.rels", "[Content_Types].xml"):
            return data
        root = etree.fromstring(data)
        for child in list(root):
            if "tableStyles" in (child.get("Target") or child.get("PartName") or ""):
                root.remove(child)
        return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)

    return _rewritten(pptx, change)
