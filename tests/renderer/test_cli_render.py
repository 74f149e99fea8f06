"""``deckkit render``: a bundle, a template + data.json, problems listed with exit status 1, --remote."""

from __future__ import annotations

import json
import sys
import types
import warnings
import zipfile
from pathlib import Path

import pytest

from deckkit.cli import main
from deckkit.errors import Problem, UnusedKeyWarning
from tests.renderer.core_kit import NS, RenderedPptx, add_textbox, blank_slide, new_presentation, png_bytes


@pytest.fixture
def workspace(tmp_path: Path, save_template) -> Path:
    prs = new_presentation()
    add_textbox(blank_slide(prs), "{title}")
    add_textbox(blank_slide(prs), "{pic}", width=3, height=2)
    save_template(prs)
    (tmp_path / "images").mkdir()
    (tmp_path / "images" / "a.png").write_bytes(png_bytes())
    data = [
        {"template": 1, "title": "Hello"},
        {"template": 2, "pic": {"type": "image", "src": "images/a.png"}},
    ]
    (tmp_path / "data.json").write_text(json.dumps(data))
    return tmp_path


def test_render_template_and_data(workspace: Path, capsys, check_render):
    out = workspace / "out.pptx"
    status = main(["render", str(workspace / "template.pptx"), str(workspace / "data.json"), "-o", str(out)])
    assert status == 0
    assert f"wrote {out} (2 slides)" in capsys.readouterr().out
    deck = check_render(out.read_bytes(), workspace / "template.pptx", pages=2)
    assert deck.texts(0) == ["Hello"]
    assert deck.slide(1).xpath("//p:pic", namespaces=NS)


def test_render_bundle(workspace: Path, capsys):
    bundle = workspace / "input.zip"
    with zipfile.ZipFile(bundle, "w") as z:
        for name in ("template.pptx", "data.json", "images/a.png"):
            z.write(workspace / name, name)
    out = workspace / "b.pptx"
    assert main(["render", str(bundle), "-o", str(out)]) == 0
    assert RenderedPptx(out.read_bytes()).texts(0) == ["Hello"]


def test_problems_are_listed_and_exit_status_is_1(workspace: Path, capsys):
    (workspace / "data.json").write_text(
        json.dumps([{"template": 5}, {"template": 2, "pic": {"type": "image", "src": "nope.png"}}])
    )
    out = workspace / "out.pptx"
    status = main(["render", str(workspace / "template.pptx"), str(workspace / "data.json"), "-o", str(out)])
    err = capsys.readouterr().err
    assert status == 1
    assert "slides[0].template: template slide 5 does not exist" in err
    assert "slides[1].pic.src" in err
    assert "Traceback" not in err
    assert not out.exists()


def test_warnings_go_to_stderr_and_strict_fails(workspace: Path, capsys):
    (workspace / "data.json").write_text(json.dumps([{"template": 1, "title": "x", "other": "y"}]))
    args = [
        "render",
        str(workspace / "template.pptx"),
        str(workspace / "data.json"),
        "-o",
        str(workspace / "o.pptx"),
    ]
    assert main(args) == 0
    assert "warning: slides[0].other: template slide 1 has no key `other`" in capsys.readouterr().err
    assert main([*args, "--strict"]) == 1


def test_a_template_alone_is_a_usage_problem(workspace: Path, capsys):
    assert main(["render", str(workspace / "template.pptx"), "-o", str(workspace / "o.pptx")]) == 1
    assert "give data.json too" in capsys.readouterr().err


def test_remote_builds_the_bundle_and_calls_the_client(workspace: Path, capsys, monkeypatch):
    calls = []

    class Rendered:
        slide_count = 2
        warnings = (Problem("slides[0].titel", "template slide 1 has no key `titel`", "unused key"),)

    class Client:
        def __init__(self, base_url, token):
            self.base_url, self.token = base_url, token

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def render(self, source, *, to, progress, strict):
            calls.append((source, str(to), self.base_url, self.token, progress is not None, strict))
            Path(to).write_bytes(b"pptx")
            warnings.warn(UnusedKeyWarning("given as a Python warning by the client"), stacklevel=1)
            return Rendered()

    class TqdmProgress:
        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

    fake = types.ModuleType("deckkit.client")
    fake.Client = Client  # type: ignore[attr-defined]
    fake.TqdmProgress = TqdmProgress  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "deckkit.client", fake)
    monkeypatch.setenv("DECKKIT_API_TOKEN", "env-token")
    out = workspace / "r.pptx"
    args = [
        "render",
        str(workspace / "template.pptx"),
        str(workspace / "data.json"),
        "-o",
        str(out),
        "--remote",
        "--base-url",
        "http://127.0.0.1:9",
    ]
    assert main(args) == 0
    (source, out_path, base_url, token, progress, strict) = calls[0]
    assert (out_path, base_url, token, progress, strict) == (
        str(out),
        "http://127.0.0.1:9",
        "env-token",
        True,
        False,
    )
    with zipfile.ZipFile(__import__("io").BytesIO(source)) as z:
        assert {"template.pptx", "data.json", "images/a.png"} <= set(z.namelist())
    captured = capsys.readouterr()
    assert "(2 slides)" in captured.out
    # Listed as a local render lists them, not as a Python warning.
    assert captured.err == "warning: slides[0].titel: template slide 1 has no key `titel`\n"
    assert main([*args, "--strict"]) == 0
    assert calls[1][-1] is True
