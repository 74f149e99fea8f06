"""Every XML namespace URI deckkit reads or writes, declared once, and :func:`qn` to name a tag.

Short names follow the prefixes PowerPoint writes (``a:``, ``p:``, ``c:``, ``r:``, ...), and
``qn("a:t")`` gives the Clark name lxml uses (``{http://...drawingml/2006/main}t``), so that
code reads the way the XML does. ``NSMAP`` maps the common prefixes for XPath and ``find``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

__all__ = [
    "A16",
    "AHYP",
    "CT",
    "CUP",
    "DGM",
    "DSP",
    "EP",
    "MC",
    "NSMAP",
    "P14",
    "P15",
    "P188",
    "PR",
    "PREFIXES",
    "TABLE",
    "VT",
    "A",
    "C",
    "P",
    "R",
    "S",
    "qn",
]

# DrawingML, PresentationML and charts (ECMA-376 Transitional).
A: Final = "http://schemas.openxmlformats.org/drawingml/2006/main"
P: Final = "http://schemas.openxmlformats.org/presentationml/2006/main"
C: Final = "http://schemas.openxmlformats.org/drawingml/2006/chart"
DGM: Final = "http://schemas.openxmlformats.org/drawingml/2006/diagram"
TABLE: Final = "http://schemas.openxmlformats.org/drawingml/2006/table"
R: Final = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
MC: Final = "http://schemas.openxmlformats.org/markup-compatibility/2006"
EP: Final = "http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"
CUP: Final = "http://schemas.openxmlformats.org/officeDocument/2006/custom-properties"
VT: Final = "http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"
# SpreadsheetML (the chart's embedded workbook).
S: Final = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
# Open Packaging Conventions.
CT: Final = "http://schemas.openxmlformats.org/package/2006/content-types"
PR: Final = "http://schemas.openxmlformats.org/package/2006/relationships"
# Microsoft extensions.
P14: Final = "http://schemas.microsoft.com/office/powerpoint/2010/main"
P15: Final = "http://schemas.microsoft.com/office/powerpoint/2012/main"
P188: Final = "http://schemas.microsoft.com/office/powerpoint/2018/8/main"  # modern comments
A16: Final = "http://schemas.microsoft.com/office/drawing/2014/main"
AHYP: Final = "http://schemas.microsoft.com/office/drawing/2018/hyperlinkcolor"
DSP: Final = "http://schemas.microsoft.com/office/drawing/2008/diagram"  # SmartArt's drawing

NSMAP: Final = {"a": A, "p": P, "r": R, "c": C}

# Every prefix qn() knows: PowerPoint's own, and one per extension namespace.
PREFIXES: Final = {
    "a": A,
    "p": P,
    "c": C,
    "r": R,
    "mc": MC,
    "ep": EP,
    "cup": CUP,
    "vt": VT,
    "s": S,
    "ct": CT,
    "pr": PR,
    "p14": P14,
    "p15": P15,
    "p188": P188,
    "a16": A16,
    "ahyp": AHYP,
    "table": TABLE,
    "dgm": DGM,
    "dsp": DSP,
}


class _ClarkNames(dict[str, str]):
    """``"a:t"`` -> ``"{A}t"``, each name built once: a lookup is a dict hit (fillers name tags in loops)."""

    def __missing__(self, name: str) -> str:
        clark = self[name] = "/".join(_clark(step) for step in name.split("/"))
        return clark


def _clark(step: str) -> str:
    if ":" not in step:  # ".", "*" or the empty step of ".//"
        return step
    prefix, _, local = step.partition(":")
    if prefix not in PREFIXES:
        raise KeyError(f"{step!r} is not a prefixed name ({', '.join(PREFIXES)})")
    return f"{{{PREFIXES[prefix]}}}{local}"


qn = _ClarkNames().__getitem__
"""The Clark name of a prefixed tag or attribute, ``qn("c:ser")``, or of each step of a path for
``find``, ``qn("p:spPr/a:xfrm")``, ``qn(".//c:pt")``; ``qn("r:")`` is the namespace's own ``{...}``."""


class _LocalNames(dict[str, str]):
    """``tag`` -> ``"{uri}tag"`` for one namespace, each name built once."""

    def __init__(self, prefix: str) -> None:
        super().__init__()
        self._uri = "{" + PREFIXES[prefix] + "}"

    def __missing__(self, tag: str) -> str:
        clark = self[tag] = self._uri + tag
        return clark


def names_in(prefix: str) -> Callable[[str], str]:
    """``names_in("c")("ser")`` is ``qn("c:ser")``: for code that names tags of one namespace at
    run time, a lookup without building ``"c:" + tag`` first."""
    return _LocalNames(prefix).__getitem__
