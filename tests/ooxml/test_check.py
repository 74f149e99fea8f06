"""The schema check finds what it should, forgives only the template's own quirks, and never runs blind."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import pytest

from deckkit import examples
from tests.ooxml import check
from tests.readers import assert_readable


def edited(package: bytes, edits: dict[str, bytes | None]) -> bytes:
    """The package with some entries replaced (bytes) or left out (None)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(package)) as source, zipfile.ZipFile(out, "w") as target:
        for name in source.namelist():
            if name in edits:
                if edits[name] is not None:
                    target.writestr(name, edits[name])
            else:
                target.writestr(name, source.read(name))
    return out.getvalue()


def slide1(package: bytes) -> bytes:
    with zipfile.ZipFile(io.BytesIO(package)) as z:
        return z.read("ppt/slides/slide1.xml")


def test_a_python_pptx_deck_is_clean(tmp_path: Path) -> None:
    from pptx import Presentation

    deck = Presentation()
    deck.slides.add_slide(deck.slide_layouts[1]).shapes.title.text = "Hello"
    deck.save(str(tmp_path / "deck.pptx"))
    assert check.check_package(tmp_path / "deck.pptx") == []


def test_the_sample_templates_one_quirk_is_found() -> None:
    # Its scatter chart carries negative axis ids: PowerPoint reads them, the schema
    # (xs:unsignedInt) does not allow them. Outputs are compared against the template for this.
    found = check.distinct(check.check_package(examples.template()))
    assert [(p.part, p.message.split("'")[1]) for p in found] == [
        ("ppt/charts/chart2.xml", "{http://schemas.openxmlformats.org/drawingml/2006/chart}axId"),
        ("ppt/charts/chart2.xml", "{http://schemas.openxmlformats.org/drawingml/2006/chart}crossAx"),
    ]


def test_an_element_out_of_order_is_a_schema_problem() -> None:
    template = examples.template_bytes()
    xml = slide1(template)
    # spTree must start with nvGrpSpPr then grpSpPr: swapping them breaks the sequence.
    swapped = re.sub(
        rb"(<p:nvGrpSpPr>.*?</p:nvGrpSpPr>)(<p:grpSpPr\s*/>|<p:grpSpPr>.*?</p:grpSpPr>)",
        rb"\2\1",
        xml,
        count=1,
    )
    assert swapped != xml
    found = check.new_problems(edited(template, {"ppt/slides/slide1.xml": swapped}), template)
    assert found
    assert {p.part for p in found} == {"ppt/slides/slide1.xml"}
    assert any("nvGrpSpPr" in p.message for p in found)


def test_package_problems_are_found() -> None:
    template = examples.template_bytes()
    with zipfile.ZipFile(io.BytesIO(template)) as z:
        rels = z.read("ppt/slides/_rels/slide1.xml.rels")
        types = z.read("[Content_Types].xml")
    broken_rels = rels.replace(
        b"</Relationships>", b'<Relationship Id="rId99" Type="x" Target="../media/gone.png"/></Relationships>'
    )
    no_rels_default = re.sub(rb'<Default Extension="rels"[^>]*/>', b"", types)
    found = {
        str(p)
        for p in check.check_package(edited(template, {"ppt/slides/_rels/slide1.xml.rels": broken_rels}))
    }
    assert "ppt/slides/_rels/slide1.xml.rels: relationship target missing: ../media/gone.png" in found
    found = {str(p) for p in check.check_package(edited(template, {"[Content_Types].xml": no_rels_default}))}
    assert "_rels/.rels: part has no content type" in found
    assert [str(p) for p in check.check_package(b"not a zip")] == ["(zip): not a zip package"]


def test_problems_the_template_already_has_are_not_counted(tmp_path: Path) -> None:
    template = examples.template_bytes()
    quirk = slide1(template).replace(b"<p:cSld>", b"<p:cSld><p:unknownThing/>", 1)
    quirky = edited(template, {"ppt/slides/slide1.xml": quirk})
    assert check.check_package(quirky), "the quirk must be a problem of its own"
    assert check.new_problems(quirky, quirky) == []
    assert check.new_problems(quirky, template) != []


def test_missing_schemas_fail_instead_of_passing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gone = tmp_path / "schemas"
    monkeypatch.setattr(
        check, "SCHEMA_OF_ROOT", {ns: gone / path.name for ns, path in check.SCHEMA_OF_ROOT.items()}
    )
    with pytest.raises(check.SchemasMissingError, match="tests/ooxml/schemas"):
        check.check_package(examples.template())
    out = tmp_path / "out.pptx"
    out.write_bytes(examples.template_bytes())
    with pytest.raises(check.SchemasMissingError):
        assert_readable(out, examples.template(), libreoffice=False)


def test_every_schema_the_notice_names_is_here() -> None:
    notice = (check.SCHEMAS / "NOTICE.md").read_text(encoding="utf-8")
    for folder, count in ((check.TRANSITIONAL, 26), (check.OPC, 4)):
        assert f"`{folder.name}/` ({count} `.xsd`)" in notice
        assert len(list(folder.glob("*.xsd"))) == count
    check.ensure_schemas()
