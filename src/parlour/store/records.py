"""Saved games on disk. Writes are atomic (a temporary file renamed over the target), so an
interrupted save never destroys the previous one."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

from parlour.core.errors import RecordError
from parlour.core.record import GameRecord


def save_record(path: str | os.PathLike[str], record: GameRecord) -> Path:
    """Write `record` to `path` atomically; returns the path written."""
    target = Path(path)
    if target.is_dir():  # replacing a folder fails, or for `/` says "busy"
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(target))
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=".parlour-", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(record.dumps())
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return target


def load_record(path: str | os.PathLike[str]) -> GameRecord:
    """Read a saved game; a missing, unreadable or corrupt file is a `RecordError`."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, ValueError) as error:  # a UnicodeDecodeError, or a NUL in the path
        raise RecordError(f"cannot read saved game {path}: {error}") from None
    return GameRecord.loads(text)
