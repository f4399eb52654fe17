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

from tui.store.create import create_file
from tui.store.fileops import FileOps, not_a_file, read_file, read_only_file, reason, stamp_of
from tui.store.lock import LockLost, SaveLock, folder_lock
from tui.store.pinned import Pinned, PinRefused, locate, moved, shown
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


def _pinned_new(path: Path) -> tuple[Pinned | None, Path]:
    """The folder of a save about to be made, pinned (issue 29.2), and the path to make it by: the file, its
    temporary file and the folder's fsync all go to that very folder. SaveError for a planted link on the way,
    StoreFailed if a folder on the way cannot be entered."""
    try:
        pinned, where = locate(path)
    except PinRefused as exc:
        raise SaveError(path, f"{exc}; refusing to create a save there", kind="unreadable", action="create") from None
    except OSError as exc:
        raise StoreFailed(path.name, reason(exc)) from None
    return pinned, Path(where)


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
    ``events()`` one level deep (treat nested values as read-only); ``log()`` the store's own documents, never
    edited by the store, for a reader that edits none.
    """

    def __init__(self, storage: SnapshotStorage, path: Path | None, clock: Clock | None = None) -> None:
        """Wrap an already validated storage; use the class methods instead."""
        self._storage = storage
        #: Where the save lives, as the referee named its folder (never ``/proc/self/fd/N``: see :attr:`pinned_file`);
        #: None for the in-memory back end.
        self.path = Path(shown(os.fspath(path))) if path is not None else None
        self._clock = clock or utc_now
        self._db = TinyDB(storage=lambda: storage)
        self._thread = threading.get_ident()
        self._closed = False
        #: A read-only save refuses every commit (a viewer, or ``--read-only``).
        self.read_only = False
        #: The writer's lock, confirmed before every write (set by whoever took it).
        self.lock: SaveLock | None = None
        #: The stamp of the file whose bytes this session holds: the file it read, never a later stat of the path.
        self._stamp: tuple[int, ...] | None = getattr(storage, "read_stamp", None) if path is not None else None

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
        """Write a new save at ``path`` durably and exclusively.

        Of two sessions creating the same path at once exactly one succeeds;
        the other gets SaveError (kind ``exists``), as does a path where
        anything already is (a dangling symbolic link included). A write that
        fails raises StoreFailed and leaves nothing behind.
        """
        path = Path(path)
        clock = clock or utc_now
        data = _new_data(meta, state, clock().isoformat(timespec="seconds"))
        problem = not_a_file(path)
        if problem is not None:
            raise SaveError(path, f"{problem}; refusing to create a save there", kind="exists", action="create")
        if os.path.lexists(path):
            raise SaveError(path, "a file already exists there; refusing to overwrite it", kind="exists", action="create")
        pinned, where = _pinned_new(path)
        create_file(where, orjson.dumps(data), ops)
        return cls(AtomicJSONStorage(where, ops=ops), path, clock)

    @classmethod
    def create_from_bytes(cls, path: Path, raw: bytes, *, clock: Clock | None = None) -> SaveFile:
        """Write a save's bytes (see :meth:`to_bytes`) as a new file at ``path``, exclusively, like :meth:`create`."""
        cls.from_bytes(raw, name=Path(path).name).close()  # only a valid save is written
        path = Path(path)
        problem = not_a_file(path)
        if problem is not None:
            raise SaveError(path, f"{problem}; refusing to create a save there", kind="exists", action="create")
        if os.path.lexists(path):
            raise SaveError(path, "a file already exists there; refusing to overwrite it", kind="exists", action="create")
        pinned, where = _pinned_new(path)
        create_file(where, raw)
        return cls(AtomicJSONStorage(where), path, clock)

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
    def events_typed(self) -> bool:
        """Whether the save was read typed (:mod:`tui.store.typed`): its events were all of the logged shape, numbered
        1, 2, 3 ... in order, with a command that is not blank, when it was read."""
        return self._storage.events_typed

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

    def log(self) -> list[dict[str, Any]]:
        """Every event in seq order, as the store holds them (a new list of the same documents, not copies).

        For a reader that keeps the whole log and never edits an event (the game it opens): a long log is not
        copied. The store never edits a document it holds: :meth:`commit` adds copies and replaces an updated
        event's document with a copy, and a failed write puts back documents parsed again; so these stay exactly
        as they were read. Edit a copy (:meth:`events`) instead.
        """
        return list(self._tables()["events"].values())

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

    @property
    def file(self) -> str | None:
        """The real file written (a save opened through a symbolic link writes the file it points to), named as the
        referee named its folder: for messages and for names made beside it, never ``/proc/self/fd/N``."""
        where = self.pinned_file
        return shown(where) if where is not None else None

    @property
    def pinned_file(self) -> str | None:
        """The real file written, reached through its pinned folder (``/proc/self/fd/N/NAME``): what every read and
        write of this save goes through, whatever is renamed meanwhile (issue 29.2)."""
        return getattr(self._storage, "path", None) if self.path is not None else None

    def disk_stamp(self) -> tuple[int, ...] | None:
        """(device, inode, mtime_ns, ctime_ns, size) of the file now, or None (in memory, or missing)."""
        if self.pinned_file is None or moved(self.pinned_file):  # its folder moved: no file at the path any more
            return None
        try:
            return stamp_of(os.stat(self.pinned_file, follow_symlinks=False))  # a link swapped in is another file
        except OSError:
            return None

    def changed_on_disk(self) -> bool:
        """Whether the file is no longer the one this save last read or wrote (another session wrote it)."""
        return self.path is not None and self.disk_stamp() != self._stamp

    def _check_disk(self) -> None:
        """Refuse to write over a file someone else changed behind this session's back.

        Cheap when nothing happened (one ``stat``: same device, inode, times and
        size as the file this session last read or wrote). Otherwise the file's
        bytes are compared with what this session last wrote or read: a file
        with other content (another writer, a restore, a hand edit, even one
        with the same revision number) is never overwritten. Called under the
        folder's write lock, so of two writers only one can pass it.

        The stamp compared is only ever taken from the file whose bytes this
        session holds (the open file it read, or the path while it still holds
        the folder's write lock right after its own write): a stamp taken from
        the path at any other moment could belong to another session's newer
        write, and the check would then pass over it and lose that write.
        """
        now = self.disk_stamp()
        if now is not None and now == self._stamp:
            return
        assert self.pinned_file is not None and self.path is not None
        name = self.path.name
        if moved(self.pinned_file):
            raise StoreFailed(name, "the file was removed, or its folder moved, by another program")
        try:
            found = read_file(self.pinned_file, follow=False)  # never through a link swapped in (issue 29.2)
        except OSError as exc:
            raise StoreFailed(name, f"the file on disk can no longer be read as this game ({reason(exc)})") from None
        if found is None:
            raise StoreFailed(name, "the file was removed, or its folder moved, by another program")
        if found.data != self._storage.snapshot():
            try:
                theirs = f"revision {int(single_doc(loads(found.data)['meta'])[1]['revision'])} on disk"
            except Exception:  # not a save any more: cut short, replaced, damaged
                theirs = "the file on disk is no longer this save"
            raise StoreFailed(
                name,
                f"another session or program wrote this game behind this one's back ({theirs}, "
                f"revision {self.revision} here); reopen the game to see its changes",
            )
        self._stamp = found.stamp  # touched, not changed (the stamp of the very file compared)

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

        def write() -> None:
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

        if self.pinned_file is None:
            write()
        else:
            self._guarded(write)
        return revision

    def _guarded(self, write: Any) -> None:
        """Run ``write`` under the folder's write lock, after confirming the lock and the file on disk.

        The stamp of the file written is taken before the folder's write lock
        is let go: once it is, another session may write (after taking a lock
        file someone removed), and its file must not be taken for this one's.
        """
        assert self.pinned_file is not None and self.path is not None
        try:
            with folder_lock(os.path.dirname(self.pinned_file)):
                if self.lock is not None:
                    try:
                        self.lock.confirm()
                    except LockLost as exc:
                        raise StoreFailed(self.path.name, f"this session no longer holds the game: {exc}") from None
                problem = read_only_file(self.pinned_file)  # made read-only while open: never rewritten behind its owner's back
                if problem is not None:
                    raise StoreFailed(self.path.name, problem)
                self._check_disk()
                write()
                self._stamp = self.disk_stamp()
        except StoreFailed:
            raise
        except OSError as exc:  # the folder itself is gone or cannot be opened
            raise StoreFailed(self.path.name, f"the save's folder cannot be used ({reason(exc)})") from exc

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
