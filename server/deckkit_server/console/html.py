"""The console's HTML: one page layout and small escaped fragments, no template engine."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deckkit_server.store import Account

__all__ = ["esc", "page"]

_STYLE = """
body{font:15px/1.45 system-ui,sans-serif;margin:0;color:#1d2433;background:#f6f7f9}
header{background:#1d2433;color:#fff;padding:.8rem 1.5rem;display:flex;justify-content:space-between;align-items:center}
header a{color:#fff}header button{color:#fff;background:transparent;border:1px solid #8a93a6;border-radius:3px;padding:.15rem .6rem}
main{max-width:960px;margin:1.5rem auto;padding:0 1.5rem}
section{background:#fff;border:1px solid #dde1e7;border-radius:6px;padding:1rem 1.25rem;margin-bottom:1.25rem}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #eceff3}
code,.token{font-family:ui-monospace,monospace;word-break:break-all}
.token{background:#fff7d6;padding:.5rem;border:1px solid #e8d48a;display:block}
.error{color:#a1261b}.ok{color:#1b7a33}
button{cursor:pointer}form.inline{display:inline}header .account{margin:0 .8rem}
"""


def esc(value: object) -> str:
    return escape("" if value is None else str(value), quote=True)


def page(title: str, body: str, *, account: Account | None = None, csrf: str = "") -> str:
    """A whole page; signed in (``account``), the header names the account and offers sign-out."""
    sign_out = (
        f'<span class="account">Account <strong>{esc(account.name)}</strong> <code>{esc(account.id)}</code></span> '
        f'<form class="inline" method="post" action="/console/sign-out"><input type="hidden" name="csrf" '
        f'value="{esc(csrf)}"><button type="submit">Sign out</button></form>'
        if account is not None
        else ""
    )
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{esc(title)} · deckkit</title>'
        f'<meta name="viewport" content="width=device-width,initial-scale=1"><style>{_STYLE}</style></head>'
        f'<body><header><strong>deckkit console</strong><span><a href="/openapi.json">API</a> {sign_out}</span>'
        f"</header><main><h1>{esc(title)}</h1>{body}</main></body></html>"
    )
