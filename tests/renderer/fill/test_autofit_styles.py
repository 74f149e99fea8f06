"""Auto-fit's list styles: boxes without a list style of their own share their master's lookups,
and measure exactly as a box whose styles are looked up afresh."""

from __future__ import annotations

from lxml import etree

from deckkit.ooxml.inherit import effective_body, placeholder_of, text_body_parts
from deckkit.renderer.fill.autofit import (
    _PCT_DEFAULTS,
    _lines,
    _Spacing,
    _spacing,
    _Styles,
    _text_height,
    fit_text_boxes,
)
from deckkit.renderer.fill.autofit import _styles as _styles_of
from deckkit.renderer.fill.masterstyles import MasterStyles
from tests.renderer.fill.test_masterstyles import NS, _slide

TITLE = f"""<p:sp {NS}><p:nvSpPr><p:cNvPr id="2" name="t"/><p:cNvSpPr/><p:nvPr><p:ph type="title"/></p:nvPr>
</p:nvSpPr><p:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="3000000" cy="400000"/></a:xfrm></p:spPr>
<p:txBody><a:bodyPr wrap="square"><a:spAutoFit/></a:bodyPr>{{lst}}
<a:p><a:pPr lvl="1"/><a:r><a:rPr b="1"/><a:t>{{text}}</a:t></a:r><a:br/><a:r><a:t>second line</a:t></a:r></a:p>
<a:p><a:r><a:rPr sz="2400"><a:latin typeface="Arial"/></a:rPr><a:t>big</a:t></a:r></a:p><a:p/>
</p:txBody></p:sp>"""
OWN_LIST_STYLE = '<a:lstStyle><a:lvl2pPr algn="r"><a:defRPr sz="1000"/></a:lvl2pPr></a:lstStyle>'


def _shape(text: str, lst: str = "<a:lstStyle/>") -> etree._Element:
    return etree.fromstring(TITLE.format(lst=lst, text=text))


def _styles(shape: etree._Element, body: etree._Element, slide: object, masters: MasterStyles) -> _Styles:
    """The styles auto-fit measures the shape with (its own body properties: no layout here)."""
    master = masters.of(slide)  # type: ignore[arg-type]
    own = text_body_parts(body)
    return _styles_of(own.list_style, placeholder_of(shape), effective_body(own, None), master, masters)


def _measured(styles: _Styles, body: etree._Element) -> list[tuple[object, ...]]:
    lines, align = _lines(body, styles)
    return [(align, line.width(), line.height(), line.space_before, line.space_after) for line in lines]


class _Uncached(_Styles):
    """Every lookup made again, in the shape's own list style and then its master's."""

    def default(self, level: int, attribute: str) -> str | None:
        return self._find_default(level, attribute)

    def list_spacing(self, level: int, tag: str) -> _Spacing | None:
        found = self._find_child(level, tag)
        return _spacing(found, _PCT_DEFAULTS[tag]) if found is not None else None

    def paragraph_default(self, level: int, attribute: str) -> str | None:
        return self._find_paragraph_default(level, attribute)


def _afresh(shape: etree._Element, masters: MasterStyles, slide: object) -> _Styles:
    """The general path: the shape's own list style (empty or not), then its master's title style."""
    body = shape[2]
    master = masters.of(slide)  # type: ignore[arg-type]
    assert master is not None
    assert master.title is not None
    return _Uncached([body[1], master.title], master)


def test_boxes_of_one_master_and_kind_share_their_lookups_and_measure_as_looked_up_afresh() -> None:
    slide = _slide("4400", "Cambria", "Arial")
    masters = MasterStyles()
    for text in ("Report 1", "A much longer title than the first", ""):
        shape = _shape(text)
        shared = _styles(shape, shape[2], slide, masters)
        assert shared is _styles(_shape("other"), _shape("other")[2], slide, masters)
        assert _measured(shared, shape[2]) == _measured(_afresh(shape, masters, slide), shape[2])


def test_a_box_with_its_own_list_style_is_measured_with_it() -> None:
    slide = _slide("4400", "Cambria", "Arial")
    masters = MasterStyles()
    plain = _shape("Report 1")
    _styles(plain, plain[2], slide, masters)  # the shared styles exist: the next box must not take them
    own = _shape("Report 1", OWN_LIST_STYLE)
    styles = _styles(own, own[2], slide, masters)
    assert styles is not _styles(plain, plain[2], slide, masters)
    assert _measured(styles, own[2]) == _measured(_afresh(own, masters, slide), own[2])
    assert _measured(styles, own[2])[0][0] == "r"  # its own alignment, not the master's


def test_filled_boxes_keep_the_sizes_of_the_general_path() -> None:
    slide = _slide("4400", "Cambria", "Arial")
    shapes = [_shape("Report 1"), _shape("Report 1", OWN_LIST_STYLE), _shape("A longer title, on two lines")]
    tree = etree.Element("{http://schemas.openxmlformats.org/presentationml/2006/main}spTree")
    tree.extend(shapes)  # fit_text_boxes leaves shapes that are not on a slide alone
    fit_text_boxes([(shape, "slides[0].title") for shape in shapes], slide, MasterStyles())  # type: ignore[arg-type]
    for shape in shapes:
        fresh = _afresh(shape, MasterStyles(), slide)
        height = _text_height(_lines(shape[2], fresh)[0], 3000000 - 2 * 91440)
        ext = shape.find(".//{http://schemas.openxmlformats.org/drawingml/2006/main}ext")
        assert ext is not None
        assert int(ext.get("cy", "0")) == height + 2 * 45720
