"""The rule-set cache on disk: one file per rule set and data folder in the user's cache folder.

The core's loader (``tui/rules/core/loader.py``) decides what an entry holds
and whether to trust it; this module only keeps the bytes, carefully:

- the folder is made private (0700) and refused when it is a symbolic link,
  not owned by the user, or writable by the group or others;
- an entry is read only when it is a regular file owned by the user (never
  through a symbolic link planted in the folder), and written atomically:
  a new private file beside it, then renamed over it (a link in its place is
  replaced, never followed);
- any failure (a read-only home, a full disk, a system without these file
  operations) is silent: the rule set is then converted from its files.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from .. import __version__
from ..paths import cache_dir

LIMIT = 64 * 1024 * 1024
"""An entry larger than this is not read (the bundled rule sets take some 100 KB)."""

_SUPPORTED = hasattr(os, "getuid") and hasattr(os, "O_NOFOLLOW") and os.open in os.supports_dir_fd


class DiskCache:
    """Entries in ``folder``, for the loader of ``version`` (see :class:`tui.rules.core.loader.Cache`)."""

    def __init__(self, folder: Path, version: str = __version__) -> None:
        self.folder = Path(folder)
        self.version = version

    def read(self, name: str) -> bytes | None:
        """The bytes of entry ``name``; None when it is missing or not to be trusted as a file."""
        folder = self._open_folder(create=False)
        if folder is None:
            return None
        try:
            fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=folder)
        except OSError:
            os.close(folder)
            return None
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid() or info.st_size > LIMIT:
                return None
            chunks = []
            while True:
                chunk = os.read(fd, 1 << 20)
                if not chunk:
                    break
                chunks.append(chunk)
            return b"".join(chunks)
        except OSError:
            return None
        finally:
            os.close(fd)
            os.close(folder)

    def write(self, name: str, blob: bytes) -> None:
        """Keep ``blob`` as entry ``name`` (atomically); any failure leaves the cache as it was and says nothing."""
        import secrets  # here, not at the top: only a rule set converted anew is written; a start reads the cache

        folder = self._open_folder(create=True)
        if folder is None:
            return
        temp = f".{name}.{secrets.token_hex(8)}.tmp"
        try:
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600, dir_fd=folder)
        except OSError:
            os.close(folder)
            return
        try:
            try:
                view = memoryview(blob)
                while view:
                    view = view[os.write(fd, view):]
            finally:
                os.close(fd)
            os.replace(temp, name, src_dir_fd=folder, dst_dir_fd=folder)
        except OSError:
            try:
                os.unlink(temp, dir_fd=folder)
            except OSError:
                pass
        finally:
            os.close(folder)

    def prune(self, suffix: str, keep: int) -> None:
        """Remove the oldest entries whose name ends with ``suffix`` beyond the ``keep`` newest (regular files of the
        user only, never through a link); any failure says nothing."""
        folder = self._open_folder(create=False)
        if folder is None:
            return
        try:
            entries = []
            with os.scandir(folder) as found:
                for entry in found:
                    if entry.name.endswith(suffix) and not entry.name.startswith("."):
                        info = entry.stat(follow_symlinks=False)
                        if stat.S_ISREG(info.st_mode) and info.st_uid == os.getuid():
                            entries.append((info.st_mtime_ns, entry.name))
            entries.sort(reverse=True)
            for _, name in entries[keep:]:
                os.unlink(name, dir_fd=folder)
        except OSError:
            pass
        finally:
            os.close(folder)

    def _open_folder(self, create: bool) -> int | None:
        """A descriptor of the folder (made private if missing and ``create``), or None when it is missing, cannot
        be made, is a link, is not the user's or is writable by others."""
        if not _SUPPORTED:
            return None
        try:
            if create and not os.path.lexists(self.folder):
                self.folder.parent.mkdir(parents=True, exist_ok=True)
                try:
                    os.mkdir(self.folder, 0o700)
                except FileExistsError:
                    pass
            fd = os.open(self.folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
        except OSError:
            return None
        try:
            info = os.fstat(fd)
        except OSError:
            os.close(fd)
            return None
        if info.st_uid != os.getuid() or info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
            os.close(fd)
            return None
        return fd


def rule_cache() -> DiskCache | None:
    """The cache of this user (``HARBORMASTER_CACHE`` overrides the folder; ``off``: none)."""
    folder = cache_dir()
    return DiskCache(folder) if folder is not None else None
