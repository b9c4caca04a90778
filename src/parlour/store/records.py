"""Saved games on disk. Writes are atomic (a temporary file renamed over the target), so an
interrupted save never destroys the previous one."""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path

from parlour.core.errors import RecordError
from parlour.core.record import GameRecord


def save_record(path: str | os.PathLike[str], record: GameRecord) -> Path:
    """Write `record` to `path` atomically; returns the path written. A link is written
    through (the file it names is replaced, not the link), and a file replaced keeps its
    permissions; anything but a regular file (a folder, a device) is refused."""
    target = Path(path).resolve() if Path(path).is_symlink() else Path(path)
    if target.is_dir():  # replacing a folder fails, or for `/` says "busy"
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(target))
    if target.exists() and not target.is_file():  # a device node, a pipe: not to be replaced
        raise OSError(errno.EINVAL, "not a regular file", str(target))
    mode = stat.S_IMODE(target.stat().st_mode) if target.exists() else _new_file_mode()
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=".parlour-", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            os.fchmod(handle.fileno(), mode)
            handle.write(record.dumps())
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return target


def _new_file_mode() -> int:
    """The permissions a file made with `open` gets: read and write for all, less the umask
    (which can be read only by setting it)."""
    umask = os.umask(0o022)
    os.umask(umask)
    return 0o666 & ~umask


def load_record(path: str | os.PathLike[str]) -> GameRecord:
    """Read a saved game; a missing, unreadable or corrupt file is a `RecordError`."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise RecordError(f"cannot read saved game {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise RecordError(f"cannot read saved game {path}: it is not text (UTF-8)") from None
    except ValueError as error:  # a NUL in the path
        raise RecordError(f"cannot read saved game {path}: {error}") from None
    return GameRecord.loads(text)
