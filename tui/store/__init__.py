"""Persistence: a game's save file, written in one atomic, durable write per command.

The app uses :class:`SaveFile` (create / open / commit) and handles
:class:`SaveError` (the file cannot be opened; ``backup`` may name a good
backup to offer, see :func:`restore_backup`) and :class:`StoreFailed` (a save
could not be written; nothing changed). The storages are TinyDB ``Storage``
classes and can be used with plain TinyDB too.
"""

from __future__ import annotations

from tui.store.fileops import FileOps
from tui.store.lock import Holder, SaveLock, read_holder
from tui.store.recovery import SaveError, newest_backup, restore_backup
from tui.store.save import SaveFile
from tui.store.storage import AtomicJSONStorage, MemoryStorage, StoreFailed
from tui.store.validate import APP, SCHEMA

__all__ = [
    "APP",
    "SCHEMA",
    "AtomicJSONStorage",
    "FileOps",
    "Holder",
    "MemoryStorage",
    "SaveError",
    "SaveFile",
    "SaveLock",
    "StoreFailed",
    "newest_backup",
    "read_holder",
    "restore_backup",
]
