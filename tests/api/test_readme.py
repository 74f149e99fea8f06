"""The README's Python example runs as written (with the sample template deckkit ships)."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_python_example_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.DOTALL)
    assert blocks, "README.md has no Python example"
    monkeypatch.chdir(tmp_path)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the example must not even warn
        for block in blocks:
            exec(compile(block, str(README), "exec"), {})
    assert (tmp_path / "input.zip").is_file()
    from tests.readers import assert_readable

    from deckkit import examples

    assert_readable(tmp_path / "out.pptx", examples.template(), pages=1, libreoffice=False)
