"""The documentation runs as tests: README.md and docs/*.md are collected by tests/docs/runner.py.

(This file only hands pytest that collector, at the root so that it sees README.md; see
docs/README.md for how a page's blocks run.)
"""

from __future__ import annotations

import pytest
from tests.docs.runner import pytest_collect_file

__all__ = ["pytest_collect_file", "pytest_collection_modifyitems"]


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # A page's blocks share one namespace, one folder and one server: one xdist worker runs them.
    for item in items:
        if item.path.suffix == ".md":
            item.add_marker(pytest.mark.xdist_group(f"docs-{item.path.name}"))
