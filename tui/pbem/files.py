"""The few file operations of the pbem core: durable atomic writes and careful reads, never through a link.

Kept here rather than borrowed from :mod:`tui.store` so the core imports no TinyDB. A write is a new temporary file
(created exclusively, never through a link), fsync, ``os.replace`` over the target, fsync of the folder; a target or
folder that is a symbolic link is refused first. A private file (a key, a game's seeds) is mode 0600 in a folder of
mode 0700, and is read only if it is a regular file of the user's own that nobody else may read.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from .errors import PbemRefused

_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)


def _what(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISDIR(mode):
        return "a folder"
    return "not a regular file"


def read_bytes(path: Path, limit: int, *, private: bool = False) -> bytes | None:
    """The bytes of the regular file ``path`` (None if nothing is there), never through a symbolic link.

    Refused (:class:`PbemRefused`, one line): a link, a folder, a FIFO or device, more than ``limit`` bytes; with
    ``private`` also a file not owned by this user or that group or others may read (``chmod 600`` fixes it).
    """
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise PbemRefused(f"{path} cannot be examined ({exc.strerror})") from None
    if not stat.S_ISREG(info.st_mode):
        raise PbemRefused(f"{path} is {_what(info.st_mode)}; it is not read")
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise PbemRefused(f"{path} became a symbolic link while it was opened; it is not read") from None
        raise PbemRefused(f"{path} cannot be read ({exc.strerror})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise PbemRefused(f"{path} is {_what(info.st_mode)}; it is not read")
        if private and hasattr(os, "geteuid") and info.st_uid != os.geteuid():
            raise PbemRefused(f"{path} belongs to another user (uid {info.st_uid}); a private file must be your own")
        if private and stat.S_IMODE(info.st_mode) & 0o077:
            raise PbemRefused(f"{path} may be read by others (mode {stat.S_IMODE(info.st_mode):04o}); "
                              f"make it private with: chmod 600 {path}")
        if info.st_size > limit:
            raise PbemRefused(f"{path} holds {info.st_size:,} bytes, more than the {limit:,} allowed")
        chunks = []
        size = 0
        while chunk := os.read(fd, 1 << 20):
            size += len(chunk)
            if size > limit:
                raise PbemRefused(f"{path} holds more than the {limit:,} bytes allowed")
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise PbemRefused(f"{path} cannot be read ({exc.strerror})") from None
    finally:
        os.close(fd)


def private_folder(folder: Path, *, make: bool) -> Path:
    """``folder`` checked as a private folder (a real folder of this user's that nobody else may write); made with
    mode 0700 (and its missing parents) if ``make``. :class:`PbemRefused` otherwise."""
    if make:
        missing = []
        here = folder
        while not os.path.lexists(here) and here != here.parent:
            missing.append(here)
            here = here.parent
        for path in reversed(missing):
            try:
                os.mkdir(path, 0o700)
            except FileExistsError:
                pass
            except OSError as exc:
                raise PbemRefused(f"the folder {path} cannot be made ({exc.strerror})") from None
    try:
        info = os.lstat(folder)
    except FileNotFoundError:
        raise PbemRefused(f"there is no folder {folder}") from None
    except OSError as exc:
        raise PbemRefused(f"{folder} cannot be examined ({exc.strerror})") from None
    if not stat.S_ISDIR(info.st_mode):
        raise PbemRefused(f"{folder} is {_what(info.st_mode)}, not a folder of your own; nothing is kept there")
    if hasattr(os, "geteuid") and info.st_uid != os.geteuid():
        raise PbemRefused(f"the folder {folder} belongs to another user (uid {info.st_uid}); nothing private is kept there")
    if stat.S_IMODE(info.st_mode) & 0o022:
        raise PbemRefused(f"others may write the folder {folder} (mode {stat.S_IMODE(info.st_mode):04o}); "
                          f"make it private with: chmod 700 {folder}")
    return folder


def write_atomic(path: Path, data: bytes, *, mode: int = 0o644, exclusive: bool = False) -> None:
    """Durably replace (or create) ``path`` with ``data``: a new temporary file of ``mode`` beside it, fsync,
    replace, fsync of the folder. Never through a link: a ``path`` that is a symbolic link or not a regular file
    is refused. With ``exclusive`` an existing ``path`` is left alone and refused (a hard link, not a replace).
    Raises :class:`PbemRefused`; on a refusal ``path`` is as it was."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise PbemRefused(f"{path} cannot be examined ({exc.strerror})") from None
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise PbemRefused(f"{path} is {_what(info.st_mode)}; nothing is written through it")
    if info is not None and exclusive:
        raise PbemRefused(f"{path} already exists; it is not replaced")
    folder = path.parent
    tmp = folder / f".{path.name}.tmp-{os.urandom(6).hex()}"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(tmp, flags, mode)
    except OSError as exc:
        raise PbemRefused(f"cannot write in {folder} ({exc.strerror})") from None
    try:
        try:
            os.fchmod(fd, mode)
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        if exclusive:
            os.link(tmp, path, follow_symlinks=False)
            os.unlink(tmp)
        else:
            os.replace(tmp, path)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if exclusive and isinstance(exc, FileExistsError):
            raise PbemRefused(f"{path} already exists; it is not replaced") from None
        raise PbemRefused(f"cannot write {path} ({exc.strerror})") from None
    try:
        dfd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:  # the file is in place; only the folder's durability is unsure (a file system without it)
        pass
