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
backups move only after the new save has been written and fsynced: a refused
write (disk full, EIO) leaves the save and all three backups as they were. If
moving the backups fails, the previous version is never deleted: it stays
beside the save (``NAME.tmp-*-prev``) and the next session to take the lock
moves it to ``NAME.1``.

A save opened through a symbolic link is read and written at the file the link
points to; the link stays a link. The save's folder is found once and pinned
(:func:`tui.store.pinned.pin`): every read, write, backup and temporary file
goes through that very folder, whatever is renamed meanwhile, and the save
itself is never read through a link swapped in since (issue 29.2).

All operating-system calls of a durable write go through a
:class:`~tui.store.fileops.FileOps` object so tests can inject ENOSPC, EIO or
EACCES at any step.
"""

from __future__ import annotations

import os
import re
import stat

from tui.store.fileops import FileOps, NotASaveFile, in_use, read_file, reason
from tui.store.links import link_text
from tui.store.pinned import PinRefused, locate, read_save
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
        recycle: bool = False,
    ) -> None:
        """Read ``path`` (if it exists); keep ``backups`` old revisions; ``recycle`` the oldest as temp file.

        Recycling (off by default) overwrites ``NAME.n`` as the next temporary
        file: faster, but a write refused half-way then has used up the oldest
        backup.
        """
        try:
            #: The save's folder held open (None where a folder on the way is missing: nothing is there).
            self.pinned, self.path = locate(path)
        except PinRefused as exc:  # a planted link on the way, a planted hard link
            raise NotASaveFile(str(exc)) from None
        self.folder, filename = os.path.split(self.path)
        self._ops = ops or FileOps()
        self._backups = backups
        self._recycle = recycle
        self._links_work = True
        self._mode: int | None = None
        raw: bytes | None = None
        #: The stamp (:func:`~tui.store.fileops.stamp_of`) of the very file read at open, or None if there was none.
        self.read_stamp: tuple[int, ...] | None = None
        found = read_save(self.pinned, self.path, read=read_file)  # never through a link swapped in since the check (issue 29.2)
        if found is None and os.path.islink(path):  # the referee's own link, leading nowhere: named as such
            raise NotASaveFile(f"it is a symbolic link to {link_text(path)}, which does not exist")
        if found is not None:
            raw, self._mode, self.read_stamp = found.data, found.mode, found.stamp
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
        except OSError as exc:  # the previous version stays at ``prev``; never deleted
            self.backup_problem = f"{reason(exc)}; the previous version is kept as {os.path.basename(prev)}"
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


def _stale_temp(full: str) -> os.stat_result | None:
    """The stat of ``full`` if it may be swept: a regular file (never a link), of this user, that no live writer holds."""
    try:
        fd = os.open(full, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:  # a symbolic link (ELOOP), gone, or not ours to read
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or (hasattr(os, "geteuid") and info.st_uid != os.geteuid()):
            return None
        if in_use(fd):
            return None
        now = os.lstat(full)  # still the very file examined (not swapped meanwhile)
        return info if (now.st_dev, now.st_ino) == (info.st_dev, info.st_ino) else None
    except OSError:
        return None
    finally:
        os.close(fd)


def sweep_temp_files(path: str | os.PathLike[str]) -> int:
    """Tidy what a killed writer left beside the save; return how many files were removed.

    Only the save's own temporary files are touched (``NAME.tmp-`` and twelve
    hex digits, ``-prev`` for a kept previous version), and only regular
    files owned by this user that no live writer holds open (writers ``flock``
    their temporary files while writing them): never a link, another
    player's file, or anything else matching ``NAME.tmp*``.

    Temporary files are removed. A kept previous version
    (``NAME.tmp-*-prev``) is removed only if it is the save or one of its
    backups under another name; otherwise it is rotated in as ``NAME.1``
    (the backups shift as after a write), so no version is lost. Call it only
    while holding the save's lock: then no other session can be in the
    middle of writing one.
    """
    try:
        _pinned, target = locate(path)  # the pinned folder: never a name swapped meanwhile (issue 29.2)
    except OSError:
        return 0
    folder, name = os.path.split(target)
    own = re.compile(re.escape(name) + r"\.tmp-[0-9a-f]{12}(-prev)?")
    removed = 0
    try:
        entries = os.listdir(folder or ".")
    except OSError:
        return 0
    known: set[tuple[int, int]] = set()
    for other in [target] + [f"{target}.{i}" for i in (1, 2, 3)]:
        try:
            st = os.stat(other)
            known.add((st.st_dev, st.st_ino))
        except OSError:
            pass
    for entry in entries:
        match = own.fullmatch(entry)
        if match is None:
            continue
        full = os.path.join(folder, entry)
        st = _stale_temp(full)
        if st is None:
            continue
        try:
            if match.group(1) and (st.st_dev, st.st_ino) not in known:  # a previous version: rotate it in as NAME.1
                for older, newer in ((3, 2), (2, 1)):
                    if os.path.lexists(f"{target}.{newer}"):
                        os.replace(f"{target}.{newer}", f"{target}.{older}")
                os.replace(full, f"{target}.1")
                continue
            os.unlink(full)
            removed += 1
        except OSError:
            pass
    return removed
