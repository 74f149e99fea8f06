"""format_path (its members quoted once, cached) against the plain loop it was written from."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest

from deckkit.model import format_path


def _format_path_general(parts: Sequence[str | int], root: str = "") -> str:
    out = root
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part.isidentifier():
            out += f".{part}" if out else part
        else:
            out += f"[{json.dumps(part)}]"
    return out


@pytest.mark.parametrize(
    ("parts", "root"),
    [
        (["slides", 3, "q3-sales", "rows", 2], ""),
        (["title"], ""),
        (["title"], "data.json"),
        (["q3-sales", "sales"], ""),
        (["q3-sales", "sales"], "x"),
        ([0, "a b", 'quote"d', "ünïcode", "émoji 🎉", "", "_x", "1st"], ""),
        ([True, False, 7], "r"),
        ([], ""),
        ([], "root"),
    ],
)
def test_the_same_paths_as_the_plain_loop(parts: list[str | int], root: str) -> None:
    for _ in range(2):  # the second time from the cache
        assert format_path(parts, root) == _format_path_general(parts, root)


def test_the_documented_example() -> None:
    assert format_path(["slides", 3, "q3-sales", "rows", 2]) == 'slides[3]["q3-sales"].rows[2]'
