"""No check passes by being switched off: a skip is a failure unless its reason is one listed here.

Everything the tests use comes with the repository (decks, schemas, the benchmark workload) or
is installed by ``./dev test`` (LibreOffice, poppler, Chromium, fonts, every Python extra). A test
skipped because one of them is missing would hide a reader, a browser check or a whole area, so
such a skip fails the run, naming the reason. The only skips allowed are for what ``./dev`` does
not provide: services the machine runs (PostgreSQL, Redis) and facts of the platform.

To allow a new skip, add its reason here with a comment saying why ``./dev`` cannot provide it.
The hooks are imported by tests/conftest.py (a plugin file, so that tests/test_skips.py can run
them on a pytest of its own).
"""

from __future__ import annotations

import re
from collections.abc import Generator

import pytest

PERMITTED = (
    # Services of the machine, reached over the network: ./dev neither installs nor starts them.
    re.compile(r"PostgreSQL at \S+ is unreachable"),
    re.compile(r"Redis at \S+ is unreachable"),
    # Facts of the platform, not something to install.
    re.compile(r"SO_REUSEPORT balancing is Linux's"),
    re.compile(r"the thresholds are glibc's; other C libraries keep their own policy"),
)


def permitted(reason: str) -> bool:
    return any(pattern.search(reason) for pattern in PERMITTED)


def _reason(longrepr: object) -> str:
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2]).removeprefix("Skipped: ")
    return str(longrepr)


def _refused(reason: str) -> str:
    return (
        f"skipped: {reason}\n"
        "A skip hides a check. Everything the tests need comes with the repository or is installed "
        "by ./dev test; run the suite through ./dev test, or restore the missing file. "
        "(tests/skips.py lists the few reasons a skip is allowed.)"
    )


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, object, None]:
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if report.skipped and not hasattr(report, "wasxfail"):
        reason = _reason(report.longrepr)
        if not permitted(reason):
            report.outcome = "failed"
            report.longrepr = _refused(reason)


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Generator[None, object, None]:
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if report.skipped:
        reason = _reason(report.longrepr)
        if not permitted(reason):
            report.outcome = "failed"
            report.longrepr = _refused(reason)
