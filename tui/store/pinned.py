"""A save's folder, resolved once and pinned: no name swapped later can redirect what is done there (issue 29.2).

Checking a path and then using it by its name is a race: a co-player who can
write a folder on the way swaps it for a link to the referee's private folder
between the two, and the referee's own command writes there. So the folder is
found once, as the kernel would, but one name at a time:

- from ``/`` (or the working folder) each folder is opened with
  ``O_DIRECTORY | O_NOFOLLOW`` relative to the one before, so a name swapped
  for a link meanwhile is refused (``ELOOP``), never followed;
- each symbolic link met is judged by the one rule, which
  :mod:`tui.store.links` owns (:func:`~tui.store.links.link_refusal`), read
  with ``lstat``/``readlink`` relative to its folder, and looked at again,
  before it is followed; the last name too, if it is the user's own link: the
  save is then the file it points to (the link stays a link);
- a save with more than one hard link in a folder others can write is refused
  (a co-player may have linked the referee's private save there).

The final folder stays open (:class:`Pinned`) for as long as anything holds
it, and every later operation on the save, its backups, its lock, its
temporary and kept files goes through it: by the magic path
``/proc/self/fd/N/NAME`` (:attr:`Pinned.path`), which the kernel resolves to
the pinned folder itself, never to a name that can be swapped. Such a path is
never turned back into a name (no ``realpath``), and :func:`shown` puts the
folder the user named back in every message. Where ``/proc/self/fd`` does not
exist (not Linux) the folder is still judged once, and the path is the text
found by the walk: no pinning there.

This module owns the walk, for saves and for outputs alike: :func:`pin` walks
to a save's folder, :func:`pin_folder` to a folder every name of which is one
(optionally making the missing ones), which :func:`tui.store.links.pinned_folder`
holds for a report, a scenario file, a branch or a new save.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import threading
import time
import weakref
from collections.abc import Iterator
from contextlib import contextmanager

from tui.store.fileops import FileRead, NotASaveFile, read_file
from tui.store.links import MAX_HOPS, _others_can_write, link_refusal

__all__ = ["PinRefused", "Pinned", "is_pinned", "locate", "pin", "pin_folder", "read_save", "shown"]

_PROC = "/proc/self/fd"
_HAS_PROC = os.path.isdir(_PROC) and hasattr(os, "O_DIRECTORY")
_DIR_FLAGS = os.O_DIRECTORY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_PATH", os.O_RDONLY)
_PINNED_PATH = re.compile(r"/proc/self/fd/(\d+)(?:/([^/]+))?")
_SHOWN = re.compile(r"/proc/self/fd/(\d+)(/)?")
#: A folder this process holds open, named by the kernel's own link to it (where :func:`pin_folder` starts).
_HELD = re.compile(r"/proc/self/fd/[0-9]+(?=/|$)")

#: The folders pinned now: descriptor -> the Pinned holding it (weakly: a pin lives as long as its holders).
_open: dict[int, weakref.ref[Pinned]] = {}
_guard = threading.Lock()


class PinRefused(OSError):
    """The path must not be followed (a planted link, a link swapped while checked, a planted hard link)."""


def _close(fd: int) -> None:
    with _guard:
        _open.pop(fd, None)
    try:
        os.close(fd)
    except OSError:
        pass


class Pinned:
    """A save's folder held open, and the save's name in it.

    ``path`` (``/proc/self/fd/N/NAME``) reaches the save in that very folder
    whatever is renamed meanwhile; ``folder`` the folder itself; ``shown_folder``
    the folder as the user named it (for messages). The descriptor is closed
    when the last holder lets go (or :meth:`close`). A folder pinned for itself
    (:func:`pin_folder`) has the empty ``name``.
    """

    def __init__(self, fd: int, name: str, shown_folder: str) -> None:
        self.fd = fd
        self.name = name
        self.shown_folder = shown_folder
        self._finalizer = weakref.finalize(self, _close, fd)
        with _guard:
            _open[fd] = weakref.ref(self)

    @property
    def folder(self) -> str:
        """The pinned folder: ``/proc/self/fd/N``."""
        return f"{_PROC}/{self.fd}"

    @property
    def path(self) -> str:
        """The save in the pinned folder: ``/proc/self/fd/N/NAME``."""
        return f"{_PROC}/{self.fd}/{self.name}"

    def close(self) -> None:
        """Let go of the folder now (the magic paths stop working)."""
        self._finalizer()

    def __repr__(self) -> str:
        return f"<Pinned {self.path} = {os.path.join(self.shown_folder, self.name)}>"


class _Unpinned(Pinned):
    """Where ``/proc/self/fd`` does not exist: the walked path as text (judged once, not pinned)."""

    def __init__(self, folder: str, name: str) -> None:  # noqa: D107 - no descriptor is kept
        self.fd = -1
        self.name = name
        self.shown_folder = folder

    @property
    def folder(self) -> str:
        return self.shown_folder or "."

    @property
    def path(self) -> str:
        return os.path.join(self.shown_folder, self.name)

    def close(self) -> None:
        pass


def is_pinned(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is a save in a folder this process pinned (``/proc/self/fd/N/NAME`` of a live :class:`Pinned`)."""
    return _held(os.fspath(path)) is not None


def _held(text: str) -> Pinned | None:
    match = _PINNED_PATH.fullmatch(text)
    if match is None:
        return None
    with _guard:
        ref = _open.get(int(match.group(1)))
    return ref() if ref is not None else None


def moved(text: str) -> bool:
    """Whether the pinned folder of ``text`` (``/proc/self/fd/N/NAME``) is no longer the folder at the path it was
    found by: moved, removed, or replaced (by a co-player's link, say). The session then stops writing there and
    says the folder moved, as it did before folders were pinned; nothing is ever written by that path."""
    held = _held(text)
    if held is None or held.fd < 0:
        return False
    try:
        return not os.path.samestat(os.stat(held.shown_folder or "."), os.fstat(held.fd))
    except OSError:
        return True


def shown(text: str) -> str:
    """``text`` with every ``/proc/self/fd/N`` of a pinned folder put back as the folder the user named."""
    if _PROC not in text:
        return text

    def back(match: re.Match[str]) -> str:
        with _guard:
            ref = _open.get(int(match.group(1)))
        pinned = ref() if ref is not None else None
        if pinned is None:
            return match.group(0)
        folder = pinned.shown_folder
        if match.group(2):
            return folder.rstrip("/") + "/" if folder else ""
        return folder or "."

    return _SHOWN.sub(back, text)


def _join(folder: str, name: str) -> str:
    return os.path.join(folder, name) if folder else name


def _open_dir(name: str, dir_fd: int) -> int:
    return os.open(name, _DIR_FLAGS, dir_fd=dir_fd)


def pin(path: str | os.PathLike[str]) -> Pinned:
    """Resolve ``path``'s folder once, judging every link on the way, and hold it open (see the module).

    A path already pinned (``/proc/self/fd/N/NAME`` of a live pin) gives that
    pin back with ``NAME``. Raises :class:`PinRefused` (one line) for a link
    that must not be followed, a name swapped while it was walked, or a
    planted hard link; ``FileNotFoundError``/``NotADirectoryError`` if a folder
    on the way is missing; ``OSError`` if one cannot be entered. The last name
    need not exist (a save still to be made).
    """
    given = os.fspath(path)
    held = _held(given)
    if held is not None:
        name = _PINNED_PATH.fullmatch(given).group(2)  # type: ignore[union-attr]
        if not name:
            raise PinRefused(f"{shown(given)} is a folder, not a save")
        if name == held.name:
            return held
        return _again(held, name)
    if not _HAS_PROC:  # pragma: no cover - not Linux: judged once, then used by name
        from tui.store.links import planted_link

        problem = planted_link(given)
        if problem is not None:
            raise PinRefused(problem)
        folder, name = os.path.split(os.path.abspath(given))
        return _Unpinned(folder, name)
    return Pinned(*_walk(given))


def _again(held: Pinned, name: str) -> Pinned:
    """Another name in a pinned folder (a backup): the same folder, a new holder of it."""
    return Pinned(os.dup(held.fd), name, held.shown_folder)


def pin_folder(folder: str | os.PathLike[str], *, made: list[str] | None = None) -> Pinned:
    """Walk to ``folder``, every name of which is a folder, as :func:`pin` walks to a save's, and hold it open: a
    :class:`Pinned` with no name, ``shown_folder`` the folder as walked (absolute). A path that starts in a folder
    this process holds (``/proc/self/fd/N``) starts there. With ``made`` (a list), missing folders are made (in
    the folder held, never through a link) and listed in it, outermost first (the caller removes them on a refusal).

    Raises :class:`PinRefused` (one line naming the link and its owner, or the name that changed), else the
    ``OSError`` of the name that is missing (``FileNotFoundError``) or not a folder (``NotADirectoryError``).
    """
    return Pinned(*_walk(os.fspath(folder) or ".", folders=True, made=made))


def _walk(given: str, *, folders: bool = False, made: list[str] | None = None) -> tuple[int, str, str]:
    """Walk ``given`` one name at a time from ``/`` or the working folder (see :func:`pin`): the folder held open,
    the last name (the save's, which need not exist) and the folder's name as walked, a :class:`Pinned`'s fields.

    With ``folders`` (:func:`pin_folder`) every name is a folder (the last name is then empty), names are made
    absolute, ``..`` names the parent, and a missing folder is made and listed in ``made`` if it is a list. For a
    save, a folder on the way that cannot be entered raises its ``OSError``; for a folder, every such name is
    taken as swapped meanwhile (refused), and a folder replaced between the look and the open is refused too."""
    held = _HELD.match(given) if folders else None
    start, rest = (held[0], given[held.end():]) if held else ("/" if given.startswith("/") else ".", given)
    fd = os.open(start, _DIR_FLAGS & ~getattr(os, "O_NOFOLLOW", 0))
    pending = [part for part in rest.split("/") if part not in ("", ".")][::-1]
    hops = 0
    try:
        shown_folder = start if start != "." else (os.getcwd() if folders else "")
        while pending:
            name = pending.pop()
            last = not pending and not folders
            if name == "..":
                fd = _step(fd, _open_dir("..", fd))
                shown_folder = os.path.dirname(shown_folder) if folders else _join(shown_folder, "..")
                continue
            where = _join(shown_folder, name)
            try:
                info = os.stat(name, dir_fd=fd, follow_symlinks=False)
            except FileNotFoundError:
                if last:  # a save still to be made: its folder is pinned
                    return fd, name, shown_folder
                if made is None:
                    raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), where) from None
                try:
                    os.mkdir(name, 0o777, dir_fd=fd)
                    made.append(where)
                except FileExistsError:  # another session made it a moment ago: looked at again below
                    pass
                info = os.stat(name, dir_fd=fd, follow_symlinks=False)
            if stat.S_ISLNK(info.st_mode):
                hops += 1
                if hops > MAX_HOPS:
                    raise PinRefused(f"{given} goes through more than {MAX_HOPS} symbolic links")
                problem = link_refusal(where, info, os.fstat(fd), shown_folder or ".")
                if problem is not None:
                    raise PinRefused(problem)
                try:
                    target = os.readlink(name, dir_fd=fd)
                    again = os.stat(name, dir_fd=fd, follow_symlinks=False)
                except (OSError, ValueError):
                    again = None
                if again is None or (again.st_dev, again.st_ino) != (info.st_dev, info.st_ino):
                    raise PinRefused(f"{where} changed while it was being checked (a link was replaced); it is not followed")
                if target.startswith("/"):
                    fd = _step(fd, os.open("/", _DIR_FLAGS))
                    shown_folder = "/"
                pending.extend(part for part in reversed(target.split("/")) if part not in ("", "."))
                if last and not pending:
                    raise PinRefused(f"{where} is a symbolic link to {target}, a folder, not a save")
                continue
            if last:
                _planted_hard_link(where, info, fd)
                return fd, name, shown_folder
            if folders and not stat.S_ISDIR(info.st_mode):
                raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), where)
            try:
                inner = _open_dir(name, fd)
            except OSError as exc:  # looked at as a folder, not one now: swapped meanwhile (a link gives ELOOP or ENOTDIR)
                if folders or stat.S_ISDIR(info.st_mode) or exc.errno == errno.ELOOP:
                    why = exc.strerror if folders else "a link was put there"
                    raise PinRefused(f"{where} changed while it was being checked ({why}); it is not followed") from None
                exc.filename = where
                raise
            fd = _step(fd, inner)
            if not os.path.samestat(os.fstat(fd), info):
                raise PinRefused(f"{where} changed while it was being checked (a folder was replaced); it is not followed")
            shown_folder = where
        if folders:
            return fd, "", shown_folder
        raise PinRefused(f"{given} is a folder, not a save")
    except BaseException:
        os.close(fd)  # never pinned: every step above opens the next folder before it closes this one
        raise


def _step(old: int, new: int) -> int:
    """Hold ``new`` instead of ``old``."""
    os.close(old)
    return new


def locate(path: str | os.PathLike[str]) -> tuple[Pinned | None, str]:
    """The pin of ``path`` (see :func:`pin`) and the path to use for it. Where a folder on the way is missing (or is
    no folder), there is no pin and nothing may be made or read by name there: a name that is missing now may be a
    co-player's link a moment later. Raises :class:`PinRefused`, or the ``OSError`` of the folder that is missing
    or cannot be entered."""
    pinned = pin(path)
    return pinned, pinned.path


def read_save(pinned: Pinned | None, path: str, *, read=read_file) -> FileRead | None:
    """:func:`~tui.store.fileops.read_file` of the save ``path`` in the folder ``pinned``, never through a link (one
    swapped in since the check is refused), and refused if the file read has another hard link while others can write
    the folder (looked at again once no session writes there: a writer's own rotation links it for an instant).
    ``read`` is the reader (the caller's :func:`~tui.store.fileops.read_file`)."""
    found = read(path, follow=False)
    if found is None or found.nlink <= 1 or pinned is None or pinned.fd < 0 or not hasattr(os, "geteuid"):
        return found
    folder = os.fstat(pinned.fd)
    if not _others_can_write(folder, os.geteuid()):
        return found
    try:
        with _folder_quiet(pinned.fd):
            found = read(path, follow=False)
    except OSError:
        pass
    if found is not None and found.nlink > 1:
        raise NotASaveFile(_hard_link_words(shown(path), found.nlink))
    return found


def _hard_link_words(where: str, nlink: int) -> str:
    return (f"{where} has {nlink} hard links in a folder others can write: it may be another user's file "
            "linked there, so it is not opened")


def _planted_hard_link(where: str, info: os.stat_result, fd: int) -> None:
    """Refuse a save with another hard link when its folder is writable by others (see :func:`hard_link_refusal`).

    A writer's own save has a second link for an instant (the previous version is linked as ``NAME.1`` before the
    new file replaces it), under the folder's write lock: so a second link is looked at again once that lock is
    free (waiting a second at most), and only a link still there is refused.
    """
    folder = os.fstat(fd)
    if hard_link_refusal(where, info, folder) is None:
        return
    name = os.path.basename(where)
    try:
        with _folder_quiet(fd):
            info = os.stat(name, dir_fd=fd, follow_symlinks=False)
    except OSError:
        pass
    problem = hard_link_refusal(where, info, folder)
    if problem is not None:
        raise PinRefused(problem)


@contextmanager
def _folder_quiet(fd: int, wait: float = 1.0) -> Iterator[None]:
    """Wait (at most ``wait`` seconds) until no session writes in the pinned folder ``fd`` (its ``flock``), shared."""
    import fcntl

    handle = os.open(".", os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC, dir_fd=fd)
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    break
                time.sleep(0.005)
        yield
    finally:
        os.close(handle)


def hard_link_refusal(where: str, info: os.stat_result, folder: os.stat_result) -> str | None:
    """Why the regular file ``where`` (``info``) in ``folder`` is not taken as a save: it has another hard link and
    others can write the folder, so that link may be a co-player's way into a private save. None otherwise."""
    if not stat.S_ISREG(info.st_mode) or info.st_nlink <= 1 or not hasattr(os, "geteuid"):
        return None
    if not _others_can_write(folder, os.geteuid()):
        return None
    return _hard_link_words(where, info.st_nlink)
