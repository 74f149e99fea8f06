"""Failed sign-ins to the console, counted per client address and per credential (part of the state).

The console's sign-in asks it before looking a token up (see docs/security.md for the limits).
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict, deque

__all__ = ["FailedSignIns"]


class _FailureLog:
    """Failures per key in a sliding window, bounded in memory: the least recently seen keys go first."""

    def __init__(self, limit: int, window_micros: int, max_keys: int) -> None:
        self.limit = limit
        self.window = window_micros
        self.max_keys = max_keys
        self._failures: OrderedDict[str, deque[int]] = OrderedDict()

    def _recent(self, key: str, now: int) -> deque[int]:
        times = self._failures.get(key)
        if times is None:
            return deque()
        while times and times[0] <= now - self.window:
            times.popleft()
        if not times:
            del self._failures[key]
        return times

    def retry_after(self, key: str, now: int) -> int | None:
        """Seconds until ``key`` is under its limit again, or None when it is now."""
        times = self._recent(key, now)
        if len(times) < self.limit:
            return None
        return max(1, -(-(times[0] + self.window - now) // 1_000_000))

    def record(self, key: str, now: int) -> None:
        times = self._recent(key, now)
        times.append(now)
        self._failures[key] = times
        self._failures.move_to_end(key)
        while len(self._failures) > self.max_keys:
            self._failures.popitem(last=False)


class FailedSignIns:
    """Failed sign-ins in a sliding window: what failed is limited, never a valid token's success.

    Two counts, each bounded in memory and kept per server process:

    - per credential (its SHA-256, never the text): a token that failed ``credential_limit``
      times (revoked, unknown, mistyped) is refused at once, without a store lookup;
    - per client address: past ``address_limit`` failures, a further failing attempt from it is
      answered 429 with ``Retry-After`` instead of 401.

    A valid token signs in whatever the address's failures: anyone behind the same address (a
    company's NAT) cannot lock the others out. Guessing a token (256 random bits) is hopeless
    anyway; what the counts bound is a script retrying the same wrong token, and they tell a
    client failing often to slow down.
    """

    def __init__(
        self, address_limit: int, window_micros: int, credential_limit: int = 5, max_keys: int = 10_000
    ) -> None:
        self.address_limit = address_limit
        self.credential_limit = credential_limit
        self._addresses = _FailureLog(address_limit, window_micros, max_keys)
        self._credentials = _FailureLog(credential_limit, window_micros, max_keys)

    @staticmethod
    def _credential_key(credential: str) -> str:
        return hashlib.sha256(credential.encode()).hexdigest()

    def credential_retry_after(self, credential: str, now: int) -> int | None:
        """Seconds until this failing credential may be tried again, or None when it may now."""
        return self._credentials.retry_after(self._credential_key(credential), now)

    def address_retry_after(self, address: str, now: int) -> int | None:
        """Seconds until this address's failures are under the limit, or None when they are."""
        return self._addresses.retry_after(address, now)

    def record(self, address: str, credential: str, now: int) -> None:
        self._addresses.record(address, now)
        self._credentials.record(self._credential_key(credential), now)
