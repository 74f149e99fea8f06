"""Every method, sync and async, against the bundled server on loopback: real HTTP, real upload."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("deckkit_server.app", reason="the bundled server (deckkit_server) is not importable")

from deckkit.client import (
    AsyncClient,
    AuthenticationError,
    Client,
    ConflictError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    RenderFailed,
    SessionState,
    TransferProgress,
    render_remote,
)
from deckkit.client._upload import policy_size_limit
from tests.client.helpers import resolve
from tests.client.live_server import LiveServer, make_bundle, make_template, run_live_server
from tests.readers import assert_readable

pytestmark = [pytest.mark.anyio, pytest.mark.slow]


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with run_live_server(tmp_path_factory.mktemp("live-server")) as server:
        yield server


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_template(tmp_path_factory.mktemp("template") / "template.pptx")


@pytest.fixture(params=["sync", "async"])
async def api(request: pytest.FixtureRequest, live: LiveServer) -> AsyncIterator[Any]:
    if request.param == "sync":
        with Client(live.base_url, live.token, max_retries=0) as made:
            yield made
    else:
        async with AsyncClient(live.base_url, live.token, max_retries=0) as made_async:
            yield made_async


class Bundle:
    def __init__(self, data: bytes) -> None:
        self.data = data

    def to_zip_bytes(self) -> bytes:
        return self.data


async def test_every_method_step_by_step(api: Any, template: Path, tmp_path: Path) -> None:
    bundle_path = tmp_path / "bundle.zip"
    bundle_path.write_bytes(make_bundle(template, ["First", "Second"]))

    created = await resolve(api.create_session())
    assert created.session.state is SessionState.UNRENDERED
    assert [*created.upload.params][-1] == "X-Amz-Signature"
    assert "X-Amz-Credential" in created.upload.params
    assert policy_size_limit(created.upload) == 50 * 1024 * 1024  # read from the signed policy
    listed = await resolve(api.list_sessions())
    assert created.session.uuid in [s.uuid for s in listed]
    fetched = await resolve(api.get_session(created.session.uuid))
    assert fetched.session == created.session

    uploads: list[TransferProgress] = []
    await resolve(api.upload(created, bundle_path, progress=uploads.append))
    assert uploads[-1].done == bundle_path.stat().st_size

    rendered = await resolve(api.render_session(created))
    assert rendered.session.state is SessionState.SUCCEEDED
    assert rendered.session.render_slide_count == 2
    assert rendered.session.render_message is None
    again = await resolve(api.render_session(created))  # idempotent: the recorded result
    assert again.session.rendered_at == rendered.session.rendered_at

    reissued = await resolve(api.reissue_download_url(created))
    assert reissued.download_url
    content = await resolve(api.download(reissued))
    out = await resolve(api.download(rendered, tmp_path / "out.pptx"))
    assert out.read_bytes() == content
    # LibreOffice reads one of the two runs (sync): its runs are few on a shared machine.
    assert_readable(out, template, pages=2, libreoffice=isinstance(api, Client))
    _assert_titles(out, ["First", "Second"])
    summary = next(s for s in await resolve(api.list_sessions()) if s.uuid == created.session.uuid)
    assert summary.state is SessionState.SUCCEEDED


@pytest.mark.parametrize("kind", ["deck", "bytes", "file"])
async def test_render_flow_for_each_source(api: Any, template: Path, tmp_path: Path, kind: str) -> None:
    data = make_bundle(template, ["Only"])
    (tmp_path / "bundle.zip").write_bytes(data)
    with (tmp_path / "bundle.zip").open("rb") as handle:
        source = {"deck": Bundle(data), "bytes": data, "file": handle}[kind]
        result = await resolve(api.render(source, to=tmp_path / "deck.pptx"))
    assert result.succeeded
    assert result.slide_count == 1
    assert (tmp_path / "deck.pptx").read_bytes() == result.content
    assert_readable(tmp_path / "deck.pptx", template, pages=1, libreoffice=False)
    _assert_titles(tmp_path / "deck.pptx", ["Only"])


async def test_a_real_deck_renders_through_the_client(api: Any, template: Path, tmp_path: Path) -> None:
    from deckkit import Deck

    deck = Deck(template)
    deck.add_slide(1, title="One")
    deck.add_slide(1, title="Two")
    deck.add_slide(1, title="Three")
    result = await resolve(deck.render(tmp_path / "deck.pptx", client=api))
    assert result.slide_count == 3
    assert result.path == tmp_path / "deck.pptx"
    assert_readable(tmp_path / "deck.pptx", template, pages=3, libreoffice=False)
    _assert_titles(tmp_path / "deck.pptx", ["One", "Two", "Three"])


async def test_failed_render_raises_or_returns(api: Any, template: Path) -> None:
    bad = make_bundle(template, ["x"], template_slide=9)
    with pytest.raises(RenderFailed) as caught:
        await resolve(api.render(bad))
    assert "slides[0]" in caught.value.render_message
    returned = await resolve(api.render(bad, raise_on_failure=False))
    assert returned.session.state is SessionState.FAILED
    assert returned.session.render_message == caught.value.render_message
    with pytest.raises(ConflictError) as no_file:
        await resolve(api.reissue_download_url(returned.session.uuid))
    assert no_file.value.code == "render_failed"


async def test_error_statuses_from_the_real_server(api: Any, live: LiveServer, template: Path) -> None:
    created = await resolve(api.create_session())
    with pytest.raises(ConflictError) as not_uploaded:
        await resolve(api.render_session(created))
    assert not_uploaded.value.code == "not_uploaded"
    with pytest.raises(ConflictError) as not_rendered:
        await resolve(api.reissue_download_url(created))
    assert not_rendered.value.code == "not_rendered"
    with pytest.raises(NotFoundError):
        await resolve(api.get_session("7c9e6679-7425-40de-944b-e07fc1f90ae7"))
    forged = created.upload.model_copy(
        update={"params": {**created.upload.params, "X-Amz-Signature": "0" * 64}}
    )
    with pytest.raises(PermissionDeniedError) as denied:
        await resolve(api.upload(forged, make_bundle(template, ["x"])))
    assert denied.value.code in {"AccessDenied", "SignatureDoesNotMatch"}


def test_wrong_token_is_refused(live: LiveServer) -> None:
    with (
        Client(live.base_url, "dk_not_a_token", max_retries=0) as client,
        pytest.raises(AuthenticationError) as caught,
    ):
        client.list_sessions()
    assert caught.value.code == "unauthorized"
    assert caught.value.response.headers["www-authenticate"].lower().startswith("bearer")


def test_token_never_reaches_storage(live: LiveServer, template: Path) -> None:
    seen: list[httpx.Request] = []
    with httpx.Client(event_hooks={"request": [seen.append]}) as http:
        Client(live.base_url, live.token, http_client=http).render(make_bundle(template, ["t"]))
    storage = [r for r in seen if not r.url.path.startswith("/sessions")]
    assert len(storage) == 2  # the upload and the download
    assert all("authorization" not in r.headers for r in storage)
    assert all(r.headers["authorization"] == f"Bearer {live.token}" for r in seen if r not in storage)


def test_render_remote_writes_the_pptx(
    live: LiveServer,
    template: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("DECKKIT_BASE_URL", live.base_url)
    monkeypatch.setenv("DECKKIT_API_TOKEN", live.token)
    zip_path = tmp_path / "bundle.zip"
    zip_path.write_bytes(make_bundle(template, ["a", "b", "c"]))
    assert render_remote(zip_path, tmp_path / "out.pptx") == 3
    assert_readable(tmp_path / "out.pptx", template, pages=3, libreoffice=False)
    assert "upload" in capsys.readouterr().err  # the tqdm bars


def _assert_titles(path: Path, titles: list[str]) -> None:
    from pptx import Presentation

    texts = [
        [shape.text_frame.text for shape in slide.shapes if shape.has_text_frame]
        for slide in Presentation(str(path)).slides
    ]
    assert texts == [[title] for title in titles]


def test_cli_render_remote(
    live: LiveServer, template: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from deckkit.cli import main

    good = tmp_path / "good.zip"
    good.write_bytes(make_bundle(template, ["a", "b"]))
    out = tmp_path / "out.pptx"
    remote = ["--remote", "--base-url", live.base_url, "--token", live.token]
    assert main(["render", str(good), "-o", str(out), *remote]) == 0
    assert "wrote" in capsys.readouterr().out
    assert_readable(out, template, pages=2, libreoffice=False)

    bad = tmp_path / "bad.zip"
    bad.write_bytes(make_bundle(template, ["a"], template_slide=4))
    assert main(["render", str(bad), "-o", str(tmp_path / "bad.pptx"), *remote]) == 1
    err = capsys.readouterr().err
    assert "failed" in err
    assert "slides[0].template" in err
    assert "Traceback" not in err
    assert not (tmp_path / "bad.pptx").exists()

    wrong_token = ["--remote", "--base-url", live.base_url, "--token", "dk_wrong"]
    assert main(["render", str(good), "-o", str(tmp_path / "x.pptx"), *wrong_token]) == 1
    assert "DECKKIT_API_TOKEN" in capsys.readouterr().err


def test_rate_limit_of_the_real_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    slept: list[float] = []
    monkeypatch.setattr(Client, "_sleep", lambda self, seconds: slept.append(seconds))
    with (
        run_live_server(tmp_path, rate_limit=3) as limited,
        Client(limited.base_url, limited.token) as client,
    ):
        for _ in range(3):
            client.list_sessions()
        with pytest.raises(RateLimitError) as caught:
            client.list_sessions()
    assert caught.value.code == "rate_limited"
    assert caught.value.retry_after is not None
    assert 0 < caught.value.retry_after <= 60
    assert len(slept) == 2  # retried twice, each time after the server's Retry-After
    # Our own backoff never exceeds 8 s: these waits are the server's Retry-After.
    assert all(8 < s <= 60 for s in slept)


async def test_a_typo_warns_as_a_local_render_does_and_strict_fails(
    api: Any, template: Path, tmp_path: Path
) -> None:
    import deckkit
    from deckkit.errors import UnfilledPlaceholderWarning, UnusedKeyWarning

    deck = deckkit.Deck(template)
    with pytest.warns(UnusedKeyWarning):  # Deck.add_slide's own check
        deck.add_slide(1, titel="Typo")
    with pytest.warns(deckkit.RenderWarning) as given:
        result = await resolve(api.render(deck))
    assert result.succeeded
    with pytest.warns(deckkit.RenderWarning):
        local = deck.render()
    assert result.warnings == local.warnings  # the same problems, in the same order
    assert [type(w.message) for w in given] == [UnusedKeyWarning, UnfilledPlaceholderWarning]
    assert "did you mean `title`?" in str(given[0].message)
    with pytest.raises(
        RenderFailed, match=r"2 problems\):\n  slides\[0\]\.titel: template slide 1 has no key"
    ):
        await resolve(api.render(deck, strict=True))


async def test_deck_render_through_the_service_keeps_strict(api: Any, template: Path) -> None:
    import deckkit
    from deckkit.errors import UnusedKeyWarning

    deck = deckkit.Deck(template)
    with pytest.warns(UnusedKeyWarning):  # Deck.add_slide's own check
        deck.add_slide(1, titel="Typo")
    failure = r"2 problems\):\n  slides\[0\]\.titel: template slide 1 has no key"
    with pytest.raises(RenderFailed, match=failure):
        await resolve(deck.render(client=api, strict=True))
    deckkit.options.strict = True
    try:
        with pytest.raises(RenderFailed, match=failure):
            await resolve(deck.render(client=api))
    finally:
        deckkit.options.strict = False
