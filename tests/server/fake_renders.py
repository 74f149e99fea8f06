"""Render functions with known behaviour, for the worker and API tests (loaded in render processes).

``title_deck`` is a small real renderer: it fills ``{title}`` on the template's first slide with
``data.json``'s first slide ``title``; data.json's ``_test`` object may name a file that
counts its calls (``log``: a line ``render <pid of the render process>`` per call) and a
``delay`` in seconds (render processes do not see the test's
environment: they fork from the forkserver).
"""

from __future__ import annotations

import ctypes
import io
import json
import os
import time
import zipfile
from dataclasses import dataclass, field

from deckkit.errors import DataError, Problem


@dataclass
class FakeResult:
    pptx: bytes
    slide_count: int
    warnings: list[Problem] = field(default_factory=list)


def title_deck(zip_bytes: bytes) -> FakeResult:
    from pptx import Presentation

    with zipfile.ZipFile(io.BytesIO(zip_bytes)) as bundle:
        data = json.loads(bundle.read("data.json"))
        presentation = Presentation(io.BytesIO(bundle.read("template.pptx")))
    test = data.get("_test", {}) if isinstance(data, dict) else {}
    if "log" in test:
        with open(test["log"], "a") as handle:
            handle.write(f"render {os.getpid()}\n")
    time.sleep(float(test.get("delay", 0)))
    slides = data["slides"] if isinstance(data, dict) else data
    title = slides[0].get("title")
    if not isinstance(title, str):
        raise DataError([Problem("slides[0].title", "must be a string")])
    for shape in presentation.slides[0].shapes:
        if shape.has_text_frame and "{title}" in shape.text_frame.text:
            shape.text_frame.text = shape.text_frame.text.replace("{title}", title)
    out = io.BytesIO()
    presentation.save(out)
    return FakeResult(out.getvalue(), len(presentation.slides))


def refuse(zip_bytes: bytes) -> FakeResult:
    raise DataError([Problem("slides[2].sales", 'no table with alt text "sales" on template slide 3')])


def crash(zip_bytes: bytes) -> FakeResult:
    ctypes.string_at(0)  # segmentation fault: the process dies without a word
    raise AssertionError("unreachable")


def exit_hard(zip_bytes: bytes) -> FakeResult:
    os._exit(3)


def hang(zip_bytes: bytes) -> FakeResult:
    time.sleep(3600)
    raise AssertionError("unreachable")


def hog_memory(zip_bytes: bytes) -> FakeResult:
    blocks = [bytearray(64 * 1024 * 1024) for _ in range(64)]  # 4 GiB, beyond any test limit
    return FakeResult(bytes(len(blocks)), 1)


def pid_deck(zip_bytes: bytes) -> FakeResult:
    """The render process's id as the "deck"; ``b"exit"`` ends the process instead."""
    if zip_bytes == b"exit":
        os._exit(3)
    return FakeResult(str(os.getpid()).encode(), 1)


def bug(zip_bytes: bytes) -> FakeResult:
    return {}["missing"]  # type: ignore[no-any-return]
