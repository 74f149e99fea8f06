"""Every deck of tests/corpus/decks is rendered (each slide once, every {key} filled) or refused clearly.

Rendered files pass python-pptx and the schema validator (against the template as baseline;
for a Strict template, against the template as deckkit reads it, translated to Transitional, so
that the template's own quirks do not count); LibreOffice converts a sample of them (slow).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from deckkit.errors import TemplateError
from deckkit.ooxml.locate import KEY_PATTERN, locate_placeholders
from deckkit.ooxml.opc.package import open_package
from deckkit.renderer import render
from deckkit.template.inspect import Template
from tests.readers import CORPUS, assert_readable

FILES = sorted(CORPUS.glob("*/*.pptx"))
LIBREOFFICE_SAMPLE = FILES[::9]

# The refusals the corpus is known to need: each message says what to do.
REFUSALS = ("password-protected", "has no slides")


def _data_for(template: bytes) -> list[dict[str, object]]:
    package = open_package(template)
    slides = []
    for number, slide in enumerate(package.slides(), start=1):
        keys = locate_placeholders(slide.xml).text
        slides.append({"template": number, **{key: f"<{key}>" for key in keys}})
    return slides


def _render_or_refuse(path: Path, tmp_path: Path, *, libreoffice: bool) -> None:
    template = path.read_bytes()
    try:
        data = _data_for(template)
    except TemplateError as refusal:
        message = str(refusal)
    else:
        message = ""
    if message:
        assert any(reason in message for reason in REFUSALS), message
        assert message.startswith("template.pptx ")
        return
    result = render(template, data)
    assert result.slide_count == len(data)
    # Some corpus decks link to files outside them (a linked sound, a file: link): each warning
    # names one that inspection lists too; no other warning.
    assert [w for w in result.warnings if w.kind != "external link"] == []
    listed = {f"{link.what} to {link.target}" for link in Template(template).external_links}
    for warning in result.warnings:
        assert any(link in warning.message for link in listed), warning
    out = tmp_path / path.name
    out.write_bytes(result.pptx)
    assert_readable(out, path, pages=len(data), libreoffice=libreoffice)
    rendered = open_package(result.pptx)
    for slide in rendered.slides():
        left = [
            m.group(0) for p in slide.xml.iter("{*}p") for m in KEY_PATTERN.finditer("".join(p.itertext()))
        ]
        assert left == [], f"unfilled placeholders {left}"


def test_the_corpus_is_here() -> None:
    assert len(FILES) >= 40, f"{CORPUS} lost decks: it comes with the repository"


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_corpus_deck_renders_or_is_refused(path: Path, tmp_path: Path) -> None:
    _render_or_refuse(path, tmp_path, libreoffice=False)


@pytest.mark.slow
@pytest.mark.parametrize("path", LIBREOFFICE_SAMPLE, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_corpus_sample_opens_in_libreoffice(path: Path, tmp_path: Path) -> None:
    _render_or_refuse(path, tmp_path, libreoffice=True)
