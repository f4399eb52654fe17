"""The operating-system calls of a durable write, in one injectable object.

:class:`FileOps` has one small method per call (create a temp file, write,
fsync, close, link, replace, fsync the folder, unlink, ...); the storages and
:func:`replace_file` make every call through it, so a test can subclass it and
fail any single step with ENOSPC, EIO or EACCES.
"""

from __future__ import annotations

import errno
import os
import stat
from typing import NamedTuple


try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = [
    "MAX_SAVE_BYTES", "FileOps", "FileRead", "NotASaveFile", "link_text", "not_a_file", "read_file", "read_only_file", "reason",
    "replace_file", "stamp_of",
]

#: The largest file opened as a save (a 50,000-event save is about 25 MB).
MAX_SAVE_BYTES = 512 * 1024 * 1024


class NotASaveFile(OSError):
    """The path names something that is never read as a save: a FIFO, a device, a dangling link, a huge file."""


def link_text(path: str | os.PathLike[str]) -> str:
    """Where the link ``path`` points, for a message; ``?`` if it is no longer a link (swapped meanwhile) or unreadable."""
    try:
        return os.readlink(path)
    except (OSError, ValueError):
        return "?"


def _kind(mode: int) -> str:
    """What a non-regular file is, in words."""
    for test, name in ((stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def not_a_file(path: str | os.PathLike[str]) -> str | None:
    """Why nothing may be written at or beside ``path``, naming what it is; None for a regular file or nothing at all.

    ``a.json is a named pipe (FIFO), not a save``; through a symbolic link the
    link and what it points to are both named (``a.json is a symbolic link to
    /dev/null, a character device, not a save``). A dangling link is refused
    too: writing through it would create a file wherever it points. Every verb
    that writes a save (or a lock, a temporary file or a kept copy beside it)
    asks this first, so nothing is renamed, replaced or created beside a FIFO,
    a device node, a socket or a folder.
    """
    name = os.fspath(path) or "''"
    try:
        own = os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):  # nothing there (what it is under is for the caller to name)
        return None
    except OSError as exc:
        return f"{name} cannot be examined ({reason(exc)})"
    if stat.S_ISREG(own.st_mode):
        return None
    if not stat.S_ISLNK(own.st_mode):
        what = "a folder" if stat.S_ISDIR(own.st_mode) else _kind(own.st_mode)
        return f"{name} is {what}, not a save"
    where = link_text(path)
    try:
        real = os.stat(path)
    except FileNotFoundError:
        return f"{name} is a symbolic link to {where}, which does not exist; nothing is created through it"
    except OSError as exc:
        return f"{name} is a symbolic link to {where}, which cannot be examined ({reason(exc)})"
    if stat.S_ISREG(real.st_mode):
        return None
    what = "a folder" if stat.S_ISDIR(real.st_mode) else _kind(real.st_mode)
    return f"{name} is a symbolic link to {where}, {what}, not a save"


def read_only_file(path: str | os.PathLike[str]) -> str | None:
    """Why the save at ``path`` must not be rewritten: its owner took every write permission away (``chmod 444``).

    A save is replaced by a rename, which the folder's permissions allow even
    for a file nobody may write; a file with no write bit left is a referee
    saying "keep this as it is", so it is refused as a read-only folder is.
    None if the file has a write bit (or is not there).
    """
    try:
        info = os.stat(path)
    except OSError:
        return None
    if stat.S_ISREG(info.st_mode) and not info.st_mode & 0o222:
        return f"the file is read-only (mode {stat.S_IMODE(info.st_mode):04o}); make it writable (chmod u+w) to change it"
    return None


def stamp_of(st: os.stat_result) -> tuple[int, ...]:
    """(device, inode, mtime_ns, ctime_ns, size): which file, and which version of it, a stat describes."""
    return (st.st_dev, st.st_ino, st.st_mtime_ns, st.st_ctime_ns, st.st_size)


class FileRead(NamedTuple):
    """What :func:`read_file` read: the bytes, the permission bits, the stamp and the hard-link count of the very
    file read."""

    data: bytes
    mode: int
    stamp: tuple[int, ...]
    nlink: int = 1


def read_file(path: str, limit: int = MAX_SAVE_BYTES, *, follow: bool = True) -> FileRead | None:
    """The bytes, permission bits and stamp (:func:`stamp_of`) of the regular file at ``path``; None if nothing is there.

    The stamp is taken from the open file itself before it is read, never from
    the path afterwards: another session may replace the file at the path in
    between, and a stamp of that newer file beside these older bytes would
    make the newer file look already known (and let it be overwritten).

    Never hangs and never reads without end: the file is opened without
    blocking (a FIFO), refused unless it is a regular file (``/dev/zero``
    behind a link), and refused if it holds more than ``limit`` bytes.
    Raises :class:`NotASaveFile` for those, ``IsADirectoryError`` for a
    folder and ``OSError`` if it cannot be read. Without ``follow`` the last
    name is never followed: a save (in its pinned folder) that is a symbolic
    link now was swapped for one after it was checked, and is refused
    (:class:`NotASaveFile`) without reading what it points to (issue 29.2).
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        if os.path.islink(path):
            raise NotASaveFile(f"it is a symbolic link to {link_text(path)}, which does not exist") from None
        return None
    except OSError as exc:
        if not follow and exc.errno == errno.ELOOP:
            raise NotASaveFile("it was replaced by a symbolic link while it was being opened; nothing is read through it") from None
        raise
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(path)
        if not stat.S_ISREG(info.st_mode):
            raise NotASaveFile(f"it is {_kind(info.st_mode)}, not a save file")
        if info.st_size > limit:
            raise NotASaveFile(f"it holds {info.st_size:,} bytes, more than a save may ({limit:,})")
        chunks: list[bytes] = []
        size = 0
        while True:
            chunk = os.read(fd, max(info.st_size + 1 - size, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise NotASaveFile(f"it holds more than the {limit:,} bytes a save may")
        return FileRead(b"".join(chunks), info.st_mode & 0o7777, stamp_of(info), info.st_nlink)
    finally:
        os.close(fd)


def mark_in_use(fd: int) -> None:
    """Hold a shared ``flock`` on a temporary file while it is written (dropped when it is closed, or its writer dies)."""
    if fcntl is not None:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError:  # a file system without flock: the save's own lock still keeps sweepers away
            pass


def in_use(fd: int) -> bool:
    """Whether a live writer holds the temporary file open on ``fd`` (see :func:`mark_in_use`)."""
    if fcntl is None:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    return False


def reason(exc: OSError) -> str:
    """The human part of an OSError: ``No space left on device``."""
    return exc.strerror or str(exc) or type(exc).__name__


class FileOps:
    """The operating-system calls a durable write makes.

    One small method per call so a test can subclass it and fail any step
    (``open_temp``, ``reuse_temp``, ``write``, ``truncate``, ``fsync``,
    ``close``, ``link``, ``replace``, ``fsync_dir``, ``unlink``) with the
    ``OSError`` of its choice.
    """

    def open_temp(self, path: str, mode: int | None) -> int:
        """Create ``path`` exclusively for writing and return its descriptor, marked as in use.

        The file is ``flock``-ed while it is open, so :func:`tui.store.storage.sweep_temp_files`
        never removes a temporary file a live writer is filling (a killed writer's lock is gone).
        """
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
        fd = os.open(path, flags | getattr(os, "O_NOFOLLOW", 0), 0o666)
        try:
            mark_in_use(fd)
            if mode is not None and hasattr(os, "fchmod"):
                os.fchmod(fd, mode)
        except OSError:
            os.close(fd)
            raise
        return fd

    def reuse_temp(self, old: str, path: str, mode: int | None) -> int | None:
        """Rename ``old`` to ``path`` and open it for overwriting.

        Returns None (leaving nothing at ``path``) if ``old`` does not exist or is
        not a plain file with a single link, so overwriting it cannot change any
        other name's contents.
        """
        try:
            os.rename(old, path)
        except FileNotFoundError:
            return None
        try:  # never through a link: a backup that is one is never written through (issue 29.2)
            fd = os.open(path, os.O_WRONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            os.unlink(path)
            return None
        try:
            info = os.fstat(fd)
            if info.st_nlink != 1 or not stat.S_ISREG(info.st_mode):
                os.close(fd)
                os.unlink(path)
                return None
            if mode is not None and stat.S_IMODE(info.st_mode) != mode and hasattr(os, "fchmod"):
                os.fchmod(fd, mode)
        except BaseException:
            os.close(fd)
            raise
        return fd

    def truncate(self, fd: int, size: int) -> None:
        """Cut the file at ``size`` bytes (after overwriting a longer recycled file)."""
        os.ftruncate(fd, size)

    def write(self, fd: int, data: bytes) -> None:
        """Write all of ``data`` to ``fd`` (looping over short writes)."""
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]

    def fsync(self, fd: int) -> None:
        """Flush ``fd``'s data and metadata to the device."""
        os.fsync(fd)

    def close(self, fd: int) -> None:
        """Close ``fd`` (a close can report a delayed write error)."""
        os.close(fd)

    def replace(self, src: str, dst: str) -> None:
        """Atomically move ``src`` over ``dst``."""
        os.replace(src, dst)

    def link(self, src: str, dst: str) -> None:
        """Make ``dst`` a hard link to ``src`` itself: a ``src`` swapped for a symbolic link is never followed to
        another file (issue 29.2)."""
        os.link(src, dst, follow_symlinks=False)

    def unlink(self, path: str) -> None:
        """Remove ``path``."""
        os.unlink(path)

    def fsync_dir(self, folder: str) -> None:
        """Make renames in ``folder`` durable (a no-op where folders cannot be opened)."""
        if os.name == "nt":
            return
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def replace_file(path: str | os.PathLike[str], payload: bytes, ops: FileOps | None = None) -> None:
    """Durably replace (or create) ``path`` with ``payload``: temp file, fsync, replace, folder fsync.

    Raises ``OSError``; on failure before the replace the file is unchanged and
    the temporary file is removed.
    """
    ops = ops or FileOps()
    target = os.path.abspath(os.fspath(path))
    tmp = f"{target}.tmp-{os.urandom(6).hex()}"
    fd = ops.open_temp(tmp, None)
    try:
        try:
            ops.write(fd, payload)
            ops.fsync(fd)
        finally:
            ops.close(fd)
        ops.replace(tmp, target)
    except BaseException:
        try:
            ops.unlink(tmp)
        except OSError:
            pass
        raise
    try:
        ops.fsync_dir(os.path.dirname(target))
    except OSError as exc:
        exc.replaced = True  # type: ignore[attr-defined]  # the new file is in place; only its durability is unsure
        raise
