"""Writing a file for people, not for the app: a briefing (``report -o``, the ``R`` key).

:func:`write_export` writes it whole or not at all and never over a save,
one of its backups or its lock (known by what the file holds and by its
name), never through a symbolic link, never onto a FIFO, device or folder,
and never over an existing file unless asked to (``force``; the file's
mode is then kept). A new file gets the mode the user's umask gives, as any
file they make: a briefing is for other players to read. Every refusal is
an :class:`OutputRefused` whose message names the path and says why.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from pathlib import Path

from tui.store.fileops import FileOps, NotASaveFile, not_a_file, read_file, reason
from tui.store.links import PinnedFolder, PlantedLink, link_text, owner_name, pinned_folder, planted_link
from tui.store.recovery import looks_like_save

__all__ = ["OutputRefused", "planted_output", "refusal", "save_family", "write_export"]

#: The files a save keeps beside itself: backups, its lock and holder record, kept broken copies, temporary files.
_BESIDE = re.compile(r"(?P<save>.+?)\.(?:[123]|lock|lock\.info(?:\.tmp-.*)?|broken-.*|tmp-.*)")


class OutputRefused(OSError):
    """The file cannot be written there; nothing was written or changed (the message says why)."""


def save_family(path: Path, folder: PinnedFolder | None = None) -> str | None:
    """What save ``path`` belongs to, if it is a save, a backup, a lock or a kept copy of one; else None.

    Known by what it holds (a save's first bytes, also when cut short) and
    by its name beside a save that exists (``g.json.1``, ``g.json.lock``,
    ``g.json.broken-*``, ``g.json.tmp-*``): a lock file is empty, so only
    its name tells. With ``folder`` (``path``'s folder held open), every look
    is made in that very folder, never through its path again, and the last
    name is never followed (issue 29.2).
    """
    name = path.name

    def at(other: str) -> str:
        return folder.name_in(other) if folder is not None else str(path.with_name(other))

    match = _BESIDE.fullmatch(name)
    if match is not None and os.path.lexists(at(match["save"])):
        return f"{path} belongs to the save {match['save']} beside it"
    follow = folder is None
    try:
        found = read_file(at(name), limit=1 << 16, follow=follow)
    except NotASaveFile:
        found = None  # too big to be looked at here: a save of that size is still known by its head below
        try:
            flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
            fd = os.open(at(name), flags if follow else flags | getattr(os, "O_NOFOLLOW", 0))
            with os.fdopen(fd, "rb") as fh:
                head = fh.read(4096)
        except OSError:
            return None
        return f"{path} is a save" if head.strip() and looks_like_save(head) else None
    except OSError:
        return None
    if found is not None and found.data.strip() and looks_like_save(found.data):
        return f"{path} is a save"
    return None


def planted_output(path: str | os.PathLike[str], *, lock: bool = False) -> str | None:
    """Why nothing may be written or made at ``path`` (issue 29.2), or None: the rule saves are opened by
    (:func:`~tui.store.links.planted_link`), applied to every name on the way, the folders and the last name, so a
    co-player's link in a shared folder never leads an output into a private one. With ``lock`` (a new save) its
    lock name ``PATH.lock`` must not be a symbolic link either: a lock is never one.

    Every writer of outputs asks this before it makes anything (``report -o``, ``scenario export``, ``template``
    and ``import -o``, ``branch``, ``new``, the ``R`` and ``b`` keys); the folder is then held open while the file is
    made in it (:func:`~tui.store.links.pinned_folder`), so a link swapped in after the check is not followed.
    """
    problem = planted_link(path)
    if problem is not None or not lock:
        return problem
    name = f"{os.fspath(path)}.lock"
    try:
        info = os.lstat(name)
    except (OSError, ValueError):
        return None
    if not stat.S_ISLNK(info.st_mode):
        return None
    return (f"{name} is a symbolic link owned by {owner_name(info.st_uid)} (to {link_text(name)}): "
            "a save's lock is never a link")


def refusal(path: str | os.PathLike[str], force: bool = False) -> str | None:
    """Why ``path`` may not be written by :func:`write_export` (None if it may)."""
    return _refusal(path, force)[0]


def _refusal(path: str | os.PathLike[str], force: bool) -> tuple[str | None, int | None]:
    """Why ``path`` may not be written (or None), and the mode of the file it replaces (with ``force``)."""
    text = os.fspath(path)
    if not text:
        return "an empty path names no file", None
    planted = planted_output(text)
    if planted is not None:
        return planted, None
    path = Path(text)
    match = _BESIDE.fullmatch(path.name)
    if match is not None and os.path.lexists(path.with_name(match["save"])):
        return f"{path} is named as a file of the save {match['save']} beside it; a briefing is never written there", None
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        info = None
    except NotADirectoryError:
        return f"{path.parent} is not a folder", None
    except OSError as exc:
        return f"{path} cannot be examined ({reason(exc)})", None
    if info is None:
        folder = path.parent
        if not folder.is_dir():
            return (f"the folder {folder} does not exist" if not os.path.lexists(folder) else f"{folder} is not a folder"), None
        return None, None
    if stat.S_ISLNK(info.st_mode):
        return f"{path} is a symbolic link (to {link_text(path)}); name the file itself", None
    if stat.S_ISDIR(info.st_mode):
        return f"{path} is a folder; name a file in it", None
    if not stat.S_ISREG(info.st_mode):
        return (not_a_file(path) or f"{path} is not a regular file").replace(", not a save", ", not a file to write to"), None
    family = save_family(path)
    if family is not None:
        return f"{family}; a briefing is never written over a save, its backups or its lock", None
    if not force:
        return f"{path} already exists; add --force to replace it", None
    return None, stat.S_IMODE(info.st_mode)


def write_export(path: str | os.PathLike[str], data: bytes, *, force: bool = False, ops: FileOps | None = None) -> None:
    """Write ``data`` as the file ``path``, whole or not at all; :class:`OutputRefused` says why not.

    A new file is linked into place (never over anything that appeared
    meanwhile) with the mode the umask gives; with ``force`` an existing
    regular file that is no save is replaced by a rename and keeps its mode.
    """
    ops = ops or FileOps()
    target = Path(os.fspath(path))
    problem, mode = _refusal(target, force)
    if problem is not None:
        raise OutputRefused(problem)
    folder = os.path.dirname(os.path.abspath(target))
    try:  # held open from here: the file is made in the folder just checked, whatever its path names later
        where = pinned_folder(folder)
    except PlantedLink as exc:
        raise OutputRefused(str(exc)) from None
    except OSError as exc:
        raise OutputRefused(f"cannot write {target}: the folder {folder} cannot be used ({reason(exc)})") from None
    with where:
        _write_in(where.name_in(f".{target.name}.tmp-{os.urandom(6).hex()}"), where.name_in(target.name),
                  target, folder, data, mode, ops, where.pinned.folder)


def _write_in(tmp: str, final: str, target: Path, folder: str, data: bytes, mode: int | None, ops: FileOps,
              held: str | None = None) -> None:
    """Write ``data`` as ``final`` (a name in the folder held open) through the temporary file ``tmp`` beside it;
    ``target`` and ``folder`` name them in messages; ``held`` is the folder held open (``/proc/self/fd/N``), which
    is forced to the disk (never the folder by its path again)."""
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC | getattr(os, "O_NOFOLLOW", 0), 0o666)
    except OSError as exc:
        raise OutputRefused(f"cannot write {target}: {reason(exc)} (in the folder {folder})") from None
    try:
        try:
            if mode is not None:
                os.fchmod(fd, mode)
            ops.write(fd, data)
            ops.fsync(fd)
        finally:
            ops.close(fd)
        if mode is None:
            ops.link(tmp, final)  # fails if anything appeared there meanwhile
        else:
            ops.replace(tmp, final)  # replaces the name, never follows a link swapped in there
    except FileExistsError:
        raise OutputRefused(f"{target} appeared while it was being written; nothing was written over it") from None
    except OSError as exc:
        if exc.errno in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK, errno.ENOSYS) and mode is None:
            _write_exclusive(target, data, ops, final)
        else:
            raise OutputRefused(f"cannot write {target}: {reason(exc)}") from None
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass
    try:
        ops.fsync_dir(held or folder)
    except OSError:
        pass  # the file is written; only the folder's record of it is not yet forced to the disk


def _write_exclusive(target: Path, data: bytes, ops: FileOps, final: str | None = None) -> None:
    """Create ``target`` (as ``final``, its name in the folder held open) with O_EXCL where hard links do not work;
    remove it if the write fails."""
    final = final or os.fspath(target)
    try:
        fd = os.open(final, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC | getattr(os, "O_NOFOLLOW", 0), 0o666)
    except FileExistsError:
        raise OutputRefused(f"{target} appeared while it was being written; nothing was written over it") from None
    except OSError as exc:
        raise OutputRefused(f"cannot write {target}: {reason(exc)}") from None
    try:
        try:
            ops.write(fd, data)
            ops.fsync(fd)
        finally:
            ops.close(fd)
    except OSError as exc:
        os.unlink(final)
        raise OutputRefused(f"cannot write {target}: {reason(exc)}") from None
