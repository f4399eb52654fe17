"""The save file: what the rest of the app uses to persist a game.

A save is a TinyDB JSON file (plain ``tinydb.TinyDB`` can open it) with three
tables:

- ``meta``: one document ``{"app": "harbormaster", "schema": 1, "ruleset",
  "scenario", "created", "updated", "revision", ...caller's keys}``;
- ``events``: one document per event, ``doc_id == seq`` (1, 2, 3 ...);
- ``state``: one document, the materialized game state.

:meth:`SaveFile.commit` is one command: append events, replace some events,
replace the state, merge meta keys and bump the revision, in exactly one
durable write. The hot path edits the in-memory tables directly (TinyDB's
``Table`` rebuilds a whole table on every insert), so a commit costs one orjson
dump, one write and the fsyncs. Opening validates the file and never changes it;
every problem is a :class:`SaveError` with a one-line message.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import TracebackType
from typing import Any

import orjson
from tinydb import TinyDB

from tui.store.fileops import FileOps
from tui.store.recovery import Clock, SaveError, check_storage, load_checked, newest_backup, utc_now
from tui.store.snapshot import MemoryStorage, SnapshotStorage, StoreFailed, loads, paused_gc
from tui.store.storage import AtomicJSONStorage
from tui.store.validate import APP, RESERVED_META, SCHEMA, single_doc

__all__ = ["SaveError", "SaveFile", "StoreFailed"]


def _new_data(meta: Mapping[str, Any], state: Mapping[str, Any], now: str) -> dict[str, Any]:
    """The TinyDB tables of a brand-new save (revision 0, no events)."""
    if not isinstance(meta, Mapping) or not isinstance(state, Mapping):
        raise TypeError("meta and state must be dicts")
    reserved = RESERVED_META & meta.keys()
    if reserved:
        raise ValueError(f"meta keys {sorted(reserved)} are set by the store, not by the caller")
    for key in ("ruleset", "scenario"):
        if not isinstance(meta.get(key), str):
            raise ValueError(f"meta.{key} must be given as text")
    head = {"app": APP, "schema": SCHEMA, "ruleset": meta["ruleset"], "scenario": meta["scenario"]}
    doc = {**head, "created": now, "updated": now, "revision": 0, **meta}
    return {"meta": {"1": doc}, "events": {}, "state": {"1": dict(state)}}


def _event_doc(doc: Any, seq: int, what: str) -> dict[str, Any]:
    """A shallow copy of an event document, checked to be a dict whose ``seq`` (if any) fits."""
    if not isinstance(doc, Mapping):
        raise TypeError(f"{what} {seq} must be a dict, not {type(doc).__name__}")
    copy = dict(doc)
    if "seq" in copy and copy["seq"] != seq:
        raise ValueError(f"{what} says seq {copy['seq']!r}, but it is event {seq} in this save")
    return copy


class SaveFile:
    """A Harbormaster save: read it, and commit one command at a time.

    Make one with :meth:`create`, :meth:`open`, :meth:`memory` or
    :meth:`from_bytes`. Use it from the thread that made it (TinyDB is not
    thread-safe). Returned documents are copies: ``meta`` and ``state()`` deep,
    ``events()`` one level deep (treat nested values as read-only).
    """

    def __init__(self, storage: SnapshotStorage, path: Path | None, clock: Clock | None = None) -> None:
        """Wrap an already validated storage; use the class methods instead."""
        self._storage = storage
        #: Where the save lives; None for the in-memory back end.
        self.path = path
        self._clock = clock or utc_now
        self._db = TinyDB(storage=lambda: storage)
        self._thread = threading.get_ident()
        self._closed = False
        #: A read-only save refuses every commit (a viewer, or ``--read-only``).
        self.read_only = False
        self._stamp = self.disk_stamp()

    # -- making one ---------------------------------------------------------------

    @classmethod
    def create(
        cls,
        path: Path,
        meta: Mapping[str, Any],
        state: Mapping[str, Any],
        *,
        clock: Clock | None = None,
        ops: FileOps | None = None,
    ) -> SaveFile:
        """Write a new save at ``path`` durably; SaveError if something is already there."""
        path = Path(path)
        clock = clock or utc_now
        data = _new_data(meta, state, clock().isoformat(timespec="seconds"))
        storage = None if os.path.lexists(path) else AtomicJSONStorage(path, ops=ops)
        if storage is None or storage.on_disk:  # checked again after reading: it may have just appeared
            problem = "a file already exists there; refusing to overwrite it"
            raise SaveError(path, problem, kind="exists", action="create")
        storage.write(data)
        return cls(storage, path, clock)

    @classmethod
    def open(cls, path: Path, *, clock: Clock | None = None, ops: FileOps | None = None) -> SaveFile:
        """Open and validate a save; SaveError (naming a good backup, if any) if it is not one."""
        path = Path(path)
        try:
            storage = load_checked(path, ops)
        except SaveError as exc:
            if exc.kind != "newer":
                exc.backup = newest_backup(path)
            raise
        return cls(storage, path, clock)

    @classmethod
    def memory(cls, meta: Mapping[str, Any], state: Mapping[str, Any], *, clock: Clock | None = None) -> SaveFile:
        """A new save in memory (same behaviour, no disk): for tests and scratch games."""
        clock = clock or utc_now
        storage = MemoryStorage()
        storage.write(_new_data(meta, state, clock().isoformat(timespec="seconds")))
        return cls(storage, None, clock)

    @classmethod
    def from_bytes(cls, raw: bytes, *, name: str = "<memory>", clock: Clock | None = None) -> SaveFile:
        """An in-memory save from a save file's bytes (see :meth:`to_bytes`), validated like :meth:`open`."""
        try:
            storage = MemoryStorage(raw, name=name)
        except orjson.JSONDecodeError as exc:
            raise SaveError(Path(name), f"not valid JSON ({exc})", kind="damaged") from None
        check_storage(Path(name), storage)
        return cls(storage, None, clock)

    # -- reading ------------------------------------------------------------------

    def _tables(self) -> dict[str, Any]:
        """The live in-memory tables (never hand these out)."""
        if self._closed:
            raise ValueError(f"{self._storage.name} is closed")
        data = self._storage.read()
        assert data is not None
        return data

    @property
    def db(self) -> TinyDB:
        """The TinyDB database, for queries (``db.table("events").search(...)``); write with :meth:`commit`."""
        return self._db

    @property
    def meta(self) -> dict[str, Any]:
        """A copy of the meta document."""
        return loads(orjson.dumps(single_doc(self._tables()["meta"])[1]))

    @property
    def revision(self) -> int:
        """The number of commits since the save was created."""
        return int(single_doc(self._tables()["meta"])[1]["revision"])

    def events(self, start: int = 1) -> list[dict[str, Any]]:
        """Every event from seq ``start`` on, in seq order (shallow copies)."""
        events = self._tables()["events"]
        with paused_gc():
            if start <= 1:
                return [dict(doc) for doc in events.values()]
            return [dict(events[str(seq)]) for seq in range(start, len(events) + 1)]

    def event(self, seq: int) -> dict[str, Any]:
        """The event with this seq (a shallow copy); KeyError if there is none."""
        return dict(self._tables()["events"][str(seq)])

    def event_count(self) -> int:
        """How many events the save holds (the seq of the last one)."""
        return len(self._tables()["events"])

    def state(self) -> dict[str, Any]:
        """A copy of the materialized game state."""
        return loads(orjson.dumps(single_doc(self._tables()["state"])[1]))

    def to_bytes(self) -> bytes:
        """The save as last durably written (the file's exact bytes)."""
        raw = self._storage.snapshot()
        assert raw is not None
        return raw

    # -- the file on disk ------------------------------------------------------------

    def disk_stamp(self) -> tuple[int, int, int] | None:
        """(inode, mtime_ns, size) of the file now, or None (in memory, or missing)."""
        if self.path is None:
            return None
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return (st.st_ino, st.st_mtime_ns, st.st_size)

    def changed_on_disk(self) -> bool:
        """Whether the file is no longer the one this save last read or wrote (another session wrote it)."""
        return self.path is not None and self.disk_stamp() != self._stamp

    def _check_disk_revision(self) -> None:
        """Refuse to write over a file someone else changed behind this session's back.

        Cheap when nothing happened (one ``stat``); on a changed stamp the file's
        revision is read and compared with ours.
        """
        if not self.changed_on_disk():
            return
        assert self.path is not None
        name = self.path.name
        try:
            disk = loads(self.path.read_bytes())
            theirs = int(single_doc(disk["meta"])[1]["revision"])
        except Exception:  # missing, unreadable, not a save: still not ours to overwrite
            raise StoreFailed(name, "the file on disk was changed or removed by another program; reopen the game") from None
        if theirs != self.revision:
            raise StoreFailed(
                name,
                f"another session wrote this game behind this one's back (revision {theirs} on disk, "
                f"{self.revision} here); reopen the game to see its changes",
            )
        self._stamp = self.disk_stamp()  # touched, not changed

    # -- writing ------------------------------------------------------------------

    def commit(
        self,
        *,
        append: Iterable[Mapping[str, Any]] = (),
        update: Mapping[int, Mapping[str, Any]] | None = None,
        state: Mapping[str, Any],
        meta: Mapping[str, Any] | None = None,
    ) -> int:
        """Save one command in exactly one durable write and return the new revision.

        ``append`` events get seq = the next ids; ``update`` replaces events by
        seq; ``state`` replaces the state document; ``meta`` keys are merged
        (``app``, ``schema``, ``created``, ``updated``, ``revision`` belong to
        the store). Bad arguments raise TypeError/ValueError before anything
        changes. If the write fails, :class:`StoreFailed` is raised and disk and
        memory (TinyDB's caches included) are as before.
        """
        if threading.get_ident() != self._thread:
            raise RuntimeError("SaveFile.commit called from another thread; use the thread that opened the save")
        if self.read_only:
            raise StoreFailed(self.path.name if self.path else "<memory>", "the game is open read-only")
        self._check_disk_revision()
        data = self._tables()
        events: dict[str, Any] = data["events"]
        first = len(events) + 1
        added = [_event_doc(doc, seq, "appended event") for seq, doc in enumerate(append, start=first)]
        last = first + len(added) - 1
        replaced: dict[str, dict[str, Any]] = {}
        for seq, doc in (update or {}).items():
            if type(seq) is not int or not 1 <= seq <= last:
                raise ValueError(f"cannot update event {seq!r}: the save has events 1..{last}")
            replaced[str(seq)] = _event_doc(doc, seq, "updated event")
        if not isinstance(state, Mapping):
            raise TypeError(f"state must be a dict, not {type(state).__name__}")
        changes = dict(meta or {})
        reserved = RESERVED_META & changes.keys()
        if reserved:
            raise ValueError(f"meta keys {sorted(reserved)} are set by the store, not by the caller")
        for key in ("ruleset", "scenario"):
            if key in changes and not isinstance(changes[key], str):
                raise ValueError(f"meta.{key} must be text")
        meta_id, old_meta = single_doc(data["meta"])
        revision = int(old_meta["revision"]) + 1
        now = self._clock().isoformat(timespec="seconds")
        new_meta = {**old_meta, **changes, "updated": now, "revision": revision}
        state_id = single_doc(data["state"])[0]
        try:
            with self._storage.batch():
                for seq, doc in enumerate(added, start=first):
                    events[str(seq)] = doc
                events.update(replaced)
                data["state"] = {state_id: dict(state)}
                data["meta"] = {meta_id: new_meta}
                self._storage.write(data)
        finally:
            self._forget_caches()
        self._stamp = self.disk_stamp()
        return revision

    def _forget_caches(self) -> None:
        """Tables were changed behind TinyDB's back (or rolled back): drop its query caches and next ids."""
        for table in self._db._tables.values():
            table.clear_cache()
            table._next_id = None

    def close(self) -> None:
        """Close the save (nothing is pending: every commit is already durable)."""
        if not self._closed:
            self._closed = True
            self._db.close()

    def __enter__(self) -> SaveFile:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        where = self.path if self.path is not None else "<memory>"
        return f"<SaveFile {where}>"
