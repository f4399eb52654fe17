"""One writer per save: a lock file beside it (``SAVE.lock``), never the save itself.

The save is replaced on every write, so a lock on the save's own inode would
be lost at the first command; ``SAVE.lock`` is a stable file that is only ever
locked (``flock``), never replaced. The lock belongs to the real file: a save
opened through a symbolic link is locked beside the file the link points to,
so two names cannot give two writers. The lock, its holder record and their
temporary files are made in the save's pinned folder
(:func:`tui.store.pinned.pin`), never through a name swapped meanwhile.

A lock file can still be deleted or replaced by someone (``rm``, a sync tool).
Taking the lock therefore checks, after ``flock``, that the locked file is still
the one at the path (same device and inode), and :meth:`SaveLock.confirm`
checks it again before every write, under the folder's short write lock
(:func:`folder_lock`), so two sessions can never both believe they write.

The holder's host, pid, user and start time are written beside it
(``SAVE.lock.info``) so that another session can say who holds the game. The
operating system drops the lock when the holding process dies, however it
dies, so a crashed session never leaves a game locked.
"""

from __future__ import annotations

import errno
import fcntl
import getpass
import json
import os
import socket
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path

import msgspec
from tui.store.fileops import NotASaveFile, not_a_file, read_file, reason
from tui.store.pinned import locate, shown

__all__ = ["FolderBusy", "Holder", "LockLost", "SaveLock", "folder_lock", "info_path", "lock_free", "lock_path", "read_holder"]

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)

#: How long a write waits for another session's write in the same folder to finish (they take milliseconds).
FOLDER_WAIT = 10.0


def lock_path(save: Path) -> Path:
    """``SAVE.lock`` beside the save."""
    return save.with_name(save.name + ".lock")


def lock_mode(save: Path) -> int:
    """The lock file's mode: only those who may write the save may open it (the owner; the group or others only if
    the save lets them write). Anyone who can open a lock file can ``flock`` it and hold the game for as long as
    they like (issue 32, second-account attack 12), and only a writer of the save ever takes its lock."""
    try:
        saved = stat.S_IMODE(os.stat(save, follow_symlinks=False).st_mode)
    except OSError:
        return 0o600
    return 0o600 | (0o060 if saved & 0o020 else 0) | (0o006 if saved & 0o002 else 0)


def info_path(save: Path) -> Path:
    """``SAVE.lock.info``: who holds the lock."""
    return save.with_name(save.name + ".lock.info")


class LockLost(Exception):
    """The lock file this session held was deleted or replaced, and another session now holds the new one."""


class FolderBusy(OSError):
    """Another session's write in the same folder did not finish within :data:`FOLDER_WAIT` seconds."""


class Holder(msgspec.Struct, frozen=True):
    """Who holds a save's lock."""

    host: str
    pid: int
    user: str
    started: str
    via: str = ""
    """``browser``: a browser tab of ``harbormaster serve`` holds it; empty: a terminal."""

    def describe(self) -> str:
        """``referee@tablehost (pid 4242) since 2026-11-21 19:00 UTC``: at a terminal, the process to look for."""
        return f"{self.user}@{self.host} (pid {self.pid}) since {self._since()}"

    def name(self) -> str:
        """Who writes, as a watching player reads it (issue 22 point 13: by user and host, not by process id):
        ``referee@tablehost since 2026-11-21 19:00 UTC``, or ``a browser tab of referee@tablehost since ...``."""
        tab = "a browser tab of " if self.via == "browser" else ""
        return f"{tab}{self.user}@{self.host} since {self._since()}"

    def _since(self) -> str:
        try:
            return datetime.fromisoformat(self.started).strftime("%Y-%m-%d %H:%M UTC")
        except ValueError:
            return self.started


def read_holder(save: Path) -> Holder | None:
    """The recorded holder of ``save``'s lock, or None if nothing (readable) is recorded."""
    try:
        pinned, where = locate(save)  # in the pinned folder: never another folder's record
        found = read_file(str(info_path(Path(where))), limit=4096, follow=False)  # never blocks on a FIFO, never
        # reads without end, never through a link
        if found is None:
            return None
        data = json.loads(found.data.decode("utf-8"))
        return Holder(str(data["host"]), int(data["pid"]), str(data["user"]), str(data["started"]), str(data.get("via", "")))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def lock_free(save: Path) -> bool:
    """Whether nobody holds ``save``'s lock now: how a watching session notices that the writer left.

    Takes nothing: a shared ``flock`` (which a writer's exclusive lock
    refuses) is tried without waiting and dropped at once, and no lock file is
    made. A session taking the lock in that instant finds it busy and opens
    as a viewer, which then finds nobody writes and offers to take over. A
    lock file that cannot be read counts as held (nothing is claimed that
    cannot be checked).
    """
    try:
        pinned, where = locate(save)  # the pinned folder's lock, never a name swapped meanwhile
        fd = os.open(lock_path(Path(where)), os.O_RDONLY | os.O_CLOEXEC | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return True
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:  # BlockingIOError: a writer holds it
        return False
    finally:
        os.close(fd)  # closing drops the shared lock
    return True


def _identity(st: os.stat_result) -> tuple[int, int]:
    return (st.st_dev, st.st_ino)


@contextmanager
def folder_lock(folder: str | os.PathLike[str], wait: float | None = None) -> Iterator[None]:
    """Hold the folder's write lock (``flock`` on the folder itself) for the few milliseconds of one write.

    A folder cannot be deleted or replaced while the save is in it, so this
    lock cannot be lost the way a lock file can: checking the save and the
    lock file and then replacing the save happen as one step for every
    session writing in the folder. Raises :class:`FolderBusy` after ``wait``
    seconds (:data:`FOLDER_WAIT`, read at each call, when None), ``OSError`` if
    the folder cannot be opened.
    """
    fd = os.open(os.fspath(folder), os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | os.O_CLOEXEC)
    try:
        deadline = time.monotonic() + (FOLDER_WAIT if wait is None else wait)
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise FolderBusy(errno.EBUSY, "another session's write in this folder did not finish") from None
                time.sleep(0.002)
        yield
    finally:
        os.close(fd)  # closing drops the flock


class SaveLock:
    """The writer's lock on one save; ``acquire`` never blocks longer than asked."""

    def __init__(self, save: Path) -> None:
        #: The name given (a link is refused unless it leads to a regular file or to nothing yet).
        self.given = Path(save)
        #: Why the save's folder cannot be pinned (a planted link or hard link): raised by :meth:`acquire`.
        self.problem: OSError | None = None
        try:
            #: The save's folder, held open: the lock is made there, whatever is renamed meanwhile (issue 29.2).
            self.pinned, where = locate(save)
        except OSError as exc:
            self.pinned, where, self.problem = None, os.path.abspath(save), exc
        self.save = Path(where)
        self.path = lock_path(self.save)
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        """Whether this session holds the lock."""
        return self._fd is not None

    def _open(self) -> int:
        """Open (creating if need be) the lock file; read-only if this user may not write it (flock works on both).

        Never through a symbolic link (which could create a file anywhere), never a FIFO or a device: only a
        regular file is a lock. Raises :class:`~tui.store.fileops.NotASaveFile` for the save or the lock
        file being something else, ``PermissionError`` if the lock file cannot be made here.
        """
        if self.problem is not None:
            raise self.problem
        problem = not_a_file(self.given) or not_a_file(self.save)  # as given (a dangling link), and in the pinned folder
        if problem is not None:
            raise NotASaveFile(shown(problem))
        safe = os.O_CLOEXEC | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0)
        mode = lock_mode(self.save)
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | safe, mode)
        except PermissionError as exc:
            try:
                fd = os.open(self.path, os.O_RDONLY | safe)
            except FileNotFoundError:
                raise exc from None  # the folder does not let this user make the lock file
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise NotASaveFile(f"its lock file {self.path.name} is a symbolic link; nothing is written through it") from None
            raise
        try:
            info = os.fstat(fd)
        except OSError:
            os.close(fd)
            raise
        if not stat.S_ISREG(info.st_mode):
            os.close(fd)
            raise NotASaveFile(f"its lock file {self.path.name} is not a regular file")
        if info.st_uid == os.geteuid() and stat.S_IMODE(info.st_mode) & ~mode & 0o077:
            try:  # an older lock readable by those who cannot write the save: they could hold it for ever
                os.fchmod(fd, stat.S_IMODE(info.st_mode) & (mode | 0o700))
            except OSError:
                pass
        return fd

    def _try(self) -> bool:
        """One attempt: open, flock without waiting, and check the locked file is still the one at the path."""
        while True:
            fd = self._open()
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                return False
            except BaseException:
                os.close(fd)
                raise
            try:
                same = _identity(os.fstat(fd)) == _identity(os.stat(self.path))
            except FileNotFoundError:
                same = False
            if same:
                self._fd = fd
                return True
            os.close(fd)  # deleted or replaced between our open and our flock: lock the new one instead

    def acquire(self, wait: float = 0.0) -> bool:
        """Take the lock, waiting at most ``wait`` seconds; on success record the holder. False if another holds it.

        Raises ``OSError`` (``PermissionError``, read-only file system) if the
        lock file cannot be made: this user cannot write the folder.
        """
        deadline = time.monotonic() + max(0.0, wait)
        while not self._try():
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.05)
        self._record()
        return True

    def _record(self) -> None:
        """Write who holds the lock (a courtesy to other sessions; the lock itself is what counts)."""
        me = {
            "host": socket.gethostname(),
            "pid": os.getpid(),
            "user": _user(),
            "started": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            "via": _via(),
        }
        target = info_path(self.save)
        tmp = target.with_name(f"{target.name}.tmp-{os.getpid()}-{os.urandom(4).hex()}")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC | _NOFOLLOW, 0o666)
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(json.dumps(me))
            os.replace(tmp, target)
        except OSError:
            try:
                tmp.unlink()
            except OSError:
                pass

    def confirm(self) -> None:
        """Check, before a write, that the lock held is still the lock file at its path.

        If the file was deleted or replaced and nobody holds the new one, take
        the new one (the caller's check of the save's content then catches any
        write made in between). Raises :class:`LockLost` if another session
        holds it, or if it cannot be taken again.
        """
        if self._fd is None:
            raise LockLost("this session does not hold the game's lock")
        try:
            if _identity(os.fstat(self._fd)) == _identity(os.stat(self.path)):
                return
        except FileNotFoundError:
            pass
        old, self._fd = self._fd, None
        os.close(old)
        try:
            taken = self._try()
        except OSError as exc:
            raise LockLost(f"its lock file {self.path.name} was removed and cannot be made again ({reason(exc)})") from exc
        if not taken:
            raise LockLost(f"its lock file {self.path.name} was removed or replaced, and another session now holds the new one")
        self._record()

    def release(self) -> None:
        """Let go of the lock (and forget the holder record). A lock file with no save beside it is removed."""
        if self._fd is None:
            return
        try:
            if (read_holder(self.save) or Holder("", -1, "", "")).pid == os.getpid():
                info_path(self.save).unlink()
        except OSError:
            pass
        try:
            if not os.path.lexists(self.save) and _identity(os.fstat(self._fd)) == _identity(os.stat(self.path)):
                os.unlink(self.path)  # still locked by us: nobody can be relying on it
        except OSError:
            pass
        fd, self._fd = self._fd, None
        os.close(fd)


def _via() -> str:
    """``browser`` in a browser tab of ``harbormaster serve`` (textual-serve runs each tab with the web driver), else
    empty: read from the environment only, so the store imports nothing of the interface."""
    return "browser" if os.environ.get("TEXTUAL_DRIVER", "").startswith("textual.drivers.web_driver") else ""


def _user() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no user name for this uid (containers)
        return str(os.getuid())
