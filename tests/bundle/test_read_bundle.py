"""Reading the input zip: what it holds, and a crafted hostile zip for each defence."""

from __future__ import annotations

import io
import stat
import zipfile
from pathlib import Path

import pytest

from deckkit import bundle as bundle_module
from deckkit.bundle import MAX_ZIP_BYTES, read_bundle, write_bundle
from deckkit.errors import BundleError, DataError
from deckkit.model import Image, Video
from tests.bundle.conftest import GIF, JPEG, MP4, PNG, TEMPLATE, data_json, lie_about_size, make_zip, set_flag

IMAGE = {"type": "image", "src": "logo.png"}


def test_reads_template_data_and_media() -> None:
    raw = make_zip(
        {"template.pptx": TEMPLATE, "data.json": data_json(IMAGE, "text"), "logo.png": PNG, "unused.txt": "x"}
    )
    bundle = read_bundle(raw)
    assert bundle.template == TEMPLATE
    assert bundle.data.slides[0]["k1"] == "text"
    assert dict(bundle.media) == {"logo.png": PNG}
    assert bundle.data_path == "data.json"


def test_reads_from_a_path(tmp_path: Path) -> None:
    path = tmp_path / "in.zip"
    path.write_bytes(make_zip({"template.pptx": TEMPLATE, "data.json": data_json()}))
    assert read_bundle(path).data.slides[0].template == 1


def test_data_json_in_a_folder_makes_media_paths_relative_to_it() -> None:
    raw = make_zip(
        {
            "deck/template.pptx": TEMPLATE,
            "deck/data.json": data_json(
                {"type": "image", "src": "img/a.jpg"}, {"type": "video", "src": "v.mp4", "thumbnail": "t.gif"}
            ),
            "deck/img/a.jpg": JPEG,
            "deck/v.mp4": MP4,
            "deck/t.gif": GIF,
            "__MACOSX/deck/._data.json": b"\x00\x05\x16\x07",
        }
    )
    bundle = read_bundle(raw)
    assert bundle.data_path == "deck/data.json"
    assert dict(bundle.media) == {"img/a.jpg": JPEG, "v.mp4": MP4, "t.gif": GIF}


def test_template_may_sit_elsewhere_when_only_one_exists() -> None:
    raw = make_zip({"template.pptx": TEMPLATE, "deck/data.json": data_json()})
    assert read_bundle(raw).template == TEMPLATE


def test_video_site_urls_are_not_files() -> None:
    raw = make_zip(
        {"template.pptx": TEMPLATE, "data.json": data_json({"type": "video", "src": "https://youtu.be/x"})}
    )
    assert read_bundle(raw).media == {}


def test_legacy_array_data_is_read() -> None:
    raw = make_zip({"template.pptx": TEMPLATE, "data.json": '[{"template": 2, "a": "b"}]'})
    assert read_bundle(raw).data.slides[0].template == 2


# -- what must be there -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entries", "message"),
    [
        ({"data.json": data_json()}, "the zip has no template.pptx"),
        ({"template.pptx": TEMPLATE}, "the zip has no data.json"),
        (
            {"template.pptx": TEMPLATE, "a/data.json": data_json(), "b/data.json": data_json()},
            "more than one data.json: a/data.json, b/data.json",
        ),
        (
            {"a/template.pptx": TEMPLATE, "b/template.pptx": TEMPLATE, "data.json": data_json()},
            "several template.pptx",
        ),
        (
            {"template.pptx": TEMPLATE, "data.json": data_json(IMAGE)},
            'slides[0].k0.src: "logo.png" is not in the zip',
        ),
        (
            {"template.pptx": TEMPLATE, "d/data.json": data_json(IMAGE), "logo.png": PNG},
            'slides[0].k0.src: "logo.png" is not in the zip (paths are relative to "d/", the folder of data.json)',
        ),
        (
            {"template.pptx": TEMPLATE, "data.json": data_json(IMAGE), "logo.png": JPEG},
            'slides[0].k0.src: "logo.png" is not a PNG image as its .png extension says: its bytes are a JPEG image',
        ),
        (
            {
                "template.pptx": TEMPLATE,
                "data.json": data_json({"type": "image", "src": "a.gif"}),
                "a.gif": b"not an image",
            },
            "its bytes are no known image or video format",
        ),
        (
            {
                "template.pptx": TEMPLATE,
                "data.json": data_json({"type": "video", "src": "v.mov", "thumbnail": "t.png"}),
                "v.mov": PNG,
                "t.png": PNG,
            },
            'slides[0].k0.src: "v.mov" is not a MP4/MOV video',
        ),
        (
            {
                "template.pptx": TEMPLATE,
                "data.json": data_json({"type": "video", "src": "v.mp4", "thumbnail": "t.jpg"}),
                "v.mp4": MP4,
            },
            'slides[0].k0.thumbnail: "t.jpg" is not in the zip',
        ),
    ],
)
def test_missing_or_mislabelled_files_are_bundle_errors(
    entries: dict[str, bytes | str], message: str
) -> None:
    with pytest.raises(BundleError) as caught:
        read_bundle(make_zip(entries))
    assert message in str(caught.value)


def test_every_media_problem_is_listed_at_once() -> None:
    raw = make_zip(
        {
            "template.pptx": TEMPLATE,
            "data.json": data_json(IMAGE, {"type": "image", "src": "b.gif"}),
            "b.gif": PNG,
        }
    )
    with pytest.raises(BundleError) as caught:
        read_bundle(raw)
    lines = str(caught.value).splitlines()
    assert lines[0] == "the zip has problems:"
    assert lines[1].startswith('  slides[0].k0.src: "logo.png" is not in the zip')
    assert lines[2].startswith('  slides[0].k1.src: "b.gif" is not a GIF image')


def test_bad_data_is_a_data_error_with_paths() -> None:
    raw = make_zip(
        {"template.pptx": TEMPLATE, "deck/data.json": data_json({"type": "image", "src": "a.bmp"})}
    )
    with pytest.raises(DataError) as caught:
        read_bundle(raw)
    assert caught.value.summary == "deck/data.json has problems"
    assert (
        str(caught.value.problems[0])
        == 'slides[0].k0.src: "a.bmp": an image must be a png, jpg, jpeg or gif file'
    )


# -- hostile zips -------------------------------------------------------------------------


def test_not_a_zip() -> None:
    with pytest.raises(BundleError, match="not a readable zip file"):
        read_bundle(b"%PDF-1.7 this is not a zip")


def test_too_large_bytes_are_refused_before_reading() -> None:
    with pytest.raises(BundleError, match=r"at most 52,428,800 \(50 MB\)"):
        read_bundle(b"\x00" * (MAX_ZIP_BYTES + 1))


def test_too_large_file_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "big.zip"
    with path.open("wb") as f:
        f.truncate(MAX_ZIP_BYTES + 1)  # sparse: no 50 MB written
    with pytest.raises(BundleError, match="at most 52,428,800"):
        read_bundle(path)


def test_missing_file_is_a_bundle_error(tmp_path: Path) -> None:
    with pytest.raises(BundleError, match="cannot read the zip"):
        read_bundle(tmp_path / "absent.zip")


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("/etc/passwd", "is an absolute path"),
        ("../evil.png", 'contains ".."'),
        ("media/../../evil.png", 'contains ".."'),
        ("C:/Windows/evil.png", "starts with a drive letter"),
        ("media\\evil.png", "has a backslash (zip names use /)"),
    ],
)
def test_unsafe_entry_names_are_rejected(name: str, reason: str) -> None:
    raw = make_zip([("template.pptx", TEMPLATE), ("data.json", data_json()), (name, PNG)])
    with pytest.raises(BundleError) as caught:
        read_bundle(raw)
    assert str(caught.value) == f'zip entry "{name}" {reason}; rejected'


def test_symlinks_are_rejected() -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("template.pptx", TEMPLATE)
        archive.writestr("data.json", data_json(IMAGE))
        link = zipfile.ZipInfo("logo.png")
        link.create_system = 3
        link.external_attr = (stat.S_IFLNK | 0o777) << 16
        archive.writestr(link, "/etc/passwd")
    with pytest.raises(BundleError, match=r'zip entry "logo.png" is a symbolic link; rejected'):
        read_bundle(out.getvalue())


def test_duplicate_names_are_rejected() -> None:
    with pytest.warns(UserWarning, match="Duplicate name"):
        raw = make_zip(
            [("template.pptx", TEMPLATE), ("data.json", data_json()), ("data.json", '{"slides": []}')]
        )
    with pytest.raises(BundleError, match=r'zip entry "data.json" appears more than once'):
        read_bundle(raw)


def test_names_equal_after_normalising_are_duplicates() -> None:
    raw = make_zip([("template.pptx", TEMPLATE), ("data.json", data_json()), ("./data.json", data_json())])
    with pytest.raises(BundleError, match=r'zip entry "./data.json" appears more than once'):
        read_bundle(raw)


def test_encrypted_entries_are_rejected() -> None:
    raw = set_flag(make_zip({"template.pptx": TEMPLATE, "data.json": data_json()}), "data.json", 0x1)
    with pytest.raises(BundleError, match=r'zip entry "data.json" is encrypted; rejected'):
        read_bundle(raw)


def test_too_many_entries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bundle_module, "MAX_ENTRIES", 5)
    raw = make_zip(
        {"template.pptx": TEMPLATE, "data.json": data_json(), **{f"f{i}.txt": "x" for i in range(5)}}
    )
    with pytest.raises(BundleError, match="the zip has 7 entries; at most 5 are accepted"):
        read_bundle(raw)


def test_zip_bomb_by_declared_size(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bundle_module, "MAX_UNCOMPRESSED_BYTES", 1_000_000)
    raw = make_zip({"template.pptx": TEMPLATE, "data.json": data_json(), "bomb.txt": b"\x00" * 2_000_000})
    assert len(raw) < 10_000
    with pytest.raises(BundleError, match="the zip unpacks to 2,000,"):
        read_bundle(raw)


def test_zip_bomb_with_lying_sizes_stops_while_decompressing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bundle_module, "MAX_UNCOMPRESSED_BYTES", 1_000_000)
    raw = make_zip({"template.pptx": TEMPLATE, "data.json": " " * 3_000_000 + data_json()})
    with pytest.raises(BundleError) as caught:
        read_bundle(lie_about_size(raw, "data.json", 1000))
    assert str(caught.value).startswith('zip entry "data.json" ')
    assert "rejected" in str(caught.value) or "cannot be read" in str(caught.value)


def test_round_trip_with_write_bundle() -> None:
    image = Image.from_bytes(PNG)
    video = Video.from_bytes(MP4, thumbnail=JPEG)
    data = {"slides": [{"template": 1, "logo": image.model_dump(), "clip": video.model_dump()}]}
    raw = write_bundle(TEMPLATE, data, {**image.media, **video.media})
    bundle = read_bundle(raw)
    assert dict(bundle.media) == {**image.media, **video.media}
    assert bundle.data.to_json_dict() == data


def test_a_huge_entry_table_is_refused_before_it_is_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bundle_module, "MAX_ENTRIES", 5)
    raw = make_zip(
        {"template.pptx": TEMPLATE, "data.json": data_json(), **{f"{i:040d}": "" for i in range(200)}}
    )

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("the entries were parsed")

    monkeypatch.setattr(zipfile, "ZipFile", never)  # the table of entries is sized from its end record
    with pytest.raises(
        BundleError, match=r"the zip lists too many entries \(its directory is [0-9,]+ bytes\)"
    ):
        read_bundle(raw)
