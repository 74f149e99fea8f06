"""docs/security.md names, for each limit and defence, the test that proves it: those tests exist."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_test_named_in_security_md_exists() -> None:
    text = (ROOT / "docs" / "security.md").read_text()
    named: list[tuple[str, str]] = []
    for cell in re.findall(r"`([^`]*::[^`]*)`", text):
        path, _, name = cell.partition("::")
        current = path or named[-1][0]
        named.append((current, name))
    assert len(named) > 30
    for path, name in named:
        # Server tests by their name in tests/server; others (the renderer's) from the root.
        source = ROOT / path if path.startswith("tests/") else ROOT / "tests" / "server" / path
        assert source.exists(), path
        functions = {
            n.name
            for n in ast.walk(ast.parse(source.read_text()))
            if isinstance(n, ast.AsyncFunctionDef | ast.FunctionDef)
        }
        assert name in functions, f"{path}::{name} named in docs/security.md does not exist"
