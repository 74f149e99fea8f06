"""docs/media.md cannot drift: its data examples parse, and the links it lists are accepted."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pydantic import TypeAdapter

from deckkit.model.elements import Image, Video
from deckkit.renderer.media.video import embed_url

DOC = Path(__file__).resolve().parents[3] / "docs" / "media.md"


def _blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)


def test_json_examples_are_valid_media_values() -> None:
    adapter: TypeAdapter[Image | Video] = TypeAdapter(Image | Video)
    lines = [line for block in _blocks("json") for line in block.splitlines() if line.strip()]
    assert len(lines) == 3
    for line in lines:
        value = adapter.validate_python(json.loads(line))
        assert value.type in ("image", "video")


@pytest.mark.parametrize(
    "form",
    [
        "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        "https://youtu.be/dQw4w9WgXcQ",
        "https://www.youtube.com/shorts/dQw4w9WgXcQ",
        "https://www.youtube.com/embed/dQw4w9WgXcQ",
        "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
        "https://vimeo.com/76979871",
        "https://vimeo.com/channels/staffpicks/76979871",
        "https://vimeo.com/76979871/a1b2c3d4e5",
        "https://player.vimeo.com/video/76979871",
    ],
)
def test_documented_link_forms_are_accepted(form: str) -> None:
    # the table lists each form without scheme and with ID/NAME/HASH placeholders
    shape = re.sub(r"dQw4w9WgXcQ|76979871", "ID", form.removeprefix("https://").removeprefix("www."))
    shape = shape.replace("staffpicks", "NAME").replace("a1b2c3d4e5", "HASH")
    assert f"`{shape}`" in DOC.read_text(encoding="utf-8")
    assert embed_url(form) is not None
