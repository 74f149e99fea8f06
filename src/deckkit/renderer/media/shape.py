"""The target shape a picture or video replaces, and the ``p:pic`` that takes its place.

Reads where the target sits (its own ``a:xfrm`` in its parent's coordinate space, or a frame
the engine resolved from the layout), how its groups scale it, and writes a ``p:pic`` in the
order the schema demands, keeping the target's id, name, alt text and place in the z-order.
"""

from __future__ import annotations

from lxml import etree

from deckkit.ooxml.geometry import Box, xfrm_box
from deckkit.ooxml.namespaces import NSMAP, P14, A, P, R, qn
from deckkit.ooxml.xml_copy import copy_tree
from deckkit.renderer.media.geometry import Placement

__all__ = [
    "P14",
    "describe_target",
    "new_picture",
    "replace_target",
    "target_box",
]


# The element holding a shape's transform, by shape kind.
_XFRM_PATHS = ("p:spPr/a:xfrm", "p:xfrm", "p:grpSpPr/a:xfrm")


def _own_xfrm(shape: etree._Element) -> etree._Element | None:
    for path in _XFRM_PATHS:
        found = shape.find(path, NSMAP)
        if found is not None:
            return found
    return None


def _c_nv_pr(shape: etree._Element) -> etree._Element | None:
    return shape.find("./*/p:cNvPr", NSMAP)


def describe_target(shape: etree._Element) -> str:
    """How messages name the target: its name in the selection pane."""
    c_nv_pr = _c_nv_pr(shape)
    name = c_nv_pr.get("name", "") if c_nv_pr is not None else ""
    return f'the shape "{name}"' if name else "the shape"


def target_box(shape: etree._Element, frame: Box | None = None) -> Box | None:
    """The target's bounds in its parent's coordinates; ``frame`` (resolved by the engine) wins.

    None when neither exists: a layout placeholder that inherits its position.
    """
    if frame is not None:
        return Box(*frame)  # callers may hand a plain (x, y, cx, cy) tuple
    xfrm = _own_xfrm(shape)
    return xfrm_box(xfrm) if xfrm is not None else None


def _rotation(shape: etree._Element) -> str | None:
    xfrm = _own_xfrm(shape)
    rot = xfrm.get("rot") if xfrm is not None else None
    return rot if rot not in (None, "0") else None


def _shape_id(shape: etree._Element) -> str:
    """The target's id, reused: the target leaves the slide, and animations that name the id
    (an entrance effect on the placeholder) then apply to the picture."""
    c_nv_pr = _c_nv_pr(shape)
    own = c_nv_pr.get("id") if c_nv_pr is not None else None
    if own and own.isdigit():
        return own
    slide = shape.getroottree().getroot()
    ids = [int(el.get("id", "")) for el in slide.iter(qn("p:cNvPr")) if el.get("id", "").isdigit()]
    return str(max(ids, default=1) + 1)


def new_picture(target: etree._Element, image_rid: str, placement: Placement) -> etree._Element:
    """A ``p:pic`` showing the image related by ``image_rid`` at ``placement``.

    Keeps the target's id, name, alt text and title; a picture target also keeps its outline,
    effects, geometry and style, so a framed placeholder picture frames the new one too.
    """
    pic = etree.Element(qn("p:pic"), nsmap={"p": P, "a": A, "r": R})
    nv_pic_pr = etree.SubElement(pic, qn("p:nvPicPr"))
    c_nv_pr = etree.SubElement(nv_pic_pr, qn("p:cNvPr"), id=_shape_id(target), name="")
    old = _c_nv_pr(target)
    if old is not None:
        for attr in ("name", "descr", "title"):
            if old.get(attr) is not None:
                c_nv_pr.set(attr, old.get(attr, ""))
        # A click or hover link on the target stays (its relationship is the slide's); the
        # play action of a replaced video does not.
        for link in old.findall("a:hlinkClick", NSMAP) + old.findall("a:hlinkHover", NSMAP):
            if link.get("action") != "ppaction://media":
                c_nv_pr.append(copy_tree(link))
    c_nv_pic_pr = etree.SubElement(nv_pic_pr, qn("p:cNvPicPr"))
    etree.SubElement(c_nv_pic_pr, qn("a:picLocks"), noChangeAspect="1")
    etree.SubElement(nv_pic_pr, qn("p:nvPr"))

    blip_fill = etree.SubElement(pic, qn("p:blipFill"))
    etree.SubElement(blip_fill, qn("a:blip"), {qn("r:embed"): image_rid})
    if placement.crop is not None:
        etree.SubElement(blip_fill, qn("a:srcRect"), placement.crop.attributes())
    etree.SubElement(etree.SubElement(blip_fill, qn("a:stretch")), qn("a:fillRect"))

    pic.append(_shape_properties(target, placement))
    if target.tag == qn("p:pic"):
        style = target.find("p:style", NSMAP)
        if style is not None:
            pic.append(copy_tree(style))
    return pic


def _shape_properties(target: etree._Element, placement: Placement) -> etree._Element:
    old = target.find("p:spPr", NSMAP) if target.tag == qn("p:pic") else None
    sp_pr = copy_tree(old) if old is not None else etree.Element(qn("p:spPr"))
    for child in sp_pr.findall("a:xfrm", NSMAP):
        sp_pr.remove(child)
    xfrm = etree.Element(qn("a:xfrm"))
    rot = _rotation(target)
    if rot is not None:
        xfrm.set("rot", rot)
    frame = placement.frame
    etree.SubElement(xfrm, qn("a:off"), x=str(frame.x), y=str(frame.y))
    etree.SubElement(xfrm, qn("a:ext"), cx=str(frame.cx), cy=str(frame.cy))
    sp_pr.insert(0, xfrm)
    has_geometry = sp_pr.find("a:prstGeom", NSMAP) is not None or sp_pr.find("a:custGeom", NSMAP) is not None
    if not has_geometry:
        geometry = etree.Element(qn("a:prstGeom"), prst="rect")
        etree.SubElement(geometry, qn("a:avLst"))
        sp_pr.insert(1, geometry)
    return sp_pr


def replace_target(target: etree._Element, pic: etree._Element) -> None:
    """Put ``pic`` where ``target`` was (same parent, same z-order index).

    The picture keeps the target's id, so the target's animations carry over, except those
    that cannot apply to the picture: paragraph builds of a text target (``p:txEl``,
    ``p:bldP``) and every timing of a video or sound target (its media node, play/pause).
    """
    parent = target.getparent()
    if parent is None:
        raise ValueError("the target shape is not on a slide")
    c_nv_pr = pic.find("p:nvPicPr/p:cNvPr", NSMAP)
    was_media = target.find("p:nvPicPr/p:nvPr/a:videoFile", NSMAP) is not None or (
        target.find("p:nvPicPr/p:nvPr/a:audioFile", NSMAP) is not None
    )
    parent.replace(target, pic)
    slide = pic.getroottree().getroot()
    timing = slide.find("p:timing", NSMAP)
    if c_nv_pr is None or timing is None:
        return
    spid = c_nv_pr.get("id", "")
    for spot in [t for t in timing.iter(qn("p:spTgt")) if t.get("spid") == spid]:
        if was_media or spot.find("p:txEl", NSMAP) is not None:
            _drop_time_node(spot)
    for build_list in list(timing.iterfind("p:bldLst", NSMAP)):
        for build in build_list:
            if build.get("spid") == spid and build.tag == qn("p:bldP"):
                build_list.remove(build)
        if len(build_list) == 0:  # the schema wants at least one entry
            timing.remove(build_list)
    if timing.find("p:tnLst//p:cTn", NSMAP) is None:
        slide.remove(timing)


def _drop_time_node(inside: etree._Element) -> None:
    """Remove the time node holding ``inside``, and each container left empty by that.

    The schema wants every ``p:childTnLst`` non-empty; the root list going empty removes the
    whole ``p:tnLst``.
    """
    node: etree._Element | None = inside
    while node is not None and node.getparent() is not None:
        holder = node.getparent()
        if holder is not None and holder.tag in (qn("p:childTnLst"), qn("p:tnLst")):
            holder.remove(node)
            if len(holder) > 0:
                return
            if holder.tag == qn("p:tnLst"):
                timing = holder.getparent()
                if timing is not None:
                    timing.remove(holder)
                return
            node = holder.getparent()  # the p:cTn whose children are gone
            continue
        node = holder
