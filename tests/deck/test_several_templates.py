"""Several templates (issue 29) at every surface but the renderer's own: the data.json form and
its schema, the input zip, ``Deck(..., extra=...)`` and ``add_slide("appendix#3")``, the CLI."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import jsonschema
import pytest

from deckkit import examples
from deckkit.bundle import read_bundle, write_bundle
from deckkit.cli import main
from deckkit.deck import Deck, holdings
from deckkit.errors import BundleError, DataError, RenderError, TemplateError
from deckkit.model import Slide, parse_data
from deckkit.model.schema import data_json_schema
from tests.readers import assert_readable
from tests.renderer.several_templates_kit import appendix_template, base_template

APPENDIX = "templates/appendix.pptx"


def _problems(error: DataError | BundleError | RenderError) -> list[tuple[str, str]]:
    return [(p.path, p.message) for p in error.problems]


# -- data.json ----------------------------------------------------------------------------


def test_a_slide_names_a_slide_of_another_template() -> None:
    deck = parse_data({"slides": [{"template": "templates/appendix.pptx#3", "title": "x"}, {"template": 2}]})
    first, second = deck.slides
    assert (first.template_file, first.template, first.values) == (APPENDIX, 3, {"title": "x"})
    assert (second.template_file, second.template) == (None, 2)
    # Written back as it was read.
    assert deck.to_json_dict()["slides"] == [
        {"template": "templates/appendix.pptx#3", "title": "x"},
        {"template": 2},
    ]


def test_template_pptx_is_the_base_by_name() -> None:
    slide = parse_data([{"template": "template.pptx#2"}]).slides[0]
    assert (slide.template_file, slide.template) == (None, 2)
    assert Slide("./templates//appendix.pptx#1").template_file == APPENDIX


@pytest.mark.parametrize(
    ("template", "message"),
    [
        (
            "appendix#3",
            'must be a template file and slide number ("templates/appendix.pptx#3": a .pptx in the zip, a slide from 1), got "appendix#3"',
        ),
        (
            "a.pptx#0",
            'must be a template file and slide number ("templates/appendix.pptx#3": a .pptx in the zip, a slide from 1), got "a.pptx#0"',
        ),
        (
            "a.pptx#",
            'must be a template file and slide number ("templates/appendix.pptx#3": a .pptx in the zip, a slide from 1), got "a.pptx#"',
        ),
        (
            "../a.pptx#1",
            'names a file outside data.json\'s folder ("../a.pptx#1"); give its path inside the zip, relative to data.json, without a leading / or ".."',
        ),
        (
            "/a.pptx#1",
            'names a file outside data.json\'s folder ("/a.pptx#1"); give its path inside the zip, relative to data.json, without a leading / or ".."',
        ),
        ("2", 'must be a whole number, got string "2"'),  # as before: a number, not a string
    ],
)
def test_a_template_of_neither_form_is_an_error_at_its_path(template: str, message: str) -> None:
    with pytest.raises(DataError) as caught:
        parse_data({"slides": [{"template": 1}, {"template": 1}, {"template": template, "title": "x"}]})
    assert _problems(caught.value) == [("slides[2].template", message)]


# One list for the model and both schemas (the format's and a template's own, deckkit inspect
# --schema): each string is valid for all three or for none.
TEMPLATE_REFS: list[tuple[object, bool]] = [
    (3, True),
    ("templates/appendix.pptx#3", True),
    ("template.pptx#1", True),
    ("Appendix.PPTX#12", True),
    ("./templates//appendix.pptx#2", True),
    ("appendix#3", False),
    ("a.pptx#0", False),
    ("a.pptx#", False),
    ("a.pptx#1#2", False),
    ("C:/a.pptx#1", False),
    ("/abs.pptx#1", False),
    ("../x.pptx#1", False),
    ("templates/../../x.pptx#1", False),
    ("templates/../x.pptx#1", False),
    ("templates\\x.pptx#1", False),
    ("file:x.pptx#1", False),
    ("a\x01.pptx#1", False),
    (0, False),
]


@pytest.mark.parametrize(("template", "valid"), TEMPLATE_REFS)
def test_the_json_schemas_refuse_exactly_what_the_model_refuses(template: object, valid: bool) -> None:
    slides = {"slides": [{"template": 1}, {"template": template}]}
    for schema in (data_json_schema(), examples.template_info().json_schema()):
        assert jsonschema.Draft202012Validator(schema).is_valid(slides) is valid, schema["title"]
    if valid:
        parse_data(slides)
    else:
        with pytest.raises(DataError) as caught:
            parse_data(slides)
        assert [p.path for p in caught.value.problems] == ["slides[1].template"]


# -- the input zip ------------------------------------------------------------------------


def _zip(data: object, files: dict[str, bytes], *, folder: str = "") -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as bundle:
        bundle.writestr(folder + "template.pptx", base_template())
        bundle.writestr(folder + "data.json", json.dumps(data))
        for name, content in files.items():
            bundle.writestr(folder + name, content)
    return out.getvalue()


def test_the_zip_carries_the_other_templates_relative_to_data_json() -> None:
    appendix = appendix_template()
    data = {"slides": [{"template": 1}, {"template": f"{APPENDIX}#1"}, {"template": f"{APPENDIX}#2"}]}
    bundle = read_bundle(_zip(data, {APPENDIX: appendix}, folder="deck/"))
    assert bundle.media == {APPENDIX: appendix}


def test_a_template_missing_from_the_zip_is_named_with_its_data_path() -> None:
    data = {"slides": [{"template": 1}, {"template": f"{APPENDIX}#1"}, {"template": f"{APPENDIX}#2"}]}
    with pytest.raises(BundleError) as caught:
        read_bundle(_zip(data, {"templates/apendix.pptx": appendix_template()}))
    assert str(caught.value) == (
        'slides[1].template: "templates/appendix.pptx" is not in the zip; did you mean "templates/apendix.pptx"?'
    )


def test_write_bundle_needs_the_bytes_of_each_template() -> None:
    with pytest.raises(BundleError) as caught:
        write_bundle(base_template(), {"slides": [{"template": f"{APPENDIX}#1"}]})
    assert str(caught.value) == (
        'slides[0].template: "templates/appendix.pptx" has no bytes: give the template '
        "(Deck(..., extra=...)) with the media"
    )


# -- the SDK ------------------------------------------------------------------------------


def test_deck_with_extra_templates_renders_and_round_trips(tmp_path: Path) -> None:
    appendix = appendix_template()
    deck = Deck(base_template(), extra={"appendix": appendix})
    deck.add_slide(1, title="Review", subtitle="Q3")
    slide = deck.add_slide("appendix#1", heading="Appendix", points="Method")
    deck.add_slide("templates/appendix.pptx#2", caption="Logo")  # as data.json names it
    assert slide.template_ref == "templates/appendix.pptx#1"
    assert deck.to_dict()["slides"][1] == {
        "template": "templates/appendix.pptx#1",
        "heading": "Appendix",
        "points": "Method",
    }
    zipped = deck.to_zip_bytes()
    assert zipfile.ZipFile(io.BytesIO(zipped)).read(APPENDIX) == appendix
    again = Deck.from_zip(zipped)
    again.add_slide("appendix#2", caption="Again")
    result = again.render(tmp_path / "out.pptx")
    assert result.slide_count == 4
    (tmp_path / "template.pptx").write_bytes(base_template())
    (tmp_path / "appendix.pptx").write_bytes(appendix)
    assert_readable(tmp_path / "out.pptx", [tmp_path / "template.pptx", tmp_path / "appendix.pptx"], pages=4)


def test_add_slide_checks_the_slide_against_its_own_template() -> None:
    deck = Deck(base_template(), extra={"appendix": appendix_template()})
    with pytest.raises(DataError) as caught:
        deck.add_slide("appendix#9")
    assert caught.value.problems[0].path == "slides[0].template"
    assert caught.value.problems[0].message == (
        "template slide 9 does not exist; templates/appendix.pptx has slides 1 to 2"
    )


def test_add_slide_names_an_unknown_template() -> None:
    deck = Deck(base_template(), extra={"appendix": appendix_template()})
    with pytest.raises(DataError) as caught:
        deck.add_slide("apendix#1")
    assert _problems(caught.value) == [
        (
            "slides[0].template",
            "'apendix' is none of the deck's templates (given with extra=: appendix); "
            'add it with Deck(..., extra={"apendix": "apendix.pptx"})',
        )
    ]


def test_an_extra_template_is_found_by_its_short_name_however_it_was_named() -> None:
    # Given by its path in the zip, it is still "x"; read from a zip, a template in a folder of
    # templates/ keeps that folder in its short name, as extra={"sub/y": ...} names it.
    deck = Deck(
        base_template(), extra={"templates/x.pptx": appendix_template(), "sub/y": appendix_template()}
    )
    assert deck.add_slide("x#2", caption="C").template_ref == "templates/x.pptx#2"
    assert deck.add_slide("sub/y#2", caption="C").template_ref == "templates/sub/y.pptx#2"
    again = Deck.from_zip(deck.to_zip_bytes())
    assert again.add_slide("sub/y#2", caption="C").template_ref == "templates/sub/y.pptx#2"
    assert again.add_slide("x#2", caption="C").template_ref == "templates/x.pptx#2"


def test_an_extra_template_that_is_not_a_pptx_is_refused_when_given(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not a presentation")
    with pytest.raises(TemplateError, match=r"notes.txt is a text file, not a PowerPoint file"):
        Deck(base_template(), extra={"appendix": notes})
    # Given as bytes, it is named by its place in extra=, not as "the template" (the base).
    with pytest.raises(TemplateError, match=r'^the template extra\["appendix"\] is a text file'):
        Deck(base_template(), extra={"appendix": b"not a presentation"})


# -- the CLI ------------------------------------------------------------------------------


def test_deckkit_render_and_validate_a_zip_with_templates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = {
        "slides": [
            {"template": 1, "title": "T", "subtitle": "S"},
            {"template": f"{APPENDIX}#2", "caption": "C"},
        ]
    }
    source = tmp_path / "input.zip"
    source.write_bytes(_zip(data, {APPENDIX: appendix_template()}))
    assert main(["validate", str(source)]) == 0
    assert "valid" in capsys.readouterr().out
    out = tmp_path / "out.pptx"
    assert main(["render", str(source), "-o", str(out)]) == 0
    assert f"wrote {out} (2 slides)" in capsys.readouterr().out


def test_deckkit_render_of_loose_files_reads_the_templates_beside_data_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "templates").mkdir()
    (tmp_path / APPENDIX).write_bytes(appendix_template())
    (tmp_path / "template.pptx").write_bytes(base_template())
    data = {"slides": [{"template": f"{APPENDIX}#2", "caption": "C"}]}
    (tmp_path / "data.json").write_text(json.dumps(data))
    out = tmp_path / "out.pptx"
    status = main(["render", str(tmp_path / "template.pptx"), str(tmp_path / "data.json"), "-o", str(out)])
    assert status == 0
    assert f"wrote {out} (1 slide)" in capsys.readouterr().out
    # deckkit validate reads the same files: it says what the render says (it found none of them).
    status = main(["validate", str(tmp_path / "data.json"), "--template", str(tmp_path / "template.pptx")])
    assert (status, capsys.readouterr().out) == (0, f"{tmp_path / 'data.json'}: valid, 1 slide\n")


def test_deckkit_validate_of_loose_files_says_a_missing_template_as_render_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "template.pptx").write_bytes(base_template())
    (tmp_path / "data.json").write_text(
        json.dumps({"slides": [{"template": f"{APPENDIX}#2", "caption": "C"}]})
    )
    argv = [str(tmp_path / "template.pptx"), str(tmp_path / "data.json")]
    assert main(["render", *argv, "-o", str(tmp_path / "out.pptx")]) == 1
    rendered = capsys.readouterr().err
    assert main(["validate", argv[1], "--template", argv[0]]) == 1
    validated = capsys.readouterr().err
    said = f'slides[0].template: "{APPENDIX}" is not a file in {tmp_path.resolve()}'
    assert said in rendered
    assert said in validated


def test_deckkit_validate_names_a_slide_size_that_differs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = {"slides": [{"template": 1}, {"template": f"{APPENDIX}#1"}]}
    source = tmp_path / "input.zip"
    source.write_bytes(_zip(data, {APPENDIX: appendix_template((12192000, 6858000))}))
    assert main(["validate", str(source)]) == 1
    err = capsys.readouterr().err
    assert (
        "slides[1].template: templates/appendix.pptx has slides of 13.33 × 7.5 in, template.pptx has slides "
        "of 10 × 7.5 in" in err
    )


def test_a_deck_counts_its_other_templates_apart_from_its_media() -> None:
    deck = Deck(base_template(), extra={"appendix": appendix_template()})
    deck.add_slide("appendix#1", heading="Appendix", points="Method")
    assert repr(deck).splitlines()[0] == "<Deck: 1 slide, 0 media files, 1 other template"
    assert "Deck: 1 slide, 0 media files, 1 other template" in deck._repr_html_()
    assert deck.extra_templates == (APPENDIX,)


def test_a_pptx_that_is_no_template_is_counted_as_media() -> None:
    # The count comes from the templates the deck was given, not from the files' names.
    media = {APPENDIX: b"template", "files/report.pptx": b"an embedded file"}
    assert holdings(1, media, [APPENDIX]) == "1 slide, 1 media file, 1 other template"
    assert holdings(1, media, []) == "1 slide, 2 media files"
