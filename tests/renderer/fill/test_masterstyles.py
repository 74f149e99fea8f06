"""MasterStyles: each master's text styles and theme fonts read once per render, never another's."""

from __future__ import annotations

from lxml import etree

from deckkit.ooxml.opc.part import Part
from deckkit.ooxml.opc.relationships import RT, Relationships
from deckkit.renderer.fill.autofit import fit_text_boxes
from deckkit.renderer.fill.masterstyles import MasterStyles

NS = (
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
    'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"'
)
MASTER = f"""<p:sldMaster {NS}><p:cSld><p:spTree/></p:cSld><p:txStyles>
<p:titleStyle><a:lvl1pPr><a:defRPr sz="{{title}}"/></a:lvl1pPr></p:titleStyle>
<p:bodyStyle><a:lvl1pPr><a:defRPr sz="1800"/></a:lvl1pPr></p:bodyStyle></p:txStyles></p:sldMaster>"""
THEME = f"""<a:theme {NS} name="t"><a:themeElements><a:clrScheme name="c"/><a:fontScheme name="f">
<a:majorFont><a:latin typeface="{{major}}"/><a:ea typeface=""/></a:majorFont>
<a:minorFont><a:latin typeface="{{minor}}"/><a:ea typeface="{{minor_east}}"/></a:minorFont>
</a:fontScheme></a:themeElements></a:theme>"""


def _part(xml: str, *related: tuple[str, Part]) -> Part:
    part = Part(None, None, "application/xml", xml=etree.fromstring(xml))  # type: ignore[arg-type]
    rels = Relationships()
    for reltype, target in related:
        rels.add(reltype, target)
    part.rels = rels
    return part


def _slide(title_size: str, major: str, minor: str, minor_east: str = "") -> Part:
    theme = _part(THEME.format(major=major, minor=minor, minor_east=minor_east))
    master = _part(MASTER.format(title=title_size), (RT.THEME, theme))
    layout = _part(f"<p:sldLayout {NS}/>", (RT.SLIDE_MASTER, master))
    return _part(f"<p:sld {NS}/>", (RT.SLIDE_LAYOUT, layout))


def test_each_master_is_read_for_its_own_slides():
    one, other = _slide("4400", "Cambria", "Arial"), _slide("3200", "Georgia", "Verdana")
    masters = MasterStyles()
    for slide, (size, major, minor) in (
        (one, ("4400", "Cambria", "Arial")),
        (other, ("3200", "Georgia", "Verdana")),
    ):
        text = masters.of(slide)
        assert text is not None
        assert (text.major, text.minor) == (major, minor)
        assert text.title is not None
        assert text.title[0][0].get("sz") == size
    assert masters.of(one) is masters.of(one), "read once"
    assert MasterStyles().of(one) is not masters.of(one), "one per render: nothing kept between them"


def test_a_slide_without_master_or_theme():
    assert MasterStyles().of(_part(f"<p:sld {NS}/>")) is None
    master = _part(MASTER.format(title="4400"))
    layout = _part(f"<p:sldLayout {NS}/>", (RT.SLIDE_MASTER, master))
    text = MasterStyles().of(_part(f"<p:sld {NS}/>", (RT.SLIDE_LAYOUT, layout)))
    assert text is not None
    assert (text.major, text.minor) == ("Calibri", "Calibri")


def test_auto_fit_measures_with_the_slides_own_master():
    """Shared across slides of two masters, the cache gives each box its own master's title size."""
    box = (
        f'<p:sp {NS}><p:nvSpPr><p:cNvPr id="2" name="t"/><p:cNvSpPr/><p:nvPr><p:ph type="title"/></p:nvPr></p:nvSpPr>'
        '<p:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="100" cy="100"/></a:xfrm></p:spPr>'
        '<p:txBody><a:bodyPr wrap="none"><a:spAutoFit/></a:bodyPr><a:p><a:r><a:t>Hello</a:t></a:r></a:p></p:txBody></p:sp>'
    )
    big, small = _slide("4400", "Calibri", "Calibri"), _slide("2200", "Calibri", "Calibri")
    masters = MasterStyles()
    heights = {}
    for name, slide in (("big", big), ("small", small), ("big again", big)):
        tree = etree.fromstring(f"<p:spTree {NS}>{box}</p:spTree>")
        fit_text_boxes([(tree[0], "slides[0].title")], slide, masters)
        alone = etree.fromstring(f"<p:spTree {NS}>{box}</p:spTree>")
        fit_text_boxes([(alone[0], "slides[0].title")], slide)  # a fresh cache: the same result
        assert etree.tostring(tree) == etree.tostring(alone)
        heights[name] = int(tree[0].find(".//{*}ext").get("cy"))
    assert heights["big"] == heights["big again"] > heights["small"]


def test_east_asian_text_is_measured_with_the_themes_east_asian_font():
    """The theme's minor East Asian font (+mn-ea) is read, and CJK text is measured with its
    stand-in: Noto Serif CJK (Hangul 0.966 em wide) for a Mincho, Noto Sans CJK (0.92 em) else."""
    from deckkit.renderer.fill.fontmetrics import east_face

    box = (
        f'<p:sp {NS}><p:nvSpPr><p:cNvPr id="2" name="t"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr>'
        '<p:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="100" cy="100"/></a:xfrm></p:spPr>'
        '<p:txBody><a:bodyPr wrap="none"><a:spAutoFit/></a:bodyPr>'
        '<a:p><a:r><a:rPr sz="4000"/><a:t>매출액</a:t></a:r></a:p></p:txBody></p:sp>'
    )
    widths = {}
    for east in ("MS Mincho", "Yu Gothic", ""):
        slide = _slide("4400", "Calibri", "Calibri", east)
        assert MasterStyles().of(slide).minor_east == (east or None)  # type: ignore[union-attr]
        tree = etree.fromstring(f"<p:spTree {NS}>{box}</p:spTree>")
        fit_text_boxes([(tree[0], "slides[0].v")], slide)
        widths[east] = int(tree[0].find(".//{*}ext").get("cx")) - 2 * 91440
    serif, sans = east_face("MS Mincho"), east_face("Yu Gothic")
    assert serif is not None
    assert sans is not None
    assert widths["MS Mincho"] == serif.width("매출액", 40) == round(3 * 0.966 * 40 * 12700)
    assert widths["Yu Gothic"] == widths[""] == sans.width("매출액", 40) == round(3 * 0.92 * 40 * 12700)
