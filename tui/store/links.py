"""Which symbolic links a save's path may follow: never one another user planted, never a backup that is a link.

A shared game sits in a folder the players can write. A co-player could put a
link there (``campaign.json`` -> the referee's private save) and let the
referee's own commands copy or write that private game. So, as Linux's
``fs.protected_symlinks`` does in sticky world-writable folders, but for every
link on the way to a save:

- a link the follower owns is followed (the referee's own ``current.json``);
- root's link is followed unless it sits in a folder others can write that root
  does not own (``/usr/lib`` and the like, and ``/tmp``'s own links, stay usable);
- any other user's link is refused, wherever it is.

:func:`planted_link` walks the path one name at a time, as the kernel does, and
says why it must not be followed; each link is read and then looked at again,
so a link swapped while it is checked is refused rather than followed (and never
raises). :func:`linked_backup` says why a backup (``SAVE.1`` ..) that is a link
is never read, restored or written through.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from pathlib import Path

__all__ = ["MAX_HOPS", "PinnedFolder", "PlantedLink", "backups_beside", "backups_of", "link_text", "linked_backup",
           "owner_name", "pinned_folder", "planted_link"]

#: As the kernel: a path that goes through more links than this leads nowhere.
MAX_HOPS = 40


def link_text(path: str | os.PathLike[str]) -> str:
    """Where the link ``path`` points, for a message; ``?`` if it is no longer a link (swapped meanwhile) or unreadable."""
    try:
        return os.readlink(path)
    except (OSError, ValueError):
        return "?"


def _owner(uid: int) -> str:
    """``bob (uid 1001)``, or ``uid 1001`` for a number with no account."""
    try:
        import pwd

        return f"{pwd.getpwuid(uid).pw_name} (uid {uid})"
    except (ImportError, KeyError):
        return f"uid {uid}"


def _others_can_write(folder: os.stat_result, me: int) -> bool:
    """Whether anyone but this user (and root) can add or replace names in ``folder``: its group or everyone may write
    it (sticky or not), or it belongs to another user."""
    return bool(folder.st_mode & 0o022) or folder.st_uid not in (me, 0)


def _refusal(link: str, info: os.stat_result, folder: str) -> str | None:
    """Why the link ``link`` (``info`` its own lstat) in the real folder ``folder`` must not be followed, or None."""
    me = os.geteuid()
    if info.st_uid == me:
        return None
    if info.st_uid != 0:
        return f"{link} is a symbolic link owned by {_owner(info.st_uid)}, not by you: another user's link is never followed"
    try:
        where = os.stat(folder)
    except OSError:
        where = None
    if where is not None and (where.st_uid == 0 or not _others_can_write(where, me)):
        return None
    return (f"{link} is root's symbolic link in {folder}, a folder others can write that root does not own: "
            "it is not followed")


def planted_link(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` must not be opened: a link on the way to it (the last name or any folder) is another user's,
    or root's in a folder others can write (see the module), or it changed while it was checked. None if every link
    on the way may be followed (or there is none). Never raises, never follows a link it has not judged."""
    if not hasattr(os, "geteuid"):  # pragma: no cover - Windows: no owners to compare
        return None
    given = os.fspath(path)
    if not given:
        return None
    try:
        current = "/" if given.startswith("/") else os.getcwd()
    except OSError:  # the working folder is gone: a relative name leads nowhere
        return None
    pending = [part for part in given.split("/")][::-1]  # a stack: the next name last
    hops = 0
    while pending:
        name = pending.pop()
        if name in ("", "."):
            continue
        if name == "..":
            current = os.path.dirname(current)
            continue
        candidate = os.path.join(current, name)
        try:
            info = os.lstat(candidate)
        except (OSError, ValueError):  # nothing there (or not to be looked into): nothing further is followed
            return None
        if not stat.S_ISLNK(info.st_mode):
            current = candidate
            continue
        hops += 1
        if hops > MAX_HOPS:
            return f"{given} goes through more than {MAX_HOPS} symbolic links"
        problem = _refusal(candidate, info, current)
        if problem is not None:
            return problem
        try:
            target = os.readlink(candidate)
            again = os.lstat(candidate)
        except (OSError, ValueError):
            again = None
        if again is None or (again.st_dev, again.st_ino) != (info.st_dev, info.st_ino):
            return f"{candidate} changed while it was being checked (a link was replaced); it is not followed"
        if target.startswith("/"):
            current = "/"
        pending.extend(part for part in reversed(target.split("/")))
    return None


def linked_backup(backup: str | os.PathLike[str]) -> str | None:
    """Why the backup ``backup`` is never read, restored or written through: it is a symbolic link. None otherwise."""
    try:
        if not stat.S_ISLNK(os.lstat(backup).st_mode):
            return None
    except OSError:
        return None
    return f"{os.fspath(backup)} is a symbolic link (to {link_text(backup)}): a backup is never read through a link"


def backups_of(path: str | os.PathLike[str]) -> list[Path]:
    """``NAME.1``, ``NAME.2``, ``NAME.3`` beside the save ``path``, newest first."""
    path = Path(path)
    return [path.with_name(f"{path.name}.{n}") for n in (1, 2, 3)]


def backups_beside(path: str | os.PathLike[str], *, linked: bool = False) -> list:
    """The backups of the save ``path`` names (beside the file itself, through the user's own link) that may be read;
    with ``linked``, why each one that is a symbolic link never is, instead."""
    from tui.store.pinned import locate, shown  # the pinned module builds on this one

    try:  # beside the file in its pinned folder, never through a folder swapped meanwhile (issue 29.2)
        _pinned, where = locate(path)
    except OSError:  # a planted link on the way (refused where the save is opened), or no folder: nothing to read
        return []
    found = [b for b in backups_of(where) if os.path.lexists(b)]
    if linked:
        return [shown(why) for b in found if (why := linked_backup(b)) is not None]
    return [Path(shown(str(b))) for b in found if linked_backup(b) is None]


class PlantedLink(OSError):
    """A folder on the way to an output is reached only through a link that must not be followed (the message says
    which link and whose), or it changed while it was walked. Nothing was made."""


class PinnedFolder:
    """A folder held open once every name on the way to it was judged (see :func:`pinned_folder`): files are made
    in *this* folder, whatever its path names by then.

    ``fd`` is the open folder; :meth:`name_in` a path to a name in it that the kernel resolves through the open
    folder, not through the path again (``/proc/self/fd/N/NAME``, where there is a ``/proc``); ``made`` the folders
    the walk made, outermost first, to remove again on a refusal.
    """

    def __init__(self, fd: int, path: str, made: list[str]) -> None:
        self.fd, self.path, self.made = fd, path, made

    def name_in(self, name: str) -> str:
        """A path to ``name`` in this very folder; the last name itself is never followed by a call that makes it with
        ``O_NOFOLLOW`` / ``O_EXCL`` (or links, renames or removes it)."""
        if "/" in name or name in ("", ".", ".."):
            raise ValueError(f"{name!r} is not a name in a folder")
        proc = f"/proc/self/fd/{self.fd}"
        return f"{proc}/{name}" if os.path.isdir(proc) else os.path.join(self.path, name)

    def unmake(self) -> None:
        """Remove the folders the walk made (innermost first) if they are still empty."""
        for folder in reversed(self.made):
            try:
                os.rmdir(folder)
            except OSError:
                break
        self.made = []

    def close(self) -> None:
        """Let go of the folder."""
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def __enter__(self) -> PinnedFolder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _folder_refusal(link: str, info: os.stat_result, where: os.stat_result, folder: str) -> str | None:
    """As :func:`_refusal`, the folder judged by ``where`` (the fstat of the folder held open), not by its path."""
    me = os.geteuid()
    if info.st_uid == me:
        return None
    if info.st_uid != 0:
        return f"{link} is a symbolic link owned by {_owner(info.st_uid)}, not by you: another user's link is never followed"
    if where.st_uid == 0 or not _others_can_write(where, me):
        return None
    return (f"{link} is root's symbolic link in {folder}, a folder others can write that root does not own: "
            "it is not followed")


#: A folder this process holds open, named by the kernel's own link to it.
_HELD = re.compile(r"/proc/self/fd/[0-9]+(?=/|$)")

_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_PATH", 0)


def pinned_folder(folder: str | os.PathLike[str], *, make: bool = False) -> PinnedFolder:
    """Open ``folder`` one name at a time, judging every link on the way as :func:`planted_link` does, and hold it.

    Each name is looked at (``lstat`` relative to the folder already held), then opened with ``O_NOFOLLOW`` and
    checked to be what was looked at; a link's text is read once, checked not to have been swapped, and walked the
    same way. So no link is followed that was not judged, and a name swapped for a link meanwhile leads nowhere.
    With ``make``, missing folders are made (in the folder held, never through a link) and listed in ``made``.

    Raises :class:`PlantedLink` (one line naming the link and its owner, or the name that changed), else the
    ``OSError`` of the name that is missing (``FileNotFoundError``) or not a folder (``NotADirectoryError``);
    folders made before a refusal are removed again.
    """
    given = os.fspath(folder) or "."
    held = _HELD.match(given)
    if held is not None:  # a folder already held open by this process (``/proc/self/fd/N``): used as it is, not re-read
        start, rest = held[0], given[held.end():]
    else:
        start, rest = ("/" if given.startswith("/") else "."), given
    fd = os.open(start, _DIR_FLAGS)
    current = start if start != "." else os.getcwd()
    made: list[str] = []
    pending = rest.split("/")[::-1]
    hops = 0
    try:
        while pending:
            name = pending.pop()
            if name in ("", "."):
                continue
            if name == "..":
                fd = _step(fd, os.open("..", _DIR_FLAGS, dir_fd=fd))
                current = os.path.dirname(current)
                continue
            candidate = os.path.join(current, name)
            try:
                info = os.stat(name, dir_fd=fd, follow_symlinks=False)
            except FileNotFoundError:
                if not make:
                    raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), candidate) from None
                try:
                    os.mkdir(name, 0o777, dir_fd=fd)
                    made.append(candidate)
                except FileExistsError:  # another session made it a moment ago: looked at again below
                    pass
                info = os.stat(name, dir_fd=fd, follow_symlinks=False)
            if stat.S_ISLNK(info.st_mode):
                hops += 1
                if hops > MAX_HOPS:
                    raise PlantedLink(f"{given} goes through more than {MAX_HOPS} symbolic links")
                problem = _folder_refusal(candidate, info, os.fstat(fd), current)
                if problem is not None:
                    raise PlantedLink(problem)
                try:
                    target = os.readlink(name, dir_fd=fd)
                    again = os.stat(name, dir_fd=fd, follow_symlinks=False)
                except OSError:
                    again = None
                if again is None or (again.st_dev, again.st_ino) != (info.st_dev, info.st_ino):
                    raise PlantedLink(f"{candidate} changed while it was being checked (a link was replaced); "
                                      "it is not followed")
                if target.startswith("/"):
                    fd = _step(fd, os.open("/", _DIR_FLAGS))
                    current = "/"
                pending.extend(reversed(target.split("/")))
                continue
            if not stat.S_ISDIR(info.st_mode):
                raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), candidate)
            try:
                opened = os.open(name, _DIR_FLAGS | getattr(os, "O_NOFOLLOW", 0), dir_fd=fd)
            except OSError as exc:  # ELOOP, ENOTDIR: swapped for a link or a file since it was looked at
                raise PlantedLink(f"{candidate} changed while it was being checked ({exc.strerror}); "
                                  "it is not followed") from None
            fd = _step(fd, opened)
            held = os.fstat(fd)
            if (held.st_dev, held.st_ino) != (info.st_dev, info.st_ino):
                raise PlantedLink(f"{candidate} changed while it was being checked (a folder was replaced); "
                                  "it is not followed")
            current = candidate
    except BaseException:
        os.close(fd)
        PinnedFolder(-1, current, made).unmake()
        raise
    return PinnedFolder(fd, current, made)


def _step(old: int, new: int) -> int:
    """Hold ``new`` instead of ``old``."""
    os.close(old)
    return new


def owner_name(uid: int) -> str:
    """``bob (uid 1001)``, or ``uid 1001`` for a number with no account: how a message names a link's owner."""
    return _owner(uid)
