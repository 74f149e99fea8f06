"""copy_tree against copy.deepcopy, which it stands for in the fillers."""

from __future__ import annotations

import copy

from lxml import etree

from deckkit.ooxml.xml_copy import copy_tree

_XML = (
    b'<p:sp xmlns:p="urn:p" xmlns:a="urn:a"><a:p><a:r><a:rPr lang="en" b="1"><a:solidFill/></a:rPr>'
    b"<a:t>x &amp; y</a:t></a:r>tail text<!-- a comment --><a:endParaRPr/></a:p>after</p:sp>"
)


def test_the_same_subtree_tail_and_namespaces_as_deepcopy() -> None:
    root = etree.fromstring(_XML)
    for element in root.iter():
        mine, theirs = copy_tree(element), copy.deepcopy(element)
        assert etree.tostring(mine) == etree.tostring(theirs)
        assert mine.tail == theirs.tail
        assert mine.nsmap == theirs.nsmap
        assert mine is not element
        assert mine.getparent() is None


def test_the_copy_is_independent_of_the_original() -> None:
    root = etree.fromstring(_XML)
    run = root[0][0]
    copied = copy_tree(run)
    copied[0].set("b", "0")
    copied.append(etree.Element("extra"))
    assert run[0].get("b") == "1"
    assert len(run) == 2
