"""first_child, first_of_two and child_elements against ElementPath's find and findall, which they stand for."""

from __future__ import annotations

from lxml import etree

from deckkit.ooxml.xml_children import child_elements, first_child, first_of_two, first_on_path

_XML = (
    b'<p:sp xmlns:p="urn:p" xmlns:a="urn:a" xmlns:b="urn:b"><!-- a comment --><?pi x?>'
    b"<a:p><a:r><a:t>1</a:t></a:r><b:r/><a:r><a:t>2</a:t><a:t>3</a:t></a:r></a:p>"
    b"<a:p/><b:p/><p/><a:p><a:endParaRPr/></a:p></p:sp>"
)
_TAGS = ["{urn:a}p", "{urn:a}r", "{urn:a}t", "{urn:b}r", "{urn:b}p", "p", "{urn:a}endParaRPr", "{urn:a}none"]


def test_the_same_children_as_find_and_findall_for_every_tag_and_element() -> None:
    root = etree.fromstring(_XML)
    checked = 0
    for element in root.iter(tag=etree.Element):
        for tag in _TAGS:
            assert first_child(element, tag) is element.find(tag)
            found = child_elements(element, tag)
            assert found == element.findall(tag)
            checked += len(found)
    assert checked > len(_TAGS), "the tree has children of several tags, some repeated"


def test_first_on_path_as_find_with_a_path_past_a_first_branch_without_the_match() -> None:
    root = etree.fromstring(_XML)
    paths = [
        ("{urn:a}p", "{urn:a}r", "{urn:a}t"),
        ("{urn:a}p", "{urn:a}endParaRPr"),  # only under the last a:p, not the first
        ("{urn:a}p", "{urn:b}r"),
        ("{urn:a}p", "{urn:a}none"),
        ("{urn:b}p",),
    ]
    for path in paths:
        assert first_on_path(root, *path) is root.find("/".join(path))
    assert first_on_path(root, "{urn:a}p", "{urn:a}endParaRPr") is not None


def test_first_of_two_is_find_of_each_and_stops_at_until() -> None:
    root = etree.fromstring(_XML)
    for element in root.iter(tag=etree.Element):
        for one in _TAGS:
            for other in _TAGS:
                if one != other:
                    assert first_of_two(element, one, other) == (element.find(one), element.find(other))
    # A child tagged ``until`` ends the search: what comes after it is not looked at.
    body = etree.fromstring(b'<t xmlns:a="urn:a"><a:bodyPr/><a:p/><a:lstStyle/></t>')
    body_pr = body.find("{urn:a}bodyPr")
    assert first_of_two(body, "{urn:a}bodyPr", "{urn:a}lstStyle", until="{urn:a}p") == (body_pr, None)
    assert first_of_two(body, "{urn:a}bodyPr", "{urn:a}lstStyle")[1] is body.find("{urn:a}lstStyle")
