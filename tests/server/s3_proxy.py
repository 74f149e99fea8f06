"""An S3 endpoint on loopback that hands every request on to a real one (moto's server) or fails
the ones asked: answers 500 ``InternalError``, as S3 does when it fails on its side, or drops the
connection halfway through an answer's body.

The server under test talks to it over HTTP with boto3 as it would to S3 (boto3 is never patched).
"""

from __future__ import annotations

import http.client
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

__all__ = ["S3Proxy", "s3_proxy"]

_INTERNAL_ERROR = (
    b'<?xml version="1.0" encoding="UTF-8"?>\n'
    b"<Error><Code>InternalError</Code><Message>We encountered an internal error. Please try again."
    b"</Message><RequestId>FAILING</RequestId></Error>"
)
# Hop-by-hop headers, and those http.client writes itself.
_NOT_PASSED_ON = {"connection", "keep-alive", "transfer-encoding", "content-length"}


@dataclass
class S3Proxy:
    endpoint: str
    fails: Callable[[str, str], bool] = lambda method, path: False
    """Which requests (method, path) are answered 500 instead of handed on."""
    cuts: Callable[[str, str], bool] = lambda method, path: False
    """Which requests' answers lose their connection halfway through the body."""
    failed: list[str] = field(default_factory=list)
    """``"PUT /bucket/key"`` of each request answered 500 or cut."""


@contextmanager
def s3_proxy(upstream: str) -> Iterator[S3Proxy]:
    """A proxy on a free loopback port in front of ``upstream`` (``http://host:port``)."""
    target = urlsplit(upstream)
    proxy = S3Proxy("")

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def _hand_on(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            if proxy.fails(self.command, self.path):
                proxy.failed.append(f"{self.command} {urlsplit(self.path).path}")
                self._answer(500, [("Content-Type", "application/xml")], _INTERNAL_ERROR)
                return
            upstream_conn = http.client.HTTPConnection(target.hostname or "", target.port, timeout=30)
            try:
                headers = {k: v for k, v in self.headers.items() if k.lower() not in _NOT_PASSED_ON}
                upstream_conn.request(self.command, self.path, body=body, headers=headers)
                response = upstream_conn.getresponse()
                content = response.read()
                if proxy.cuts(self.command, self.path):
                    proxy.failed.append(f"{self.command} {urlsplit(self.path).path}")
                    self.send_response(response.status)
                    self.send_header("Content-Length", str(len(content)))
                    self.end_headers()
                    self.wfile.write(content[: len(content) // 2])
                    self.close_connection = True
                    return
                head = self.command == "HEAD"  # its Content-Length is the object's: passed on
                passed = [
                    (k, v)
                    for k, v in response.getheaders()
                    if k.lower() not in _NOT_PASSED_ON or (head and k.lower() == "content-length")
                ]
                self._answer(response.status, passed, content, head=head)
            finally:
                upstream_conn.close()

        def _answer(
            self, status: int, headers: list[tuple[str, str]], content: bytes, *, head: bool = False
        ) -> None:
            self.send_response(status)
            for name, value in headers:
                self.send_header(name, value)
            if not head:
                self.send_header("Content-Length", str(len(content)))
            self.end_headers()
            if not head:
                self.wfile.write(content)

        do_GET = do_PUT = do_POST = do_DELETE = do_HEAD = _hand_on  # noqa: N815 (http.server's names)

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    proxy.endpoint = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, name="s3-proxy", daemon=True)
    thread.start()
    try:
        yield proxy
    finally:
        server.shutdown()
        server.server_close()
        thread.join(10)
