"""Creating a new save file: exactly one of several sessions creating the same path wins.

The data is written to a temporary file and fsynced, then hard-linked to the
save's name: ``link`` fails if anything is already there, so of two sessions
racing to create the same save one gets ``SaveError`` (``exists``) and the
other's file is never overwritten. Where the file system has no hard links,
``O_EXCL`` makes the same promise.

The folder is walked and held open first (:func:`tui.store.links.pinned_folder`, issue 29.2): a co-player's link
on the way is refused before anything is made, and the file is made in the folder that was checked, never through
a link swapped in after the check.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from tui.store.fileops import FileOps, reason
from tui.store.links import PinnedFolder, pinned_folder
from tui.store.recovery import SaveError
from tui.store.snapshot import StoreFailed

__all__ = ["create_file"]


#: errno values meaning "this file system does not do hard links".
_NO_LINKS = frozenset({errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV, errno.EMLINK, errno.ENOSYS})


def _write_exclusive(ops: FileOps, target: str, payload: bytes) -> None:
    """Create ``target`` with O_EXCL and write it (where hard links do not work); remove it on failure."""
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOFOLLOW", 0),
                 0o666)
    try:
        try:
            ops.write(fd, payload)
            ops.fsync(fd)
        finally:
            ops.close(fd)
    except BaseException:
        os.unlink(target)
        raise


def create_file(path: Path, payload: bytes, ops: FileOps | None = None) -> None:
    """Durably write ``payload`` as a new file at ``path``: one winner among concurrent creators.

    Temp file, fsync, then a hard link to ``path`` (which fails if anything is
    there), else ``O_EXCL`` where links do not work, all in the folder held
    open once checked. SaveError (``exists``) or StoreFailed (also for a link
    on the way that is never followed); nothing is left behind on failure.
    """
    ops = ops or FileOps()
    absolute = os.path.abspath(path)
    try:
        where = pinned_folder(os.path.dirname(absolute))
    except OSError as exc:  # PlantedLink too: its message says which link and whose
        raise StoreFailed(path.name, reason(exc)) from exc
    with where:
        _create_in(where, path, payload, ops)


def _create_in(where: PinnedFolder, path: Path, payload: bytes, ops: FileOps) -> None:
    """:func:`create_file` in the folder ``where`` holds open."""
    name = os.path.basename(os.path.abspath(path))
    target = where.name_in(name)
    tmp = where.name_in(f"{name}.tmp-{os.urandom(6).hex()}")
    try:
        fd = ops.open_temp(tmp, None)
        try:
            linked = False
            try:  # the temporary file stays open (marked in use) until it is linked: no sweep takes it meanwhile
                ops.write(fd, payload)
                ops.fsync(fd)
                ops.link(tmp, target)  # fails if anything appeared at ``path`` meanwhile: one creator wins
                linked = True
            finally:
                try:
                    ops.close(fd)
                except OSError:
                    if linked:  # a late write error: the file just made is not trusted
                        os.unlink(target)
                    raise
        except FileExistsError:
            raise
        except FileNotFoundError:
            # The winner's first open sweeps ``NAME.tmp-*`` beside its save, ours included:
            # if the save is there, somebody else created it first.
            if os.path.lexists(target):
                raise FileExistsError(errno.EEXIST, "exists", target) from None
            raise
        except OSError as exc:
            if exc.errno not in _NO_LINKS:
                raise
            _write_exclusive(ops, target, payload)  # no hard links here: O_EXCL is the one winner
        finally:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        ops.fsync_dir(where.path)
    except FileExistsError:
        raise SaveError(path, "a file already exists there; refusing to overwrite it", kind="exists", action="create") from None
    except OSError as exc:
        raise StoreFailed(path.name, reason(exc)) from exc
