"""Opening a file as a save, its error, and recovery from backups.

:func:`load_checked` reads a file and validates it (never changing it), raising
:class:`SaveError` with a one-line message. :func:`newest_backup` finds the
newest of ``NAME.1..3`` that opens cleanly, and :func:`restore_backup` copies a
backup over a broken save after keeping the broken file beside it.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path

import orjson

from tui.store.fileops import FileOps, NotASaveFile, not_a_file, read_file, read_only_file, reason, replace_file
from tui.store.links import backups_of, link_text, linked_backup, planted_link
from tui.store.pinned import PinRefused, is_pinned, locate, shown
from tui.store.snapshot import SnapshotStorage, StoreFailed
from tui.store.storage import AtomicJSONStorage
from tui.store.validate import Problem, check_save

__all__ = [
    "Clock", "SaveError", "check_storage", "foreign_through_link", "load_checked", "looks_like_save", "newest_backup",
    "no_save_here", "put_back", "restore_backup", "utc_now",
]

#: A clock returning an aware datetime; injected so tests and snapshots are stable.
Clock = Callable[[], datetime]


def utc_now() -> datetime:
    """The default clock."""
    return datetime.now(timezone.utc)


class SaveError(Exception):
    """The file cannot be opened (or created) as a save; the file was not touched.

    ``kind`` is one of ``missing``, ``unreadable``, ``empty``, ``damaged`` (not
    JSON), ``foreign``, ``newer``, ``broken``, ``exists`` (create refused).
    ``backup`` is the newest of ``NAME.1..3`` that opens cleanly, if any (never
    offered for ``newer``: restoring an older backup would throw away newer work).
    """

    def __init__(
        self, path: Path, problem: str, *, kind: str, backup: Path | None = None, action: str = "open"
    ) -> None:
        self.path = path
        self.problem = shown(problem)
        self.kind = kind
        self.backup = backup
        super().__init__(shown(f"cannot {action} {path}: {problem}"))  # the folder as named, never /proc/self/fd/N


def load_checked(path: Path, ops: FileOps | None = None) -> AtomicJSONStorage:
    """Read and validate ``path``; raise :class:`SaveError` (without a backup) if it is no save."""
    try:
        storage = AtomicJSONStorage(path, ops=ops)
    except NotASaveFile as exc:
        raise SaveError(path, str(exc), kind="unreadable") from None
    except IsADirectoryError:
        raise SaveError(path, "it is a folder, not a save file", kind="unreadable") from None
    except OSError as exc:
        raise SaveError(path, f"the file cannot be read ({reason(exc)})", kind="unreadable") from None
    except orjson.JSONDecodeError as exc:
        detail = str(exc).splitlines()[0] if str(exc) else "invalid JSON"
        raise SaveError(path, f"the file is damaged or cut short: not valid JSON ({detail})", kind="damaged") from None
    if not storage.on_disk:
        raise SaveError(path, "the file does not exist", kind="missing")
    check_storage(path, storage)
    return storage


def check_storage(path: Path, storage: SnapshotStorage) -> None:
    """Raise :class:`SaveError` if the storage's data is empty or not a readable save."""
    data = storage.read()
    if data is None:
        raise SaveError(path, "the file is empty", kind="empty")
    try:
        check_save(data)
    except Problem as problem:
        raise SaveError(path, problem.problem, kind=problem.kind) from None


def looks_like_save(data: bytes) -> bool:
    """Whether ``data`` is a save or what is left of one (cut short, zeroed by a crash, emptied), by its first bytes."""
    head = data[:4096]
    if not head.strip(b"\x00 \t\r\n"):
        return True
    return head.lstrip().startswith(b"{") and (b'"harbormaster"' in head or head.lstrip().startswith(b'{"meta"'))


def foreign_through_link(path: Path) -> str | None:
    """Why ``path`` must not be opened, restored or locked through the symbolic link it is or goes through.

    The one check every open makes (the screen's, ``show``, ``exec``,
    ``report``, ``branch``, ``scenario export``, ``restore``): a link another
    user planted on the way (:func:`~tui.store.links.planted_link`), or a link
    to a regular file of some other program (a save opened through a link is
    written where it points: a restore must not rename that file and write a
    save in its place). None if ``path`` may be followed: no link, one that
    leads nowhere yet (:func:`~tui.store.fileops.not_a_file` names that), or
    the user's own link to a save (or what is left of one, see
    :func:`looks_like_save`). A link swapped while it is checked is refused.
    """
    if is_pinned(path):  # every link on the way was judged as it was pinned, and the save is no link there
        return None
    planted = planted_link(path)
    if planted is not None:
        return planted
    if not os.path.islink(path):
        return None
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"{path} is a symbolic link to {link_text(path)}, which cannot be read ({reason(exc)})"
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None  # not a regular file: :func:`~tui.store.fileops.not_a_file` names it
        head = os.read(fd, 4096)
    except OSError as exc:
        return f"{path} is a symbolic link to {link_text(path)}, which cannot be read ({reason(exc)})"
    finally:
        os.close(fd)
    if looks_like_save(head):
        return None
    return f"{path} is a symbolic link to {link_text(path)}, a file that is not a save"


def no_save_here(path: Path) -> SaveError | None:
    """The refusal of ``path`` when it is plainly no save (a text file, another program's JSON), judged from its first
    bytes without a lock: so that ``exec`` or the screen refuses it before making ``NAME.lock`` beside it. Carries the
    newest good backup, as any open's refusal does. None when it is, or may be, a save or what is left of one (empty,
    cut short, zeroed), or is not there: the full checks under the lock judge those. Never read through a link (the
    save in its pinned folder is none, unless one was swapped in: the read under the lock refuses that)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        head = os.read(fd, 4096)
    except OSError:
        return None
    finally:
        os.close(fd)
    if looks_like_save(head):
        return None
    try:
        load_checked(path).close()
    except SaveError as exc:
        if exc.kind != "newer":
            exc.backup = newest_backup(path)
        return exc
    return None


def newest_backup(path: Path) -> Path | None:
    """The newest of ``NAME.1``, ``NAME.2``, ``NAME.3`` that opens cleanly, or None."""
    for candidate in backups_of(path):
        if linked_backup(candidate) is not None:  # never read through a link (issue 29.2)
            continue
        try:
            load_checked(candidate).close()
        except SaveError:
            continue
        return candidate
    return None


def restore_backup(
    path: Path, backup: Path, *, clock: Clock | None = None, ops: FileOps | None = None
) -> Path | None:
    """Copy ``backup`` over the save at ``path`` atomically; return where the old file was kept.

    The backup must open cleanly (else SaveError). The file at ``path``, if any,
    is first kept as ``NAME.broken-<UTC timestamp>`` (a hard link, else a copy)
    and never deleted. Raises StoreFailed if the copy cannot be written; then
    the save at ``path`` is unchanged. The caller holds the save's lock.
    """
    path, backup = Path(path), Path(backup)
    problem = not_a_file(path) or foreign_through_link(path)
    if problem is not None:
        raise SaveError(path, problem, kind="unreadable", action="restore")
    problem = linked_backup(backup) or planted_link(backup)
    if problem is not None:
        raise SaveError(path, problem, kind="unreadable", action="restore")
    try:
        pinned, where = locate(path)  # the save's folder, pinned before the backup is read: restored there only
    except OSError as exc:
        raise SaveError(path, str(exc) if isinstance(exc, PinRefused) else reason(exc), kind="unreadable",
                        action="restore") from None
    good = load_checked(backup, ops)  # read in the backup's own pinned folder, never through a link
    raw = good.snapshot() or b""
    good.close()
    return put_back(Path(where), raw, clock=clock, ops=ops)


def put_back(path: Path, raw: bytes, *, clock: Clock | None = None, ops: FileOps | None = None) -> Path | None:
    """Write ``raw`` (a good save's bytes) over ``path``, keeping what was there as ``NAME.broken-*``; return that name.

    Used by :func:`restore_backup` and by a writer putting its game back over
    a file that was cut short or replaced. Raises StoreFailed (nothing
    changed, no ``NAME.broken-*`` left) if it cannot be written, and without
    touching anything if ``path`` is not a regular file (a FIFO, a device,
    a folder, a dangling link: see :func:`~tui.store.fileops.not_a_file`) or
    was made read-only. Stale temporary files of the save (a killed write's)
    are swept first; the caller holds the save's lock.
    """
    from tui.store.lock import folder_lock  # the lock module imports this one's helpers
    from tui.store.storage import sweep_temp_files

    given = Path(path)
    problem = not_a_file(given)
    if problem is not None:
        raise StoreFailed(given.name, shown(problem))
    try:
        pinned, where = locate(given)  # every step below in this very folder, whatever is renamed (issue 29.2)
    except OSError as exc:
        raise StoreFailed(given.name, str(exc) if isinstance(exc, PinRefused) else reason(exc)) from None
    path = Path(where)
    ops = ops or FileOps()
    kept: Path | None = None
    try:
        with folder_lock(path.parent):
            problem = not_a_file(path) or read_only_file(path)  # again, now that no other write can run here
            if problem is not None:
                raise StoreFailed(path.name, shown(problem))
            sweep_temp_files(path)
            if os.path.lexists(path):
                kept = _keep_broken(path, (clock or utc_now)(), ops)
            try:
                replace_file(path, raw, ops)
            except OSError as exc:
                replaced = getattr(exc, "replaced", False)
                if kept is not None and not replaced:  # the file is still there as it was: no copy of it is needed
                    try:
                        ops.unlink(str(kept))
                    except OSError:
                        pass
                    kept = None
                raise
    except OSError as exc:
        raise StoreFailed(path.name, reason(exc)) from exc
    return Path(shown(str(kept))) if kept is not None else None  # named as the user named the folder


def _keep_broken(path: Path, now: datetime, ops: FileOps) -> Path:
    """Keep the file at ``path`` as ``NAME.broken-<UTC time>`` (a hard link, else a copy made whole); return the name."""
    stamp = now.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    kept = path.with_name(f"{path.name}.broken-{stamp}")
    n = 1
    while os.path.lexists(kept):
        n += 1
        kept = path.with_name(f"{path.name}.broken-{stamp}-{n}")
    try:
        ops.link(str(path), str(kept))
        return kept
    except OSError:
        pass
    found = read_file(str(path), follow=False)
    tmp = f"{path}.tmp-{os.urandom(6).hex()}"  # the save's own temporary name: swept if this is killed
    fd = ops.open_temp(tmp, None)
    try:
        try:
            ops.write(fd, found.data if found else b"")
            ops.fsync(fd)
        finally:
            ops.close(fd)
        os.rename(tmp, kept)
    except BaseException:
        try:
            ops.unlink(tmp)
        except OSError:
            pass
        raise
    return kept
