"""The kinds of slide value data.json knows, and the tags that tell them apart in the union.

A slide value is a string or an element whose ``type`` names its kind (``Delete`` has none:
``{"delete": true}``). The element union is discriminated on these kinds; its tags are
capitalised so that they never collide with a data.json field name in error paths.
"""

from __future__ import annotations

from typing import Final

__all__ = ["ELEMENT_TYPES", "TAG_OF_KIND", "UNION_TAGS"]

ELEMENT_TYPES: Final = ("text", "table", "list", "chart", "scatter-chart", "image", "video")
"""The ``type`` of each element, in the order messages list them."""

TAG_OF_KIND: Final = {
    "string": "Str",
    "text": "Text",
    "table": "Table",
    "list": "List",
    "chart": "Chart",
    "scatter-chart": "ScatterChart",
    "image": "Image",
    "video": "Video",
    "delete": "Delete",
}
"""Each kind's union tag, which is also the name of its model class and of its JSON Schema definition."""

UNION_TAGS: Final = frozenset({*TAG_OF_KIND.values(), "Cell", "Num", "Run", "Runs"})
