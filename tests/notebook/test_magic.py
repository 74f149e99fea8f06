"""The %deckkit magic: each verb, one-line failures, strict mode, error display; the Python skeleton."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import deckkit
from deckkit import Deck, examples
from deckkit.notebook.extension import ErrorDisplay
from deckkit.template.skeleton import python_skeleton

pytestmark = pytest.mark.usefixtures("wireframes")


@pytest.fixture(scope="module")
def ip() -> Iterator[Any]:
    from IPython import get_ipython
    from IPython.testing.globalipapp import start_ipython

    shell = start_ipython() or get_ipython()  # one shell per process: another test may have started it
    assert shell is not None
    shell.run_line_magic("load_ext", "deckkit")
    return shell


@pytest.mark.parametrize(
    "line",
    [
        "validate missing.zip",
        "preview missing.pptx",
        "keys missing.pptx",
        "browse missing.pptx",
        "skeleton --python missing.pptx",
    ],
)
def test_missing_files_are_one_line_without_traceback(
    ip: Any, line: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert ip.run_line_magic("deckkit", line) is None
    err = capsys.readouterr().err
    assert err == f"deckkit: {line.split()[-1]}: no such file\n"


def test_usage_is_one_line(ip: Any, capsys: pytest.CaptureFixture[str]) -> None:
    assert ip.run_line_magic("deckkit", "frobnicate x") is None
    assert capsys.readouterr().err.startswith("deckkit: unknown command 'frobnicate'; usage: %deckkit")


def test_preview_shows_thumbnails_of_a_pptx(ip: Any, tmp_path: Path) -> None:
    deck = Deck(examples.template())
    deck.add_slide(1, title="Q3", subtitle="review")
    out = tmp_path / "out.pptx"
    deck.render(out)
    shown = ip.run_line_magic("deckkit", f"preview {out}")
    assert shown._repr_html_().count('<img class="deckkit-thumb"') == 1
    assert "wireframe previews" in shown._repr_html_()
    assert repr(shown).startswith("<pptx out.pptx: 1 slide, pptx of ")


def test_validate_runs_the_plan_against_the_template(ip: Any, tmp_path: Path) -> None:
    deck = Deck(examples.template())
    deck.add_slide(1, title="Q3", subtitle="review")
    good = deck.save_zip(tmp_path / "good.zip")
    assert "valid, 1 slide" in ip.run_line_magic("deckkit", f"validate {good}").data


def test_strict_magic_switches_the_option(ip: Any) -> None:
    try:
        assert "on" in ip.run_line_magic("deckkit", "strict").data
        assert deckkit.options.strict is True
        assert "off" in ip.run_line_magic("deckkit", "strict off").data
        assert deckkit.options.strict is False
    finally:
        deckkit.options.strict = False


def test_errors_display_as_a_list_with_paths() -> None:
    from deckkit.errors import Problem, RenderError

    error = RenderError(
        [Problem("slides[0].a", "x"), Problem("slides[1].b", "y <z>")], summary="it does not fit"
    )
    page = ErrorDisplay(error)._repr_html_()
    assert "<b>RenderError: it does not fit</b>" in page
    assert "<li><code>slides[1].b</code>: y &lt;z&gt;</li>" in page
    assert repr(ErrorDisplay(error)).startswith("RenderError: it does not fit:")


def test_python_skeleton_runs_as_written(ip: Any, tmp_path: Path) -> None:
    code = python_skeleton(examples.template_info(), str(examples.template()))
    (tmp_path / "plot.png").write_bytes(_png())
    script = tmp_path / "skeleton.py"
    script.write_text(code)
    done = subprocess.run(
        [sys.executable, "-W", "error::UserWarning", str(script)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ},
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out.pptx").is_file()
    shown = ip.run_line_magic("deckkit", f"skeleton --python {examples.template()}")
    assert "deck.add_slide(2, heading=" in shown.data


def _png() -> bytes:
    import io

    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (4, 3), (200, 0, 0)).save(out, format="PNG")
    return out.getvalue()
