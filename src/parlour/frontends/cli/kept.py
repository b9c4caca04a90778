"""Games kept in the data folder so that nothing a player did is lost: an unfinished game left
unsaved, and an ended one whose result the statistics could not take, each waiting to be
loaded again (`parlour play --load`).
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any, Protocol

from parlour.core.record import GameRecord
from parlour.core.session import Session
from parlour.store.database import data_folder
from parlour.store.records import save_record


class Changed(Protocol):
    """Hears of the session after every line taken, to keep its result when it ends."""

    def __call__(self, session: Session[Any]) -> str | None:
        """A warning to show, if any."""

    def last_try(self, session: Session[Any], kept: Path) -> str | None:
        """As the game is left: None if its result is kept (or it has none to keep); else
        what to tell the player, who will find the ended game kept in `kept`."""

    def resume_options(self) -> list[str]:
        """What a kept game is loaded again with, so that it counts where this one does."""


class _Unwatched:
    """What a loop tells after a line when nobody is watching it (no statistics): nothing."""

    def __call__(self, session: Session[Any]) -> str | None:
        return None

    def last_try(self, session: Session[Any], kept: Path) -> str | None:
        return None

    def resume_options(self) -> list[str]:
        return []


unchanged: Changed = _Unwatched()


def resume_command(kept: Path, *options: str) -> str:
    """The command that loads the game kept in `kept` again, quoted for a shell."""
    return shlex.join(["parlour", "play", "--load", str(kept), *options])


def kept_folder() -> Path:
    """Where games left with something not kept elsewhere wait to be loaded again, whatever
    `--db` says: unfinished games, and ended ones whose result the statistics could not take."""
    return data_folder() / "unfinished"


def kept_path(record: GameRecord) -> Path:
    """The file in `kept_folder()` that keeps the game of `record`, the same at every leave."""
    return kept_folder() / f"{record.game}-{record.id[:12]}.json"


def in_kept_folder(path: Path) -> bool:
    """Whether `path` is a game kept in `kept_folder()` (an ended one there awaits its count)."""
    return path.resolve().parent == kept_folder().resolve()


def keep_ended(session: Session[Any], changed: Changed) -> str | None:
    """Leaving an ended game: `changed` tries once more to keep its result; if it still
    cannot, the game is kept in `kept_folder()` so that its result is not lost, and the player
    is told how to count it. A kept copy of a game whose result is kept goes. What to tell the
    player, or None."""
    record = session.record()
    path = kept_path(record)
    unkept = changed.last_try(session, path)
    try:
        if unkept is None:
            path.unlink(missing_ok=True)
            return None
        save_record(path, record)
    except OSError as error:
        if unkept is None:
            return f"The ended game's kept copy {path} could not be removed: {error.strerror}"
        return f"{unkept}; nor could the game be kept in {path}: {error.strerror}"
    return unkept
