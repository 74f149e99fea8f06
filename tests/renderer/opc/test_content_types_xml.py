"""The [Content_Types].xml text written directly is byte for byte what lxml writes for its tree."""

from __future__ import annotations

from lxml import etree

from deckkit.ooxml.namespaces import CT, qn
from deckkit.ooxml.opc.content_types import CT_SLIDE, ContentTypes
from deckkit.ooxml.opc.part import serialize_xml


def _tree(defaults: dict[str, str], overrides: list[tuple[str, str]]) -> bytes:
    root = etree.fromstring(f'<Types xmlns="{CT}"/>')
    for ext, ct in defaults.items():
        etree.SubElement(root, qn("ct:Default"), Extension=ext, ContentType=ct)
    for name, ct in overrides:
        etree.SubElement(root, qn("ct:Override"), PartName="/" + name, ContentType=ct)
    return serialize_xml(root)


def test_text_equals_the_serialized_tree() -> None:
    types = ContentTypes()
    types.defaults["png"] = "image/png"
    parts = [
        ("ppt/slides/slide1.xml", CT_SLIDE),
        ("ppt/media/image1.png", "image/png"),
        ('ppt/media/b\u00e4d & "odd" <name>\t1.jpeg', "image/jpeg"),
        (
            "ppt/embeddings/Microsoft_Excel_Worksheet.xlsx",
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        ),
        ("docProps/custom.xml", "application/vnd.openxmlformats-officedocument.custom-properties+xml"),
    ]
    expected_defaults = {
        "png": "image/png",
        "rels": "application/vnd.openxmlformats-package.relationships+xml",
    }
    expected_defaults |= {
        "xml": "application/xml",
        "jpeg": "image/jpeg",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    }
    overrides = [parts[0], parts[4]]
    assert types.xml_for(parts) == _tree(expected_defaults, overrides)
