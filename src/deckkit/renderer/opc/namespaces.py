"""Every XML namespace URI the renderer reads or writes, declared once.

Short names follow the prefixes PowerPoint writes (``a:``, ``p:``, ``c:``, ``r:``, ...), so that
``f"{{{A}}}t"`` reads like ``a:t``. ``NSMAP`` maps those prefixes for XPath and ``find``.
"""

from __future__ import annotations

from typing import Final

# DrawingML, PresentationML and charts (ECMA-376 Transitional).
A: Final = "http://schemas.openxmlformats.org/drawingml/2006/main"
P: Final = "http://schemas.openxmlformats.org/presentationml/2006/main"
C: Final = "http://schemas.openxmlformats.org/drawingml/2006/chart"
TABLE: Final = "http://schemas.openxmlformats.org/drawingml/2006/table"
R: Final = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
DGM: Final = "http://schemas.openxmlformats.org/drawingml/2006/diagram"
MC: Final = "http://schemas.openxmlformats.org/markup-compatibility/2006"
EP: Final = "http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"
# SpreadsheetML (the chart's embedded workbook).
S: Final = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
# Open Packaging Conventions.
CT: Final = "http://schemas.openxmlformats.org/package/2006/content-types"
PR: Final = "http://schemas.openxmlformats.org/package/2006/relationships"
# Microsoft extensions.
P14: Final = "http://schemas.microsoft.com/office/powerpoint/2010/main"
P15: Final = "http://schemas.microsoft.com/office/powerpoint/2012/main"
A16: Final = "http://schemas.microsoft.com/office/drawing/2014/main"
DSP: Final = "http://schemas.microsoft.com/office/drawing/2008/diagram"  # SmartArt's drawing
AHYP: Final = "http://schemas.microsoft.com/office/drawing/2018/hyperlinkcolor"

NSMAP: Final = {"a": A, "p": P, "r": R, "c": C}
