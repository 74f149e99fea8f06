"""Decks whose slides jump to one another from every depth, and a reader of where the jumps land.

:func:`menu_deck` builds six slides with python-pptx. Slide 1 is a menu: a title and a SmartArt
(PowerPoint's own parts, taken from Apache POI's test deck, see NOTICE) whose five nodes jump to
slides 2-6, each by a link on its text in the diagram data and in the drawing PowerPoint shows;
the last node also by a link on the node itself (PowerPoint's ``dgm14:cNvPr``, as real decks
have it). Slides 2-6 each have a ``{heading}``, a "Back" text box and speaker notes that jump to
slide 1; slide 4 has a chart whose user shape ("Plans note") jumps to slide 5. With
``home_on_layout``, the slides' shared layout gets a "Home" text box that jumps to slide 1.
"""

from __future__ import annotations

import copy
import io
import posixpath
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from lxml import etree

from tests.renderer.core_kit import NS, RenderedPptx, add_chart, add_textbox, blank_slide, new_presentation

__all__ = ["MENU", "Jump", "dangling_relationship_ids", "jumps", "menu_deck"]

POI_SMARTART = Path(__file__).with_name("poi-SmartArt.pptx")
MENU = ("Intro", "Sales", "Costs", "Plans", "Team")  # node i jumps to template slide i + 2

DGM = "http://schemas.openxmlformats.org/drawingml/2006/diagram"
DSP = "http://schemas.microsoft.com/office/drawing/2008/diagram"
DGM14 = "http://schemas.microsoft.com/office/drawing/2010/diagram"
CDR = "http://schemas.openxmlformats.org/drawingml/2006/chartDrawing"
_A, _P, _R, _C = NS["a"], NS["p"], NS["r"], NS["c"]
_RT = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
RT_SLIDE = _RT + "slide"
_JUMP = "ppaction://hlinksldjump"

# (stem, content type, relationship type from the slide) of each SmartArt part.
_SMARTART_PARTS = (
    ("data", "application/vnd.openxmlformats-officedocument.drawingml.diagramData+xml", _RT + "diagramData"),
    (
        "layout",
        "application/vnd.openxmlformats-officedocument.drawingml.diagramLayout+xml",
        _RT + "diagramLayout",
    ),
    (
        "quickStyle",
        "application/vnd.openxmlformats-officedocument.drawingml.diagramStyle+xml",
        _RT + "diagramQuickStyle",
    ),
    (
        "colors",
        "application/vnd.openxmlformats-officedocument.drawingml.diagramColors+xml",
        _RT + "diagramColors",
    ),
    (
        "drawing",
        "application/vnd.ms-office.drawingml.diagramDrawing+xml",
        "http://schemas.microsoft.com/office/2007/relationships/diagramDrawing",
    ),
)


def menu_deck(*, home_on_layout: bool = False) -> Any:
    """The six-slide deck of the module's docstring (a python-pptx Presentation)."""
    prs = new_presentation()
    slides = [blank_slide(prs) for _ in range(6)]
    add_textbox(slides[0], "{title}", top=0.3)
    add_smartart(slides[0], [(text, slides[i + 1]) for i, text in enumerate(MENU)], node_link=MENU[-1])
    for number, slide in enumerate(slides[1:], start=2):
        add_textbox(slide, "{heading}", top=0.3)
        back = add_textbox(slide, "Back to the menu", top=6.3, width=3)
        back.name = "Back"
        back.click_action.target_slide = slides[0]
        notes = slide.notes_slide
        notes.notes_text_frame.text = f"notes of slide {number}: click to go back to the menu"
        notes.notes_placeholder.click_action.target_slide = slides[0]
    add_chart_note(slides[3], "Plans note", "See the plans", slides[4])
    if home_on_layout:
        add_layout_link(slides[0].slide_layout, "Home", slides[0])
    return prs


def _xml_part(package: Any, template: str, content_type: str, blob: bytes) -> Any:
    from pptx.opc.package import XmlPart

    return XmlPart.load(package.next_partname(template), content_type, package, blob)


def _run(text: str, rid: str | None, size: int | None = None) -> etree._Element:
    run = etree.Element(f"{{{_A}}}r", nsmap={"a": _A})
    props = etree.SubElement(run, f"{{{_A}}}rPr", lang="en-US")
    if size is not None:
        props.set("sz", str(size))
    if rid is not None:
        etree.SubElement(props, f"{{{_A}}}hlinkClick", {f"{{{_R}}}id": rid, "action": _JUMP}, nsmap={"r": _R})
    etree.SubElement(run, f"{{{_A}}}t").text = text
    return run


def add_smartart(slide: Any, nodes: Sequence[tuple[str, Any]], *, node_link: str | None = None) -> None:
    """POI's five-node SmartArt on ``slide``: node i shows ``nodes[i][0]`` and jumps to the slide
    ``nodes[i][1]`` (from its text in the data and in the drawing; ``node_link`` also from the node)."""
    from pptx.oxml import parse_xml

    package = slide.part.package
    with zipfile.ZipFile(POI_SMARTART) as poi:
        parts: dict[str, tuple[Any, str]] = {}
        for stem, content_type, reltype in _SMARTART_PARTS:
            part = _xml_part(
                package, f"/ppt/diagrams/{stem}%d.xml", content_type, poi.read(f"ppt/diagrams/{stem}1.xml")
            )
            parts[stem] = (part, slide.part.relate_to(part, reltype))
        frame = copy.deepcopy(
            etree.fromstring(poi.read("ppt/slides/slide1.xml")).find(f".//{{{_P}}}graphicFrame")
        )
    assert frame is not None
    rel_ids = frame.find(f".//{{{DGM}}}relIds")
    assert rel_ids is not None
    for attribute, stem in (("dm", "data"), ("lo", "layout"), ("qs", "quickStyle"), ("cs", "colors")):
        rel_ids.set(f"{{{_R}}}{attribute}", parts[stem][1])
    props = frame.find(f".//{{{_P}}}cNvPr")
    assert props is not None
    props.set("id", "100")
    props.set("name", "Menu")
    offset = frame.find(f"{{{_P}}}xfrm/{{{_A}}}off")
    assert offset is not None
    offset.set("x", "508000")
    offset.set("y", "1219200")
    slide.shapes._spTree.append(parse_xml(etree.tostring(frame)))

    data, _ = parts["data"]
    drawing, drawing_rid = parts["drawing"]
    data_root, drawing_root = data._element, drawing._element
    model_ext = data_root.find(f".//{{{DSP}}}dataModelExt")
    assert model_ext is not None
    model_ext.set("relId", drawing_rid)
    points = data_root.findall(f"{{{DGM}}}ptLst/{{{DGM}}}pt")
    presented = {
        pt.find(f"{{{DGM}}}prSet").get("presAssocID"): pt.get("modelId")
        for pt in points
        if pt.get("type") == "pres" and pt.find(f"{{{DGM}}}prSet").get("presName") == "node"
    }
    contents = [pt for pt in points if pt.get("type") in (None, "node")]
    assert len(contents) == len(nodes) == 5
    for (text, target), point in zip(nodes, contents, strict=True):
        data_rid = data.relate_to(target.part, RT_SLIDE) if target is not None else None
        point.find(f"{{{DGM}}}prSet").attrib.pop("phldr", None)
        paragraph = point.find(f"{{{DGM}}}t/{{{_A}}}p")
        for child in list(paragraph):
            paragraph.remove(child)
        paragraph.append(_run(text, data_rid))
        if text == node_link and data_rid is not None:
            ext_list = etree.SubElement(point, f"{{{DGM}}}extLst")
            ext = etree.SubElement(ext_list, f"{{{_A}}}ext", uri="{E40237B7-FDA0-4F09-8148-C483321AD2D9}")
            node_props = etree.SubElement(ext, f"{{{DGM14}}}cNvPr", id="0", name="", nsmap={"dgm14": DGM14})
            etree.SubElement(node_props, f"{{{_A}}}hlinkClick", {f"{{{_R}}}id": data_rid, "action": _JUMP})
        shape = drawing_root.find(f".//{{{DSP}}}sp[@modelId='{presented[point.get('modelId')]}']")
        drawing_paragraph = shape.find(f"{{{DSP}}}txBody/{{{_A}}}p")
        drawing_rid = drawing.relate_to(target.part, RT_SLIDE) if target is not None else None
        drawing_paragraph.insert(len(drawing_paragraph) - 1, _run(text, drawing_rid, size=2400))


def add_chart_note(slide: Any, name: str, text: str, target: Any) -> None:
    """A chart on ``slide`` whose user shape ``name`` (a text box inside the chart) jumps to ``target``."""
    chart_part = add_chart(slide).chart_part
    package = slide.part.package
    shapes = etree.Element(f"{{{_C}}}userShapes", nsmap={"c": _C, "a": _A, "r": _R, "cdr": CDR})
    anchor = etree.SubElement(shapes, f"{{{CDR}}}relSizeAnchor")
    for corner, x, y in (("from", "0.05", "0.02"), ("to", "0.45", "0.12")):
        point = etree.SubElement(anchor, f"{{{CDR}}}{corner}")
        etree.SubElement(point, f"{{{CDR}}}x").text = x
        etree.SubElement(point, f"{{{CDR}}}y").text = y
    shape = etree.SubElement(anchor, f"{{{CDR}}}sp", macro="", textlink="")
    non_visual = etree.SubElement(shape, f"{{{CDR}}}nvSpPr")
    props = etree.SubElement(non_visual, f"{{{CDR}}}cNvPr", id="2", name=name)
    etree.SubElement(props, f"{{{_A}}}hlinkClick", action=_JUMP)  # its r:id once the part is made
    etree.SubElement(non_visual, f"{{{CDR}}}cNvSpPr", txBox="1")
    shape_props = etree.SubElement(shape, f"{{{CDR}}}spPr")
    xfrm = etree.SubElement(shape_props, f"{{{_A}}}xfrm")
    etree.SubElement(xfrm, f"{{{_A}}}off", x="0", y="0")
    etree.SubElement(xfrm, f"{{{_A}}}ext", cx="0", cy="0")
    etree.SubElement(etree.SubElement(shape_props, f"{{{_A}}}prstGeom", prst="rect"), f"{{{_A}}}avLst")
    body = etree.SubElement(shape, f"{{{CDR}}}txBody")
    etree.SubElement(body, f"{{{_A}}}bodyPr")
    etree.SubElement(body, f"{{{_A}}}lstStyle")
    etree.SubElement(body, f"{{{_A}}}p").append(_run(text, None))
    part = _xml_part(
        package,
        "/ppt/drawings/drawing%d.xml",
        "application/vnd.openxmlformats-officedocument.drawingml.chartshapes+xml",
        etree.tostring(shapes),
    )
    part._element.find(f".//{{{_A}}}hlinkClick").set(f"{{{_R}}}id", part.relate_to(target.part, RT_SLIDE))
    rid = chart_part.relate_to(part, _RT + "chartUserShapes")
    etree.SubElement(chart_part._element, f"{{{_C}}}userShapes", {f"{{{_R}}}id": rid})


def add_layout_link(layout: Any, name: str, target: Any) -> None:
    """A text box ``name`` on a slide layout (shown on every slide using it) that jumps to ``target``."""
    from pptx.oxml import parse_xml

    rid = layout.part.relate_to(target.part, RT_SLIDE)
    layout.shapes._spTree.append(
        parse_xml(
            f'<p:sp xmlns:p="{_P}" xmlns:a="{_A}" xmlns:r="{_R}"><p:nvSpPr>'
            f'<p:cNvPr id="900" name="{name}"><a:hlinkClick r:id="{rid}" action="{_JUMP}"/></p:cNvPr>'
            '<p:cNvSpPr txBox="1"/><p:nvPr userDrawn="1"/></p:nvSpPr>'
            '<p:spPr><a:xfrm><a:off x="7772400" y="6400800"/><a:ext cx="1143000" cy="369332"/></a:xfrm>'
            '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr>'
            '<p:txBody><a:bodyPr wrap="none"/><a:lstStyle/>'
            f'<a:p><a:r><a:rPr lang="en-US"/><a:t>{name}</a:t></a:r></a:p></p:txBody></p:sp>'
        )
    )


# reading a rendered deck ----------------------------------------------------------------------


class Jump(NamedTuple):
    """A slide-jump link found in a rendered deck."""

    part: str  # "slide", "notes", "data", "drawing", "chart shapes" or "layout"
    label: str  # the shape's name, or the SmartArt node's text
    target: int | None  # the output slide (index) it lands on; None: a slide the list does not name


_FOLLOWED = {  # the parts copied with a slide that may hold links, by relationship type
    _RT + "notesSlide": "notes",
    _RT + "diagramData": "data",
    "http://schemas.microsoft.com/office/2007/relationships/diagramDrawing": "drawing",
    _RT + "chart": "chart",
    _RT + "chartUserShapes": "chart shapes",
    _RT + "slideLayout": "layout",
}


def jumps(deck: RenderedPptx, index: int) -> list[Jump]:
    """The slide-jump links of output slide ``index``: on it, in its notes, SmartArt, charts and layout."""
    slides = deck.slide_names()
    found: list[Jump] = []
    stack = [("slide", slides[index])]
    while stack:
        kind, name = stack.pop()
        rels = _relationships(deck, name)
        for element in deck.xml(name).iter(f"{{{_A}}}hlinkClick"):
            if element.get("action") != _JUMP:
                continue
            reltype, target = rels[element.get(f"{{{_R}}}id", "")]
            assert reltype == RT_SLIDE, (name, reltype)
            found.append(Jump(kind, _label(element), slides.index(target) if target in slides else None))
        stack += [(_FOLLOWED[t], target) for t, target in rels.values() if t in _FOLLOWED]
    return found


def _relationships(deck: RenderedPptx, name: str) -> dict[str, tuple[str, str]]:
    folder, base = posixpath.split(name)
    rels_name = posixpath.join(folder, "_rels", base + ".rels")
    if rels_name not in deck.names:
        return {}
    return {
        rel.get("Id", ""): (
            rel.get("Type", ""),
            posixpath.normpath(posixpath.join(folder, rel.get("Target", ""))),
        )
        for rel in deck.xml(rels_name).iter(f"{{{NS['pr']}}}Relationship")
        if rel.get("TargetMode") != "External"
    }


def _label(element: etree._Element) -> str:
    for ancestor in element.iterancestors():
        if ancestor.tag in (f"{{{DGM}}}pt", f"{{{DSP}}}sp"):
            return "".join(t.text or "" for t in ancestor.iter(f"{{{_A}}}t"))
        props = next((c for c in ancestor.iter() if etree.QName(c).localname == "cNvPr"), None)
        if props is not None and props.get("name"):
            return str(props.get("name"))
    return ""


def dangling_relationship_ids(pptx: bytes) -> list[str]:
    """Every ``r:`` attribute of every XML part that names no relationship of its part (one line each)."""
    out = []
    with zipfile.ZipFile(io.BytesIO(pptx)) as zf:
        names = set(zf.namelist())
        for name in sorted(names):
            if not name.endswith(".xml") or name == "[Content_Types].xml":
                continue
            folder, base = posixpath.split(name)
            rels_name = posixpath.join(folder, "_rels", base + ".rels")
            ids = (
                {
                    rel.get("Id")
                    for rel in etree.fromstring(zf.read(rels_name)).iter(f"{{{NS['pr']}}}Relationship")
                }
                if rels_name in names
                else set()
            )
            for element in etree.fromstring(zf.read(name)).iter():
                for attribute, value in element.attrib.items():
                    # An empty one (a SmartArt layout's r:blip="") names nothing.
                    if str(attribute).startswith(f"{{{_R}}}") and value and value not in ids:
                        out.append(f"{name}: {etree.QName(element).localname}/@{attribute} = {value}")
    return out
