"""A JSON Schema of data.json for one template: which keys each slide takes, and of what kind.

Built on the format's own schema (deckkit.model.schema): its element definitions are reused and
``Slide`` is replaced by one if/then branch per template slide, selected by ``template``. A key the
slide lacks is rejected (the renderer only warns, but an editor should flag the typo), and each
key allows what its place accepts (:mod:`deckkit.places`). A slide of another template of the zip
(``"templates/appendix.pptx#3"``) is not described by this one: its keys may take any element,
and the render checks them. ``deckkit inspect --schema`` prints it.
"""

from __future__ import annotations

from typing import Any

from deckkit.model.patterns import TEMPLATE_REF_PATTERN
from deckkit.model.schema import data_json_schema
from deckkit.places import place_kind
from deckkit.template.slides import TemplateSlides

__all__ = ["template_json_schema"]

# data.json kind (what a place accepts) -> schema definition
_DEFS = {
    "string": {"type": "string"},
    "text": {"$ref": "#/$defs/Text"},
    "list": {"$ref": "#/$defs/List"},
    "table": {"$ref": "#/$defs/Table"},
    "chart": {"$ref": "#/$defs/Chart"},
    "scatter-chart": {"$ref": "#/$defs/ScatterChart"},
    "image": {"$ref": "#/$defs/Image"},
    "video": {"$ref": "#/$defs/Video"},
    "delete": {"$ref": "#/$defs/Delete"},
}


def _slide_schema(number: int, keys: dict[str, list[str]], layout: str, description: str) -> dict[str, Any]:
    properties: dict[str, Any] = {"template": {"const": number}}
    for key, kinds in keys.items():
        accepted = [k for k in _DEFS if any(k in place_kind(kind).accepts for kind in kinds)]
        properties[key] = {
            "description": description.format(key=key, kinds=" or ".join(kinds)),
            "anyOf": [_DEFS[k] for k in accepted],
        }
    return {
        "type": "object",
        "title": f"template slide {number}" + (f" ({layout})" if layout else ""),
        "properties": properties,
        "required": ["template"],
        "additionalProperties": False,
    }


def template_json_schema(template: TemplateSlides) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a data.json for ``template``."""
    schema = data_json_schema()
    branches = []
    for slide in template.slides:
        keys: dict[str, list[str]] = {}
        for p in slide.placeholders:
            keys.setdefault(p.key, []).append(p.kind)
        branches.append(_slide_schema(slide.number, keys, slide.layout, "{key}: {kinds} on the slide"))
    schema["$defs"]["Slide"] = {
        "description": f"One output slide of {template.name}: template (1 to {len(template.slides)}) and its keys.",
        "type": "object",
        "properties": {
            "template": {
                "anyOf": [
                    {"type": "integer", "minimum": 1, "maximum": len(template.slides)},
                    {
                        "type": "string",
                        "pattern": TEMPLATE_REF_PATTERN,
                        "description": "a slide of another template of the zip, e.g. templates/appendix.pptx#3",
                    },
                ]
            }
        },
        "required": ["template"],
        # if/then rather than oneOf: a validator then reports the slide's own mistake
        # ("'titel' was unexpected"), not "valid under none of the branches".
        "allOf": [
            *(
                {"if": {"properties": {"template": {"const": n}}, "required": ["template"]}, "then": branch}
                for n, branch in enumerate(branches, 1)
            ),
            {
                "if": {"properties": {"template": {"type": "string"}}, "required": ["template"]},
                "then": {"additionalProperties": {"anyOf": list(_DEFS.values())}},
            },
        ],
    }
    schema["$id"] = f"urn:deckkit:data.json:{template.name}"
    schema["title"] = f"deckkit data.json for {template.name}"
    return schema
