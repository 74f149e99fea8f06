"""Every fit warning's advice on the corpus decks, followed, removes the warning (issue 25: "every
warning that gives advice names advice that works", on decks deckkit's authors did not draw).

Each deck of tests/corpus/decks is keyed and filled as in test_corpus_fill.py. For each warning
that a shape runs off the slide, out of its box or over another shape, each piece of advice a
program can follow is followed, one at a time, on that slide alone (fit is measured slide by
slide; the warning is checked to come back there first): fewer list items or table rows, a table
kept in its frame, a taller or wider box, a box that shrinks its text or wraps it. The slide is
rendered again and must warn of nothing that fit measures at that data path. Advice for a person
(shorten the text, move the other shape) is not followed here.
"""

from __future__ import annotations

import copy
import re
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from deckkit.errors import Problem, TemplateError
from deckkit.ooxml.locate import inherited_xfrm
from deckkit.ooxml.namespaces import qn
from deckkit.ooxml.opc.package import open_package
from deckkit.renderer import render
from tests.corpus.fill_kit import fills, keyed
from tests.readers import CORPUS

FILES = sorted(CORPUS.glob("*/*.pptx"))
FIT = ("off slide", "text overflow", "overlap")
EMU_INCH = 914400
_PATH = re.compile(r"slides\[(\d+)\]\.(.+)$")
_AUTOFITS = (qn("a:noAutofit"), qn("a:normAutofit"), qn("a:spAutoFit"))

Edit = Callable[[etree._Element, Any], None]  # (the p:sp holding the key, its slide part)


def _render(template: bytes, data: list[dict[str, Any]]) -> list[Problem]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the warnings are checked on the result
        return list(render(template, data).warnings)


def _edited(template: bytes, number: int, key: str, edit: Edit) -> bytes:
    """The template with ``edit`` done to the text box of slide ``number`` that holds ``{key}``."""
    package = open_package(template)
    slide = package.slides()[number - 1]
    for sp in slide.xml.iter(qn("p:sp")):
        if "{" + key + "}" in "".join(sp.itertext()):
            edit(sp, slide)
            return package.write()
    raise AssertionError(f"no text box of slide {number} holds {{{key}}}")


def _sized(dimension: str, inches: float) -> Edit:
    def edit(sp: etree._Element, slide: Any) -> None:
        sp_pr = sp.find(qn("p:spPr"))
        assert sp_pr is not None
        xfrm = sp_pr.find(qn("a:xfrm"))
        if xfrm is None:  # a placeholder where its layout puts it: resized on the slide
            inherited = inherited_xfrm(sp, slide)
            assert inherited is not None
            xfrm = copy.deepcopy(inherited)
            sp_pr.insert(0, xfrm)
        ext = xfrm.find(qn("a:ext"))
        assert ext is not None
        ext.set(dimension, str(round(inches * EMU_INCH)))

    return edit


def _body(sp: etree._Element) -> etree._Element:
    body = sp.find(f"{qn('p:txBody')}/{qn('a:bodyPr')}")
    assert body is not None
    return body


def _shrinks(sp: etree._Element, slide: Any) -> None:
    body = _body(sp)
    for child in body.iterchildren(*_AUTOFITS):
        body.remove(child)
    body.insert(0, etree.Element(qn("a:normAutofit")))


def _wraps(sp: etree._Element, slide: Any) -> None:
    _body(sp).set("wrap", "square")


def _followed(
    template: bytes, entry: dict[str, Any], key: str, message: str
) -> Iterator[tuple[str, bytes, dict[str, Any]]]:
    """(the advice, the template, the slide's data) for each advice in ``message`` a program can follow."""
    value, number = entry[key], entry["template"]
    if found := re.search(r"keep at most (\d+) of the list's \d+ items", message):
        yield found[0], template, {**entry, key: {**value, "values": value["values"][: int(found[1])]}}
    if found := re.search(r"the header row and at most (\d+) more on each", message):
        yield found[0], template, {**entry, key: {**value, "rows": value["rows"][: 1 + int(found[1])]}}
    for sizing in ("vertical_sizing", "horizontal_sizing"):
        if f'{sizing}="fixed"' in message:
            yield f'{sizing}="fixed"', template, {**entry, key: {**value, sizing: "fixed"}}
    if found := re.search(r"make the box at least ([\d.]+) in (tall|wide)", message):
        dimension = "cy" if found[2] == "tall" else "cx"
        yield found[0], _edited(template, number, key, _sized(dimension, float(found[1]))), entry
    if "let the box shrink text on overflow" in message:
        yield "shrink text on overflow", _edited(template, number, key, _shrinks), entry
    if "turn on *Wrap text in shape*" in message:
        yield "wrap text in shape", _edited(template, number, key, _wraps), entry


def _name(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=_name)
def test_each_fit_advice_followed_removes_its_warning(path: Path) -> None:
    try:
        deck = keyed(path.read_bytes())
    except TemplateError:
        return  # refused with a clear message: test_corpus_render checks which and how
    failed: list[str] = []
    for name, data in fills(deck):
        tried: set[tuple[int, str, str]] = set()
        for warning in _render(deck.template, data):
            found = _PATH.match(warning.path or "")
            if warning.kind not in FIT or found is None:
                continue
            index, key = int(found[1]), found[2]
            alone = f"slides[0].{key}"
            for advice, template, entry in _followed(deck.template, data[index], key, warning.message):
                if (index, key, advice) in tried:
                    continue
                tried.add((index, key, advice))
                before = [w for w in _render(deck.template, [data[index]]) if w.path == alone]
                assert any(w.message == warning.message for w in before), (name, warning, before)
                left = [str(w) for w in _render(template, [entry]) if w.kind in FIT and w.path == alone]
                if left:
                    failed.append(f"{name} {warning}\n  followed ({advice}), still: {left}")
    assert failed == [], "\n".join(failed)
