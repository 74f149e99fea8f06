"""The console's HTML: one page layout and small escaped fragments, no template engine."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deckkit_server.store import Account

__all__ = ["esc", "page", "short_id", "short_time"]

_STYLE = """
*{box-sizing:border-box}
body{font:15px/1.45 system-ui,sans-serif;margin:0;color:#1d2433;background:#f6f7f9}
header{background:#1d2433;color:#fff;padding:.8rem 1.5rem;display:flex;flex-wrap:wrap;gap:.4rem 1rem;justify-content:space-between;align-items:center}
header a{color:#fff}header button{color:#fff;background:transparent;border:1px solid #8a93a6;border-radius:3px;padding:.15rem .6rem}
header>span{display:flex;flex-wrap:wrap;gap:.4rem .8rem;align-items:center;min-width:0}
time{white-space:nowrap}
main{max-width:960px;margin:1.5rem auto;padding:0 1.5rem}
h1{overflow-wrap:anywhere}
section{background:#fff;border:1px solid #dde1e7;border-radius:6px;padding:1rem 1.25rem;margin-bottom:1.25rem;min-width:0}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #eceff3;vertical-align:top}
td.message{overflow-wrap:anywhere}
code,.token{font-family:ui-monospace,monospace}
.token{background:#fff7d6;padding:.5rem;border:1px solid #e8d48a;display:block;word-break:break-all}
.id{display:inline-block;max-width:9ch;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;vertical-align:bottom}
pre{white-space:pre-wrap;overflow-wrap:anywhere}
input[type=password],input[name=name]{max-width:100%}input[type=password]{width:36rem}input[type=file]{max-width:100%}
.error{color:#a1261b}.ok{color:#1b7a33}.warn{color:#8a5a00}
button{cursor:pointer}form.inline{display:inline}
@media (max-width:640px){
 main{padding:0 .75rem;margin:1rem auto}header{padding:.6rem .75rem}section{padding:.75rem}
 table,tbody,tr,td{display:block;width:100%}tr.head{display:none}
 tr{border-bottom:1px solid #dde1e7;padding:.4rem 0}td{border:0;padding:.1rem 0;display:flex;gap:.5rem}
 td::before{content:attr(data-label);color:#5b6475;min-width:5.5rem;flex:none}
}
"""


def esc(value: object) -> str:
    return escape("" if value is None else str(value), quote=True)


def short_id(value: str) -> str:
    """An id shown by its first characters: the whole id is in the page (copying the cell copies
    it all) and in the title (hovering shows it); CSS cuts what is shown."""
    return f'<code class="id" title="{esc(value)}">{esc(value)}</code>'


def short_time(value: str | None) -> str:
    """``2026-11-27T09:00:05.123456Z`` shown as ``11-27 09:00:05``, the whole time on hover."""
    if not value:
        return "-"
    shown = f"{value[5:10]} {value[11:19]}" if len(value) >= 19 else value
    return f'<time datetime="{esc(value)}" title="{esc(value)} (UTC)">{esc(shown)}</time>'


def page(title: str, body: str, *, account: Account | None = None, csrf: str = "") -> str:
    """A whole page; signed in (``account``), the header names the account and offers sign-out."""
    sign_out = (
        f'<span class="account">Account <strong>{esc(account.name)}</strong> {short_id(account.id)}</span> '
        f'<form class="inline" method="post" action="/console/sign-out"><input type="hidden" name="csrf" '
        f'value="{esc(csrf)}"><button type="submit">Sign out</button></form>'
        if account is not None
        else ""
    )
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{esc(title)} · deckkit</title>'
        f'<meta name="viewport" content="width=device-width,initial-scale=1"><style>{_STYLE}</style></head>'
        f'<body><header><strong>deckkit console</strong><span><a href="/docs">API docs</a> {sign_out}</span>'
        f"</header><main><h1>{esc(title)}</h1>{body}</main></body></html>"
    )
