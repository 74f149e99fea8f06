"""Find the gallery's cases: every ``case_*`` function of every module in ``cases/``."""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tests.gallery.cases import GalleryInput

CASES_DIR = Path(__file__).parent / "cases"
GOLDEN_DIR = Path(__file__).parent / "golden"


@dataclass(frozen=True)
class Case:
    topic: str  # the module's name: text, tables, ...
    name: str  # the function's name without "case_"
    make: Callable[[Path], GalleryInput]
    description: str  # what a reviewer must see

    @property
    def id(self) -> str:
        return f"{self.topic}/{self.name}"

    def golden(self, page: int) -> Path:
        return GOLDEN_DIR / self.topic / f"{self.name}-{page}.png"


def discover() -> list[Case]:
    """Every case, by topic then in source order (the order a reviewer reads them in)."""
    cases: list[Case] = []
    for path in sorted(CASES_DIR.glob("*.py")):
        if path.stem.startswith("_"):
            continue
        module = importlib.import_module(f"tests.gallery.cases.{path.stem}")
        found = [
            (fn.__code__.co_firstlineno, name, fn)
            for name, fn in vars(module).items()
            if name.startswith("case_") and inspect.isfunction(fn) and fn.__module__ == module.__name__
        ]
        for _, name, fn in sorted(found):
            doc = inspect.getdoc(fn) or ""
            assert doc, f"{path.name}::{name} needs a docstring saying what a reviewer must see"
            cases.append(Case(path.stem, name.removeprefix("case_"), fn, doc.splitlines()[0]))
    return cases


def golden_pages(case: Case) -> list[Path]:
    """The committed goldens of a case, by page number."""
    folder = GOLDEN_DIR / case.topic
    pages = [p for p in folder.glob(f"{case.name}-*.png") if p.stem.rsplit("-", 1)[0] == case.name]
    return sorted(pages, key=lambda p: int(p.stem.rsplit("-", 1)[1]))


def orphan_goldens(cases: list[Case]) -> list[Path]:
    """Goldens whose case no longer exists (a renamed or removed case)."""
    known = {(c.topic, c.name) for c in cases}
    return sorted(
        p for p in GOLDEN_DIR.glob("*/*.png") if (p.parent.name, p.stem.rsplit("-", 1)[0]) not in known
    )
