"""Seeing a connection ask for SQLite's write lock, so that a test holding the lock lets it go
only once another connection is waiting for it, however slowly that one starts."""

from __future__ import annotations

import sqlite3
import threading
from typing import Any

import pytest


def write_lock_asked(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """An event set when a connection opened from now on begins a write transaction (`BEGIN
    IMMEDIATE`): SQLite does not let that statement finish while another connection holds the
    write lock, so a test that waits for the event and only then commits has made it wait."""
    asked = threading.Event()
    opened = sqlite3.connect

    def note_begin(statement: str) -> None:
        if statement.startswith("BEGIN IMMEDIATE"):
            asked.set()

    def connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        connection: sqlite3.Connection = opened(*args, **kwargs)
        connection.set_trace_callback(note_begin)
        return connection

    monkeypatch.setattr(sqlite3, "connect", connect)
    return asked
