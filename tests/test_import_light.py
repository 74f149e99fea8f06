"""``import deckkit`` stays light: no pandas, python-pptx, httpx, ipywidgets or starlette."""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = ["pandas", "pptx", "httpx", "ipywidgets", "starlette", "polars", "matplotlib"]


def _loaded_after(code: str) -> set[str]:
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}})))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return set(json.loads(done.stdout.splitlines()[-1]))


def test_import_deckkit_loads_no_heavy_package() -> None:
    assert _loaded_after("import deckkit") & set(HEAVY) == set()


def test_building_a_deck_and_its_zip_loads_no_heavy_package() -> None:
    code = (
        "import deckkit\n"
        "from deckkit.deck import Deck\n"
        "from deckkit.model.schema import data_json_schema\n"
        "deck = Deck(b'PK\\x05\\x06' + bytes(18))\n"
        "deck.add_slide(1, title='x', t=deckkit.Table(rows=[['a']]))\n"
        "Deck.from_zip(deck.to_zip_bytes()); data_json_schema()\n"
    )
    assert _loaded_after(code) & set(HEAVY) == set()


def test_cli_help_loads_neither_the_model_nor_the_renderer() -> None:
    # `deckkit --help` starts in a fraction of a second: building pydantic's validators alone takes longer.
    loaded = _loaded_after("import sys\nfrom deckkit.cli import build_parser\nbuild_parser().format_help()")
    assert loaded & {"pydantic", "pydantic_core", "lxml", *HEAVY} == set()


def test_model_names_load_on_first_use() -> None:
    code = (
        "import sys, deckkit\n"
        "assert 'deckkit.model' not in sys.modules\n"
        "assert deckkit.Scatter is deckkit.ScatterChart is __import__('deckkit.model').model.ScatterChart\n"
        "assert deckkit.Table(rows=[['a']]).rows == [['a']]\n"
    )
    assert "pydantic" in _loaded_after(code)


def test_every_public_submodule_is_an_attribute_of_the_package() -> None:
    # ``deckkit.inspect.Template`` after ``import deckkit`` (notebooks written that way relied on
    # another import having loaded the module): each loads on first use, in a fresh process.
    from deckkit import _SUBMODULES

    code = "import deckkit\n" + "".join(f"deckkit.{name}.__name__\n" for name in sorted(_SUBMODULES))
    subprocess.run([sys.executable, "-c", code + "deckkit.inspect.Template\n"], check=True)


def test_a_render_loads_no_display_notebook_template_or_compare_code() -> None:
    # The renderer sits below them: its result's display comes through deckkit.display_hook,
    # asked for by a notebook only, and its diff through deckkit.diff_hook.
    code = (
        "import sys\nimport deckkit\n"
        "from deckkit.examples import template\n"
        "result = deckkit.render(template(), [{'template': 1, 'title': 'x'}])\n"
        "repr(result)\n"
        "packages = {'.'.join(m.split('.')[:2]) for m in sys.modules}\n"
        "upper = packages & {'deckkit.display', 'deckkit.notebook', 'deckkit.template', 'deckkit.inspect', "
        "'deckkit.client', 'deckkit.compare'}\n"
        "assert not upper, upper\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_first_rich_display_loads_the_display_layer() -> None:
    code = (
        "import sys, deckkit\n"
        "table = deckkit.Table(rows=[['a']])\n"
        "assert repr(table).startswith('<Table: 1 rows') and 'deckkit.display' not in sys.modules\n"
        "assert table._repr_html_().startswith('<div class=\"deckkit-display\"')\n"
        "assert 'deckkit.display' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_render_without_a_misspelling_loads_nothing_for_one() -> None:
    # difflib (the "did you mean" of a message), html (a web video's player) and a TypeAdapter
    # for malformed scatter points load when met; a render that meets none never pays for them.
    code = (
        "import sys\nfrom deckkit.renderer import render\n"
        "from deckkit.examples import template\n"
        "render(template(), [{'template': 1, 'title': 'x'}])\n"
        "late = {'difflib', 'html', 'pydantic.type_adapter'} & set(sys.modules)\n"
        "assert not late, late\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_ooxml_library_starts_no_render_engine() -> None:
    # Template inspection and the renderer both stand on deckkit.ooxml; it stands on neither.
    code = (
        "import pkgutil, importlib, sys, deckkit.ooxml\n"
        "for info in pkgutil.walk_packages(deckkit.ooxml.__path__, 'deckkit.ooxml.'):\n"
        "    importlib.import_module(info.name)\n"
        "above = {'.'.join(m.split('.')[:2]) for m in sys.modules} & {'deckkit.renderer', 'deckkit.model', "
        "'deckkit.template', 'deckkit.frames'}\n"
        "assert not above, above\n"
        "assert 'pydantic' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
