"""A save's folder, resolved once and pinned: no name swapped later can redirect what is done there (issue 29.2).

Checking a path and then using it by its name is a race: a co-player who can
write a folder on the way swaps it for a link to the referee's private folder
between the two, and the referee's own command writes there. So the folder is
found once, as the kernel would, but one name at a time:

- from ``/`` (or the working folder) each folder is opened with
  ``O_DIRECTORY | O_NOFOLLOW`` relative to the one before, so a name swapped
  for a link meanwhile is refused (``ELOOP``), never followed;
- each symbolic link met is judged by the rule of :mod:`tui.store.links`
  (read with ``lstat``/``readlink`` relative to its folder, and looked at
  again) before it is followed; the last name too, if it is the user's own
  link: the save is then the file it points to (the link stays a link);
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
"""

from __future__ import annotations

import os
import re
import stat
import threading
import time
import weakref
from collections.abc import Iterator
from contextlib import contextmanager

from tui.store.fileops import FileRead, NotASaveFile, read_file
from tui.store.links import MAX_HOPS, _others_can_write, _owner

__all__ = ["PinRefused", "Pinned", "is_pinned", "locate", "pin", "read_save", "shown"]

_PROC = "/proc/self/fd"
_HAS_PROC = os.path.isdir(_PROC) and hasattr(os, "O_DIRECTORY")
_DIR_FLAGS = os.O_DIRECTORY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_PATH", os.O_RDONLY)
_PINNED_PATH = re.compile(r"/proc/self/fd/(\d+)(?:/([^/]+))?")
_SHOWN = re.compile(r"/proc/self/fd/(\d+)(/)?")

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
    when the last holder lets go (or :meth:`close`).
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


def refusal(link: str, info: os.stat_result, folder: os.stat_result) -> str | None:
    """Why the link ``link`` (``info`` its own lstat), in the folder held open whose fstat is ``folder``, must not be
    followed, or None: the rule of :mod:`tui.store.links` (the folder judged by the very folder held, not a path)."""
    me = os.geteuid()
    if info.st_uid == me:
        return None
    if info.st_uid != 0:
        return f"{link} is a symbolic link owned by {_owner(info.st_uid)}, not by you: another user's link is never followed"
    if folder.st_uid == 0 or not _others_can_write(folder, me):
        return None
    return (f"{link} is root's symbolic link in {os.path.dirname(link) or '.'}, a folder others can write that root "
            "does not own: it is not followed")


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
    return _walk(given)


def _again(held: Pinned, name: str) -> Pinned:
    """Another name in a pinned folder (a backup): the same folder, a new holder of it."""
    return Pinned(os.dup(held.fd), name, held.shown_folder)


def _walk(given: str) -> Pinned:
    """Walk ``given`` one name at a time from ``/`` or the working folder (see :func:`pin`)."""
    absolute = given.startswith("/")
    fd = os.open("/" if absolute else ".", _DIR_FLAGS & ~getattr(os, "O_NOFOLLOW", 0))
    shown_folder = "/" if absolute else ""
    pending = [part for part in given.split("/") if part not in ("", ".")][::-1]
    hops = 0
    try:
        while pending:
            name = pending.pop()
            last = not pending
            if name == "..":
                parent = _open_dir("..", fd)
                os.close(fd)
                fd = parent
                shown_folder = _join(shown_folder, "..")
                continue
            where = _join(shown_folder, name)
            try:
                info = os.stat(name, dir_fd=fd, follow_symlinks=False)
            except FileNotFoundError:
                if last:  # a save still to be made: its folder is pinned
                    return Pinned(fd, name, shown_folder)
                raise FileNotFoundError(2, "No such file or directory", where) from None
            if stat.S_ISLNK(info.st_mode):
                hops += 1
                if hops > MAX_HOPS:
                    raise PinRefused(f"{given} goes through more than {MAX_HOPS} symbolic links")
                folder_info = os.fstat(fd)
                problem = refusal(where, info, folder_info)
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
                    root = os.open("/", _DIR_FLAGS)
                    os.close(fd)
                    fd = root
                    shown_folder = "/"
                pending.extend(part for part in reversed(target.split("/")) if part not in ("", "."))
                if last and not pending:
                    raise PinRefused(f"{where} is a symbolic link to {target}, a folder, not a save")
                continue
            if last:
                _planted_hard_link(where, info, fd)
                return Pinned(fd, name, shown_folder)
            try:
                inner = _open_dir(name, fd)
            except OSError as exc:
                if getattr(exc, "errno", None) == 40:  # ELOOP: swapped for a link since it was looked at
                    raise PinRefused(f"{where} changed while it was being checked (a link was put there); it is not followed") from None
                exc.filename = where
                raise
            os.close(fd)
            fd = inner
            shown_folder = where
        raise PinRefused(f"{given} is a folder, not a save")
    except BaseException:
        os.close(fd)  # never pinned: every step above opens the next folder before it closes this one
        raise


def locate(path: str | os.PathLike[str]) -> tuple[Pinned | None, str]:
    """The pin of ``path`` (see :func:`pin`) and the path to use for it; where a folder on the way is missing, no pin
    and the path as given made absolute (nothing is there to be redirected: whatever then uses it finds nothing).
    Raises :class:`PinRefused` or the ``OSError`` of a folder that cannot be entered."""
    try:
        pinned = pin(path)
    except (FileNotFoundError, NotADirectoryError):
        return None, os.path.abspath(os.fspath(path))
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
