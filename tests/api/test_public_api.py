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
