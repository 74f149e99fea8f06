"""Tagging a template: give a table, chart or picture the alt text that names its key.

A frame is found by its alt text (:mod:`deckkit.ooxml.locate`); PowerPoint sets it in *View Alt
Text*, and tables or charts made by other tools often have none. :func:`untagged_shapes` lists
the frames of a slide that have no alt text yet, :func:`tag_shape` sets one, in the slide's XML.
A shape is named by its name (``"Table 3"``, as PowerPoint's selection pane shows it) or by its
id (the ``id`` of ``p:cNvPr``, unique on a slide).
"""

from __future__ import annotations

from lxml import etree

from deckkit.errors import TemplateError
from deckkit.ooxml.locate import (
    KEY_PATTERN,
    frame_kind,
    iter_shapes,
    locate_placeholders,
    non_visual_properties,
    shape_tree,
)
from deckkit.ooxml.namespaces import qn
from deckkit.suggest import closest
from deckkit.template.slides import UntaggedShape

__all__ = ["UntaggedShape", "tag_shape", "untagged_shapes"]

_TAGGABLE_KINDS = ("table", "chart", "picture", "video")
_GROUP = qn("p:grpSp")


def untagged_shapes(slide_root: etree._Element) -> list[UntaggedShape]:
    """The tables, charts, pictures and videos on the slide that have no alt text, in document order."""
    found: list[UntaggedShape] = []
    for shape in iter_shapes(shape_tree(slide_root)):
        nv = non_visual_properties(shape)
        if nv is None or shape.tag == _GROUP or (nv.get("descr") or "").strip():
            continue
        kind = frame_kind(shape)
        if kind in _TAGGABLE_KINDS:
            found.append(UntaggedShape(kind, nv.get("name") or "", nv.get("id") or ""))
    return found


def tag_shape(slide_root: etree._Element, slide: int, shape: str, key: str) -> None:
    """Set the alt text of ``shape`` (its name or id) on the slide to ``key``.

    TemplateError when the key is not a key, no shape or several shapes have that name, or
    another place on the slide already has the key.
    """
    if KEY_PATTERN.fullmatch("{" + key + "}") is None:
        raise TemplateError(
            f"{key!r} cannot be a key: use letters, digits, '_', '-' and '.' only (as in {{key}} in text)"
        )
    target = _find_shape(slide_root, slide, shape)
    _check_key_is_free(slide_root, slide, target, key)
    nv = non_visual_properties(target)
    assert nv is not None  # _find_shape returns shapes that have one
    nv.set("descr", key)


def _shapes(slide_root: etree._Element) -> list[tuple[etree._Element, etree._Element]]:
    """(shape, p:cNvPr) of every shape on the slide, groups entered, groups themselves left out."""
    shapes = []
    for element in iter_shapes(shape_tree(slide_root)):
        nv = non_visual_properties(element)
        if nv is not None and element.tag != _GROUP:
            shapes.append((element, nv))
    return shapes


def _label(nv: etree._Element, shape: etree._Element) -> str:
    return f'{nv.get("id")} "{nv.get("name") or ""}" ({frame_kind(shape)})'


def _find_shape(slide_root: etree._Element, slide: int, wanted: str) -> etree._Element:
    shapes = _shapes(slide_root)
    by_id = [s for s, nv in shapes if nv.get("id") == wanted]
    if by_id:
        return by_id[0]
    by_name = [(s, nv) for s, nv in shapes if (nv.get("name") or "") == wanted]
    if len(by_name) == 1:
        return by_name[0][0]
    if by_name:
        ids = ", ".join(nv.get("id") or "?" for _, nv in by_name)
        raise TemplateError(
            f'slide {slide} has {len(by_name)} shapes named "{wanted}" (ids {ids}); name one by its id'
        )
    near = closest(wanted, [nv.get("name") or "" for _, nv in shapes])
    hint = f' Did you mean "{near}"?' if near else ""
    listing = "; ".join(_label(nv, s) for s, nv in shapes) or "none"
    raise TemplateError(
        f'slide {slide} has no shape named or numbered "{wanted}".{hint} Its shapes (id "name"): {listing}'
    )


def _check_key_is_free(slide_root: etree._Element, slide: int, target: etree._Element, key: str) -> None:
    found = locate_placeholders(slide_root)
    if key in found.text:
        raise TemplateError(f"slide {slide} already has {{{key}}} in its text; choose another key")
    for frame in found.frames_named(key):
        if frame.element is not target:
            nv = non_visual_properties(frame.element)
            assert nv is not None
            raise TemplateError(
                f"slide {slide} already has a shape tagged {key}: {_label(nv, frame.element)}"
            )
