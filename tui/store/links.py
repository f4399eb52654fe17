"""Which symbolic links a path may follow: never one another user planted, never a backup that is a link.

A shared game sits in a folder the players can write. A co-player could put a
link there (``campaign.json`` -> the referee's private save) and let the
referee's own commands copy or write that private game. So, as Linux's
``fs.protected_symlinks`` does in sticky world-writable folders, but for every
link on the way to a save:

- a link the follower owns is followed (the referee's own ``current.json``);
- root's link is followed unless it sits in a folder others can write that root
  does not own (``/usr/lib`` and the like, and ``/tmp``'s own links, stay usable);
- any other user's link is refused, wherever it is.

This module owns that rule (:func:`link_refusal`); every check of a link
applies it. :func:`planted_link` walks the path by name, one name at a time, as
the kernel does, and says why it must not be followed; each link is read and
then looked at again, so a link swapped while it is checked is refused rather
than followed (and never raises). The walk that holds each folder open on the
way is :mod:`tui.store.pinned`'s, for saves and for outputs:
:func:`pinned_folder` is that walk to the folder an output is made in.
:func:`linked_backup` says why a backup (``SAVE.1`` ..) that is a link is
never read, restored or written through.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from tui.store.fileops import link_text

__all__ = ["MAX_HOPS", "PinnedFolder", "PlantedLink", "backups_beside", "backups_of", "link_refusal", "link_text",
           "linked_backup", "owner_name", "pinned_folder", "planted_link"]

#: As the kernel: a path that goes through more links than this leads nowhere.
MAX_HOPS = 40


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


def link_refusal(link: str, info: os.stat_result, folder: os.stat_result | None, where: str) -> str | None:
    """The rule (see the module): why the link ``link`` (``info`` its own lstat) must not be followed, or None.
    ``folder`` is the stat of the folder it is in (of the folder held open, where there is one), None if that could
    not be looked at; ``where`` names that folder in the message."""
    me = os.geteuid()
    if info.st_uid == me:
        return None
    if info.st_uid != 0:
        return f"{link} is a symbolic link owned by {_owner(info.st_uid)}, not by you: another user's link is never followed"
    if folder is not None and (folder.st_uid == 0 or not _others_can_write(folder, me)):
        return None
    return (f"{link} is root's symbolic link in {where}, a folder others can write that root does not own: "
            "it is not followed")


def _stat(folder: str) -> os.stat_result | None:
    try:
        return os.stat(folder)
    except OSError:
        return None


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
        problem = link_refusal(candidate, info, _stat(current), current)
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

    ``pinned`` is the :class:`~tui.store.pinned.Pinned` holding it (so :func:`~tui.store.pinned.shown` names it as
    walked); ``fd`` the open folder (-1 once closed); ``path`` the folder as walked (absolute); :meth:`name_in` a path
    to a name in it that the kernel resolves through the open folder, not through the path again
    (``/proc/self/fd/N/NAME``, where there is a ``/proc``); ``made`` the folders the walk made, outermost first, to
    remove again on a refusal.
    """

    def __init__(self, pinned: object, made: list[str]) -> None:  # a tui.store.pinned.Pinned (built on this module)
        self.pinned, self.made = pinned, made
        self.fd, self.path = pinned.fd, pinned.shown_folder
        #: Each folder made, innermost first: (its parent held open, its name there, what it is), so that
        #: :meth:`unmake` removes it through its parent, even once this folder is let go (issue 29.2).
        self._parents = _hold_parents(pinned.fd, made) if made and pinned.fd >= 0 else None
        if self._parents:
            import weakref

            weakref.finalize(self, _close_parents, self._parents)

    def name_in(self, name: str) -> str:
        """A path to ``name`` in this very folder; the last name itself is never followed by a call that makes it with
        ``O_NOFOLLOW`` / ``O_EXCL`` (or links, renames or removes it)."""
        if "/" in name or name in ("", ".", ".."):
            raise ValueError(f"{name!r} is not a name in a folder")
        proc = f"/proc/self/fd/{self.fd}"
        return f"{proc}/{name}" if os.path.isdir(proc) else os.path.join(self.path, name)

    def unmake(self) -> None:
        """Remove the folders the walk made (innermost first) if they are still empty: each through its parent held
        open since the walk, and only if the name there is still that very folder (never a path followed again)."""
        if self._parents is None:  # no descriptor (not Linux): by name
            _unmake(self.made)
        else:
            for parent, name, made in self._parents:
                try:
                    if not os.path.samestat(os.stat(name, dir_fd=parent, follow_symlinks=False), made):
                        break  # renamed or replaced since: not the folder made here
                    os.rmdir(name, dir_fd=parent)
                except OSError:
                    break
            _close_parents(self._parents)
        self.made = []

    def close(self) -> None:
        """Let go of the folder."""
        if self.fd >= 0:
            self.pinned.close()
            self.fd = -1

    def __enter__(self) -> PinnedFolder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _hold_parents(fd: int, made: list[str]) -> list[tuple[int, str, os.stat_result]]:
    """The parents of the folders ``made`` (outermost first, the last the folder ``fd`` holds), each opened from the
    folder below it (``..``) and checked to hold that very folder under its name; innermost first. The chain stops
    where a name no longer names the folder below (the walk went through ``..`` or a link meanwhile)."""
    flags = os.O_DIRECTORY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_PATH", os.O_RDONLY)
    held: list[tuple[int, str, os.stat_result]] = []
    child, below = fd, os.fstat(fd)
    for folder in reversed(made):
        name = os.path.basename(folder)
        try:
            parent = os.open("..", flags, dir_fd=child)
        except OSError:
            break
        try:
            same = os.path.samestat(os.stat(name, dir_fd=parent, follow_symlinks=False), below)
        except OSError:
            same = False
        if not same:
            os.close(parent)
            break
        held.append((parent, name, below))
        child, below = parent, os.fstat(parent)
    return held


def _close_parents(held: list[tuple[int, str, os.stat_result]]) -> None:
    while held:
        try:
            os.close(held.pop()[0])
        except OSError:
            pass


def _unmake(made: list[str]) -> None:
    for folder in reversed(made):
        try:
            os.rmdir(folder)
        except OSError:
            break


def pinned_folder(folder: str | os.PathLike[str], *, make: bool = False) -> PinnedFolder:
    """Open ``folder`` one name at a time, judging every link on the way by the rule, and hold it: the walk of
    :func:`tui.store.pinned.pin_folder`, which saves are pinned by too.

    Each name is looked at (``lstat`` relative to the folder already held), then opened with ``O_NOFOLLOW`` and
    checked to be what was looked at; a link's text is read once, checked not to have been swapped, and walked the
    same way. So no link is followed that was not judged, and a name swapped for a link meanwhile leads nowhere.
    With ``make``, missing folders are made (in the folder held, never through a link) and listed in ``made``.

    Raises :class:`PlantedLink` (one line naming the link and its owner, or the name that changed), else the
    ``OSError`` of the name that is missing (``FileNotFoundError``) or not a folder (``NotADirectoryError``);
    folders made before a refusal are removed again.
    """
    from tui.store.pinned import PinRefused, pin_folder  # the pinned module builds on this one

    made: list[str] = []
    try:
        pinned = pin_folder(folder, made=made if make else None)
    except PinRefused as exc:
        _unmake(made)
        raise PlantedLink(str(exc)) from None
    except BaseException:
        _unmake(made)
        raise
    return PinnedFolder(pinned, made)


def owner_name(uid: int) -> str:
    """``bob (uid 1001)``, or ``uid 1001`` for a number with no account: how a message names a link's owner."""
    return _owner(uid)
