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

# The largest file read as a saved game. A long game's record is tens of kilobytes; a file far
# larger is no saved game, and one without end (a device) would be read until memory ran out.
LARGEST_RECORD = 16 * 1024 * 1024


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
    """Read a saved game; a missing, unreadable or corrupt file is a `RecordError`, as is
    anything but a regular file (saves write only those: a pipe would wait for a writer, a
    device might never end) or a file past `LARGEST_RECORD`."""
    try:
        data = _read_regular(path, LARGEST_RECORD + 1)
    except OSError as error:
        raise RecordError(f"cannot read saved game {path}: {error.strerror or error}") from None
    except ValueError as error:  # a NUL in the path
        raise RecordError(f"cannot read saved game {path}: {error}") from None
    if len(data) > LARGEST_RECORD:
        raise RecordError(f"not a saved game: {path} is larger than any saved game")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"cannot read saved game {path}: it is not text (UTF-8)") from None
    return GameRecord.loads(text)


def _read_regular(path: str | os.PathLike[str], most: int) -> bytes:
    """The first `most` bytes of `path`, which must be a regular file (opened without waiting,
    so that a pipe is refused rather than waited on)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        if not stat.S_ISREG(mode):
            raise OSError(errno.EINVAL, "it is not a regular file", str(path))
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return handle.read(most)
    finally:
        os.close(fd)
