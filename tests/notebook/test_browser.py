from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.inspect.conftest import template_bytes as _template_bytes

from deckkit.notebook import TemplateBrowser

template_bytes = _template_bytes


def test_browser_shows_keys_and_skeleton_of_the_selected_slide(template_bytes: bytes) -> None:
    browser = TemplateBrowser(template_bytes, previews=False)
    assert [label for label, _ in browser.selector.options][1] == "2: Blank (2 keys)"
    assert "<code>title</code>" in browser.keys.value
    browser.selector.value = 2  # as a click in the dropdown does
    assert "<code>sales</code>" in browser.keys.value
    assert json.loads(browser.skeleton.value)["template"] == 2
    assert "{note} {sales}" in browser.sketch.value  # the table frame, labelled with the keys it holds
    browser.show(3)
    assert browser.selector.value == 3
    assert "trend" in browser.keys.value


def test_magic_and_error_display(template_bytes: bytes, tmp_path: Path) -> None:
    from IPython import get_ipython
    from IPython.testing.globalipapp import start_ipython

    ip = start_ipython() or get_ipython()
    assert ip is not None
    path = tmp_path / "t.pptx"
    path.write_bytes(template_bytes)
    ip.run_line_magic("load_ext", "deckkit")
    shown = ip.run_line_magic("deckkit", f"keys {path}")
    assert "sales" in shown._repr_html_()
    skeleton = ip.run_line_magic("deckkit", f"skeleton {path}")
    assert skeleton.data["slides"][0]["template"] == 1
    browser = ip.run_line_magic("deckkit", f"browse {path}")
    assert isinstance(browser, TemplateBrowser)
    assert ip.run_line_magic("deckkit", "nonsense") is None  # usage printed, one line (test_magic.py)


@pytest.fixture(autouse=True)
def _no_previews(monkeypatch: pytest.MonkeyPatch) -> None:
    import deckkit.template.preview

    monkeypatch.setattr(deckkit.template.preview, "libreoffice_available", lambda: False)


def test_browser_tags_a_shape_and_saves_the_template(tmp_path: Path) -> None:
    from tests.inspect.test_tagging import build_untagged

    from deckkit.template.inspect import Template

    path = tmp_path / "t.pptx"
    path.write_bytes(build_untagged())
    browser = TemplateBrowser(path, previews=False)
    assert browser.untagged.label == 'table "Revenue Table" (id 2)'
    assert browser.key.value == "revenue_table"  # suggested from the shape's name
    browser.key.value = "sales"
    browser.tag_button.click()
    assert "<code>sales</code>" in browser.keys.value
    assert next(label for label, _ in browser.untagged.options).startswith('chart "Chart')
    browser.tag(key="no good")
    assert "cannot be a key" in browser.message.value
    assert browser.save_path.value == str(path)
    browser.save_button.click()
    assert "Saved" in browser.message.value
    assert Template.open(path).slide(1).keys == ["sales"]
    browser.show(2)
    assert browser.tag_button.disabled  # slide 2 has nothing untagged


def test_a_packaged_example_is_never_the_default_save_target() -> None:
    from deckkit.examples import template
    from deckkit.notebook.browser import TemplateBrowser

    browser = TemplateBrowser(template(), previews=False)
    assert browser.save_path.value == "template.pptx"
