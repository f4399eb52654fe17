"""Opening a file as a save, its error, and recovery from backups.

:func:`load_checked` reads a file and validates it (never changing it), raising
:class:`SaveError` with a one-line message. :func:`newest_backup` finds the
newest of ``NAME.1..3`` that opens cleanly, and :func:`restore_backup` copies a
backup over a broken save after keeping the broken file beside it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path

import orjson

from tui.store.fileops import FileOps, NotASaveFile, read_file, reason, replace_file
from tui.store.snapshot import SnapshotStorage, StoreFailed
from tui.store.storage import AtomicJSONStorage
from tui.store.validate import Problem, check_save

__all__ = ["Clock", "SaveError", "check_storage", "load_checked", "newest_backup", "put_back", "restore_backup", "utc_now"]

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
        self.problem = problem
        self.kind = kind
        self.backup = backup
        super().__init__(f"cannot {action} {path}: {problem}")


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


def newest_backup(path: Path) -> Path | None:
    """The newest of ``NAME.1``, ``NAME.2``, ``NAME.3`` that opens cleanly, or None."""
    for i in (1, 2, 3):
        candidate = path.with_name(f"{path.name}.{i}")
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
    good = load_checked(backup, ops)
    raw = good.snapshot() or b""
    good.close()
    return put_back(path, raw, clock=clock, ops=ops)


def put_back(path: Path, raw: bytes, *, clock: Clock | None = None, ops: FileOps | None = None) -> Path | None:
    """Write ``raw`` (a good save's bytes) over ``path``, keeping what was there as ``NAME.broken-*``; return that name.

    Used by :func:`restore_backup` and by a writer putting its game back over
    a file that was cut short or replaced. Raises StoreFailed (nothing changed)
    if it cannot be written.
    """
    from tui.store.lock import folder_lock  # the lock module imports this one's helpers

    path = Path(os.path.realpath(path)) if os.path.exists(path) else Path(path)
    ops = ops or FileOps()
    kept: Path | None = None
    try:
        with folder_lock(path.parent):
            if os.path.lexists(path):
                stamp = (clock or utc_now)().astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
                kept = path.with_name(f"{path.name}.broken-{stamp}")
                n = 1
                while os.path.lexists(kept):
                    n += 1
                    kept = path.with_name(f"{path.name}.broken-{stamp}-{n}")
                try:
                    ops.link(str(path), str(kept))
                except OSError:
                    found = read_file(str(path))
                    replace_file(kept, found[0] if found else b"", ops)
            replace_file(path, raw, ops)
    except OSError as exc:
        raise StoreFailed(path.name, reason(exc)) from exc
    return kept
