"""Auto-fit text boxes with short and long values: the box (light blue) follows its text.

The dashed grey rectangle is where the box was in the template.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.gallery.cases import GalleryInput
from tests.gallery.cases._kit import EMU, new_deck, outline
from tests.renderer.core_kit import autofit_box

LONG = "Revenue grew 12% in the third quarter, led by the North region"


def _box(slide: Any, key: str, left: float, top: float, width: float, height: float, **style: Any) -> Any:
    """An outlined auto-fit box (core_kit.autofit_box; ``style``: its wrap, align, anchor, autofit, size)."""
    from pptx.dml.color import RGBColor

    outline(slide, int(left * EMU), int(top * EMU), int(width * EMU), int(height * EMU))
    style.setdefault("size", 20)
    shape = autofit_box(slide, "{" + key + "}", left=left, top=top, width=width, height=height, **style)
    shape.fill.solid()
    shape.fill.fore_color.rgb = RGBColor(0xDD, 0xEB, 0xF7)
    return shape


def _save(prs: Any, workdir: Path) -> Path:
    path = workdir / "template.pptx"
    prs.save(str(path))
    return path


def case_unwrapped_grows_from_its_alignment_edge(workdir: Path) -> GalleryInput:
    """Three one-line boxes with a long value: left-aligned grows right from the outline's left edge, centred grows both ways, right-aligned (at the slide's right) grows left; all text on the slide, none wrapped."""
    prs, slide = new_deck()
    _box(slide, "left", 0.5, 1, 1.2, 0.5, wrap=False, align="l")
    _box(slide, "centre", 6.1, 2.5, 1.2, 0.5, wrap=False, align="ctr")
    _box(slide, "right", 11.6, 4, 1.2, 0.5, wrap=False, align="r")
    return _save(prs, workdir), [{"template": 1, "left": LONG, "centre": LONG, "right": LONG}], {}


def case_unwrapped_shrinks_for_a_short_value(workdir: Path) -> GalleryInput:
    """Left box: "Q3" in a blue box just wide enough for it, at the outline's left edge; right box: same at the outline's right edge."""
    prs, slide = new_deck()
    _box(slide, "quarter_of_the_report", 1, 1, 5, 0.5, wrap=False, align="l")
    _box(slide, "quarter_right_aligned", 7, 1, 5, 0.5, wrap=False, align="r")
    return (
        _save(prs, workdir),
        [{"template": 1, "quarter_of_the_report": "Q3", "quarter_right_aligned": "Q3"}],
        {},
    )


def case_wrapped_height_follows(workdir: Path) -> GalleryInput:
    """Left: a 3.5 in wide box grows down to hold four wrapped lines (top edge kept); right: anchored at the bottom, it grows up (bottom edge kept)."""
    prs, slide = new_deck()
    _box(slide, "down", 1, 1, 3.5, 0.5, wrap=True)
    _box(slide, "up", 7, 5.5, 3.5, 0.5, wrap=True, anchor="b")
    text = LONG + "; costs stayed flat."
    return _save(prs, workdir), [{"template": 1, "down": text, "up": text}], {}


def case_shrink_text_on_overflow(workdir: Path) -> GalleryInput:
    """Left: "Q3" at full 28 pt (no stale shrink); right: a long paragraph shrunk so that it stays inside its 3 x 1.5 in box."""
    prs, slide = new_deck()
    for key, left in (("short", 1), ("long", 6)):
        shape = _box(slide, key, left, 1, 3, 1.5, wrap=True, autofit="norm", size=28)
        norm = shape.text_frame._bodyPr.find(
            "{http://schemas.openxmlformats.org/drawingml/2006/main}normAutofit"
        )
        norm.set("fontScale", "62500")  # as PowerPoint left it for the template's text
        norm.set("lnSpcReduction", "20000")
    return _save(prs, workdir), [{"template": 1, "short": "Q3", "long": " ".join([LONG] * 2)}], {}


def case_bulleted_list_in_a_box_that_fits_its_text(workdir: Path) -> GalleryInput:
    """A bulleted box set to "resize shape to fit text": light blue exactly behind its four items (the second indented), top edge on the outline's."""
    from lxml import etree

    prs, slide = new_deck()
    shape = _box(slide, "items", 1, 1, 6, 3, wrap=True, size=24)
    a = "http://schemas.openxmlformats.org/drawingml/2006/main"
    ppr = shape.text_frame.paragraphs[0]._p.get_or_add_pPr()
    ppr.set("marL", "342900")
    ppr.set("indent", "-342900")
    etree.SubElement(ppr, f"{{{a}}}buFont", typeface="Arial")
    etree.SubElement(ppr, f"{{{a}}}buChar", char="\u2022")
    items = [
        "Revenue up 12%",
        {"value": "North leads the regions with a margin of 4 points over the South", "level": 1},
        "Costs flat",
        "Hiring on plan",
    ]
    return _save(prs, workdir), [{"template": 1, "items": {"type": "list", "values": items}}], {}


def case_powerpoint_authored_box_from_the_corpus(workdir: Path) -> GalleryInput:
    """A PowerPoint-made wrapping auto-fit box (corpus TextReplace.pptx, keys written {{key}} so one brace pair stays): the long values wrap inside its width, the box grows down, nothing clipped or off the slide."""
    from tests.readers import CORPUS

    template = CORPUS / "pptx-automizer" / "__tests___pptx-templates_TextReplace.pptx"
    values = {
        "replace": "every placeholder of this paragraph, however long the value turns out to be",
        "by": "the data of the quarter, North and South regions included",
        "replacement": "Replacement",
    }
    return template, [{"template": 1, **values}], {}


def case_inherited_shrink_on_a_powerpoint_deck(workdir: Path) -> GalleryInput:
    """A PowerPoint 2007 deck's "Text Only Slide": its body has no auto-fit of its own and inherits "shrink text on overflow" from the master; 14 items are shrunk to stay inside the body, above the slide's bottom, and the long title shrinks to stay in its band."""
    from deckkit import List
    from tests.renderer.fill.inherited_kit import ITEMS, text_only_template

    template = text_only_template(workdir)
    title = "Quarterly review of every region, product line and channel"
    return template, [{"template": 2, "title": title, "items": List(values=ITEMS)}], {}


JAPANESE = (
    "当社の第3四半期の売上高は前年同期比12%増となり、北部地域が全体の成長を牽引しました。"
    "コストは横ばいで推移し、採用は計画通りに進んでいます。"
)
CHINESE = "本季度公司销售额同比增长百分之十二，北部地区引领了整体增长，成本保持稳定，招聘按计划进行。"


def case_japanese_and_chinese_text_fit_their_boxes(workdir: Path) -> GalleryInput:
    """Left: a Japanese paragraph in a 4 x 1.5 in "shrink text on overflow" box, shrunk to stay inside the outline; right: a Chinese paragraph in a 3.5 in wide "resize shape" box grown down to its last line (no blank band, none cut); both in real CJK glyphs, no boxes of tofu, lines broken between characters, 、。， never at a line's start."""
    prs, slide = new_deck()
    _box(slide, "ja", 1, 1, 4, 1.5, wrap=True, autofit="norm", size=24)
    _box(slide, "zh", 7, 1, 3.5, 0.5, wrap=True, size=24)
    return _save(prs, workdir), [{"template": 1, "ja": JAPANESE, "zh": CHINESE}], {}


def case_single_lines_are_one_point_two_em_in_every_typeface(workdir: Path) -> GalleryInput:
    """Four 20 pt boxes without auto-fit, each exactly six single-spaced lines of 1.2 em tall (2.0 in and the 0.1 in of insets), as deckkit measures every typeface: Calibri, Arial, Cambria and Japanese; in each the sixth line ends at the box's bottom edge, none cut off or past it, no blank band below it."""
    prs, slide = new_deck()
    fonts = {"calibri": "Calibri", "arial": "Arial", "cambria": "Cambria", "japanese": "Calibri"}
    for i, (key, font) in enumerate(fonts.items()):
        _box(slide, key, 0.5 + 3.2 * i, 1, 2.8, 6 * 1.2 * 20 / 72 + 0.1, wrap=True, autofit="none", font=font)
    latin = "\n".join(f"Line {n}: quarterly" for n in range(1, 7))
    japanese = "\n".join(f"{n}行目の売上高" for n in range(1, 7))
    values = {"calibri": latin, "arial": latin, "cambria": latin, "japanese": japanese}
    return _save(prs, workdir), [{"template": 1, **values}], {}
