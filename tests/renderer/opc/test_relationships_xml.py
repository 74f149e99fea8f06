"""The .rels text written directly is byte for byte what serializing the tree gives."""

from __future__ import annotations

import zipfile

from deckkit.ooxml.opc.package import open_package
from deckkit.ooxml.opc.part import serialize_xml
from deckkit.ooxml.opc.relationships import RT, Relationships, relationships_root, relationships_xml
from tests.renderer.core_kit import add_textbox, blank_slide, new_presentation


def test_text_equals_the_serialized_tree(save_template) -> None:
    prs = new_presentation()
    add_textbox(blank_slide(prs), "{title}")
    package = open_package(save_template(prs).read_bytes())
    slide = package.slides()[0]
    rels = slide.rels
    for url in (
        'https://example.com/a?b=1&c="2"<3>',
        "https://example.com/t\u00e4st\tx\ny\rz",
        "mailto:a@b.c",
    ):
        rels.add(RT.HYPERLINK, url, external=True)
    rels.add(RT.IMAGE, "../media/missing & gone.png")  # a dangling target kept verbatim
    for source in (slide.name, None, "ppt/slides/deeper/x.xml"):
        assert relationships_xml(source, rels) == serialize_xml(relationships_root(source, rels))
    assert relationships_xml(None, package.root_rels) == serialize_xml(
        relationships_root(None, package.root_rels)
    )


def test_empty_relationships() -> None:
    assert relationships_xml("ppt/a.xml", Relationships()) == serialize_xml(
        relationships_root("ppt/a.xml", Relationships())
    )


def test_every_rels_part_of_a_template_comes_out_as_the_tree_would(save_template) -> None:
    prs = new_presentation()
    add_textbox(blank_slide(prs), "{title}")
    path = save_template(prs)
    package = open_package(path.read_bytes())
    with zipfile.ZipFile(path) as z:
        names = [n for n in z.namelist() if n.endswith(".rels") and n != "_rels/.rels"]
    assert names
    for rels_name in names:
        folder, base = rels_name.split("_rels/")
        part = package.part(folder + base.removesuffix(".rels"))
        assert part is not None
        assert relationships_xml(part.name, part.rels) == serialize_xml(
            relationships_root(part.name, part.rels)
        )
