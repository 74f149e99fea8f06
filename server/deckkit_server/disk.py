"""A full disk: how a failed write is recognised, and what is raised for it (stdlib only: the
render workers import it too)."""

from __future__ import annotations

import errno

__all__ = ["FULL_RETRY_AFTER_SECONDS", "StorageFull", "is_disk_full"]

FULL_RETRY_AFTER_SECONDS = 60
_DISK_FULL = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG})


def is_disk_full(error: OSError) -> bool:
    """Whether a write failed for want of space (disk, quota or file size), not for a fault."""
    return error.errno in _DISK_FULL


class StorageFull(Exception):  # noqa: N818 (a state of the machine, answered 507, not a bug)
    """A file could not be written: the disk is full. Nothing of it was kept."""
