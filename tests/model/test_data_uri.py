"""Pictures carried in data.json as data: URIs, and ``Image.from_url`` (the SDK fetches; nothing else does)."""

from __future__ import annotations

import base64
import http.server
import io
import json
import threading
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from deckkit.errors import DataError
from deckkit.model import Image, parse_data


def _png(colour: str = "teal", size: tuple[int, int] = (40, 20)) -> bytes:
    from PIL import Image as PILImage

    out = io.BytesIO()
    PILImage.new("RGB", size, colour).save(out, "PNG")
    return out.getvalue()


PNG = _png()


def _uri(data: bytes, media_type: str = "image/png") -> str:
    return f"data:{media_type};base64,{base64.b64encode(data).decode()}"


def _deck(src: str) -> dict[str, object]:
    return {"slides": [{"template": 5, "plot": {"type": "image", "src": src, "scaling": "contain"}}]}


def test_a_data_uri_becomes_a_picture_the_image_holds() -> None:
    image = parse_data(_deck(_uri(PNG))).slides[0].values["plot"]
    assert isinstance(image, Image)
    assert image.src.startswith("media/")
    assert image.src.endswith(".png")
    assert type(image.src) is str
    assert image.media == {image.src: PNG}
    assert image.scaling == "contain"
    wrapped = _uri(PNG).replace(",", ",\n", 1)  # line breaks in the base64 text are allowed
    assert parse_data(_deck(wrapped)).slides[0].values["plot"].media == {image.src: PNG}


@pytest.mark.parametrize(
    ("src", "message"),
    [
        ("data:image/png;base64", "no comma after its media type"),
        ("data:image/bmp;base64,AAAA", '"image/bmp" is not a picture type'),
        ("data:text/html;base64,PGI+", '"text/html" is not a picture type'),
        ("data:image/png,plain", "only base64 data: URIs are accepted"),
        ("data:image/png;base64,@@@@", "its base64 text is damaged"),
        (_uri(b"GIF89a" + bytes(20)), "it says image/png but its bytes are a GIF image"),
        (_uri(b"hello there"), "it says image/png but its bytes are no known image format"),
    ],
)
def test_a_bad_data_uri_is_an_error_at_its_src(src: str, message: str) -> None:
    with pytest.raises(DataError) as caught:
        parse_data(_deck(src))
    (problem,) = caught.value.problems
    assert problem.path == "slides[0].plot.src"
    assert message in problem.message


def test_a_data_uri_larger_than_the_limit_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    import deckkit.model.data_uri

    monkeypatch.setattr(deckkit.model.data_uri, "MAX_DATA_URI_BYTES", 100)
    with pytest.raises(DataError, match=r"slides\[0\]\.plot\.src: .* at most 100 \(16 MiB\)"):
        parse_data(_deck(_uri(_png(size=(300, 300)))))


def test_a_data_uri_renders_from_data_json_and_from_a_zip(tmp_path: Path) -> None:
    from deckkit import examples
    from deckkit.bundle import read_bundle
    from deckkit.renderer import render, render_bundle
    from tests.readers import assert_readable

    template = Path(examples.template())
    out = tmp_path / "out.pptx"
    out.write_bytes(render(template, _deck(_uri(PNG))).pptx)
    assert_readable(out, template, pages=1, libreoffice=False)
    with zipfile.ZipFile(out) as pptx:
        assert PNG in [pptx.read(n) for n in pptx.namelist() if n.startswith("ppt/media/")]
    # A JSON client's zip: template and data.json only, the picture inside data.json.
    zipped = io.BytesIO()
    with zipfile.ZipFile(zipped, "w") as bundle:
        bundle.write(template, "template.pptx")
        bundle.writestr("data.json", json.dumps(_deck(_uri(PNG))))
    assert read_bundle(zipped.getvalue()).media  # the picture, by its content address
    assert render_bundle(zipped.getvalue()).slide_count == 1


def test_a_deck_given_a_data_uri_writes_the_picture_into_its_zip(tmp_path: Path) -> None:
    import deckkit

    deck = deckkit.Deck(deckkit.examples.template())
    deck.add_slide(5, plot={"type": "image", "src": _uri(PNG)})
    with zipfile.ZipFile(io.BytesIO(deck.to_zip_bytes())) as bundle:
        names = bundle.namelist()
        assert any(bundle.read(n) == PNG for n in names if n.startswith("media/"))
        assert "base64" not in bundle.read("data.json").decode()


# -- Image.from_url: a tiny local server, on a free port --------------------------------------


class _Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        if self.path == "/slow.png":
            time.sleep(1.0)
        bodies = {"/a.png": PNG, "/slow.png": PNG, "/page.html": b"<html></html>", "/big.png": PNG * 50}
        body = bodies.get(self.path)
        if body is None:
            self.send_error(404, "Not Found")
            return
        try:
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):  # the client gave up (the timeout case)
            pass

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def test_from_url_fetches_the_picture_into_the_image(server: str) -> None:
    image = Image.from_url(f"{server}/a.png", scaling="cover")
    assert image.media == {image.src: PNG}
    assert image.scaling == "cover"


@pytest.mark.parametrize(
    ("path", "kwargs", "message"),
    [
        ("/missing.png", {}, "the server answered 404 Not Found"),
        ("/page.html", {}, "cannot tell the format of these bytes"),
        ("/big.png", {"max_bytes": 1000}, "at most 1,000 are fetched (pass max_bytes= to allow more)"),
        ("/slow.png", {"timeout": 0.2}, "no answer within 0.2 seconds"),
    ],
)
def test_from_url_failures_name_the_url(
    server: str, path: str, kwargs: dict[str, float], message: str
) -> None:
    with pytest.raises(DataError) as caught:
        Image.from_url(f"{server}{path}", **kwargs)  # type: ignore[arg-type]
    (problem,) = caught.value.problems
    assert problem.path == f"{server}{path}"
    assert message in problem.message


def test_from_url_refuses_what_is_not_http() -> None:
    with pytest.raises(DataError, match="only http and https URLs can be fetched"):
        Image.from_url("file:///etc/passwd")


def test_the_cli_renders_loose_data_json_with_a_data_uri(tmp_path: Path) -> None:
    from deckkit import examples
    from deckkit.cli import main
    from deckkit.loose_files import read_loose_files

    data = tmp_path / "data.json"
    data.write_text(json.dumps(_deck(_uri(PNG))))
    loose = read_loose_files(data)
    assert loose.missing == {}  # no file to look for beside data.json (deckkit render --remote zips these)
    assert list(loose.media.values()) == [PNG]
    assert main(["render", str(examples.template()), str(data), "-o", str(tmp_path / "out.pptx")]) == 0
    assert main(["validate", str(data), "--template", str(examples.template())]) == 0


def test_a_video_thumbnail_may_be_a_data_uri(tmp_path: Path) -> None:
    from deckkit import examples
    from deckkit.renderer import render
    from tests.readers import assert_readable
    from tests.renderer.media.builders import fake_mp4

    video = {"type": "video", "src": "clip.mp4", "thumbnail": _uri(PNG)}
    deck = parse_data({"slides": [{"template": 5, "plot": video}]})
    held = deck.slides[0].values["plot"]
    assert held.thumbnail.startswith("media/")
    assert held.media == {held.thumbnail: PNG}
    out = tmp_path / "out.pptx"
    out.write_bytes(
        render(
            examples.template(), {"slides": [{"template": 5, "plot": video}]}, {"clip.mp4": fake_mp4()}
        ).pptx
    )
    assert_readable(out, examples.template(), pages=1, libreoffice=False)
    with pytest.raises(DataError, match=r"slides\[0\]\.plot\.thumbnail: .*is not a picture type"):
        parse_data(
            {"slides": [{"template": 5, "plot": {**video, "thumbnail": "data:text/plain;base64,aGk="}}]}
        )
