"""An import inside a function says why it is there.

Layers point one way, so no import is deferred to hide a circle: an import stays in a function
only where the module is optional or heavy by design (pandas, polars, matplotlib, ipywidgets,
IPython, tqdm, boto3, Pillow and fontTools when they are needed, the layer a CLI verb runs),
and a comment right above it (or on its line) says so. A new deferred import without one fails
here; so does a deferred import of a deckkit module that no function needs deferred (counted
below, so that the count is seen to go down, never up).
"""

from __future__ import annotations

import ast
import io
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted([*(ROOT / "src").rglob("*.py"), *(ROOT / "server").rglob("*.py")])

# Deferred imports of deckkit's own modules (deckkit, deckkit_server): each a verb or a hook that
# loads a heavier layer on purpose. Raise it only with a reason in the code; lower it when one goes.
MAX_DEFERRED_OWN_IMPORTS = 20


def _deferred_imports(path: Path) -> list[tuple[int, ast.Import | ast.ImportFrom]]:
    tree = ast.parse(path.read_text(), str(path))
    found: dict[int, tuple[int, ast.Import | ast.ImportFrom]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import | ast.ImportFrom):
                    found[id(inner)] = (inner.lineno, inner)
    return sorted(found.values(), key=lambda pair: pair[0])


def _comments(path: Path) -> dict[int, str]:
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text()).readline)
    return {t.start[0]: t.string for t in tokens if t.type == tokenize.COMMENT}


def _explained(line: int, lines: list[str], comments: dict[int, str]) -> bool:
    """A comment on the import's line, or above it: right above, or above the imports before it."""
    if line in comments:
        return True
    above = line - 1
    # A group of imports (third-party, then deckkit's, a blank line between) shares the comment
    # above its first line.
    while above > 0 and (
        lines[above - 1].strip().startswith(("from ", "import "))
        or (
            not lines[above - 1].strip()
            and above > 1
            and lines[above - 2].strip().startswith(("from ", "import "))
        )
    ):
        above -= 1
    return above in comments


def _is_own(node: ast.Import | ast.ImportFrom) -> bool:
    names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [a.name for a in node.names]
    return getattr(node, "level", 0) > 0 or any(
        n.split(".")[0] in ("deckkit", "deckkit_server") for n in names
    )


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_deferred_import_says_why(path: Path) -> None:
    lines = path.read_text().splitlines()
    comments = _comments(path)
    unexplained = [
        f"{path.relative_to(ROOT)}:{line}: {lines[line - 1].strip()}"
        for line, _ in _deferred_imports(path)
        if not _explained(line, lines, comments)
    ]
    assert not unexplained, "imported in a function without a comment saying why:\n" + "\n".join(unexplained)


def test_deferred_imports_of_deckkit_modules_do_not_grow() -> None:
    own = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in SOURCES
        for line, node in _deferred_imports(path)
        if _is_own(node)
    ]
    assert len(own) <= MAX_DEFERRED_OWN_IMPORTS, "\n".join(own)
