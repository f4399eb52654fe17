"""Reading the files a referee names (CSV files, a folder of them, a scenario TOML) by the rule outputs and saves
follow (issue 29.2).

A co-player who can write a shared folder could replace an input by a link to the referee's private file, and the
referee's own ``scenario import`` would copy it into a shared output. So every input is found as a save is:

- its folder is walked one name at a time and held open (:func:`tui.store.links.pinned_folder`), every link on the
  way judged by :func:`tui.store.links.link_refusal`;
- its last name (and each file of a folder named) is looked at in that folder; a link there is judged by the same
  rule, and the user's own link followed the same way (its target's folder pinned in turn);
- the file is then opened in the folder held, with ``O_NOFOLLOW``, and checked to be the very file looked at: a name
  swapped after the check is refused, never followed.

A refusal is an :class:`InputRefused`: one line naming the link and its owner (or the name that changed). Nothing is
read through a refused link, so no message can quote it. The store (and TinyDB) is loaded only when a file is read.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import Any, NamedTuple

__all__ = ["Input", "InputRefused", "inputs", "read_input"]

_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
          | getattr(os, "O_NOFOLLOW", 0))
_PROC = "/proc/self/fd"


class InputRefused(OSError):
    """An input reached through a link that must not be followed, or swapped while it was checked: never read. The
    message (one line) names the link and its owner, or the name that changed."""

    def __init__(self, message: str) -> None:
        super().__init__(0, message)

    def __str__(self) -> str:
        return str(self.strerror)


class Input(NamedTuple):
    """One input file, judged: ``path`` as the user named it, ``folder`` the :class:`~tui.store.links.PinnedFolder`
    it is in (after any of the user's own links), ``name`` its name there, ``info`` what was looked at (its lstat),
    ``shown`` the file named for messages."""

    path: Path
    folder: Any
    name: str
    info: os.stat_result
    shown: str


def _pin(folder: str, shown: str) -> Any:
    """The folder ``folder`` pinned (:func:`tui.store.links.pinned_folder`); ``shown`` names it in messages."""
    from ..store.links import PlantedLink, pinned_folder

    try:
        return pinned_folder(folder)
    except PlantedLink as exc:
        raise InputRefused(_shown(str(exc))) from None
    except OSError as exc:
        if exc.filename is None or str(exc.filename).startswith(_PROC):
            exc.filename = shown
        raise


def _pin_in(held: Any, rel: str, shown: str) -> Any:
    """The folder ``rel`` (relative) from the held folder, pinned from it; named in messages as the held folder's
    name joined with ``rel``, never as the descriptor's path."""
    inner = _pin(f"{_base(held)}/{rel}", shown)
    named = os.path.normpath(os.path.join(_shown(held.path), rel))
    inner.path = inner.pinned.shown_folder = named
    return inner


def _shown(text: str) -> str:
    from ..store.pinned import shown

    return shown(text)


def _base(held: Any) -> str:
    """A path naming the held folder itself, which the kernel resolves through the descriptor."""
    return f"{_PROC}/{held.fd}" if held.fd >= 0 and os.path.isdir(_PROC) else held.path


def _look(held: Any, name: str) -> os.stat_result:
    if held.fd >= 0:
        return os.stat(name, dir_fd=held.fd, follow_symlinks=False)
    return os.lstat(os.path.join(held.path, name))


def _resolve(held: Any, name: str, shown: str) -> tuple[Any, str, os.stat_result, str]:
    """Follow ``name`` in the held folder through the links the rule allows: the folder it is in at last, its name
    there, its lstat, and how it is named in messages. :class:`InputRefused` for a link that must not be followed."""
    from ..store.links import MAX_HOPS, link_refusal

    hops = 0
    keep = [held]  # every folder pinned on the way, held while messages name them
    while True:
        if name in ("..", "."):  # a folder itself: pinned whole
            held = _pin_in(held, name, shown)
            keep.append(held)
            name = ""
        if not name:
            return held, "", os.fstat(held.fd) if held.fd >= 0 else os.stat(held.path), shown
        try:
            info = _look(held, name)
        except FileNotFoundError:
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), shown) from None
        if not stat.S_ISLNK(info.st_mode):
            return held, name, info, shown
        hops += 1
        if hops > MAX_HOPS:
            raise InputRefused(f"{shown} goes through more than {MAX_HOPS} symbolic links")
        where = os.path.join(_shown(held.path), name)
        folder = os.fstat(held.fd) if held.fd >= 0 else None
        problem = link_refusal(where, info, folder, _shown(held.path))
        if problem is not None:
            raise InputRefused(problem)
        try:
            target = os.readlink(name, dir_fd=held.fd) if held.fd >= 0 else os.readlink(os.path.join(held.path, name))
            again = _look(held, name)
        except (OSError, ValueError):
            again = None
        if again is None or not os.path.samestat(again, info):
            raise InputRefused(f"{where} changed while it was being checked (a link was replaced); it is not followed")
        head, tail = os.path.split(target)
        if head:
            held = _pin(head, shown) if head.startswith("/") else _pin_in(held, head, shown)
            keep.append(held)
        name = tail


def inputs(paths: list[Path], *, folders: bool = True) -> list[Input]:
    """The files named: each file given, and every ``*.csv`` of each folder given (sorted), each judged and its folder
    held open (see the module); without ``folders`` a folder named is one input (which :func:`read_input` refuses). :class:`InputRefused` names a link that must not be followed; ``OSError`` (with the
    name as given) a name missing or not to be entered."""
    out: list[Input] = []
    for path in paths:
        text = os.fspath(path)
        folder, name = os.path.split(text)
        held, name, info, shown = _resolve(_pin(folder or ".", folder or "."), name, text)
        if not stat.S_ISDIR(info.st_mode) or not folders:
            out.append(Input(path, held, name, info, shown))
            continue
        if name:
            held = _pin_in(held, name, text)
        names = sorted(n for n in _names(held) if Path(n).suffix.lower() == ".csv")
        for entry in names:
            inner, last, info, shown = _resolve(held, entry, os.path.join(text, entry))
            out.append(Input(path / entry, inner, last, info, shown))
    return out


def _names(held: Any) -> list[str]:
    """The names in the held folder."""
    if held.fd < 0:
        return os.listdir(held.path)
    fd = os.open(".", os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_CLOEXEC", 0), dir_fd=held.fd)
    try:
        return os.listdir(fd)
    finally:
        os.close(fd)


def read_input(found: Input, limit: int = 20_000_000) -> bytes:
    """The bytes of the judged input ``found``, opened in its held folder without following its name, and checked to be
    the file looked at: a file swapped since is an :class:`InputRefused`, never read. A folder, device or pipe is an
    ``OSError`` ("it is not a regular file"), as is a file larger than ``limit``."""
    if not found.name:  # the folder itself (a name ending in "..", or a link to "/")
        raise OSError(0, "it is not a regular file")
    try:
        if found.folder.fd >= 0:
            fd = os.open(found.name, _FLAGS, dir_fd=found.folder.fd)
        else:  # pragma: no cover - not Linux: judged once, read by name
            fd = os.open(os.path.join(found.folder.path, found.name), _FLAGS)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise InputRefused(f"{found.shown} changed while it was being checked (a link was put there); "
                               "it is not read") from None
        exc.filename = found.shown
        raise
    try:
        info = os.fstat(fd)
        if not os.path.samestat(info, found.info):
            raise InputRefused(f"{found.shown} changed while it was being checked (another file was put there); "
                               "it is not read")
        if not stat.S_ISREG(info.st_mode):
            raise OSError(0, "it is not a regular file")
        if info.st_size > limit:
            raise OSError(0, f"it is larger than {limit // 1_000_000} MB")
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return handle.read(limit + 1)
    finally:
        os.close(fd)


def read_file(path: Path, limit: int = 20_000_000) -> bytes:
    """The bytes of the one file ``path`` names, read by the rule (:func:`inputs`, :func:`read_input`)."""
    return read_input(inputs([path], folders=False)[0], limit)
