"""The in-memory core shared by both storages: data, batches, roll-back, StoreFailed.

A :class:`SnapshotStorage` is a TinyDB ``Storage`` whose ``read()`` returns the
live in-memory data and whose ``write(data)`` makes it durable in one go
(serialize once with orjson, then ``_persist`` the bytes). Inside
:meth:`SnapshotStorage.batch` a ``write`` only marks the data as changed and the
one durable write happens when the batch ends. If it fails, the in-memory data
is rolled back to the last durably written data, kept as its serialized bytes,
and :class:`StoreFailed` is raised. :class:`MemoryStorage` is the back end
without a disk; ``tui.store.storage.AtomicJSONStorage`` the one with a file.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import orjson
from tinydb.storages import Storage

from tui.store.fileops import reason

__all__ = ["Data", "MemoryStorage", "SnapshotStorage", "StoreFailed", "Unconfirmed", "loads", "paused_gc"]

#: TinyDB's data model: table name -> document id (as text) -> document.
Data = dict[str, dict[str, Any]]


class StoreFailed(Exception):
    """A save could not be written; nothing was changed on disk or in memory.

    ``name`` is the save's file name (or ``<memory>``) and ``reason`` what went
    wrong, e.g. ``No space left on device``.
    """

    def __init__(self, name: str, reason: str, *, changed_on_disk: bool = False) -> None:
        self.name = name
        self.reason = reason
        #: True only in the rare case where the new data reached the file but the
        #: folder could not be synced and the old file could not be put back.
        self.changed_on_disk = changed_on_disk
        outcome = (
            "the file on disk may already hold the new data; the game in memory was not changed"
            if changed_on_disk
            else "nothing was changed"
        )
        super().__init__(f"could not save {name}: {reason}; {outcome}")


@contextmanager
def paused_gc(*, set_aside: bool = False) -> Iterator[None]:
    """Pause the cyclic garbage collector while building many small containers.

    Parsing or copying a large save allocates hundreds of thousands of dicts,
    which makes the collector run over and over, scanning them all, for nothing
    (JSON data has no cycles): pausing it makes these steps 3-10x faster.

    ``set_aside``: what exists at the end lives on (the game a screen is opened
    on, the modules it imports): it is moved out of the collector's reach
    (``gc.freeze``) before collecting resumes, so that no later collection walks
    it again (the first one after a long log was opened walked every event).
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if set_aside:
            gc.freeze()
        if enabled:
            gc.enable()


def loads(raw: bytes) -> Any:
    """Parse JSON bytes with orjson, with the garbage collector paused."""
    with paused_gc():
        return orjson.loads(raw)


def load_typed(raw: bytes) -> Any:
    """A save's bytes read typed (:func:`tui.store.typed.load_save`), with the garbage collector paused; None if they
    are not a save of exactly the logged shape (parse them with :func:`loads`)."""
    from tui.store.typed import load_save  # here: msgspec's decoder is built only where a save is read

    with paused_gc():
        return load_save(raw)


class SnapshotStorage(Storage):
    """Base of both back ends: in-memory data, batches and roll-back.

    The last durably written data is kept as its serialized bytes; rolling back
    parses them again, which costs time only when a write has failed.
    """

    #: Name used in messages (the save's file name, or ``<memory>``).
    name: str

    def __init__(self, name: str, raw: bytes | None) -> None:
        super().__init__()
        self.name = name
        self._durable: bytes | None = raw or None
        typed = load_typed(raw) if raw else None
        #: Read typed (:mod:`tui.store.typed`): every event was of the logged shape, numbered in order, its command
        #: not blank, when the save was read (the save check need not look at each event again).
        self.events_typed = typed is not None
        self._data: Data | None = typed if typed is not None else loads(raw) if raw else None
        self._depth = 0
        self._dirty = False
        self._closed = False
        #: Number of durable writes made by this storage (one per commit).
        self.writes = 0

    def read(self) -> Data | None:
        """Return the in-memory data (the live dict; TinyDB mutates it before ``write``)."""
        return self._data

    def write(self, data: Data) -> None:
        """Save ``data`` durably now, or at the end of the current batch."""
        if self._closed:
            raise ValueError(f"{self.name} is closed")
        self._data = data
        if self._depth:
            self._dirty = True
        else:
            self._save()

    def close(self) -> None:
        """Refuse further writes; nothing is held open between writes."""
        self._closed = True

    def snapshot(self) -> bytes | None:
        """The bytes of the last durable write (or of the file as it was read)."""
        return self._durable

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Group writes: every ``write()`` inside only records; one durable write at exit.

        If the block raises, or the durable write fails, the in-memory data is
        rolled back to the last durable data. Nested batches join the outer one.
        """
        if self._depth:
            yield
            return
        self._depth = 1
        self._dirty = False
        try:
            yield
        except BaseException:
            self._depth = 0
            self._rollback()
            raise
        self._depth = 0
        if self._dirty:
            self._dirty = False
            self._save()

    def _save(self) -> None:
        """Serialize once and persist; on any failure roll back and raise StoreFailed."""
        try:
            payload = orjson.dumps(self._data)
        except TypeError as exc:
            self._rollback()
            raise StoreFailed(self.name, f"the data cannot be written as JSON ({exc})") from exc
        try:
            self._persist(payload)
        except Unconfirmed as exc:
            self._rollback()
            raise StoreFailed(self.name, reason(exc.error), changed_on_disk=True) from exc.error
        except OSError as exc:
            self._rollback()
            raise StoreFailed(self.name, reason(exc)) from exc
        except BaseException:  # e.g. KeyboardInterrupt mid-write: memory must not run ahead of the disk
            self._rollback()
            raise
        self._durable = payload
        self.writes += 1

    def _rollback(self) -> None:
        """Throw away in-memory changes: back to the last durable data."""
        self._dirty = False
        self._data = loads(self._durable) if self._durable else None

    def _persist(self, payload: bytes) -> None:
        """Make ``payload`` durable (raise OSError, leaving the old data in place, if not)."""
        raise NotImplementedError


class MemoryStorage(SnapshotStorage):
    """In-memory back end with the same semantics (serializes, rolls back) and no disk.

    ``fail_next(error)`` makes the next durable write fail with ``error``, so
    engine tests can exercise :class:`StoreFailed` without a file system.
    """

    def __init__(self, raw: bytes | None = None, name: str = "<memory>") -> None:
        super().__init__(name, raw)
        self._fault: OSError | None = None

    def fail_next(self, error: OSError) -> None:
        """Make the next durable write raise ``error`` (once)."""
        self._fault = error

    def _persist(self, payload: bytes) -> None:
        fault, self._fault = self._fault, None
        if fault is not None:
            raise fault


class Unconfirmed(Exception):
    """The folder sync failed after the replace and the old file could not be put back."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error
