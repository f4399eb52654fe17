"""TinyDB storages that keep the database in memory and save it in one atomic write.

Shaped like ``tinydb/storages.py``: a storage only needs ``read``, ``write`` and
``close``. Unlike TinyDB's ``JSONStorage`` the file is read once, when the storage
is made; ``read()`` then hands out the in-memory data and never touches the disk.

``write(data)`` is durable: the data is serialized once with orjson, written to a
temporary file beside the save, fsynced, moved over the save with ``os.replace``
and the folder is fsynced. Inside :meth:`SnapshotStorage.batch` a ``write`` only
marks the data as changed; the single durable write happens when the batch ends.

If a durable write fails, the temporary file is removed, the save on disk is the
one that was there before, the in-memory data is rolled back to the last data
that was durably written (kept as its serialized bytes) and :class:`StoreFailed`
is raised. Callers that hold TinyDB tables must then clear their caches.

Backups: every durable write keeps the previous file as ``NAME.1`` and shifts the
older ones to ``NAME.2`` and ``NAME.3``. The previous file is hard-linked (no data
is copied; falls back to writing a copy where links do not work), and the older
ones are renamed, so a backup costs a few metadata operations per save. The
dropped oldest backup is not deleted but recycled as the next temporary file
(see :meth:`AtomicJSONStorage._write_file`). If a write fails after that, the
oldest backup is gone; the save and the two newer backups are untouched.

All operating-system calls of a durable write go through a
:class:`~tui.store.fileops.FileOps` object so tests can inject ENOSPC, EIO or
EACCES at any step.
"""

from __future__ import annotations

import os

from tui.store.fileops import FileOps, reason
from tui.store.snapshot import MemoryStorage, SnapshotStorage, StoreFailed, Unconfirmed

__all__ = ["AtomicJSONStorage", "MemoryStorage", "SnapshotStorage", "StoreFailed"]


class AtomicJSONStorage(SnapshotStorage):
    """A save file on disk: read once at open, saved by temp file + fsync + replace.

    Usable on its own with TinyDB: ``TinyDB(path, storage=AtomicJSONStorage)``.
    A missing file reads as an empty database and is created by the first write.
    Raises ``OSError`` if the file cannot be read and ``orjson.JSONDecodeError``
    if it is not JSON; never modifies the file when opening it.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        ops: FileOps | None = None,
        backups: int = 3,
        recycle: bool = True,
    ) -> None:
        """Read ``path`` (if it exists); keep ``backups`` old revisions; ``recycle`` the oldest as temp file."""
        self.path = os.path.abspath(os.fspath(path))
        self.folder, filename = os.path.split(self.path)
        self._ops = ops or FileOps()
        self._backups = backups
        self._recycle = recycle
        self._links_work = True
        self._mode: int | None = None
        raw: bytes | None = None
        try:
            with open(self.path, "rb") as handle:
                self._mode = os.stat(handle.fileno()).st_mode & 0o7777
                raw = handle.read()
        except FileNotFoundError:
            pass
        self._on_disk = raw is not None
        #: The last backup problem (backups are best effort and never fail a save).
        self.backup_problem: str | None = None
        super().__init__(filename, raw)

    @property
    def on_disk(self) -> bool:
        """True if the file existed when opened or has been written since."""
        return self._on_disk

    def backup_paths(self) -> list[str]:
        """``NAME.1`` (newest) .. ``NAME.n``."""
        return [f"{self.path}.{i}" for i in range(1, self._backups + 1)]

    def _scratch(self) -> str:
        """A fresh temporary name beside the save (matches ``*.tmp*`` ignore rules)."""
        return f"{self.path}.tmp-{os.urandom(6).hex()}"

    def _discard(self, path: str | None) -> None:
        """Remove a temporary file, ignoring errors (it may not exist)."""
        if path is not None:
            try:
                self._ops.unlink(path)
            except OSError:
                pass

    def _write_file(self, path: str, payload: bytes, *, recycle: bool = False) -> None:
        """Write ``payload`` to a new file ``path`` and fsync it; remove it on failure.

        With ``recycle``, the oldest backup's file is renamed to ``path`` and
        overwritten instead of creating a file and later deleting that backup:
        rewriting blocks that are already allocated is about twice as fast as
        allocating new ones and freeing the old, and needs no free space unless
        the save grows. Only a file with no other hard link is recycled.
        """
        ops = self._ops
        fd: int | None = None
        if recycle and self._recycle and self._backups:
            try:
                fd = ops.reuse_temp(self.backup_paths()[-1], path, self._mode)
            except OSError:
                self._discard(path)
        reused = fd is not None
        if fd is None:
            fd = ops.open_temp(path, self._mode)
        try:
            try:
                ops.write(fd, payload)
                if reused:
                    ops.truncate(fd, len(payload))
                ops.fsync(fd)
            finally:
                ops.close(fd)
        except BaseException:
            self._discard(path)
            raise

    def _keep_previous(self) -> str | None:
        """Keep the current file under a scratch name (hard link, else a copy); None if impossible."""
        if not self._on_disk or not self._backups:
            return None
        prev = self._scratch() + "-prev"
        if self._links_work:
            try:
                self._ops.link(self.path, prev)
                return prev
            except OSError:
                self._links_work = False
        try:
            self._write_file(prev, self._durable or b"")
            return prev
        except OSError as exc:
            self.backup_problem = reason(exc)
            return None

    def _persist(self, payload: bytes) -> None:
        ops = self._ops
        tmp = self._scratch()
        self._write_file(tmp, payload, recycle=True)
        prev = self._keep_previous()
        try:
            ops.replace(tmp, self.path)
        except BaseException:
            self._discard(tmp)
            self._discard(prev)
            raise
        old = self._rotate(prev)
        try:
            ops.fsync_dir(self.folder)
        except OSError as exc:
            self._undo_replace(old, exc)
            raise
        self._on_disk = True
        if old == prev:
            self._discard(prev)

    def _rotate(self, prev: str | None) -> str | None:
        """Shift NAME.2 -> NAME.3, NAME.1 -> NAME.2 and make ``prev`` NAME.1.

        Done before the folder fsync, so the one fsync makes the new save and
        its backups durable together. Returns where the previous file now is
        (``NAME.1``, or still ``prev`` if a rename failed; backups never fail a save).
        """
        if prev is None:
            return None
        names = self.backup_paths()
        try:
            for older, newer in zip(reversed(names[1:]), reversed(names[:-1])):
                try:
                    self._ops.replace(newer, older)
                except FileNotFoundError:
                    pass
            self._ops.replace(prev, names[0])
        except OSError as exc:
            self.backup_problem = reason(exc)
            return prev
        self.backup_problem = None
        return names[0]

    def _undo_replace(self, old: str | None, error: OSError) -> None:
        """The folder sync failed after the replace: put the previous file back.

        Raises :class:`Unconfirmed` if that is not possible.
        """
        try:
            if old is not None:
                self._ops.replace(old, self.path)
                names = self.backup_paths()
                if old == names[0]:
                    for newer, older in zip(names, names[1:]):
                        try:
                            self._ops.replace(older, newer)
                        except OSError:
                            break
            elif not self._on_disk:
                self._ops.unlink(self.path)
            else:
                raise error
        except OSError:
            raise Unconfirmed(error) from error
        try:
            self._ops.fsync_dir(self.folder)
        except OSError:
            pass


def sweep_temp_files(path: str | os.PathLike[str]) -> int:
    """Remove temporary files a killed writer left beside the save (``NAME.tmp-*``); return how many.

    Call it only while holding the save's lock: then no other session can be
    in the middle of writing one.
    """
    folder, name = os.path.split(os.fspath(path))
    removed = 0
    try:
        entries = os.listdir(folder or ".")
    except OSError:
        return 0
    for entry in entries:
        if entry.startswith(name + ".tmp-"):
            try:
                os.unlink(os.path.join(folder, entry))
                removed += 1
            except OSError:
                pass
    return removed
