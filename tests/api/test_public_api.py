from __future__ import annotations

import subprocess
import sys

import pytest

import deckkit


def test_all_names_resolve() -> None:
    for name in deckkit.__all__:
        assert getattr(deckkit, name) is not None, name


def test_all_is_sorted_and_unique() -> None:
    assert list(deckkit.__all__) == sorted(set(deckkit.__all__))


def test_lazy_names_load_their_modules_on_first_use() -> None:
    code = (
        "import sys, deckkit\n"
        "assert 'deckkit.renderer' not in sys.modules\n"
        "deckkit.render\n"
        "assert 'deckkit.renderer' in sys.modules\n"
        "assert 'httpx' not in sys.modules\n"
        "deckkit.Client\n"
        "assert 'httpx' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_unknown_attribute_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        deckkit.no_such_name  # noqa: B018


def _type_checking_imports() -> dict[str, str]:
    """name -> module of every ``from M import N as N`` under ``if TYPE_CHECKING:`` in deckkit/__init__.py."""
    import ast
    from pathlib import Path

    tree = ast.parse(Path(deckkit.__file__).read_text())
    found: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for statement in node.body:
                if isinstance(statement, ast.ImportFrom):
                    for alias in statement.names:
                        assert alias.asname == alias.name, f"{alias.name}: re-exported as itself"
                        found[alias.name] = str(statement.module)
    return found


def test_the_type_checking_imports_are_the_list_of_public_names() -> None:
    # mypy and IDEs read the TYPE_CHECKING block; the lazy loader and __all__ read _PUBLIC.
    assert _type_checking_imports() == deckkit._PUBLIC


def test_all_is_made_from_the_list_of_public_names() -> None:
    assert set(deckkit.__all__) == {*deckkit._PUBLIC, "__version__", "options"}


def test_former_names_are_the_same_objects() -> None:
    assert deckkit.Databar is deckkit.CellDataBar  # type: ignore[attr-defined]
    assert deckkit.Scatter is deckkit.ScatterChart  # type: ignore[attr-defined]
