"""Render workers never import from the working directory (issue 27).

``deckkit serve`` started in a folder holding a ``deckkit/`` directory (the parent of a clone)
said "startup complete", then failed every render ("the input may be too large or malformed"):
the forkserver, started as ``python -c``, had the working directory first on sys.path and
imported the empty folder as the package.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.client.live_server import make_bundle, make_template
from tests.serve_process import deckkit_serve

pytestmark = pytest.mark.slow


def test_deckkit_serve_in_the_parent_of_a_clone_renders(tmp_path: Path) -> None:
    from deckkit.client import Client

    parent = tmp_path / "projects"
    (parent / "deckkit").mkdir(parents=True)  # a clone, as its parent folder sees it
    bundle = make_bundle(make_template(tmp_path / "template.pptx"), ["Hello", "World"])
    with deckkit_serve(parent) as server, Client(server.base_url, server.token) as client:
        result = client.render(bundle, raise_on_failure=False)
    assert result.session.render_message is None
    assert result.slide_count == 2
