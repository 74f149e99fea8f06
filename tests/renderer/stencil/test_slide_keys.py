"""SlideKeys: a copy's keys found from its template slide's, as locating the copy would find them."""

from __future__ import annotations

import copy

from lxml import etree

from deckkit.ooxml.locate import SlidePlaceholders, locate_placeholders
from deckkit.ooxml.opc.part import Part
from deckkit.renderer.stencil.slide_keys import SlideKeys
from tests.renderer.test_locate import SLIDE

CT = "application/vnd.openxmlformats-officedocument.presentationml.slide+xml"
OTHER = SLIDE.replace("{deep}", "{other} and {more}").replace("{cell}", "plain")


def _part(xml: str) -> Part:
    return Part(None, "ppt/slides/slide1.xml", CT, xml=etree.fromstring(xml))  # type: ignore[arg-type]


def _summary(found: SlidePlaceholders, root: etree._Element) -> object:
    """Everything a filler uses, with elements as their place in root (which must hold them)."""
    tree = root.getroottree()

    def where(el: etree._Element | None) -> str | None:
        assert el is None or el.getroottree().getroot() is root, "an element of another tree"
        return tree.getpath(el) if el is not None else None

    text = {
        key: [
            (o.start, o.end, where(o.shape), where(o.paragraph), where(o.cell), [n.key for n in o.neighbours])
            for o in occs
        ]
        for key, occs in found.text.items()
    }
    frames = [(f.alt_text, f.kind, where(f.element), f.name) for f in found.frames]
    return list(found.text), text, frames


def test_a_copy_gets_its_own_elements_as_locating_it_would():
    template = _part(SLIDE)
    locator = SlideKeys()
    for _ in range(2):  # the second copy comes from the kept positions too
        root = copy.deepcopy(template.xml)
        found = locator.locate(template, root)
        assert _summary(found, root) == _summary(locate_placeholders(root), root)


def test_neighbours_are_shared_per_paragraph_and_new_per_copy():
    template = _part(SLIDE.replace("{deep}", "{a} {b}"))
    locator = SlideKeys()
    first = locator.locate(template, copy.deepcopy(template.xml))
    second = locator.locate(template, copy.deepcopy(template.xml))
    a, b = first.text["a"][0], first.text["b"][0]
    assert a.neighbours is b.neighbours
    a.start += 5  # the text filler moves the offsets of one copy's keys...
    assert second.text["a"][0].start == 0  # ...never another copy's
    assert second.text["a"][0].neighbours is not a.neighbours


def test_two_templates_never_share_keys():
    one, other = _part(SLIDE), _part(OTHER)
    locator = SlideKeys()
    for template in (one, other, one):
        root = copy.deepcopy(template.xml)
        assert _summary(locator.locate(template, root), root) == _summary(locate_placeholders(root), root)
    assert "other" not in locator.locate(one, copy.deepcopy(one.xml)).text
    assert "deep" not in locator.locate(other, copy.deepcopy(other.xml)).text


def test_a_tree_that_is_not_a_copy_is_located_afresh():
    """A changed tree is caught by its shape: its text is not read (a copy is used as cloned)."""
    template = _part(SLIDE)
    locator = SlideKeys()
    locator.locate(template, copy.deepcopy(template.xml))
    changed = copy.deepcopy(template.xml)
    tree = changed.find(".//{*}spTree")
    assert tree is not None
    tree.remove(tree[2])  # the first shape: every later position now leads elsewhere
    assert _summary(locator.locate(template, changed), changed) == _summary(
        locate_placeholders(changed), changed
    )


def test_with_stencils_off_every_copy_is_located_afresh(stencils_off: None):
    template = _part(SLIDE)
    locator = SlideKeys()
    root = copy.deepcopy(template.xml)
    assert _summary(locator.locate(template, root), root) == _summary(locate_placeholders(root), root)
    assert len(locator._templates) == 0  # nothing prepared
