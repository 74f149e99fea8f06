"""locate: where a key lives (text across runs, cells, groups, markup compatibility, alt text)."""

from __future__ import annotations

from lxml import etree

from deckkit.ooxml.locate import locate_placeholders

SLIDE = """<p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"
  xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"
  xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"
  xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">
<p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name="{tree}"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>
 <p:sp><p:nvSpPr><p:cNvPr id="2" name="Box {attr}" descr="not alt of a frame"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr/>
  <p:txBody><a:bodyPr/><a:p><a:r><a:t>a {sp</a:t></a:r><a:r><a:t>lit} b</a:t></a:r><a:br/><a:r><a:t>{x</a:t></a:r>
  <a:fld id="{B6F15528-21DE-4FAA-801E-634DDDAF4B2B}" type="slidenum"><a:t>1</a:t></a:fld><a:r><a:t>}</a:t></a:r></a:p></p:txBody></p:sp>
 <p:grpSp><p:nvGrpSpPr><p:cNvPr id="3" name="G"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>
  <p:grpSp><p:nvGrpSpPr><p:cNvPr id="4" name="G2"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>
   <p:sp><p:nvSpPr><p:cNvPr id="5" name="deep"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr/>
    <p:txBody><a:bodyPr/><a:p><a:r><a:t>{deep}</a:t></a:r></a:p></p:txBody></p:sp></p:grpSp></p:grpSp>
 <mc:AlternateContent><mc:Choice Requires="p14"><p:sp><p:nvSpPr><p:cNvPr id="6" name="c"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr>
  <p:spPr/><p:txBody><a:bodyPr/><a:p><a:r><a:t>{choice}</a:t></a:r></a:p></p:txBody></p:sp></mc:Choice>
  <mc:Fallback><p:sp><p:nvSpPr><p:cNvPr id="6" name="c"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr>
  <p:spPr/><p:txBody><a:bodyPr/><a:p><a:r><a:t>{fallback}</a:t></a:r></a:p></p:txBody></p:sp></mc:Fallback></mc:AlternateContent>
 <p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="7" name="T" descr="{sales}"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr>
  <p:xfrm/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table"><a:tbl><a:tblGrid/>
  <a:tr h="1"><a:tc><a:txBody><a:bodyPr/><a:p><a:r><a:t>{cell}</a:t></a:r></a:p></a:txBody><a:tcPr/></a:tc></a:tr></a:tbl>
  </a:graphicData></a:graphic></p:graphicFrame>
 <p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="8" name="C" descr="trend"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr>
  <p:xfrm/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart">
  <c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="rId2"/></a:graphicData></a:graphic></p:graphicFrame>
 <p:pic><p:nvPicPr><p:cNvPr id="9" name="P" descr="logo"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:blipFill/><p:spPr/></p:pic>
</p:spTree></p:cSld></p:sld>"""


def test_every_place_a_key_can_live():
    found = locate_placeholders(etree.fromstring(SLIDE))
    assert list(found.text) == ["split", "deep", "choice", "cell"]
    (split,) = found.text["split"]
    assert (split.start, split.end) == (2, 9)
    assert found.text["cell"][0].cell is not None
    assert {(f.alt_text, f.kind) for f in found.frames} == {
        ("not alt of a frame", "shape"),
        ("{sales}", "table"),
        ("trend", "chart"),
        ("logo", "picture"),
    }
    assert [f.kind for f in found.frames_named("sales")] == ["table"]
    assert [f.kind for f in found.frames_named("trend")] == ["chart"]


def test_keys_never_span_breaks_or_fields_nor_live_in_attributes():
    found = locate_placeholders(etree.fromstring(SLIDE))
    assert {"x", "x1", "attr", "tree"}.isdisjoint(found.text)
    assert "fallback" not in found.text, "the first Choice is what PowerPoint shows"
