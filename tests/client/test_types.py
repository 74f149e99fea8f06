"""The typed answers: both session shapes, the state, leniency to unknown fields."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from pydantic import ValidationError

from deckkit.client import (
    RenderedDeck,
    RenderResponse,
    Session,
    SessionResponse,
    SessionState,
    SessionSummary,
)

CREATED = "2026-11-22T05:00:00.123456Z"
LATER = "2026-11-22T05:01:00.654321Z"


def test_current_shape_states() -> None:
    unrendered = Session.model_validate(
        {
            "uuid": "u",
            "created_at": CREATED,
            "rendered_at": None,
            "render_succeeded": None,
            "render_slide_count": None,
            "render_message": None,
        }
    )
    assert unrendered.state is SessionState.UNRENDERED
    assert unrendered.created_at == datetime(2026, 11, 22, 5, 0, 0, 123456, tzinfo=UTC)
    succeeded = Session.model_validate(
        {
            "uuid": "u",
            "created_at": CREATED,
            "rendered_at": LATER,
            "render_succeeded": True,
            "render_slide_count": 4,
            "render_message": None,
        }
    )
    assert succeeded.state is SessionState.SUCCEEDED
    assert succeeded.render_slide_count == 4
    failed = Session.model_validate(
        {
            "uuid": "u",
            "created_at": CREATED,
            "rendered_at": LATER,
            "render_succeeded": False,
            "render_message": "slides[0].x: bad",
        }
    )
    assert failed.state is SessionState.FAILED
    assert failed.state == "failed"


@pytest.mark.parametrize(
    ("is_rendered", "message", "state"),
    [
        (None, None, SessionState.UNRENDERED),
        (False, None, SessionState.UNRENDERED),
        (True, None, SessionState.SUCCEEDED),
        (False, "slides[1].t: no such slide", SessionState.FAILED),
        (None, "slides[1].t: no such slide", SessionState.FAILED),
    ],
)
def test_earlier_shape_maps_onto_current_fields(
    is_rendered: bool | None, message: str | None, state: SessionState
) -> None:
    session = Session.model_validate(
        {
            "uuid": "u",
            "is_rendered": is_rendered,
            "message": message,
            "created_at": CREATED,
            "updated_at": LATER,
        }
    )
    assert session.state is state
    if state is SessionState.UNRENDERED:
        assert session.rendered_at is None
        assert session.render_message is None
    else:
        assert session.rendered_at == datetime(2026, 11, 22, 5, 1, 0, 654321, tzinfo=UTC)
        assert session.render_message == message
    assert session.model_extra == {"is_rendered": is_rendered, "message": message, "updated_at": LATER}


def test_earlier_summary_shape() -> None:
    summary = SessionSummary.model_validate({"uuid": "u", "created_at": CREATED, "is_rendered": True})
    assert summary.state is SessionState.SUCCEEDED
    assert summary.rendered_at == summary.created_at  # no updated_at in the earlier summary


def test_unknown_fields_are_kept_not_refused() -> None:
    response = RenderResponse.model_validate(
        {
            "session": {
                "uuid": "u",
                "created_at": CREATED,
                "render_succeeded": True,
                "render_slide_count": 1,
                "rendered_at": LATER,
                "render_cost": 3,
            },
            "download_url": "http://x/y",
            "trace": "t-1",
        }
    )
    assert response.succeeded
    assert response.model_extra == {"trace": "t-1"}
    assert response.session.model_extra == {"render_cost": 3}


def test_a_field_added_to_a_render_warning_is_kept_not_refused(tmp_path: Path) -> None:
    warning = {"code": "unused_key", "path": "slides[0].titel", "message": "m", "severity": "low"}
    response = RenderResponse.model_validate(
        {
            "session": {
                "uuid": "u",
                "created_at": CREATED,
                "rendered_at": LATER,
                "render_succeeded": True,
                "render_slide_count": 1,
                "render_warnings": [warning],
            },
            "download_url": "http://x/y",
        }
    )
    (read,) = response.session.render_warnings
    assert (read.code, read.path, read.message) == ("unused_key", "slides[0].titel", "m")
    assert read.model_extra == {"severity": "low"}
    (problem,) = RenderedDeck(session=response.session, content=b"x").warnings
    assert (problem.path, problem.message) == ("slides[0].titel", "m")


def test_upload_form_keeps_param_order() -> None:
    params = {
        "acl": "private",
        "key": "k",
        "Content-Type": "application/zip",
        "X-Amz-Date": "d",
        "Policy": "p",
        "X-Amz-Signature": "s",
    }
    parsed = SessionResponse.model_validate(
        {
            "session": {"uuid": "u", "created_at": CREATED},
            "upload": {
                "action": "http://s/b",
                "method": "POST",
                "enctype": "multipart/form-data",
                "params": params,
            },
        }
    )
    assert list(parsed.upload.params) == list(params)


def test_missing_required_fields_are_refused() -> None:
    with pytest.raises(ValidationError):
        Session.model_validate({"created_at": CREATED})


def test_rendered_deck_repr_hides_the_bytes(tmp_path: Path) -> None:
    session = Session.model_validate(
        {
            "uuid": "u",
            "created_at": CREATED,
            "rendered_at": LATER,
            "render_succeeded": True,
            "render_slide_count": 2,
        }
    )
    rendered = RenderedDeck(session=session, content=b"x" * 10_000)
    assert repr(rendered) == "RenderedDeck(uuid='u', state='succeeded', slide_count=2, content=<10000 bytes>)"
    assert rendered.save(tmp_path / "d.pptx").read_bytes() == b"x" * 10_000
